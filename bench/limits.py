"""Talk spam under the default limits: one seat sends `say` as fast as it is answered
for a minute, on the service as `make serve` runs it (gunicorn, the RQ worker, embedded Redis
with AOF; no address exempt). Prints the lines accepted in that minute (the per-token talk
limit, `RATE_LIMIT_TALK`) beside the lines refused, and the Redis bytes the accepted ones cost.

    .venv/bin/python bench/limits.py [--seconds 61]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis  # noqa: E402

from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import bearer, open_table  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.web_process import start_serve, stop  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=61.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-limits-") as tmp, \
            EmbeddedRedis(Path(tmp) / "redis", appendonly=True) as server:
        web, base = start_serve(server.url, Path(tmp) / "serve.log", RATE_LIMITS="on", RATE_LIMIT_EXEMPT="",
                                LOG_LEVEL="warning")
        try:
            client = HttpClient(base)
            table = open_table(client, 3, {"rounds": 8})
            store = redis.Redis.from_url(server.url)
            before = store.info("memory")["used_memory"]
            accepted = refused = 0
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                answer = client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.tokens[1]),
                                     json={"type": "say", "text": f"buy my booze {accepted + refused}"})
                if answer.status_code == 201:
                    accepted += 1
                else:
                    assert answer.status_code == 429, answer.get_data(as_text=True)
                    refused += 1
            grown = store.info("memory")["used_memory"] - before
        finally:
            stop(web)
    minutes = args.seconds / 60
    print(f"talk spam from one token for {args.seconds:.0f} s under the default limits:")
    print(f"  accepted {accepted} lines ({accepted / minutes:.0f} a minute), refused {refused} with 429")
    print(f"  Redis grew {grown / 1024:.0f} kB (before the limits: ~3,900 lines in 20 s, ~1.2 GB an hour)")


if __name__ == "__main__":
    main()
