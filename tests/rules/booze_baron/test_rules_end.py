"""Worked examples for the seed's (004) End of Round, End of Game and scoring sentences."""
from __future__ import annotations

import pytest

from service.rules.booze_baron import scoring
from service.rules.booze_baron.model import public_coins
from service.rules.errors import RuleViolation

from .harness import Table, booze_script
from .situations import pass_all, scripted, to_actions

#: Nine beer+liquor+wine cards, one or two per Location: a deck the setup empties.
TINY = [{"location": loc, "booze": ["beer", "liquor", "wine"]} for loc in
        ("river_caves", "docks", "police_station", "warehouse", "casino", "train_yard",
         "docks", "casino", "warehouse")]


def test_the_baron_passes_left_and_half_the_players_cards_are_drawn():
    """"The player holding the Booze Baron card passes it to the player on their left." /
    "Draw a number of Delivery cards equal to half the number of players (round up). Place
    each Delivery card at its corresponding Location.\""""
    t = scripted(["beer", "liquor", "wine", "beer", "wine"], first_baron=5)
    deck = len(t.game["deck"])
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse", 4: "train_yard", 5: "river_caves"})
    pass_all(t)
    assert t.game["baron"] == 1 and len(t.game["deck"]) == deck - 3
    drawn = [e["payload"] for e in t.events if e["type"] == "delivery_drawn"][-3:]
    assert all(d["card"] in next(l for l in t.game["locations"] if l["id"] == d["location"])["cards"]
               for d in drawn)
    assert t.game["step_seats"] == [1, 2, 3, 4, 5]


def test_empty_deck_exposes_the_fewest_coins_ties_all_and_the_game_can_go_on():
    """"If there are no Delivery cards remaining in the deck, the Unexposed player with the
    fewest Coins is automatically Exposed and must place their Movement card corresponding
    with their current Location back in the box. If players are tied for the lowest number of
    coins, all of those players are exposed.\""""
    script = {"decks": booze_script(["beer", "liquor", "wine", "beer"])}
    t = Table(4, options={"delivery_deck": TINY}, script=script)
    assert t.game["deck"] == []
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse", 4: "train_yard"})
    t.send(1, {"type": "deliver", "card": t.game["locations"][1]["cards"][0]})
    t.send(2, {"type": "deliver", "card": t.game["locations"][4]["cards"][0]})
    t.send(3, {"type": "pass_turn"})
    t.send(4, {"type": "pass_turn"})
    auto = [e["payload"] for e in t.events if e["type"] == "bootlegger_exposed"]
    assert [(a["seat"], a["by"], a["movement"]) for a in auto] == [(3, None, "warehouse"), (4, None, "train_yard")]
    assert "warehouse" not in t.p(3)["movement"] and t.p(1)["collected"] == []
    assert t.state["status"] == "running" and t.game["round"] == 2          # two still Unexposed


def test_fewer_than_two_unexposed_ends_the_game_at_the_end_of_the_round():
    """"If there are fewer than two Unexposed players, the game ends" / "When there are fewer
    than two Unexposed players at the end of a round, the game ends.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "casino", 2: "casino", 3: "docks"})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    t.send(2, {"type": "tail", "seat": 1})
    t.send(2, {"type": "expose", "booze": "beer"})
    assert t.state["status"] == "running" and t.waiting() == [3]        # the round is finished first
    t.send(3, {"type": "pass_turn"})
    assert t.state["status"] == "finished" and t.types()[-1] == "booze_game_ended"
    with pytest.raises(RuleViolation, match="game is over"):
        t.send(3, {"type": "choose_move", "location": "casino"})


def _ended(mobs, setup) -> Table:
    """A table whose players' holdings `setup(t)` arranges before the score is taken."""
    t = scripted(mobs)
    setup(t)
    return t


def test_coins_delivery_snitch_movement_and_minus_two_for_a_mob_mates_card():
    """"+1 Coin for each Delivery card acquired, +1 Coin for each Snitch token acquired, +2
    Coins for each Movement card (both your cards and any cards acquired from opposing
    Bootleggers), -2 Coins for each Movement card acquired from another player in your Mob.\""""
    t = scripted(["beer", "liquor", "wine", "beer", "liquor", "wine"])
    p1 = t.p(1)
    p1["deliveries"] = [{"id": "d01", "face_up": False}, {"id": "d02", "face_up": False}]
    p1["snitch"] = 1
    p1["movement"].remove("docks")
    p1["collected"] = [{"location": "casino", "from": 2}, {"location": "docks", "from": 4}]
    assert public_coins(p1) == 2 + 1 + 2 * 5 + 2 * 2
    assert scoring.coins(t.game, 1) == 2 + 1 + 2 * 5 + 2 * 2 - 2      # seat 4 is beer too


def test_four_and_five_players_a_lone_mobster_counts_double():
    """"In four and five player games, the Coins of any player who does not have a teammate
    are doubled at the end of the game.\""""
    t = scripted(["beer", "liquor", "wine", "beer"])
    assert scoring.mob_scores(t.game) == {"beer": 24, "liquor": 24, "wine": 24}
    t6 = scripted(["beer", "liquor", "wine", "beer", "liquor", "wine"])
    assert scoring.mob_scores(t6.game) == {"beer": 24, "liquor": 24, "wine": 24}
    t6.p(2)["deliveries"] = [{"id": "d02", "face_up": False}]
    assert scoring.mob_scores(t6.game)["liquor"] == 25                # no doubling with six


