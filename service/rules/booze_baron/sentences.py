"""One log sentence per event type, as a message (service/i18n/message.py).

Each function takes the payload *as the viewer may see it* (views.redact_event: hidden
fields are None) and `who(seat) -> name`, and returns a `Msg`: a message id (`log-bb-…` in
service/i18n/locales/<lang>/log.ftl) with named parameters, which the log words in the
reader's language; a redacted payload yields a sentence that names nothing hidden. The end
names the winning Mob and its members ("The Beer mob (Ada and Dee) wins."), Mobs sharing the
win, and, when Mobs were level on Coins, the printed tie-break that decided (read from
`who.ended`, the game as it ended, when the log's `who` carries it; see
service/desk/sentences.py). Pure.
"""
from __future__ import annotations

from typing import Callable

from service.i18n.message import And, Join, Msg

from . import data, scoring

Who = Callable[[int], object]

#: values the catalogs name (`log-bb-<family>-<value>`); another reads as itself
LOCATIONS = tuple(loc["id"] for loc in data.HOUSE_LOCATIONS)
DECKS = ("booze_beer", "booze_liquor", "booze_wine", "booze_rest", "booze_pile", "delivery")
HOW = ("deliver", "smuggle", "gamble")
STEPS = ("move", "action")
DEFAULTS = ("choose_move", "pass_turn", "drop_tail", "deliver", "tail", "trigger_event", "steal", "expose")
FAMILIES = {"log-bb-location-": LOCATIONS, "log-bb-mob-": data.MOBS, "log-bb-event-": tuple(data.EVENTS),
            "log-bb-deck-": DECKS, "log-bb-how-": HOW, "log-bb-step-": STEPS, "log-bb-default-": DEFAULTS}


def _word(value) -> Msg:
    return Msg("log-word", word=str(value).replace("_", " "))


def _term(prefix: str, value) -> Msg:
    return Msg(prefix + value) if value in FAMILIES[prefix] else _word(value)


def _card(card) -> Msg:
    return Msg("log-bb-card", card=card) if card else Msg("log-bb-a-card")


def _at(loc) -> Msg:
    if not loc:
        return Msg("log-bb-somewhere")
    return Msg("log-bb-location-" + loc) if loc in LOCATIONS else _word(str(loc).title())


def _mob(mob) -> Msg:
    return _term("log-bb-mob-", mob) if mob in data.MOBS else _word(str(mob).title())


def _dealt(p: dict, who: Who) -> Msg:
    if p.get("mob"):
        return Msg("log-bb-dealt", seat=who(p["seat"]), booze=p["booze"], mob=_mob(p["mob"]))
    return Msg("log-bb-dealt-hidden", seat=who(p["seat"]))


def _exposed(p: dict, who: Who) -> Msg:
    lost = Join([Msg("log-bb-loses-movement", location=_at(p["movement"]))] if p.get("movement") else [],
                before="common-space-sep")
    if p.get("by") is None:
        return Msg("log-bb-exposed-deck-empty", seat=who(p["seat"]), mob=_mob(p["mob"]), lost=lost)
    return Msg("log-bb-exposed", by=who(p["by"]), guess=_mob(p["guess"]), seat=who(p["seat"]), lost=lost)


def _viewed(p: dict, who: Who) -> Msg:
    if p.get("cards") is None:
        return Msg("log-bb-viewed-count", seat=who(p["seat"]), target=who(p["target"]), n=p.get("count", 0))
    return Msg("log-bb-viewed", seat=who(p["seat"]), target=who(p["target"]),
               cards=Join(p["cards"], empty=Msg("log-bb-no-cards")))


def _members(p: dict, mob: str, who: Who) -> And:
    out = getattr(who, "forfeited", None) or frozenset()
    seats = sorted(int(s) for s, m in (p.get("mobs") or {}).items() if m == mob)
    return And(Msg("log-bb-member-out", seat=who(s)) if s in out else who(s) for s in seats)


def _tie_break(winner: str, level: list[str], who: Who) -> Msg:
    """How the printed tie-breaks (seed p. 6) gave `winner` the win over the Mobs level with it
    on Coins: most opposing Bootleggers Exposed, then the Mob whose last Unexposed Bootlegger
    fell last. Read from the game as it ended (the log's `who.ended`); without it, both named."""
    others = [m for m in level if m != winner]
    game = (getattr(who, "ended", None) or {}).get("game")
    try:
        exposed = {m: scoring._opposing_exposes(game, m) for m in level}
        if all(exposed[winner] > exposed[m] for m in others):
            return Msg("log-bb-tie-exposed", counts=Join(Msg("log-bb-mob-figure", mob=_mob(m), n=exposed[m])
                                                          for m in level))
        stood = {m: scoring._last_standing(game, m) for m in level}
        if all(exposed[m] == exposed[winner] for m in others) and all(stood[winner] > stood[m] for m in others):
            standing = any(p["mob"] == winner and not p["exposed"] for p in game["players"])
            return Msg("log-bb-tie-standing", n=exposed[winner], mob=_mob(winner),
                       standing="yes" if standing else "no")
    except (KeyError, TypeError, ValueError, AttributeError):
        pass   # no game to read (a bare `who`), or a game of another shape
    return Msg("log-bb-tie-printed")


