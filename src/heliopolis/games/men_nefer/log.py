"""Men-Nefer's move log: the whole story, one line per event, forced or chosen.

The log replays the history on its own state and passes a ``Narrator`` to ``apply_action``, which
hands it to the task loop (``tasks.run``): it hears of every automatic step (a turn, the Flood, a
Harvest, the display closing up), every forced decision and draw, and every action lost for want of
anything to do, just before it happens. After each step it compares what every seat holds (food,
heka, tracks, pieces ready, PP per scoring category) with the step before and writes what changed,
so a forced fallback ("cannot pay: +3 food"), an eager effect or a Harvest's points per category
each get their line. Play never pays for this: without a narrator the loop only tests for ``None``.

The log's own sentences are in this module, the decisions' in ``views.describe_action`` (the two
places to move into message catalogs).
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

ERAS = ("I", "II", "III", "IV", "V")
ROUNDS = flow.NOPT * DATA.options_per_era

# what a seat holds, as (state field, words); each a flat list indexed by seat
COUNTERS = (
    ("food", "food"), ("heka", "heka"), ("heart", "heart"), ("feather", "feather"), ("sun", "sun disc"),
    ("gp", "Great Pyramid block"), ("qp", "queens' pyramid block"), ("glyph", "hieroglyph track"),
    ("sphinx_av", "sphinxes ready"), ("sarc_av", "sarcophagi ready"), ("eye_av", "eyes of Horus ready"),
    ("rolled", "papyri rolled up"),
)  # fmt: skip
CATEGORY_WORDS = {
    "start": "the start", "turns": "actions", "duat": "the Duat", "agreements": "trade agreements",
    "sarcophagi": "sarcophagi", "sun_disc": "the sun disc", "great_pyramid": "the Great Pyramid",
    "queens": "the queens' pyramids",
}  # fmt: skip
assert set(CATEGORY_WORDS) == set(CATEGORIES)

LOST = {
    "group": "perform the rest of the printed actions", "choice": "perform either alternative",
    "track": "perform a specialization space", "row": "perform display actions", "lime": "transport limestone",
    "bury": "bury a sarcophagus", "erect": "erect a sphinx", "papyrus": "get a papyrus", "ware": "get a ware",
    "priest": "move a priestess", "boats": "move a boat", "mastaba_any": "activate a mastaba",
    "scarab": "move a scarab", "hathor": "take a trade agreement", "city_ta": "take a trade agreement",
    "gp_pos": "build on the Great Pyramid", "queen_eye": "place an eye of Horus",
}  # fmt: skip
EMPTY = {
    "c_ware": "The ware bag is empty: market slot {} stays empty",
    "c_papyrus": "The papyrus bag is empty: market slot {} stays empty",
    "c_ta": "No trade agreement of that value is left: a city slot stays empty",
    "c_tile": "No action tile is left to draw",
}  # fmt: skip


def seat(p: int) -> str:
    return f"P{p}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _snapshot(s: MenNeferState) -> tuple[Any, ...]:
    return (
        tuple(tuple(getattr(s, f)) for f, _ in COUNTERS),
        tuple(s.scarab),
        tuple(s.pp_cat),
    )


def _changes(s: MenNeferState, old: tuple[Any, ...], new: tuple[Any, ...], harvest: bool = False) -> list[str]:
    """Lines for what changed per seat; after a Harvest, every category of every seat, zeros included."""
    lines = []
    for p in range(s.n):
        parts = []
        for (field, words), a, b in zip(COUNTERS, old[0], new[0]):
            if a[p] != b[p]:
                parts.append(f"{words} {b[p] - a[p]:+d} → {b[p]}")
        for h in range(NUM_HOUSES):
            i = p * NUM_HOUSES + h
            if old[1][i] != new[1][i]:
                parts.append(f"{DATA.houses[h]} scarab {new[1][i] - old[1][i]:+d} → {new[1][i]}")
        if parts:
            lines.append(f"{seat(p)}: {', '.join(parts)}")
        if harvest:
            cats = [f"{CATEGORY_WORDS[c]} {new[2][p * NCAT + k] - old[2][p * NCAT + k]:+d}"
                    for k, c in enumerate(CATEGORIES) if c not in ("start", "turns")]  # fmt: skip
            gained = sum(new[2][p * NCAT:(p + 1) * NCAT]) - sum(old[2][p * NCAT:(p + 1) * NCAT])
            total = sum(new[2][p * NCAT:(p + 1) * NCAT])
            lines.append(f"{seat(p)} scores {gained:+d} PP in the Harvest ({', '.join(cats)}) → {total} PP")
            continue
        for k, cat in enumerate(CATEGORIES):
            i = p * NCAT + k
            if old[2][i] != new[2][i]:
                total = sum(new[2][p * NCAT:(p + 1) * NCAT])
                lines.append(f"{seat(p)} scores {new[2][i] - old[2][i]:+d} PP for {CATEGORY_WORDS[cat]} → {total} PP")
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
        text += f" — cannot pay {cost} food: gains {DATA.cannot_pay_gain} food instead of the actions"
    elif cost:
        text += f" and pays {cost} food"
    return text


def _auto_text(s: MenNeferState, task: Task) -> str | None:
    kind = task[0]
    if kind == "era_start":
        return f"— Era {ERAS[s.era - 1]}: Sowing, {ROUNDS} rounds —"
    if kind == "turn":
        if s.rnd >= ROUNDS:
            return None  # the Harvest follows and has its own line
        return f"{seat(s.order[s.turn_pos])}'s turn (era {ERAS[s.era - 1]}, round {s.rnd + 1} of {ROUNDS})"
    if kind == "advance":
        if s.turn_pos + 1 < s.n:
            return None  # the next seat's "turn" line says it
        if s.rnd + 1 < ROUNDS:
            return f"Round {s.rnd + 1} is over"
        return f"Round {ROUNDS}, the last of era {ERAS[s.era - 1]}'s Sowing, is over"
    if kind == "preplace":
        cfg = DATA.setup[s.n]
        parts = []
        if cfg["great_pyramid_preplaced"]["level_I_pieces"]:
            parts.append("a level-I piece is preplaced on the Great Pyramid")
        if cfg["queens_preplaced_levels"]["levels"]:
            parts.append(f"the queens' pyramids start with {len(cfg['queens_preplaced_levels']['levels'])} level(s) built")
        return f"Setup for {s.n} players: {'; '.join(parts)}" if parts else None
    if kind == "end_turn":
        if -1 in s.ware_mkt or -1 in s.pap_mkt:
            return "The ware and papyrus markets slide right; the empty slots are refilled from the bags"
        return None
    if kind == "flood":
        return (f"— Flood: era {ERAS[s.era]} begins; boats fish, obelisks give heka, apprentices go home, "
                "empty city slots get new trade agreements —")  # fmt: skip
    if kind == "turn_order":
        order = sorted(s.order, key=lambda p: s.pp[p])
        return f"Turn order: {', '.join(map(seat, order))} (fewest PP first)"
    if kind == "harvest":
        return (f"— Harvest of era {ERAS[s.era - 1]}: papyri, the Duat, trade agreements, sarcophagi, the sun "
                "disc, the Great Pyramid, the queens' pyramids —")  # fmt: skip
    if kind == "discard_tile":
        return f"Tile {DATA.tile_ids[task[1]]} goes to the discard pile"
    if kind == "close_gap":
        text = f"The display closes the gap at slot {task[1] + 1}"
        if s.supply_top >= 0:
            return text + f"; tile {DATA.tile_ids[s.supply_top]} from the supply enters slot 1"
        if not s.supply_seq and not s.tile_pool and s.discard:
            return text + f"; the discard pile is turned over and tile {DATA.tile_ids[s.discard[0]]} enters slot 1"
        return text
    if kind == "reveal_top":
        if s.supply_seq:
            return f"The supply's next tile {DATA.tile_ids[s.supply_seq[-1]]} is turned face up"
        if not s.tile_pool and s.opt.recycle_immediately and s.discard:
            return f"The discard pile is turned over as the supply; tile {DATA.tile_ids[s.discard[0]]} is on top"
        return None
    if kind == "fixed_favour":
        from heliopolis.games.men_nefer.views import effect_text

        return f"{seat(s.actor)} receives the printed favour: {effect_text(DATA.favours[task[1]])}"
    if kind == "boat_exit":
        return f"{seat(s.actor)}'s boat leaves the city along its arrow"
    if kind == "gp_build":
        from heliopolis.games.men_nefer.pyramids import LEVELS, current_level

        if not s.pyramidion and current_level(s) >= LEVELS:
            return f"{seat(s.actor)} crowns the Great Pyramid with the pyramidion"
        return None
    if kind == "lay":
        from heliopolis.games.men_nefer.temple import PRIEST_W

        if s.priest[s.actor * PRIEST_W + task[1] * 2]:
            return f"{seat(s.actor)}'s priestess in room {task[1]} lies down"
        return None
    if kind == "start":
        return f"{seat(task[1])} is the start player"
    return None  # setup bookkeeping that only queues draws (deal, preplace)


def _step_text(s: MenNeferState, task: Task) -> str | None:
    """A decision step that decides itself (nothing to choose), said before it happens."""
    kind = task[0]
    if kind == "ta_place":
        w = DATA.ta_slots
        if -1 in s.ta[s.actor * w:(s.actor + 1) * w]:
            return f"{seat(s.actor)} puts trade agreement {DATA.ta_ids[task[1]]} on an empty board slot, open"
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
            line = f"{decision_text(s, action)} (the only choice)"
        elif what == "drawn" and action is not None:
            line = _cap(s.describe_action(action))
        elif what == "lost":
            line = f"{seat(s.actor)} cannot {LOST.get(task[0], task[0].replace('_', ' '))}: that action is lost"
        elif what == "empty":
            text = EMPTY.get(task[0])
            line = text.format(task[1] + 1 if len(task) > 1 and isinstance(task[1], int) else "") if text else None
        if line:
            self.lines.append(line)


class MenNeferLog(PublicLog):
    """The public move log (``Game.new_public_log``), fed one action at a time."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._silent = False
        self.replay = game.new_initial_state()
        self.narrator = Narrator(self.replay, self.lines)

    def feed(self, action: int) -> list[str]:
        s = self.replay
        start = len(self.lines)
        self.narrator.flush()
        text = _cap(s.describe_action(action)) if s.is_chance_node() else decision_text(s, action)
        self.lines.append(text)
        s.apply_action(action, self.narrator)
        self.narrator.flush()
        if s.is_terminal():
            from heliopolis.games.men_nefer.harvest import winners

            pp = ", ".join(f"{seat(p)} {s.pp[p]}" for p in range(s.n))
            self.lines.append(f"Game over: {pp} PP; winner {', '.join(map(seat, winners(s)))}")
        return self.lines[start:]
