"""One log sentence per event type (issue 15 wires them into an endpoint).

Each function takes the payload *as the viewer may see it* (views.redact_event: hidden
fields are None) and `who(seat) -> str`, and returns one English sentence; a redacted
payload yields a sentence that names nothing hidden. The end names the winning Mob and its
members ("The Beer mob (Ada and Dee) wins."), Mobs sharing the win, and, when Mobs were level
on Coins, the printed tie-break that decided (read from `who.ended`, the game as it ended,
when the log's `who` carries it; see service/desk/sentences.py).
"""
from __future__ import annotations

from typing import Callable

from . import scoring

Who = Callable[[int], str]


def _card(card) -> str:
    return f"Delivery card {card}" if card else "a Delivery card"


def _at(loc) -> str:
    return loc.replace("_", " ").title() if loc else "somewhere"


def _dealt(p: dict, who: Who) -> str:
    if p.get("mob"):
        return f"{who(p['seat'])} is dealt {p['booze']} ({p['mob']})."
    return f"{who(p['seat'])} is dealt a secret Booze card."


def _exposed(p: dict, who: Who) -> str:
    lost = f" and loses the {_at(p['movement'])} Movement card" if p.get("movement") else ""
    if p.get("by") is None:
        return (f"The Delivery deck is empty: {who(p['seat'])}, with the fewest Coins, is Exposed "
                f"as {p['mob']}{lost}.")
    return f"{who(p['by'])} guesses {p['guess']} and Exposes {who(p['seat'])}{lost}."


def _viewed(p: dict, who: Who) -> str:
    if p.get("cards") is None:
        return f"{who(p['seat'])} looks at {who(p['target'])}'s {p.get('count', 0)} Delivery cards."
    shown = ", ".join(p["cards"]) or "no cards"
    return f"{who(p['seat'])} looks at {who(p['target'])}'s Delivery cards: {shown}."


def _mob(mob) -> str:
    return str(mob).title()


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _members(p: dict, mob: str, who: Who) -> str:
    out = getattr(who, "forfeited", None) or frozenset()
    seats = sorted(int(s) for s, m in (p.get("mobs") or {}).items() if m == mob)
    return _and([who(s) + (" (forfeited)" if s in out else "") for s in seats]) if seats else ""


def _tie_break(winner: str, level: list[str], who: Who) -> str:
    """How the printed tie-breaks (seed p. 6) gave `winner` the win over the Mobs level with it
    on Coins: most opposing Bootleggers Exposed, then the Mob whose last Unexposed Bootlegger
    fell last. Read from the game as it ended (the log's `who.ended`); without it, both named."""
    others = [m for m in level if m != winner]
    game = (getattr(who, "ended", None) or {}).get("game")
    generic = ("the printed tie-breaks decide it (most opposing Bootleggers Exposed, then the Mob whose "
               "last Unexposed Bootlegger fell last)")
    try:
        exposed = {m: scoring._opposing_exposes(game, m) for m in level}
        if all(exposed[winner] > exposed[m] for m in others):
            return ("more opposing Bootleggers Exposed decide it ("
                    + ", ".join(f"{_mob(m)} {exposed[m]}" for m in level) + ")")
        stood = {m: scoring._last_standing(game, m) for m in level}
        if all(exposed[m] == exposed[winner] for m in others) and all(stood[winner] > stood[m] for m in others):
            standing = any(p["mob"] == winner and not p["exposed"] for p in game["players"])
            return (f"level on opposing Bootleggers Exposed too ({exposed[winner]} each), the {_mob(winner)} mob "
                    + ("still has an Unexposed Bootlegger" if standing else "had an Unexposed Bootlegger the longest"))
    except (KeyError, TypeError, ValueError, AttributeError):
        pass   # no game to read (a bare `who`), or a game of another shape
    return generic


def _ended(p: dict, who: Who) -> str:
    coins = ", ".join(f"{_mob(m)} {c}" for m, c in sorted(p["mob_coins"].items()))
    won = list(p.get("winners") or [p["winner"]])
    why = {"fewer_than_two_unexposed": "fewer than two Bootleggers are still Unexposed"}.get(
        p.get("reason"), str(p.get("reason") or "").replace("_", " ") or "it is over")
    start = f"The game ends: {why}. Coins by Mob: {coins}."
    if len(won) > 1:
        members = "; ".join(f"{_mob(m)}: {_members(p, m, who)}" for m in won if _members(p, m, who))
        coins = {p["mob_coins"].get(m) for m in won}
        each = f" with {coins.pop()} Coins each" if len(coins) == 1 else ""
        return f"{start} The {_and([_mob(m) for m in won])} mobs share the win{each}" + (
            f" ({members})." if members else ".")
    winner = won[0]
    members = _members(p, winner, who)
    line = f"{start} The {_mob(winner)} mob{f' ({members})' if members else ''} wins."
    top = p["mob_coins"].get(winner)
    level = [m for m, c in sorted(p["mob_coins"].items()) if c == top]
    if len(level) > 1:
        line += (f" Tie-break: {_and([_mob(m) for m in level])} are level at {top} Coins; "
                 f"{_tie_break(winner, level, who)}.")
    return line


