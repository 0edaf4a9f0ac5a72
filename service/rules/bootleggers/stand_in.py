"""A stand-in of the game for one seat's look-ahead: what the seat sees, with everything
hidden from it dealt again.

A bot that weighs its moves (greedy: the most cash right after) must not weigh them on
what its seat cannot see: others' Muscle hands and sealed bids, their face-down Thug cards
and Windfall draws, what they declared face down, deck order. The stand-in is built from
the seat's own view (views.py) alone, so it cannot carry any of that: a hidden card becomes
one dealt, by the look-ahead's oracle (service/bots/look_ahead.py: a stand-in seed, never the
game's), from the cards the seat has not seen; a card named in a deal with the seat stays
where the seat knows it is. Others' face-down declarations are left out (as if they
declared nothing). Under `cash: "announced"` another seat's total the view hides is its last
announced figure (cash.py; the starting cash before the first announcement): the stand-in
never reads a hidden total from the full state.
"""
from __future__ import annotations

from service.rules.common.views import seat_of
from service.rules.interface import Oracle

from . import cash, data, deals, views

_MOA = frozenset(data.men_of_action_deck())
_TRUCK_CARDS = frozenset(data.truck_deck())
_THUGS = sorted(c for c in _MOA if data.card_kind(c).startswith("thug:"))
_MUSCLE = range(1, max(last for _, last in data.MUSCLE_QUARTERS.values()) + 1)


def stand_in(state: dict, seat: int, oracle: Oracle) -> dict:
    """`state` with its game replaced by the seat's view, every hidden card dealt again by
    `oracle`'s shuffles."""
    viewer = {"kind": "seat", "seat": seat}
    game = views.view(state, viewer)
    if game is None:
        return {**state}
    me = seat_of(viewer)
    _fill_cash(game, me, _unpayable_offers(state["game"], me))
    _deal_muscle(game, me, oracle)
    _deal_cards(game, me, oracle)
    game["declared"] = [d for d in game.get("declared") or [] if d["seat"] == me]
    return {**state, "game": game}


def _unpayable_offers(g: dict, me: int) -> dict[int, int]:
    """proposer -> the least cash it offers the seat in a deal it can no longer pay: the one
    thing about a hidden total the seat's own legal actions tell it (such a deal is not on its
    accept list; payments are public events, so the seat could have counted it too)."""
    short: dict[int, int] = {}
    for d in g.get("deals") or []:
        give = (d.get("give") or {}).get("cash") or 0
        if d["to"] == me and give and deals.player(g, d["from"])["cash"] < give:
            short[d["from"]] = min(short.get(d["from"], give), give)
    return short


def _fill_cash(game: dict, me: int, short: dict[int, int]) -> None:
    """Others' totals the seat cannot see: what the seat knows of them (cash.known_figure),
    at least the cash each offers in an open deal (a proposal is checked against its
    proposer's own cash, in the open), so a deal the seat may accept stays acceptable, and
    less than an offer its accept list says the proposer cannot pay."""
    offered: dict[int, int] = {}
    for d in game.get("deals") or []:
        give = (d.get("give") or {}).get("cash") or 0
        if give < short.get(d["from"], give + 1):
            offered[d["from"]] = max(offered.get(d["from"], 0), give)
    for p in _others(game, me):
        if p["cash"] is None:
            p["cash"] = max(cash.known_figure(game, p), offered.get(p["seat"], 0))
            if p["seat"] in short:
                p["cash"] = min(p["cash"], short[p["seat"]] - 1)


def _deal_muscle(game: dict, me: int, oracle: Oracle) -> None:
    """Others' hands: as many Muscle cards as they hold, from those the seat has not seen;
    a sealed bid is one of them."""
    seen = {c for p in game["players"] if p["seat"] == me for c in p["muscle_hand"]}
    seen |= {p["displayed_muscle"] for p in game["players"] if p["displayed_muscle"] is not None}
    unseen = oracle.shuffle("stand_in:muscle", [c for c in _MUSCLE if c not in seen])
    for p in _others(game, me):
        count, p["muscle_hand"] = p["muscle_hand"], []
        for _ in range(count):
            p["muscle_hand"].append(unseen.pop())
        p["muscle_hand"].sort()
        if p["has_bid"] and p["muscle_hand"]:
            p["bid"] = oracle.shuffle(f"stand_in:bid:{p['seat']}", p["muscle_hand"])[0]


