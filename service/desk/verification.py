"""Verify a finished game's public record offline: `bootleggers verify RECORD.json`.

Everything here follows docs/verification.md and needs nothing but the record (and the
ruleset's documented starting orders): the hash chain, the revealed seed against the
commitment of event 1, every die and every shuffle recomputed from the seed (or read from
the organizer's script in a scripted game), any receipts players kept, and the server's
published anchor when given (service/desk/anchor_verify.py). Each check
names the first version it finds wrong; the report's `first_bad` is the earliest of them.

This checks where randomness came from and that history was not rewritten. It does not
re-referee the game: that each event was a legal move is what the replay job and an import
check, by folding the events with the rules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from events import receipts as receipt_math
from service.desk import anchor_verify
from events.envelope import ENVELOPE_FIELDS, first_break
from service.streams import rng

HEX64 = re.compile(r"^[0-9a-f]{64}$")


class UnreadableRecord(ValueError):
    """Not a game record (`GET /v1/games/{id}/export`) nor a list of events."""


@dataclass
class Check:
    name: str
    ok: bool | None            # None: could not be checked, which does not verify either
    detail: str
    first_bad: int | None = None


@dataclass
class Report:
    game_id: str | None
    ruleset: str | None
    events: int
    head_hash: str | None
    checks: list[Check] = field(default_factory=list)
    kind: str = "game"         # or "tournament" (service/tournaments/record.py)

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(c.ok is True for c in self.checks)

    @property
    def first_bad(self) -> int | None:
        bad = [c.first_bad for c in self.checks if c.ok is not True and c.first_bad is not None]
        return min(bad) if bad else None

    def as_dict(self) -> dict:
        return {"ok": self.ok, "first_bad": self.first_bad, "kind": self.kind, "game_id": self.game_id,
                "ruleset": self.ruleset, "events": self.events, "head_hash": self.head_hash,
                "checks": [c.__dict__ for c in self.checks]}


def events_of(record) -> list[dict]:
    """The events of an exported record (or of a bare list of events)."""
    events = record.get("events") if isinstance(record, dict) else record
    if not isinstance(events, list) or not events:
        raise UnreadableRecord("this is neither a game record (what GET /v1/games/{id}/export gives) "
                               "nor a list of events")
    return events


def receipts_of(data) -> list:
    """Receipts as kept: a list (or `{"receipts": [...]}`) of `{version, receipt}` objects,
    or of whole command answers, which carry theirs under `receipt`."""
    items = data.get("receipts") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise UnreadableRecord('receipts are a JSON list of {"version": N, "receipt": "<hex>"} '
                               "(or of the command answers that carried them)")
    return [item["receipt"] if isinstance(item, dict) and isinstance(item.get("receipt"), dict) else item
            for item in items]


def verify(events: list[dict], ruleset_for: Callable[[str], object | None],
           receipts: Iterable | None = None, anchor: dict | None = None) -> Report:
    """Every check of the record; `ruleset_for(name)` gives a ruleset or None. `anchor`: the
    server's published anchor (service/desk/anchor_verify.py), held against the record."""
    first = events[0] if isinstance(events[0], dict) else {}
    created = first.get("payload") if first.get("type") == "game_created" else None
    created = created if isinstance(created, dict) else None
    last = events[-1] if isinstance(events[-1], dict) else {}
    report = Report(first.get("game_id"), created and created.get("ruleset"), len(events), last.get("hash"))
    chain = check_chain(events)
    report.checks.append(chain)
    if chain.ok is False and chain.detail.startswith("not an event"):
        return report  # nothing further can be read safely
    seed_check, seed = check_seed(events, created)
    report.checks.append(seed_check)
    if seed_check.ok is not True:
        return report
    ruleset = ruleset_for(report.ruleset) if report.ruleset else None
    report.checks.append(check_dice(events, created, seed))
    report.checks.append(check_shuffles(events, created, seed, getattr(ruleset, "shuffle_start", None)))
    if receipts is not None:
        report.checks.append(check_receipts(events, seed, list(receipts)))
    if anchor is not None:
        found = anchor_verify.check_anchor(events, seed, anchor)
        report.checks.append(Check("anchor", found.ok, found.detail, found.first_bad))
    return report


