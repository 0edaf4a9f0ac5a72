"""A worked example for every rule sentence of the Prohibition seed
(/work/shared/seeds/003_b671750a3955eead.txt); each docstring quotes its sentence.

Dice are scripted; situations are built by editing the board (tests/rules/prohibition/situations).
"""
from __future__ import annotations

import pytest

from service.rules.errors import RuleViolation
from service.rules.prohibition import RULESET, data

from .situations import law, move, place, table


def two_rich_pawns_on(space: int, action):
    """Seats 2 and 3 (3 and 4 Cases) share `space`; seat 1 is to move."""
    t = table(seats=3, action=action, after=(2,))
    place(t, 2, space, cases=3)
    place(t, 3, space, cases=4)
    return t


def must_name_a_target(t, die, **kw):
    with pytest.raises(RuleViolation) as refused:
        move(t, 1, die, **kw)
    assert refused.value.code == "target_needed"
    move(t, 1, die, target=3, **kw)


def payloads(t, kind, since=0):
    return [e["payload"] for e in t.events[since:] if e["type"] == kind]


# --- THE BOARD, PAWNS ---------------------------------------------------------------------
def test_the_track_is_24_spaces_in_the_printed_order_and_circular():
    """"The Board is a circular Track of 24 Spaces" (with the printed names and types)."""
    assert data.SPACES == 24
    assert [data.kind(n) for n in range(1, 25)] == list("ECSCECSCECSCECSCECSCECSC")
    assert data.name(13) == "Speakeasy" and data.name(24) == "Golden Age of Radio"
    assert data.step(23, 3, "cw") == 2 and data.step(2, 3, "ccw") == 23


def test_each_player_has_a_pawn_and_there_are_three_law_pawns():
    """"Each player has a unique Pawn." / "there are 3 unique Law Enforcement Pawns:
    Local Police, Prohibition Agent, FBI Agent"."""
    t = table(seats=3)
    assert [p["seat"] for p in t.game["players"]] == [1, 2, 3]
    assert set(t.game["law"]) == {"police", "agent", "fbi"}


# --- SETUP --------------------------------------------------------------------------------
def test_setup_places_two_bankrolls_on_each_culture_space():
    """"Place 2 Bankrolls on each Culture Space." """
    t = table()
    cultures = [s for s in t.game["board"] if s["kind"] == "C"]
    assert len(cultures) == 12 and all(s["bankrolls"] == 2 for s in cultures)
    assert all(s["cases"] == 0 for s in t.game["board"] if s["kind"] != "C" and s["space"] != 3)


def test_player_pawns_start_in_the_speakeasy_and_law_pawns_in_the_casino():
    """"Player Pawns start in the Speakeasy." / "The Law Pawns all start in the Casino." """
    t = table(seats=4)
    assert all(p["space"] == 13 for p in t.game["players"])
    assert t.game["law"] == {"police": 1, "agent": 1, "fbi": 1}


def test_each_player_starts_with_3d6_bankrolls():
    """"Each Player starts with 3D6 Bankrolls." """
    t = table(start=(2, 5, 4))
    assert [p["bankrolls"] for p in t.game["players"]] == [11, 11]
    assert [p["dice"] for p in payloads(t, "dice_rolled") if p["purpose"] == "starting_bankrolls"] \
        == [[2, 5, 4], [2, 5, 4]]


def test_roll_high_on_1d6_for_the_first_player_ties_roll_again():
    """"Players roll high on 1D6 to see who goes first." The seats tied on the highest roll
    roll again; play then goes on in seat order from the first player."""
    from .harness import Table
    dice = [1, 1, 1] * 3 + [5, 5, 2] + [3, 4] + [1, 1, 1, 3, 4]
    t = Table(3, script={"dice": dice})
    rolls = [(p["seat"], p["dice"][0], p["attempt"]) for p in payloads(t, "dice_rolled")
             if p["purpose"] == "first_player"]
    assert rolls == [(1, 5, 1), (2, 5, 1), (3, 2, 1), (1, 3, 2), (2, 4, 2)]
    assert payloads(t, "turn_order_decided") == [{"first": 2, "order": [2, 3, 1]}]
    assert t.waiting() == {"step": "move", "seats": [2]}


