"""The server's own bot: `seat_bots` plays a seat the organizer handed it (random or greedy),
woken after every append; `look_ahead` weighs a move on a stand-in of the game that holds
nothing the seat may not see.
May use: `table`, `runtime`, `rules`, `projections`, `events` (not `clock`, `desk` or above).
"""
