"""The Action phase: a die moves a pawn, and where it lands decides what happens.

One `move` command spends one die. The player's own pawn may not land on a Law pawn; each
Law pawn moves at most once a turn. Landings (seed, "LANDING ON ..." and "MOVING THE ..."):
own pawn with no Cases on an opponent with Cases steals 1D6 of them; on a Source with Cases
the player may buy; on a dry Establishment the player may sell all. The Police confiscate
a wet Establishment's Cases, the Prohibition Agent a player pawn's, the FBI a Source's.
"""
from __future__ import annotations

from service.rules.common.names import who
from service.rules.errors import Message, RuleViolation

from . import data
from .flow import open_step
from .model import destination, law_at, player, space, targets

WHO = {"own": "your pawn", **data.LAW_NAMES}


def _where(n: int) -> str:
    return f"space {n} ({data.name(n)})"


def _space(n: int) -> Message:
    """A track space as a catalog message ("space 7 (Canada)")."""
    return Message("problem-pr-space", number=n)


def _pawn(pawn: str) -> Message:
    return Message("problem-pr-pawn", pawn=pawn)


def _seats(g: dict, seats) -> str:
    """"Bix (2), Ann (3)": the players by name, each with the seat a command names."""
    return ", ".join(f"{who(g, s)} ({s})" for s in seats) or "–"


def check_move(g: dict, seat: int, cmd: dict) -> tuple[int, int | None]:
    """The destination and the robbed/stung seat of a legal move, else RuleViolation."""
    t, die, pawn = g["turn"], cmd["die"], cmd["pawn"]
    if die not in t["dice"]:
        left = " and ".join(map(str, t["dice"])) or "none"
        raise RuleViolation("die_not_rolled", f"you have no {die} to use; your dice left "
                            f"this turn: {left}",
                            message=Message("problem-pr-no-such-die", die=die,
                                            left=", ".join(map(str, t["dice"])) or "–"))
    if pawn in t["law_moved"]:
        raise RuleViolation("law_pawn_moved", f"{WHO[pawn]} has already moved this turn; "
                            "a Law pawn moves at most once per turn",
                            message=Message("problem-pr-law-moved", pawn=_pawn(pawn)))
    to = destination(g, seat, pawn, die, cmd["direction"])
    if pawn == "own" and law_at(g, to):
        names = " and ".join(data.LAW_NAMES[p] for p in law_at(g, to))
        raise RuleViolation("law_pawn_there", f"{names} stands on {_where(to)}; you may not "
                            "move your pawn onto a Law pawn",
                            message=Message("problem-pr-law-there", pawns=[_pawn(p) for p in law_at(g, to)],
                                            count=len(law_at(g, to)), space=_space(to)))
    choices = targets(g, seat, pawn, to)
    target = cmd.get("target")
    if target is None:
        if len(choices) > 1:
            raise RuleViolation("target_needed", f"several pawns{' with Cases' if pawn == 'own' else ''} stand on "
                                f"{_where(to)}; name the one to {'rob' if pawn == 'own' else 'sting'}"
                                f" as target (seats {', '.join(map(str, choices))})", status=422,
                                message=Message("problem-pr-target-needed", own="yes" if pawn == "own" else "no",
                                                space=_space(to), seats=_seats(g, choices)))
        return to, choices[0] if choices else None
    if target not in choices:
        raise RuleViolation("bad_target", f"seat {target} cannot be "
                            f"{'robbed' if pawn == 'own' else 'stung'} there; the choices on "
                            f"{_where(to)} are: {', '.join(map(str, choices)) or 'none'}",
                            status=422,
                            message=Message("problem-pr-bad-target", seat=str(target), player=who(g, target),
                                            own="yes" if pawn == "own" else "no", space=_space(to),
                                            seats=_seats(g, choices)))
    return to, target


def move(em, seat: int, cmd: dict) -> None:
    g = em.game
    to, target = check_move(g, seat, cmd)
    pawn = cmd["pawn"]
    frm = player(g, seat)["space"] if pawn == "own" else g["law"][pawn]
    em.emit("pawn_moved", {"seat": seat, "pawn": pawn, "die": cmd["die"],
                           "direction": cmd["direction"], "from": frm, "to": to})
    if pawn == "own":
        _land(em, seat, to, target)
    else:
        _law_lands(em, seat, pawn, to, target)


def _land(em, seat: int, to: int, robbed: int | None) -> None:
    g = em.game
    if robbed is not None:
        roll = em.roll("steal", 1, seat=seat, victim=robbed)[0]
        em.emit("cases_stolen", {"seat": seat, "from": robbed, "roll": roll,
                                 "cases": min(roll, player(g, robbed)["cases"])})
    here, me = space(g, to), player(g, seat)
    if here["kind"] == data.SOURCE and here["cases"] > 0 and me["bankrolls"] >= data.CASE_PRICE:
        top = min(here["cases"], me["bankrolls"] // data.CASE_PRICE)
        open_step(em, "buy", seat, space=to, max=top)
    elif here["kind"] == data.ESTABLISHMENT and here["cases"] == 0 and me["cases"] > 0:
        open_step(em, "sell", seat, space=to, max=me["cases"])


def _law_lands(em, seat: int, pawn: str, to: int, stung: int | None) -> None:
    here = space(em.game, to)
    if pawn == "agent" and stung is not None:      # the picked pawn, with or without Cases
        em.emit("cases_confiscated", {"by": pawn, "space": to, "seat": stung,
                                      "cases": player(em.game, stung)["cases"], "mover": seat})
    elif ((pawn == "police" and here["kind"] == data.ESTABLISHMENT)
          or (pawn == "fbi" and here["kind"] == data.SOURCE)) and here["cases"] > 0:
        em.emit("cases_confiscated", {"by": pawn, "space": to, "cases": here["cases"],
                                      "mover": seat})


def buy(em, seat: int, cmd: dict) -> None:
    offer, n = em.game["offer"], cmd["cases"]
    if n > offer["max"]:
        here, me = space(em.game, offer["space"]), player(em.game, seat)
        raise RuleViolation("too_many_cases", f"you can buy at most {offer['max']} Cases here: "
                            f"{_where(offer['space'])} holds {here['cases']} and you have "
                            f"{me['bankrolls']} Bankrolls at {data.CASE_PRICE} each", status=409,
                            message=Message("problem-pr-too-many-cases", most=offer["max"],
                                            space=_space(offer["space"]), cases=here["cases"],
                                            bankrolls=me["bankrolls"], price=data.CASE_PRICE))
    em.emit("cases_bought", {"seat": seat, "space": offer["space"], "cases": n,
                             "cost": n * data.CASE_PRICE})


def sell(em, seat: int, cmd: dict) -> None:
    offer = em.game["offer"]
    if cmd["accept"]:
        n = player(em.game, seat)["cases"]
        em.emit("cases_sold", {"seat": seat, "space": offer["space"], "cases": n,
                               "paid": n * data.SALE_PRICE})
    else:
        em.emit("sale_declined", {"seat": seat, "space": offer["space"]})


def end_turn(em, seat: int, cmd: dict) -> None:
    em.emit("dice_declined", {"seat": seat, "dice": list(em.game["turn"]["dice"])})