# --- TURN SEQUENCE, PRODUCTION, CONSUMPTION -------------------------------------------------
def test_a_turn_runs_production_then_consumption_then_action():
    """"Each turn has 3 Phases: 1. Production Phase 2. Consumption Phase 3. Action Phase" """
    t = table()
    n = len(t.events)
    t.send(1, {"type": "end_turn"})
    kinds = [(e["type"], e["payload"].get("purpose")) for e in t.events[n:]]
    assert kinds == [("dice_declined", None), ("turn_ended", None), ("turn_started", None),
                     ("dice_rolled", "production"), ("dice_rolled", "shipment"),
                     ("cases_consumed", None), ("dice_rolled", "action"), ("step_started", None)]


@pytest.mark.parametrize("face,source", list(data.PRODUCTION.items()))
def test_production_die_names_the_source_that_gains_2d6_cases(face, source):
    """"Roll 1D6: 1 Black Market ... 6 Brewery. The indicated "Source" space gains 2D6 Cases." """
    t = table(production=(face, 4, 5))
    assert t.space(source)["cases"] == 9
    assert sum(s.get("cases", 0) for s in t.game["board"]) == 9


def test_consumption_removes_one_case_from_every_wet_establishment():
    """"Remove 1 Case Token from every "Establishment" Space that has them. An Establishment
    with Case Tokens is "Wet". An Establishment without Case Tokens is "Dry"." """
    t = table()
    t.space(5)["cases"], t.space(9)["cases"] = 3, 1
    t.send(1, {"type": "end_turn"})
    assert payloads(t, "cases_consumed")[-1] == {"spaces": {"5": 1, "9": 1}}
    assert (t.space(5)["cases"], t.space(9)["cases"], t.space(13)["cases"]) == (2, 0, 0)


# --- ACTION PHASE ---------------------------------------------------------------------------
def test_action_phase_rolls_two_dice_each_moves_a_pawn_that_many_spaces_either_way():
    """"On your turn roll 2 Dice. You may use a Die Roll to: 1. Move your Pawn that many
    spaces in any direction." """
    t = table(action=(3, 5))
    assert t.game["turn"]["dice"] == [3, 5]
    move(t, 1, 3, direction="ccw")
    assert t.player(1)["space"] == 10
    move(t, 1, 5, direction="cw")
    assert t.player(1)["space"] == 15
    assert t.game["turn"]["seat"] == 2, "both dice used: the turn passed"


def test_a_die_moves_a_law_pawn_either_way():
    """"2. Move a Law Pawn that many spaces in any direction." """
    t = table(action=(2, 4))
    move(t, 1, 2, pawn="fbi", direction="ccw")
    move(t, 1, 4, pawn="police", direction="cw")
    assert t.game["law"] == {"police": 5, "agent": 1, "fbi": 23}


def test_a_law_pawn_moves_only_once_per_turn():
    """"A Law Pawn can only be moved once per turn." """
    t = table(action=(2, 4))
    move(t, 1, 2, pawn="agent")
    with pytest.raises(RuleViolation) as refused:
        move(t, 1, 4, pawn="agent")
    assert refused.value.code == "law_pawn_moved"
    move(t, 1, 4, pawn="fbi")


def test_a_die_not_rolled_cannot_be_used_and_dice_may_be_left_unused():
    """"You may use a Die Roll" — may: a player can end the turn leaving dice unused."""
    t = table(action=(2, 4))
    with pytest.raises(RuleViolation) as refused:
        move(t, 1, 6)
    assert refused.value.code == "die_not_rolled"
    move(t, 1, 2)
    t.send(1, {"type": "end_turn"})
    assert payloads(t, "turn_ended")[-1] == {"seat": 1, "unused_dice": [4]}


