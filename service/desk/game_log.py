"""The game as sentences (`GET /v1/games/{id}/log`), redacted for the reader.

Each event is redacted for the viewer first (projections.views.view_event, as `/events`
serves it) and then rendered (service/desk/sentences.py) in the reader's language (`lang`:
each player at a table may read their own), so a sealed bid reads "Bix bid (sealed)." to
everyone but Bix. An entry carries the round and phase the game stood at
once the event was applied (`state["game"]["round"]` / `["phase"]`, which every ruleset
keeps, or the ruleset's `log_phase`), and its text starts with that heading, "Round 3, Phase 1: …";
consecutive entries with the same round and phase form one group. Two headings are the
engine's own: the deal, before round 1, is "Setup: …" (round 0, phase null), and the event
that ends the game and every one after it (the seed's reveal, disputes and rulings after the
end) are "Round 12, game over: …" (the last round, phase null), so that the end is never
listed under a phase that came before another one. One entry per event, so
`after`/`next_after` page exactly as `/events` does. An entry also carries its `heading` alone
(null for the lobby), so a client groups entries without reading the language of the text.
"""
from __future__ import annotations

import copy
from collections import OrderedDict

from projections.core import empty_state, evolve
from projections.views import view_event
from service.table import dispute_texts
from service.desk.sentences import sentence
from service.i18n.message import Msg, render

#: the heading of the event that ends the game and of every event after it
GAME_OVER = "game over"


class Names:
    """`who(seat) -> name` for the log's sentences, from the state's seats.

    A ruleset's sentence may also read `forfeited` (the seats ruled out so far, a frozenset)
    to mark them in a result, and, for the event that ends the game only, `ended` (the state
    once that event is applied, every part of it public by then) to tell a tie-break. A value
    that is not a seat number (a Booze Baron Mob, "beer") is given back as it is."""

    def __init__(self, names: dict[int, str], forfeited=(), ended: dict | None = None):
        self.names = names
        self.forfeited = frozenset(int(s) for s in forfeited or ())
        self.ended = ended

    def __call__(self, seat):
        """The player's name (a string, never translated), or a message for a seat no one
        has taken or for nobody."""
        if seat is None:
            return Msg("log-nobody")
        try:
            number = int(seat)
        except (TypeError, ValueError):
            return str(seat)
        return self.names.get(number) or Msg("log-seat", seat=str(seat))

    def at(self, state: dict, ending: bool = False) -> "Names":
        """The same names as `state` stands (its forfeits); `ending`: `state` is the one the
        game's last event left, which the sentence of that event may read."""
        return Names(self.names, state.get("forfeited") or (), state if ending else None)


def names_of(state: dict) -> Names:
    return Names({int(s["seat"]): s["name"] for s in state.get("seats") or []}, state.get("forfeited") or ())


def position(state: dict, event: dict | None = None, ruleset=None) -> tuple[object, object]:
    """The round and phase an event belongs to: the state's once it is applied, unless the
    ruleset's optional `log_phase(event, phase)` knows better (a phase with no step). The deal
    (round 0) and the game over (the end and after) have no phase."""
    game = state.get("game") or {}
    round_, phase = game.get("round"), game.get("phase")
    if over(state) or round_ == 0:
        return round_, None
    if event is not None and hasattr(ruleset, "log_phase") and round_ is not None:
        phase = ruleset.log_phase(event, phase)
    return round_, phase


#: the phases a ruleset names with a word (Prohibition, Booze Baron): `log-phase-<name>`
PHASES = ("setup", "action", "production", "consumption", "finished", "move")
FAMILIES = {"log-phase-": PHASES}


def group(round_, phase, over: bool = False) -> Msg | None:
    """The heading of a group of entries ("Round 3, Phase 1"), None for the lobby."""
    if over:
        return Msg("log-heading-over-round", round=round_) if round_ else Msg("log-heading-over")
    if round_ is None:
        return None
    if round_ == 0:
        return Msg("log-heading-setup")
    if phase is None or phase == "":
        return Msg("log-heading-round", round=round_)
    if isinstance(phase, int):
        return Msg("log-heading-phase", round=round_, phase=phase)
    named = Msg(f"log-phase-{phase}") if phase in PHASES else Msg("log-word", word=str(phase).replace("_", " "))
    return Msg("log-heading-named", round=round_, phase=named)


