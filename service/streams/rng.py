"""The one source of dice and shuffles.

Two modes, chosen at game creation:

- **seeded** (default): a per-game secret 32-byte seed; its SHA-256 is published at creation
  as `seed_commitment` and the seed itself is revealed when the game ends. The n-th die a
  batch rolls for a purpose is `HMAC-SHA256(seed, "<version>:<purpose>:<n>") mod 6 + 1`,
  where `<version>` is the stream version of the batch's first event. A shuffle is
  Fisher-Yates where position i swaps with `HMAC(seed, "<version>:shuffle:<deck>:<i>")
  mod (i+1)`. Anyone holding the revealed seed can recompute every outcome.
- **scripted**: the organizer supplied the dice (consumed in order across the game), deck
  orders and Muscle hands — re-enacting a table game, or a test. Whatever he does not
  script comes from a seed committed at creation exactly as in seeded mode (no dice
  scripted: seeded dice; a deck not scripted, or any later reshuffle: a seeded shuffle; no
  hands: dealt from seeded shuffles), revealed at the end. Scripted games created before
  this rule have no seed: their unscripted shuffles keep the pile's order.

The oracle only computes; the rules kernel writes every outcome into events, so a replay
never consults the oracle again.
"""
from __future__ import annotations

import hashlib
import hmac
import os
from collections import Counter

from service.rules.errors import RuleViolation

SEED_BYTES = 32


def new_seed() -> bytes:
    return os.urandom(SEED_BYTES)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def _draw(seed: bytes, message: str) -> int:
    return int.from_bytes(hmac.new(seed, message.encode(), hashlib.sha256).digest(), "big")


def seeded_die(seed: bytes, version: int, purpose: str, n: int) -> int:
    return _draw(seed, f"{version}:{purpose}:{n}") % 6 + 1


def seeded_shuffle(seed: bytes, version: int, deck: str, items: list) -> list:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = _draw(seed, f"{version}:shuffle:{deck}:{i}") % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def batch_starts(events: list[dict]) -> dict:
    """command_id -> the version of the first event that command appended: the `<version>`
    of every die and shuffle the command drew (events of one command share its id)."""
    starts: dict = {}
    for event in events:
        starts.setdefault(event.get("command_id"), event["version"])
    return starts


def first_unproven_die(events: list[dict], seed: bytes) -> int | None:
    """The version of the first `dice_rolled` event whose dice the seed does not give, or
    None when the revealed seed accounts for every die of the stream.

    A command's dice are numbered per purpose from 0, keyed by the version of the first
    event that command appended.
    """
    batch_start = batch_starts(events)
    counts: dict[tuple, int] = {}
    for event in events:
        if event["type"] != "dice_rolled":
            continue
        first = batch_start[event.get("command_id")]
        purpose, dice = event["payload"].get("purpose"), event["payload"].get("dice")
        if not isinstance(dice, list):
            return event["version"]
        n = counts.get((first, purpose), 0)
        counts[(first, purpose)] = n + len(dice)
        if dice != [seeded_die(seed, first, purpose, n + k) for k in range(len(dice))]:
            return event["version"]
    return None


class SeededOracle:
    """Outcomes derived from the secret seed and the batch's first version."""

    def __init__(self, seed: bytes, version: int):
        self.seed = seed
        self.version = version
        self._counts: Counter[str] = Counter()

    def dice(self, purpose: str, count: int) -> list[int]:
        start = self._counts[purpose]
        self._counts[purpose] += count
        return [seeded_die(self.seed, self.version, purpose, start + k) for k in range(count)]

    def shuffle(self, deck: str, items: list) -> list:
        return seeded_shuffle(self.seed, self.version, deck, items)

    def scripted_hands(self):
        return None

    def scripted_decks(self) -> dict:
        return {}


class ScriptedOracle:
    """Outcomes the organizer supplied at creation; `used` is how many dice the game had
    already consumed (the engine counts the `dice_rolled` events). `fallback` (the game's
    SeededOracle) gives whatever the script leaves out; None only for the scripted games
    created before scripted games had a seed."""

    def __init__(self, script: dict, used: int, fallback: SeededOracle | None = None):
        self.script = script
        self.cursor = used
        self.fallback = fallback

    def dice(self, purpose: str, count: int) -> list[int]:
        if self.fallback is not None and self.script.get("dice") is None:
            return self.fallback.dice(purpose, count)
        dice = self.script.get("dice") or []
        if self.cursor + count > len(dice):
            raise RuleViolation(
                "scripted_dice_exhausted",
                f"this scripted game has run out of dice: {purpose} needs {count} more, "
                f"but only {len(dice) - self.cursor} of the {len(dice)} supplied are left",
            )
        out = list(dice[self.cursor:self.cursor + count])
        self.cursor += count
        return out

    def shuffle(self, deck: str, items: list) -> list:
        """The scripted order when it holds exactly these cards (the deck's first shuffle);
        any other shuffle (a deck not scripted, a reshuffled discard pile) is the seed's.
        A ruleset checks the scripted decks against its own at setup (`scripted_decks`)."""
        order = (self.script.get("decks") or {}).get(deck)
        if order is None or Counter(map(_key, order)) != Counter(map(_key, items)):
            return self.fallback.shuffle(deck, items) if self.fallback is not None else list(items)
        return list(order)

    def scripted_hands(self):
        return self.script.get("hands")

    def scripted_decks(self) -> dict:
        return self.script.get("decks") or {}


def _key(item):
    return repr(item)


def oracle_for(rng_state: dict, seed: bytes | None, next_version: int):
    """The oracle for a batch whose first event will get `next_version`."""
    if rng_state.get("mode") == "scripted":
        fallback = SeededOracle(seed, next_version) if seed is not None else None
        return ScriptedOracle(rng_state.get("script") or {}, rng_state.get("dice_used", 0), fallback)
    if seed is None:
        raise RuntimeError("seeded game without its seed")
    return SeededOracle(seed, next_version)
