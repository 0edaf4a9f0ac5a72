"""When each Thug card may be played (its window: from, until), as ruleset data — the table
of the 33 cards in docs/rules-decisions.md is generated from this and from the refusal
codes each card's `check` raises (service/rules/bootleggers/thug_table.py), so it cannot
drift. "Any time" = while Muscle cards are displayed (the Phase 1 reveal to the end of
Phase 5), the rulebook's general Thug rule; the cards' own texts and the FAQ narrow it.
"""
from __future__ import annotations

from .. import data

ANY = ("any time Muscle cards are displayed", "the end of Phase 5")
#: "the nine lined-up cards" of docs/rules.md "How late a card may come"
SALES = ("any time Muscle cards are displayed",
         "that speakeasy has finished selling (playable while it has crates lined up to sell)")

WINDOWS: dict[str, tuple[str, str]] = {
    "muscling_in": ANY,
    "word_of_mouth": SALES,
    "copper_in_the_house": SALES,
    "hey_free_truck": ("Phase 4, after the loading", "the end of Phase 4 (the lined-up window included)"),
    "g_men_investigation": ("any time Muscle cards are displayed (on a card just played, or a "
                            "displayed Friendly Union Boss)", "the end of Phase 5"),
    "g_men_bust_a_speakeasy": SALES,
    "windfall": ("Phase 1, after the reveal (the round it is taken, or a later round's)",
                 "the end of Phase 1"),
    "city_politics": ANY,
    "state_politics": ANY,
    "g_men_bust_a_shipment": ("Phase 4, on a loaded truck", "the end of Phase 4 (the lined-up window included)"),
    "a_little_vigorish": ("any time Muscle cards are displayed", "this round's production (end of Phase 2)"),
    "warehouse": ("any time Muscle cards are displayed", "the end of Phase 4 (the dispatch)"),
    "safe_house": ANY,
    "thirsty": SALES,
    "big_payoff": SALES,
    "hit": ANY,
    "mob_war": ANY,
    "call_in_a_big_favor": ANY,
    "call_in_a_little_favor": ANY,
    "move_over_pigeon": ("a truck lined up with crates", "that truck's first crate is sold"),
    "hijack": ("Phase 4, on a loaded truck (before or after it is lined up)",
               "the end of Phase 4 (the lined-up window included)"),
    "turf_war": ANY,
    "big_city_boys": ANY,
    "packing_heat": SALES,
    "moll": ANY,
    "opportunity_knocks": ANY,
    "recruiting": ANY,
    "friendly_union_boss": ANY,
    "you_dirty_rat": ANY,
    "double_cross": ANY,
}
assert set(WINDOWS) == set(data.THUG_KINDS), set(WINDOWS) ^ set(data.THUG_KINDS)
