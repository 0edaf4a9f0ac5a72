"""Refusals raised without a Message, matched by `code` for the reader's language.

The table's, the stream engine's, the tournament's and the clock's kernels (service/table,
service/streams, service/tournaments, service/clock) raise RuleViolations with an English
detail only. Here each of their codes has its sentences: where one code says several things, a
pattern on the English detail picks the sentence and lends it its numbers and names
(`(?P<seat>\\d+)` becomes `$seat`); the last entry of a code, without a pattern, is the
sentence true of all of them. A refusal whose code is missing here reads in English
(tests/i18n/test_problems_catalog.py lists none). When one of those kernels gives its refusals
a Message, its entries here simply stop being used.
"""
from __future__ import annotations

import re

from service.i18n.message import Join
from service.rules.errors import Message

_ENTRANT = r"entrant (?P<entrant>\d+) \((?P<name>.*)\)"

#: code -> [(pattern on the English detail or None, message id)]; the first that matches wins
BY_CODE: dict[str, list[tuple[str | None, str]]] = {
    # --- the table and the stream engine (service/table, service/streams) -------------------
    "seat_only": [(r"only a seated player may send (?P<command>\S+)", "problem-table-seat-only-send"),
                  (None, "problem-table-seat-only-dispute")],
    "game_not_started": [(r"nothing to dispute", "problem-table-not-started-dispute"),
                         (r"rulings correct", "problem-table-not-started-ruling"),
                         (None, "problem-table-not-started")],
    "no_such_version": [(r"this game has (?P<count>\d+) events; there is no event (?P<version>\d+)",
                         "problem-table-no-event-to-dispute")],
    "dispute_window_closed": [(r"the game ended at (?P<ended>\S+); disputes could be filed for "
                               r"(?P<hours>[\d.]+) hours after the end, until (?P<until>\S+)",
                               "problem-table-dispute-window-closed"),
                              (None, "problem-table-dispute-window-closed-short")],
    "unknown_dispute": [(r"there is no dispute (?P<dispute>\d+) in this game \((?P<filed>\d+) filed\)",
                         "problem-table-unknown-dispute"),
                        (r"there is no dispute (?P<dispute>\d+)", "problem-tournament-unknown-dispute")],
    "dispute_closed": [(r"dispute (?P<dispute>\d+) was already answered: (?P<state>\w+)",
                        "problem-table-dispute-closed")],
    "rulings_need_upheld": [(None, "problem-table-rulings-need-upheld")],
    "ruling_needs_dispute": [(None, "problem-table-ruling-needs-dispute")],
    "ruling_after_end": [(r"a (?P<kind>\S+) ruling corrects a game in play", "problem-table-ruling-after-end")],
    "already_annulled": [(r"no result to amend", "problem-table-annulled-no-result"),
                         (None, "problem-table-already-annulled")],
    "already_a_bot": [(r"seat (?P<seat>\d+) ", "problem-table-already-a-bot")],
    "already_forfeited": [(r"seat (?P<seat>\d+) has forfeited: its moves", "problem-table-forfeited-moves"),
                          (r"seat (?P<seat>\d+) ", "problem-table-already-forfeited")],
    "not_a_bot": [(r"seat (?P<seat>\d+) ", "problem-table-not-a-bot")],
    "forfeit_unsupported": [(r"(?P<ruleset>\S+) does not say", "problem-table-forfeit-unsupported")],
    "not_a_player": [(r"there is no seat (?P<seat>\S+) in this game; the seats are (?P<seats>.+)",
                      "problem-no-such-seat"),
                     (r"may talk", "problem-table-talk-seated-only"),
                     (r"seat (?P<seat>\S+) is not in this game", "problem-seat-not-in-game")],
    "organizer_only": [(r"only the organizer may send (?P<command>\S+)", "problem-table-organizer-only-send"),
                       (r"only the game's organizer may start it", "problem-table-organizer-only-start"),
                       (r"only the tournament's organizer may (?P<what>.+)", "problem-tournament-organizer-only"),
                       (r"only the organizer may (?P<what>.+)", "problem-table-organizer-only")],
    "seat_forfeited": [(r"seat (?P<seat>\d+) ", "problem-table-seat-forfeited")],
    "seat_played_by_bot": [(r"seat (?P<seat>\d+) ", "problem-table-seat-played-by-bot")],
    "unknown_ruling": [(r"(?P<ruleset>\S+) has no ruling (?P<kind>.+?); the engine's", "problem-table-unknown-ruling")],
    "idempotency_key_reused": [(None, "problem-table-idempotency-key-reused")],
    "game_finished": [(None, "problem-table-game-finished")],
    "game_started": [(None, "problem-table-game-started")],
    "game_full": [(r"all (?P<count>\d+) seats", "problem-table-game-full")],
    "seats_empty": [(r"(?P<missing>\d+) of (?P<total>\d+) seats", "problem-table-seats-empty")],
    "game_not_finished": [(None, "problem-table-game-not-finished")],
    "tournament_table": [(None, "problem-table-tournament-table")],
    "rematch_taken": [(None, "problem-table-rematch-taken")],
    "scripted_dice_exhausted": [(r"run out of dice: (?P<purpose>.+) needs (?P<count>\d+) more, but only "
                                 r"(?P<left>\d+) of the (?P<total>\d+) supplied", "problem-table-dice-exhausted")],
    # --- the tournament (service/tournaments/kernel/) --------------------------------------
    "registration_closed": [(r"late entry", "problem-tournament-registration-closed-late"),
                            (None, "problem-tournament-registration-closed")],
    "tournament_finished": [(r"nobody can enter", "problem-tournament-over-enter"),
                            (r"nobody can drop", "problem-tournament-over-drop"),
                            (None, "problem-tournament-over")],
    "not_late": [(None, "problem-tournament-not-late")],
    "name_taken": [(r"registered as (?P<name>.+); choose another name", "problem-tournament-name-taken")],
    "unknown_entrant": [(r"there is no entrant (?P<entrant>\d+)", "problem-tournament-unknown-entrant")],
    "forbidden": [(r"an entrant may drop only themself", "problem-tournament-drop-only-self")],
    "already_dropped": [(r"entrant (?P<entrant>\d+) ", "problem-tournament-already-dropped")],
    "not_dropped": [(_ENTRANT + " has not dropped", "problem-tournament-not-dropped")],
    "already_no_show": [(_ENTRANT + r"'s seat at table (?P<table>\d+) already went to the (?P<policy>\S+) policy",
                         "problem-tournament-already-no-show")],
    "not_seated": [(_ENTRANT + " sits at no table", "problem-tournament-not-seated")],
    "no_rounds_left": [(r"all (?P<rounds>\d+) rounds have been seated", "problem-tournament-no-rounds-left")],
    "round_in_play": [(r"round (?P<round>\d+) is still being played \((?P<tables>.+)\)",
                       "problem-tournament-round-in-play")],
    "no_entrants": [(r"byes", "problem-tournament-no-one-after-byes"),
                    (None, "problem-tournament-no-entrants")],
    "tables_required": [(None, "problem-tournament-tables-required")],
    "seating_is_swiss": [(None, "problem-tournament-seating-is-swiss")],
    "unknown_table": [(r"game (?P<game>\S+) is not a table", "problem-tournament-unknown-table")],
    "rounds_left": [(r"only (?P<round>\d+) of (?P<rounds>\d+) rounds", "problem-tournament-rounds-left")],
    "entrant_dropped": [(None, "problem-tournament-entrant-dropped")],
    "token_required": [(r"only an entrant or the organizer may talk", "problem-tournament-talk-token")],
    "entrant_only": [(r"only an entrant may file a dispute", "problem-tournament-dispute-entrant-only")],
    "unknown_version": [(r"events 1 to (?P<count>\d+)", "problem-tournament-unknown-version")],
    "dispute_resolved": [(r"dispute (?P<dispute>\d+) was already (?P<state>\w+)", "problem-tournament-dispute-resolved")],
    # --- the store's answers given as English text (service/api/problems.py) -----------------
    "storage_unavailable": [(r"lost in a failover", "problem-api-unconfirmed-lost"),
                            (r"no replica confirmed it within (?P<ms>\d+) ms", "problem-api-unconfirmed-waiting"),
                            (None, "problem-api-store-unreachable")],
    # --- other API refusals given as English text ------------------------------------------
    "invalid_fields": [(r"`(?P<name>\w+)` is a batch number", "problem-api-batch-number"),
                       (None, "problem-api-invalid-fields")],
    "anchor_broken": [(None, "problem-api-anchor-broken")],
    # --- werkzeug's own errors (service/api/problems.py HTTP_ERROR_CODES), its words English --
    "bad_request": [(None, "problem-http-400")],
    "not_found": [(None, "problem-http-404")],
    "method_not_allowed": [(None, "problem-http-405")],
    "length_required": [(None, "problem-http-411")],
    "request_entity_too_large": [(None, "problem-http-413")],
    "request_uri_too_long": [(None, "problem-http-414")],
    "unsupported_media_type": [(None, "problem-http-415")],
    "request_header_fields_too_large": [(None, "problem-http-431")],
    "http_error": [(None, "problem-http-other")],
    # --- the clock (service/clock/deadlines.py) -----------------------------------------------
    "game_not_running": [(None, "problem-clock-game-not-running")],
    "no_deadlines": [(None, "problem-clock-no-deadlines")],
    "clock_paused": [(r"paused since (?P<since>\S+)", "problem-clock-paused")],
    "clock_running": [(None, "problem-clock-running")],
    "no_deadline": [(None, "problem-clock-no-deadline")],
    "invalid_seconds": [(r"extend by 1 to (?P<most>\d+) seconds", "problem-clock-invalid-seconds")],
}

