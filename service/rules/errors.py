"""The one exception the rules kernel raises: a command a player may not send now.

`code` is a stable machine word clients branch on; `detail` is the English sentence the
kernel has always given (bots, the CLI and logs read it, and a few events record it, so it
never changes with a reader). `message` says the same in no language yet: a catalog id
(service/i18n/locales/*/problems.ftl) with named parameters — numbers, names, lists, and
nested messages for a speakeasy's or a card's name (service/i18n/message.py) — which the HTTP
layer renders in the reader's language. The kernel stays pure: it never learns who reads it.
"""
from __future__ import annotations

from service.i18n.message import Msg as Message

__all__ = ["Message", "RuleViolation"]


class RuleViolation(Exception):
    def __init__(self, code: str, detail: str, status: int = 409, *, message: Message | None = None,
                 **extra):
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        self.message = message
        self.extra = extra
