"""The referee server. Its rooms, top to bottom; each imports only the rooms below it
(`lint-imports` checks this in `make test`, contracts in pyproject.toml):

- `app` (the Flask app factory: the composition root) and `cli` (the `bootleggers` command);
- `api/` — HTTP only: routes, parsing, problems, auth, the document's declarations, pages;
- `jobs/` — RQ job functions and the worker (deadlines, replays, the server's bot);
- `bots/`, `clock/`, `desk/` — three independent capabilities on top of the table: the
  server's own bot, the game clock, the organizer's desk (the record told, exported, verified);
- `table/` — one game's write loop and its checked reads: games, lobby, disputes, RNG,
  snapshots, checkpoints, the state cache and the games list;
- `runtime/` — process plumbing: Redis connections, the embedded Redis, queues, logs,
  metrics, the worker's heartbeat, UTC time;
- `rules/` — the pure kernels: one package per ruleset and what they share (no I/O, no
  clock, no randomness but the recorded kind; nothing else of `service`).

Below `service`: `projections/` (fold and views) and `events/` (envelope, chain, the store).
`web/` holds the viewer's static files.
"""
