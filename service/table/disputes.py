"""Disputes and the engine's rulings: decisions the engine takes for any ruleset.

A seat files `dispute {version, text}` ("what happened at event N was wrong"); the
organizer answers `resolve_dispute {dispute, decision, text, rulings}`: `dispute_resolved`
and the events of every ruling in `rulings` are one append, so an upheld dispute and its
correction stand or fall together. The engine's ruling kinds are `forfeit {seat}`,
`replace_player {seat}`, `annul`, `seat_to_bot {seat, strategy}` and `seat_to_player {seat}`
(service/bots/seat_bots.py plays a bot's seat); other kinds are the ruleset's (`ruling` command).

Pure like the rules: state, command and the time the engine will record in, drafts out. A
text comes in already sealed (`text_sealed`: the table layer seals it with the server's key
before deciding, as it makes replaced seats' tokens), so decide records it without a key or
randomness of its own.
The dispute window is checked against recorded times only — the game's `ended_at` (the
`recorded_at` of the event that ended it) and the filing's own `recorded_at` — so the
record alone shows every filing was in time.
"""
from __future__ import annotations

from typing import Callable

from service.runtime import timeutil
from service.rules import disputes as shared
from service.rules.errors import RuleViolation

DEFAULT_WINDOW = 24 * 3600
#: kind -> the fields it takes besides `kind` and `reason`
ENGINE_RULINGS: dict[str, tuple[str, ...]] = {"forfeit": ("seat",), "replace_player": ("seat",), "annul": (),
                                              "seat_to_bot": ("seat", "strategy"), "seat_to_player": ("seat",)}
#: after the end: the kinds that amend a result or a seat (a ruleset's correct a table in play)
AFTER_THE_END = ("forfeit", "replace_player", "annul")
DEFAULT_BOT = "greedy"

#: `fold(state, drafts, actor) -> state`: drafts applied to a copy, as the append will
Fold = Callable[[dict, list, dict], dict]


def window_seconds(state: dict) -> int:
    return int((state.get("options") or {}).get("dispute_window", DEFAULT_WINDOW))


def window_closes(state: dict) -> str | None:
    """When filing closes (None while the game has not ended)."""
    ended = state.get("ended_at")
    return timeutil.shift(ended, window_seconds(state)) if ended else None


#: a game's disputes, in filing order (games.py and the API read them through this module)
disputes = shared.disputes


def sealed(cmd: dict) -> str:
    """The command's text as the table layer sealed it (service/table/dispute_texts.py): decide
    records it as it is and never holds the words nor the key."""
    if "text_sealed" not in cmd:
        raise ValueError("a dispute's text is sealed before decide (DisputeTexts.sealed_command)")
    return cmd["text_sealed"]


def require_organizer(actor: dict, what: str) -> None:
    """The organizer, or the server applying a policy the organizer set (a tournament's
    `no_show`, its tables' bot seats): the record names the system as the actor."""
    if actor.get("kind") not in ("organizer", "system"):
        raise RuleViolation("organizer_only", f"only the organizer may {what}", status=403)


def _not_in_lobby(state: dict) -> None:
    if state["status"] == "lobby":
        raise RuleViolation("game_not_started", "the game has not started: there is nothing to dispute yet")


#: talk and disputes as a game words them (decided in service/rules/disputes.py)
GAME = shared.StreamKind(
    participant="seat",
    not_a_talker=shared.Refusal("not_a_player", "only seated players and the organizer may talk at the table", 403),
    not_a_filer=shared.Refusal("seat_only", "only a seated player may file a dispute; the organizer answers "
                               "them (resolve_dispute)", 403),
    no_such_event=shared.Refusal("no_such_version", "this game has {version} events; there is no event {about} "
                                 "to dispute", 422),
    unknown_dispute=shared.Refusal("unknown_dispute", "there is no dispute {dispute} in this game ({filed} filed)",
                                   422),
    answered=shared.Refusal("dispute_closed", "dispute {dispute} was already answered: {state}"),
    require_organizer=require_organizer, check_filing=_not_in_lobby)


# ---- dispute ----------------------------------------------------------------------------------
def decide_dispute(state: dict, actor: dict, cmd: dict, now_iso: str) -> list[dict]:
    """Decided as in every kind of stream (service/rules/disputes.py), then the window after the end."""
    shared.check_filing(GAME, state, actor, cmd["version"])
    closes = window_closes(state)
    if closes is not None and timeutil.parse(now_iso) > timeutil.parse(closes):
        hours = window_seconds(state) / 3600
        raise RuleViolation("dispute_window_closed", f"the game ended at {state['ended_at']}; disputes "
                            f"could be filed for {hours:g} hours after the end, until {closes}",
                            closed_at=closes)
    return [shared.dispute_filed(GAME, state, actor, cmd["version"], sealed(cmd))]