# --- LANDING ---------------------------------------------------------------------------------
def test_landing_on_a_source_with_cases_buys_none_some_or_all_at_one_bankroll_each():
    """"If your pawn lands on a Source space with Cases on it, you may buy None, some, or all
    of the Cases on it. Cases cost 1 Bankroll each. Place the Case Tokens in front of you." """
    t = table(action=(2, 6), production=(4, 3, 3))           # Rum Runners (15) gains 6
    move(t, 1, 2)                                            # 13 -> 15
    assert t.waiting()["step"] == "buy" and t.game["offer"]["max"] == 6
    with pytest.raises(RuleViolation):
        t.send(1, {"type": "buy", "cases": 7})
    t.send(1, {"type": "buy", "cases": 4})
    assert (t.player(1)["cases"], t.player(1)["bankrolls"], t.space(15)["cases"]) == (4, 14, 2)
    assert t.waiting() == {"step": "move", "seats": [1]}, "the other die is still to use"


def test_buying_is_limited_by_the_bankrolls_you_have():
    """"Cases cost 1 Bankroll each." — a player with 3 Bankrolls buys at most 3."""
    t = table(action=(2, 6), production=(4, 6, 6))
    place(t, 1, 13, bankrolls=3)
    move(t, 1, 2)
    assert t.game["offer"]["max"] == 3
    t.send(1, {"type": "buy", "cases": 0})
    assert t.player(1)["cases"] == 0 and t.space(15)["cases"] == 12


def test_landing_on_a_dry_establishment_sells_all_cases_for_two_bankrolls_each():
    """"If your pawn lands on an Establishment with no Cases on it, you may Sell all of your
    cases to it. The Establishment will pay 2 Bankrolls for each case." The sold Cases go
    onto the Establishment (it is Wet now, and drinks them one a turn)."""
    t = table(action=(4, 1))
    place(t, 1, 13, cases=5)
    move(t, 1, 4)                                            # 13 -> 17 Dive, dry
    assert t.waiting()["step"] == "sell"
    t.send(1, {"type": "sell", "accept": True})
    assert (t.player(1)["cases"], t.player(1)["bankrolls"], t.space(17)["cases"]) == (0, 28, 5)


def test_a_wet_establishment_buys_nothing_and_a_sale_may_be_declined():
    """"with no Cases on it" — a Wet Establishment asks nothing; a dry one may be refused."""
    t = table(action=(4, 4))
    place(t, 1, 13, cases=5)
    t.space(17)["cases"] = 1
    move(t, 1, 4)                                            # wet Dive: no question
    assert t.waiting()["step"] == "move"
    move(t, 1, 4)                                            # 17 -> 21 Night Club, dry
    t.send(1, {"type": "sell", "accept": False})
    assert t.player(1)["cases"] == 5 and payloads(t, "sale_declined")


def test_ending_the_last_move_on_a_culture_space_takes_one_bankroll():
    """"If your pawn ends its last move of the turn on a Culture space with 1 or 2 Bankrolls
    on it, take 1 Bankroll." """
    t = table(action=(1, 3))
    move(t, 1, 1)                                            # 13 -> 14 Jazz Music (C): not last
    assert t.space(14)["bankrolls"] == 2
    move(t, 1, 3, pawn="police")                             # the pawn's last move stays 14
    assert payloads(t, "culture_bankroll_taken") == [{"seat": 1, "space": 14}]
    assert (t.space(14)["bankrolls"], t.player(1)["bankrolls"]) == (1, 19)


def test_passing_over_a_culture_space_mid_turn_takes_nothing():
    """"ends its last move of the turn" — a Culture space left by the second die pays nothing."""
    t = table(action=(1, 2))
    move(t, 1, 1)                                            # 14 (C)
    move(t, 1, 2)                                            # 16 (C): the last move
    assert payloads(t, "culture_bankroll_taken") == [{"seat": 1, "space": 16}]
    assert t.space(14)["bankrolls"] == 2


