"""Organizer rulings: audited corrections to a table (a miscounted pile, a disputed marker).

A tournament organizer sends `{type: "ruling", kind, reason, ...}`; tests use the same command
to build a position through REST. Only the organizer may send it (`organizer_commands` on the
ruleset; the engine refuses it from seats and it never appears in legal-actions).

Every ruling is recorded as `ruling_applied {kind, reason, ..., was}` (`was` = the value it
replaced, for the audit). Its effect:

| kind | fields | effect |
|---|---|---|
| set_cash | seat, cash | a `cash_paid` from/to the bank for the difference (reason "ruling"), so money stays conserved |
| set_influence | speakeasy, seat, count | markers come from / go back to the seat's supply (not the back room) |
| set_crates | seat, crates | the seat's unloaded crates (crates are unlimited) |
| give_truck | seat, size | a `truck_taken` (reason "ruling") from the truck supply |
| remove_truck | seat, truck | an empty, unsent truck goes back to the supply |
| set_still | seat, still, dice | "family", one of the seat's remote still ids, or "new_remote" (opens one); 1-4 dice |
| set_improvements | speakeasy, count | within its squares and the 12 markers of the game |
| set_copper | seat (or null) | where the Copper stands |

`rule` (decide side) validates against the state and emits, one function per kind (`DECIDE`);
`apply` (evolve side, called from evolve.py) is the only code that changes the state for a
ruling, one function per kind that changes it (`FOLD`), as evolve dispatches by event type.
"""
from __future__ import annotations

from typing import Any, Callable

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.rules.errors import Message, RuleViolation
from service.rules.common.text import TEXT_MAX, TableText

from . import data, words
from .model import (improvements_in_supply, markers_in_supply, player, refresh_speakeasy,
                    remote_stills_in_play, sname, speakeasy, still, truck)

#: kind -> the fields it takes besides `kind` and `reason` (all required)
SHAPES: dict[str, tuple[str, ...]] = {
    "set_cash": ("seat", "cash"),
    "set_influence": ("speakeasy", "seat", "count"),
    "set_crates": ("seat", "crates"),
    "give_truck": ("seat", "size"),
    "remove_truck": ("seat", "truck"),
    "set_still": ("seat", "still", "dice"),
    "set_improvements": ("speakeasy", "count"),
    "set_copper": ("seat",),
}
KINDS = tuple(SHAPES)
NULLABLE = {("set_copper", "seat")}


# --- the command schema ------------------------------------------------------------------------
class RulingSchema(Schema):
    """One flat schema (so the OpenAPI document lists every field) whose `kind` picks the
    exact set of fields that must be present; anything else is refused."""

    kind = fields.String(required=True, validate=validate.OneOf(KINDS),
                         metadata={"description": "what the ruling corrects: " + ", ".join(
                             f"{k} {{{', '.join(v)}}}" for k, v in SHAPES.items())})
    reason = fields.String(required=True, validate=[validate.Length(min=1, max=TEXT_MAX), TableText()],
                           metadata={"description": "why (free text, recorded in the event)"})
    seat = fields.Integer(strict=True, allow_none=True, validate=validate.Range(1, data.MAX_SEAT_NUMBER),
                          metadata={"description": "the seat concerned (set_copper: null = nobody)"})
    cash = fields.Integer(strict=True, validate=validate.Range(0, data.MAX_CASH), metadata={"description": "$G"})
    speakeasy = fields.String(validate=validate.OneOf(list(data.SPEAKEASY_ORDER)))
    count = fields.Integer(strict=True, validate=validate.Range(0, data.MARKERS_PER_PLAYER),
                           metadata={"description": "influence markers / improvement markers"})
    crates = fields.Integer(strict=True, validate=validate.Range(0, data.MAX_CRATES))
    size = fields.String(validate=validate.OneOf(list(data.TRUCKS)))
    truck = fields.String(validate=validate.Length(min=1, max=40))
    still = fields.String(validate=validate.Length(min=1, max=40),
                          metadata={"description": '"family", a remote still id, or "new_remote"'})
    dice = fields.Integer(strict=True, validate=validate.Range(1, data.STILL_CAPACITY))

    @validates_schema
    def _shape(self, values: dict, **kwargs) -> None:
        kind = values.get("kind")
        if kind not in SHAPES:
            return                      # `kind` itself already failed
        wanted = set(SHAPES[kind])
        errors: dict[str, list[str]] = {}
        for name in wanted:
            if name not in values:
                errors[name] = [f"required for a {kind} ruling"]
            elif values[name] is None and (kind, name) not in NULLABLE:
                errors[name] = ["may not be null"]
        for name in set(values) - wanted - {"kind", "reason"}:
            errors[name] = [f"not a field of a {kind} ruling (it takes {', '.join(SHAPES[kind])})"]
        if errors:
            raise ValidationError(errors)


