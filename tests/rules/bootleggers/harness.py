"""Fold Bootleggers drafts into state the way the engine will, without Redis or Flask
(tests/support/kernel_table.py), with Bootleggers' default options and lookups."""
from __future__ import annotations

from service.rules.bootleggers import RULESET
from tests.support.kernel_table import KernelTable, lookup

NAMES = KernelTable.NAMES
ruleset_for = lookup(RULESET)


class Table(KernelTable):
    RULESET = RULESET
    DEFAULT_OPTIONS = {"rounds": 12, "influence": "phase", "deadlines": {}}
    NUMBERED_COMMANDS = False

    def __init__(self, seats=4, options=None, script=None, seed=None, check=True):
        super().__init__(seats, options, script, seed, check)

    def player(self, seat):
        return self.game["players"][seat - 1]

    def speakeasy(self, sid):
        return next(s for s in self.game["speakeasies"] if s["id"] == sid)

    def waiting(self):
        """Whose input is awaited, as `{step, seats}` (without the step's opening version)."""
        w = RULESET.waiting(self.state)
        return {"step": w["step"], "seats": w["seats"]}

    def pass_offer_as_recorded(self, seat):
        """A Phase-1 pass as games recorded under the earlier rule hold one (`passed` in
        `choose_offer`): `decide` no longer accepts it while an offer is left, but the event
        keeps its meaning, so such a game folds and goes on. Tests that need a Phase 1 in
        which nobody takes a card (no cash spent, no card gained) build it this way: the
        `passed` event, then the kernel's own automatic work (flow.advance), as `decide`
        did then."""
        from service.rules.bootleggers import flow
        from service.rules.bootleggers.emitter import Emitter
        assert self.game["step"] == "choose_offer" and self.waiting()["seats"] == [seat]
        em = Emitter(self.state, self.oracle())
        em.emit("passed", {"seat": seat, "step": "choose_offer"})
        flow.advance(em)
        return self.apply(em.drafts, {"kind": "seat", "seat": seat})
