"""Fold Prohibition drafts into state the way the engine does, without Redis or Flask
(tests/support/kernel_table.py), with Prohibition's lookups."""
from __future__ import annotations

from service.rules.prohibition import RULESET
from tests.support.kernel_table import KernelTable, lookup

NAMES = KernelTable.NAMES
ruleset_for = lookup(RULESET)


class Table(KernelTable):
    RULESET = RULESET

    def __init__(self, seats=2, script=None, seed=None, check=True):
        super().__init__(seats, None, script, seed, check)

    def player(self, seat):
        return self.game["players"][seat - 1]

    def space(self, n):
        return self.game["board"][n - 1]

    def waiting(self):
        w = RULESET.waiting(self.state)
        return {"step": w["step"], "seats": w["seats"]}
