# Die Berichte: der einer Partie (GET /v1/games/{id}/report) und der eines Turniers
# (GET /v1/tournaments/{id}/report), in sich geschlossene HTML-Seiten; Ids wie in
# en/report.ftl. Die Sätze des Protokolls, die sie zitieren, stehen in log.ftl. Was die Seiten
# prüfen, hängt nie von der Sprache ab.

## Der Bericht einer Partie

report-title = Bericht – Partie { $game }
report-heading = { $ruleset } – Partie { $game }
report-facts = Angelegt { $created } · { $events ->
    [one] { $events } Ereignis
   *[other] { $events } Ereignisse
}
report-players = Spieler:
report-result = Ergebnis
report-rounds = Runden
report-rulings = Entscheidungen
report-disputes = Einsprüche
report-verification = Prüfung
report-status-lobby = in der Lobby
report-status-running = im Gange
report-status-finished = beendet
report-no-result = Die Partie ist { $status } (Ereignis { $version }); noch kein Ergebnis.
report-annulled = Annulliert: kein Sieger (Ereignis { $version }: { $reason })
report-winners-shared = Sieger, die sich den Sieg teilen: { $winners }
report-winner = Sieger: { $winner }
report-mob = der { $mob }-Mob
report-mob-with-members = der { $mob }-Mob ({ $members })
report-amended = Ereignis { $version }: Das Ergebnis wird geändert, Sieger ist jetzt { $winner }{ $had ->
    [yes] {" "}(vorher { $was })
   *[no] {""}
}. Begründung: { $reason }.
report-amended-annulled = Ereignis { $version }: Das Ergebnis wird geändert, annulliert: kein Sieger{ $had ->
    [yes] {" "}(vorher { $was })
   *[no] {""}
}. Begründung: { $reason }.
report-forfeited = { $seat } ist ausgeschieden{ $at ->
    [yes] {" "}mit Ereignis { $version }
   *[no] {""}
}{ $why ->
    [yes] {" "}({ $reason })
   *[no] {""}
}: Ein ausgeschiedener Platz kann nicht gewinnen, was er auch hält, und steht hinter jedem Platz, der noch im Spiel ist.
report-place = Platz
report-seat = Spieler
report-note = Anmerkung
report-score-cash = Knete
report-score-bankrolls = Geldbündel
report-score-coins = Münzen
report-note-forfeited = ausgeschieden
report-note-winner = Sieger
report-no-round-table = Dieses Regelwerk führt keine Tabelle je Runde.
report-no-round-yet = Noch ist keine Runde zu Ende.
report-round = Runde { $round }
report-column-cash = Knete
report-column-markers = Einfluss-Figuren
report-column-crates_sold = Verkaufte Kisten
report-no-rulings = Keine Entscheidungen.
report-event = Ereignis
report-ruling = Entscheidung
report-reason = Begründung
report-no-disputes = Keine Einsprüche.
report-dispute = Einspruch
report-filed-by = Eingereicht von
report-about-event = Zu Ereignis
report-claim = Einwand
report-decision = Entscheidung
report-open = offen
report-dispute-private = (nur für die einreichende Person und die Spielleitung)
report-check = Prüfung
report-check-result = Ergebnis
report-detail = Einzelheiten
report-check-intact = intakt
report-check-failed = FEHLGESCHLAGEN
report-check-not-checked = nicht geprüft

## Die Prüfungen des Prüfprogramms, noch einmal gesagt (service/desk/check_words.py)

