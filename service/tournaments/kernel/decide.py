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
from service.runtime import timeutil
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
            "scoring": scoring.rule_of(p["scoring"], p["table_size"]["max"]), "uneven": p.get("uneven", "bots"),
            "organizer_sees_tables": bool(p.get("organizer_sees_tables")),
            "no_show": p["no_show"], "bot_strategy": p["bot_strategy"], "byes": [], "announcements": [],
            "rng": {"mode": p["rng_mode"], "seed_commitment": p["seed_commitment"], "seed": None},
            "auth": {p["organizer_token_hash"]: {"kind": "organizer"}},
            "round": 0, "entrants": [], "tables": [], "talk_count": 0,
            "standing": scoring.new_accumulator(), "standings": [],
        }
    elif kind == "entrant_registered":
        entrant = {"entrant": p["entrant"], "name": p["name"], "dropped": False}
        if p.get("bot"):
            entrant["bot"] = p["bot"]
        if p.get("late"):
            entrant["late"] = True
        state["entrants"].append(entrant)
        state["auth"][p["token_hash"]] = {"kind": "entrant", "entrant": p["entrant"]}
        _restand(state)
    elif kind == "entrant_dropped":
        state["entrants"][p["entrant"] - 1]["dropped"] = True
        _restand(state)
    elif kind == "entrant_reinstated":
        state["entrants"][p["entrant"] - 1]["dropped"] = False
        _restand(state)
    elif kind == "round_seated":
        state["round"], state["status"] = p["round"], "running"
        for table in p["tables"]:
            _add_table(state, p["round"], table)
        for entrant in p.get("byes") or ():
            _bye(state, entrant, p["round"], state["scoring"]["bye_points"], "uneven")
        _restand(state)
    elif kind == "table_replayed":
        _add_table(state, p["round"], p, replay_of=p["replay_of"])
    elif kind == "bye_given":
        _bye(state, p["entrant"], p["round"], p["points"], p["reason"])
        _restand(state)
    elif kind == "announced":
        state["announcements"].append({"version": event["version"], "text": p["text"], "at": event["recorded_at"]})
    elif kind == "entrant_no_show":
        seat = table_of(state, p["round"], p["table"])["seats"][p["seat"] - 1]
        seat["no_show"] = p["policy"]
    elif kind in ("table_finished", "table_result_amended"):
        table = table_of(state, p["round"], p["table"])
        table["result"] = {k: p[k] for k in ("version", "head_hash", "annulled", "places", "scores", "score_name")}
        table["result"].update({k: p.get(k) or default for k, default in RESULT_EXTRAS.items()})
        table["status"] = "annulled" if p["annulled"] else "finished"
        if kind == "table_finished":
            state["results_recorded"] = state.get("results_recorded", 0) + 1
            table["finished_order"] = state["results_recorded"]
            scoring.add_table(state["standing"], _scored(state, table), state["scoring"])
        else:
            state["standing"] = scoring.rebuild(_entrant_rows(state), _finished_tables(state), state["scoring"],
                                                [(str(b["entrant"]), b["points"]) for b in state["byes"]])
        _restand(state)
    elif kind == "tournament_finished":
        state["status"] = "finished"
    elif kind == "said":
        state["talk_count"] += 1
    elif kind == "seed_revealed":
        state["rng"]["seed"] = p["seed"]
    elif kind == "dispute_filed":
        state.setdefault("disputes", []).append({
            "dispute": p["dispute"], "entrant": p["seat"], "about": p["about"], **_dispute_text(p),
            "version": event["version"], "filed_at": event["recorded_at"], "state": "open", "resolution": None})
    elif kind == "dispute_resolved":
        dispute = state["disputes"][p["dispute"] - 1]
        dispute["state"] = p["decision"]
        dispute["resolution"] = {"decision": p["decision"], **_dispute_text(p), "version": event["version"],
                                 "resolved_at": event["recorded_at"]}
    else:
        raise ValueError(f"{kind} is not a tournament event")
    if was != "finished" and state["status"] == "finished":
        state["ended_at"] = event["recorded_at"]
    state["version"] = event["version"]
    state["head_hash"] = event["hash"]
    return state


def _dispute_text(p: dict) -> dict:
    """As recorded: `text_sealed` (schema version 2; opened only for the filer and the organizer,
    service/table/dispute_texts.py) or a version 1 event's `text`."""
    return {"text_sealed": p["text_sealed"]} if "text_sealed" in p else {"text": p["text"]}


def fold(events, state: dict | None = None) -> dict:
    state = state if state is not None else empty_state()
    for event in events:
        state = evolve(state, event)
    return state


#: what a result records beyond version 1's fields (absent in older events)
RESULT_EXTRAS = {"ended_at": None, "forfeited": [], "stand_ins": []}


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


