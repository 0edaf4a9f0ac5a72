"""The table: one game's write loop and its checked reads, for every ruleset.

`games` runs every write (load, decide, seal, append, project) and `verified` every read of
what Redis holds, checked against the chain, and `record_scan` the audit's walk of a whole
stream; `lobby` and `disputes` are the engine's own
decisions (seats, start, talk; disputes and rulings), `rng` the one source of dice and
shuffles, `snapshots`, `checkpoints` and `state_cache` the caches of folded states,
`lobby_index` the games list, `keys` and `errors` what they share.
May use: `runtime`, `rules`, `projections`, `events`.
"""