DESCRIPTION = ("Organizer only, any time while the game runs: an audited correction of the "
               "table. `kind` is one of " + ", ".join(KINDS) + "; `reason` is recorded. "
               "Refused when it would make the table inconsistent.")

F = fields
#: payload of `ruling_applied` (registered in schemas.EVENT_SPECS)
EVENT_SPEC = {
    "kind": F.String(required=True), "reason": F.String(required=True),
    "seat": F.Integer(allow_none=True), "cash": F.Integer(allow_none=True), "speakeasy": F.String(),
    "count": F.Integer(), "crates": F.Integer(), "size": F.String(), "truck": F.String(),
    "still": F.String(), "dice": F.Integer(), "was": F.Raw(allow_none=True),
}


# --- decide --------------------------------------------------------------------------------------
def _bad(detail: str, code: str = "ruling_inconsistent", status: int = 409, *,
         message: Message | None = None) -> RuleViolation:
    return RuleViolation(code, detail, status=status, message=message)


def _seat(g: dict, seat) -> int:
    seats = [p["seat"] for p in g["players"]]
    if seat not in seats:
        raise _bad(f"there is no seat {seat} in this game; the seats are "
                   f"{', '.join(map(str, seats))}", "not_a_player", 422,
                   message=Message("problem-no-such-seat", seat=str(seat), seats=words.listing(seats)))
    return int(seat)


def _speakeasy(g: dict, sid: str) -> dict:
    s = speakeasy(g, sid)
    if s is None:
        raise _bad(f"there is no speakeasy {sid!r} in this game (Volstead Imports is only used "
                   "with 6 players)", "unknown_speakeasy", 422,
                   message=Message("problem-bl-unknown-speakeasy", id=str(sid)))
    return s


def _next_remote_id(g: dict) -> str:
    used = {s["id"] for p in g["players"] for s in p["stills"]}
    return next(f"remote_{n}" for n in range(1, data.REMOTE_STILLS + 1)
                if f"remote_{n}" not in used)


def _set_cash(em, g: dict, cmd: dict, base: dict) -> None:
    seat, cash = _seat(g, cmd["seat"]), cmd["cash"]
    was = player(g, seat)["cash"]
    em.emit("ruling_applied", {**base, "seat": seat, "cash": cash, "was": was})
    if cash > was:
        em.pay("bank", seat, cash - was, "ruling")
    else:
        em.pay(seat, "bank", was - cash, "ruling")


def _set_influence(em, g: dict, cmd: dict, base: dict) -> None:
    seat, s, count = _seat(g, cmd["seat"]), _speakeasy(g, cmd["speakeasy"]), cmd["count"]
    if s["id"] == "omalleys":
        raise _bad("O'Malley's belongs to the Police Chief: no influence is placed there",
                   message=Message("problem-bl-ruling-omalleys"))
    was = s["influence"].get(str(seat), 0)
    free = markers_in_supply(g, seat)
    if count - was > free:
        raise _bad(f"seat {seat} has {was} markers at {sname(s['id'])} and {free} in supply "
                   f"(of {data.MARKERS_PER_PLAYER}); {count} is more than that",
                   message=Message("problem-bl-ruling-markers", seat=str(seat), player=words.who(g, seat),
                                   was=was, speakeasy=words.speakeasy(s["id"]), free=free,
                                   total=data.MARKERS_PER_PLAYER, count=count))
    others = sum(s["influence"].values()) - was
    if others + count > s["circles"]:
        raise _bad(f"{sname(s['id'])} has {s['circles']} circles and others hold {others} — "
                   f"seat {seat} can have at most {s['circles'] - others} there",
                   message=Message("problem-bl-ruling-circles", speakeasy=words.speakeasy(s["id"]),
                                   circles=s["circles"], others=others, seat=str(seat),
                                   player=words.who(g, seat), most=s["circles"] - others))
    em.emit("ruling_applied", {**base, "speakeasy": s["id"], "seat": seat, "count": count,
                               "was": was})


