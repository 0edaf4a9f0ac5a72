"""Log sentences for the engine's own events (lobby, talk, seed, clock, disputes).

Each function takes the event *as the viewer may see it* (projections.views.view_event) and
`who(seat) -> name`, and returns a `Msg` (service/i18n/message.py): a message id
(`log-…` in service/i18n/locales/<lang>/log.ftl) with named parameters, which the log and the
report word in the reader's language (`text`). A ruleset's own `sentences` table
(service/rules/interface.py) is asked first, so a ruleset may word `dice_rolled` or
`deck_shuffled` its own way; these are the rest. The log's `who` (service/desk/game_log.Names)
also knows `who.forfeited`, the seats ruled out so far, and, for the event that ends the game,
`who.ended`, the state it left (all public by then): a ruleset's end sentence marks forfeited
seats and tells which tie-break decided. A sentence reads them with `getattr`, so a bare
function still works.
"""
from __future__ import annotations

from typing import Callable

from service.i18n.message import Join, Msg, render

Who = Callable[[int], object]

#: the engine's words for a ruleset's name, a clock's step and a decision (a value not here
#: reads as itself)
RULESETS = ("bootleggers", "prohibition", "booze_baron")
RNG_MODES = ("seeded", "scripted")
DECISIONS = ("upheld", "rejected")
FAMILIES = {"log-ruleset-": RULESETS, "log-rng-": RNG_MODES, "log-decision-": DECISIONS}


def word(value) -> Msg:
    return Msg("log-word", word=str(value).replace("_", " "))


def term(prefix: str, value) -> Msg:
    return Msg(prefix + value) if value in FAMILIES[prefix] else word(value)


def _seats(who: Who, seats) -> Join:
    return Join((who(int(s)) for s in seats or []), empty=Msg("log-nobody"))


def _by(event: dict, who: Who):
    actor = event.get("actor") or {}
    if actor.get("kind") == "seat":
        return who(actor["seat"])
    return Msg("log-the-organizer" if actor.get("kind") == "organizer" else "log-the-referee")


def _step(step) -> Msg:
    return word(step) if step else Msg("log-this-step")


def _quoted(p: dict) -> Msg:
    """A dispute's or an answer's text; hidden from other seats while the game runs."""
    if p.get("text") is None:
        return Msg("log-text-hidden")
    return Msg("log-text-quoted", text=p["text"])


def _dispute_filed(e: dict, who: Who) -> Msg:
    p = e["payload"]
    whose = who(p["seat"]) if p.get("seat") is not None else _by(e, who)
    about = Msg("log-about-event", version=str(p["about"])) if p.get("about") is not None else Msg("log-about-an-event")
    return Msg("log-dispute-filed", seat=whose, dispute=str(p.get("dispute", "")), about=about, text=_quoted(p))


def _dispute_resolved(e: dict, who: Who) -> Msg:
    p = e["payload"]
    whose = Join([Msg("log-whose-dispute", seat=who(p["seat"]))] if p.get("seat") is not None else [],
                 before="common-space-sep")
    decision = p.get("decision")
    return Msg("log-dispute-resolved", decision=decision if decision in DECISIONS else "other",
               decision_word=word(decision or "answers"), dispute=str(p.get("dispute", "")), whose=whose,
               text=_quoted(p))


#: the reasons the server itself records (service/table/games.py, rematch.py,
#: service/tournaments/director.py) or its lobby page sends (service/web/lobby.js), in English
#: as recorded — events are forever, so they are re-worded here by their exact words; a reason
#: an organizer typed is shown as typed
SERVER_REASONS = {
    "the tournament's bot plays this seat": "log-why-tournament-bot",
    "the server's bot played this seat in the game this one is the rematch of": "log-why-rematch-bot",
    "the entrant did not play (the tournament's no-show rule)": "log-why-no-show",
    "a seat the organizer gave to the server's bot in the lobby": "log-why-lobby-bot",
}


def _reason(p: dict):
    recorded = p.get("reason", "")
    return Msg(SERVER_REASONS[recorded]) if recorded in SERVER_REASONS else recorded


def _because(p: dict) -> Msg:
    if p.get("dispute") is not None:
        return Msg("log-because-dispute", reason=_reason(p), dispute=str(p["dispute"]))
    return Msg("log-because", reason=_reason(p))