report-check-name-chain = Kette
report-check-name-seed = Seed
report-check-name-dice = Würfel
report-check-name-shuffles = Mischen
report-check-name-receipts = Quittungen
report-check-name-anchor = Anker
report-check-name-seatings = Sitzordnungen
report-check-name-tables = Tische
report-check-name-standings = Wertung
report-check-seed-later = der Seed wird aufgedeckt, wenn die Partie endet
report-check-chain-links = { $n ->
    [one] { $n } Ereignis, jeder Hash passt
   *[other] { $n } Ereignisse, jeder Hash passt
}
report-check-chain-breaks = die Kette bricht bei Ereignis { $version }
report-check-chain-ok = { $n ->
    [one] { $n } Ereignis
   *[other] { $n } Ereignisse
}, jedes mit dem vorigen verknüpft; Kopf { $head }
report-check-chain-broken = die Kette bricht bei Ereignis { $version }: Version, prev_hash oder Hash sind nicht, was die Ereignisse davor ergeben
report-check-seed-ok = der Seed von Ereignis { $version } passt zur Festlegung in Ereignis 1
report-check-seed-scripted = eine vorgegebene Partie: Kein Seed wurde festgelegt; Würfel und Kartenfolgen stammen aus dem Skript der Spielleitung in Ereignis 1
report-check-seed-missing = das Protokoll deckt den Seed nicht auf (die Partie ist nicht zu Ende, oder das Protokoll endet nach Ereignis { $version })
report-check-seed-wrong = der in Ereignis { $version } aufgedeckte Seed passt nicht zur Festlegung in Ereignis 1 (SHA-256 des Seeds)
report-check-dice-ok = { $n } Würfel in { $rolls ->
    [one] { $rolls } Wurf
   *[other] { $rolls } Würfen
}, jeder aus dem Seed
report-check-dice-scripted = { $n } Würfel, die ersten { $used } der { $script } des Skripts
report-check-dice-wrong = Ereignis { $version } enthält Würfel, die der aufgedeckte Seed nicht ergibt
report-check-shuffles-none = kein Stapel wurde gemischt
report-check-shuffles-scripted = { $n ->
    [one] einmal gemischt, wie vorgegeben
   *[other] { $n }-mal gemischt, jedes Mal wie vorgegeben
}
report-check-shuffles-ok = { $n ->
    [one] einmal gemischt, aus dem Seed und der Ausgangsreihenfolge des Stapels
   *[other] { $n }-mal gemischt, jedes Mal aus dem Seed und der Ausgangsreihenfolge des Stapels
}
report-check-shuffles-unknown = dieses Regelwerk veröffentlicht keine Ausgangsreihenfolgen: Sein Mischen lässt sich nicht prüfen
report-check-receipts-none = diese Partie hat keinen Seed, ihre Antworten trugen also keine Quittungen
report-check-receipts-ok = { $n ->
    [one] { $n } Quittung, passend zum Protokoll
   *[other] { $n } Quittungen, jede passend zum Protokoll
}

## Der Bericht eines Turniers (service/tournaments/report.py)

