"""Moving things out of the back room: influence markers, still dice, speakeasy improvements.

Each check names the rule and the numbers, because the detail is shown to the player.
"""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data, words
from .model import player, sname, speakeasy, still


def _known_speakeasy(g: dict, sid: str) -> dict:
    s = speakeasy(g, sid)
    if s is None:
        ids = ", ".join(x["id"] for x in g["speakeasies"])
        extra = " (Volstead Imports is only used with 6 players)" if sid == "volstead" else ""
        raise RuleViolation("unknown_speakeasy", f"there is no speakeasy {sid!r} in this "
                            f"game{extra}; the speakeasies are {ids}", status=422,
                            message=Message("problem-bl-unknown-speakeasy-listed", id=str(sid), ids=ids,
                                            volstead="yes" if sid == "volstead" else "no"))
    return s


def check_influence(g: dict, seat: int, placements: dict) -> None:
    p = player(g, seat)
    total = sum(placements.values())
    locked = g["effects"]["safe_house"].get(str(seat), 0)     # Safe-house: not this round
    have = max(0, p["back_room"]["influence"] - locked)
    if not placements:
        raise RuleViolation("empty_placement", "name at least one speakeasy and a count; "
                            'send "pass" to place nothing', status=422,
                            message=Message("problem-bl-empty-placement"))
    if total > have:
        raise RuleViolation("insufficient_markers", f"you want to place {total} influence "
                            f"markers but have {have} in your back room that may be placed"
                            + (f" ({locked} came back by Safe-house this round)" if locked else ""),
                            message=Message("problem-bl-too-few-markers", want=total, have=have,
                                            locked=locked))
    for sid, n in placements.items():
        s = _known_speakeasy(g, sid)
        if sid == "omalleys":
            raise RuleViolation("no_influence_here", "O'Malley's belongs to the Police Chief: "
                                "no mobster can place influence there",
                                message=Message("problem-bl-omalleys-no-influence"))
        if n < 1:
            raise RuleViolation("bad_count", f"place at least 1 marker at {sname(sid)} "
                                "(or leave it out)", status=422,
                                message=Message("problem-bl-place-at-least-one",
                                                speakeasy=words.speakeasy(sid)))
        taken = sum(s["influence"].values())
        if taken + n > s["circles"]:
            raise RuleViolation("capacity", f"{sname(sid)} has {s['circles']} circles and "
                                f"{taken} are taken — you can place {s['circles'] - taken} more",
                                message=Message("problem-bl-circles-full", speakeasy=words.speakeasy(sid),
                                                circles=s["circles"], taken=taken,
                                                room=s["circles"] - taken))


def placeable(g: dict, seat: int) -> int:
    """Back-room markers the seat may place now (Safe-house's are locked this round)."""
    locked = g["effects"]["safe_house"].get(str(seat), 0)
    return max(0, player(g, seat)["back_room"]["influence"] - locked)


def room(g: dict, s: dict) -> int:
    return 0 if s["id"] == "omalleys" else s["circles"] - sum(s["influence"].values())


def can_place(g: dict, seat: int) -> bool:
    return placeable(g, seat) > 0 and any(room(g, s) > 0 for s in g["speakeasies"])


def declaring(g: dict) -> bool:
    """Under "anytime influence", placements in an open thug window are declared and settle
    in Muscle order with the declared cards (the rulebook's pre-emption)."""
    return g["influence_mode"] == "anytime" and g["step"] == "thug_window"


def place_influence(em, seat: int, cmd: dict) -> None:
    g = em.game
    placements = dict(cmd["placements"])
    if declaring(g) and seat in g["step_done"]:
        raise RuleViolation("already_answered", "you have answered this round of the Thug "
                            "window (declared or passed); declarations settle in Muscle order, "
                            "then the window asks everyone again",
                            message=Message("problem-bl-already-answered"))
    check_influence(g, seat, placements)
    ordered = {sid: placements[sid] for sid in data.SPEAKEASY_ORDER if sid in placements}
    if declaring(g):
        em.emit("influence_declared", {"seat": seat, "placements": ordered})
    else:
        em.emit("influence_placed", {"seat": seat, "placements": ordered})


def what_still_fits(g: dict, seat: int, placements: dict) -> dict:
    """A declared placement as far as it still fits, in the order declared: a pre-emption
    cannot be taken back, so its player places every marker that still can be placed."""
    left, out = placeable(g, seat), {}
    for sid, n in placements.items():
        k = min(n, left, room(g, speakeasy(g, sid)))
        if k > 0:
            out[sid], left = k, left - k
    return out


def place_die(em, seat: int, cmd: dict) -> None:
    p = player(em.game, seat)
    if p["back_room"]["dice"] < 1:
        raise RuleViolation("nothing_in_back_room", "you have no still improvement die in your "
                            "back room", message=Message("problem-bl-no-die-in-back-room"))
    st = still(p, cmd["still"])
    if st is None:
        mine = ", ".join(s["id"] for s in p["stills"])
        raise RuleViolation("unknown_still", f"you have no still {cmd['still']!r}; your stills "
                            f"are {mine}", status=422,
                            message=Message("problem-bl-no-such-still", still=str(cmd["still"]), stills=mine))
    if st["dice"] >= data.STILL_CAPACITY:
        raise RuleViolation("capacity", f"your {st['id'].replace('_', ' ')} still already holds "
                            f"{st['dice']} dice, the most a still can hold "
                            f"(1 production die + 3 improvement squares)",
                            message=Message("problem-bl-still-full", still=words.still(st["id"]),
                                            dice=st["dice"]))
    em.emit("die_placed", {"seat": seat, "still": st["id"]})


def place_improvement(em, seat: int, cmd: dict) -> None:
    p, sid = player(em.game, seat), cmd["speakeasy"]
    if p["back_room"]["improvements"] < 1:
        raise RuleViolation("nothing_in_back_room", "you have no speakeasy improvement marker "
                            "in your back room", message=Message("problem-bl-no-improvement-in-back-room"))
    s = _known_speakeasy(em.game, sid)
    if s["squares"] == 0:
        raise RuleViolation("capacity", "O'Malley's has no improvement squares: influence and "
                            "improvements do not affect it", message=Message("problem-bl-omalleys-no-squares"))
    if s["improvements"] >= s["squares"]:
        raise RuleViolation("capacity", f"{sname(sid)} has {s['squares']} improvement squares "
                            f"and all {s['improvements']} are taken",
                            message=Message("problem-bl-squares-full", speakeasy=words.speakeasy(sid),
                                            squares=s["squares"], taken=s["improvements"]))
    em.emit("improvement_placed", {"seat": seat, "speakeasy": sid})