def _set_crates(em, g: dict, cmd: dict, base: dict) -> None:
    seat = _seat(g, cmd["seat"])
    em.emit("ruling_applied", {**base, "seat": seat, "crates": cmd["crates"],
                               "was": player(g, seat)["crates"]})


def _give_truck(em, g: dict, cmd: dict, base: dict) -> None:
    seat, size = _seat(g, cmd["seat"]), cmd["size"]
    left = g["truck_supply"][size]
    if not left:
        raise _bad(f"no {data.TRUCKS[size]['name']} is left in the supply "
                   f"(there are {data.TRUCK_SUPPLY[size]} in the game)",
                   message=Message("problem-bl-ruling-no-truck", size=words.truck_size(size),
                                   count=data.TRUCK_SUPPLY[size]))
    em.emit("ruling_applied", {**base, "seat": seat, "size": size, "truck": left[0],
                               "was": None})
    em.emit("truck_taken", {"seat": seat, "truck": left[0], "size": size, "reason": "ruling"})


def _remove_truck(em, g: dict, cmd: dict, base: dict) -> None:
    seat = _seat(g, cmd["seat"])
    t = truck(player(g, seat), cmd["truck"])
    if t is None:
        mine = ", ".join(x["id"] for x in player(g, seat)["trucks"]) or "none"
        raise _bad(f"seat {seat} has no truck {cmd['truck']!r}; its trucks are {mine}",
                   "unknown_truck", 422,
                   message=Message("problem-bl-ruling-unknown-truck", seat=str(seat),
                                   player=words.who(g, seat), truck=str(cmd["truck"]),
                                   trucks=words.listing(x["id"] for x in player(g, seat)["trucks"])))
    if t["load"] > 0 or t["at"] is not None:
        raise _bad(f"truck {t['id']} is loaded or lined up at a speakeasy; loaded crates "
                   "never move, so it cannot be taken away now",
                   message=Message("problem-bl-ruling-truck-busy", truck=words.truck(t["id"])))
    em.emit("ruling_applied", {**base, "seat": seat, "truck": t["id"], "size": t["size"],
                               "was": None})


def _set_still(em, g: dict, cmd: dict, base: dict) -> None:
    seat, sid, dice = _seat(g, cmd["seat"]), cmd["still"], cmd["dice"]
    p = player(g, seat)
    if sid == "new_remote":
        if remote_stills_in_play(g) >= data.REMOTE_STILLS:
            raise _bad(f"all {data.REMOTE_STILLS} Remote Stills are in play",
                       message=Message("problem-bl-remote-stills-none-left", count=data.REMOTE_STILLS))
        sid, was = _next_remote_id(g), None
    else:
        st = still(p, sid)
        if st is None:
            mine = ", ".join(s["id"] for s in p["stills"])
            raise _bad(f"seat {seat} has no still {sid!r}; its stills are {mine} "
                       '(or "new_remote" to open one)', "unknown_still", 422,
                       message=Message("problem-bl-ruling-unknown-still", seat=str(seat),
                                       player=words.who(g, seat), still=str(sid), stills=mine))
        was = st["dice"]
    em.emit("ruling_applied", {**base, "seat": seat, "still": sid, "dice": dice, "was": was})


def _set_improvements(em, g: dict, cmd: dict, base: dict) -> None:
    s, count = _speakeasy(g, cmd["speakeasy"]), cmd["count"]
    if count > s["squares"]:
        raise _bad(f"{sname(s['id'])} has {s['squares']} improvement squares; {count} do "
                   "not fit", message=Message("problem-bl-ruling-squares", speakeasy=words.speakeasy(s["id"]),
                                              squares=s["squares"], count=count))
    free = improvements_in_supply(g)
    if count - s["improvements"] > free:
        raise _bad(f"only {free} of the {data.SPEAKEASY_IMPROVEMENT_MARKERS} speakeasy "
                   f"improvement markers are in the supply; {sname(s['id'])} has "
                   f"{s['improvements']}, so it can have at most {s['improvements'] + free}",
                   message=Message("problem-bl-ruling-improvements", free=free,
                                   total=data.SPEAKEASY_IMPROVEMENT_MARKERS,
                                   speakeasy=words.speakeasy(s["id"]), has=s["improvements"],
                                   most=s["improvements"] + free))
    em.emit("ruling_applied", {**base, "speakeasy": s["id"], "count": count,
                               "was": s["improvements"]})


