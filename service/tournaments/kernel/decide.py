"""The tournament kernel's decisions: each `decide_*` turns a request into the events it causes
or refuses it with a RuleViolation, reading the state and nothing else. The seating order is
shuffled only by the oracle handed in, from the tournament's committed seed."""
from __future__ import annotations

from service.rules import disputes
from service.rules.errors import RuleViolation
from service.tournaments import seating

from .reads import (RESULT_EXTRAS, active, current_table, game_id_for, meetings, points_of,
                    round_open, table_for_game)


def require_organizer(actor: dict, what: str) -> None:
    if actor.get("kind") not in ("organizer", "system"):
        raise RuleViolation("organizer_only", f"only the tournament's organizer may {what}", status=403)


def decide_register(state: dict, name: str, token_hash: str, bot: str | None = None,
                    actor: dict | None = None, bye: bool = False) -> list[dict]:
    """`bot`: a house player only the organizer may enter, played by the server's bot. After
    round 1 is seated only the organizer may enter anyone (a late entry): it sits from the next
    round, and with `bye` scores the bye points for each round already seated."""
    actor = actor or {}
    if bot is not None:
        require_organizer(actor, "enter a house player played by the server's bot")
    late = state["status"] != "registering"
    if late and actor.get("kind") not in ("organizer", "system"):
        raise RuleViolation("registration_closed", "registration closed when round 1 was seated" + (
            "" if state["status"] == "finished" else "; the organizer can still enter you (a late entry)"))
    if state["status"] == "finished":
        raise RuleViolation("tournament_finished", "the tournament is over; nobody can enter any more")
    if bye and not late:
        raise RuleViolation("not_late", "a bye is for a late entry; round 1 has not been seated yet", status=422)
    if any(e["name"].casefold() == name.strip().casefold() for e in state["entrants"]):
        raise RuleViolation("name_taken", f"an entrant is already registered as {name.strip()!r}; "
                            "choose another name")
    number = len(state["entrants"]) + 1
    payload = {"entrant": number, "name": name.strip(), "token_hash": token_hash}
    if bot is not None:
        payload["bot"] = bot
    if late:
        payload["late"] = True
    drafts = [{"type": "entrant_registered", "payload": payload}]
    if bye:
        drafts += [{"type": "bye_given", "payload": {"entrant": number, "round": r, "reason": "late_entry",
                                                     "points": state["scoring"]["bye_points"]}}
                   for r in range(1, state["round"] + 1)]
    return drafts


def decide_drop(state: dict, actor: dict, entrant: int, reason: str = "") -> list[dict]:
    if state["status"] == "finished":
        raise RuleViolation("tournament_finished", "the tournament is over; nobody can drop any more")
    if not 1 <= entrant <= len(state["entrants"]):
        raise RuleViolation("unknown_entrant", f"there is no entrant {entrant}", status=422)
    if actor.get("kind") == "entrant" and actor["entrant"] != entrant:
        raise RuleViolation("forbidden", "an entrant may drop only themself; the organizer may drop anyone",
                            status=403)
    if state["entrants"][entrant - 1]["dropped"]:
        raise RuleViolation("already_dropped", f"entrant {entrant} has already dropped")
    by = "entrant" if actor.get("kind") == "entrant" else "organizer"
    drafts = [{"type": "entrant_dropped", "payload": {"entrant": entrant, "by": by, "reason": reason}}]
    return drafts + no_show_drafts(state, entrant)


def decide_reinstate(state: dict, actor: dict, entrant: int) -> list[dict]:
    require_organizer(actor, "reinstate an entrant")
    if state["status"] == "finished":
        raise RuleViolation("tournament_finished", "the tournament is over")
    _known(state, entrant)
    if not state["entrants"][entrant - 1]["dropped"]:
        raise RuleViolation("not_dropped", f"{_who(state, entrant)} has not dropped")
    return [{"type": "entrant_reinstated", "payload": {"entrant": entrant}}]


def decide_announce(state: dict, actor: dict, text: str) -> list[dict]:
    require_organizer(actor, "make an announcement")
    return [{"type": "announced", "payload": {"text": text}}]


def _known(state: dict, entrant: int) -> None:
    if not 1 <= entrant <= len(state["entrants"]):
        raise RuleViolation("unknown_entrant", f"there is no entrant {entrant}", status=422)


def _who(state: dict, entrant: int) -> str:
    return f"entrant {entrant} ({state['entrants'][entrant - 1]['name']})"