def _amended(e: dict, who: Who) -> Msg:
    p = e["payload"]
    now = who(p["winner"]) if p.get("winner") is not None else Msg("log-nobody")
    was = who(p["winner_was"]) if isinstance(p.get("winner_was"), int) else Msg("log-nobody")
    return Msg("log-result-amended", now=now, was=was, because=_because(p))


def _deadline_set(e: dict, who: Who) -> Msg:
    p = e["payload"]
    seats = p["seats"] or []
    return Msg("log-deadline-set", seats=_seats(who, seats), n=len(seats), seconds=p["seconds"],
               step=_step(p["step"]), due=p["due_at"])


ENGINE_SENTENCES: dict[str, Callable[[dict, Who], Msg]] = {
    "game_created": lambda e, who: Msg("log-game-created", ruleset=term("log-ruleset-", e["payload"]["ruleset"]),
                                       seats=e["payload"]["seats"], rng=term("log-rng-", e["payload"]["rng_mode"])),
    "seat_joined": lambda e, who: Msg("log-seat-joined", name=e["payload"]["name"], seat=e["payload"]["seat"]),
    "rematch_of": lambda e, who: Msg("log-rematch-of", game=e["payload"]["game_id"]),
    "game_started": lambda e, who: Msg("log-game-started"),
    "said": lambda e, who: Msg("log-said", seat=_by(e, who), text=e["payload"]["text"]),
    "seed_revealed": lambda e, who: Msg("log-seed-revealed", seed=e["payload"]["seed"][:12]),
    "dice_rolled": lambda e, who: Msg("log-dice-rolled", dice=Join(e["payload"]["dice"]),
                                      purpose=_step(e["payload"]["purpose"])),
    "deck_shuffled": lambda e, who: Msg("log-deck-shuffled", deck=_step(e["payload"]["deck"])),
    "deadline_set": _deadline_set,
    "deadline_cleared": lambda e, who: Msg("log-deadline-cleared"),
    "deadline_extended": lambda e, who: Msg("log-deadline-extended", seconds=e["payload"]["seconds"],
                                            due=e["payload"]["due_at"]),
    "deadline_expired": lambda e, who: Msg("log-deadline-expired", step=_step(e["payload"]["step"]),
                                           seats=_seats(who, e["payload"]["seats"])),
    "clock_paused": lambda e, who: Msg("log-clock-paused"),
    "clock_resumed": lambda e, who: Msg("log-clock-resumed", seconds=round(e["payload"]["paused_seconds"])),
    "dispute_filed": _dispute_filed,
    "dispute_resolved": _dispute_resolved,
    "seat_forfeited": lambda e, who: Msg("log-seat-forfeited", seat=who(e["payload"]["seat"]),
                                         because=_because(e["payload"])),
    "seat_replaced": lambda e, who: Msg("log-seat-replaced", seat=who(e["payload"]["seat"]),
                                        because=_because(e["payload"])),
    "seat_given_to_bot": lambda e, who: Msg("log-seat-given-to-bot", seat=who(e["payload"]["seat"]),
                                            strategy=word(e["payload"]["strategy"]), because=_because(e["payload"])),
    "seat_given_back": lambda e, who: Msg("log-seat-given-back", seat=who(e["payload"]["seat"]),
                                          because=_because(e["payload"])),
    "game_annulled": lambda e, who: Msg("log-game-annulled", because=_because(e["payload"])),
    "result_amended": _amended,
}


def sentence(event: dict, ruleset, who: Who) -> Msg:
    """The event (already redacted for the reader) as one sentence, not yet in a language."""
    own = getattr(ruleset, "sentences", None) or {}
    kind = event["type"]
    try:
        if kind in own:
            return own[kind](event["payload"], who)
        if kind in ENGINE_SENTENCES:
            return ENGINE_SENTENCES[kind](event, who)
    except (KeyError, TypeError, ValueError, AttributeError):
        pass  # an older payload shape: fall through to the plain line rather than fail the log
    return Msg("log-plain", kind=kind.replace("_", " ").capitalize())


def text(lang: str, event: dict, ruleset, who: Who) -> str:
    """The sentence in `lang`."""
    return render(lang, sentence(event, ruleset, who))


def has_sentence(kind: str, ruleset) -> bool:
    return kind in (getattr(ruleset, "sentences", None) or {}) or kind in ENGINE_SENTENCES
