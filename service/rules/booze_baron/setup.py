"""Setup (seed p. 2): options, the Booze card deal (the 4/7-player pile), the Delivery deck
and its first nine cards, the Booze Baron, Round 1."""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data, flow
from .emitter import Emitter

BOOZE_DECKS = tuple(f"booze_{m}" for m in data.MOBS) + ("booze_rest", "booze_pile")


def _check_locations(locs) -> list[str]:
    if not isinstance(locs, list) or len(locs) != 6:
        return ["locations is a list of the six Location cards: {id, name, event}"]
    errors, ids = [], set()
    for loc in locs:
        if not isinstance(loc, dict) or set(loc) != {"id", "name", "event"} or not all(
                isinstance(loc[k], str) and 0 < len(loc[k]) <= 40 for k in loc):
            return ["each Location is {id, name, event}, three strings of 1 to 40 characters"]
        if loc["event"] not in data.EVENTS:
            errors.append(f"{loc['id']}: event must be one of {', '.join(data.EVENTS)}")
        ids.add(loc["id"])
    if len(ids) != 6:
        errors.append("the six Locations need six different ids")
    return errors


def _check_deck(deck, location_ids: set[str]) -> list[str]:
    if not isinstance(deck, list) or not data.SETUP_DELIVERIES <= len(deck) <= 200:
        return [f"delivery_deck is a list of {data.SETUP_DELIVERIES} to 200 cards {{location, booze}}"]
    for card in deck:
        if (not isinstance(card, dict) or set(card) != {"location", "booze"}
                or card["location"] not in location_ids or not isinstance(card["booze"], list)
                or not card["booze"] or not set(card["booze"]) <= set(data.MOBS)
                or len(set(card["booze"])) != len(card["booze"])):
            return [f"each Delivery card is {{location, booze}}: a Location id "
                    f"({', '.join(sorted(location_ids))}) and a list of Booze types "
                    f"({', '.join(data.MOBS)}); {card!r} is not"]
    return []


def locations_of(options: dict) -> list[dict]:
    return list(options.get("locations") or data.HOUSE_LOCATIONS)


def validate_options(options: dict, seats: int) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if not data.MIN_SEATS <= seats <= data.MAX_SEATS:
        errors["seats"] = [f"Booze Baron is played by {data.MIN_SEATS} to {data.MAX_SEATS} "
                           f"players, not {seats}"]
    if "locations" in options:
        bad = _check_locations(options["locations"])
        if bad:
            errors["locations"] = bad
    if "delivery_deck" in options and "locations" not in errors:
        ids = {l["id"] for l in locations_of(options)}
        bad = _check_deck(options["delivery_deck"], ids)
        if bad:
            errors["delivery_deck"] = bad
    if (options.get("rng") or {}).get("hands") is not None:
        errors["hands"] = ["Booze Baron deals no hands: script the booze_<mob>, booze_rest, "
                           "booze_pile and delivery decks instead"]
    first = options.get("first_baron", 1)
    if not isinstance(first, int) or isinstance(first, bool) or not 1 <= first <= seats:
        errors["first_baron"] = [f"first_baron is the seat (1 to {seats}) holding the Booze "
                                 "Baron in round 1"]
    return errors


def _check_scripted_decks(decks: dict, cards: dict) -> None:
    known = set(BOOZE_DECKS) | {"delivery"}
    for name, order in decks.items():
        if name not in known:
            raise RuleViolation("scripted_deck_unknown", f"the script orders a deck {name!r}; "
                                f"the decks are {', '.join(sorted(known))}", status=422,
                                message=Message("problem-bl-script-unknown-deck", deck=str(name),
                                                decks=", ".join(sorted(known))))
    for name in set(decks) & set(BOOZE_DECKS):
        order = decks[name]
        mob = name[len("booze_"):]
        wanted = set(data.BOOZE_CARDS[mob]) if mob in data.MOBS else set(data.MOB_OF)
        if not all(isinstance(c, str) and c in wanted for c in order) or len(set(order)) != len(order):
            raise RuleViolation("scripted_deck_mismatch", f"the scripted {name} deck must hold "
                                "Booze card names (as printed, each once) of its pile", status=422,
                                message=Message("problem-bb-script-booze-names", deck=name))
        if mob in data.MOBS and len(order) != len(wanted):
            raise RuleViolation("scripted_deck_mismatch", f"the scripted {name} deck must hold "
                                f"all four {mob} Booze cards", status=422,
                                message=Message("problem-bb-script-booze-all", deck=name,
                                                mob=Message("problem-bb-mob", mob=mob)))
    if "delivery" in decks and sorted(map(str, decks["delivery"])) != sorted(cards):
        raise RuleViolation("scripted_deck_mismatch", "the scripted delivery deck does not hold "
                            f"exactly its {len(cards)} cards ({min(cards)} to {max(cards)})",
                            status=422, message=Message("problem-bb-script-delivery", count=len(cards),
                                                        first=min(cards), last=max(cards)))


