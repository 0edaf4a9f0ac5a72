"""The look-ahead's stand-in (service/rules/bootleggers/stand_in.py) when unseen Thug cards run
short: a seat whose open deal offers a Thug card is dealt one, never only a Windfall draw."""
from __future__ import annotations

from service.rules.bootleggers import RULESET, data
from service.streams.rng import SeededOracle

from .harness import Table


def test_a_deal_between_others_keeps_its_thug_card_when_unseen_thug_cards_run_short():
    t = Table(4)
    g = t.state["game"]
    thugs = sorted({c for c in data.men_of_action_deck() if data.card_kind(c).startswith("thug:")})
    plain = sorted({c for c in data.men_of_action_deck() if not data.card_kind(c).startswith("thug:")})
    a, c, d, rest = thugs[0], thugs[1], thugs[2], thugs[3:]
    moa = g["decks"]["men_of_action"]
    moa["draw"], moa["discard"] = plain[1:], rest  # every other Thug card face up: seen by all
    players = {p["seat"]: p for p in g["players"]}
    for p in players.values():
        p["thug_cards"], p["windfall"] = [], []
    players[2]["thug_cards"] = [a]
    players[2]["windfall"] = [{"card": plain[0], "round": g["round"]}]  # face down, not a Thug card
    players[3]["thug_cards"] = [c]
    players[4]["thug_cards"] = [d]
    g["deals"] = [{"deal": "d1", "from": 4, "to": 3, "give": {"thug_cards": [d]}, "get": {}}]
    # seat 1 sees 4 face-down cards among seats 2-4 and 3 unseen Thug cards: the old deal
    # gave seats 2 and 3 all three, and seat 4's deal offered a card it did not hold
    for n in range(200):
        stand_in = RULESET.stand_in(t.state, 1, SeededOracle(b"\x01" * 32, n))
        held = {p["seat"]: p["thug_cards"] for p in stand_in["game"]["players"]}
        offered = stand_in["game"]["deals"][0]["give"]["thug_cards"]
        assert len(offered) == 1 and offered[0] in held[4], (n, held, offered)
        seen = RULESET.view(t.state, {"kind": "seat", "seat": 1})
        assert RULESET.view(stand_in, {"kind": "seat", "seat": 1})["deals"] == seen["deals"]


def test_a_deal_naming_a_card_its_holder_has_played_since_keeps_its_count():
    """An open deal may name a Thug card its proposer has played since (CI met one): the
    seat sees one card offered and the proposer with none face down, in the stand-in too."""
    t = Table(4)
    g = t.state["game"]
    for p in g["players"]:
        p["thug_cards"], p["windfall"] = [], []
    played = sorted(c for c in data.men_of_action_deck() if data.card_kind(c).startswith("thug:"))[0]
    g["decks"]["men_of_action"]["discard"].append(played)
    g["deals"] = [{"deal": "d1", "from": 4, "to": 3, "give": {"thug_cards": [played]}, "get": {"cash": 2}}]
    stand_in = RULESET.stand_in(t.state, 1, SeededOracle(b"\x02" * 32, 1))
    viewer = {"kind": "seat", "seat": 1}
    assert RULESET.view(stand_in, viewer)["deals"] == RULESET.view(t.state, viewer)["deals"]
    assert RULESET.view(stand_in, viewer)["deals"][0]["give"]["thug_cards"] == 1
