"""One log sentence per event type (issue 15 wires them into an endpoint).

Each function takes the payload *as the viewer may see it* (views.redact_event: hidden
fields are None) and `who(seat) -> str`, and returns one English sentence; a redacted
payload yields a sentence that names nothing hidden.
"""
from __future__ import annotations

from typing import Callable

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


def _ended(p: dict, who: Who) -> str:
    coins = ", ".join(f"{m} {c}" for m, c in sorted(p["mob_coins"].items()))
    return f"The game ends; Coins by Mob: {coins}. {' and '.join(p['winners'])} win."


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
    "gamble_lost": lambda p, who: f"{who(p['seat'])} rolls {p['roll']} and loses the gamble for {_card(p['card'])}.",
    "action_passed": lambda p, who: f"{who(p['seat'])} passes.",
    "baron_passed": lambda p, who: f"The Booze Baron passes from {who(p['from'])} to {who(p['to'])}.",
    "deliveries_turned_down": lambda p, who: "All face-up Delivery cards are turned face-down.",
    "booze_round_ended": lambda p, who: f"Round {p['round']} ends.",
    "booze_game_ended": _ended,
    "booze_timed_out": lambda p, who: f"{who(p['seat'])} ran out of time: {p['default'].replace('_', ' ')}.",
}


def sentence(event: dict, who: Who) -> str:
    return SENTENCES[event["type"]](event["payload"], who)
