"""Talk and disputes are decided once for both kinds of stream (service/rules/disputes.py): the
same sequence of `say`, `dispute` and `resolve_dispute` is accepted or refused at the same
steps in a game and in a tournament, each refusal under its own kind's code, the accepted ones
give the same payloads, and both folds keep the same disputes (the filer under each kind's key)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from projections import core
from service.rules.errors import RuleViolation
from service.table import disputes, lobby
from service.tournaments import kernel

#: each kind's code -> the one decision both kinds take
SAME_DECISION = {
    "not_a_player": "not_a_talker", "token_required": "not_a_talker",
    "seat_only": "not_a_filer", "entrant_only": "not_a_filer",
    "no_such_version": "no_such_event", "unknown_version": "no_such_event",
    "unknown_dispute": "unknown_dispute",
    "dispute_closed": "answered", "dispute_resolved": "answered",
    "organizer_only": "organizer_only",
}
GAME_CODES = {"not_a_player", "seat_only", "no_such_version", "unknown_dispute", "dispute_closed", "organizer_only"}
TOURNAMENT_CODES = {"token_required", "entrant_only", "unknown_version", "unknown_dispute", "dispute_resolved",
                    "organizer_only"}
START = 5  # events before the first step

step = st.one_of(
    st.tuples(st.just("say"), st.sampled_from(["participant", "organizer", "outsider"])),
    st.tuples(st.just("dispute"), st.sampled_from(["participant", "organizer", "outsider"]), st.integers(0, 12)),
    st.tuples(st.just("resolve_dispute"), st.sampled_from(["participant", "organizer", "outsider"]),
              st.integers(0, 4), st.sampled_from(["upheld", "rejected"])),
)


def game_actor(who: str) -> dict:
    return {"participant": {"kind": "seat", "seat": 2}, "organizer": {"kind": "organizer"},
            "outsider": {"kind": "spectator"}}[who]


def tournament_actor(who: str) -> dict:
    return {"participant": {"kind": "entrant", "entrant": 2}, "organizer": {"kind": "organizer"},
            "outsider": {"kind": "spectator"}}[who]


def decide_game(state: dict, cmd: tuple) -> list[dict]:
    actor = game_actor(cmd[1])
    if cmd[0] == "say":
        return lobby.decide_say(state, actor, "hello")
    if cmd[0] == "dispute":
        return disputes.decide_dispute(state, actor, {"version": cmd[2], "text_sealed": "v1.a.b"},
                                       "2026-11-28T00:00:00Z")
    return disputes.decide_resolve(state, actor, {"dispute": cmd[2], "decision": cmd[3], "text_sealed": "v1.c.d"},
                                   None, lambda state, drafts, who: state)


def decide_tournament(state: dict, cmd: tuple) -> list[dict]:
    actor = tournament_actor(cmd[1])
    if cmd[0] == "say":
        return kernel.decide_say(state, actor, "hello")
    if cmd[0] == "dispute":
        return kernel.decide_dispute(state, actor, cmd[2], "v1.a.b")
    return kernel.decide_resolve(state, actor, cmd[2], cmd[3], "v1.c.d")


def outcome(decide, state: dict, cmd: tuple, codes: set[str]):
    try:
        return "accepted", decide(state, cmd)
    except RuleViolation as refused:
        assert refused.code in codes
        return "refused", SAME_DECISION[refused.code]


def envelope(draft: dict, version: int) -> dict:
    return {**draft, "version": version, "hash": f"h{version}", "recorded_at": f"2026-11-28T00:00:{version:02d}Z"}


@settings(max_examples=150, deadline=None)
@given(st.lists(step, max_size=14))
def test_the_same_sequence_is_decided_the_same_way_in_both_kinds(steps):
    seats = [{"seat": n, "name": f"p{n}"} for n in (1, 2, 3)]
    game = {"status": "running", "version": START, "talk_count": 0, "seats": seats, "options": {}}
    tournament = {"status": "running", "version": START, "talk_count": 0,
                  "entrants": [{"entrant": n, "name": f"p{n}", "dropped": False} for n in (1, 2, 3)]}
    for cmd in steps:
        in_game = outcome(decide_game, game, cmd, GAME_CODES)
        in_tournament = outcome(decide_tournament, tournament, cmd, TOURNAMENT_CODES)
        assert in_game == in_tournament
        if in_game[0] == "accepted":
            for draft in in_game[1]:
                game = core.evolve(game, envelope(draft, game["version"] + 1), ruleset_for=None)
                tournament = kernel.evolve(tournament, envelope(draft, tournament["version"] + 1))
    assert game["talk_count"] == tournament["talk_count"]
    as_game = [{("seat" if k == "entrant" else k): v for k, v in d.items()} for d in tournament.get("disputes", [])]
    for mine in game.get("disputes", []):
        if mine["resolution"] is not None:
            assert mine["resolution"].pop("rulings") == []
    assert game.get("disputes", []) == as_game
