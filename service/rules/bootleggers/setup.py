"""Setup: options check, the deal (Muscle hands, decks), starting holdings, Round 1."""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import cash, data, flow
from .emitter import Emitter


def validate_options(options: dict, seats: int) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if not data.MIN_SEATS <= seats <= data.MAX_SEATS:
        errors["seats"] = [f"Bootleggers is played by {data.MIN_SEATS} to {data.MAX_SEATS} "
                           f"players, not {seats}"]
    if options.get("rounds", 12) not in (12, 8):
        errors["rounds"] = ["rounds is 12 (standard) or 8 (the optional shorter game)"]
    if options.get("influence", "phase") not in ("phase", "anytime"):
        errors["influence"] = ['influence is "phase" (Phase 2) or "anytime" (optional rule)']
    if options.get("cash", "open") not in cash.MODES:
        errors["cash"] = ['cash is "announced" (totals announced after Rounds 4 and 8, the '
                          'rulebook) or "open" (every total always)']
    errors.update(_script_sizes((options.get("rng") or {}), options.get("rounds", 12)))
    return errors


def _script_sizes(rng: dict, rounds: int) -> dict[str, list[str]]:
    """At creation: a scripted deck has its deck's size, a hand its round count's (the exact
    cards are checked at the deal). Refused here, a wrong script is never stored."""
    errors: dict[str, list[str]] = {}
    sizes = {name: len(cards) for name, cards in data.starting_decks().items()}
    for name, order in (rng.get("decks") or {}).items():
        if name not in sizes:
            errors.setdefault("rng.decks", []).append(f"there is no deck {name!r}; the decks are {', '.join(sizes)}")
        elif len(order) != sizes[name]:
            errors.setdefault("rng.decks", []).append(f"the {name} deck has {sizes[name]} cards, not {len(order)}")
    hand = 4 * data.CARDS_PER_QUARTER.get(rounds, 3)
    for seat, cards in (rng.get("hands") or {}).items():
        if len(cards) != hand:
            errors.setdefault("rng.hands", []).append(f"seat {seat}'s hand must hold {hand} cards, not {len(cards)}")
    return errors


def _scripted_hands(hands: dict, seats: list[int], per_quarter: int) -> dict[str, list[int]]:
    seen: set[int] = set()
    out = {}
    for seat in seats:
        cards = hands.get(str(seat))
        if cards is None:
            raise RuleViolation("scripted_hands_invalid", f"the script deals no hand to seat "
                                f"{seat}", status=422,
                                message=Message("problem-bl-script-no-hand", seat=str(seat)))
        for quarter, (first, last) in data.MUSCLE_QUARTERS.items():
            n = sum(1 for c in cards if first <= c <= last)
            if n != per_quarter:
                raise RuleViolation("scripted_hands_invalid", f"seat {seat}'s scripted hand "
                                    f"has {n} cards from {first}-{last}; each hand holds "
                                    f"{per_quarter} from each quarter", status=422,
                                    message=Message("problem-bl-script-quarter", seat=str(seat), count=n,
                                                    first=first, last=last, each=per_quarter))
        if len(cards) != 4 * per_quarter or len(set(cards)) != len(cards) or seen & set(cards):
            raise RuleViolation("scripted_hands_invalid", f"seat {seat}'s scripted hand repeats "
                                "a card or has cards outside 1-72", status=422,
                                message=Message("problem-bl-script-repeats", seat=str(seat)))
        seen |= set(cards)
        out[str(seat)] = sorted(cards)
    return out


def _check_scripted_decks(decks: dict) -> None:
    """A scripted deck order names a deck of the game and holds exactly its cards."""
    known = data.starting_decks()
    for name, order in decks.items():
        if name not in known:
            raise RuleViolation("scripted_deck_unknown", f"the script orders a deck {name!r}; the decks "
                                f"are {', '.join(known)}", status=422,
                                message=Message("problem-bl-script-unknown-deck", deck=str(name),
                                                decks=", ".join(known)))
        if sorted(map(repr, order)) != sorted(map(repr, known[name])):
            raise RuleViolation("scripted_deck_mismatch", f"the scripted order for the {name} deck does "
                                f"not hold exactly its {len(known[name])} cards", status=422,
                                message=Message("problem-bl-script-deck-mismatch", deck=name,
                                                count=len(known[name])))


def setup(state: dict, oracle) -> list[dict]:
    options = state.get("options") or {}
    seats = sorted(s["seat"] for s in state["seats"])
    rounds = options.get("rounds", 12)
    per_quarter = data.CARDS_PER_QUARTER[rounds]
    em = Emitter(state, oracle, actor="system")
    em.emit("game_setup", {
        "data_version": data.VERSION, "rounds": rounds,
        "influence_mode": options.get("influence", "phase"),
        "players": [{"seat": s["seat"], "name": s["name"]}
                    for s in sorted(state["seats"], key=lambda s: s["seat"])]})
    _check_scripted_decks(oracle.scripted_decks())
    scripted = oracle.scripted_hands()
    if scripted:
        hands = _scripted_hands(scripted, seats, per_quarter)
    else:
        hands = {str(s): [] for s in seats}
        for quarter, (first, last) in data.MUSCLE_QUARTERS.items():
            order = oracle.shuffle(quarter, list(range(first, last + 1)))
            em.emit("deck_shuffled", {"deck": quarter, "order": order})
            for i, seat in enumerate(seats):
                hands[str(seat)] += order[i * per_quarter:(i + 1) * per_quarter]
    for seat in seats:
        em.emit("muscle_dealt", {"seat": seat, "cards": sorted(hands[str(seat)])})
    em.emit("deck_shuffled", {"deck": "men_of_action",
                              "order": oracle.shuffle("men_of_action", data.men_of_action_deck())})
    em.emit("deck_shuffled", {"deck": "trucks", "order": oracle.shuffle("trucks", data.truck_deck())})
    for seat in seats:
        em.pay("bank", seat, data.STARTING_CASH, "starting_cash")
        em.emit("truck_taken", {"seat": seat, "truck": em.game["truck_supply"]["small"][0],
                                "size": "small", "reason": "start"})
    flow.start_round(em, 1)
    flow.advance(em)
    return em.drafts
