"""Tournaments: an event of many tables, its own hash-chained record beside the games'.

Pure (no I/O, no clock, no randomness but the oracle's): `kernel` (fold and decisions),
`seating` (table plans, Swiss and fixed seatings), `scoring` (placement points, tie-breaks,
openskill ratings, standings), `events` (the record's schemas). With I/O: `ledger` (the
table's write loop for tournament streams), `director` (making and starting the tables'
games, applying no-shows), `results` (a table's end into its tournament: a hook, a job, a
sweeper). May use: `table`, `runtime`, `rules`, `projections`, `events`.
"""
