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

## `--help` (service/cli/help_words.py): die Hilfe jedes Befehls und jeder Option;
## Befehls-, Options- und Variablennamen bleiben, wie man sie tippt

-cli-help-lang = Die Sprache der Ausgabe: en oder de (Vorgabe: LANGUAGE, LC_ALL, LC_MESSAGES, LANG; sonst Englisch).
-cli-help-url = Der Server (Umgebungsvariable BOOTLEGGERS_URL).
-cli-help-token = Token der Spielleitung oder eines Spielers (Umgebungsvariable BOOTLEGGERS_TOKEN).
cli-help-bootleggers = Schiedsrichter-Server für das Brettspiel Bootleggers.
cli-help-bootleggers--lang = { -cli-help-lang }
cli-help-bootleggers-anchor = Die außerhalb von Redis verankerten Stände der Spiele und Turniere (docs/verification.md).
cli-help-bootleggers-anchor-export = Das Protokoll des Ankers ausgeben (JSON). `> anchor.json`
cli-help-bootleggers-anchor-export--archive = Der Archivspeicher (file:///verzeichnis oder s3://bucket/präfix; Umgebungsvariable ARCHIVE_URL; Vorgabe var/archive).
cli-help-bootleggers-anchor-export--first = Der erste Stapel.
cli-help-bootleggers-anchor-export--last = Der letzte Stapel (Vorgabe: der neueste).
cli-help-bootleggers-bot =
    Einen Platz nach seinen erlaubten Beispielzügen spielen, bis das Spiel endet (die Spielschleife
    von clients/python: wartet auf den Ereignisstrom, wiederholt mit demselben Idempotency-Key).
    
    Greedy liest die Knete, die jedes Beispiel übrig lässt, aus `look_ahead=cash` der erlaubten
    Züge; der Schiedsrichter rechnet sie auf einem Doppel des Spiels aus, das neu verteilt, was der
    Platz nicht sehen kann: Der Bot erfährt nichts, was sein Spieler nicht darf. Endet mit 1 und
    einem Satz, wenn der Schiedsrichter den Platz verweigert (an jemand anderen vergeben,
    ausgeschieden, dem Bot des Servers übergeben) oder nicht erreichbar ist; was er behalten hat,
    bleibt in der Quittungsdatei.
cli-help-bootleggers-bot--url = Der Schiedsrichter-Server (Umgebungsvariable BOOTLEGGERS_URL).
cli-help-bootleggers-bot--game_id = Die Kennung des Spiels.
cli-help-bootleggers-bot--token = Das Spieler-Token des Platzes (Umgebungsvariable BOOTLEGGERS_TOKEN).
cli-help-bootleggers-bot--strategy = random: irgendein erlaubtes Beispiel; greedy: das, nach dem der Platz gleich danach die meiste Knete hat.
cli-help-bootleggers-bot--receipts_path = Die Quittung jedes Befehls, den der Bot schickt, in dieser JSON-Datei aufbewahren (nach jeder Antwort neu geschrieben; Quittungen, die schon darin stehen, bleiben), für `bootleggers verify RECORD --receipts FILE`.
cli-help-bootleggers-bot--lang = { -cli-help-lang }
cli-help-bootleggers-export = Die Aufzeichnung des Spiels (JSON; mit dem Token der Spielleitung). `> record.json`
cli-help-bootleggers-export--url = { -cli-help-url }
cli-help-bootleggers-export--token = { -cli-help-token }
cli-help-bootleggers-export--lang = { -cli-help-lang }
cli-help-bootleggers-log = Das Spiel in Sätzen, so wie es der Inhaber des Tokens lesen darf.
cli-help-bootleggers-log--url = { -cli-help-url }
cli-help-bootleggers-log--token = { -cli-help-token }
cli-help-bootleggers-log--lang = { -cli-help-lang }
cli-help-bootleggers-log--after = Nach dieser Ereignisversion beginnen.
cli-help-bootleggers-log--as_json = Ein JSON-Eintrag je Zeile statt Text.
cli-help-bootleggers-openapi = api_spec/openapi.json aus den marshmallow-Schemas neu erzeugen.
cli-help-bootleggers-report = Der druckbare HTML-Bericht des Spiels. `> report.html`
cli-help-bootleggers-report--url = { -cli-help-url }
cli-help-bootleggers-report--token = { -cli-help-token }
cli-help-bootleggers-report--lang = { -cli-help-lang }
cli-help-bootleggers-serve =
    Web (gunicorn) und Worker (rq) wie im Procfile starten, bei Bedarf mit Redis.
    
    Ohne REDIS_URL wird ein eingebettetes Redis gestartet (AOF an, Daten unter var/redis) und seine
    URL an die Kindprozesse weitergegeben. Ein abgestürzter Worker oder ein abgestürztes eingebettetes
    Redis wird nach einer Wartezeit neu gestartet (0,5 s, verdoppelt bis 10 s; RESTART_BACKOFF_SECONDS,
    RESTART_BACKOFF_MAX_SECONDS, RESTART_STABLE_SECONDS); stirbt gunicorn selbst, werden die anderen
    angehalten und der Befehl endet mit einem Code ungleich null. Strg-C oder SIGTERM hält alles an.
cli-help-bootleggers-serve--port = HTTP-Port (Umgebungsvariable PORT).
cli-help-bootleggers-serve--app_spec = Anwendungsangabe für gunicorn (Umgebungsvariable BOOTLEGGERS_APP).
cli-help-bootleggers-serve--data_dir = Datenverzeichnis des eingebetteten Redis (nur ohne REDIS_URL benutzt).
cli-help-bootleggers-serve--stop_timeout = Sekunden, die Web und Worker zum Anhalten bekommen, bevor sie beendet werden.
cli-help-bootleggers-tournament =
    Ein Turnier auf einem Server leiten: create, register, seat, pairings, standings, drop, reinstate,
    no-show, seat-to-bot, announce, disputes, resolve, finish, report, export.
cli-help-bootleggers-tournament--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-announce = Allen Teilnehmenden TEXT mitteilen (die Spielleitung): Er erscheint auf ihrer Seite und am Pult.
cli-help-bootleggers-tournament-announce--url = { -cli-help-url }
cli-help-bootleggers-tournament-announce--token = { -cli-help-token }
cli-help-bootleggers-tournament-announce--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-create = Ein Turnier anlegen; gibt seine Kennung und das Token der Spielleitung aus (nur einmal gezeigt).
cli-help-bootleggers-tournament-create--url = { -cli-help-url }
cli-help-bootleggers-tournament-create--name = Der Name der Veranstaltung.
cli-help-bootleggers-tournament-create--ruleset = Das Spiel, das jeder Tisch spielt.
cli-help-bootleggers-tournament-create--rounds = Wie viele Runden.
cli-help-bootleggers-tournament-create--table_min = Wenigste Spieler je Tisch (mit --table-max; Vorgabe: die des Servers).
cli-help-bootleggers-tournament-create--table_max = Meiste Spieler je Tisch (mit --table-min).
cli-help-bootleggers-tournament-create--format_ = swiss: Der Server setzt jede Runde; fixed: Du gibst die Tische mit `seat --tables` vor.
cli-help-bootleggers-tournament-create--no_show = Was aus dem Platz eines abwesenden oder ausgeschiedenen Teilnehmenden wird.
cli-help-bootleggers-tournament-create--bot_strategy = Wie der Bot des Servers die Plätze spielt, die er bekommt.
cli-help-bootleggers-tournament-create--options = Eine Spieloption jedes Tisches, z. B. rounds=8 oder deadlines='{ "{" }"default": 120{ "}" }'; wiederholbar.
cli-help-bootleggers-tournament-create--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-disputes = Jeder Einspruch an einem Tisch und zum Turnier, offene zuerst (die Spielleitung).
cli-help-bootleggers-tournament-disputes--as_json = Die Antwort des Servers als JSON.
cli-help-bootleggers-tournament-disputes--url = { -cli-help-url }
cli-help-bootleggers-tournament-disputes--token = { -cli-help-token }
cli-help-bootleggers-tournament-disputes--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-drop = ENTRANT ausscheiden lassen (seine Nummer; die Spielleitung oder der Teilnehmende selbst): Keine spätere Runde setzt ihn, und sein Platz an einem Tisch, der noch spielt, folgt der Abwesenheitsregel des Turniers (der Bot des Servers spielt ihn, oder er scheidet aus).
cli-help-bootleggers-tournament-drop--url = { -cli-help-url }
cli-help-bootleggers-tournament-drop--token = { -cli-help-token }
cli-help-bootleggers-tournament-drop--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-drop--reason = Warum, für die Aufzeichnung und den Bericht.
cli-help-bootleggers-tournament-export = Die eigene Aufzeichnung des Turniers (JSON), für `bootleggers verify` oder ein Archiv.
cli-help-bootleggers-tournament-export--output = In diese Datei schreiben (Vorgabe: Standardausgabe).
cli-help-bootleggers-tournament-export--url = { -cli-help-url }
cli-help-bootleggers-tournament-export--token = { -cli-help-token }
cli-help-bootleggers-tournament-export--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-finish = Das Turnier nach seiner letzten Runde beenden (die Spielleitung); legt seinen Seed offen.
cli-help-bootleggers-tournament-finish--url = { -cli-help-url }
cli-help-bootleggers-tournament-finish--token = { -cli-help-token }
cli-help-bootleggers-tournament-finish--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-no-show = ENTRANT an seinem noch spielenden Tisch als abwesend melden (die Spielleitung): Sein Platz folgt sofort der Abwesenheitsregel des Turniers, ohne dass er ausscheidet.
cli-help-bootleggers-tournament-no-show--url = { -cli-help-url }
cli-help-bootleggers-tournament-no-show--token = { -cli-help-token }
cli-help-bootleggers-tournament-no-show--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-pairings = Wer in einer Runde wo sitzt: jeder Tisch, sein Spiel und seine Plätze.
cli-help-bootleggers-tournament-pairings--round_no = Welche Runde (Vorgabe: die zuletzt gesetzte).
cli-help-bootleggers-tournament-pairings--as_csv = Als CSV, für eine Tabellenkalkulation (pairings.csv des Servers).
cli-help-bootleggers-tournament-pairings--output = Mit --csv: in diese Datei schreiben (Vorgabe: Standardausgabe).
cli-help-bootleggers-tournament-pairings--url = { -cli-help-url }
cli-help-bootleggers-tournament-pairings--token = { -cli-help-token }
cli-help-bootleggers-tournament-pairings--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-register =
    NAME anmelden; gibt Nummer und Token des Teilnehmenden aus. Vor Runde 1 darf sich jeder anmelden;
    danach nur die Spielleitung (ein Nachzügler, gesetzt ab der nächsten Runde).
cli-help-bootleggers-tournament-register--bot = Ein Hausspieler, den der Bot des Servers spielt (braucht das Token der Spielleitung).
cli-help-bootleggers-tournament-register--late_bye = Ist Runde 1 gesetzt, darf die Spielleitung (mit ihrem Token) noch jemanden anmelden, gesetzt ab der nächsten Runde: Mit --late-bye bekommt er für jede schon gesetzte Runde ein Freilos, mit --no-late-bye für diese Runden nichts.
cli-help-bootleggers-tournament-register--url = { -cli-help-url }
cli-help-bootleggers-tournament-register--token = { -cli-help-token }
cli-help-bootleggers-tournament-register--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-reinstate = Einen ausgeschiedenen ENTRANT zurückholen (die Spielleitung): Die nächste Runde setzt ihn wieder.
cli-help-bootleggers-tournament-reinstate--url = { -cli-help-url }
cli-help-bootleggers-tournament-reinstate--token = { -cli-help-token }
cli-help-bootleggers-tournament-reinstate--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-report = Der druckbare HTML-Bericht des Turniers.
cli-help-bootleggers-tournament-report--output = In diese Datei schreiben (Vorgabe: Standardausgabe).
cli-help-bootleggers-tournament-report--url = { -cli-help-url }
cli-help-bootleggers-tournament-report--token = { -cli-help-token }
cli-help-bootleggers-tournament-report--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-resolve = Einen Einspruch beantworten (die Spielleitung): einen zum Turnier, oder mit --game einen an einem Tisch.
cli-help-bootleggers-tournament-resolve--decision = Deine Entscheidung.
cli-help-bootleggers-tournament-resolve--text = Deine Antwort, aufgezeichnet und dem gezeigt, der den Einspruch eingelegt hat.
cli-help-bootleggers-tournament-resolve--game_id = Ein Einspruch an einem Tisch: das Spiel dieses Tisches (siehe `disputes`); ohne es ein Einspruch zum Turnier selbst.
cli-help-bootleggers-tournament-resolve--url = { -cli-help-url }
cli-help-bootleggers-tournament-resolve--token = { -cli-help-token }
cli-help-bootleggers-tournament-resolve--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-seat =
    Die nächste Runde setzen (die Spielleitung) und jeden Tisch ausgeben: sein Spiel und wer wo sitzt.
    Mit --preview nur die Tische zeigen, die entstünden: Niemand wird gesetzt, kein Spiel beginnt.
cli-help-bootleggers-tournament-seat--tables = Die Tische eines festen Turniers: JSON, z. B. '[[1,2,3,4],[5,6,7,8]]'.
cli-help-bootleggers-tournament-seat--preview = Zeigen, wie die nächste Runde gesetzt würde, ohne jemanden zu setzen.
cli-help-bootleggers-tournament-seat--url = { -cli-help-url }
cli-help-bootleggers-tournament-seat--token = { -cli-help-token }
cli-help-bootleggers-tournament-seat--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-seat-to-bot = Den Platz von ENTRANT an seinem noch spielenden Tisch dem Bot des Servers übergeben (die Spielleitung), gleich, was die Abwesenheitsregel des Turniers sagt.
cli-help-bootleggers-tournament-seat-to-bot--url = { -cli-help-url }
cli-help-bootleggers-tournament-seat-to-bot--token = { -cli-help-token }
cli-help-bootleggers-tournament-seat-to-bot--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-standings = Die Tabelle: Rang, Name, Punkte, Feinwertungen, Wertungszahl, gespielte Tische; und die Regel.
cli-help-bootleggers-tournament-standings--as_json = Die Antwort des Servers als JSON.
cli-help-bootleggers-tournament-standings--as_csv = Als CSV, für eine Tabellenkalkulation (standings.csv des Servers).
cli-help-bootleggers-tournament-standings--output = Mit --csv: in diese Datei schreiben (Vorgabe: Standardausgabe).
cli-help-bootleggers-tournament-standings--url = { -cli-help-url }
cli-help-bootleggers-tournament-standings--token = { -cli-help-token }
cli-help-bootleggers-tournament-standings--lang = { -cli-help-lang }
cli-help-bootleggers-verify =
    Die Aufzeichnung eines beendeten Spiels oder Turniers offline prüfen (docs/verification.md).
    
    RECORD ist, was GET /v1/games/{ "{" }id{ "}" }/export nach dem Ende des Spiels liefert. Geprüft werden die
    Hash-Kette, der Seed gegen seine Festlegung, jeder Würfel und jedes Mischen sowie die Quittungen.
    Die Aufzeichnung eines Turniers (GET /v1/tournaments/{ "{" }id{ "}" }/export): seine Kette und sein Seed, jede
    Setzung neu hergeleitet, das Spiel jedes Tisches geprüft und sein Ergebnis neu gelesen, die Namen
    und Token-Hashes an seinen Plätzen, Punkte und Tabelle sowie die Quittungen (mit seinem Seed als
    Schlüssel). Mit --anchor wird die Aufzeichnung auch gegen jeden Stand gehalten, den der Server von
    ihr verankert hat (bei einem Turnier: von ihm und vom Spiel jedes Tisches).
    Endet mit 0, wenn alles stimmt, mit 1 und der ersten falschen Version, mit 2, wenn sie unlesbar ist.
cli-help-bootleggers-verify--receipts_file = Eine JSON-Liste von Quittungen ({ "{" }version, receipt{ "}" }) oder der Antworten, die sie trugen.
cli-help-bootleggers-verify--anchor_source = Der veröffentlichte Anker des Servers (`bootleggers anchor export`): Die Aufzeichnung muss jeden Stand enthalten, den er vom Spiel verankert hat (bei einem Turnier: von ihm und von den Spielen seiner Tische).
cli-help-bootleggers-verify--as_json = Den Bericht als JSON ausgeben.
cli-help-bootleggers-verify--lang = { -cli-help-lang }

## clicks eigene Wörter (`{…}`-Lücken gehen unverändert an click zurück)

cli-click-usage = Aufruf:
cli-click-options = Optionen
cli-click-commands = Befehle
cli-click-help-option = Diese Hilfe zeigen und beenden.
cli-click-default = Vorgabe: { $default }
cli-click-env-var = Umgebungsvariable: { $var }
cli-click-required = nötig
cli-click-error = Fehler: { $message }
cli-click-try-help = Hilfe gibt es mit '{ $command } { $option }'.
cli-click-missing-argument = Argument fehlt
cli-click-missing-option = Option fehlt
cli-click-missing-parameter = Parameter fehlt
cli-click-missing-command = Befehl fehlt.
cli-click-no-such-option = Eine Option { $name } gibt es nicht.
cli-click-no-such-command = Einen Befehl { $name } gibt es nicht.
cli-click-invalid-value-for = Ungültiger Wert für { $param_hint }: { $message }
cli-click-invalid-value = Ungültiger Wert: { $message }
cli-click-aborted = Abgebrochen!
cli-click-not-a-number = { $value } ist keine gültige Zahl.
cli-click-not-in-range = { $value } liegt nicht im Bereich { $range }.
cli-click-not-a-choice = { $n ->
        [one] { $value } ist nicht { $choice }.
       *[other] { $value } ist keins von { $choices }.
    }
cli-click-extra-arguments = { $n ->
        [one] Unerwartetes zusätzliches Argument ({ $args })
       *[other] Unerwartete zusätzliche Argumente ({ $args })
    }
cli-click-did-you-mean = { $n ->
        [one] Meintest du { $possibility }?
       *[other] (Meintest du eine dieser: { $possibilities }?)
    }
cli-click-option-needs-arguments = { $n ->
        [one] Die Option { $name } braucht ein Argument.
       *[other] Die Option { $name } braucht { $nargs } Argumente.
    }