def check_chain(events: list[dict]) -> Check:
    game_id = events[0].get("game_id") if isinstance(events[0], dict) else None
    for n, event in enumerate(events, 1):
        if not isinstance(event, dict) or set(event) != set(ENVELOPE_FIELDS) \
                or not all(isinstance(event[k], str) for k in ("prev_hash", "hash", "type")) \
                or not isinstance(event["payload"], dict):
            return Check("chain", False, f"not an event envelope at position {n}: it needs exactly "
                         f"the fields {', '.join(ENVELOPE_FIELDS)}", n)
        if event["game_id"] != game_id:
            return Check("chain", False, f"event {n} belongs to game {event['game_id']!r}, not {game_id!r}", n)
    try:
        broken = first_break(events)
    except (ValueError, TypeError) as exc:  # a value canonical JSON refuses (NaN, ...)
        return Check("chain", False, f"an event cannot be put in canonical JSON: {exc}", None)
    if broken is not None:
        return Check("chain", False, f"the chain breaks at event {broken}: its version, prev_hash or "
                     "hash is not what the events before it give", broken)
    return Check("chain", True, f"{len(events)} events, each linked to the one before; head {events[-1]['hash']}")


def check_seed(events: list[dict], created: dict | None) -> tuple[Check, bytes | None]:
    if created is None:
        return Check("seed", False, "a game record begins with its game_created event", 1), None
    commitment = created.get("seed_commitment")
    revealed = next((e for e in events if e["type"] == "seed_revealed"), None)
    if commitment is None:
        if created.get("rng_mode") == "scripted":
            return Check("seed", True, "a scripted game: no seed was committed; dice and deck orders "
                         "come from the organizer's script in event 1"), None
        return Check("seed", False, "event 1 commits to no seed, yet the game is not scripted", 1), None
    if revealed is None:
        return Check("seed", False, f"the record does not reveal the seed (the game has not ended, or the "
                     f"record is cut after event {len(events)})", len(events) + 1), None
    raw = revealed["payload"].get("seed")
    if not isinstance(raw, str) or not HEX64.match(raw):
        return Check("seed", False, f"event {revealed['version']} reveals no 32-byte hex seed", revealed["version"]), None
    seed = bytes.fromhex(raw)
    if rng.commitment(seed) != commitment:
        return Check("seed", False, f"the seed revealed in event {revealed['version']} does not match the "
                     f"commitment of event 1 (SHA-256 of the seed)", revealed["version"]), None
    return Check("seed", True, f"the seed of event {revealed['version']} matches the commitment of event 1"), seed


def check_dice(events: list[dict], created: dict, seed: bytes | None) -> Check:
    rolls = [e for e in events if e["type"] == "dice_rolled"]
    bad = next((e["version"] for e in rolls if not isinstance(e["payload"].get("dice"), list)), None)
    if bad is not None:
        return Check("dice", False, f"event {bad} records no list of dice", bad)
    script = (created.get("script") or {}).get("dice")
    if created.get("rng_mode") != "scripted" or (script is None and seed is not None):
        wrong = rng.first_unproven_die(events, seed)
        if wrong is not None:
            return Check("dice", False, f"event {wrong} records dice that the revealed seed does not give", wrong)
        return Check("dice", True, f"{sum(len(e['payload']['dice']) for e in rolls)} dice in {len(rolls)} rolls, "
                     "each the seed's")
    script, used = list(script or []), 0
    for event in rolls:
        dice = event["payload"]["dice"]
        if dice != script[used:used + len(dice)]:
            return Check("dice", False, f"event {event['version']} records dice that are not the script's next "
                         f"{len(dice)}", event["version"])
        used += len(dice)
    return Check("dice", True, f"{used} dice, the first {used} of the script's {len(script)}")


