"""What a person reads, in the language they read: Fluent catalogs keyed by stable message ids.

Every sentence shown to a person — the log, the report, problem details, the CLI — is a
message id with named parameters, looked up in `locales/<lang>/*.ftl` (Project Fluent: named
variables, CLDR plural selectors such as `[one] {$n} crate *[other] {$n} crates`). Records,
codes, payloads and ids never pass through here, so nothing machine-readable depends on the
reader's language. `xx` is a pseudo-locale (English, wrapped and lengthened) for tests that
catch text which did not come from a catalog.
"""
from __future__ import annotations

from .catalogs import (DEFAULT, LANGUAGES, PSEUDO, Catalog, catalog, has_message, message_ids,
                       text)
from .negotiate import choose, from_header

__all__ = ["DEFAULT", "LANGUAGES", "PSEUDO", "Catalog", "catalog", "choose", "from_header",
           "has_message", "message_ids", "text"]