def test_seven_and_eight_players_a_mob_of_three_counts_its_best_and_worst():
    """"In seven and eight player games, Mobs of three players only count the Coins of two
    players when determining their score: their highest-scoring player and their
    lowest-scoring player.\""""
    t = scripted(["beer", "liquor", "wine", "beer", "liquor", "wine", "wine"])
    t.p(3)["deliveries"] = [{"id": "d03", "face_up": False}] * 3       # 15
    t.p(6)["deliveries"] = [{"id": "d09", "face_up": False}]           # 13; seat 7: 12
    assert scoring.mob_scores(t.game) == {"beer": 24, "liquor": 24, "wine": 15 + 12}


def test_ties_most_opposing_exposed_then_the_last_mob_standing():
    """"If there is a tie, the Mob that Exposed the most opposing Bootleggers wins. If a tie
    persists, the last Mob who had an Unexposed Bootlegger wins.\""""
    t = scripted(["beer", "liquor", "wine"])
    g = t.game
    for s in (1, 2, 3):
        t.p(s)["exposed"] = True
    g["exposures"] = [{"seat": 3, "by": 1, "mob": "wine", "round": 1},
                      {"seat": 2, "by": None, "mob": "liquor", "round": 2},
                      {"seat": 1, "by": None, "mob": "beer", "round": 3}]
    t.p(2)["deliveries"] = [{"id": "d02", "face_up": False}]
    t.p(1)["movement"].remove("docks")
    t.p(1)["collected"] = [{"location": "docks", "from": 3}]
    t.p(3)["movement"].remove("docks")
    t.p(3)["deliveries"] = [{"id": "d03", "face_up": False}] * 3        # beer 12, liquor 13, wine 13
    assert scoring.mob_scores(g) == {"beer": 12, "liquor": 13, "wine": 13}
    assert scoring.winners(g) == ["liquor"]            # no exposes either; liquor fell later
    t.p(1)["deliveries"] = [{"id": "d01", "face_up": False}]           # all 13: beer exposed one
    assert scoring.winners(g) == ["beer"]
    g["exposures"][0]["by"] = None                                     # nobody exposed anybody
    assert scoring.winners(g) == ["beer"]                               # beer stood last (round 3)
    g["exposures"][2]["round"] = 2                                     # beer and liquor fell together
    assert scoring.winners(g) == ["beer", "liquor"]


def test_card_counts_and_collected_movement_cards_are_public():
    """"The number of Delivery cards each player has at any time and which Movement card(s)
    each player has collected is public information.\""""
    from service.rules.booze_baron import RULESET
    t = scripted(["beer", "liquor", "wine"])
    t.p(1)["deliveries"] = [{"id": "d01", "face_up": False}]
    t.p(1)["collected"] = [{"location": "docks", "from": 2}]
    seen = next(p for p in RULESET.view(t.state, {"kind": "spectator"})["players"] if p["seat"] == 1)
    assert len(seen["deliveries"]) == 1 and seen["collected"] == [{"location": "docks", "from": 2}]
    assert seen["deliveries"][0]["id"] is None


def test_the_deck_runs_dry_with_one_bootlegger_left_unexposed():
    """END OF ROUND read in its printed order (docs/rules.md; docs/rules-decisions.md): the draw,
    then "If there are no Delivery cards remaining in the deck, the Unexposed player with the
    fewest Coins is automatically Exposed" — the lone Unexposed player is that player — and
    only then "If there are fewer than two Unexposed players, the game ends". His Movement
    card goes to the box, and his Mob is "the last Mob who had an Unexposed Bootlegger"."""
    script = {"decks": booze_script(["beer", "liquor", "wine"])}
    t = Table(3, options={"delivery_deck": TINY}, script=script)
    assert t.game["deck"] == []
    to_actions(t, {1: "casino", 2: "casino", 3: "casino"})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    t.send(2, {"type": "pass_turn"})
    _at = next(l for l in t.game["locations"] if "d01" in l["cards"])["cards"]
    _at.remove("d01")                                           # seat 3 delivered it, say:
    t.p(3)["deliveries"] = [{"id": "d01", "face_up": True}]    # Coins level with beer's below
    t.send(3, {"type": "tail", "seat": 1})
    n = len(t.events)
    t.send(3, {"type": "expose", "booze": "beer"})             # the last action of the round
    assert t.types(n) == ["bootlegger_exposed", "baron_passed", "bootlegger_exposed",
                          "booze_game_ended"]
    dry = [e["payload"] for e in t.events[n:] if e["type"] == "bootlegger_exposed"
           and e["payload"]["reason"] == "deck_empty"]
    assert [(d["seat"], d["by"], d["movement"]) for d in dry] == [(3, None, "casino")]
    assert "casino" not in t.p(3)["movement"] and all(c["from"] != 3 for p in t.game["players"]
                                                        for c in p["collected"])
    assert t.state["status"] == "finished"
    result = t.game["result"]
    # beer: 5 own Movement cards + seat 2's + a Snitch = 13; wine: 5 + seat 1's + 1 Delivery = 13
    assert result["mob_coins"] == {"beer": 13, "liquor": 10, "wine": 13}
    # both exposed one opposing Bootlegger; wine stood last (exposed at the round's end)
    assert result["winners"] == ["wine"] and t.state["winner"] == "wine"
