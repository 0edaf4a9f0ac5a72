"""Ruleset data for Bootleggers (Eagle Games, 2004), edition "2004.1".

Every number the rules logic uses lives here, so a house rule or a later printing changes
data only. Sources: the rulebook's component listing; docs/rules.md where the
rulebook is silent (Muscle costs above 45, deck counts, supplies, still capacity).
"""
from __future__ import annotations

RULESET_NAME = "bootleggers"
VERSION = "2004.1"

MIN_SEATS, MAX_SEATS = 3, 6
STARTING_CASH = 10
MARKERS_PER_PLAYER = 20
STILL_CAPACITY = 4            # 1 production die + 3 improvement squares
REMOTE_STILLS = 6
SPEAKEASY_IMPROVEMENT_MARKERS = 12
WIN_CASH = 100                # the game ends after the first round where anyone has this
HEAT_ROUNDS = (4, 8)          # Phase 6 influence bonus after these rounds
COPPER_MOVES_FROM = 4         # the Copper moves after production from this round on
COPPER_STOPS_FROM = 5         # a 5 on the family still under the Copper stops it from here on
COPPER_FACE = 5
# Bounds of what a command may name (docs/service-decisions.md "Request bounds"): far above
# any real table (the game ends at $100G), far below what would overflow anything.
MAX_CASH = 10_000             # $G a ruling may set or a deal may move
MAX_CRATES = 1_000            # crates a ruling may set or a deal may move (crates are unlimited)
MAX_ID = 40                   # characters of a truck, still, deal or seat key
MAX_SEAT_NUMBER = 99          # a seat a command names; the rules refuse seats not at the table
MAX_LIST = 30                 # items of a deal's truck or Thug-card list

# --- speakeasies ---------------------------------------------------------------------------
# Listed smallest to largest: Phase 5 sells in this order.
SPEAKEASY_ORDER = ("omalleys", "texas_lils", "mothers", "barleycorns", "real_mccoy", "volstead")

SPEAKEASY_NAMES = {
    "omalleys": "O'Malley's", "texas_lils": "Texas Lil's", "mothers": "Mother's",
    "barleycorns": "Barleycorn's", "real_mccoy": "The Real McCoy", "volstead": "Volstead Imports",
}

# circles, shaded, improvement squares, consumption dice, wholesale $G, profit $G.
# O'Malley's: no influence, no improvements, unlimited consumption (dice None), $1G, no profit.
_SPEAKEASIES = {
    "omalleys": (0, 0, 0, None, 1, 0),
    "texas_lils": (5, 3, 1, 1, 2, 1),
    "mothers": (9, 4, 2, 2, 2, 1),
    "barleycorns": (11, 4, 3, 3, 2, 1),
    "real_mccoy": (15, 8, 4, 4, 3, 2),      # 3-5 players; 6 players: see below
    "volstead": (17, 11, 5, 5, 3, 2),       # only in 6-player games
}
_REAL_MCCOY_SIX = (15, 8, 4, 4, 2, 1)


def speakeasies_for(seats: int) -> list[dict]:
    """The speakeasies in play for this many players, smallest first, with their stats."""
    out = []
    for sid in SPEAKEASY_ORDER:
        if sid == "volstead" and seats != 6:
            continue
        stats = _REAL_MCCOY_SIX if (sid == "real_mccoy" and seats == 6) else _SPEAKEASIES[sid]
        circles, shaded, squares, dice, wholesale, profit = stats
        out.append({"id": sid, "name": SPEAKEASY_NAMES[sid], "circles": circles,
                    "shaded": shaded, "squares": squares, "dice": dice,
                    "wholesale": wholesale, "profit": profit})
    return out


# --- Muscle cards ----------------------------------------------------------------------------
MUSCLE_QUARTERS = {"muscle_q1": (1, 18), "muscle_q2": (19, 36),
                   "muscle_q3": (37, 54), "muscle_q4": (55, 72)}
CARDS_PER_QUARTER = {12: 3, 8: 2}      # rounds -> cards dealt from each quarter

# (first, last, cost $G). 46-66 and 67-72 are docs/rules.md's continuation of the printed bands.
_MUSCLE_COST_BANDS = ((1, 12, 0), (13, 27, 1), (28, 45, 2), (46, 66, 3), (67, 72, 4))


def muscle_cost(card: int) -> int:
    for first, last, cost in _MUSCLE_COST_BANDS:
        if first <= card <= last:
            return cost
    raise ValueError(f"no Muscle card {card}")


def muscle_quarter(card: int) -> str:
    for name, (first, last) in MUSCLE_QUARTERS.items():
        if first <= card <= last:
            return name
    raise ValueError(f"no Muscle card {card}")


