"""Log sentences for the engine's own events (lobby, talk, seed, clock, disputes).

Each function takes the event *as the viewer may see it* (projections.views.view_event) and
`who(seat) -> name`. A ruleset's own `sentences` table (service/rules/interface.py) is asked
first, so a ruleset may word `dice_rolled` or `deck_shuffled` its own way; these are the rest.
The log's `who` (service/desk/game_log.Names) also knows `who.forfeited`, the seats ruled out
so far, and, for the event that ends the game, `who.ended`, the state it left (all public by
then): a ruleset's end sentence marks forfeited seats and tells which tie-break decided. A
sentence reads them with `getattr`, so a bare function still works.
"""
from __future__ import annotations

from typing import Callable

Who = Callable[[int], str]


def _seats(who: Who, seats) -> str:
    return ", ".join(who(int(s)) for s in seats or []) or "nobody"


def _by(event: dict, who: Who) -> str:
    actor = event.get("actor") or {}
    if actor.get("kind") == "seat":
        return who(actor["seat"])
    return "The organizer" if actor.get("kind") == "organizer" else "The referee"


def _step(step) -> str:
    return str(step or "this step").replace("_", " ")


def _dispute_filed(e: dict, who: Who) -> str:
    p = e["payload"]
    whose = who(p["seat"]) if p.get("seat") is not None else _by(e, who)
    about = f"event {p['about']}" if p.get("about") is not None else "an event"
    return f"{whose} files dispute {p.get('dispute', '')} about {about}{_quoted(p)}"


def _quoted(p: dict) -> str:
    """A dispute's or an answer's text; hidden from other seats while the game runs."""
    if p.get("text") is None:
        return " (what it says stays the filer's until the game ends)."
    return f": \u201c{p['text']}\u201d"


def _dispute_resolved(e: dict, who: Who) -> str:
    p = e["payload"]
    whose = f" ({who(p['seat'])}'s)" if p.get("seat") is not None else ""
    return f"The organizer {p.get('decision', 'answers')} dispute {p.get('dispute', '')}{whose}{_quoted(p)}"


def _because(p: dict) -> str:
    dispute = f", answering dispute {p['dispute']}" if p.get("dispute") is not None else ""
    return f" Reason: {p.get('reason', '')}{dispute}."


def _amended(e: dict, who: Who) -> str:
    p = e["payload"]
    now = who(p["winner"]) if p.get("winner") is not None else "nobody"
    was = who(p["winner_was"]) if isinstance(p.get("winner_was"), int) else "nobody"
    return f"The result is amended: the winner is now {now} (was {was})." + _because(p)


ENGINE_SENTENCES: dict[str, Callable[[dict, Who], str]] = {
    "game_created": lambda e, who: (f"The organizer opens a game of {e['payload']['ruleset']} for "
                                    f"{e['payload']['seats']} players ({e['payload']['rng_mode']} dice)."),
    "seat_joined": lambda e, who: f"{e['payload']['name']} takes seat {e['payload']['seat']}.",
    "rematch_of": lambda e, who: (f"This game is the rematch of game {e['payload']['game_id']}: the same players "
                                  "and options."),
    "game_started": lambda e, who: "The organizer starts the game.",
    "said": lambda e, who: f"{_by(e, who)} says: \u201c{e['payload']['text']}\u201d",
    "seed_revealed": lambda e, who: (f"The seed is revealed ({e['payload']['seed'][:12]}…): anyone can now "
                                     "check every die and shuffle against the commitment."),
    "dice_rolled": lambda e, who: (f"Rolled {', '.join(map(str, e['payload']['dice']))} for "
                                   f"{_step(e['payload']['purpose'])}."),
    "deck_shuffled": lambda e, who: f"The {_step(e['payload']['deck'])} deck is shuffled.",
    "deadline_set": lambda e, who: (f"{_seats(who, e['payload']['seats'])} "
                                    f"{'has' if len(e['payload']['seats']) == 1 else 'have'} "
                                    f"{e['payload']['seconds']} s for {_step(e['payload']['step'])} "
                                    f"(until {e['payload']['due_at']})."),
    "deadline_cleared": lambda e, who: "The step is done; its deadline is cleared.",
    "deadline_extended": lambda e, who: (f"The organizer extends the deadline by {e['payload']['seconds']} s "
                                         f"(now {e['payload']['due_at']})."),
    "deadline_expired": lambda e, who: (f"Time is up at {_step(e['payload']['step'])} for "
                                        f"{_seats(who, e['payload']['seats'])}."),
    "clock_paused": lambda e, who: "The organizer pauses the clock.",
    "clock_resumed": lambda e, who: (f"The organizer resumes the clock after "
                                     f"{round(e['payload']['paused_seconds'])} s."),
    "dispute_filed": _dispute_filed,
    "dispute_resolved": _dispute_resolved,
    "seat_forfeited": lambda e, who: f"The organizer rules that {who(e['payload']['seat'])} forfeits." + _because(e["payload"]),
    "seat_replaced": lambda e, who: (f"The organizer gives {who(e['payload']['seat'])}'s seat to a new player "
                                     "(the old token no longer works)." + _because(e["payload"])),
    "seat_given_to_bot": lambda e, who: (f"The organizer hands {who(e['payload']['seat'])}'s seat to the server's "
                                         f"{e['payload']['strategy']} bot." + _because(e["payload"])),
    "seat_given_back": lambda e, who: (f"The organizer hands {who(e['payload']['seat'])}'s seat back from the bot "
                                       "to a player, with a new token." + _because(e["payload"])),
    "game_annulled": lambda e, who: "The organizer annuls the game: it ends with no winner." + _because(e["payload"]),
    "result_amended": _amended,
}


def sentence(event: dict, ruleset, who: Who) -> str:
    """The event (already redacted for the reader) as one sentence."""
    own = getattr(ruleset, "sentences", None) or {}
    kind = event["type"]
    try:
        if kind in own:
            return own[kind](event["payload"], who)
        if kind in ENGINE_SENTENCES:
            return ENGINE_SENTENCES[kind](event, who)
    except (KeyError, TypeError, ValueError, AttributeError):
        pass  # an older payload shape: fall through to the plain line rather than fail the log
    return f"{kind.replace('_', ' ').capitalize()}."


def has_sentence(kind: str, ruleset) -> bool:
    return kind in (getattr(ruleset, "sentences", None) or {}) or kind in ENGINE_SENTENCES