SENTENCES: dict[str, Callable[[dict, Who], str]] = {
    "booze_setup": lambda p, who: f"The town is set: {len(p['locations'])} Locations, "
                                  f"{len(p['cards'])} Delivery cards; {who(p['baron'])} is the Booze Baron.",
    "deck_shuffled": lambda p, who: f"The {p['deck'].replace('_', ' ')} cards are shuffled.",
    "dice_rolled": lambda p, who: f"{who(p['seat'])} rolls {', '.join(map(str, p['dice']))} ({p['purpose']}).",
    "booze_dealt": _dealt,
    "delivery_drawn": lambda p, who: f"{_card(p['card'])} is placed at {_at(p['location'])}.",
    "booze_round_started": lambda p, who: f"Round {p['round']} begins; {who(p['baron'])} is the Booze Baron.",
    "booze_step_opened": lambda p, who: (
        "Everyone chooses a Movement card in secret." if p["step"] == "move"
        else f"The {p['step'].replace('_', ' ')} begins with {who(p['seats'][0])}."),
    "movement_chosen": lambda p, who: (
        f"{who(p['seat'])} lays down a Movement card for {_at(p['location'])}." if p.get("location")
        else f"{who(p['seat'])} lays down a Movement card face-down."),
    "movements_revealed": lambda p, who: "Movement cards revealed: " + ", ".join(
        f"{who(int(s))} to {_at(l)}" for s, l in sorted(p["moves"].items(), key=lambda x: int(x[0]))) + ".",
    "delivery_taken": lambda p, who: f"{who(p['seat'])} takes {_card(p['card'])} ({p['how']}).",
    "tail_started": lambda p, who: f"{who(p['seat'])} Tails {who(p['target'])}"
                                   + (" from a stakeout." if p["how"] == "stakeout" else "."),
    "deliveries_viewed": _viewed,
    "delivery_stolen": lambda p, who: f"{who(p['seat'])} steals {_card(p['card'])} from {who(p['from'])}.",
    "expose_failed": lambda p, who: f"{who(p['seat'])} guesses {who(p['target'])} is {p['guess']}: wrong.",
    "bootlegger_exposed": _exposed,
    "snitch_taken": lambda p, who: f"{who(p['seat'])} takes a Snitch token.",
    "tail_dropped": lambda p, who: f"{who(p['seat'])} neither steals nor exposes.",
    "event_triggered": lambda p, who: f"{who(p['seat'])} triggers the {p['event']} Event at {_at(p['location'])}.",
    "deck_peeked": lambda p, who: (f"{who(p['seat'])} looks at the top Delivery card: {p['card']}."
                                   if p.get("card") else f"{who(p['seat'])} looks at the top Delivery card."),
    "delivery_discarded": lambda p, who: f"{who(p['seat'])} puts {_card(p.get('card'))} at the bottom "
                                         "of the deck unseen.",
    "delivery_rerouted": lambda p, who: f"{who(p['seat'])} moves {_card(p['card'])} from "
                                        f"{_at(p['from'])} to {_at(p['to'])}.",
    "gamble_lost": lambda p, who: (
        f"{who(p['seat'])} rolls {p['roll']} and loses the gamble for {_card(p['card'])}." if p.get("card")
        else f"{who(p['seat'])} rolls {p['roll']} and loses the gamble."),
    "action_passed": lambda p, who: f"{who(p['seat'])} passes.",
    "baron_passed": lambda p, who: f"The Booze Baron passes from {who(p['from'])} to {who(p['to'])}.",
    "deliveries_turned_down": lambda p, who: "All face-up Delivery cards are turned face-down.",
    "booze_round_ended": lambda p, who: f"Round {p['round']} ends.",
    "booze_game_ended": _ended,
    "booze_timed_out": lambda p, who: f"{who(p['seat'])} ran out of time: {p['default'].replace('_', ' ')}.",
}


def sentence(event: dict, who: Who) -> str:
    return SENTENCES[event["type"]](event["payload"], who)
