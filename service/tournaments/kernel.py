"""A tournament's pure kernel: `evolve` folds its events into its state, the `decide_*`
functions turn a request into events or refuse it with a RuleViolation.

No I/O, no clock, no randomness but the oracle handed in (the seating order is shuffled by
the RNG module from the tournament's committed seed and recorded in `round_seated`), so a
tournament's record folds to the same state everywhere and its seatings can be re-derived
once the seed is revealed (service/tournaments/verify.py).

Standings are part of the state: each table result updates them (scoring.py), so reading
`GET /standings` costs the same after 200 tables as after one.
"""
from __future__ import annotations

import hashlib

from service.rules.errors import RuleViolation
from service.tournaments import scoring, seating

STATUSES = ("registering", "running", "finished")


def empty_state() -> dict:
    return {"version": 0, "status": "none"}


def game_id_for(tournament_id: str, round_no: int, table: int) -> str:
    """A table's game id, derived from its place in the tournament: a retry of a seating that
    was interrupted finds the games it already made instead of making more."""
    return hashlib.sha256(f"tournament:{tournament_id}:{round_no}:{table}".encode()).hexdigest()[:16]


# ---- evolve --------------------------------------------------------------------------------
def evolve(state: dict, event: dict) -> dict:
    kind, p = event["type"], event["payload"]
    was = state.get("status")
    if kind == "tournament_created":
        state = {
            "tournament_id": event["game_id"], "name": p["name"], "ruleset": p["ruleset"],
            "status": "registering", "created_at": event["recorded_at"], "rounds": p["rounds"],
            "table_size": dict(p["table_size"]), "format": p["format"], "game_options": p["game_options"],
            "scoring": p["scoring"], "no_show": p["no_show"], "bot_strategy": p["bot_strategy"],
            "rng": {"mode": p["rng_mode"], "seed_commitment": p["seed_commitment"], "seed": None},
            "auth": {p["organizer_token_hash"]: {"kind": "organizer"}},
            "round": 0, "entrants": [], "tables": [], "talk_count": 0,
            "standing": scoring.new_accumulator(), "standings": [],
        }
    elif kind == "entrant_registered":
        entrant = {"entrant": p["entrant"], "name": p["name"], "dropped": False}
        if p.get("bot"):
            entrant["bot"] = p["bot"]
        state["entrants"].append(entrant)
        state["auth"][p["token_hash"]] = {"kind": "entrant", "entrant": p["entrant"]}
        _restand(state)
    elif kind == "entrant_dropped":
        state["entrants"][p["entrant"] - 1]["dropped"] = True
        _restand(state)
    elif kind == "round_seated":
        state["round"], state["status"] = p["round"], "running"
        for table in p["tables"]:
            state["tables"].append({"round": p["round"], "table": table["table"], "game_id": table["game_id"],
                                    "seats": [dict(s) for s in table["seats"]], "status": "playing",
                                    "result": None})
    elif kind == "entrant_no_show":
        seat = table_of(state, p["round"], p["table"])["seats"][p["seat"] - 1]
        seat["no_show"] = p["policy"]
    elif kind in ("table_finished", "table_result_amended"):
        table = table_of(state, p["round"], p["table"])
        table["result"] = {k: p[k] for k in ("version", "head_hash", "annulled", "places", "scores", "score_name")}
        table["status"] = "annulled" if p["annulled"] else "finished"
        if kind == "table_finished":
            state["results_recorded"] = state.get("results_recorded", 0) + 1
            table["finished_order"] = state["results_recorded"]
            scoring.add_table(state["standing"], _scored(table))
        else:
            state["standing"] = scoring.rebuild(_entrant_rows(state), _finished_tables(state))
        _restand(state)
    elif kind == "tournament_finished":
        state["status"] = "finished"
    elif kind == "said":
        state["talk_count"] += 1
    elif kind == "seed_revealed":
        state["rng"]["seed"] = p["seed"]
    elif kind == "dispute_filed":
        state.setdefault("disputes", []).append({
            "dispute": p["dispute"], "entrant": p["seat"], "about": p["about"], "text": p["text"],
            "version": event["version"], "filed_at": event["recorded_at"], "state": "open", "resolution": None})
    elif kind == "dispute_resolved":
        dispute = state["disputes"][p["dispute"] - 1]
        dispute["state"] = p["decision"]
        dispute["resolution"] = {"decision": p["decision"], "text": p["text"], "version": event["version"],
                                 "resolved_at": event["recorded_at"]}
    else:
        raise ValueError(f"{kind} is not a tournament event")
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


