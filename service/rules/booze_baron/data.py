"""The numbers and names of the hidden-role bootlegging game (seed 004), and the house data.

The seed lists the Location cards and the 36 Delivery cards only by count. The six
Locations below (their Events) and the Delivery deck are our *house data*
(docs/rules-decisions.md, "Booze Baron"); a table with the printed cards passes its own
through the `locations` and `delivery_deck` options (validated in setup.py).
"""
from __future__ import annotations

RULESET_NAME = "booze_baron"
VERSION = "1.0.0"
MIN_SEATS, MAX_SEATS = 3, 9

#: The three Mobs (Booze types) and their four Booze cards each (rulebook p. 7).
MOBS = ("beer", "liquor", "wine")
BOOZE_CARDS = {
    "beer": ("Punching Bag Porter", "Dolled Up Blonde", "Laying Low Lager", "Good Hop Bad Hop"),
    "liquor": ("Time Bomb Tequila", "Reach for the Sky Rye", "Back Alley Bourbon", "Lucky Lightning"),
    "wine": ("Machine Gun Merlot", "Big House Brandy", "Shakedown Champagne", "Shifty's Chardonnay"),
}
MOB_OF = {card: mob for mob, cards in BOOZE_CARDS.items() for card in cards}

SETUP_DELIVERIES = 9            # "Draw and place nine Delivery cards."
GAMBLE_WINS = (4, 5, 6)         # house Event "gamble": one die, 4-6 wins ...
GAMBLE_LOOKS = 2                # ... and smuggles the top card this many times

#: Event ids the kernel implements; a Location card names one of them.
#: An Event that gains a card takes it from the current Location: a card it draws from the
#: deck is placed here first (docs/rules.md: house Events never override "You may only take a
#: Delivery card from your current Location"; docs/rules-decisions.md).
EVENTS = {
    "hideout": "passive: nobody at this Location can be Tailed (no Event action)",
    "smuggle": "look at the top Delivery card of the deck in secret; if it shows your Booze "
               "type it is placed here and you take it, else it goes to the bottom of the deck "
               "unseen",
    "stakeout": "Tail the player seated to your left, wherever they are",
    "restock": "draw the top Delivery card of the deck and place it at its Location",
    "gamble": "roll a die: on 4-6 smuggle twice (look at the top Delivery card in secret; if it "
              "shows your Booze type it is placed here and you take it, else it goes to the "
              "bottom unseen; then the same with the next top card); on 1-3 nothing",
    "reroute": "move one Delivery card from this Location to another Location",
}
PASSIVE_EVENTS = frozenset({"hideout"})

#: House Location cards, A side. The River Caves is named by the seed (its passive ability).
HOUSE_LOCATIONS = (
    {"id": "river_caves", "name": "The River Caves", "event": "hideout"},
    {"id": "docks", "name": "The Docks", "event": "smuggle"},
    {"id": "police_station", "name": "The Police Station", "event": "stakeout"},
    {"id": "warehouse", "name": "The Warehouse", "event": "restock"},
    {"id": "casino", "name": "The Casino", "event": "gamble"},
    {"id": "train_yard", "name": "The Train Yard", "event": "reroute"},
)

#: Per Location: one card of each Booze type and one of each pair; each type is on 18 of 36.
_HOUSE_FACES = (("beer",), ("liquor",), ("wine",), ("beer", "liquor"), ("liquor", "wine"),
                ("beer", "wine"))


def house_delivery_deck(location_ids) -> list[dict]:
    return [{"location": loc, "booze": list(face)} for loc in location_ids for face in _HOUSE_FACES]


def number_cards(cards: list[dict]) -> dict[str, dict]:
    """Delivery card ids d01, d02, ... in the order given."""
    return {f"d{n:02d}": {"location": c["location"], "booze": sorted(c["booze"])}
            for n, c in enumerate(cards, start=1)}


def draw_per_round(seats: int) -> int:
    """"half the number of players (round up)" — the quick reference's "rounded down"
    loses to the rule text (docs/rules-decisions.md)."""
    return (seats + 1) // 2


def snitch_tokens(seats: int) -> int:
    return 2 if seats >= 7 else 1


def pile_size(seats: int) -> int:
    """Booze cards put in the pile one per Mob in turn (before the 4/7 extra card)."""
    if seats in (4, 7):
        return seats - 1
    return -(-seats // 3) * 3
