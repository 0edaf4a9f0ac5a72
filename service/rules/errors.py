"""The one exception the rules kernel raises: a command a player may not send now.

The API turns it into a problem+json answer; `detail` must be a sentence a player
understands ("you have $3G; the Large Truck costs $3G plus $2G graft"), `code` a stable
machine word clients can branch on.
"""
from __future__ import annotations


class RuleViolation(Exception):
    def __init__(self, code: str, detail: str, status: int = 409, **extra):
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        self.extra = extra