def check_shuffles(events: list[dict], created: dict, seed: bytes | None, shuffle_start) -> Check:
    shuffles = [e for e in events if e["type"] == "deck_shuffled"]
    if not shuffles:
        return Check("shuffles", True, "no deck was shuffled")
    if shuffle_start is None:
        return Check("shuffles", None, "this ruleset publishes no starting orders: its shuffles cannot be "
                     "checked", shuffles[0]["version"])
    starts = rng.batch_starts(events)
    script = (created.get("script") or {}).get("decks") or {}
    scripted = created.get("rng_mode") == "scripted"
    for event in shuffles:
        payload = event["payload"]
        try:
            start = shuffle_start(payload, events[:event["version"] - 1])
        except (TypeError, ValueError, KeyError):  # an order that cannot be sorted, a record that
            # does not hold what the start is derived from
            start = None
        if start is None:
            return Check("shuffles", False, f"event {event['version']} shuffles a deck {payload.get('deck')!r} "
                         "with no documented starting order", event["version"])
        if scripted:
            expected = _scripted_shuffle(script.get(payload.get("deck")), start, seed,
                                         starts[event["command_id"]], payload.get("deck"))
        else:
            expected = rng.seeded_shuffle(seed, starts[event["command_id"]], payload.get("deck"), start)
        if payload.get("order") != expected:
            how = "the script's order" if scripted else "the seed's shuffle of its starting order"
            return Check("shuffles", False, f"event {event['version']} records a {payload.get('deck')} order "
                         f"that is not {how}", event["version"])
    return Check("shuffles", True, f"{len(shuffles)} shuffles, each "
                 + ("as scripted" if scripted else "the seed's shuffle of the deck's starting order"))


def _scripted_shuffle(order, start: list, seed: bytes | None, version: int, deck) -> list:
    """What a scripted game's shuffle gives: the script's order when it holds exactly these
    cards (service/rng.ScriptedOracle); any other shuffle comes from the seed when the game
    committed to one, else keeps the starting order."""
    if order is not None and sorted(map(repr, order)) == sorted(map(repr, start)):
        return list(order)
    return rng.seeded_shuffle(seed, version, deck, start) if seed is not None else list(start)


def check_receipts(events: list[dict], seed: bytes | None, receipts: list) -> Check:
    if seed is None:
        return Check("receipts", None, "this game has no seed, so its answers carried no receipts to check")
    game_id, wrong, total = events[0]["game_id"], [], len(receipts)
    for item in receipts:
        version = item.get("version") if isinstance(item, dict) else None
        claimed = item.get("receipt") if isinstance(item, dict) else None
        if type(version) is not int or not isinstance(claimed, str) or version < 1:
            return Check("receipts", False, f"not a receipt: {item!r}; each is "
                         '{"version": N, "receipt": "<hex>"}')
        if version > len(events):
            wrong.append((version, f"the record ends at event {len(events)}, before this receipt's event"))
        elif not receipt_math.matches(seed, game_id, version, events[version - 1]["hash"], claimed):
            wrong.append((version, "the record's history up to here is not what the server answered then"))
    if wrong:
        version, why = min(wrong)
        return Check("receipts", False, f"{len(wrong)} of {total} receipts do not match; the first is for "
                     f"version {version}: {why}", min(version, len(events) + 1))
    return Check("receipts", True, f"{total} receipts, each matching the record")


#: what a verified record's last line lists, by the name of the check that proved it
VERIFIED_WHAT = {"chain": "the chain", "seed": "the seed", "dice": "every die", "shuffles": "every shuffle",
                 "seatings": "every seating", "tables": "every table", "standings": "the points and standings",
                 "receipts": "every receipt", "anchor": "the anchor"}


def render(report: Report) -> str:
    lines = [f"{report.kind} {report.game_id} ({report.ruleset}): {report.events} events"]
    for check in report.checks:
        mark = {True: "ok", False: "FAILED", None: "NOT CHECKED"}[check.ok]
        lines.append(f"  {check.name:<9} {mark}: {check.detail}")
    if report.ok and report.kind == "game":
        extra = [VERIFIED_WHAT[c.name] for c in report.checks if c.name in ("receipts", "anchor")]
        lines.append("VERIFIED: the chain, the seed, every die and every shuffle"
                     + ("".join(f", {e}" for e in extra[:-1]) + f" and {extra[-1]}" if extra else ""))
    elif report.ok:
        what = [VERIFIED_WHAT.get(c.name, c.name) for c in report.checks]
        lines.append("VERIFIED: " + (", ".join(what[:-1]) + " and " + what[-1] if len(what) > 1 else what[0]))
    else:
        where = f": the first bad version is {report.first_bad}" if report.first_bad is not None else ""
        lines.append(f"NOT VERIFIED{where}")
    return "\n".join(lines)