def no_show_drafts(state: dict, entrant: int, policy: str | None = None) -> list[dict]:
    """The entrant's seat at a table still playing goes to the `no_show` policy (recorded here;
    the table's game gets the matching ruling from the director)."""
    found = current_table(state, entrant)
    if found is None or found[0]["status"] != "playing" or found[1].get("no_show"):
        return []
    table, seat = found
    return [{"type": "entrant_no_show", "payload": {
        "entrant": entrant, "round": table["round"], "table": table["table"], "game_id": table["game_id"],
        "seat": seat["seat"], "policy": policy or state["no_show"]}}]


def decide_no_show(state: dict, actor: dict, entrant: int, policy: str | None = None) -> list[dict]:
    """The entrant's seat at its table still playing gets the tournament's `no_show` policy,
    or `policy` (`seat_to_bot`: "bot" whatever the tournament's policy)."""
    require_organizer(actor, "mark an entrant absent" if policy is None else "hand a seat to the server's bot")
    _known(state, entrant)
    drafts = no_show_drafts(state, entrant, policy)
    if not drafts:
        found = current_table(state, entrant)
        if found is not None and found[1].get("no_show") and found[0]["status"] == "playing":
            raise RuleViolation("already_no_show", f"{_who(state, entrant)}'s seat at table {found[0]['table']} "
                                f"already went to the {found[1]['no_show']} policy")
        raise RuleViolation("not_seated", f"{_who(state, entrant)} sits at no table still playing")
    return drafts




def decide_seat_round(state: dict, actor: dict, oracle, tables: list[list[int]] | None = None) -> list[dict]:
    """Seat the next round: Swiss by seating rule 2 (docs/verification.md) from the standings
    and the seed's shuffle, or the organizer's `tables` (format `fixed`)."""
    require_organizer(actor, "seat a round")
    if state["status"] == "finished":
        raise RuleViolation("tournament_finished", "the tournament is over")
    if state["round"] >= state["rounds"]:
        raise RuleViolation("no_rounds_left", f"all {state['rounds']} rounds have been seated; "
                            "send finish once their tables are done")
    waiting = round_open(state)
    if waiting:
        names = ", ".join(f"table {t['table']}" for t in waiting)
        raise RuleViolation("round_in_play", f"round {state['round']} is still being played ({names})")
    players = active(state)
    low, high = state["table_size"]["min"], state["table_size"]["max"]
    if not players:
        raise RuleViolation("no_entrants", "nobody is registered (or everybody has dropped)")
    number = state["round"] + 1
    order = [int(e) for e in oracle.shuffle(f"seating:round:{number}", [str(e) for e in players])]
    byes: list[int] = []
    if state["format"] == "fixed":
        if tables is None:
            raise RuleViolation("tables_required", "a fixed tournament is seated by the organizer: send "
                                "`tables`, a list of tables, each a list of entrant numbers", status=422)
        problems = seating.check_fixed([[str(e) for e in t] for t in tables], {str(e) for e in players}, low, high)
        if problems:
            raise RuleViolation("invalid_seating", "; ".join(problems), status=422)
        seated = [[int(e) for e in t] for t in tables]
        bots = [0] * len(seated)
    else:
        if tables is not None:
            raise RuleViolation("seating_is_swiss", "a Swiss tournament seats itself from its seed and the "
                                "standings; send seat_round without `tables`", status=422)
        standing = seating.ranked(order, points_of(state))
        if state.get("uneven") == "byes":
            had: dict[int, int] = {}
            for b in state["byes"]:
                had[b["entrant"]] = had.get(b["entrant"], 0) + 1
            byes = seating.choose_byes(standing, had, seating.bye_count(len(standing), low, high))
            standing = [e for e in standing if e not in byes]
        if not standing:
            raise RuleViolation("no_entrants", "nobody is left to seat once the byes are given")
        plan = seating.plan_tables(len(standing), low, high)
        firsts = {int(e): n for e, n in (state.get("firsts") or {}).items()}
        seated = seating.seat_round(standing, [size for size, _ in plan], meetings(state), firsts)
        bots = [extra for _, extra in plan]
    drafts_tables = []
    for n, (people, extra) in enumerate(zip(seated, bots), start=1):
        seats = [{"seat": k, "entrant": e, "bot": None} for k, e in enumerate(people, start=1)]
        seats += [{"seat": len(people) + k, "entrant": None, "bot": state["bot_strategy"]} for k in range(1, extra + 1)]
        drafts_tables.append({"table": n, "game_id": game_id_for(state["tournament_id"], number, n), "seats": seats})
    return [{"type": "round_seated", "payload": {"round": number, "format": state["format"], "order": order,
                                                 "tables": drafts_tables, "rule": 2, "byes": byes}}]