def test_an_empty_culture_space_pays_nothing_and_an_unmoved_pawn_takes_nothing():
    """"with 1 or 2 Bankrolls on it" — none left, nothing taken; and a pawn that did not move
    this turn made no move to end on a Culture space."""
    t = table(action=(1, 2))
    t.space(14)["bankrolls"] = 0
    move(t, 1, 1)
    t.send(1, {"type": "end_turn"})
    place(t, 2, 16)
    t.send(2, {"type": "end_turn"})
    assert payloads(t, "culture_bankroll_taken") == []


def test_landing_on_an_opponent_with_cases_steals_1d6_cases():
    """"If you have no Cases and you land on an opponent's pawn with cases, You steal 1D6
    cases from him." (At most what he has.)"""
    t2 = table(action=(3, 5), after=(4,))
    place(t2, 2, 10, cases=3)
    move(t2, 1, 3, direction="ccw")                          # 13 -> 10, a 4 is rolled
    assert payloads(t2, "cases_stolen") == [{"seat": 1, "from": 2, "roll": 4, "cases": 3}]
    assert (t2.player(1)["cases"], t2.player(2)["cases"]) == (3, 0)


def test_a_player_holding_cases_steals_nothing():
    """"If you have no Cases" — a smuggler with Cases passes his rival by."""
    t = table(action=(3, 5))
    place(t, 1, 13, cases=1)
    place(t, 2, 10, cases=3)
    move(t, 1, 3, direction="ccw")
    assert payloads(t, "cases_stolen") == [] and t.player(2)["cases"] == 3


def test_with_two_rich_opponents_on_the_space_the_robber_picks_one():
    """"you steal 1D6 cases from him" — with two such opponents, the mover names the target."""
    t = two_rich_pawns_on(10, action=(3, 5))
    must_name_a_target(t, 3, direction="ccw")
    assert payloads(t, "cases_stolen") == [{"seat": 1, "from": 3, "roll": 2, "cases": 2}]


def test_your_pawn_may_not_land_on_a_law_pawn_but_may_pass_it():
    """"You may not use a roll to move your pawn onto a law pawn." """
    t = table(action=(3, 5))
    law(t, police=16, fbi=15)
    with pytest.raises(RuleViolation) as refused:
        move(t, 1, 3)
    assert refused.value.code == "law_pawn_there"
    move(t, 1, 5)                                            # over 15 and 16 to 18
    assert t.player(1)["space"] == 18


def test_the_police_confiscate_the_cases_of_a_wet_establishment():
    """"If the Police pawn lands on an Establishment space with Cases on it, all those Cases
    are confiscated (removed from play)" """
    t = table(action=(4, 6))
    t.space(5)["cases"] = 3
    move(t, 1, 4, pawn="police")                             # 1 -> 5 Dance Hall
    assert payloads(t, "cases_confiscated") == [
        {"by": "police", "space": 5, "cases": 3, "mover": 1}]
    assert t.space(5)["cases"] == 0


def test_the_police_ignore_sources_and_the_fbi_ignores_establishments():
    """Each Law pawn raids only its own kind of space (Police: Establishment; FBI: Source)."""
    t = table(action=(2, 4))
    t.space(3)["cases"], t.space(5)["cases"] = 2, 2
    move(t, 1, 2, pawn="police")                             # 1 -> 3 Source
    move(t, 1, 4, pawn="fbi")                                # 1 -> 5 Establishment
    assert payloads(t, "cases_confiscated") == []


def test_the_prohibition_agent_stings_a_player_pawn_with_cases():
    """"If the Prohibition Agent pawn lands on a Player Pawn with Cases on it, all those Cases
    are confiscated (removed from play)" """
    t = table(action=(4, 6))
    place(t, 2, 5, cases=7)
    move(t, 1, 4, pawn="agent")
    assert payloads(t, "cases_confiscated") == [
        {"by": "agent", "space": 5, "seat": 2, "cases": 7, "mover": 1}]
    assert t.player(2)["cases"] == 0


def test_with_several_pawns_under_the_agent_the_mover_picks_who_is_stung():
    """"If there are more than one Player Pawns on the space, you pick Which one is stung." """
    t = two_rich_pawns_on(5, action=(4, 6))
    must_name_a_target(t, 4, pawn="agent")
    assert (t.player(2)["cases"], t.player(3)["cases"]) == (3, 0)


