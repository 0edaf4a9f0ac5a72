"""The table: a game's use cases on the stream engine (service/streams), for every ruleset.

`games` runs a game's writes and reads (create, join, start, command, state, time travel, the
list) on the engine's write loop; `lobby` and `disputes` are the table's own decisions (seats,
start, talk; disputes and rulings), `dispute_texts` a dispute's words sealed for its filer and
the organizer, `latest` a write decided on the latest state, `rematch` a finished game's
rematch, `expiry` lobbies that never start.
May use: `streams`, `runtime`, `rules`, `projections`, `events`.
"""
