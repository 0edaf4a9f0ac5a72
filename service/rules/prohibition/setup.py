"""Setup (seed, SETUP): the board, 3D6 Bankrolls each, the roll for the first player, the
first turn. Every die comes from the Oracle and is recorded as `dice_rolled`."""
from __future__ import annotations

from . import data, flow
from .emitter import Emitter


def validate_options(options: dict, seats: int) -> dict[str, list[str]]:
    """Prohibition takes no options of its own (it ignores Bootleggers' rounds/influence),
    and deals no hands a script could order."""
    if not data.MIN_SEATS <= seats <= data.MAX_SEATS:
        return {"seats": [f"Prohibition is played here by {data.MIN_SEATS} to {data.MAX_SEATS} "
                          f"players (the rules name no limit), not {seats}"]}
    if (options.get("rng") or {}).get("hands") is not None:
        return {"hands": ["Prohibition deals no hands: script its dice instead"]}
    return {}


def roll_for_first(em, seats: list[int]) -> int:
    """Roll high on 1D6; the seats tied on the highest roll roll again."""
    contenders, attempt = list(seats), 1
    while True:
        rolls = {s: em.roll("first_player", 1, seat=s, attempt=attempt)[0] for s in contenders}
        top = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == top]
        if len(contenders) == 1:
            return contenders[0]
        attempt += 1


def setup(state: dict, oracle) -> list[dict]:
    seats = sorted(s["seat"] for s in state["seats"])
    em = Emitter(state, oracle, actor="system")
    em.emit("game_setup", {
        "data_version": data.VERSION, "round_limit": data.ROUND_LIMIT,
        "players": [{"seat": s["seat"], "name": s["name"]}
                    for s in sorted(state["seats"], key=lambda s: s["seat"])]})
    for seat in seats:
        em.roll("starting_bankrolls", data.STARTING_DICE, seat=seat)
    first = roll_for_first(em, seats)
    at = seats.index(first)
    em.emit("turn_order_decided", {"first": first, "order": seats[at:] + seats[:at]})
    flow.start_turn(em, first, 1)
    flow.advance(em)
    return em.drafts