def test_the_fbi_confiscates_the_cases_of_a_source():
    """"If the FBI pawn lands on a Source space with Cases on it, all those Cases are
    confiscated (removed from play)" """
    t = table(action=(2, 6), production=(1, 5, 6))           # Black Market (3) gains 11
    move(t, 1, 2, pawn="fbi")
    assert payloads(t, "cases_confiscated") == [
        {"by": "fbi", "space": 3, "cases": 11, "mover": 1}]
    assert t.space(3)["cases"] == 0


# --- GAME END, VICTORY --------------------------------------------------------------------
def test_the_game_ends_when_no_culture_space_holds_a_bankroll():
    """"The Game ends when there are no Bankrolls left on any Culture spaces." """
    t = table(action=(1, 3))
    for s in t.game["board"]:
        if s["kind"] == "C" and s["space"] != 14:
            s["bankrolls"] = 0
    t.space(14)["bankrolls"] = 1
    move(t, 1, 1)
    move(t, 1, 3, pawn="fbi")
    assert t.state["status"] == "finished"
    assert payloads(t, "game_ended")[0]["reason"] == "culture_empty"
    with pytest.raises(RuleViolation):
        t.send(2, {"type": "end_turn"})


def _last_take(seats=3, **players):
    """Seat 1 takes the last Culture Bankroll (one more for it); seat n is placed as
    players["p<n>"] = (space, bankrolls, cases)."""
    t = table(seats=seats, action=(1, 3))
    for s in t.game["board"]:
        if s["kind"] == "C":
            s["bankrolls"] = 1 if s["space"] == 14 else 0
    for key, (space, bankrolls, cases) in players.items():
        place(t, int(key[1:]), space, bankrolls=bankrolls, cases=cases)
    move(t, 1, 1)
    move(t, 1, 3, pawn="fbi")
    assert t.state["status"] == "finished"
    return t


def test_the_player_with_the_most_bankrolls_wins():
    """"The player with the most Bankrolls at the end of the game wins." """
    t = _last_take(p2=(2, 41, 0), p3=(4, 40, 2))
    ended = payloads(t, "game_ended")[0]
    assert ended["winner"] == 2 and ended["winners"] == [2] and ended["ranking"] == [2, 3, 1]
    assert t.state["winner"] == 2 and t.game["winners"] == [2]


def test_players_tied_on_bankrolls_share_the_win():
    """The seed names no tie-break and gives Cases no end value (docs/rules.md, "Prohibition,
    ties"): tied Mobsters share the win. Seat 3's Cases decide nothing."""
    t = _last_take(p2=(2, 40, 0), p3=(4, 40, 2))
    ended = payloads(t, "game_ended")[0]
    assert ended["winners"] == [2, 3] and ended["winner"] is None
    assert ended["ranking"] == [2, 3, 1] and ended["tied_on_bankrolls"] == [2, 3]
    assert t.game["winners"] == [2, 3] and t.state["winner"] is None
    assert RULESET.view(t.state, {"kind": "spectator"})["winners"] == [2, 3]
    with pytest.raises(RuleViolation, match="seat 2 and seat 3 share the win"):
        t.send(2, {"type": "end_turn"})


def test_the_house_round_limit_ends_a_game_nobody_finishes():
    """House rule (docs/rules-decisions.md): after the round limit the game ends anyway."""
    t = table()
    t.game["round_limit"] = 1
    t.send(1, {"type": "end_turn"})
    t.send(2, {"type": "end_turn"})
    assert payloads(t, "game_ended")[0]["reason"] == "round_limit"


def test_player_counts_two_to_six():
    """The seed names no player limit; we host 2-6."""
    assert RULESET.validate_options({}, 2) == {} and RULESET.validate_options({}, 6) == {}
    assert "seats" in RULESET.validate_options({}, 1)
    assert "seats" in RULESET.validate_options({}, 7)