#: codes whose detail is several findings joined by "; ", each matched on its own
PARTS: dict[str, list[tuple[str, str]]] = {
    "invalid_seating": [
        (r"table (?P<table>\d+) seats (?P<count>\d+); a table seats (?P<low>\d+) to (?P<high>\d+)",
         "problem-tournament-seating-size"),
        (r"table (?P<table>\d+): (?P<entrant>.+) is not an active entrant", "problem-tournament-seating-inactive"),
        (r"table (?P<table>\d+): (?P<entrant>.+) is already seated", "problem-tournament-seating-twice"),
        (r"not seated: (?P<entrants>.+)", "problem-tournament-seating-missing"),
    ],
}


def message(code: str, detail: str) -> Message | None:
    """The Message for a refusal raised without one, or None when its code has no sentence."""
    if code in PARTS:
        said = [_match(PARTS[code], part) for part in detail.split("; ")]
        if said and all(said):
            return Message("problem-parts", parts=joined(said))
        return None
    return _match(BY_CODE.get(code, ()), detail)


def _match(entries, detail: str) -> Message | None:
    for pattern, msg_id in entries:
        if pattern is None:
            return Message(msg_id)
        found = re.search(pattern, detail)
        if found:
            return Message(msg_id, **{k: _param(k, v) for k, v in found.groupdict().items()})
    return None


def _param(name: str, value: str):
    if name == "what":
        return what(value)
    if name == "tables":            # "table 1, table 3": the numbers
        return ", ".join(re.findall(r"\d+", value))
    if name == "hours":
        return float(value) if "." in value else int(value)
    return int(value) if value.isdigit() else value


def what(text: str) -> Message:
    """An action a refusal names in English ("start the game"): its catalog variant chosen by
    the words made an id (`start_the_game`), the English words where the catalog has none."""
    slug = re.sub(r"[^a-z]+", "_", text.lower()).strip("_") or "other"
    return Message("problem-api-what", what=slug, text=text)


def joined(parts: list) -> Join:
    """Findings one after another, separated by "; "."""
    return Join(parts, sep="problem-sep")
