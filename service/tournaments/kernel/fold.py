"""The tournament kernel's fold: `evolve` applies one event to the state, through the one
function its type maps to (`ON_EVENT`, as a ruleset's evolve does), and `fold` applies a
record. Standings are part of the state: each table result updates them (scoring.py), so
reading them costs the same after 200 tables as after one."""
from __future__ import annotations

from functools import partial

from projections import disputes
from service.tournaments import scoring

from .reads import RESULT_EXTRAS, scored, table_of


def empty_state() -> dict:
    return {"version": 0, "status": "none"}


def _created(state: dict, event: dict) -> dict:
    p = event["payload"]
    return {
        "tournament_id": event["game_id"], "name": p["name"], "ruleset": p["ruleset"],
        "status": "registering", "created_at": event["recorded_at"], "rounds": p["rounds"],
        "table_size": dict(p["table_size"]), "format": p["format"], "game_options": p["game_options"],
        "scoring": scoring.rule_of(p["scoring"], p["table_size"]["max"]), "uneven": p.get("uneven", "bots"),
        "organizer_sees_tables": bool(p.get("organizer_sees_tables")),
        "no_show": p["no_show"], "bot_strategy": p["bot_strategy"], "byes": [], "announcements": [],
        "rng": {"mode": p["rng_mode"], "seed_commitment": p["seed_commitment"], "seed": None},
        "auth": {p["organizer_token_hash"]: {"kind": "organizer"}},
        "round": 0, "entrants": [], "tables": [], "talk_count": 0,
        "standing": scoring.new_accumulator(), "standings": [],
    }


def _registered(state: dict, event: dict) -> dict:
    p = event["payload"]
    entrant = {"entrant": p["entrant"], "name": p["name"], "dropped": False}
    if p.get("bot"):
        entrant["bot"] = p["bot"]
    if p.get("late"):
        entrant["late"] = True
    state["entrants"].append(entrant)
    state["auth"][p["token_hash"]] = {"kind": "entrant", "entrant": p["entrant"]}
    _restand(state)
    return state


def _dropped(state: dict, event: dict) -> dict:
    state["entrants"][event["payload"]["entrant"] - 1]["dropped"] = True
    _restand(state)
    return state


def _reinstated(state: dict, event: dict) -> dict:
    state["entrants"][event["payload"]["entrant"] - 1]["dropped"] = False
    _restand(state)
    return state


def _round_seated(state: dict, event: dict) -> dict:
    p = event["payload"]
    state["round"], state["status"] = p["round"], "running"
    for table in p["tables"]:
        _add_table(state, p["round"], table)
    for entrant in p.get("byes") or ():
        _bye(state, entrant, p["round"], state["scoring"]["bye_points"], "uneven")
    _restand(state)
    return state


def _replayed(state: dict, event: dict) -> dict:
    p = event["payload"]
    _add_table(state, p["round"], p, replay_of=p["replay_of"])
    return state


def _bye_given(state: dict, event: dict) -> dict:
    p = event["payload"]
    _bye(state, p["entrant"], p["round"], p["points"], p["reason"])
    _restand(state)
    return state


def _announced(state: dict, event: dict) -> dict:
    state["announcements"].append({"version": event["version"], "text": event["payload"]["text"],
                                   "at": event["recorded_at"]})
    return state


def _no_show(state: dict, event: dict) -> dict:
    p = event["payload"]
    seat = table_of(state, p["round"], p["table"])["seats"][p["seat"] - 1]
    seat["no_show"] = p["policy"]
    return state


def _table_result(state: dict, event: dict) -> dict:
    """`table_finished` adds the table to the standings; `table_result_amended` rebuilds them
    (a changed result changes every rating computed after it)."""
    p = event["payload"]
    table = table_of(state, p["round"], p["table"])
    table["result"] = {k: p[k] for k in ("version", "head_hash", "annulled", "places", "scores", "score_name")}
    table["result"].update({k: p.get(k) or default for k, default in RESULT_EXTRAS.items()})
    table["status"] = "annulled" if p["annulled"] else "finished"
    if event["type"] == "table_finished":
        state["results_recorded"] = state.get("results_recorded", 0) + 1
        table["finished_order"] = state["results_recorded"]
        scoring.add_table(state["standing"], scored(state, table), state["scoring"])
    else:
        state["standing"] = scoring.rebuild(_entrant_rows(state), _finished_tables(state), state["scoring"],
                                            [(str(b["entrant"]), b["points"]) for b in state["byes"]])
    _restand(state)
    return state


def _finished(state: dict, event: dict) -> dict:
    state["status"] = "finished"
    return state


def _seed_revealed(state: dict, event: dict) -> dict:
    state["rng"]["seed"] = event["payload"]["seed"]
    return state


#: every tournament event type -> the function that applies it (and returns the state)
ON_EVENT = {
    "tournament_created": _created, "entrant_registered": _registered, "entrant_dropped": _dropped,
    "entrant_reinstated": _reinstated, "round_seated": _round_seated, "table_replayed": _replayed,
    "bye_given": _bye_given, "announced": _announced, "entrant_no_show": _no_show,
    "table_finished": _table_result, "table_result_amended": _table_result,
    "tournament_finished": _finished, "said": disputes.said, "seed_revealed": _seed_revealed,
    # folded as a game's are, the filer kept as `entrant`, an answer without rulings
    "dispute_filed": partial(disputes.dispute_filed, filer="entrant"),
    "dispute_resolved": partial(disputes.dispute_resolved, rulings=False),
}


def evolve(state: dict, event: dict) -> dict:
    apply = ON_EVENT.get(event["type"])
    if apply is None:
        raise ValueError(f"{event['type']} is not a tournament event")
    was = state.get("status")
    state = apply(state, event)
    if was != "finished" and state["status"] == "finished":
        state["ended_at"] = event["recorded_at"]
    state["version"] = event["version"]
    state["head_hash"] = event["hash"]
    return state


def fold(events, state: dict | None = None) -> dict:
    state = state if state is not None else empty_state()
    for event in events:
        state = evolve(state, event)
    return state


def _add_table(state: dict, round_no: int, table: dict, replay_of: int | None = None) -> None:
    seats = [dict(s) for s in table["seats"]]
    state["tables"].append({"round": round_no, "table": table["table"], "game_id": table["game_id"],
                            "seats": seats, "status": "playing", "result": None, "replay_of": replay_of})
    if seats and seats[0]["entrant"] is not None:
        firsts = state.setdefault("firsts", {})
        firsts[str(seats[0]["entrant"])] = firsts.get(str(seats[0]["entrant"]), 0) + 1


def _bye(state: dict, entrant: int, round_no: int, points: float, reason: str) -> None:
    state["byes"].append({"entrant": entrant, "round": round_no, "points": points, "reason": reason})
    scoring.add_bye(state["standing"], str(entrant), points)


def _finished_tables(state: dict) -> list[dict]:
    """In the order their results first came in: ratings depend on it (scoring.rebuild)."""
    done = sorted((t for t in state["tables"] if t["result"] is not None), key=lambda t: t["finished_order"])
    return [scored(state, t) for t in done]


def _entrant_rows(state: dict) -> list[dict]:
    return [{"entrant": str(e["entrant"]), "name": e["name"], "dropped": e["dropped"]} for e in state["entrants"]]


def _restand(state: dict) -> None:
    state["standings"] = [{**row, "entrant": int(row["entrant"])}
                          for row in scoring.rows(state["standing"], _entrant_rows(state))]