# --- Men of Action deck ----------------------------------------------------------------------
# Card id = "<kind>#<n>"; kind is what the rules act on, the id names one physical card.
MOA_COUNTS = {
    "single_influence": 20,
    "double_influence": 2,
    "single_still_improvement": 9,
    "double_still_improvement": 6,
    "speakeasy_improvement": 8,
}
THUG_KINDS = (
    "muscling_in", "word_of_mouth", "copper_in_the_house", "hey_free_truck",
    "g_men_investigation", "g_men_bust_a_speakeasy", "windfall", "city_politics",
    "state_politics", "g_men_bust_a_shipment", "a_little_vigorish", "warehouse",
    "safe_house", "thirsty", "big_payoff", "hit", "mob_war", "call_in_a_big_favor",
    "call_in_a_little_favor", "move_over_pigeon", "hijack", "turf_war", "big_city_boys",
    "packing_heat", "moll", "opportunity_knocks", "recruiting", "friendly_union_boss",
    "you_dirty_rat", "double_cross",
)
THUG_DOUBLES = {"g_men_bust_a_shipment": 2, "hit": 2, "recruiting": 2}
for _kind in THUG_KINDS:
    MOA_COUNTS[f"thug:{_kind}"] = THUG_DOUBLES.get(_kind, 1)

INFLUENCE_CARDS = {"single_influence": 1, "double_influence": 2}

MOA_NAMES = {
    "single_influence": "Single Influence", "double_influence": "Double Influence",
    "single_still_improvement": "Single Still Improvement",
    "double_still_improvement": "Double Still Improvement / Remote Still",
    "speakeasy_improvement": "Speakeasy Improvement",
}


def card_kind(card: str) -> str:
    return card.split("#", 1)[0]


def card_name(card: str) -> str:
    kind = card_kind(card)
    if kind.startswith("thug:"):
        return "Thug card " + kind[5:].replace("_", " ").title()
    if kind.startswith("truck:"):
        return TRUCKS[kind[6:]]["name"] + " card"
    return MOA_NAMES.get(kind, kind)


def men_of_action_deck() -> list[str]:
    return [f"{kind}#{n}" for kind, count in MOA_COUNTS.items() for n in range(1, count + 1)]


# --- Trucks ------------------------------------------------------------------------------------
TRUCKS = {
    "small": {"name": "Small Truck", "capacity": 4, "price": 1, "graft": 1},
    "medium": {"name": "Medium Truck", "capacity": 6, "price": 1, "graft": 1},
    "large": {"name": "Large Truck", "capacity": 9, "price": 3, "graft": 2},
}
TRUCK_SIZES_BIGGEST_FIRST = ("large", "medium", "small")
TRUCK_DECK_COUNTS = {"small": 6, "medium": 5, "large": 3}
TRUCK_SUPPLY = {"small": 12, "medium": 5, "large": 3}


def truck_deck() -> list[str]:
    return [f"truck:{size}#{n}" for size, count in TRUCK_DECK_COUNTS.items()
            for n in range(1, count + 1)]


def truck_supply() -> dict[str, list[str]]:
    """Truck miniatures by size, ids like "small_3" (taken in list order)."""
    return {size: [f"{size}_{n}" for n in range(1, count + 1)]
            for size, count in TRUCK_SUPPLY.items()}


# --- Starting orders: what every shuffle starts from (docs/verification.md lists them) --------
RESHUFFLE_REASON = "reshuffle_discard"


def starting_decks() -> dict[str, list]:
    """Each deck as it comes out of the box, before its first shuffle."""
    return {**{q: list(range(first, last + 1)) for q, (first, last) in MUSCLE_QUARTERS.items()},
            "men_of_action": men_of_action_deck(), "trucks": truck_deck()}


def shuffle_start(payload: dict, before: list[dict] | None = None) -> list | None:
    """The list a recorded `deck_shuffled` started from: a deck's starting order, or for a
    discard pile shuffled back into play its cards sorted by code point (the rules shuffle
    `sorted(discard)`, and the recorded order holds exactly those cards). None: no such deck.
    (`before`, the record's earlier events, is not needed here.)"""
    if payload.get("reason") == RESHUFFLE_REASON:
        return sorted(payload.get("order") or [])
    return starting_decks().get(payload.get("deck"))


# --- Thug cards: numbers (rulebook "Detailed listing of Thug cards" + FAQ) ---------------------
# Each card's window is enforced by its own `check` in thugs/ (see docs/rules-decisions.md).
POLITICS_PRICE = {"city_politics": (4, 2), "state_politics": (5, 3)}   # $G each, most markers
BIG_PAYOFF_PRICE = 5
VIGORISH_PER_DIE = 3
BIG_CITY_BOYS_BONUS = 5
WORD_OF_MOUTH_PROFIT = 1
THIRSTY_DICE = 1
PACKING_HEAT_PRICE = 1
COPPER_IN_THE_HOUSE = {"wholesale": 1, "profit": 0}     # like O'Malley's: unlimited, no docks
SAFE_HOUSE_MAX = 3
MOB_WAR_MARKERS = 2
FAVOR_TRUCKS = {"call_in_a_big_favor": "large", "call_in_a_little_favor": "medium"}
#: no seat may have more open deal proposals than this at once (keeps the table readable)
MAX_OPEN_DEALS = 2
