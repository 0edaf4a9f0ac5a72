"""Read-only helpers over `state["game"]`: lookups, Muscle order, influence levels.

The game dict is plain JSON: players and speakeasies are lists (players ordered by seat,
speakeasies smallest first), every mapping keyed by strings ("1", not 1).
"""
from __future__ import annotations

from . import data


def game_of(state: dict) -> dict:
    return state["game"]


def player(game: dict, seat: int) -> dict:
    return game["players"][int(seat) - 1]


def seats(game: dict) -> list[int]:
    return [p["seat"] for p in game["players"]]


def speakeasy(game: dict, sid: str) -> dict | None:
    for s in game["speakeasies"]:
        if s["id"] == sid:
            return s
    return None


def face_down(p: dict) -> int:
    """How many cards a player holds face down: Thug cards and kept Windfall draws. Others
    see only this number, so a blind draw does not show whether it was a Thug card."""
    return len(p["thug_cards"]) + len(p.get("windfall") or [])


def muscle(game: dict, seat: int) -> int:
    """The seat's displayed Muscle this round (0 before the reveal), Big City Boys included."""
    bonus = effects(game).get("muscle_bonus", {}).get(str(seat), 0)
    return (player(game, seat)["displayed_muscle"] or 0) + bonus


def muscle_rank(game: dict, seat: int) -> int:
    """Sort key for Muscle: a tie Big City Boys creates goes to the higher printed number."""
    return muscle(game, seat) * 100 + (player(game, seat)["displayed_muscle"] or 0)


def effects(game: dict) -> dict:
    """This round's Thug card effects (cleared when the round ends)."""
    return game.get("effects") or {}


def muscle_displayed(game: dict) -> bool:
    return bool(game["players"]) and all(p["displayed_muscle"] is not None for p in game["players"])


def muscle_order(game: dict) -> list[int]:
    """Highest displayed Muscle first (cards are unique, so no ties)."""
    return sorted(seats(game), key=lambda s: (-muscle_rank(game, s), s))


def markers_in_supply(game: dict, seat: int) -> int:
    """Of a player's 20 markers, those neither in the back room nor on a speakeasy."""
    placed = sum(s["influence"].get(str(seat), 0) for s in game["speakeasies"])
    return data.MARKERS_PER_PLAYER - player(game, seat)["back_room"]["influence"] - placed


def improvements_in_supply(game: dict) -> int:
    held = sum(p["back_room"]["improvements"] for p in game["players"])
    placed = sum(s["improvements"] for s in game["speakeasies"])
    return data.SPEAKEASY_IMPROVEMENT_MARKERS - held - placed


def remote_stills_in_play(game: dict) -> int:
    return sum(len(p["stills"]) - 1 for p in game["players"])


def graft_due(game: dict, seat: int) -> int:
    """Graft on the trucks the seat owns (also those it rented out; never favor or rented-in
    trucks); nothing while its Friendly Union Boss is displayed."""
    if player(game, seat).get("union_boss"):
        return 0
    owned = [t for p in game["players"] for t in p["trucks"]
             if not t.get("favor") and t.get("rented_from", p["seat"]) == seat]
    return sum(data.TRUCKS[t["size"]]["graft"] for t in owned)


def find_truck(game: dict, truck_id: str) -> tuple[dict, dict] | tuple[None, None]:
    """(operator's player dict, truck dict) wherever the truck is, or (None, None)."""
    for p in game["players"]:
        for t in p["trucks"]:
            if t["id"] == truck_id:
                return p, t
    return None, None


def still(p: dict, still_id: str) -> dict | None:
    for s in p["stills"]:
        if s["id"] == still_id:
            return s
    return None


def truck(p: dict, truck_id: str) -> dict | None:
    for t in p["trucks"]:
        if t["id"] == truck_id:
            return t
    return None


def compute_levels(influence: dict[str, int], muscle_of) -> dict[str, str]:
    """Controlling / majority / minority exactly as the rulebook defines them.

    Controlling: at least as many markers as all others combined (a tie between two goes to
    the higher Muscle, the other is minority). Majority: more than any single other but fewer
    than all others combined. Everyone else with a marker: minority.
    """
    holders = [(int(s), n) for s, n in influence.items() if n > 0]
    if not holders:
        return {}
    holders.sort(key=lambda h: (-h[1], -muscle_of(h[0]), h[0]))
    total = sum(n for _, n in holders)
    top_seat, top_n = holders[0]
    levels = {str(s): "minority" for s, _ in holders}
    if top_n >= total - top_n:
        levels[str(top_seat)] = "controlling"
    elif len(holders) == 1 or top_n > holders[1][1]:
        levels[str(top_seat)] = "majority"
    return {k: levels[k] for k in sorted(levels, key=int)}


def closed_because(game: dict, s: dict) -> str:
    """Why a speakeasy is closed, in a player's words."""
    if s["id"] in effects(game).get("busted", []):
        return "the G-Men busted it this round"
    placed = sum(s["influence"].values())
    return f"it needs {s['shaded']} influence markers to open and has {placed}"


def refresh_speakeasy(game: dict, s: dict) -> None:
    """Recompute `open` and `levels` after influence or Muscle changed."""
    fx = effects(game)
    busted = s["id"] in fx.get("busted", [])
    if s["id"] == "omalleys":
        s["open"], s["levels"] = not busted, {}
        return
    s["open"] = sum(s["influence"].values()) >= s["shaded"] and not busted
    if s["id"] in fx.get("copper", []):
        s["levels"] = {}                    # Copper in the House: no influence this round
        return
    levels = compute_levels(s["influence"], lambda seat: muscle_rank(game, seat))
    boss = fx.get("big_payoff", {}).get(s["id"])
    if boss is not None:                    # Big Payoff: the payer controls, the rest minority
        levels = {k: "minority" for k in levels}
        levels[str(boss)] = "controlling"
        levels = {k: levels[k] for k in sorted(levels, key=int)}
    s["levels"] = levels


def leader(s: dict) -> int | None:
    """The seat with Controlling or Majority influence here, if any."""
    for seat, level in s["levels"].items():
        if level in ("controlling", "majority"):
            return int(seat)
    return None


def controller(s: dict) -> int | None:
    """The seat with Controlling influence (the one paid the Profit Margin), if any."""
    for seat, level in s["levels"].items():
        if level == "controlling":
            return int(seat)
    return None


def dock_for(s: dict, seat: int) -> str:
    """Which dock a truck operated by `seat` lines up at, as influence stands now."""
    if s["id"] == "omalleys":
        return "line"
    level = s["levels"].get(str(seat))
    if level in ("controlling", "majority"):
        return "majority"
    return "minority" if level == "minority" else "public"


def sname(sid: str) -> str:
    return data.SPEAKEASY_NAMES.get(sid, sid)
