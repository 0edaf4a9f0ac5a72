"""Bootleggers' Emitter (service/rules/common/emitter.py) folding with this ruleset's
`evolve`, plus the cash movement every payment goes through."""
from __future__ import annotations

from service.rules.common.emitter import BaseEmitter

from .evolve import evolve


class Emitter(BaseEmitter):
    fold = staticmethod(evolve)

    def pay(self, frm, to, amount: int, reason: str, **extra) -> None:
        """A cash movement; `frm`/`to` are seat numbers or "bank". Zero moves nothing."""
        if amount > 0:
            self.emit("cash_paid", {"from": frm, "to": to, "amount": amount,
                                    "reason": reason, **extra})