def decide_table_result(state: dict, game_id: str, result: dict) -> list[dict]:
    """`result`: {version, head_hash, annulled, places, scores, score_name} read from the
    table's game; [] when the tournament already holds exactly that."""
    table = table_for_game(state, game_id)
    if table is None:
        raise RuleViolation("unknown_table", f"game {game_id} is not a table of this tournament", status=422)
    before = table["result"]
    same = before is not None and all(before.get(k) == result.get(k)
                                      for k in ("annulled", "places", "scores"))
    if same:
        return []
    kind = "table_finished" if before is None else "table_result_amended"
    drafts = [{"type": kind, "payload": {"round": table["round"], "table": table["table"], "game_id": game_id,
                                         **{k: result.get(k) for k in ("version", "head_hash", "annulled", "places",
                                                                        "scores", "score_name")},
                                         **{k: result.get(k) or default for k, default in RESULT_EXTRAS.items()}}}]
    return drafts + replay_drafts(state, table, result)


def replay_drafts(state: dict, table: dict, result: dict) -> list[dict]:
    """`scoring.annulled: replay`: an annulled table of the round in play (the tournament not
    finished) is seated again, once, as a new table of the round with the same seats."""
    if (not result.get("annulled") or state["scoring"]["annulled"] != "replay" or state["status"] == "finished"
            or table["round"] != state["round"]
            or any(t.get("replay_of") == table["table"] and t["round"] == table["round"] for t in state["tables"])):
        return []
    number = max(t["table"] for t in state["tables"] if t["round"] == table["round"]) + 1
    return [{"type": "table_replayed", "payload": {
        "round": table["round"], "table": number, "replay_of": table["table"],
        "game_id": game_id_for(state["tournament_id"], table["round"], number),
        "seats": [{k: s[k] for k in ("seat", "entrant", "bot")} for s in table["seats"]]}}]


def decide_finish(state: dict, actor: dict) -> list[dict]:
    require_organizer(actor, "finish the tournament")
    if state["status"] == "finished":
        raise RuleViolation("tournament_finished", "the tournament is already over")
    if state["round"] < state["rounds"] and active(state):
        raise RuleViolation("rounds_left", f"only {state['round']} of {state['rounds']} rounds have been seated")
    waiting = round_open(state)
    if waiting:
        names = ", ".join(f"table {t['table']}" for t in waiting)
        raise RuleViolation("round_in_play", f"round {state['round']} is still being played ({names})")
    return [{"type": "tournament_finished", "payload": {}}]


def _still_in(state: dict, actor: dict) -> None:
    """A dropped entrant neither talks nor files (a reinstatement lets them back in)."""
    if state["entrants"][actor["entrant"] - 1]["dropped"]:
        raise RuleViolation("entrant_dropped", "you have dropped out of this tournament", status=403)


#: talk and disputes as a tournament words them (decided in service/rules/disputes.py)
TOURNAMENT = disputes.StreamKind(
    participant="entrant",
    not_a_talker=disputes.Refusal("token_required", "only an entrant or the organizer may talk", 401),
    not_a_filer=disputes.Refusal("entrant_only", "only an entrant may file a dispute", 403),
    no_such_event=disputes.Refusal("unknown_version", "the tournament's record has events 1 to {version}", 422),
    unknown_dispute=disputes.Refusal("unknown_dispute", "there is no dispute {dispute}", 422),
    answered=disputes.Refusal("dispute_resolved", "dispute {dispute} was already {state}"),
    require_organizer=require_organizer, check_participant=_still_in)


def decide_say(state: dict, actor: dict, text: str) -> list[dict]:
    return disputes.decide_say(TOURNAMENT, state, actor, text)


def decide_dispute(state: dict, actor: dict, about: int, text_sealed: str) -> list[dict]:
    return disputes.decide_dispute(TOURNAMENT, state, actor, about, text_sealed)


def decide_resolve(state: dict, actor: dict, dispute: int, decision: str, text_sealed: str) -> list[dict]:
    return disputes.decide_resolve(TOURNAMENT, state, actor, dispute, decision, text_sealed)