def _scored(state: dict, table: dict) -> dict:
    """A finished table as scoring.py reads it: entrant ids (str) by seat, None for a bot;
    `unrated`: the seats whose entrant did not play it (the bot stood in after a ruling, or
    the seat was forfeited) — a house entrant's seat is its bot's from the start, and rated."""
    house = {e["entrant"] for e in state["entrants"] if e.get("bot")}
    result = table["result"]
    by_seat = {s["seat"]: s["entrant"] for s in table["seats"]}
    unrated = [str(s) for s in (result.get("stand_ins") or []) if by_seat.get(s) not in house]
    unrated += [str(s) for s in (result.get("forfeited") or [])]
    return {"round": table["round"], "table": table["table"],
            "seats": {str(s["seat"]): (None if s["entrant"] is None else str(s["entrant"])) for s in table["seats"]},
            "places": result["places"], "scores": result["scores"], "annulled": result["annulled"],
            "unrated": sorted(set(unrated))}


def _finished_tables(state: dict) -> list[dict]:
    """In the order their results first came in: ratings depend on it (scoring.rebuild)."""
    done = sorted((t for t in state["tables"] if t["result"] is not None), key=lambda t: t["finished_order"])
    return [_scored(state, t) for t in done]


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


def meetings(state: dict) -> dict[int, dict[int, int]]:
    """How many tables each pair has shared (annulled tables and replays count: they met)."""
    return seating.meetings_from([s["entrant"] for s in t["seats"]] for t in state["tables"])


def active(state: dict) -> list[int]:
    return [e["entrant"] for e in state["entrants"] if not e["dropped"]]


def points_of(state: dict) -> dict[int, float]:
    """Points as the seating compares them: rounded to 9 decimals, so that totals equal as
    fractions (thirds, sixths under `placement`) are equal here whatever order the floats were
    added in (every total is a multiple of 1/120: 1e-9 separates any two that differ)."""
    return {row["entrant"]: round(row["points"], 9) for row in state["standings"]}


def final_at(state: dict) -> str | None:
    """When the standings become final: the last table's dispute window closes (its game's end
    plus the tables' `dispute_window`, default 24 h). None while that is not known: the
    tournament has not finished, a table's end was not recorded, or a dispute about the
    tournament is open."""
    if state["status"] != "finished" or any(d["state"] == "open" for d in state.get("disputes") or []):
        return None
    ends = [t["result"].get("ended_at") for t in state["tables"] if t["result"] is not None]
    if not ends:
        return state.get("ended_at")
    if any(end is None for end in ends):
        return None
    window = int((state["game_options"] or {}).get("dispute_window", 24 * 3600))
    return max(timeutil.shift(end, window) for end in ends)


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
            "score_name": found.get("score_name"), "ended_at": game.get("ended_at"),
            "forfeited": sorted(int(s) for s in game.get("forfeited") or ()),
            "stand_ins": sorted(int(s) for s in (game.get("bots") or {}))}


# ---- decide --------------------------------------------------------------------------------
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


def round_open(state: dict) -> list[dict]:
    """The tables of the latest round still without a result."""
    return [t for t in state["tables"] if t["round"] == state["round"] and t["result"] is None]


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


def decide_say(state: dict, actor: dict, text: str) -> list[dict]:
    if actor.get("kind") == "entrant" and state["entrants"][actor["entrant"] - 1]["dropped"]:
        raise RuleViolation("entrant_dropped", "you have dropped out of this tournament", status=403)
    if actor.get("kind") not in ("organizer", "entrant"):
        raise RuleViolation("token_required", "only an entrant or the organizer may talk", status=401)
    return [{"type": "said", "payload": {"text": text}}]


def decide_dispute(state: dict, actor: dict, about: int, text_sealed: str) -> list[dict]:
    """`text_sealed`: the filing's text as the ledger sealed it with the server's key (the
    kernel holds neither the key nor the words)."""
    if actor.get("kind") != "entrant":
        raise RuleViolation("entrant_only", "only an entrant may file a dispute", status=403)
    if state["entrants"][actor["entrant"] - 1]["dropped"]:   # out, as for `say` (a reinstatement lets it back in)
        raise RuleViolation("entrant_dropped", "you have dropped out of this tournament", status=403)
    if not 1 <= about <= state["version"]:
        raise RuleViolation("unknown_version", f"the tournament's record has events 1 to {state['version']}",
                            status=422)
    number = len(state.get("disputes") or []) + 1
    return [{"type": "dispute_filed", "payload": {"dispute": number, "seat": actor["entrant"], "about": about,
                                                  "text_sealed": text_sealed}}]


def decide_resolve(state: dict, actor: dict, dispute: int, decision: str, text_sealed: str) -> list[dict]:
    require_organizer(actor, "resolve a dispute")
    disputes = state.get("disputes") or []
    if not 1 <= dispute <= len(disputes):
        raise RuleViolation("unknown_dispute", f"there is no dispute {dispute}", status=422)
    found = disputes[dispute - 1]
    if found["state"] != "open":
        raise RuleViolation("dispute_resolved", f"dispute {dispute} was already {found['state']}")
    return [{"type": "dispute_resolved", "payload": {"dispute": dispute, "seat": found["entrant"],
                                                     "decision": decision, "text_sealed": text_sealed,
                                                     "rulings": []}}]


def table_points(state: dict, table: dict) -> dict[str, float]:
    """Seat -> what a finished table gave its entrants under the tournament's scoring."""
    if table["result"] is None:
        return {}
    return scoring.table_points(_scored(state, table), state["scoring"])
