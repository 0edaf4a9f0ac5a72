"""Ruleset data for Prohibition (Warpspawn, seed 003): every number the rules use.

Source: /work/shared/seeds/003_b671750a3955eead.txt. Where the seed is silent the number is
a house decision recorded in docs/rules-decisions.md ("Prohibition").
"""
from __future__ import annotations

RULESET_NAME = "prohibition"
VERSION = "warpspawn.1"

#: The seed names no player limit; 2-6 is ours (one pawn colour per player on the track).
MIN_SEATS, MAX_SEATS = 2, 6

SOURCE, ESTABLISHMENT, CULTURE = "S", "E", "C"

#: Space number -> (name, type), as printed; the track is circular (24 is next to 1).
TRACK = {
    1: ("Casino", "E"), 2: ("Skyscrapers", "C"), 3: ("Black Market", "S"),
    4: ("Babe Ruth", "C"), 5: ("Dance Hall", "E"), 6: ("Harlem Renaissance", "C"),
    7: ("Canada", "S"), 8: ("Suffrage", "C"), 9: ("Saloon", "E"), 10: ("Art Deco", "C"),
    11: ("Moonshine Still", "S"), 12: ("The Lost Generation", "C"), 13: ("Speakeasy", "E"),
    14: ("Jazz Music", "C"), 15: ("Rum Runners", "S"), 16: ("Electrification", "C"),
    17: ("Dive", "E"), 18: ("Car Culture", "C"), 19: ("Mexico", "S"), 20: ("Flappers", "C"),
    21: ("Night Club", "E"), 22: ("Talkie Movies", "C"), 23: ("Brewery", "S"),
    24: ("Golden Age of Radio", "C"),
}
SPACES = len(TRACK)

#: Production die face -> the Source space that gains 2D6 Cases.
PRODUCTION = {1: 3, 2: 7, 3: 11, 4: 15, 5: 19, 6: 23}

PLAYER_START = 13             # "Player Pawns start in the Speakeasy."
LAW_START = 1                 # "The Law Pawns all start in the Casino."
CULTURE_BANKROLLS = 2         # "Place 2 Bankrolls on each Culture Space."
STARTING_DICE = 3             # "Each Player starts with 3D6 Bankrolls."
CASE_PRICE = 1                # buying at a Source
SALE_PRICE = 2                # an Establishment pays per case
ACTION_DICE = 2

LAW_PAWNS = ("police", "agent", "fbi")
LAW_NAMES = {"police": "the Local Police", "agent": "the Prohibition Agent",
             "fbi": "the FBI Agent"}
PAWNS = ("own", *LAW_PAWNS)
DIRECTIONS = ("cw", "ccw")    # cw = rising space numbers (24 -> 1), ccw = falling

#: House rule: the game also ends after this many rounds (every player one turn), so a
#: table where nobody ever stops on a Culture space still finishes.
ROUND_LIMIT = 60


def kind(space: int) -> str:
    return TRACK[space][1]


def name(space: int) -> str:
    return TRACK[space][0]


def step(space: int, die: int, direction: str) -> int:
    """The space `die` steps away from `space` around the circular track."""
    delta = die if direction == "cw" else -die
    return (space - 1 + delta) % SPACES + 1


def spaces_of(kind_: str) -> list[int]:
    return [n for n, (_, k) in TRACK.items() if k == kind_]