def _set_copper(em, g: dict, cmd: dict, base: dict) -> None:
    seat = None if cmd["seat"] is None else _seat(g, cmd["seat"])
    em.emit("ruling_applied", {**base, "seat": seat, "was": g["copper_at"]})


#: `DECIDE[kind](emitter, game, command, base)`: validate one kind of ruling and emit its
#: events (`base` is the event's `kind` and `reason`); one entry per kind of SHAPES.
DECIDE: dict[str, Callable[[Any, dict, dict, dict], None]] = {
    "set_cash": _set_cash,
    "set_influence": _set_influence,
    "set_crates": _set_crates,
    "give_truck": _give_truck,
    "remove_truck": _remove_truck,
    "set_still": _set_still,
    "set_improvements": _set_improvements,
    "set_copper": _set_copper,
}
assert DECIDE.keys() == SHAPES.keys(), "one decision per kind of ruling"


def rule(em, actor: dict, cmd: dict) -> None:
    """Validate a ruling against the table and emit its events."""
    if actor.get("kind") != "organizer":
        raise RuleViolation("organizer_only", "only the organizer may make a ruling", status=403,
                            message=Message("problem-organizer-only-ruling"))
    kind = cmd["kind"]
    base = {"kind": kind, "reason": cmd["reason"]}
    decide = DECIDE.get(kind)
    if decide is None:                              # the schema lets no other kind through
        raise _bad(f"unknown ruling kind {kind!r}", "unknown_ruling", 422,
                   message=Message("problem-bl-unknown-ruling", kind=str(kind)))
    decide(em, em.game, cmd, base)


# --- evolve --------------------------------------------------------------------------------------
def _fold_influence(g: dict, p: dict) -> None:
    s, key = speakeasy(g, p["speakeasy"]), str(p["seat"])
    influence = {k: v for k, v in s["influence"].items() if k != key}
    if p["count"] > 0:
        influence[key] = p["count"]
    s["influence"] = {k: influence[k] for k in sorted(influence, key=int)}
    refresh_speakeasy(g, s)


def _fold_crates(g: dict, p: dict) -> None:
    player(g, p["seat"])["crates"] = p["crates"]


def _fold_remove_truck(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["trucks"] = [t for t in pl["trucks"] if t["id"] != p["truck"]]
    supply = g["truck_supply"][p["size"]] + [p["truck"]]
    g["truck_supply"][p["size"]] = sorted(supply, key=lambda t: int(t.rsplit("_", 1)[1]))


def _fold_still(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    st = still(pl, p["still"])
    if st is None:
        pl["stills"].append({"id": p["still"], "dice": p["dice"], "last_roll": []})
    else:
        st["dice"] = p["dice"]


def _fold_improvements(g: dict, p: dict) -> None:
    speakeasy(g, p["speakeasy"])["improvements"] = p["count"]


def _fold_copper(g: dict, p: dict) -> None:
    g["copper_at"] = p["seat"]


#: `FOLD[kind](game, payload)`: what a `ruling_applied` of that kind changes. set_cash and
#: give_truck are absent: their `cash_paid` / `truck_taken` events that follow carry the effect.
FOLD: dict[str, Callable[[dict, dict], None]] = {
    "set_influence": _fold_influence,
    "set_crates": _fold_crates,
    "remove_truck": _fold_remove_truck,
    "set_still": _fold_still,
    "set_improvements": _fold_improvements,
    "set_copper": _fold_copper,
}


def apply(g: dict, p: dict) -> None:
    """Fold one `ruling_applied` (a kind not in FOLD changes nothing here)."""
    change = FOLD.get(p["kind"])
    if change is not None:
        change(g, p)
