"""RQ job functions and the worker class (`rq worker -w service.jobs.worker.ClockWorker`).

Jobs are enqueued with the JSON serializer (never pickle), so their arguments are plain
JSON: a game id, a step version. Each job builds its service objects from its own Redis
connection through `context.games_for`.
May use: `bots`, `clock`, `desk`, `table`, `runtime`, `rules`, `projections`, `events` (not `api`).
"""
