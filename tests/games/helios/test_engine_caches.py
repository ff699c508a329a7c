"""What the engine keeps to be fast never changes what it computes (issue 17): clones share the
seats' boards until one writes (copy-on-write, in both directions), the legal actions, the
resource holdings and the board geometry kept between calls always equal a fresh computation.
Random games, bounded."""

import random

import pytest

import heliopolis
from heliopolis.games.helios import actions as A
from heliopolis.games.helios import legality as L
from heliopolis.games.helios import scoring as SC
from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import Cost
from heliopolis.games.helios.phases import PH_PAY


def _step(s, rng):
    if s.is_chance_node():
        s.apply_action(s.sample_chance_outcome(rng))
    else:
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_clones_and_originals_never_see_each_others_moves(players):
    rng = random.Random(players)
    for _ in range(4):
        s = heliopolis.new_game("helios", players=players)
        while not s.is_terminal():
            if rng.random() < 0.05:
                c = s.clone()
                frozen = c.clone()
                key = frozen._key()
                for _ in range(rng.randrange(1, 40)):  # the original moves on: the clones stay put
                    if s.is_terminal():
                        break
                    _step(s, rng)
                assert frozen._key() == key and c._key() == key
                for _ in range(rng.randrange(1, 40)):  # a clone moves on: its sibling stays put
                    if c.is_terminal():
                        break
                    _step(c, rng)
                assert frozen._key() == key
            if not s.is_terminal():
                _step(s, rng)


def test_kept_legal_actions_and_holdings_equal_a_fresh_computation():
    rng = random.Random(7)
    for players in (2, 3, 4):
        s = heliopolis.new_game("helios", players=players)
        while not s.is_terminal():
            if not s.is_chance_node():
                assert s.legal_actions() == L.legal(s)  # the second call answers from what was kept
                assert s.legal_actions() == L.legal(s)
            for p in range(players):
                assert L.held_by(s, p) == SC.holdings(s.res[p])
                g = L.geo(s, p)  # the kept board geometry: tile hexes, coast, placements
                assert g.occupied == [h for h in range(len(s.tiles[p])) if s.tiles[p][h] >= 0]
                if g.coast is not None:
                    fresh = S.coast(s.tiles[p])
                    assert (g.coast.hexes, g.coast.pos_of_edge, g.coast.anchors) == (
                        fresh.hexes,
                        fresh.pos_of_edge,
                        fresh.anchors,
                    )
                if g.occupied:
                    assert list(L.placements_of(s, p)) == S._placements(s.tiles[p], s.sun[p])
            _step(s, rng)


def _steps_walked(c, p):
    """The sun's steps from position p walked position by position round the coast (HE-SUN-5):
    the reference ``sun.steps_from`` is checked against."""
    hexes = c.hexes
    n = len(hexes)
    hp = hexes[p]
    out, seen, acc, a = [], [], 0, hp
    for k in range(1, n):
        b = hexes[(p + k) % n]
        acc += S.crossing(a, b)
        a = b
        if b in S.NB[hp] and b not in seen and acc + S.crossing(b, hp) == 0:
            seen.append(b)
            out.append((k, b))
    return out


def test_incremental_geometry_equals_a_fresh_computation():
    """The occupancy, outer free hexes, dead ends and placement candidates carried from board to board
    (``Geo.after_tile``) and the sun's steps read off the coast's running sums equal the
    functions worked out from scratch, at every step of random games."""
    rng = random.Random(11)
    checked = 0
    for players in (2, 3, 4):
        for _ in range(2):
            s = heliopolis.new_game("helios", players=players)
            while not s.is_terminal():
                for p in range(players):
                    g = s.geo[p]
                    if g is None or g.tiles is not s.tiles[p]:
                        continue
                    assert g.bits == S.occupancy(s.tiles[p])
                    if g.free is not None:
                        assert g.free == S._outer_free_mask(s.tiles[p])
                        checked += 1
                    if L.dead_of(g) is not None:
                        assert g.dead == S._dead_ends_mask(S._outer_free_mask(s.tiles[p]))
                    if g.cands is not None:
                        cands, arcs = S.placement_candidates(s.tiles[p])
                        assert g.cands == cands
                        assert g.arcs == arcs
                    if g.coast is not None:
                        c = g.coast
                        for pos in range(len(c.hexes)):
                            assert S.steps_from(c, pos) == _steps_walked(c, pos)
                _step(s, rng)
    assert checked > 100


def _pay_options_listed(s, p):
    """The payments of HE-PAY-5 listed the long way (each resource assigned with
    ``scoring.assign``, the rest checked with ``scoring.feasible``): the reference for
    ``legality.pay_options``."""
    _, _, spec, one, anyn = s.pay
    held = SC.holdings(s.res[p])
    out = []
    for c in range(5):
        if not held[c]:
            continue
        nxt = SC.assign(c, list(spec), one, anyn)
        if nxt is None:
            continue
        held[c] -= 1
        ok = SC.feasible(held, *nxt)
        held[c] += 1
        if ok:
            out += [A.PAY + h * 5 + c for h in range(len(s.tiles[p])) if s.res[p][h * 5 + c]]
    return sorted(out)


def test_payment_shortcuts_equal_the_lists_they_replace():
    """``legality.pay_options`` and ``scoring.affordable_needs`` (surpluses worked out once) give
    what assigning and checking each resource one by one gives (``feasible`` of ``normalize``), in random
    games and on random holdings."""
    rng = random.Random(5)
    paid = 0
    for players in (2, 3, 4):
        for _ in range(3):
            s = heliopolis.new_game("helios", players=players)
            while not s.is_terminal():
                if s.phase == PH_PAY:
                    assert L.pay_options(s, s.actor) == _pay_options_listed(s, s.actor)
                    paid += 1
                _step(s, rng)
    assert paid > 50
    for _ in range(3000):
        held = [rng.randrange(4) for _ in range(5)]
        spec = [rng.choice((0, 0, 1, 2)) for _ in range(5)]
        needs = tuple((c, n) for c, n in enumerate(spec) if n)
        one_of, anyn = rng.choice(((), (SC.BLACK, SC.BLUE), (0, 1))), rng.randrange(4)
        want = SC.feasible(held, *SC.normalize(Cost(tuple(spec), anyn, one_of), held))  # the reference
        assert SC.affordable_needs(needs, anyn, one_of, held, sum(held), held[SC.BLACK] + held[SC.BLUE]) == want
