"""Who sees whose cash (docs/rules.md "Cash is announced, not shown"; the game option `cash`).

`cash: "announced"` (the default for new games): a seat sees its own cash; the other seats'
as of the last announcement — the `cash_announced` events after Rounds 4 and 8 — and every
total once the game is over (`game_ended` announces them). Spectators see only the announced
figures. The organizer's own view shows every total (the referee already sees every hand and
deck order; a total is less secret than a hand); `as=` is the viewer named, so it shows what
that seat or a spectator sees. `cash: "open"`: every total always, for casual tables.

Events are forever: a game recorded before the option existed has no `cash` in its options,
and that absence means `open` — a default on read (`mode`), never a changed meaning.

Payments stay public events in the log (`cash_paid`: money changes hands openly at a real
table), so anyone who sums every payment from the start can rebuild a total, as a player who
keeps notes at a real table could; what the service hides is the *total*: the view's
`players[].cash`, and the two event fields that state one (`payroll.cash_before`, a
`set_cash` ruling's `cash`/`was`). No error message names another seat's total either.
"""
from __future__ import annotations

from . import data
from .steps import pending

MODES = ("announced", "open")
#: what a game with no `cash` option recorded means (games stored before it existed)
RECORDED_WITHOUT = "open"
#: what a new game gets when its creator says nothing (service/api/schemas.py GameOptions)
DEFAULT = "announced"


def mode(state: dict) -> str:
    """The game's cash option, read with the default for games recorded without one."""
    return (state.get("options") or {}).get("cash", RECORDED_WITHOUT)


def hidden(state: dict) -> bool:
    """Are totals hidden from the other seats right now? (announced, and not over yet)"""
    g = state.get("game") or {}
    return mode(state) == "announced" and not g.get("finished") and state.get("status") != "finished"


def sees_all(viewer: dict) -> bool:
    """The organizer's own view (no `as=`) shows every total."""
    return viewer.get("kind") == "organizer"


def announced_round(g: dict) -> int | None:
    """The round whose end the last `cash_announced` figures are from (None: none yet).

    The state keeps the figures, not their round (the golden records refold byte-identically,
    so the fold is unchanged): it is the last Heat round already ended — or, in the few events
    of one command between a Heat round's announcement and its `round_ended` (seen only by
    `?at=` inside that command), that round: its last step is done, nobody is awaited, the
    deals have lapsed and the figures are still everyone's cash."""
    if g.get("announced_cash") is None:
        return None
    rnd, phase = g.get("round") or 0, g.get("phase")
    done = [r for r in data.HEAT_ROUNDS if r < rnd or (r == rnd and phase == 6)]
    if rnd in data.HEAT_ROUNDS and rnd not in done:
        current = {str(p["seat"]): p["cash"] for p in g["players"]}
        if not done or (g["announced_cash"] == current and not g.get("deals") and not pending(g)):
            return rnd
    return done[-1] if done else None


def hide_in_view(state: dict, game: dict, viewer: dict, me: int | None) -> None:
    """Mutates `game` (a copy, the viewer's): every player's `cash` the viewer may not see
    becomes None, and every player gets `cash_announced`, the last announced figure."""
    game["cash_visibility"] = mode(state)
    if mode(state) != "announced":
        return
    rnd = announced_round(game)
    announced = game.get("announced_cash") or {}
    game["cash_announced_round"] = rnd
    show_all = not hidden(state) or sees_all(viewer)
    for p in game["players"]:
        p["cash_announced"] = announced.get(str(p["seat"])) if rnd is not None else None
        if not show_all and p["seat"] != me:
            p["cash"] = None


def known_figure(game: dict, p: dict) -> int:
    """A stand-in's figure for a total its seat cannot see: the last announced one, else the
    starting cash everyone got in the open (stand_in.py)."""
    announced = p.get("cash_announced")
    return announced if isinstance(announced, int) else data.STARTING_CASH


#: event fields that state a seat's total (not a payment): for that seat and the organizer
TOTAL_FIELDS = {"payroll": ("cash_before",)}


def redact_totals(kind: str, payload: dict, me: int | None, organizer: bool) -> None:
    """An event's total-stating fields, hidden from everyone but their seat and the organizer.

    Done in every game, announced or open: `redact_event` sees the event, not the game's
    options, and in an open game the same totals are in the state anyway, so nothing a viewer
    could see is lost. The payment fields (`paid`, `cash_paid.amount`) stay public."""
    if organizer or payload.get("seat") == me:
        return
    for key in TOTAL_FIELDS.get(kind, ()):
        if key in payload:
            payload[key] = None
    if kind == "ruling_applied" and payload.get("kind") == "set_cash":
        payload["cash"] = None
        payload["was"] = None
