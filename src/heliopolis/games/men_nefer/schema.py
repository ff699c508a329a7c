"""Men-Nefer component schema: the effect ops, the favour kinds and the ``Data`` record that
``loader.py`` fills from the data file (see ``components.py``).

Effects are compiled into small tuples ``(op, a, b)`` (``op`` an index into ``OPS``); a *group*
(a list of actions performed in any order, MN-GEN-4) is a tuple of effects, and a choice
(``/`` or ``⊥``, MN-GEN-5) is ``(CHOICE, sep, (group, group, ...))``. Groups are immutable and
shared by every state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from heliopolis.core.errors import ComponentDataError as ComponentDataError  # loader takes it from here

FILE: Final = "data/men-nefer-components.json"

# Effect ops, in notation order (``do:<op>``; never reorder: action ids depend on it).
OPS: Final = (
    "food", "heka", "pp", "heart", "feather", "limestone", "eye", "favour", "food_or_heka", "embalm",
    "bury", "buy_papyrus", "free_papyrus", "buy_ware", "free_ware", "priestesses", "boats", "carve",
    "erect", "sun", "mastaba", "scarab", "take_trade_agreement", "food_heka_mix", "choice",
)  # fmt: skip
# each op's index in OPS, as a literal constant (the compiled build inlines it; checked just below)
FOOD: Final = 0
HEKA: Final = 1
PP: Final = 2
HEART: Final = 3
FEATHER: Final = 4
LIMESTONE: Final = 5
EYE: Final = 6
FAVOUR: Final = 7
FOOD_OR_HEKA: Final = 8
EMBALM: Final = 9
BURY: Final = 10
BUY_PAPYRUS: Final = 11
FREE_PAPYRUS: Final = 12
BUY_WARE: Final = 13
FREE_WARE: Final = 14
PRIESTESSES: Final = 15
BOATS: Final = 16
CARVE: Final = 17
ERECT: Final = 18
SUN: Final = 19
MASTABA: Final = 20
SCARAB: Final = 21
TAKE_TA: Final = 22
MIX: Final = 23
CHOICE: Final = 24
if (FOOD, HEKA, PP, HEART, FEATHER, LIMESTONE, EYE, FAVOUR, FOOD_OR_HEKA, EMBALM, BURY, BUY_PAPYRUS, FREE_PAPYRUS,
    BUY_WARE, FREE_WARE, PRIESTESSES, BOATS, CARVE, ERECT, SUN, MASTABA, SCARAB, TAKE_TA, MIX, CHOICE) != tuple(
        range(len(OPS))):  # fmt: skip
    raise AssertionError("the op constants must follow OPS")
NUMERALS: Final = ("?", "I", "II", "III")  # a level 0 means "?" (MN-ACT-10)
# Khufu's favours (MN-ACT-5) in the JSON's order; a favour action of choice names one of these,
# with food-or-heka split into its two outcomes (favour:food / favour:heka).
FAVOUR_KINDS: Final = ("food_or_heka", "feather", "heart", "eye")
FAV_FOOD_OR_HEKA: Final = 0
FAV_FEATHER: Final = 1
FAV_HEART: Final = 2
FAV_EYE: Final = 3
SIDES: Final = ("sun", "moon")

Effect = tuple[Any, ...]  # (op, a, b)
Group = tuple[Effect, ...]


@dataclass(frozen=True)
class Data:
    """Everything the rules read from the data file (indices follow the JSON's list order)."""

    player_counts: tuple[int, ...]
    eras: int
    options_per_era: int  # each turn option exactly this many times per era (MN-FLOW-3)
    cap_food: int
    cap_heka: int
    heka_start: int
    food_start: tuple[int, ...]  # by turn-order position (index 0 = position 1)
    pp_start: int
    pp_min: int
    occupancy_cost: tuple[int, ...]  # by number of others already there (last entry: that many or more)
    cannot_pay_gain: int
    favours: tuple[Effect, ...]  # the effect of each favour kind
    # houses of life
    houses: tuple[str, ...]
    house_order: tuple[int, ...]  # top to bottom (MN-CONC-12)
    track_len: int
    tracks: tuple[tuple[Group, ...], ...]  # [house][space - 1]
    bury_reached: tuple[int, ...]  # necropolis track: max Bury numeral on spaces 0..k
    erect_reached: tuple[int, ...]
    # action tiles and display
    tile_ids: tuple[str, ...]
    tile_number: tuple[int, ...]
    tile_glyph: tuple[int, ...]
    tile_actions: tuple[Group, ...]
    glyphs: tuple[str, ...]
    display_food: tuple[int, ...]  # top to bottom
    display_actions: tuple[Group, ...]
    deal_numbers: tuple[int, ...]  # tile numbers dealt at setup, one each (MN-SETUP-30)
    # player boards
    apprentices: int
    board_ids: tuple[str, ...]
    board_glyphs: tuple[tuple[int, ...], ...]
    board_bonus: tuple[tuple[Effect, ...], ...]
    ware_levels: tuple[int, ...]  # spaces per level (I, II, III)
    ware_space_level: tuple[int, ...]  # flat space index -> level 0..2
    ware_space_pp: tuple[int, ...]
    ware_support: tuple[tuple[int, ...], ...]  # flat space -> the two spaces below it (() on level I)
    ware_space_names: tuple[str, ...]
    papyrus_slot_cost: tuple[int, ...]
    ta_slots: int
    # per-colour pieces
    priestesses: int
    mummies: int
    boats: int
    sphinxes: int
    eyes: int
    baskets: int
    # wares and papyri
    ware_ids: tuple[str, ...]
    ware_kind: tuple[int, ...]
    ware_kinds: tuple[str, ...]
    ware_offer: tuple[tuple[Group, ...], ...]  # [ware][level] -> actions I..level (MN-ACT-16)
    ware_market_cost: tuple[int, ...]
    papyrus_ids: tuple[str, ...]
    papyrus_left: tuple[int, ...]
    papyrus_right: tuple[int, ...]
    drawing_kinds: tuple[str, ...]
    papyrus_market_cost: tuple[int, ...]
    # necropolis
    grave_ids: tuple[str, ...]
    grave_column: tuple[int, ...]  # 1..3
    grave_mastabas: tuple[tuple[int, int], ...]  # (horizontal slot, vertical slot)
    grave_bonus: tuple[Group, ...]
    column_activations: tuple[int, ...]  # by column 1..3 (index 0 unused)
    mastaba_slots: tuple[str, ...]
    mastaba_ids: tuple[str, ...]
    mastaba_pp: tuple[int, ...]
    mastaba_actions: tuple[Group, ...]
    mastaba_actions_free_ware: tuple[Group, ...]  # rule option mastaba_ware_icon = free_ware
    # sphinxes
    pedestal_ids: tuple[str, ...]
    pedestal_numeral: tuple[int, ...]
    pedestal_bonus: tuple[Group, ...]
    # temple and obelisk
    rooms: int
    room_cost: tuple[int, ...]  # step cost of entering room r (index 0 unused)
    temple_ids: tuple[str, ...]
    temple_room: tuple[int, ...]
    temple_actions: tuple[Group, ...]
    temple_variant: frozenset[int]  # the 8-spaces-in-total reading (MN-AMB-9)
    obelisk_top: int
    obelisk_seal: tuple[int, ...]  # PP of a seal on each space (0 = none), index 0..top
    obelisk_heka: tuple[int, ...]  # Flood income for having reached each space (cumulative max)
    obelisk_deity: tuple[bool, ...]
    deity_ids: tuple[str, ...]
    deity_actions: tuple[Group, ...]
    # pyramids
    gp_len: int
    gp_feature: tuple[tuple[int, int], ...]  # per space 0..len: (kind, n); kinds below
    gp_construction_2p: tuple[int, ...]  # spaces that 2-player construction tiles turn into construction
    gp_build_places: tuple[int, ...]  # favour kind of each build place (positions)
    gp_piece_favours: tuple[tuple[int, ...], ...]  # per level: favour kinds of its pieces
    gp_pyramidion_picks: int
    qp_len: int
    qp_construction: frozenset[int]
    queens: int
    queen_levels: int  # levels including the pyramidion
    queen_tiles: tuple[str, ...]
    # Nile
    locations: tuple[str, ...]  # sections (harbor first) then cities
    sections: int
    loc_food: tuple[int, ...]
    loc_fishing: tuple[int, ...]
    sail_edges: tuple[tuple[int, int], ...]
    city_arrow: tuple[int, ...]  # per city index: target section
    city_setup_value: tuple[int, ...]
    city_slot_marks: tuple[tuple[str | None, ...], ...]
    advantage_ids: tuple[str, ...]
    advantage_actions: tuple[Group, ...]
    # trade agreements
    ta_ids: tuple[str, ...]
    ta_value: tuple[int, ...]
    ta_kind: tuple[str, ...]
    ta_n: tuple[int, ...]
    ta_rooms: tuple[tuple[int, ...], ...]
    ta_named: tuple[tuple[tuple[int, ...], int] | None, ...]
    ta_refill_value: tuple[int, ...]  # per era (index 0 unused: era I is set up, not refilled)
    # neutral apprentices
    neutral_ids: tuple[str, ...]
    neutral_sides: dict[int, tuple[tuple[tuple[int, int], ...], ...]]  # players -> tile -> (house, side)
    # Duat
    duat_last: int
    heart_start: int
    feather_start: int
    scales: frozenset[int]
    # per player count
    setup: dict[int, dict[str, Any]]
    rule_options: dict[str, tuple[str, ...]]  # option -> (default, alternatives...)


GP_NONE, GP_CONSTRUCTION, GP_FAVOUR, GP_SEAL = range(4)