def _ended(p: dict, who: Who) -> Msg:
    coins = Join(Msg("log-bb-mob-figure", mob=_mob(m), n=c) for m, c in sorted(p["mob_coins"].items()))
    won = list(p.get("winners") or [p["winner"]])
    reason = p.get("reason")
    why = (Msg("log-bb-ended-fewer_than_two_unexposed") if reason == "fewer_than_two_unexposed"
           else _word(reason) if reason else Msg("log-bb-ended-over"))
    if len(won) > 1:
        members = Join((Msg("log-bb-mob-members", mob=_mob(m), members=_members(p, m, who)) for m in won
                        if _members(p, m, who)), sep="common-clause-sep")
        shares = {p["mob_coins"].get(m) for m in won}
        return Msg("log-bb-ended-shared", why=why, coins=coins, mobs=And(_mob(m) for m in won),
                   each=next(iter(shares)) if len(shares) == 1 else 0, same="yes" if len(shares) == 1 else "no",
                   members=members, named="yes" if members else "no")
    winner = won[0]
    members = _members(p, winner, who)
    top = p["mob_coins"].get(winner)
    level = [m for m, c in sorted(p["mob_coins"].items()) if c == top]
    tie = (Msg("log-bb-tie", level=And(_mob(m) for m in level), n=top, how=_tie_break(winner, level, who))
           if len(level) > 1 else "")
    return Msg("log-bb-ended", why=why, coins=coins, mob=_mob(winner), members=members,
               named="yes" if members else "no", tie=Join([tie] if tie else [], before="common-space-sep"))


def _step_opened(p: dict, who: Who) -> Msg:
    if p["step"] == "move":
        return Msg("log-bb-step-move-opened")
    return Msg("log-bb-step-opened", step=_term("log-bb-step-", p["step"]), seat=who(p["seats"][0]))


def _movement(p: dict, who: Who) -> Msg:
    if p.get("location"):
        return Msg("log-bb-movement-chosen", seat=who(p["seat"]), location=_at(p["location"]))
    return Msg("log-bb-movement-hidden", seat=who(p["seat"]))


SENTENCES: dict[str, Callable[[dict, Who], Msg]] = {
    "booze_setup": lambda p, who: Msg("log-bb-setup", locations=len(p["locations"]), cards=len(p["cards"]),
                                      baron=who(p["baron"])),
    "deck_shuffled": lambda p, who: Msg("log-bb-deck-shuffled", deck=_term("log-bb-deck-", p["deck"])),
    "dice_rolled": lambda p, who: Msg("log-bb-dice-rolled", seat=who(p["seat"]), dice=Join(p["dice"]),
                                      purpose=_term("log-bb-event-", p["purpose"])),
    "booze_dealt": _dealt,
    "delivery_drawn": lambda p, who: Msg("log-bb-delivery-drawn", card=_card(p["card"]), location=_at(p["location"])),
    "booze_round_started": lambda p, who: Msg("log-bb-round-started", round=p["round"], baron=who(p["baron"])),
    "booze_step_opened": _step_opened,
    "movement_chosen": _movement,
    "movements_revealed": lambda p, who: Msg("log-bb-movements-revealed", moves=Join(
        Msg("log-bb-move-to", seat=who(int(s)), location=_at(loc))
        for s, loc in sorted(p["moves"].items(), key=lambda x: int(x[0])))),
    "delivery_taken": lambda p, who: Msg("log-bb-delivery-taken", seat=who(p["seat"]), card=_card(p["card"]),
                                         how=_term("log-bb-how-", p["how"])),
    "tail_started": lambda p, who: Msg("log-bb-tail-stakeout" if p["how"] == "stakeout" else "log-bb-tail",
                                       seat=who(p["seat"]), target=who(p["target"])),
    "deliveries_viewed": _viewed,
    "delivery_stolen": lambda p, who: Msg("log-bb-delivery-stolen", seat=who(p["seat"]), card=_card(p["card"]),
                                          victim=who(p["from"])),
    "expose_failed": lambda p, who: Msg("log-bb-expose-failed", seat=who(p["seat"]), target=who(p["target"]),
                                        guess=_mob(p["guess"])),
    "bootlegger_exposed": _exposed,
    "snitch_taken": lambda p, who: Msg("log-bb-snitch-taken", seat=who(p["seat"])),
    "tail_dropped": lambda p, who: Msg("log-bb-tail-dropped", seat=who(p["seat"])),
    "event_triggered": lambda p, who: Msg("log-bb-event-triggered", seat=who(p["seat"]),
                                          event=_term("log-bb-event-", p["event"]), location=_at(p["location"])),
    "deck_peeked": lambda p, who: (Msg("log-bb-deck-peeked", seat=who(p["seat"]), card=p["card"]) if p.get("card")
                                   else Msg("log-bb-deck-peeked-hidden", seat=who(p["seat"]))),
    "delivery_discarded": lambda p, who: Msg("log-bb-delivery-discarded", seat=who(p["seat"]),
                                             card=_card(p.get("card"))),
    "delivery_rerouted": lambda p, who: Msg("log-bb-delivery-rerouted", seat=who(p["seat"]), card=_card(p["card"]),
                                            source=_at(p["from"]), target=_at(p["to"])),
    "gamble_lost": lambda p, who: (Msg("log-bb-gamble-lost-card", seat=who(p["seat"]), roll=p["roll"],
                                       card=_card(p["card"])) if p.get("card")
                                   else Msg("log-bb-gamble-lost", seat=who(p["seat"]), roll=p["roll"])),
    "action_passed": lambda p, who: Msg("log-bb-action-passed", seat=who(p["seat"])),
    "baron_passed": lambda p, who: Msg("log-bb-baron-passed", source=who(p["from"]), target=who(p["to"])),
    "deliveries_turned_down": lambda p, who: Msg("log-bb-deliveries-turned-down"),
    "booze_round_ended": lambda p, who: Msg("log-bb-round-ended", round=p["round"]),
    "booze_game_ended": _ended,
    "booze_timed_out": lambda p, who: Msg("log-bb-timed-out", seat=who(p["seat"]),
                                          default=_term("log-bb-default-", p["default"])),
}


def sentence(event: dict, who: Who) -> Msg:
    return SENTENCES[event["type"]](event["payload"], who)
