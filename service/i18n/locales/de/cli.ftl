# Was die Kommandozeile ausgibt (service/cli.py, service/desk/cli.py,
# service/desk/tournament_cli.py); Ids wie in en/cli.ftl. Die Sprache: --lang, sonst
# LANGUAGE, LC_ALL, LC_MESSAGES, LANG, sonst Englisch. Die Hilfetexte (--help) bleiben
# englisch; `bootleggers serve` schreibt JSON-Logzeilen für den Betrieb, englisch.

cli-cannot-reach = { $url } ist nicht erreichbar: { $reason }
cli-cannot-read = nicht lesbar: { $reason }

## bootleggers verify

cli-verify-kind-game = Partie
cli-verify-kind-tournament = Turnier
cli-verify-head = { $kind } { $id } ({ $ruleset }): { $n ->
    [one] { $n } Ereignis
   *[other] { $n } Ereignisse
}
cli-verify-ok = ok
cli-verify-failed = FEHLGESCHLAGEN
cli-verify-not-checked = NICHT GEPRÜFT
cli-verify-verified = GEPRÜFT: { $what }
cli-verify-not-verified = NICHT BESTÄTIGT
cli-verify-first-bad = NICHT BESTÄTIGT: Die erste fehlerhafte Version ist { $version }
cli-verify-what-chain = die Kette
cli-verify-what-seed = der Seed
cli-verify-what-dice = jeder Würfel
cli-verify-what-shuffles = jedes Mischen
cli-verify-what-seatings = jede Sitzordnung
cli-verify-what-tables = jeder Tisch
cli-verify-what-standings = die Punkte und die Wertung
cli-verify-what-receipts = jede Quittung
cli-verify-what-anchor = der Anker

## bootleggers bot

cli-bot-no-client = der offizielle Client ist nicht installiert: pip install ./clients/python (make venv erledigt das)
cli-bot-not-receipts = { $path } ist keine Quittungsdatei (eine JSON-Liste): Nenne eine andere
cli-bot-sent = gesendet: { $command }
cli-bot-referee-said = {" "}(der Schiedsrichter: { $status } { $code }: { $detail })
cli-bot-referee-status = {" "}({ $status })
cli-bot-replaced = dieser Platz ging an eine andere Person: Die Spielleitung hat ihn neu vergeben, und dieses Token gilt nicht mehr{ $said }
cli-bot-to-bot = dieser Platz ging an eine andere Person: Die Spielleitung hat ihn dem Bot des Servers übergeben; bitte um Rückgabe (eine Entscheidung seat_to_player gibt dir ein neues Token){ $said }
cli-bot-forfeited = dieser Platz ist ausgeschieden: Der Schiedsrichter zieht jetzt für ihn{ $said }
cli-bot-refused-token = dieser Platz ging an eine andere Person: Der Schiedsrichter lehnt die Züge dieses Tokens ab{ $said }
cli-bot-no-game = eine solche Partie gibt es bei diesem Schiedsrichter nicht{ $said }
cli-bot-refused = der Schiedsrichter hat den Zug des Bots abgelehnt{ $said }
cli-bot-over = die Partie ist mit Version { $version } zu Ende
cli-bot-receipts-kept = { $n ->
    [one] { $n } Quittung
   *[other] { $n } Quittungen
} in { $path } aufbewahrt: Ist das Protokoll exportiert, bootleggers verify RECORD --receipts { $path }

## bootleggers tournament …