def _scored(table: dict) -> dict:
    """A finished table as scoring.py reads it: entrant ids (str) by seat, None for a bot."""
    return {"round": table["round"], "table": table["table"],
            "seats": {str(s["seat"]): (None if s["entrant"] is None else str(s["entrant"])) for s in table["seats"]},
            "places": table["result"]["places"], "scores": table["result"]["scores"],
            "annulled": table["result"]["annulled"]}


def _finished_tables(state: dict) -> list[dict]:
    """In the order their results first came in: ratings depend on it (scoring.rebuild)."""
    done = sorted((t for t in state["tables"] if t["result"] is not None), key=lambda t: t["finished_order"])
    return [_scored(t) for t in done]


def _entrant_rows(state: dict) -> list[dict]:
    return [{"entrant": str(e["entrant"]), "name": e["name"], "dropped": e["dropped"]} for e in state["entrants"]]


def _restand(state: dict) -> None:
    state["standings"] = [{**row, "entrant": int(row["entrant"])}
                          for row in scoring.rows(state["standing"], _entrant_rows(state))]


def table_of(state: dict, round_no: int, table: int) -> dict:
    for t in state["tables"]:
        if t["round"] == round_no and t["table"] == table:
            return t
    raise KeyError((round_no, table))


def table_for_game(state: dict, game_id: str) -> dict | None:
    return next((t for t in state["tables"] if t["game_id"] == game_id), None)


def current_table(state: dict, entrant: int) -> tuple[dict, dict] | None:
    """The entrant's table in the latest round (and its seat there), if it sits at one."""
    for table in reversed(state["tables"]):
        if table["round"] != state["round"]:
            break
        for seat in table["seats"]:
            if seat["entrant"] == entrant:
                return table, seat
    return None


def met(state: dict) -> dict[str, set[str]]:
    """Who has shared a table with whom (annulled tables count: the players met)."""
    seen: dict[str, set[str]] = {}
    for table in state["tables"]:
        people = [str(s["entrant"]) for s in table["seats"] if s["entrant"] is not None]
        for one in people:
            seen.setdefault(one, set()).update(p for p in people if p != one)
    return seen


def active(state: dict) -> list[int]:
    return [e["entrant"] for e in state["entrants"] if not e["dropped"]]


def result_of(ruleset, game: dict) -> dict | None:
    """What the tournament records of a finished game (its state, `ruleset` its rules):
    {version, head_hash, annulled, places, scores, score_name}; None while it runs. Pure:
    the server's job and the offline verification read a table the same way."""
    if game["status"] != "finished":
        return None
    annulled = bool(game.get("annulled"))
    found = None if annulled else ruleset.result(game)
    found = found or {"places": {}, "scores": {}, "score_name": None}
    return {"version": game["version"], "head_hash": game["head_hash"], "annulled": annulled,
            "places": {str(k): float(v) for k, v in found["places"].items()},
            "scores": {str(k): float(v) for k, v in found["scores"].items()},
            "score_name": found.get("score_name")}


# ---- decide --------------------------------------------------------------------------------
def require_organizer(actor: dict, what: str) -> None:
    if actor.get("kind") not in ("organizer", "system"):
        raise RuleViolation("organizer_only", f"only the tournament's organizer may {what}", status=403)


def decide_register(state: dict, name: str, token_hash: str, bot: str | None = None,
                    actor: dict | None = None) -> list[dict]:
    """`bot`: a house player only the organizer may enter, played by the server's bot."""
    if bot is not None:
        require_organizer(actor or {}, "enter a house player played by the server's bot")
    if state["status"] != "registering":
        raise RuleViolation("registration_closed", "registration closed when round 1 was seated")
    if any(e["name"].casefold() == name.strip().casefold() for e in state["entrants"]):
        raise RuleViolation("name_taken", f"an entrant is already registered as {name.strip()!r}; "
                            "choose another name")
    payload = {"entrant": len(state["entrants"]) + 1, "name": name.strip(), "token_hash": token_hash}
    if bot is not None:
        payload["bot"] = bot
    return [{"type": "entrant_registered", "payload": payload}]


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