report-t-title = Bericht – Turnier { $name }
report-t-heading = { $name } – Turnierbericht
report-t-standings = Wertung
report-t-final-tag = endgültig
report-t-provisional-tag = vorläufig
report-t-final = Wertung endgültig: Die Einspruchsfrist jedes Tisches ist abgelaufen (die letzte um { $at }), und kein Einspruch ist offen.
report-t-provisional-running = Wertung vorläufig: nach den bisherigen Ergebnissen (Runde { $round } von { $rounds }).
report-t-provisional-open = Wertung vorläufig: Das Turnier ist beendet, aber ein Einspruch ist noch offen oder die Einspruchsfrist eines Tisches läuft noch; eine Entscheidung kann ein Ergebnis noch ändern.
report-t-provisional-until = Wertung vorläufig bis { $at }, wenn die letzte Einspruchsfrist eines Tisches abläuft: Bis dahin kann eine Entscheidung ein Ergebnis noch ändern.
report-t-rulings-and-disputes = Entscheidungen und Einsprüche
report-t-place = Platz { $place }
report-t-ordinal = { $n }.
# die Wertungsregel in Worten (englisch: service/tournaments/scoring.py, `explained`)
report-t-method-beaten = An jedem Tisch erhält jeder Spieler einen Punkt für jeden anderen Teilnehmer hinter sich und einen halben für jeden gleichauf (Gleichplatzierte teilen sich die Punkte der Plätze, die sie einnehmen).
report-t-method-placement = An jedem Tisch erhält jeder Spieler den Anteil der anderen Teilnehmer, vor denen er landet (je einen halben für Gleichplatzierte): Der Sieger erhält 1, der Letzte 0, an jedem Tisch jeder Größe, so zählen verschieden große Tische gleich.
report-t-bots-opponents = Die Bots des Servers zählen als Gegner, erhalten aber keine Punkte für die Wertung.
report-t-bots-ignored = Die Bots des Servers, die leere Plätze füllen, sind keine Gegner: Einen zu schlagen bringt nichts, gegen einen zu verlieren kostet nichts (Hausspieler, von der Spielleitung gemeldet, sind Teilnehmer).
report-t-points-added = Die Punkte werden über die Tische des Turniers addiert.
report-t-annulled-nothing = Ein annullierter Tisch bringt keine Punkte und zählt nicht als gespielt.
report-t-annulled-average = An einem annullierten Tisch erhält jeder Teilnehmer den Durchschnitt des Tisches, als wären alle gleichauf.
report-t-annulled-replay = Ein annullierter Tisch bringt keine Punkte; seine Teilnehmer spielen ihn in derselben Runde neu.
report-t-bye-scores = Ein Freilos bringt { $points } Punkte.
report-t-bye-nothing = Ein Freilos bringt nichts.
report-t-tie-breaks = Bei Punktgleichheit entscheiden zuerst die Punkte der Gegner (die aktuelle Punktzahl jedes Gegners, Tisch für Tisch addiert), dann der durchschnittliche Anteil am Spielergebnis an den eigenen Tischen (das eigene Ergebnis geteilt durch die Summe des Tisches). Wer dann noch gleichauf ist, teilt sich den Rang. Die Wertungszahl neben jedem Spieler (openskill, Plackett-Luce) dient nur zur Information und entscheidet nie über einen Rang; ein Platz, den der Bot des Servers für seinen Teilnehmer gespielt hat (nicht erschienen), oder ein Platz, der ausgeschieden ist, lässt dessen Wertungszahl, wie sie war.
report-t-tie-opponents_points = Punkte der Gegner
report-t-tie-score_share = Ergebnisanteil
report-t-format-swiss = Schweizer System
report-t-format-fixed = feste Tische
report-t-rounds-count = { $n ->
    [one] { $n } Runde
   *[other] { $n } Runden
}
report-t-table-sizes = Tische mit { $min } bis { $max }
report-t-entrants-count = { $n ->
    [one] { $n } Teilnehmer
   *[other] { $n } Teilnehmer
}
report-t-created = angelegt { $at }
report-t-status = Stand
report-t-status-registering = Anmeldung
report-t-status-running = läuft
report-t-status-finished = beendet
report-t-status-lobby = Lobby
report-t-status-playing = wird gespielt
report-t-status-annulled = annulliert
report-t-round-of = (Runde { $round } von { $rounds })
report-t-events-count = { $n ->
    [one] { $n } Ereignis
   *[other] { $n } Ereignisse
}
report-t-tournament-id = Turnier { $id }
report-t-nobody-registered = Noch niemand hat sich angemeldet.
report-t-rank = Rang
report-t-entrant = Teilnehmer
report-t-points = Punkte
report-t-rating = Wertungszahl (Ordinal)
report-t-tables-played = Gespielte Tische
report-t-byes = Freilose
report-t-notes = Anmerkungen
report-t-dropped = ausgestiegen
report-t-late-from = Nachmeldung (ab Runde { $round })
report-t-late-entry = Nachmeldung
report-t-house-player-bot = Hausspieler (Bot „{ $bot }“)
report-t-bot = Bot ({ $bot })
report-t-server = Server
report-t-entrant-n = Teilnehmer { $n }
report-t-still-playing = wird noch gespielt
report-t-annulled = annulliert
report-t-no-points = (keine Punkte)
report-t-unit-cash = Knete
report-t-unit-bankrolls = Geldbündel
report-t-unit-coins = Münzen
report-t-forfeited = ausgeschieden
report-t-played-by-bot = vom Bot des Servers gespielt
report-t-house-player = (Hausspieler)
report-t-bot-took-over = der Bot des Servers hat den Platz übernommen
report-t-absent-forfeited = nicht erschienen: ausgeschieden
report-t-no-round-seated = Noch ist keine Runde gesetzt.
report-t-joined-late = Nachgemeldet, gesetzt ab dieser Runde: { $names }.
report-t-each-scores = {" "}(je { $points } Punkte)
report-t-sat-out = Mit Freilos ausgesetzt{ $each }: { $names }.
report-t-late-bye = Ein Freilos für eine Nachmeldung, die noch nicht angemeldet war{ $each }: { $names }.
report-t-replay-of = Neuauflage von Tisch { $table }
report-t-games-report = Bericht der Partie
report-t-table = Tisch
report-t-game = Partie
report-t-seats = Plätze
report-t-status-head = Stand
report-t-round = Runde
report-t-dropped-by-organizer = { $who } wurde von der Spielleitung herausgenommen.
report-t-dropped-themselves = { $who } ist selbst ausgestiegen.
report-t-reinstated = { $who } ist wieder dabei: ab der nächsten Runde wieder gesetzt.
report-t-no-show = Der Platz { $seat } von { $who } in Runde { $round }, Tisch { $table } { $policy ->
    [bot] ging an den Bot des Servers
   *[forfeit] ist ausgeschieden
}.
report-t-why-no-show-rule = die Regel des Turniers für Nichterscheinen
report-t-why-handed-to-bot = die Spielleitung hat den Platz dem Bot übergeben
report-t-registered-late = { $who } wurde von der Spielleitung nachgemeldet.
report-t-why-late-entry = eine Nachmeldung
report-t-why-bye = ein Freilos
report-t-bye-scored = { $who } erhält { $points } Punkte für Runde { $round }, nicht gespielt.
report-t-why-replayed = ein annullierter Tisch wird neu gespielt
report-t-replayed = Runde { $round }, Tisch { $table } wird als Tisch { $new } neu gespielt (Partie { $game }).
report-t-why-table-ruling = eine Entscheidung in der Partie des Tisches
report-t-table-amended = Runde { $round }, Tisch { $table }: Das Ergebnis wurde { $what ->
    [annulled] annulliert
   *[amended] geändert
} (Partie { $game } mit Ereignis { $version }).
report-t-rulings-kinds = (Entscheidungen: { $kinds })
report-t-dispute-open = offen
report-t-dispute-upheld = stattgegeben
report-t-dispute-rejected = abgelehnt
report-t-answer = Antwort
report-t-the-tournament = Das Turnier
report-t-announcements = Bekanntmachungen
report-t-announced = Bekanntgemacht
report-t-when = Wann
report-t-round-table = Runde { $round }, Tisch { $table }
report-t-game-events-open = (Partie{" "}
report-t-game-events-close = ; die Ereignisnummern sind die der Partie)
report-t-no-rulings-anywhere = Keine Entscheidungen und keine Einsprüche, weder beim Turnier noch an einem Tisch.
report-t-seed-commitment = Festlegung des Seeds
report-t-seed-later = wird aufgedeckt, wenn das Turnier endet
report-t-not-yet-checkable = noch nicht prüfbar
report-t-seed-matches = SHA-256 des Seeds ist die Festlegung
report-t-seed-mismatch = der Seed passt NICHT zu seiner Festlegung
report-t-seed-revealed = Seed (aufgedeckt)
report-t-at-event = bei Ereignis { $version }
report-t-record = Protokoll
report-t-no-result-yet = noch kein Ergebnis
report-t-game-unreadable = die Partie ließ sich nicht lesen
report-t-unreadable = unlesbar
report-t-same = gleich
report-t-different = VERSCHIEDEN beim selben Ereignis
report-t-game-longer = die Partie hat { $n ->
    [one] { $n } Ereignis
   *[other] { $n } Ereignisse
} mehr, seit das Ergebnis festgehalten wurde (siehe ihren Bericht)
report-t-game-shorter = die Partie ist KÜRZER als das festgehaltene Ergebnis
report-t-tables = Tische
report-t-tables-note = Die Partie jedes Tisches hat ihr eigenes Protokoll, geprüft in ihrem eigenen Bericht (Kette, Seed, Würfel, Mischen); hier steht der Kopf-Hash, den das Turnier mit dem Ergebnis des Tisches festgehalten hat, neben dem Kopf-Hash der Partie jetzt.
report-t-recorded = Mit dem Ergebnis festgehalten
report-t-game-now = Die Partie jetzt
report-t-agreement = Übereinstimmung
report-t-own-record = Das Protokoll des Turniers
report-t-own-record-note-1 = Jede Sitzordnung stammt aus dem Seed des Turniers. Ist das Turnier beendet, lässt sich sein tragbares Protokoll ({""}
report-t-own-record-note-2 = ) offline prüfen mit{" "}
report-t-own-record-note-3 = : die Kette, der Seed, jede Sitzordnung noch einmal aus dem Seed bestimmt, die Partie und das Ergebnis jedes Tisches und die Wertung.
report-t-what = Was
report-t-value = Wert
