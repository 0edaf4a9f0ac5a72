# The short HTML pages a browser gets when what it asked for is not there (service/api/web_files.py).
pages-back-to-lobby = Back to the lobby
pages-back-to-lobby-rest = : open games, tournaments, or a new game.
pages-not-found-title = Not found
pages-not-found-detail = This server has no page at { $path }.
pages-no-game-title = No such game
pages-no-game-detail = There is no game { $game } on this server. It may have been mistyped, or it was never created here.
pages-no-game-desk-detail = There is no game { $game } on this server: the desk cannot show it.
pages-no-tournament-title = No such tournament
pages-no-tournament-detail = There is no tournament { $tournament } on this server.
