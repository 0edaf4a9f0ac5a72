"""The organizer's desk: a game's record told, exported and proven.

`game_log` and `sentences` (the game as sentences a reader may see), `report` (one printable
page), `history` (what grows with a game, read from its events), `records` (export and
import of a portable record), `verification` (`bootleggers verify`: a finished game's record
checked offline) and `cli` (`bootleggers log|export|report`). Disputes are decided by the
table's write loop (service/table/disputes.py); the desk reads and tells them.
May use: `table`, `runtime`, `rules`, `projections`, `events` (not `bots`, `clock` or above).
"""
