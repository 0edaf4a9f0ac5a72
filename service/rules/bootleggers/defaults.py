"""What a seat is taken to have sent when it does not move itself: on a timeout (legal.py)
and for a forfeited seat (forfeits.py)."""
from __future__ import annotations

from .model import player
from .phase1 import default_offer
from .selling import public_question
from .shipping import at_home, fill_biggest_first


def default_command(g: dict, seat: int) -> dict:
    """docs/rules.md "Timeouts": what a seat that let the deadline pass is taken to have sent."""
    step, p = g["step"], player(g, seat)
    if step == "bid":
        return {"type": "bid", "card": min(p["muscle_hand"])}
    if step == "choose_offer":
        return default_offer(g)
    if step == "load":
        loads = fill_biggest_first(p)
        return {"type": "load", "loads": loads} if loads else {"type": "pass"}
    if step == "dispatch":
        loaded = [t["id"] for t in p["trucks"] if t["load"] > 0 and at_home(t)]
        open_ids = [s["id"] for s in g["speakeasies"] if s["open"]]   # O'Malley's unless busted
        if loaded and open_ids:
            return {"type": "dispatch", "routes": {t: open_ids[0] for t in loaded}}
        return {"type": "pass"}
    if step == "public_dock":
        return {"type": "allow_public", "truck": public_question(g)["truck"], "allow": False}
    if step == "vigorish":
        return {"type": "answer_vigorish", "pay": False}
    return {"type": "pass"}
