"""Men-Nefer's move log: the whole story, one line per event, forced or chosen.

The log replays the history on its own state and passes a ``Narrator`` to ``apply_action``, which
hands it to the task loop (``tasks.run``): it hears of every automatic step (a turn, the Flood, a
Harvest, the display closing up), every forced decision and draw, and every action lost for want of
anything to do, just before it happens. After each step it compares what every seat holds (food,
heka, tracks, pieces ready, PP per scoring category) with the step before and writes what changed,
so a forced fallback ("cannot pay: +3 food"), an eager effect or a Harvest's points per category
each get their line. Play never pays for this: without a narrator the loop only tests for ``None``.

The log's own sentences are in this module, the decisions' in ``views.describe_action``; all are
messages of the ``men-nefer`` catalog (``heliopolis.locale.msg``), rendered in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.game import PublicLog
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import flow
from heliopolis.games.men_nefer.components import DATA, NUM_HOUSES
from heliopolis.games.men_nefer.perform import CATEGORIES, NCAT
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

from heliopolis.locale import listing, msg

ERAS = ("I", "II", "III", "IV", "V")
ROUNDS = flow.NOPT * DATA.options_per_era

# what a seat holds: state fields (flat lists indexed by seat); each change is men-nefer.change.<field>
COUNTERS = ("food", "heka", "heart", "feather", "sun", "gp", "qp", "glyph", "sphinx_av", "sarc_av", "eye_av", "rolled")
# why a decision could not be made: men-nefer.lost.<task kind>
LOST = frozenset({"group", "choice", "track", "row", "lime", "bury", "erect", "papyrus", "ware", "priest", "boats",
                  "mastaba_any", "scarab", "hathor", "city_ta", "gp_pos", "queen_eye"})  # fmt: skip
EMPTY = frozenset({"c_ware", "c_papyrus", "c_ta", "c_tile"})  # an empty bag or stack: men-nefer.empty.<kind>
HARVEST_CATEGORIES = tuple(c for c in CATEGORIES if c not in ("start", "turns"))


def term(kind: str, name: str) -> Any:
    """A game term of the ``men-nefer`` catalog: men-nefer.<kind>.<name> (house, op, favour, deity,
    ware_kind, category)."""
    return msg(f"men-nefer.{kind}.{name}")


def seat_list(seats: Any) -> Any:
    return listing("men-nefer.list", [msg("men-nefer.seat", seat=p) for p in seats])


def _snapshot(s: MenNeferState) -> tuple[Any, ...]:
    return (
        tuple(tuple(getattr(s, f)) for f in COUNTERS),
        tuple(s.scarab),
        tuple(s.pp_cat),
    )


def _changes(s: MenNeferState, old: tuple[Any, ...], new: tuple[Any, ...], harvest: bool = False) -> list[str]:
    """Lines for what changed per seat; after a Harvest, every category of every seat, zeros included."""
    lines: list[str] = []
    for p in range(s.n):
        parts: list[Any] = [msg(f"men-nefer.change.{field}", delta=f"{b[p] - a[p]:+d}", total=b[p])
                            for field, a, b in zip(COUNTERS, old[0], new[0]) if a[p] != b[p]]  # fmt: skip
        for h in range(NUM_HOUSES):
            i = p * NUM_HOUSES + h
            if old[1][i] != new[1][i]:
                parts.append(msg("men-nefer.change.scarab", house=term("house", DATA.houses[h]),
                                 delta=f"{new[1][i] - old[1][i]:+d}", total=new[1][i]))  # fmt: skip
        if parts:
            lines.append(msg("men-nefer.log.changes", seat=p, changes=listing("men-nefer.list", parts)))
        total = sum(new[2][p * NCAT : (p + 1) * NCAT])
        if harvest:
            cats = {c: f"{new[2][p * NCAT + k] - old[2][p * NCAT + k]:+d}" for k, c in enumerate(CATEGORIES)
                    if c in HARVEST_CATEGORIES}  # fmt: skip
            gained = total - sum(old[2][p * NCAT : (p + 1) * NCAT])
            lines.append(msg("men-nefer.log.harvest_seat", seat=p, gained=f"{gained:+d}", total=total, **cats))
            continue
        for k, cat in enumerate(CATEGORIES):
            i = p * NCAT + k
            if old[2][i] != new[2][i]:
                lines.append(msg("men-nefer.log.scores", seat=p, delta=f"{new[2][i] - old[2][i]:+d}",
                                 category=term("category", cat), total=total))  # fmt: skip
    return lines


def decision_text(s: MenNeferState, action: int) -> str:
    """``describe_action`` plus what the rules do on their own with it: a visit or raise the seat
    cannot pay for gives food instead of the actions (MN-TURN-3/8)."""
    text = s.describe_action(action)
    p = s.actor
    if A.HOUSE <= action < A.HOUSE + NUM_HOUSES and s.todo and s.todo[-1][0] == "house":
        house, side = action - A.HOUSE, 0
    elif A.RAISE <= action < A.RAISE + NUM_HOUSES:
        house, side = action - A.RAISE, 1
    else:
        return text
    cost = flow.occupancy_cost(flow.space_count(s, house, side))
    if s.food[p] < cost:
        return msg("men-nefer.log.cannot_pay", action=text, cost=cost, gain=DATA.cannot_pay_gain)
    if cost:
        return msg("men-nefer.log.pays", action=text, cost=cost)
    return text


def _auto_text(s: MenNeferState, task: Task) -> str | None:
    kind = task[0]
    if kind == "era_start":
        return msg("men-nefer.log.era_start", era=ERAS[s.era - 1], rounds=ROUNDS)
    if kind == "turn":
        if s.rnd >= ROUNDS:
            return None  # the Harvest follows and has its own line
        return msg("men-nefer.log.turn", seat=s.order[s.turn_pos], era=ERAS[s.era - 1], round=s.rnd + 1, rounds=ROUNDS)
    if kind == "advance":
        if s.turn_pos + 1 < s.n:
            return None  # the next seat's "turn" line says it
        if s.rnd + 1 < ROUNDS:
            return msg("men-nefer.log.round_over", round=s.rnd + 1)
        return msg("men-nefer.log.last_round_over", round=ROUNDS, era=ERAS[s.era - 1])
    if kind == "preplace":
        cfg = DATA.setup[s.n]
        gp = bool(cfg["great_pyramid_preplaced"]["level_I_pieces"])
        levels = len(cfg["queens_preplaced_levels"]["levels"])
        if gp and levels:
            return msg("men-nefer.log.setup_both", players=s.n, n=levels)
        if gp:
            return msg("men-nefer.log.setup_gp", players=s.n)
        return msg("men-nefer.log.setup_queens", players=s.n, n=levels) if levels else None
    if kind == "end_turn":
        if -1 in s.ware_mkt or -1 in s.pap_mkt:
            return msg("men-nefer.log.markets_slide")
        return None
    if kind == "flood":
        return msg("men-nefer.log.flood", era=ERAS[s.era])
    if kind == "turn_order":
        return msg("men-nefer.log.turn_order", seats=seat_list(sorted(s.order, key=lambda p: s.pp[p])))
    if kind == "harvest":
        return msg("men-nefer.log.harvest", era=ERAS[s.era - 1])
    if kind == "discard_tile":
        return msg("men-nefer.log.discard_tile", tile=DATA.tile_ids[task[1]])
    if kind == "close_gap":
        if s.supply_top >= 0:
            return msg("men-nefer.log.close_gap_supply", slot=task[1] + 1, tile=DATA.tile_ids[s.supply_top])
        if not s.supply_seq and not s.tile_pool and s.discard:
            return msg("men-nefer.log.close_gap_discard", slot=task[1] + 1, tile=DATA.tile_ids[s.discard[0]])
        return msg("men-nefer.log.close_gap", slot=task[1] + 1)
    if kind == "reveal_top":
        if s.supply_seq:
            return msg("men-nefer.log.reveal_top", tile=DATA.tile_ids[s.supply_seq[-1]])
        if not s.tile_pool and s.opt.recycle_immediately and s.discard:
            return msg("men-nefer.log.discard_turned", tile=DATA.tile_ids[s.discard[0]])
        return None
    if kind == "fixed_favour":
        from heliopolis.games.men_nefer.texts import effect_text

        return msg("men-nefer.log.fixed_favour", seat=s.actor, effect=effect_text(DATA.favours[task[1]]))
    if kind == "boat_exit":
        return msg("men-nefer.log.boat_exit", seat=s.actor)
    if kind == "gp_build":
        from heliopolis.games.men_nefer.pyramids import LEVELS, current_level

        if not s.pyramidion and current_level(s) >= LEVELS:
            return msg("men-nefer.log.pyramidion", seat=s.actor)
        return None
    if kind == "lay":
        from heliopolis.games.men_nefer.temple import PRIEST_W

        if s.priest[s.actor * PRIEST_W + task[1] * 2]:
            return msg("men-nefer.log.lies_down", seat=s.actor, room=task[1])
        return None
    if kind == "start":
        return msg("men-nefer.log.start", seat=task[1])
    return None  # setup bookkeeping that only queues draws (deal, preplace)


def _step_text(s: MenNeferState, task: Task) -> str | None:
    """A decision step that decides itself (nothing to choose), said before it happens."""
    kind = task[0]
    if kind == "ta_place":
        w = DATA.ta_slots
        if -1 in s.ta[s.actor * w : (s.actor + 1) * w]:
            return msg("men-nefer.log.ta_place", seat=s.actor, agreement=DATA.ta_ids[task[1]])
    return None


class Narrator:
    """Told about each step of the task loop (``event``); writes its line and, for the step before,
    the changes to what every seat holds."""

    def __init__(self, state: MenNeferState, lines: list[str]) -> None:
        self.s = state
        self.lines = lines
        self.snap = _snapshot(state)
        self.harvest = False  # the step being narrated is a Harvest

    def flush(self) -> None:
        new = _snapshot(self.s)
        if new != self.snap or self.harvest:
            self.lines.extend(_changes(self.s, self.snap, new, self.harvest))
            self.snap = new
        self.harvest = False

    def event(self, what: str, task: Task, action: int | None) -> None:
        self.flush()
        s = self.s
        line = None
        if what == "step":
            line = _step_text(s, task)
        elif what == "auto":
            line = _auto_text(s, task)
            self.harvest = task[0] == "harvest"
        elif what == "forced" and action is not None:  # a forced or drawn step names its action
            line = msg("men-nefer.log.forced", action=decision_text(s, action))
        elif what == "drawn" and action is not None:
            line = s.describe_action(action)
        elif what == "lost":
            if task[0] in LOST:
                line = msg(f"men-nefer.lost.{task[0]}", seat=s.actor)
            else:  # a task kind without its own sentence: its name
                line = msg("men-nefer.lost.other", seat=s.actor, what=task[0].replace("_", " "))
        elif what == "empty" and task[0] in EMPTY:
            slot = task[1] + 1 if len(task) > 1 and isinstance(task[1], int) else 0
            line = msg(f"men-nefer.empty.{task[0]}", slot=slot)
        if line:
            self.lines.append(line)


# Draws that come in runs (the setup's bags and stacks, a refill of the markets): a run of one kind is
# one line, men-nefer.log.drawn_<kind> with the count and the components' ids; pieces by what they show.
RUNS = frozenset(f"men-nefer.chance.{k}" for k in ("tile", "ware_draw", "papyrus_draw", "advantage",
                                                     "agreement_draw", "board", "mastaba_tile", "queens", "piece"))  # fmt: skip


def run_line(run: list[Any]) -> Any:
    """A run of draws of one kind as one line ("15 action tiles are drawn: T05, T10, ...")."""
    if len(run) == 1:
        return run[0]
    kind = run[0].key.rpartition(".")[2]
    if kind == "piece":  # the Great Pyramid's pieces show a favour each: counted by favour
        counts: dict[str, list[Any]] = {}
        for line in run:
            counts.setdefault(line.args["term"].key, []).append(line.args["term"])
        parts = [msg("men-nefer.log.drawn_count", count=len(ts), term=ts[0]) for ts in counts.values()]
        return msg("men-nefer.log.drawn_piece", count=len(run), pieces=listing("men-nefer.list", parts))
    return msg(f"men-nefer.log.drawn_{kind}", count=len(run), ids=", ".join(line.args["id"] for line in run))


class MenNeferLog(PublicLog):
    """The public move log (``Game.new_public_log``), fed one action at a time. ``steps`` holds every
    line as the rules tell it; ``lines`` the same with each run of draws of one kind folded into one
    line, written once the run is over (a draw with more of its kind to come returns no line)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._silent = False
        self.replay = game.new_initial_state()
        self.steps: list[str] = []
        self.narrator = Narrator(self.replay, self.steps)
        self._read = 0  # the steps already folded into ``lines`` or ``_run``
        self._run: list[Any] = []  # draws of one kind waiting for the end of their run

    def feed(self, action: int) -> list[str]:
        s = self.replay
        self.narrator.flush()
        text = s.describe_action(action) if s.is_chance_node() else decision_text(s, action)
        self.steps.append(text)
        s.apply_action(action, self.narrator)
        self.narrator.flush()
        out = self._fold(self.steps[self._read :], more=s.is_chance_node())
        self._read = len(self.steps)
        if s.is_terminal():
            from heliopolis.games.men_nefer.harvest import winners

            pp = listing("men-nefer.list", [msg("men-nefer.seat_pp", seat=p, pp=s.pp[p]) for p in range(s.n)])
            out.append(msg("men-nefer.log.game_over", pp=pp, seats=seat_list(winners(s))))
        self.lines.extend(out)
        return out

    def _fold(self, new: list[Any], more: bool) -> list[Any]:
        """``new`` steps with runs of draws folded; a run still open when ``more`` draws follow waits."""
        out: list[Any] = []
        for line in new:
            key = getattr(line, "key", None)
            if self._run and key != self._run[0].key:
                out.append(run_line(self._run))
                self._run = []
            if key in RUNS:
                self._run.append(line)
            else:
                out.append(line)
        if self._run and not more:
            out.append(run_line(self._run))
            self._run = []
        return out
