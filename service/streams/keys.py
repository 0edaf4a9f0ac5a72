"""Where a stream keeps what is not its events, by key name: `<ns>:{<id>}:...`, hash-tagged by
the id so that on a Redis Cluster every key of a game (or tournament) lives in its stream's slot."""
from __future__ import annotations

from events.store import GAMES


def seed_key(stream_id: str, ns: str = GAMES) -> str:
    """The stream's secret seed (hex), written once at creation, revealed at the end."""
    return f"{ns}:{{{stream_id}}}:seed"


def summary_key(stream_id: str, ns: str = GAMES) -> str:
    """The stream's public line in its list (`GET /v1/games`, `GET /v1/tournaments`)."""
    return f"{ns}:{{{stream_id}}}:summary"


def damage_key(stream_id: str, ns: str = GAMES) -> str:
    """Repaired findings (a snapshot that did not check) kept for the audit."""
    return f"{ns}:{{{stream_id}}}:damage"


#: finished streams by the epoch second they may leave for the archive (service/streams/archive.py):
#: members `<ns>:<id>`, written with the list line of every append that leaves a stream finished
ARCHIVE_DUE = "archive:due"


def archive_member(stream_id: str, ns: str = GAMES) -> str:
    return f"{ns}:{stream_id}"