def _shuffle(em, deck: str, items: list) -> list:
    order = em.oracle.shuffle(deck, items)
    em.emit("deck_shuffled", {"deck": deck, "order": order})
    return order


def deal_booze(em, seats: list[int]) -> None:
    """Seed p. 2: one card per Mob in turn; with 4 or 7 players one less than the players,
    plus one card from the other Booze cards shuffled together; the pile shuffled, dealt."""
    piles = {m: _shuffle(em, f"booze_{m}", list(data.BOOZE_CARDS[m])) for m in data.MOBS}
    size = data.pile_size(len(seats))
    pile = [piles[m][r] for r in range(size // 3) for m in data.MOBS]
    if len(seats) in (4, 7):
        rest = [c for m in data.MOBS for c in piles[m][size // 3:]]
        pile.append(_shuffle(em, "booze_rest", rest)[0])
    pile = _shuffle(em, "booze_pile", pile)
    for seat, card in zip(seats, pile):
        em.emit("booze_dealt", {"seat": seat, "mob": data.MOB_OF[card], "booze": card})


def setup(state: dict, oracle) -> list[dict]:
    options = state.get("options") or {}
    seats = sorted(s["seat"] for s in state["seats"])
    locations = locations_of(options)
    cards = data.number_cards(options.get("delivery_deck")
                              or data.house_delivery_deck([l["id"] for l in locations]))
    _check_scripted_decks(oracle.scripted_decks(), cards)
    em = Emitter(state, oracle, actor="system")
    em.emit("booze_setup", {
        "data_version": data.VERSION, "locations": [dict(l) for l in locations], "cards": cards,
        "baron": options.get("first_baron", 1), "snitch_tokens": data.snitch_tokens(len(seats)),
        "house_data": {"locations": "locations" not in options,
                       "delivery_deck": "delivery_deck" not in options},
        "players": [{"seat": s["seat"], "name": s["name"]}
                    for s in sorted(state["seats"], key=lambda s: s["seat"])]})
    deal_booze(em, seats)
    _shuffle(em, "delivery", sorted(cards))
    flow.draw(em, data.SETUP_DELIVERIES)
    flow.start_round(em, 1)
    flow.advance(em)
    return em.drafts


def shuffle_start(payload: dict, before: list[dict] | None = None) -> list | None:
    """The list a recorded `deck_shuffled` started from (docs/verification.md, "Booze Baron
    decks"), rebuilt as `deal_booze` and `setup` build it: a Mob's four Booze cards as
    printed; `booze_rest` and `booze_pile` from the Mob orders recorded before them (`before`,
    the record's earlier events); the Delivery deck its card ids sorted. None: no such deck."""
    deck = payload.get("deck")
    mob = deck[len("booze_"):] if isinstance(deck, str) and deck.startswith("booze_") else None
    if mob in data.MOBS:
        return list(data.BOOZE_CARDS[mob])
    if deck == "delivery":
        return sorted(payload.get("order") or [])
    if deck not in ("booze_rest", "booze_pile"):
        return None
    shuffled = {e["payload"]["deck"]: e["payload"]["order"]
                for e in before or [] if e["type"] == "deck_shuffled"}
    seats = len(next(e for e in before or [] if e["type"] == "booze_setup")["payload"]["players"])
    size = data.pile_size(seats)
    if deck == "booze_rest":
        return [c for m in data.MOBS for c in shuffled[f"booze_{m}"][size // 3:]]
    pile = [shuffled[f"booze_{m}"][r] for r in range(size // 3) for m in data.MOBS]
    if seats in (4, 7):
        pile.append(shuffled["booze_rest"][0])
    return pile
