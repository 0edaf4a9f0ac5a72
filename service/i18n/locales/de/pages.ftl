# Die kurzen HTML-Seiten, die ein Browser bekommt, wenn es das Gefragte nicht gibt (service/api/web_files.py).
pages-back-to-lobby = Zurück zur Lobby
pages-back-to-lobby-rest = : offene Spiele, Turniere oder ein neues Spiel.
pages-not-found-title = Nicht gefunden
pages-not-found-detail = Unter { $path } hat dieser Server keine Seite.
pages-no-game-title = Kein solches Spiel
pages-no-game-detail = Auf diesem Server gibt es kein Spiel { $game }. Vielleicht ist die Nummer vertippt, oder es wurde nie hier angelegt.
pages-no-game-desk-detail = Auf diesem Server gibt es kein Spiel { $game }: das Pult kann es nicht zeigen.
pages-no-tournament-title = Kein solches Turnier
pages-no-tournament-detail = Auf diesem Server gibt es kein Turnier { $tournament }.