# ---- resolve_dispute ----------------------------------------------------------------------
def decide_resolve(state: dict, actor: dict, cmd: dict, rule: Callable, fold: Fold) -> list[dict]:
    """Decided as in every kind of stream (service/rules/disputes.py), with the rulings an upheld answer
    makes: `rule(state, ruling, dispute) -> drafts` decides one ruling against the table as the
    rulings before it left it."""
    number, rulings = cmd["dispute"], cmd.get("rulings") or []
    found = shared.open_dispute(GAME, state, actor, number)
    if cmd["decision"] == "rejected" and rulings:
        raise RuleViolation("rulings_need_upheld", "a rejected dispute changes nothing: send its "
                            "rulings only with decision \"upheld\"", status=422)
    drafts = [shared.dispute_resolved(GAME, number, found, cmd["decision"], sealed(cmd),
                                      tuple(r["kind"] for r in rulings))]
    scratch = fold(state, drafts, actor)
    for ruling in rulings:
        more = rule(scratch, ruling, number)
        scratch = fold(scratch, more, actor)
        drafts.extend(more)
    return drafts


# ---- the engine's ruling kinds --------------------------------------------------------------
def check_ruling_time(state: dict, kind: str, dispute: int | None) -> None:
    """Rulings while the game runs; after the end only as a dispute's answer, and only those
    that amend the result (or a seat's token)."""
    if state["status"] == "lobby":
        raise RuleViolation("game_not_started", "the game has not started; rulings correct a game in play")
    if state["status"] != "finished":
        return
    if dispute is None:
        raise RuleViolation("ruling_needs_dispute", "the game is over: a ruling now is only made as the "
                            "answer to a dispute (resolve_dispute with `rulings`)")
    if kind not in AFTER_THE_END:
        raise RuleViolation("ruling_after_end", f"after the end a dispute's rulings may forfeit a seat, "
                            f"replace a player or annul the game; a {kind} ruling corrects a game in play")


def decide_engine_ruling(state: dict, ruling: dict, ruleset, oracle, dispute: int | None,
                         token_hashes: dict[int, str], actor: dict, fold: Fold) -> list[dict]:
    kind, reason = ruling["kind"], ruling["reason"]
    if kind == "annul":
        if state.get("annulled"):
            raise RuleViolation("already_annulled", "the game is already annulled")
        return [{"type": "game_annulled", "payload": {"reason": reason, "dispute": dispute,
                                                      "winner_was": state.get("winner")}}]
    seat = _seat(state, ruling["seat"])
    bots = state.get("bots") or {}
    if kind == "seat_to_bot":
        if str(seat) in bots:
            raise RuleViolation("already_a_bot", f"seat {seat} is already played by the server's bot")
        if seat in (state.get("forfeited") or []):
            raise RuleViolation("already_forfeited", f"seat {seat} has forfeited: its moves are already made for it")
        return [{"type": "seat_given_to_bot", "payload": {"seat": seat, "strategy": ruling.get("strategy", DEFAULT_BOT),
                                                          "reason": reason, "dispute": dispute}}]
    if kind == "seat_to_player":
        if str(seat) not in bots:
            raise RuleViolation("not_a_bot", f"seat {seat} is not played by the server's bot")
        return [{"type": "seat_given_back", "payload": {"seat": seat, "reason": reason, "dispute": dispute,
                                                        "token_hash": token_hashes[seat]}}]
    if kind == "replace_player":
        return [{"type": "seat_replaced", "payload": {"seat": seat, "reason": reason, "dispute": dispute,
                                                      "token_hash": token_hashes[seat]}}]
    # forfeit
    hook = getattr(ruleset, "forfeit", None)
    if hook is None:
        raise RuleViolation("forfeit_unsupported", f"{state['ruleset']} does not say how play goes on "
                            "without a seat, so this server cannot rule a forfeit in it (annul the game instead)")
    if seat in (state.get("forfeited") or []):
        raise RuleViolation("already_forfeited", f"seat {seat} has already forfeited")
    if state.get("annulled"):
        raise RuleViolation("already_annulled", "the game is annulled: it has no result to amend")
    drafts = [{"type": "seat_forfeited", "payload": {"seat": seat, "reason": reason, "dispute": dispute}}]
    more = hook(fold(state, drafts, actor), seat, oracle)
    for draft in more:
        if draft["type"] == "result_amended":
            draft["payload"] = {**draft["payload"], "reason": reason, "dispute": dispute}
    return drafts + more


def _seat(state: dict, seat: int) -> int:
    seats = [s["seat"] for s in state["seats"]]
    if seat not in seats:
        raise RuleViolation("not_a_player", f"there is no seat {seat} in this game; the seats are "
                            f"{', '.join(map(str, seats))}", status=422)
    return seat


def replaced_seats(cmd: dict) -> list[int]:
    """Seats a command gives a new player token (the engine makes them before deciding)."""
    rulings = cmd.get("rulings") or ([cmd] if cmd.get("type") == "ruling" else [])
    return sorted({r["seat"] for r in rulings if r.get("kind") in ("replace_player", "seat_to_player")})


# ---- reading ---------------------------------------------------------------------------------
def visible(state: dict, viewer: dict) -> list[dict]:
    """Disputes a viewer may see: the organizer all; a seat its own, and every one once
    the game is over; a spectator every one once the game is over. Their texts stay the
    filer's and the organizer's (DisputeTexts.entries opens them for those)."""
    if viewer.get("kind") == "organizer" or state["status"] == "finished":
        return disputes(state)
    if viewer.get("kind") == "seat":
        return [d for d in disputes(state) if d["seat"] == viewer["seat"]]
    return []