cli-t-saved = { $n } Bytes in { $path } gespeichert
cli-t-not-key-value = { $pair } ist nicht SCHLÜSSEL=WERT (z. B. rounds=8, deadlines='{"{"}"default": 60{"}"}')
cli-t-tables-not-json = muss JSON sein: eine Liste von Tischen, jeder eine Liste von Teilnehmernummern, z. B. '[[1,2,3,4],[5,6,7,8]]'
cli-t-tables-not-list = muss eine JSON-Liste von Tischen sein
cli-t-status-playing = wird gespielt
cli-t-status-finished = beendet
cli-t-status-annulled = annulliert
cli-t-status-open = offen
cli-t-status-upheld = stattgegeben
cli-t-status-rejected = abgelehnt
cli-t-table-line = Tisch { $table }  Partie { $game }  ({ $n ->
    [one] { $n } Platz
   *[other] { $n } Plätze
})
cli-t-server-bot = Bot des Servers ({ $bot })
cli-t-entrant = { $name } (Teilnehmer { $n })
cli-t-absent-bot = {" "}– nicht erschienen: Der Bot des Servers spielt den Platz
cli-t-absent-forfeited = {" "}– nicht erschienen: Der Platz ist ausgeschieden
cli-t-seat-line = {"  "}Platz { $seat }  { $who }
cli-t-bye-line = mit Freilos ausgesetzt: { $names }
cli-t-dropped = { $who } ist herausgenommen: Keine spätere Runde setzt ihn.
cli-t-reinstated = { $who } ist wieder dabei: Die nächste Runde setzt ihn wieder.
cli-t-no-show = { $who }: Platz { $seat } in Runde { $round }, Tisch { $table } (Partie { $game }) { $policy ->
    [bot] spielt jetzt der Bot des Servers.
   *[forfeit] ist ausgeschieden.
}
cli-t-bye-given = { $who } erhält ein Freilos für Runde { $round }, die nicht gespielt wurde: { $points } Punkte.
cli-t-announced = An alle Teilnehmer bekanntgemacht: { $text }
cli-t-dispute-resolved = Einspruch { $dispute } { $decision }: { $text }
cli-t-other-event = { $kind } (Ereignis { $version })
cli-t-head-rank = Rang
cli-t-head-name = Name
cli-t-head-points = Punkte
cli-t-head-opponents_points = Gegnerpunkte
cli-t-head-score_share = Ergebnisanteil
cli-t-head-rating = Wertungszahl
cli-t-head-tables = Tische
cli-t-dropped-mark = {" "}(ausgestiegen)
cli-t-made-tournament = Turnier: { $id }
cli-t-made-token = Token der Spielleitung: { $token }
cli-t-made-commitment = Festlegung des Seeds: { $commitment }
cli-t-keep-token = Bewahre das Token der Spielleitung auf: Es wird nur dieses eine Mal gezeigt; mit ihm werden die Runden gesetzt und Teilnehmer herausgenommen, und es ist das Token der Spielleitung jeder Partie an jedem Tisch.
cli-t-registered = Teilnehmer { $n }: { $name }
cli-t-house-player = {" "}(Hausspieler, Bot „{ $bot }“)
cli-t-entrant-token = Token des Teilnehmers: { $token }
cli-t-late-entry = Nachmeldung: gesetzt ab der nächsten Runde; { $bye ->
    [yes] für jede schon gesetzte Runde zählt ein Freilos in der Wertung.
   *[no] die schon gesetzten Runden bringen ihm nichts.
}
cli-t-give-token = Gib es nur dem Teilnehmer selbst: Es ist sein Platz-Token an jedem Tisch des Turniers.
cli-t-preview-no-tables = --preview zeigt die Sitzordnung, die der Server wählen würde: Lass --tables weg
cli-t-no-preview = dieser Server zeigt keine Sitzordnung vorab (er kennt kein `preview`); gefragt war nur eine Vorschau, und er hat etwas anderes geantwortet
cli-t-preview = Runde { $round } von { $rounds } würde an { $n ->
    [one] { $n } Tisch
   *[other] { $n } Tischen
} gesetzt (eine Vorschau: Niemand wird gesetzt und keine Partie gestartet)
cli-t-seated = Runde { $round } von { $rounds }: { $n ->
    [one] { $n } Tisch, seine Partie hat begonnen
   *[other] { $n } Tische, ihre Partien haben begonnen
}
cli-t-output-needs-csv = -o/--output speichert die CSV-Datei: Gib auch --csv an
cli-t-none-seated = noch ist keine Runde gesetzt (`bootleggers tournament seat` setzt eine)
cli-t-not-seated-yet = Runde { $round } ist noch nicht gesetzt: Die letzte ist Runde { $latest }
cli-t-pairings = Runde { $round } von { $rounds }: { $n ->
    [one] { $n } Tisch
   *[other] { $n } Tische
}
cli-t-nothing-to-do = für { $who } ist nichts zu tun
cli-t-finished = Turnier { $id } mit Version { $version } beendet{ $revealed ->
    [yes] ; sein Seed ist aufgedeckt: { $seed }
   *[no] {""}
}
cli-t-json-or-csv = wähle --json oder --csv, nicht beides
cli-t-final = {"  "}(endgültig)
cli-t-provisional-until = {"  "}(vorläufig bis { $at }, wenn die letzte Einspruchsfrist eines Tisches abläuft)
cli-t-provisional = {"  "}(vorläufig)
cli-t-after-round = nach Runde { $round }
cli-t-at-table = Runde { $round }, Tisch { $table } (Partie { $game })
cli-t-the-tournament = das Turnier selbst
cli-t-filed-by = {" "}von { $who }
cli-t-dispute-line = Einspruch { $dispute } zu { $where }: { $state }
cli-t-filed-line = {"  "}eingereicht{ $by } zu Ereignis { $version }: { $text }
cli-t-look-at = {"  "}ansehen: { $link }
cli-t-in-viewer = {"  "}(im Betrachter: { $viewer })
cli-t-no-disputes = keine Einsprüche
cli-t-disputes-count = { $n ->
    [one] { $n } Einspruch
   *[other] { $n } Einsprüche
}, { $open } offen
cli-t-answer-one = einen beantworten: bootleggers tournament resolve { $id } DISPUTE --decision upheld|rejected --text '...' [--game GAME für einen an einem Tisch]
cli-t-resolved-tournament = Einspruch { $dispute } zum Turnier: { $decision } (Ereignis { $version })
cli-t-not-a-table = die Partie { $game } ist kein Tisch des Turniers { $id } (`bootleggers tournament disputes` nennt die Partie jedes Einspruchs)
cli-t-resolved-table = Einspruch { $dispute } in Runde { $round }, Tisch { $table } (Partie { $game }): { $decision } (Ereignis { $version } der Partie)