def heading(round_, phase, over: bool = False, lang: str = "en") -> str:
    """The heading as an entry's text begins: "Round 3, Phase 1: " ("" for the lobby)."""
    return _begins(lang, group(round_, phase, over))


def _begins(lang: str, found: Msg | None) -> str:
    return "" if found is None else render(lang, Msg("log-heading", heading=found))


def over(state: dict) -> bool:
    """Whether the game has ended once this state's event is applied (a lobby annulled
    before the deal too: its heading says so)."""
    return state.get("status") == "finished"


def header_group(state: dict, event: dict, ruleset) -> Msg | None:
    """The heading of one event's group, from the state once it is applied."""
    if over(state):
        return group((state.get("game") or {}).get("round"), None, over=True)
    return group(*position(state, event, ruleset))


def header(state: dict, event: dict, ruleset, lang: str = "en") -> str:
    """The heading of one event as its text begins ("Round 3, Phase 1: ")."""
    return _begins(lang, header_group(state, event, ruleset))


#: The state after the last entry of each recent read, by (game, version, that event's hash):
#: a live page asks next for what follows what it has, so the next read (any reader's) folds
#: the new events only, instead of loading the state at `after` from a checkpoint (up to 99
#: events folded: ~50 ms, for each of 50 pages following a game). Keyed by the hash, which
#: the next event's `prev_hash` must match: a state is reused only on its own chain.
FOLDED: OrderedDict[tuple[str, int, str], dict] = OrderedDict()
FOLDED_MAX = 64  # states of ~10-30 kB: the live games' heads, a few each


def state_before(games, game_id: str, after: int, events: list[dict]) -> dict:
    if after <= 0:
        return empty_state()
    known = FOLDED.get((game_id, after, events[0].get("prev_hash"))) if events else None
    if known is not None:
        return copy.deepcopy(known)  # evolve changes the state it is given
    return games.load(game_id, at=after)


def entries(games, game_id: str, current: dict, viewer: dict, after: int, limit: int,
            lang: str = "en") -> tuple[list[dict], int]:
    """`limit` entries after version `after` for `viewer` in `lang`, and the `next_after` to page on."""
    ruleset = games.ruleset_for(current["ruleset"])
    finished = current["status"] == "finished"
    names = names_of(current)
    events = games.events(game_id, after, limit)
    if not events and after <= current["version"]:  # nothing new: no state to fold
        return [], after
    state = state_before(games, game_id, after, events)
    out = []
    for event in events:
        was = state.get("status")
        state = evolve(state, event, games.ruleset_for)
        shown = dispute_texts.show(view_event(event, viewer, ruleset, finished), viewer,
                                   getattr(games, "dispute_texts", None), finished)  # (a record read without a server)
        who = names.at(state, ending=was != "finished" and over(state))
        round_, phase = position(state, event, ruleset)
        head = header_group(state, event, ruleset)
        out.append({"version": event["version"], "round": round_, "phase": phase,
                    "actor": actor_of(event, who, lang),
                    "heading": None if head is None else render(lang, head),
                    "text": _begins(lang, head) + render(lang, sentence(shown, ruleset, who))})
    if not events:
        return out, after
    FOLDED[(game_id, events[-1]["version"], events[-1].get("hash"))] = copy.deepcopy(state)
    while len(FOLDED) > FOLDED_MAX:
        FOLDED.popitem(last=False)
    return out, events[-1]["version"]


def actor_of(event: dict, who, lang: str = "en") -> dict:
    actor = dict(event.get("actor") or {"kind": "system"})
    if actor.get("kind") == "seat":
        actor["name"] = render(lang, who(actor["seat"]))
    return actor
