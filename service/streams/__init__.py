"""The stream engine: hash-chained streams of events in Redis, for every kind of stream (a
game `game:{id}`, a tournament `tournament:{id}`), whatever their decisions.

`ledger` is the one write loop (load, decide, seal, append, persist, hooks) of one key
namespace; `verified` every checked read of what Redis holds and `record_scan` the audit's
walk of a whole stream; `snapshots`, `checkpoints` and `state_cache` the caches of folded
states; `rng` the one source of dice and shuffles; `write_locks` a process's writers' turns;
`list_index` a kind's list; `anchor` and `anchor_log` the heads kept outside Redis; `archive`
a finished stream's move out of Redis; `keys` and `errors` what they share.
May use: `runtime`, `rules` (its errors), `projections`, `events`.
"""
