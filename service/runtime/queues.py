"""Names of the RQ queues and where Redis is.

Kept in one small module so the web app, the workers, the CLI and the Procfile agree on
the spelling. ``redis_url()`` reads the environment at call time (not at import time) so
that ``bootleggers serve`` can start an embedded Redis and export its URL to its children.
"""

from __future__ import annotations

import os

#: Deadline jobs (one per waiting step) and the sweeper that fires missed ones.
CLOCK_QUEUE = "clock"
#: Organizer-requested rebuild + verify jobs (``POST /v1/games/{id}/replays``).
REPLAY_QUEUE = "replays"
#: The queues a worker listens on, highest priority first.
ALL_QUEUES = [CLOCK_QUEUE, REPLAY_QUEUE]

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_url() -> str:
    """The Redis URL from ``REDIS_URL``, or the conventional local default."""
    return os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