def no_show_drafts(state: dict, entrant: int) -> list[dict]:
    """The entrant's seat at a table still playing goes to the `no_show` policy (recorded here;
    the table's game gets the matching ruling from the director)."""
    found = current_table(state, entrant)
    if found is None or found[0]["status"] != "playing" or found[1].get("no_show"):
        return []
    table, seat = found
    return [{"type": "entrant_no_show", "payload": {
        "entrant": entrant, "round": table["round"], "table": table["table"], "game_id": table["game_id"],
        "seat": seat["seat"], "policy": state["no_show"]}}]


def decide_no_show(state: dict, actor: dict, entrant: int) -> list[dict]:
    require_organizer(actor, "mark an entrant absent")
    if not 1 <= entrant <= len(state["entrants"]):
        raise RuleViolation("unknown_entrant", f"there is no entrant {entrant}", status=422)
    drafts = no_show_drafts(state, entrant)
    if not drafts:
        raise RuleViolation("not_seated", f"entrant {entrant} sits at no table still playing")
    return drafts


def round_open(state: dict) -> list[dict]:
    """The tables of the latest round still without a result."""
    return [t for t in state["tables"] if t["round"] == state["round"] and t["result"] is None]


def decide_seat_round(state: dict, actor: dict, oracle, tables: list[list[int]] | None = None) -> list[dict]:
    """Seat the next round: Swiss from the standings and the seed's shuffle, or the
    organizer's `tables` (format `fixed`)."""
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
        plan = seating.plan_tables(len(players), low, high)
        points = {row["entrant"]: row["points"] for row in state["standings"]}
        seated = [[int(e) for e in t] for t in seating.seat_round(
            [str(e) for e in order], [size for size, _ in plan], points, met(state))]
        bots = [extra for _, extra in plan]
    drafts_tables = []
    for n, (people, extra) in enumerate(zip(seated, bots), start=1):
        seats = [{"seat": k, "entrant": e, "bot": None} for k, e in enumerate(people, start=1)]
        seats += [{"seat": len(people) + k, "entrant": None, "bot": state["bot_strategy"]} for k in range(1, extra + 1)]
        drafts_tables.append({"table": n, "game_id": game_id_for(state["tournament_id"], number, n), "seats": seats})
    return [{"type": "round_seated", "payload": {"round": number, "format": state["format"], "order": order,
                                                 "tables": drafts_tables}}]


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
    return [{"type": kind, "payload": {"round": table["round"], "table": table["table"], "game_id": game_id,
                                       **{k: result.get(k) for k in ("version", "head_hash", "annulled", "places",
                                                                      "scores", "score_name")}}}]


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


def decide_say(state: dict, actor: dict, text: str) -> list[dict]:
    if actor.get("kind") not in ("organizer", "entrant"):
        raise RuleViolation("token_required", "only an entrant or the organizer may talk", status=401)
    return [{"type": "said", "payload": {"text": text}}]


def decide_dispute(state: dict, actor: dict, about: int, text: str) -> list[dict]:
    if actor.get("kind") != "entrant":
        raise RuleViolation("entrant_only", "only an entrant may file a dispute", status=403)
    if not 1 <= about <= state["version"]:
        raise RuleViolation("unknown_version", f"the tournament's record has events 1 to {state['version']}",
                            status=422)
    number = len(state.get("disputes") or []) + 1
    return [{"type": "dispute_filed", "payload": {"dispute": number, "seat": actor["entrant"], "about": about,
                                                  "text": text}}]


def decide_resolve(state: dict, actor: dict, dispute: int, decision: str, text: str) -> list[dict]:
    require_organizer(actor, "resolve a dispute")
    disputes = state.get("disputes") or []
    if not 1 <= dispute <= len(disputes):
        raise RuleViolation("unknown_dispute", f"there is no dispute {dispute}", status=422)
    found = disputes[dispute - 1]
    if found["state"] != "open":
        raise RuleViolation("dispute_resolved", f"dispute {dispute} was already {found['state']}")
    return [{"type": "dispute_resolved", "payload": {"dispute": dispute, "seat": found["entrant"],
                                                     "decision": decision, "text": text, "rulings": []}}]
