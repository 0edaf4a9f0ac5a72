"""Fold Booze Baron drafts into state the way the engine will, without Redis or Flask
(tests/support/kernel_table.py), plus a scripted Booze deal and random play."""
from __future__ import annotations

import random

from service.rules.booze_baron import RULESET, data
from tests.support.kernel_table import KernelTable, lookup

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
ruleset_for = lookup(RULESET)


def booze_script(mobs: list[str]) -> dict:
    """A scripted `decks` entry that deals seat n the Mob mobs[n-1]. The per-Mob piles are
    scripted in printed order too: unscripted, they come from the game's seed,
    and the pile's script would then hold other cards than the pile and be ignored — a
    different deal on every run."""
    n = len(mobs)
    size = data.pile_size(n)
    pile = [data.BOOZE_CARDS[m][r] for r in range(size // 3) for m in data.MOBS]
    decks = {f"booze_{m}": list(data.BOOZE_CARDS[m]) for m in data.MOBS}
    if n in (4, 7):
        rest = [c for m in data.MOBS for c in data.BOOZE_CARDS[m][size // 3:]]
        extra_mob = next(m for m in data.MOBS if mobs.count(m) > size // 3)
        extra = next(c for c in rest if data.MOB_OF[c] == extra_mob)
        decks["booze_rest"] = [extra] + [c for c in rest if c != extra]
        pile.append(extra)
    order, left = [], list(pile)
    for m in mobs:
        card = next(c for c in left if data.MOB_OF[c] == m)
        left.remove(card)
        order.append(card)
    decks["booze_pile"] = order + left
    return decks


class Table(KernelTable):
    RULESET = RULESET
    NAMES = NAMES

    def __init__(self, seats=4, options=None, script=None, seed=None, check=True):
        super().__init__(seats, options, script, seed, check)

    def p(self, seat: int) -> dict:
        return next(x for x in self.game["players"] if x["seat"] == seat)

    def waiting(self) -> list[int]:
        return RULESET.waiting(self.state)["seats"]

    def legal(self, seat: int) -> dict:
        return RULESET.legal_actions(self.state, seat)

    def moves(self, where: dict[int, str]) -> None:
        """Everybody chooses a Location (seat -> location id)."""
        for seat, loc in where.items():
            self.send(seat, {"type": "choose_move", "location": loc})


def random_play(t: Table, rnd: random.Random, max_commands: int = 3000, timeouts: float = 0.0):
    """Play by legal-action examples only until the game ends."""
    for _ in range(max_commands):
        if t.state["status"] == "finished":
            return t
        waiting = t.waiting()
        assert waiting, f"nobody awaited at {t.state['version']}"
        if timeouts and rnd.random() < timeouts:
            t.timeout()
            continue
        seat = rnd.choice(waiting)
        actions = [a for a in t.legal(seat)["actions"] if a["examples"]]
        assert actions, f"seat {seat} is awaited but has no legal action"
        t.send(seat, rnd.choice(rnd.choice(actions)["examples"]))
    raise AssertionError("the game did not end")
