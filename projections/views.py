"""What each viewer may see: one redaction per viewer class, for state and events alike.

Every path out of the service — state, `?at=N` time travel, command answers, the event list
and the live stream — goes through `view_state` or `view_event`. Secrets the engine owns
(token hashes, the organizer's dice script, deck order, the seed before the end) are
removed here; the ruleset removes its own (hands, sealed bids, drawn cards).

Hash-chain fields are shown to the organizer, and to everyone once the game is over: while
it runs, the hash of an event with a hidden field (a sealed bid of one of 72 cards) could
be brute-forced from its hash, so players and spectators get the chain at the end. The
organizer, from whom sealed bids are hidden too, gets no chain fields from the first
unrevealed bid on (`chain_hidden_from`) until the reveal.

Once the game is over every event is public exactly as stored, payload and hashes alike
(bids, hands, deck orders, token hashes, the organizer's script), so that anyone can check
the whole record (docs/verification.md). Callers pass the stored event, not an upcast one,
for a finished game: an upcast payload would not hash to the stored hash. A dispute's text is
recorded sealed (schema version 2), so it stays its filer's and the organizer's even then: they
read it opened beside the record (`show_dispute_text`, service/table/dispute_texts.py).
"""
from __future__ import annotations

from events.canonical import copy_value


def is_organizer(viewer: dict) -> bool:
    return viewer.get("kind") == "organizer"


def chain_hidden_from(state: dict, ruleset) -> int | None:
    """The first version whose hash nobody may see yet, the organizer included (None: all
    may, subject to `shows_chain`). Always from the *current* state: a past state's hashes
    are as secret as the bids they cover until those are revealed."""
    sealed = getattr(ruleset, "sealed_since", None)
    if state["status"] == "finished" or sealed is None or state.get("game") is None:
        return None
    return sealed(state)


def shows_chain(version: int, viewer: dict, finished: bool, hidden_from: int | None) -> bool:
    if finished:
        return True
    return is_organizer(viewer) and (hidden_from is None or version < hidden_from)


def view_state(state: dict, viewer: dict, ruleset, hidden_from: int | None = None) -> dict:
    """`hidden_from`: `chain_hidden_from` of the current state, when `state` is a past one."""
    rng = state["rng"]
    out = {
        "game_id": state["game_id"],
        "ruleset": state["ruleset"],
        "ruleset_version": state["ruleset_version"],
        "version": state["version"],
        "status": state["status"],
        "created_at": state["created_at"],
        "seats_total": state["seats_total"],
        "options": public_options(state["options"], ruleset),
        "rng": {"mode": rng["mode"], "seed_commitment": rng["seed_commitment"], "seed": rng["seed"]},
        "players": [dict(seat) for seat in state["seats"]],
        "talk_count": state["talk_count"],
        "winner": state.get("winner"),
        "deadline": state.get("deadline"),
        "clock_paused_at": state.get("clock_paused_at"),
        "timeout_count": state.get("timeout_count", 0),
        "step": None,
        "waiting_for": [],
        "viewer": dict(viewer),
    }
    if is_organizer(viewer) and rng["mode"] == "scripted":
        out["rng"]["dice_used"] = rng["dice_used"]
    for key in ("ended_at", "forfeited", "annulled", "amendments", "bots", "tournament"):  # present once they happen
        if key in state:
            out[key] = copy_value(state[key])
    if state.get("game") is not None:
        if state["status"] == "running":  # an annulled game waits for nobody
            waiting = ruleset.waiting(state)
            out["step"], out["waiting_for"] = waiting.get("step"), list(waiting.get("seats", []))
        out.update(ruleset.view(state, viewer))
        if "amendments" in state or "annulled" in state:
            out["winner"] = state["winner"]  # the amended result, not the ruleset's original
        if "annulled" in state:
            out["step"], out["waiting_for"] = None, []  # stopped where it stood: nobody is awaited
    elif hasattr(ruleset, "lobby_view"):
        out.update(ruleset.lobby_view(state))
    if hidden_from is None:
        hidden_from = chain_hidden_from(state, ruleset)
    if shows_chain(state["version"], viewer, state["status"] == "finished", hidden_from):
        out["head_hash"] = state.get("head_hash")
    return out


#: options the engine reads for every ruleset: the dice, the clock, the dispute window
ENGINE_OPTIONS = frozenset({"rng", "deadlines", "dispute_window"})


def public_options(options: dict, ruleset=None) -> dict:
    """The options as created, the script left out. The API loads one option schema for
    every ruleset (with Bootleggers' defaults, `rounds: 12`, `influence: phase`); a ruleset
    that names its `own_options` shows only those and the engine's, so a Prohibition game
    does not show a round count it never reads. Without the attribute: every option."""
    out = copy_value(options)
    own = getattr(ruleset, "own_options", None)
    if own is not None:
        out = {k: v for k, v in out.items() if k in ENGINE_OPTIONS or k in own}
    rng = out.get("rng")
    if isinstance(rng, dict):
        out["rng"] = {"mode": rng.get("mode", "seeded")}
    return out


def reads_dispute(viewer: dict, filer) -> bool:
    """A dispute's text is its filer's (a game's seat, a tournament's entrant: the payload's
    `seat`) and the organizer's (a blind organizer reads a table as its referee)."""
    if is_organizer(viewer) or viewer.get("referee"):
        return True
    kind = viewer.get("kind")
    return filer is not None and kind in ("seat", "entrant") and viewer.get(kind) == filer


def show_dispute_text(event: dict, viewer: dict, texts, finished: bool) -> dict:
    """A `dispute_filed`/`dispute_resolved` copy with its `text` as `viewer` reads it. Version 2
    seals the text (`text_sealed`): opened by `texts` for the filer and the organizer, null for
    anyone else, for good. Version 1 holds it in the open: null for others while the game runs,
    and, as its hash covers it, public as stored once it is over."""
    p = event["payload"]
    sealed = "text_sealed" in p
    if finished and not sealed:
        return event
    if not reads_dispute(viewer, p.get("seat")):
        p["text"] = None
    elif sealed:
        p["text"] = texts.open_event(event) if texts is not None else None
    return event


def view_event(event: dict, viewer: dict, ruleset, finished: bool = False,
               hidden_from: int | None = None, texts=None) -> dict:
    """`texts`: what opens a sealed dispute text (service/table/dispute_texts.py), for its
    filer and the organizer; without it they read `text: null` like everyone else."""
    if finished:
        return copy_value(event)
    kind = event["type"]
    if kind == "game_created":
        event = copy_value(event)
        event["payload"].pop("organizer_token_hash", None)
        if not is_organizer(viewer):
            event["payload"].pop("script", None)
    elif kind in ("seat_joined", "seat_replaced", "seat_given_back"):
        event = copy_value(event)
        event["payload"].pop("token_hash", None)
    elif kind in ("dispute_filed", "dispute_resolved"):
        event = show_dispute_text(copy_value(event), viewer, texts, finished)
    elif kind == "deck_shuffled" and not is_organizer(viewer):
        event = copy_value(event)
        event["payload"]["count"] = len(event["payload"].pop("order") or [])
    elif kind in ("said", "game_started", "seed_revealed", "seat_forfeited", "game_annulled",
                  "result_amended", "seat_given_to_bot"):
        event = copy_value(event)
    elif ruleset is not None:
        event = ruleset.redact_event(event, viewer)
    else:
        event = copy_value(event)
    if not shows_chain(event["version"], viewer, finished, hidden_from):
        event.pop("hash", None)
        event.pop("prev_hash", None)
    return event