def _deal_cards(game: dict, me: int, oracle: Oracle) -> None:
    """Others' face-down cards (as Thug cards while unseen ones last, then Windfall draws),
    deal cards between others, and the draw piles, from the cards the seat has not seen."""
    seen = set(_strings(game))
    known = _known_cards(game, me)
    unseen = oracle.shuffle("stand_in:men_of_action", sorted(_MOA - seen))
    thugs = [c for c in unseen if data.card_kind(c).startswith("thug:")]
    others = [c for c in unseen if not data.card_kind(c).startswith("thug:")]
    counts = {p["seat"]: p["thug_cards"] for p in _others(game, me)}
    named = _named_in_deals(game)
    for p in _others(game, me):  # first the Thug cards its open deals offer: it holds that many
        count = counts[p["seat"]]
        p["thug_cards"] = known.get(p["seat"], [])[:count]
        need = min(count, named.get(p["seat"], 0)) - len(p["thug_cards"])
        p["thug_cards"] += [thugs.pop() for _ in range(min(need, len(thugs)))]
    for p in _others(game, me):  # then the rest of its face-down cards
        count = counts[p["seat"]]
        p["thug_cards"] += [thugs.pop() for _ in range(min(count - len(p["thug_cards"]), len(thugs)))]
        p["windfall"] = [{"card": others.pop(), "round": game["round"]}
                         for _ in range(min(count - len(p["thug_cards"]), len(others)))]
    for d in game.get("deals") or []:
        for side, holder in (("give", d.get("from")), ("get", d.get("to"))):
            cards = (d.get(side) or {}).get("thug_cards")
            if isinstance(cards, int):
                held = next((p["thug_cards"] for p in game["players"] if p["seat"] == holder), [])
                # a deal may name a card its holder has played since: any other Thug card
                # stands for it (the seat sees only how many)
                d[side]["thug_cards"] = (held + [c for c in _THUGS if c not in held])[:cards]
    draw = oracle.shuffle("stand_in:draw", thugs + others)
    moa = game["decks"]["men_of_action"]
    moa["draw"] = draw[:moa["draw"]]
    trucks = game["decks"]["trucks"]
    unseen_trucks = oracle.shuffle("stand_in:trucks", sorted(_TRUCK_CARDS - seen))
    trucks["draw"] = unseen_trucks[:trucks["draw"]]


def _named_in_deals(game: dict) -> dict[int, int]:
    """seat -> the most Thug cards one open deal names from its hand (counted: the seat sees
    how many, not which): the stand-in must deal it at least that many Thug cards, not
    Windfall draws, or the deal would offer cards its holder lacks."""
    named: dict[int, int] = {}
    for d in game.get("deals") or []:
        for side, holder in (("give", d.get("from")), ("get", d.get("to"))):
            cards = (d.get(side) or {}).get("thug_cards")
            if isinstance(cards, int):
                named[holder] = max(named.get(holder, 0), cards)
    return named


def _known_cards(game: dict, me: int) -> dict[int, list[str]]:
    """seat -> the Thug cards the seat knows another holds: those named in a deal it is party
    to (and not seen anywhere else since, say played)."""
    elsewhere = set(_strings({k: v for k, v in game.items() if k != "deals"}))
    known: dict[int, list[str]] = {}
    for d in game.get("deals") or []:
        if me not in (d.get("from"), d.get("to")):
            continue
        for side, holder in (("give", d.get("from")), ("get", d.get("to"))):
            for card in (d.get(side) or {}).get("thug_cards") or []:
                if holder != me and card not in elsewhere and card not in known.get(holder, []):
                    known.setdefault(holder, []).append(card)
    return known


def _others(game: dict, me: int) -> list[dict]:
    return [p for p in game["players"] if p["seat"] != me]


def _strings(value):
    """Every string anywhere in a JSON value (the card ids the seat has seen among them)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
