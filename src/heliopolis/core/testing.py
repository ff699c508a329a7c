"""``check_game``: the conformance suite every game runs (no pytest needed).

It combines OpenSpiel's ``random_sim_test``, pgx's ``api_test``, PettingZoo's ``api_test`` /
``seed_test`` and TAG's ``ForwardModelTester``. Over random playouts it checks, at every node:

1. playouts end within ``GameInfo.max_game_length``;
2. legal actions are non-empty until the end, ascending, unique and in range (player ids below
   ``num_distinct_actions``, chance outcomes in the chance range);
3. chance probabilities are positive, sum to 1 and match ``legal_actions()``;
4. clone independence: applying each legal action to a clone leaves the parent unchanged, and a
   clone shares no mutable list, dict or set (at any depth) with its original except through the
   fields its class declares shared on purpose (``core.state.declare_cow``);
5. ``state_from_json(to_json())`` gives an equal state, and replaying ``history()`` rebuilds it;
6. notation round trip: ``string_to_action(action_to_string(a)) == a``;
7. determinism: the same seed gives the same history;
8. views: ``player_view`` is JSON-safe and identical on states resampled from that seat's
   information state (hidden information does not leak), as is ``information_state_string``;
plus: an illegal action raises ``IllegalActionError`` and changes nothing; game-specific
invariants (``state.check_invariants()``) hold after every action; returns are valid at the end.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

from heliopolis.core.errors import IllegalActionError
from heliopolis.core.game import CHANCE, TERMINAL, Game, State
from heliopolis.core.registry import load_game
from heliopolis.core.serialize import state_from_json
from heliopolis.core.state import cow_fields

# What check_game counts in CheckReport.checks: a conformance test asserts each of them ran.
CHECKS = ("chance_sums", "notation", "illegal_rejected", "clone_independence", "clone_sharing", "views",
          "serialization", "determinism")  # fmt: skip
_MUTABLE = (list, dict, set, bytearray)


def state_fields(s: object) -> list[str]:
    """The attribute names of a state: its classes' ``__slots__`` (``__mypyc_attrs__`` for a class the
    compiled build made native: it has neither slots nor a ``__dict__``) and its ``__dict__``."""
    names: list[str] = []
    for k in type(s).__mro__:
        slots = k.__dict__.get("__slots__", ()) or k.__dict__.get("__mypyc_attrs__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    names.extend(getattr(s, "__dict__", {}))
    return [n for n in dict.fromkeys(names) if n not in ("__dict__", "__weakref__") and hasattr(s, n)]


def _mutables(x: object, path: str, out: dict[int, str]) -> None:
    """Every mutable container reachable from ``x`` through lists, tuples, dicts and sets, by id."""
    if isinstance(x, _MUTABLE):
        if id(x) in out:
            return
        out[id(x)] = path
    if isinstance(x, dict):
        for k, v in x.items():
            _mutables(v, f"{path}[{k!r}]", out)
    elif isinstance(x, (list, tuple, set, frozenset)):
        for i, v in enumerate(x):
            _mutables(v, f"{path}[{i}]", out)


def shared_mutables(a: State[Any], b: State[Any]) -> list[str]:
    """The paths (``field[i]...``) of the mutable containers ``a`` and ``b`` share, outside the fields
    ``type(a)`` declares shared on purpose (``core.state.declare_cow``) and ``game``; ``[]``: none."""
    decl = cow_fields(type(a))
    skip = {"game", *decl.cow, *decl.frozen}
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for name in state_fields(a):
        if name not in skip:
            _mutables(getattr(a, name), name, mine)
            _mutables(getattr(b, name, None), name, theirs)
    return sorted(path for i, path in mine.items() if i in theirs)


@dataclass
class CheckReport:
    game_id: str
    players: int
    options: dict[str, Any]
    playouts: int = 0
    nodes: int = 0
    max_length: int = 0
    checks: dict[str, int] = field(default_factory=dict)
    # the first clone found sharing a mutable container; raised once the other checks have passed
    # (a change seen through it, "changed the original", says more about the bug)
    sharing: AssertionError | None = None

    def count(self, name: str, k: int = 1) -> None:
        self.checks[name] = self.checks.get(name, 0) + k


def _fail(msg: str, state: State[Any]) -> AssertionError:
    hist = [state.action_to_string(a) for a in state.history()]
    return AssertionError(f"{msg}\n  after {len(hist)} actions: {' '.join(hist[-30:])}")


def _check_node(game: Game, s: State[Any], rep: CheckReport, rng: random.Random, deep: bool) -> None:
    info = game.info
    cp = s.current_player()
    legal = s.legal_actions()
    if s.is_terminal():
        if legal or cp != TERMINAL:
            raise _fail("terminal state with legal actions or a current player", s)
        return
    if not legal:
        raise _fail("no legal action before the end", s)
    if legal != sorted(set(legal)):
        raise _fail(f"legal actions not ascending and unique: {legal}", s)
    if cp == CHANCE:
        lo, hi = info.chance_offset, info.chance_offset + info.max_chance_outcomes
        outcomes = s.chance_outcomes()
        total = math.fsum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            raise _fail(f"chance probabilities sum to {total}", s)
        if sorted(a for a, _ in outcomes) != legal:
            raise _fail("chance outcomes differ from legal_actions()", s)
        rep.count("chance_sums")
    else:
        if not 0 <= cp < game.players:
            raise _fail(f"current_player() = {cp} is not a seat", s)
        lo, hi = 0, info.num_distinct_actions
    if legal[0] < lo or legal[-1] >= hi:
        raise _fail(f"action ids {legal} outside [{lo}, {hi})", s)
    for a in legal:
        if s.string_to_action(s.action_to_string(a)) != a:
            raise _fail(f"notation round trip fails for {a} ({s.action_to_string(a)!r})", s)
    rep.count("notation", len(legal))
    # An illegal action changes nothing.
    illegal = [a for a in range(info.chance_offset + info.max_chance_outcomes) if a not in legal]
    if illegal:
        a = illegal[rng.randrange(len(illegal))]
        before = s.clone()
        try:
            s.apply_action(a)
        except IllegalActionError:
            pass
        else:
            raise _fail(f"illegal action {s.action_to_string(a)} was accepted", before)
        if s != before:
            raise _fail("a rejected action changed the state", s)
        rep.count("illegal_rejected")
    if deep:
        snapshot = s.to_json()
        key = s._key()
        for a in legal:
            c = s.clone()
            c.apply_action(a)
            if s._key() != key or s.to_json() != snapshot:
                raise _fail(f"applying {s.action_to_string(a)} to a clone changed the original", s)
        rep.count("clone_independence", len(legal))
        c = s.clone()
        if legal:
            c.apply_action(legal[rng.randrange(len(legal))])
        shared = shared_mutables(s, c) or shared_mutables(s, s.clone())
        if shared and rep.sharing is None:
            rep.sharing = _fail(f"a clone shares mutable {', '.join(shared[:5])} with its original", s)
        rep.count("clone_sharing")
        _check_views(game, s, rep)


def _check_views(game: Game, s: State[Any], rep: CheckReport) -> None:
    for p in [None, *range(game.players)]:
        view = s.player_view(p)
        json.dumps(view)
        if p is None:
            continue
        infostate = s.information_state_string(p)
        hash(s.information_state_key(p))
        for seed in (11, 12):
            r = s.resample_from_infostate(p, random.Random(seed))
            if r.player_view(p) != view:
                raise _fail(f"player_view({p}) changes when only hidden information changes", s)
            if r.information_state_string(p) != infostate:
                raise _fail(f"information_state_string({p}) changes under resampling", s)
            if r.information_state_key(p) != s.information_state_key(p):
                raise _fail(f"information_state_key({p}) changes under resampling", s)
            if r.legal_actions() != s.legal_actions() and s.current_player() == p:
                raise _fail(f"resampled state offers seat {p} different actions", s)
        rep.count("views")


def _playout(game: Game, seed: int, rep: CheckReport, deep_every: int) -> State[Any]:
    info = game.info
    rng = random.Random(seed)
    check_rng = random.Random(seed + 7919)
    s = game.new_initial_state()
    invariants = getattr(s, "check_invariants", None)
    step = 0
    while True:
        _check_node(game, s, rep, check_rng, deep=deep_every > 0 and step % deep_every == 0)
        if s.is_terminal():
            break
        if s.is_chance_node():
            a = s.sample_chance_outcome(rng)
        else:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
        s.apply_action(a)
        if invariants is not None:
            s.check_invariants()
        step += 1
        if step > info.max_game_length:
            raise _fail(f"game longer than max_game_length={info.max_game_length}", s)
    rep.nodes += step
    rep.max_length = max(rep.max_length, step)
    # Results.
    ret = s.returns()
    winners = s.winners()
    if len(ret) != game.players or not winners or abs(sum(ret) - 1.0) > 1e-9:
        raise _fail(f"bad returns {ret} / winners {winners}", s)
    if any(abs(ret[p] - 1.0 / len(winners)) > 1e-9 for p in winners):
        raise _fail("winners do not share the return equally", s)
    if len(s.scores()) != game.players:
        raise _fail("scores() must have one entry per seat", s)
    return s


def _check_serialization(game: Game, s: State[Any], rep: CheckReport) -> None:
    restored = state_from_json(s.to_json())
    if restored != s or restored.to_json() != s.to_json():
        raise _fail("state_from_json(to_json()) differs", s)
    replay = game.new_initial_state()
    for a in s.history():
        replay.apply_action(a)
    if replay != s:
        raise _fail("replaying history() does not rebuild the state", s)
    rep.count("serialization")


def check_game(game_id: str, *, players: int | None = None, playouts: int = 10, seed: int = 0,
               deep_every: int = 7, **options: Any) -> CheckReport:  # fmt: skip
    """Runs the conformance checks on ``playouts`` random games; raises ``AssertionError`` on a fault.

    ``deep_every``: run the expensive per-node checks (clone independence, views) every k-th node.
    """
    game = load_game(game_id, players, **options)
    rep = CheckReport(game_id, game.players, dict(game.options))
    for i in range(playouts):
        s = _playout(game, seed + i, rep, deep_every)
        # Serialization mid-game and at the end.
        hist = s.history()
        mid = game.new_initial_state()
        for a in hist[: len(hist) // 2]:
            mid.apply_action(a)
        _check_serialization(game, mid, rep)
        _check_serialization(game, s, rep)
        # Determinism: same seed, same game.
        again = _playout(game, seed + i, CheckReport(game_id, game.players, {}), deep_every=0)
        if again.history() != hist:
            raise _fail("the same seed produced a different game", s)
        rep.count("determinism")
        rep.playouts += 1
    if rep.sharing is not None:
        raise rep.sharing
    return rep


@dataclass
class SoakStats:
    games: int = 0
    actions: int = 0
    max_length: int = 0
    score_min: int = 0
    score_max: int = 0

    def merge(self, other: SoakStats) -> None:
        self.score_min = min(self.score_min, other.score_min) if self.games else other.score_min
        self.score_max = max(self.score_max, other.score_max)
        self.games += other.games
        self.actions += other.actions
        self.max_length = max(self.max_length, other.max_length)


def soak(game_id: str, games: int, *, players: int | None = None, seed: int = 0, first_bias: float = 0.0,
         **options: Any) -> SoakStats:  # fmt: skip
    """Plays ``games`` random games, checking ``state.check_invariants()`` after every action.

    ``first_bias`` plays the lowest legal action id with that probability (for Ra: ``draw``), which
    gives longer games with full tracks, more gods and disasters than uniform play.
    """
    game = load_game(game_id, players, **options)
    max_len = game.info.max_game_length
    rng = random.Random(seed)
    st = SoakStats()
    for _ in range(games):
        s = game.new_initial_state()
        s.check_invariants()
        steps = 0
        while not s.is_terminal():
            if s.is_chance_node():
                a = s.sample_chance_outcome(rng)
            else:
                legal = s.legal_actions()
                a = legal[0] if rng.random() < first_bias else legal[rng.randrange(len(legal))]
            s.apply_action(a)
            s.check_invariants()
            steps += 1
            if steps > max_len:
                raise _fail("game exceeded max_game_length", s)
        sc = s.scores()
        st.score_min = min(st.score_min, *sc) if st.games else min(sc)
        st.score_max = max(st.score_max, *sc)
        st.games += 1
        st.actions += steps
        st.max_length = max(st.max_length, steps)
        if not s.winners():
            raise _fail("finished game without a winner", s)
    return st


def soak_share(game_id: str, players: int, total: int, player_counts: tuple[int, ...] = (2, 3, 4)) -> SoakStats:
    """``players``' share of a ``total``-game soak spread evenly over ``player_counts``: half
    uniform, half favouring the lowest legal action id (``first_bias=0.5``), seeded per count.
    Prints one summary line (shown by ``pytest -rP``)."""
    i = player_counts.index(players)
    share = total // len(player_counts) + (1 if i < total % len(player_counts) else 0)
    half = share // 2
    st = soak(game_id, half, players=players, seed=10 + players, first_bias=0.0)
    st.merge(soak(game_id, share - half, players=players, seed=20 + players, first_bias=0.5))
    print(
        f"\nsoak {game_id} {players}p: {st.games} games, {st.actions} actions, "
        f"max length {st.max_length}, scores {st.score_min}..{st.score_max}"
    )
    return st
