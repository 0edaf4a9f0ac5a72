# Problemdetails: `title` und `detail` jeder Ablehnung (application/problem+json).
#
# Ids und Parameter wie in en/problems.ftl. Die deutschen Spielbegriffe folgen der deutschen
# Spielhilfe (Seed 000): Muskelkarten, Einfluss-Figuren, Whisky-Kisten, Lkw, Riesen für $G,
# Hinterzimmer, Fahrerbestechung, Familien-Destillerie, abgelegene Destillerie,
# Speakeasy-Verbesserung, Aktionskarten (Men of Action), Gangsterkarten (Thug cards),
# Majority-/Minority-/Public-Dock, Phasen I–VI mit ihren Namen. Wo die Spielhilfe keinen
# deutschen Namen nennt (die einzelnen Gangsterkarten, die Speakeasies), steht das beim
# Eintrag; die Speakeasies behalten ihre gedruckten Eigennamen.
# Prohibition und Booze Baron: deren Regeln liegen nur englisch vor (Seeds 001–004); die
# Begriffe hier sind unsere Übersetzung.

## Für alle Regelwerke

problem-not-started = Das Spiel hat noch nicht begonnen
problem-seated-only = Spielzüge schickt nur, wer am Tisch sitzt
problem-seat-not-in-game = Platz { $seat } gehört nicht zu diesem Spiel

## Bootleggers: Begriffe (zuerst gesetzt, dann in einen Satz gestellt)

problem-bl-money = { $amount ->
    [one] { $amount } Riese
   *[other] { $amount } Riesen
  }
# Die Spielhilfe nennt die Speakeasies nicht auf Deutsch: sie behalten ihre gedruckten Namen.
problem-bl-speakeasy = { $id ->
    [omalleys] { -bl-speakeasy-omalleys }
    [texas_lils] { -bl-speakeasy-texas_lils }
    [mothers] { -bl-speakeasy-mothers }
    [barleycorns] { -bl-speakeasy-barleycorns }
    [real_mccoy] { -bl-speakeasy-real_mccoy }
    [volstead] { -bl-speakeasy-volstead }
   *[other] { $id }
  }
# Gangsterkarten (Thug cards): die Spielhilfe führt sie nur mit ihren englischen Namen
# (Muscling In, Word of Mouth …); die deutschen Namen (terms.ftl) haben wir gewählt.
problem-bl-thug = { $kind ->
    [muscling_in] { -bl-thug-muscling_in }
    [word_of_mouth] { -bl-thug-word_of_mouth }
    [copper_in_the_house] { -bl-thug-copper_in_the_house }
    [hey_free_truck] { -bl-thug-hey_free_truck }
    [g_men_investigation] { -bl-thug-g_men_investigation }
    [g_men_bust_a_speakeasy] { -bl-thug-g_men_bust_a_speakeasy }
    [windfall] { -bl-thug-windfall }
    [city_politics] { -bl-thug-city_politics }
    [state_politics] { -bl-thug-state_politics }
    [g_men_bust_a_shipment] { -bl-thug-g_men_bust_a_shipment }
    [a_little_vigorish] { -bl-thug-a_little_vigorish }
    [warehouse] { -bl-thug-warehouse }
    [safe_house] { -bl-thug-safe_house }
    [thirsty] { -bl-thug-thirsty }
    [big_payoff] { -bl-thug-big_payoff }
    [hit] { -bl-thug-hit }
    [mob_war] { -bl-thug-mob_war }
    [call_in_a_big_favor] { -bl-thug-call_in_a_big_favor }
    [call_in_a_little_favor] { -bl-thug-call_in_a_little_favor }
    [move_over_pigeon] { -bl-thug-move_over_pigeon }
    [hijack] { -bl-thug-hijack }
    [turf_war] { -bl-thug-turf_war }
    [big_city_boys] { -bl-thug-big_city_boys }
    [packing_heat] { -bl-thug-packing_heat }
    [moll] { -bl-thug-moll }
    [opportunity_knocks] { -bl-thug-opportunity_knocks }
    [recruiting] { -bl-thug-recruiting }
    [friendly_union_boss] { -bl-thug-friendly_union_boss }
    [you_dirty_rat] { -bl-thug-you_dirty_rat }
    [double_cross] { -bl-thug-double_cross }
   *[other] Gangsterkarte { $kind }
  }
# Aktionskarten (Men of Action): Einfluss und Verbesserung wie in der Spielhilfe.
problem-bl-moa = { $kind ->
    [single_influence] Einfacher Einfluss
    [double_influence] Doppelter Einfluss
    [single_still_improvement] Einfache Destillerie-Verbesserung
    [double_still_improvement] Doppelte Destillerie-Verbesserung / abgelegene Destillerie
    [speakeasy_improvement] Speakeasy-Verbesserung
   *[other] { $kind }
  }
problem-bl-truck-card = { $size ->
    [small] { -bl-truck-card-small }
    [medium] { -bl-truck-card-medium }
    [large] { -bl-truck-card-large }
   *[other] Lkw-Karte
  }
problem-bl-truck-size = { $size ->
    [small] { -bl-truck-size-small }
    [medium] { -bl-truck-size-medium }
    [large] { -bl-truck-size-large }
   *[other] Lkw
  }
# Ein einzelner Lkw heißt wie ein Eigenname („Großer Lkw 2“), damit er in jedem Fall passt.
problem-bl-truck = { $size ->
    [small] { -bl-truck-small } { $number }
    [medium] { -bl-truck-medium } { $number }
    [large] { -bl-truck-large } { $number }
   *[other] Lkw { $number }
  }
problem-bl-still = { $kind ->
    [family] Familien-Destillerie
    [remote] Abgelegene Destillerie { $number }
   *[other] Destillerie { $number }
  }
# Die Phasen heißen wie in der Spielhilfe: I Bieten und Fahrerbestechung, II Einfluss
# platzieren, III Produktion, IV Auslieferung, V Verkauf, VI Der lange Arm des Gesetzes.
problem-bl-step = { $step ->
    [bid] verdecktes Bieten in Phase I
    [choose_offer] Kartenwahl in Phase I
    [place_influence] Einfluss platzieren in Phase II
    [deals] Verhandeln in Phase IV
    [load] Lkw beladen in Phase IV
    [dispatch] Lkw losschicken in Phase IV
    [public_dock] Public-Dock-Frage in Phase V
    [finished] Spielende
    [thug_window] Fenster für Gangsterkarten
    [reaction] Reaktionsfenster einer Gangsterkarte
    [vigorish] Schutzgeld-Frage
   *[other] automatische Abläufe
  }
problem-bl-where = { $command ->
    [bid] beim Bieten in Phase I
    [take_offer] in deinem Zug in Phase I
    [place_influence] in deinem Zug in Phase II
    [load] beim Beladen in Phase IV
    [dispatch] in deinem Zug beim Losschicken in Phase IV
    [allow_public] wenn du in Phase V gefragt wirst
    [pass] wenn du bei einem Schritt an der Reihe bist
    [answer_vigorish] wenn dich „Ein bisschen Schutzgeld“ fragt
   *[other] zu einer anderen Zeit
  }

## Bootleggers: wer was wann schicken darf (commands.py)

problem-bl-game-over = Das Spiel ist vorbei ({ $player } hat gewonnen); es werden keine Züge mehr angenommen
problem-bl-unknown-command = „{ $command }“ ist kein Bootleggers-Befehl
problem-bl-muscle-displayed-only = { $command } geht nur, solange die Muskelkarten offen liegen (vom Aufdecken in Phase I bis zum Ende von Phase V)
problem-bl-deals-wait = Eine Gangsterkarte oder eine Schutzgeld-Antwort steht noch aus; Abmachungen warten, bis das geklärt ist
problem-bl-wrong-step = Das Spiel steht bei „{ $step }“, dort geht { $takes }; { $command } schickst du { $where }
problem-bl-wrong-step-auto = Das Spiel steht bei „{ $step }“; { $command } schickst du { $where }
problem-bl-already-acted = Du warst bei „{ $step }“ schon an der Reihe
problem-bl-not-involved = „{ $step }“ betrifft dich in dieser Runde nicht (nichts zu tun)
problem-bl-not-your-turn = { $player } ist bei „{ $step }“ an der Reihe; die Reihenfolge richtet sich nach den Muskelkarten: { $order }

## Bootleggers: Phase I und das Hinterzimmer (phase1.py, placement.py)

problem-bl-offer = { $offer ->
    [truck] „truck“ ({ $card })
   *[other] { $offer } ({ $card })
  }
problem-bl-muscle-not-in-hand = Die Muskelkarte { $card } hast du nicht auf der Hand; du hältst { $hand }
problem-bl-offer-required = In Phase I gibt es kein Passen: Jeder muss eine „Lkw- oder Aktionskarte auswählen“ (Phase I, 5b); nimm eine von: { $offers }
problem-bl-unknown-offer = Im Angebotsfeld „{ $offer }“ liegt keine Karte; die Angebote sind: { $offers }
problem-bl-choice-not-applicable = Eine Wahl gibt es nur bei der Doppelten Destillerie-Verbesserung, nicht bei { $card }
problem-bl-choice-required = Die Doppelte Destillerie-Verbesserung braucht "choice": "dice" (zwei Würfel) oder "remote_still" (eine neue abgelegene Destillerie mit einem Würfel)
problem-bl-remote-stills-all-taken = Alle { $count } abgelegenen Destillerien sind im Spiel; nimm stattdessen zwei Würfel ("choice": "dice")
problem-bl-unknown-speakeasy-listed = Ein Speakeasy „{ $id }“ gibt es in diesem Spiel nicht{ $volstead ->
    [yes] {" "}(Volstead Imports gibt es nur mit 6 Spielern)
   *[other] {""}
  }; die Speakeasies sind { $ids }
problem-bl-empty-placement = Nenne mindestens ein Speakeasy und eine Anzahl; schicke "pass", um nichts zu platzieren
problem-bl-too-few-markers = Du willst { $want ->
    [one] 1 Einfluss-Figur
   *[other] { $want } Einfluss-Figuren
  } platzieren, hast aber nur { $have } im Hinterzimmer, die du platzieren darfst{ $locked ->
    [0] {""}
    [one] {" "}(1 kam in dieser Runde durch „Unterschlupf“ zurück)
   *[other] {" "}({ $locked } kamen in dieser Runde durch „Unterschlupf“ zurück)
  }
problem-bl-omalleys-no-influence = O'Malley's gehört dem Polizeichef: Dort kann kein Mobster Einfluss platzieren
problem-bl-place-at-least-one = Platziere bei { $speakeasy } mindestens 1 Einfluss-Figur (oder lass es weg)
problem-bl-circles-full = { $speakeasy } hat { $circles } Kreise, { $taken ->
    [one] 1 ist besetzt
   *[other] { $taken } sind besetzt
  } – du kannst noch { $room } platzieren
problem-bl-already-answered = Du hast in dieser Runde des Fensters für Gangsterkarten schon geantwortet (angesagt oder gepasst); die Ansagen werden in Muskelkarten-Reihenfolge abgehandelt, dann fragt das Fenster alle noch einmal
problem-bl-no-die-in-back-room = Du hast keinen Verbesserungswürfel für eine Destillerie im Hinterzimmer
problem-bl-no-such-still = Eine Destillerie „{ $still }“ hast du nicht; deine Destillerien sind { $stills }
problem-bl-still-full = Deine { $still } hat schon { $dice } Würfel, mehr hält keine Destillerie (1 Produktionswürfel + 3 Verbesserungsfelder)
problem-bl-no-improvement-in-back-room = Du hast keinen Speakeasy-Verbesserungs-Marker im Hinterzimmer
problem-bl-omalleys-no-squares = O'Malley's hat keine Verbesserungsfelder: Einfluss und Verbesserungen wirken dort nicht
problem-bl-squares-full = { $speakeasy } hat { $squares ->
    [one] 1 Verbesserungsfeld, und es ist belegt
   *[other] { $squares } Verbesserungsfelder, und alle { $taken } sind belegt
  }

## Bootleggers: Abmachungen (deals.py)

problem-bl-not-own-truck = { $truck } gehört nicht { $player } (gemietete Lkw und Lkw aus einem Gefallen können nicht verkauft oder weitervermietet werden)
problem-bl-truck-in-use = { $truck } ist beladen oder unterwegs; nur ein leerer Lkw zu Hause kann den Besitzer wechseln
problem-bl-face-down-cards = { $player } hat { $held ->
    [one] 1 verdeckte Karte
   *[other] { $held } verdeckte Karten
  }, nicht { $asked }
problem-bl-not-a-thug-card = „{ $card }“ ist weder Id noch Art einer Gangsterkarte
problem-bl-card-not-held = { $player } hat { $card } nicht auf der Hand
problem-bl-payroll-pending = { $player } hat die Kosten dieser Runde noch nicht bezahlt (Fahrerbestechung und Muskelkarte, { $owed }, im eigenen Zug in Phase I); sie sind ab dem Aufdecken fällig (Phase I, 5a: „Fahrerbestechung(en) und Muskelkarten-Knete zahlen“), darum bewegt keine Abmachung { $what ->
    [cash] das Geld
    [trucks] die Lkw
   *[both] das Geld oder die Lkw
  } weg, bevor bezahlt ist
problem-bl-loading-underway = Whisky-Kisten und Lkw wechseln beim Verhandeln den Besitzer, vor dem Beladen; während beladen wird, handle mit Geld, Gangsterkarten und Versprechen
problem-bl-cash-gone = { $player } hat { $asked } nicht mehr
problem-bl-cash-short = { $player } hat { $has }, nicht { $asked }
problem-bl-crates-short = { $player } hat { $has ->
    [one] 1 unverladene Whisky-Kiste
   *[other] { $has } unverladene Whisky-Kisten
  }, nicht { $asked }
problem-bl-truck-twice = { $truck } ist zweimal genannt
problem-bl-unknown-deal = Es gibt keine offene Abmachung „{ $deal }“; offene Abmachungen: { $deals }
problem-bl-deal-to-other = Eine Abmachung schlägt man einem anderen Platz in diesem Spiel vor
problem-bl-too-many-deals = Du hast schon { $count ->
    [one] 1 offenen Vorschlag
   *[other] { $count } offene Vorschläge
  }; zieh einen zurück oder warte auf eine Antwort
problem-bl-empty-deal = Eine Abmachung braucht etwas auf einer Seite oder ein Versprechen
problem-bl-deal-for-other = Die Abmachung { $deal } ist { $player } vorgeschlagen
problem-bl-deal-by-other = Die Abmachung { $deal } hat { $player } vorgeschlagen

## Bootleggers: Schiedssprüche der Spielleitung (rulings.py)

problem-no-such-seat = Einen Platz { $seat } gibt es in diesem Spiel nicht; die Plätze sind { $seats }
problem-organizer-only-ruling = Nur die Spielleitung darf einen Schiedsspruch fällen
problem-bl-unknown-speakeasy = Ein Speakeasy „{ $id }“ gibt es in diesem Spiel nicht (Volstead Imports gibt es nur mit 6 Spielern)
problem-bl-ruling-omalleys = O'Malley's gehört dem Polizeichef: Dort steht kein Einfluss
problem-bl-ruling-markers = { $player } hat { $was ->
    [one] 1 Einfluss-Figur
   *[other] { $was } Einfluss-Figuren
  } bei { $speakeasy } und { $free } im Vorrat (von { $total }); { $count } ist mehr als das
problem-bl-ruling-circles = { $speakeasy } hat { $circles } Kreise, und andere halten { $others } – { $player } kann dort höchstens { $most } haben
problem-bl-ruling-no-truck = Im Vorrat ist kein { $size } mehr (im Spiel gibt es { $count })
problem-bl-ruling-unknown-truck = { $player } hat keinen Lkw „{ $truck }“; die Lkw sind { $trucks }
problem-bl-ruling-truck-busy = { $truck } ist beladen oder steht an einem Speakeasy an; verladene Kisten bewegen sich nie, darum kann er jetzt nicht weggenommen werden
problem-bl-remote-stills-none-left = Alle { $count } abgelegenen Destillerien sind im Spiel
problem-bl-ruling-unknown-still = { $player } hat keine Destillerie „{ $still }“; die Destillerien sind { $stills } (oder "new_remote", um eine zu eröffnen)
problem-bl-ruling-squares = { $speakeasy } hat { $squares ->
    [one] 1 Verbesserungsfeld
   *[other] { $squares } Verbesserungsfelder
  }; { $count ->
    [one] 1 passt nicht
   *[other] { $count } passen nicht
  }
problem-bl-ruling-improvements = Nur { $free } der { $total } Speakeasy-Verbesserungs-Marker sind im Vorrat; { $speakeasy } hat { $has }, kann also höchstens { $most } haben
problem-bl-unknown-ruling = Unbekannte Art von Schiedsspruch „{ $kind }“

## Bootleggers: Skripte, Auslieferung und Verkauf (setup.py, shipping.py, selling.py)

problem-bl-script-no-hand = Das Skript teilt Platz { $seat } keine Hand aus
problem-bl-script-quarter = Die Skript-Hand von Platz { $seat } hat { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
  } aus { $first }–{ $last }; jede Hand hält { $each } aus jedem Viertel
problem-bl-script-repeats = Die Skript-Hand von Platz { $seat } wiederholt eine Karte oder hat Karten außerhalb von 1–72
problem-bl-script-unknown-deck = Das Skript ordnet einen Stapel „{ $deck }“; die Stapel sind { $decks }
problem-bl-script-deck-mismatch = Die Skript-Reihenfolge für den Stapel { $deck } enthält nicht genau seine { $count } Karten
problem-bl-empty-load = Nenne mindestens einen Lkw; schicke "pass", um nichts zu laden
problem-bl-no-such-truck = Einen Lkw „{ $truck }“ hast du nicht; deine Lkw sind { $trucks }
problem-bl-load-at-least-one = Lade mindestens 1 Whisky-Kiste auf { $truck } (oder lass ihn weg)
problem-bl-lined-up-full = { $truck } steht schon bei { $speakeasy } an; verladene Kisten bewegen sich nie, und er nimmt keine mehr
problem-bl-truck-capacity = Dein { $truck } fasst { $capacity } Whisky-Kisten – du wolltest { $asked }
problem-bl-load-too-many = Du willst { $want ->
    [one] 1 Whisky-Kiste
   *[other] { $want } Whisky-Kisten
  } laden, hast aber { $has }
problem-bl-empty-dispatch = Nenne mindestens einen Lkw; schicke "pass", um keinen loszuschicken (seine Kisten sind dann verloren)
problem-bl-send-empty = { $truck } ist leer; nur beladene Lkw fahren zu einem Speakeasy
problem-bl-sent-once = { $truck } steht schon bei { $speakeasy } an; ein Lkw wird nur einmal losgeschickt
problem-bl-no-such-speakeasy = Ein Speakeasy „{ $id }“ gibt es in diesem Spiel nicht
problem-bl-closed = { $speakeasy } ist geschlossen: { $why }
problem-bl-closed-busted = Die G-Men haben es in dieser Runde hochgenommen
problem-bl-closed-shaded = Es braucht { $shaded } Einfluss-Figuren, um zu öffnen, und hat { $placed }
problem-bl-wrong-truck = Die Frage gilt { $asked }, nicht { $sent }
problem-bl-no-public-question = Es ist keine Public-Dock-Frage offen

## Bootleggers: Gangsterkarten (thugs/)

problem-bl-card-needs = Diese Karte braucht { $fields }
problem-bl-thug-needs-muscle = Gangsterkarten spielt man nur, solange die Muskelkarten offen liegen (vom Aufdecken in Phase I bis zum Ende von Phase V)
problem-bl-not-yourself = Wähle einen anderen Mobster, nicht dich selbst
problem-bl-not-on-omalleys = Diese Karte kann nicht auf O'Malley's gespielt werden
problem-bl-card-needs-open = { $speakeasy } ist geschlossen; die Karte braucht ein offenes Speakeasy
problem-bl-pigeon-too-late = { $truck } ist bei { $speakeasy } schon mit dem Verkauf an der Reihe; seine Ladung kann man nur ausleihen, bis die erste Kiste verkauft ist
problem-bl-sales-over = { $speakeasy } hat in dieser Runde schon verkauft, darum könnte „{ $card }“ dort keinen Verkauf mehr ändern
problem-bl-no-truck-in-play = Einen Lkw „{ $truck }“ gibt es im Spiel nicht
problem-bl-no-seat = Einen Platz „{ $seat }“ gibt es nicht
problem-bl-seat-no-still = { $player } hat keine Destillerie „{ $still }“; die Destillerien sind { $stills }
problem-bl-cannot-pay = Das kostet { $cost } ({ $what }), du hast aber nur { $has }
problem-bl-markers-at = { $count ->
    [one] 1 Einfluss-Figur
   *[other] { $count } Einfluss-Figuren
  } zu je { $price }
problem-bl-thug-waiting = Eine Gangsterkarte wartet darauf, ausgeführt zu werden; warte, bis ihr Reaktionsfenster schließt
problem-bl-vigorish-first = Zuerst wird eine Antwort auf „Ein bisschen Schutzgeld“ erwartet
problem-bl-thug-not-in-hand = { $card } hast du nicht auf der Hand; deine Gangsterkarten: { $cards }
problem-bl-one-thug-at-a-time = „{ $card }“ von { $player } wartet darauf, ausgeführt zu werden; es wird immer nur eine Gangsterkarte ausgeführt (nur „G-Men – Ermittlung“ darf darauf antworten)
problem-bl-card-takes = „{ $card }“ nimmt die Felder { $takes }, nicht { $unused }
problem-bl-card-takes-nothing = „{ $card }“ nimmt keine Ziele, also auch nicht { $unused }
problem-bl-own-truck = { $truck } fährst du selbst; wähle den Lkw eines anderen Mobsters
problem-bl-free-truck-window = „He, ein Lkw umsonst!“ spielt man in Phase IV, wenn alle Kisten verladen sind (nicht während der Verhandlungen)
problem-bl-steal-empty-only = { $truck } hat { $crates ->
    [one] 1 Whisky-Kiste
   *[other] { $crates } Whisky-Kisten
  } geladen; stehlen kann man nur einen leeren Lkw
problem-bl-bust-shipment-window = „G-Men – Ladung beschlagnahmt“ spielt man während der Auslieferung (Phase IV)
problem-bl-truck-no-crates = { $truck } hat keine Whisky-Kisten geladen
problem-bl-hijack-window = „Überfall“ spielt man während der Auslieferung (Phase IV)
problem-bl-hijack-needs-empty = Für die Kisten brauchst du einen eigenen leeren Lkw; „{ $truck }“ ist keiner
problem-bl-hijack-capacity = { $mine } fasst { $capacity } Whisky-Kisten, und { $truck } hat { $load } geladen; überfallene Kisten werden nie aufgeteilt
problem-bl-hijack-not-lined-up = { $truck } steht noch nicht an: Die Kisten kommen auf { $mine }, und du schickst ihn in deinem Zug in Muskelkarten-Reihenfolge los, als hättest du sie gebrannt; lass to_speakeasy weg
problem-bl-hijack-stays = { $truck } steht schon bei { $speakeasy } an: Die überfallenen Kisten bleiben dort – dein Lkw stellt sich bei { $speakeasy } hinten an, an dem Dock, das dir dein Einfluss dort gibt (FAQ: Der Lkw bewegt sich nicht, deiner geht hinter allen schon wartenden Lkw an das passende Dock); nenne kein anderes Speakeasy
problem-bl-pigeon-needs-lined-up = { $truck } steht nicht mit Kisten an einem Speakeasy an; „Rück mal, Täubchen“ spielt man auf einen Lkw, der an einem Speakeasy ansteht
problem-bl-cargo-borrowed = Die Ladung von { $truck } ist schon ausgeliehen
problem-bl-no-truck-left = Im Vorrat ist kein { $size } mehr
problem-bl-warehouse-too-late = „Lagerhaus“ rettet unverladene Kisten, die am Ende von Phase IV verloren sind („Nicht geladener Whiskey ist ‚verloren‘“); Phase IV ist in dieser Runde vorbei
problem-bl-warehouse-in-use = Dein „Lagerhaus“ ist in dieser Runde schon im Einsatz
problem-bl-others-still = Spiele diese Karte auf die Destillerie eines anderen Mobsters
problem-bl-muscling-remote = „Eindringling“ spielt man auf eine abgelegene Destillerie
problem-bl-no-die-to-steal = { $still } hat keinen Würfel mehr, den man stehlen könnte
problem-bl-you-no-still = Eine Destillerie „{ $still }“ hast du nicht
problem-bl-still-holds-max = Deine { $still } hat schon { $count } Würfel
problem-bl-turf-last-die = „Revierkampf“ darf nicht den letzten Würfel einer Familien-Destillerie zerstören
problem-bl-vigorish-window = „Ein bisschen Schutzgeld“ spielt man auf eine Destillerie vor der Produktion dieser Runde (Phasen I–II)
problem-bl-no-production-die = { $still } hat keinen Produktionswürfel
problem-bl-still-idle = { $still } von { $player } produziert in dieser Runde schon nichts
problem-bl-not-asked-vigorish = Keine Schutzgeld-Frage wartet auf dich
problem-bl-copper-already = Der Bulle ist bei { $speakeasy } schon im Haus
problem-bl-no-improvement-to-move = { $speakeasy } hat keinen Verbesserungs-Marker, den man versetzen könnte
problem-bl-move-elsewhere = Versetze die Verbesserung in ein anderes Speakeasy
problem-bl-no-free-square = { $speakeasy } hat kein freies Verbesserungsfeld
problem-bl-union-boss-shown = Dein „Freundlicher Gewerkschaftsboss“ liegt schon offen
problem-bl-windfall-choice = choice ist "dice" oder "remote_still" (gilt, wenn die gezogene Karte eine Doppelte Destillerie-Verbesserung ist)
problem-bl-windfall-window = „Glücksfall“ spielt man in Phase I: in der Runde, in der du ihn nimmst, oder in Phase I einer späteren Runde
problem-bl-moa-empty = Der Aktionskarten-Stapel und sein Ablagestapel sind leer
problem-bl-nothing-pending = Keine Gangsterkarte wartet darauf, ausgeführt zu werden; „G-Men – Ermittlung“ spielt man auf eine gerade gespielte Karte (oder auf einen offen liegenden „Freundlichen Gewerkschaftsboss“)
problem-bl-investigate-own = Deine eigene Karte kannst du nicht ermitteln lassen
problem-bl-no-union-boss = Bei { $player } liegt kein „Freundlicher Gewerkschaftsboss“ offen
problem-bl-investigation-pending-only = Eine Gangsterkarte wartet darauf, ausgeführt zu werden; „G-Men – Ermittlung“ kann jetzt nur sie treffen ("target": "pending")
problem-bl-investigation-target = „G-Men – Ermittlung“ braucht als target "pending" oder "friendly_union_boss" (mit seat)
problem-bl-windfall-kept = Dein Glücksfall „{ $card }“ stammt aus Runde { $round }; spiele ihn in Phase I einer späteren Runde
problem-bl-windfall-takes-no = Ein Glücksfall „{ $card }“ nimmt nicht { $fields }
problem-bl-no-marker-there = { $player } hat keine Einfluss-Figur bei { $speakeasy }
problem-bl-no-markers-at = Bei { $speakeasy } steht keine Einfluss-Figur
problem-bl-mob-war-count = „Bandenkrieg“ zerstört { $count ->
    [one] 1 Einfluss-Figur
   *[other] { $count } Einfluss-Figuren
  } bei { $speakeasy }; nenne sie als {"{"}seat: count{"}"}
problem-bl-seat-markers-short = { $player } hat { $has ->
    [one] 1 Einfluss-Figur
   *[other] { $has } Einfluss-Figuren
  } bei { $speakeasy }, nicht { $asked }
problem-bl-circles-all-taken = Bei { $speakeasy } sind alle { $circles } Kreise besetzt
problem-bl-no-supply = Alle { $count } deiner Einfluss-Figuren sind im Spiel
problem-bl-no-influence-omalleys = Bei O'Malley's steht kein Einfluss
problem-bl-double-cross-mode = „Doppeltes Spiel“ braucht mode "destroy" (mit seat) oder "add"
problem-bl-rat-not-yours = „Du dreckige Ratte“ ersetzt die Einfluss-Figur eines anderen Mobsters, nicht deine
problem-bl-you-have-markers = Du hast { $has ->
    [one] 1 Einfluss-Figur
   *[other] { $has } Einfluss-Figuren
  } bei { $speakeasy }
problem-bl-safe-house-count = „Unterschlupf“ holt 1 bis { $most } Einfluss-Figuren zurück
problem-bl-buy-count = Kaufe 1 bis { $most } Einfluss-Figuren
problem-bl-supply-left = Du hast noch { $has ->
    [one] 1 Einfluss-Figur
   *[other] { $has } Einfluss-Figuren
  } im Vorrat

## Prohibition (prohibition/)
# Die Regeln von Prohibition liegen nur englisch vor (Seed 003): Felder, Figuren und Begriffe
# sind unsere Übersetzung (Cases = Kisten, Bankrolls = Geldbündel, Law pawns = Gesetzesfiguren).

problem-pr-space = Feld { $number } ({ $number ->
    [1] Kasino
    [2] Wolkenkratzer
    [3] Schwarzmarkt
    [4] Babe Ruth
    [5] Tanzsaal
    [6] Harlem Renaissance
    [7] Kanada
    [8] Frauenwahlrecht
    [9] Saloon
    [10] Art déco
    [11] Schwarzbrennerei
    [12] Die verlorene Generation
    [13] Speakeasy
    [14] Jazzmusik
    [15] Rumschmuggler
    [16] Elektrifizierung
    [17] Spelunke
    [18] Autokultur
    [19] Mexiko
    [20] Flapper
    [21] Nachtclub
    [22] Tonfilm
    [23] Brauerei
    [24] Goldenes Zeitalter des Radios
   *[other] ?
  })
problem-pr-pawn = { $pawn ->
    [police] die örtliche Polizei
    [agent] der Prohibitionsagent
    [fbi] der FBI-Agent
   *[other] deine Figur
  }
problem-pr-no-such-die = Du hast keine { $die } zum Einsetzen; deine übrigen Würfel in diesem Zug: { $left }
problem-pr-law-moved = In diesem Zug hat { $pawn } schon gezogen; eine Gesetzesfigur zieht höchstens einmal pro Zug
problem-pr-law-there = Auf { $space } { $count ->
    [one] steht
   *[other] stehen
  } { $pawns }; deine Figur darf nicht auf eine Gesetzesfigur ziehen
problem-pr-target-needed = Auf { $space } stehen mehrere Figuren{ $own ->
    [yes] {" "}mit Kisten
   *[other] {""}
  }; nenne die, die du { $own ->
    [yes] ausrauben
   *[other] hochnehmen
  } willst, als target ({ $seats })
problem-pr-bad-target = { $player } kann dort nicht { $own ->
    [yes] ausgeraubt
   *[other] hochgenommen
  } werden; auf { $space } stehen zur Wahl: { $seats }
problem-pr-too-many-cases = Du kannst hier höchstens { $most } Kisten kaufen: { $space } hat { $cases }, und du hast { $bankrolls } Geldbündel zu je { $price }
problem-pr-game-over = Das Spiel ist vorbei ({ $winners } { $count ->
    [one] hat gewonnen
   *[other] teilen sich den Sieg
  }); es werden keine Züge mehr angenommen
problem-pr-unknown-command = „{ $command }“ ist kein Prohibition-Befehl
problem-pr-not-your-turn = { $player } ist am Zug; du spielst, wenn du dran bist
problem-pr-nobodys-turn = Niemand ist am Zug; du spielst, wenn du dran bist
problem-pr-wrong-step = Das Spiel wartet auf { $step ->
    [move] die Aktionsphase (einen Würfel einsetzen oder den Zug beenden)
    [buy] eine Antwort: Wie viele Kisten kaufst du?
    [sell] eine Antwort: Verkaufst du deine Kisten?
   *[other] { $step }
  }, dort geht { $takes }, nicht { $command }

## Booze Baron (booze_baron/)
# Die Regeln von Booze Baron liegen nur englisch vor (Seed 004): unsere Übersetzung
# (Booze = Schnaps, Mob = Bande, Delivery card = Lieferkarte, Movement card = Bewegungskarte,
# Tail = beschatten, Expose = enttarnen, Location = Ort, Event = Ereignis). Die Orte sind
# Hausdaten; ein Tisch mit eigenen Ortskarten behält deren gedruckte Namen.

problem-bb-mob = { $mob ->
    [beer] Bier
    [liquor] Schnaps
    [wine] Wein
   *[other] { $mob }
  }
problem-bb-location = { $id ->
    [river_caves] Die Flusshöhlen
    [docks] Der Hafen
    [police_station] Die Polizeiwache
    [warehouse] Das Lagerhaus
    [casino] Das Kasino
    [train_yard] Der Güterbahnhof
   *[other] { $name }
  }
problem-bb-nowhere = noch nirgends
problem-bb-unknown-location = Einen Ort „{ $location }“ gibt es nicht; die Orte sind { $locations }
problem-bb-script-booze-names = Der Skript-Stapel { $deck } muss Namen von Schnapskarten seines Stapels enthalten (wie gedruckt, jeden einmal)
problem-bb-script-booze-all = Der Skript-Stapel { $deck } muss alle vier Schnapskarten der Sorte { $mob } enthalten
problem-bb-script-delivery = Der Skript-Stapel der Lieferkarten enthält nicht genau seine { $count } Karten ({ $first } bis { $last })
problem-bb-game-over = Das Spiel ist vorbei ({ $mobs } { $count ->
    [one] hat gewonnen
   *[other] teilen sich den Sieg
  }); es werden keine Züge mehr angenommen
problem-bb-unknown-command = „{ $command }“ ist kein Booze-Baron-Befehl
problem-bb-step = { $step ->
    [move] Bewegungsphase (verdeckte Bewegungskarten)
    [action] Aktionsphase
    [follow_up] Ende einer Beschattung (Stehlen oder Enttarnen)
   *[other] automatische Abläufe
  }
problem-bb-where = { $command ->
    [choose_move] in der Bewegungsphase
    [deliver] in deinem Zug in der Aktionsphase
    [tail] in deinem Zug in der Aktionsphase
    [trigger_event] in deinem Zug in der Aktionsphase
    [pass_turn] in deinem Zug in der Aktionsphase
    [steal] direkt nach deiner Beschattung
    [expose] direkt nach deiner Beschattung
    [drop_tail] direkt nach deiner Beschattung
   *[other] zu einer anderen Zeit
  }
problem-bb-wrong-step = Das Spiel steht bei „{ $step }“, dort geht { $takes }; { $command } schickst du { $where }
problem-bb-wrong-step-auto = Das Spiel steht bei „{ $step }“; { $command } schickst du { $where }
problem-bb-already-acted = Du warst bei „{ $step }“ schon an der Reihe
problem-bb-not-your-turn = { $player } ist bei „{ $step }“ an der Reihe
problem-bb-movement-lost = Deine Bewegungskarte für { $location } wurde dir genommen, als du enttarnt wurdest; dorthin kannst du nicht mehr
problem-bb-same-location = Du warst letzte Runde bei { $location }; niemand darf in zwei Runden nacheinander an denselben Ort ziehen
problem-bb-unknown-card = Eine Lieferkarte „{ $card }“ gibt es nicht
problem-bb-card-not-here = Die Lieferkarte { $card } liegt nicht bei { $location }
problem-bb-not-your-booze = Du darfst nur eine Lieferkarte { $verb ->
    [steal] stehlen
   *[other] nehmen
  }, die deine Schnapssorte zeigt; { $card } zeigt { $booze }
problem-bb-cannot-tail = Du kannst { $player } nicht beschatten: { $why }
problem-bb-tail-hideout = Bei { $location } kann niemand beschattet werden
problem-bb-tail-elsewhere = Er oder sie ist nicht an deinem Ort ({ $location })
problem-bb-cannot-steal = { $card } ist keine verdeckte Lieferkarte von { $player } (offene Karten kann man nicht stehlen)
problem-bb-already-exposed = { $player } ist schon enttarnt; wer enttarnt wurde, kann nicht noch einmal enttarnt werden
problem-bb-no-event = { $location } hat kein Ereignis zum Auslösen: Die Fähigkeit dort wirkt immer, solange du da bist
problem-bb-event-fields = Das Ereignis von { $location } ({ $event }) nimmt { $takes }, nicht { $unused }
problem-bb-deck-empty = Der Lieferkarten-Stapel ist leer; das Ereignis von { $location } braucht eine Karte daraus
problem-bb-stakeout-hideout = { $player }, links von dir, ist bei { $location }, wo niemand beschattet werden kann
problem-bb-reroute-needs = Das Ereignis von { $location } bringt eine Lieferkarte von hier an einen anderen Ort: schicke `card` und `to`
problem-bb-reroute-elsewhere = `to` muss ein anderer Ort sein

## Titel, einer je HTTP-Status

problem-title-400 = Fehlerhafte Anfrage
problem-title-401 = Nicht angemeldet
problem-title-403 = Nicht erlaubt
problem-title-404 = Nicht gefunden
problem-title-405 = Methode nicht erlaubt
problem-title-409 = Konflikt
problem-title-411 = Länge fehlt
problem-title-412 = Vorbedingung nicht erfüllt
problem-title-413 = Inhalt zu groß
problem-title-414 = Adresse zu lang
problem-title-415 = Nicht unterstütztes Format
problem-title-422 = Nicht verarbeitbarer Inhalt
problem-title-428 = Vorbedingung fehlt
problem-title-429 = Zu viele Anfragen
problem-title-431 = Header zu groß
problem-title-500 = Interner Fehler
problem-title-503 = Dienst nicht verfügbar
problem-title-507 = Speicher voll
problem-title-other = Fehler
problem-title-record-damaged = Aufzeichnung beschädigt

## Mehrere Befunde in einer Ablehnung, nacheinander

problem-parts = { $parts }
problem-sep = {"; "}

## Die HTTP-API (service/api)

problem-api-what = { $what ->
    [ask_for_a_rematch] eine Revanche verlangen
    [export_a_game_before_it_ends] ein Spiel vor seinem Ende exportieren
    [pause_the_clock] die Uhr anhalten
    [resume_the_clock] die Uhr weiterlaufen lassen
    [extend_a_deadline] eine Frist verlängern
    [replay_the_game] das Spiel nachspielen lassen
    [read_this_job] diesen Auftrag lesen
    [read_the_report_of_a_game_before_it_ends] den Bericht eines Spiels vor seinem Ende lesen
    [read_the_report_of_a_tournament_before_it_finishes] den Bericht eines Turniers vor seinem Ende lesen
    [export_a_tournament_before_it_finishes] ein Turnier vor seinem Ende exportieren
    [start_the_game] das Spiel starten
    [send_commands] Züge schicken
    [ask_for_legal_actions] nach erlaubten Zügen fragen
    [audit_a_game_before_it_ends] ein Spiel vor seinem Ende prüfen
    [read_disputes_before_the_game_ends] Einsprüche vor dem Spielende lesen
    [make_a_ruling] einen Schiedsspruch fällen
    [resolve_a_dispute] über einen Einspruch entscheiden
    [enter_a_house_player_played_by_the_server_s_bot] einen Hausspieler anmelden, den der Bot des Servers spielt
    [reinstate_an_entrant] einen Teilnehmer wieder aufnehmen
    [make_an_announcement] eine Ansage machen
    [mark_an_entrant_absent] einen Teilnehmer als abwesend markieren
    [hand_a_seat_to_the_server_s_bot] einen Platz dem Bot des Servers geben
    [seat_a_round] eine Runde setzen
    [finish_the_tournament] das Turnier beenden
   *[other] { $text }
  }
problem-api-bad-token = Schicke dein Token als `Authorization: Bearer <token>`
problem-api-unknown-token = Dieses Token gehört zu keinem Platz und keiner Spielleitung dieses Spiels
problem-api-entrant-dropped-seat = Du bist aus diesem Turnier ausgestiegen: Dein Platz an diesem Tisch gehört dir nicht mehr; zuschauen darfst du weiter
problem-api-entrant-dropped-not = Du bist aus diesem Turnier ausgestiegen: Du darfst zuschauen, aber nicht { $what }
problem-api-token-required-to = Um { $what } zu dürfen, brauchst du ein Token: Schicke `Authorization: Bearer <token>`
problem-api-only-may = Nur { $who ->
    [seat] wer am Tisch sitzt,
    [organizer] die Spielleitung
   *[organizer_seat] wer am Tisch sitzt, oder die Spielleitung
  } darf { $what }
problem-api-invalid-fields = Einige Felder fehlen oder sind falsch; siehe `errors`
problem-api-query-field = `{ $name }` { $rule }
problem-api-query-range = muss zwischen { NUMBER($low, useGrouping: 0) } und { NUMBER($high, useGrouping: 0) } liegen
problem-api-query-at-least = muss mindestens { NUMBER($low, useGrouping: 0) } sein
problem-api-query-whole = muss eine ganze Zahl sein
problem-api-query-cursor = muss das `next` einer früheren Seite sein, so wie geliefert
problem-api-query-one-of = muss einer dieser Werte sein: { $choices }
problem-api-query-other = ist ungültig ({ $text })
problem-api-version-conflict = Das Spiel ist weitergegangen: Du hast Version { $sent } geschickt, jetzt ist es bei Version { $now }; lade neu und entscheide noch einmal
problem-api-game-not-found = Ein Spiel „{ $game }“ gibt es nicht
problem-api-tournament-not-found = Ein Turnier „{ $tournament }“ gibt es nicht
problem-api-record-damaged = Die gespeicherte Aufzeichnung dieses Spiels ist bei Ereignis { $version } beschädigt ({ $damage }). Nichts kann daraus gelesen oder gespielt werden, bis die Prüfung der Spielleitung (GET /v1/games/{ $game }/audit) geklärt ist; die Ereignisse vor dem Schaden lassen sich weiter lesen und exportieren
problem-api-tournament-archived = Das Turnier { $tournament } ist vorbei und seine Aufzeichnung ist im Archiv: Lesen geht noch, ändern nie mehr
problem-api-game-archived = Das Spiel { $game } ist vorbei, seine Einspruchsfrist ist abgelaufen und seine Aufzeichnung ist im Archiv: Lesen geht noch, ändern nie mehr
problem-api-archive-unreachable = Das Archiv der beendeten Spiele ist nicht erreichbar; versuche es gleich noch einmal
problem-api-store-unreachable = Der Spielspeicher ist nicht erreichbar; versuche es gleich noch einmal
problem-api-redis-unreachable = Der Dienst erreicht Redis nicht ({ $error }); jede Anfrage, die den Speicher braucht, bekommt 503, bis Redis wieder da ist
problem-api-store-full = Der Spielspeicher ist voll (Redis hat sein maxmemory erreicht): Von dieser Anfrage wurde nichts aufgezeichnet. Beendete Spiele wandern ins Archiv, sobald ihre Einspruchsfrist endet, und machen Platz; versuche es später noch einmal oder bitte den Betreiber, REDIS_MAXMEMORY zu erhöhen
problem-api-busy = Zu viele Züge kamen gleichzeitig bei diesem Spiel an; versuche es gleich noch einmal
problem-api-internal-error = Bei uns ist etwas schiefgegangen; lade das Spiel neu und sieh nach, ob deine Anfrage aufgezeichnet wurde, bevor du sie wiederholst
problem-api-job-not-found = Einen Auftrag „{ $job }“ gibt es nicht (beendete Aufträge werden eine Woche aufbewahrt)
problem-api-result-after-end = Das Ergebnis steht fest, sobald das Spiel vorbei ist
problem-api-body-too-large = Der Inhalt der Anfrage ist größer, als dieser Server hier annimmt ({ $kib } KiB); nichts wurde gespeichert
problem-api-record-too-costly = Diese Aufzeichnung bräuchte zum Lesen bis zu { $mib } MiB Speicher, mehr als dieser Server einem Import gibt ({ $budget } MiB, MAX_IMPORT_MEMORY); nichts wurde gespeichert
problem-api-record-events-first = Eine Aufzeichnung über { $kib } KiB muss mit ihren Ereignissen beginnen, wie ein Export (`events` vor `tables`): Ihr erstes Ereignis steht nicht in den ersten { $kib } KiB dieser hier
problem-api-record-no-events = Die Aufzeichnung enthält keine Ereignisse
problem-api-json-content-type = Schicke den Inhalt als JSON mit `Content-Type: application/json`; diese Anfrage schickte { $sent }
problem-api-json-charset = Schicke den JSON-Inhalt als UTF-8; diese Anfrage sagt charset={ $charset }
problem-api-json-not-utf8 = Der Inhalt der Anfrage ist kein UTF-8-Text; schicke JSON als UTF-8
problem-api-json-invalid = Der Inhalt der Anfrage ist kein gültiges JSON
problem-api-json-not-object = Der Inhalt der Anfrage ist kein JSON-Objekt
problem-api-json-too-deep = Der Inhalt der Anfrage ist zu tief verschachteltes JSON
problem-api-json-surrogate = Der Inhalt der Anfrage enthält ein einzelnes UTF-16-Surrogat (ein \uD800-\uDFFF-Escape allein); schicke echten Text
problem-api-json-nan = Der Inhalt der Anfrage enthält NaN oder Infinity, die in JSON keine Zahlen sind; schicke eine Zahl
problem-api-body-not-object = Der Inhalt der Anfrage muss ein JSON-Objekt sein
problem-api-bad-if-match = If-Match muss die Spielversion sein, auf die du dich beziehst, z. B. `If-Match: 12`
problem-api-bad-idempotency-key = Idempotency-Key muss aus 1 bis 200 druckbaren Zeichen bestehen
problem-api-bad-last-event-id = Last-Event-ID muss die Version des letzten Ereignisses sein, das du bekommen hast
problem-api-rate-limited = Zu viele { $rule ->
    [create] neue Spiele von deiner Adresse
    [import] Importe von deiner Adresse
    [unauthorized] Anfragen ohne gültiges Token von deiner Adresse
    [commands] Züge von deinem Token
    [game_commands] Züge an dieses Spiel
    [talk] Zeilen Tischgespräch von deinem Token
    [game_talk] Zeilen Tischgespräch an diesem Tisch
    [address_talk] Zeilen Tischgespräch von deiner Adresse
    [stream] Ereignis-Streams ohne Token
    [join] besetzte Plätze von deiner Adresse
    [tournament] neue Turniere von deiner Adresse
    [register] Anmeldungen von deiner Adresse
   *[other] Anfragen
  } (höchstens { $count } pro { $unit ->
    [second] Sekunde
    [minute] Minute
    [hour] Stunde
   *[day] Tag
  }); versuche es in { $wait ->
    [one] 1 Sekunde
   *[other] { $wait } Sekunden
  } noch einmal
problem-api-streams-open = Zu viele offene Ereignis-Streams { $per ->
    [token] für dein Token
   *[address] von deiner Adresse
  } (höchstens { $most }); schließe einen oder versuche es später noch einmal
problem-api-round-not-seated = Runde { $round } ist noch nicht gesetzt: { $seated ->
    [0] noch ist keine Runde gesetzt
    [1] Runde 1 ist gesetzt
   *[other] die Runden 1 bis { $seated } sind gesetzt
  }

## Fehler von werkzeug (Adressen, Grenzen der Anfrage)

problem-http-400 = Die Anfrage ließ sich nicht lesen
problem-http-404 = Unter dieser Adresse gibt es nichts
problem-http-405 = Diese Adresse nimmt diese Methode nicht an
problem-http-411 = Schicke die Länge des Inhalts (Content-Length)
problem-http-413 = Die Anfrage ist größer, als dieser Server annimmt
problem-http-414 = Die Adresse ist zu lang
problem-http-415 = Einen Inhalt dieses Formats liest dieser Server nicht
problem-http-431 = Die Header der Anfrage sind zu groß
problem-http-other = Die Anfrage ließ sich nicht beantworten
problem-api-unconfirmed-lost = Deine Anfrage ging beim Umschalten des Spielspeichers verloren, bevor ein Replikat sie hatte, sie wurde also nicht aufgezeichnet; schicke sie noch einmal
problem-api-unconfirmed-waiting = Deine Anfrage hat den Spielspeicher erreicht, aber kein Replikat hat sie innerhalb von { $ms } ms bestätigt, darum ist sie noch nicht quittiert; schicke sie mit demselben Idempotency-Key noch einmal: Du bekommst ihre Antwort, sobald ein Replikat sie hält, oder sie wird genau einmal aufgezeichnet, falls ein Umschalten sie verloren hat
problem-api-unknown-ruleset = Dieser Server leitet { $known }; nicht „{ $name }“
problem-api-seats-range = { $ruleset } spielt man zu { $low } bis { $high }
problem-api-table-size-range = { $ruleset } spielt man zu { $low } bis { $high } an einem Tisch
problem-api-invalid-options = Einige Spieloptionen sind nicht erlaubt; siehe `errors`
problem-api-invalid-options-at = Einige Spieloptionen sind an einem Tisch mit { $seats } Plätzen nicht erlaubt; siehe `errors`
problem-api-tournament-seeded = Die Tische eines Turniers teilen aus ihren eigenen festgelegten Seeds aus: `game_options.rng` muss seeded bleiben
problem-api-no-show-unsupported = { $ruleset } kann keinen Platz aufgeben lassen, darum können seine Turniere no_show "{ $policy }" nicht nutzen; möglich ist: { $supported }
problem-api-bad-cursor = `after` muss das `next` einer früheren Seite sein, so wie geliefert
problem-api-no-such-version = Dieses Spiel hat { $count } Ereignisse; ein Ereignis { $version } gibt es noch nicht
problem-api-see-as-own = Nur die Spielleitung darf das Spiel mit den Augen eines anderen sehen; du darfst as={ $own } verlangen
problem-api-view-sealed = Die Sicht von { $player } enthält ab Ereignis { $sealed } eine verdeckte Karte, die bis zum Aufdecken auch vor der Spielleitung verborgen ist; verlange eine frühere Version (at < { $sealed }) oder warte bis nach dem Aufdecken
problem-api-bad-as = `as` ist eines von: { $choices }
problem-api-unknown-command = Unbekannte Befehlsart { $command }; bekannt sind: { $known }
problem-api-import-token = Zum Import { $what ->
    [tournament] eines Turniers
   *[game] eines Spiels
  } braucht es das Token seiner Spielleitung: Schicke `Authorization: Bearer <token>`
problem-api-import-not-organizer = Nur die Spielleitung { $what ->
    [tournament] des Turniers
   *[game] des Spiels
  } in dieser Aufzeichnung darf sie importieren; dieses Token gehört ihr nicht
problem-api-invalid-record = Die Aufzeichnung lässt sich nicht prüfen: { $why }
problem-api-game-exists = Dieser Server hat das Spiel { $game } schon
problem-api-tournament-exists = Dieser Server hat das Turnier { $tournament } schon
problem-api-tournament-importing = Dieses Turnier wird schon importiert (das Spiel { $game } seines Tisches ist gespeichert)
problem-api-send-token-because = Schicke dein Token: `Authorization: Bearer <token>` ({ $why })
problem-api-tournament-token = Du brauchst das Token der Spielleitung oder eines Teilnehmers: Schicke `Authorization: Bearer <token>`
problem-api-preview-seat-round = Nur seat_round lässt sich vorab ansehen
problem-api-entrant-page = Diese Seite gehört einem Teilnehmer; die Spielleitung liest das Turnier
problem-api-disputes-organizer = Die Einsprüche aller Tische liest nur die Spielleitung des Turniers
problem-api-batch-number = `{ $name }` ist eine Stapelnummer: eine ganze Zahl ab 1
problem-api-anchor-broken = Das eigene Anker-Protokoll des Servers besteht die Prüfung nicht

## Tisch, Turnier und Uhr, nach `code` zugeordnet (service/api/problem_by_code.py)

problem-table-seat-only-send = { $command } schickt nur, wer am Tisch sitzt
problem-table-seat-only-dispute = Einspruch erhebt nur, wer am Tisch sitzt; die Spielleitung entscheidet darüber (resolve_dispute)
problem-table-not-started-dispute = Das Spiel hat nicht begonnen: Es gibt noch nichts, wogegen man Einspruch erheben könnte
problem-table-not-started-ruling = Das Spiel hat nicht begonnen; Schiedssprüche berichtigen ein laufendes Spiel
problem-table-not-started = Das Spiel hat noch nicht begonnen; die Spielleitung startet es, sobald jeder Platz besetzt ist
problem-table-no-event-to-dispute = Dieses Spiel hat { $count } Ereignisse; gegen ein Ereignis { $version } gibt es keinen Einspruch
problem-table-dispute-window-closed = Das Spiel endete am { $ended }; Einsprüche gingen { $hours } Stunden lang nach dem Ende, bis { $until }
problem-table-dispute-window-closed-short = Die Einspruchsfrist dieses Spiels ist abgelaufen
problem-table-unknown-dispute = Einen Einspruch { $dispute } gibt es in diesem Spiel nicht ({ $filed } erhoben)
problem-table-dispute-closed = Über Einspruch { $dispute } wurde schon entschieden: { $state ->
    [upheld] stattgegeben
    [rejected] abgelehnt
   *[other] { $state }
  }
problem-table-rulings-need-upheld = Ein abgelehnter Einspruch ändert nichts: Schicke Schiedssprüche nur mit decision "upheld"
problem-table-ruling-needs-dispute = Das Spiel ist vorbei: Ein Schiedsspruch geht jetzt nur noch als Antwort auf einen Einspruch (resolve_dispute mit `rulings`)
problem-table-ruling-after-end = Nach dem Ende dürfen die Schiedssprüche zu einem Einspruch einen Platz aufgeben lassen, einen Spieler ersetzen oder das Spiel annullieren; ein Schiedsspruch { $kind } berichtigt ein laufendes Spiel
problem-table-already-annulled = Das Spiel ist schon annulliert
problem-table-annulled-no-result = Das Spiel ist annulliert: Es hat kein Ergebnis, das sich ändern ließe
problem-table-already-a-bot = Platz { $seat } spielt schon der Bot des Servers
problem-table-forfeited-moves = Platz { $seat } hat aufgegeben: Seine Züge werden schon für ihn gemacht
problem-table-already-forfeited = Platz { $seat } hat schon aufgegeben
problem-table-not-a-bot = Platz { $seat } spielt nicht der Bot des Servers
problem-table-forfeit-unsupported = { $ruleset } sagt nicht, wie das Spiel ohne einen Platz weitergeht, darum kann dieser Server dort keine Aufgabe entscheiden (annulliere das Spiel stattdessen)
problem-table-talk-seated-only = Am Tisch reden nur, wer dort sitzt, und die Spielleitung
problem-table-organizer-only-send = { $command } schickt nur die Spielleitung
problem-table-organizer-only-start = Nur die Spielleitung des Spiels darf es starten
problem-table-organizer-only = Nur die Spielleitung darf { $what }
problem-table-seat-forfeited = Platz { $seat } hat dieses Spiel aufgegeben; seine Züge werden für ihn gemacht
problem-table-seat-played-by-bot = Die Spielleitung hat Platz { $seat } dem Bot des Servers gegeben; bitte sie, ihn zurückzugeben (ein Schiedsspruch seat_to_player)
problem-table-unknown-ruling = { $ruleset } kennt keinen Schiedsspruch { $kind }; die der Engine sind forfeit, replace_player und annul
problem-table-idempotency-key-reused = Dieser Idempotency-Key wurde schon für einen anderen Befehl benutzt; nimm für einen neuen Befehl einen neuen Schlüssel
problem-table-game-finished = Dieses Spiel ist vorbei; es nimmt keine Züge mehr an
problem-table-game-started = Das Spiel hat schon begonnen
problem-table-game-full = Alle { $count } Plätze dieses Spiels sind besetzt
problem-table-seats-empty = { $missing } von { $total } Plätzen sind noch frei; das Spiel beginnt, wenn jeder Platz besetzt ist
problem-table-game-not-finished = Eine Revanche gibt es, sobald das Spiel vorbei ist
problem-table-tournament-table = Dieses Spiel ist ein Turniertisch: Das Turnier setzt seine Runden selbst, darum gibt es keine Revanche
problem-table-rematch-taken = Unter der Id der Revanche dieses Spiels steht ein anderes Spiel
problem-table-dice-exhausted = Diesem Spiel mit Skript-Würfeln sind die Würfel ausgegangen: { $purpose } braucht noch { $count }, aber von den { $total } gelieferten sind nur { $left } übrig
problem-tournament-registration-closed-late = Die Anmeldung schloss, als Runde 1 gesetzt wurde; die Spielleitung kann dich noch nachmelden
problem-tournament-registration-closed = Die Anmeldung schloss, als Runde 1 gesetzt wurde
problem-tournament-over-enter = Das Turnier ist vorbei; niemand kann sich mehr anmelden
problem-tournament-over-drop = Das Turnier ist vorbei; niemand kann mehr aussteigen
problem-tournament-over = Das Turnier ist vorbei
problem-tournament-not-late = Ein Freilos gibt es nur bei einer Nachmeldung; Runde 1 ist noch nicht gesetzt
problem-tournament-name-taken = Unter { $name } ist schon jemand angemeldet; wähle einen anderen Namen
problem-tournament-unknown-entrant = Einen Teilnehmer { $entrant } gibt es nicht
problem-tournament-drop-only-self = Ein Teilnehmer kann nur sich selbst abmelden; die Spielleitung kann jeden abmelden
problem-tournament-already-dropped = Teilnehmer { $entrant } ist schon ausgestiegen
problem-tournament-not-dropped = { $name } (Teilnehmer { $entrant }) ist nicht ausgestiegen
problem-tournament-already-no-show = Der Platz von { $name } (Teilnehmer { $entrant }) an Tisch { $table } ging schon an die Regel { $policy }
problem-tournament-not-seated = { $name } (Teilnehmer { $entrant }) sitzt an keinem Tisch, der noch spielt
problem-tournament-no-rounds-left = Alle { $rounds } Runden sind gesetzt; schicke finish, sobald ihre Tische fertig sind
problem-tournament-round-in-play = Runde { $round } wird noch gespielt (Tische { $tables })
problem-tournament-no-one-after-byes = Nach den Freilosen ist niemand mehr zu setzen
problem-tournament-no-entrants = Niemand ist angemeldet (oder alle sind ausgestiegen)
problem-tournament-tables-required = Ein festes Turnier setzt die Spielleitung: Schicke `tables`, eine Liste von Tischen, jeder eine Liste von Teilnehmernummern
problem-tournament-seating-is-swiss = Ein Schweizer Turnier setzt sich selbst aus seinem Seed und dem Stand; schicke seat_round ohne `tables`
problem-tournament-seating-size = Tisch { $table } hat { $count } Plätze; ein Tisch hat { $low } bis { $high }
problem-tournament-seating-inactive = Tisch { $table }: { $entrant } ist kein aktiver Teilnehmer (unbekannt oder ausgestiegen)
problem-tournament-seating-twice = Tisch { $table }: { $entrant } sitzt schon an einem anderen Tisch
problem-tournament-seating-missing = nicht gesetzt: { $entrants }
problem-tournament-unknown-table = Das Spiel { $game } ist kein Tisch dieses Turniers
problem-tournament-rounds-left = Erst { $round } von { $rounds } Runden sind gesetzt
problem-tournament-entrant-dropped = Du bist aus diesem Turnier ausgestiegen
problem-tournament-talk-token = Reden dürfen nur Teilnehmer und die Spielleitung
problem-tournament-dispute-entrant-only = Einspruch erheben nur Teilnehmer
problem-tournament-unknown-version = Die Aufzeichnung des Turniers hat die Ereignisse 1 bis { $count }
problem-tournament-unknown-dispute = Einen Einspruch { $dispute } gibt es nicht
problem-tournament-dispute-resolved = Über Einspruch { $dispute } wurde schon entschieden: { $state ->
    [upheld] stattgegeben
    [rejected] abgelehnt
   *[other] { $state }
  }
problem-tournament-organizer-only = Nur die Spielleitung des Turniers darf { $what }
problem-clock-game-not-running = Die Uhr läuft nur, solange das Spiel läuft
problem-clock-no-deadlines = Dieses Spiel wurde ohne Fristen angelegt (Option `deadlines`), darum hat es keine Uhr zum Anhalten oder Weiterlaufen
problem-clock-paused = Die Uhr ist seit { $since } angehalten
problem-clock-running = Die Uhr ist nicht angehalten
problem-clock-no-deadline = Das Spiel wartet auf keinen Schritt mit Frist
problem-clock-invalid-seconds = Verlängere um 1 bis { $most } Sekunden

## Die Sätze je Feld in `errors` einer 422 (service/api/field_errors.py): erst marshmallows
## eigene, dann unsere. Werte, Feld- und Befehlsnamen bleiben, wie die API sie schreibt.

problem-field-required = Pflichtfeld fehlt.
problem-field-null = Darf nicht null sein.
problem-field-invalid-value = Ungültiger Wert.
problem-field-invalid-type = Ungültiger Typ.
problem-field-invalid-input-type = Ungültige Art der Eingabe.
problem-field-unknown = Unbekanntes Feld.
problem-field-invalid-input = Ungültige Eingabe.
problem-field-not-list = Keine gültige Liste.
problem-field-not-tuple = Kein gültiges Tupel.
problem-field-not-string = Keine gültige Zeichenkette.
problem-field-not-utf8 = Keine gültige UTF-8-Zeichenkette.
problem-field-not-uuid = Keine gültige UUID-Kennung.
problem-field-not-number = Keine gültige Zahl.
problem-field-too-large = Zahl zu groß.
problem-field-not-integer = Keine gültige ganze Zahl.
problem-field-special-number = Besondere Zahlenwerte (NaN oder unendlich) sind nicht erlaubt.
problem-field-not-boolean = Kein gültiger Wahrheitswert.
problem-field-not-mapping = Kein gültiges Objekt (Zuordnung).
problem-field-not-url = Keine gültige Adresse (URL).
problem-field-not-email = Keine gültige E-Mail-Adresse.
problem-field-not-ip = Keine gültige { $kind }-Adresse.
problem-field-not-ip-interface = Keine gültige { $kind }-Schnittstelle.
problem-field-not-timedelta = Keine gültige Zeitspanne.
problem-field-not-aware = Kein gültiger Wert der Art { $awareness } { $type }.
problem-field-not-temporal = Kein gültiger Wert der Art { $type }.
problem-field-unformattable = { $input } lässt sich nicht als { $type } schreiben.
problem-field-one-of = Muss einer dieser Werte sein: { $choices }.
problem-field-contains-only = Mindestens eine deiner Angaben ist keiner dieser Werte: { $choices }.
problem-field-contains-none-of = Mindestens eine deiner Angaben ist einer dieser Werte: { $values }.
problem-field-range-both = Muss { $low_op ->
        [gt] größer als { $min }
       *[gte] mindestens { $min }
    } und { $high_op ->
        [lt] kleiner als { $max }
       *[lte] höchstens { $max }
    } sein.
problem-field-range-min = Muss { $low_op ->
        [gt] größer als
       *[gte] mindestens
    } { $min } sein.
problem-field-range-max = Muss { $high_op ->
        [lt] kleiner als
       *[lte] höchstens
    } { $max } sein.
problem-field-length-between = Die Länge muss zwischen { $min } und { $max } liegen.
problem-field-length-equal = Die Länge muss genau { $equal } sein.
problem-field-length-max = Länger als die Höchstlänge { $max }.
problem-field-length-min = Kürzer als die Mindestlänge { $min }.
problem-field-equal = Muss gleich { $other } sein.
problem-field-pattern = Die Zeichenkette hat nicht die erwartete Form.
problem-field-whole-number = muss eine ganze Zahl sein
problem-field-from-to = muss zwischen { $low } und { $high } liegen
problem-field-at-least = muss mindestens { $low } sein
problem-field-cursor = muss das `next` einer früheren Seite sein, unverändert
problem-field-one-of-plain = muss einer dieser Werte sein: { $choices }
problem-field-json-object = muss ein JSON-Objekt sein
problem-field-table-size = min und max müssen zwischen { $low } und { $high } liegen
problem-field-rng-seeded = rng muss den Modus „seeded“ haben
problem-field-only-seat-round = nur zusammen mit seat_round
problem-field-whole-from-one = eine ganze Zahl ab 1
problem-field-no-round-seated = Noch ist keine Runde gesetzt
problem-field-not-our-cursor = kein Cursor, den dieser Server ausgegeben hat
problem-field-may-not-be-null = darf nicht null sein
problem-field-supports = { $ruleset } kennt nur { $policies }
problem-field-card = eine Karte ist eine Kennung aus 1 bis { $most } Zeichen oder eine Zahl von 0 bis 1000
problem-field-scripted-only = dice, decks und hands gibt es nur im Modus „scripted“
problem-field-location-id = eine Kennung besteht aus 1 bis 40 Buchstaben, Ziffern, _ . oder -
problem-field-ruling-needs = nötig für eine Entscheidung der Art { $kind }
problem-field-ruling-not-a-field = kein Feld einer Entscheidung der Art { $kind } (sie nimmt { $fields })
problem-field-ruling-strategy = nur eine Entscheidung der Art seat_to_bot nimmt eine strategy
problem-field-ruling-annul-seat = eine Entscheidung der Art annul betrifft das ganze Spiel, keinen Platz
problem-field-min-max = min darf nicht größer als max sein
problem-field-command-needs = { $type } braucht `{ $field }`
problem-field-offer = offer ist „truck“ oder die Nummer eines Angebotsfelds von 1 bis { $most }
problem-field-seat-or-bank = eine Platznummer oder „bank“
problem-field-influence-untradeable = Einfluss-Figuren können nie gehandelt werden (deine Leute sind treu)
problem-field-name-control = ein Name darf das unsichtbare oder Steuerzeichen { $char } nicht enthalten
problem-field-name-visible = ein Name braucht mindestens ein sichtbares Zeichen
problem-field-name-long = ein Name hat höchstens { $most } Zeichen
problem-field-text-control = der Text darf das Steuerzeichen { $char } nicht enthalten
problem-field-text-visible = der Text braucht mindestens ein sichtbares Zeichen
# die Optionsprüfungen der Regelwerke (service/rules/*/setup.py)
problem-field-pr-seats = Prohibition spielen hier { $low } bis { $high } Personen (die Regeln nennen keine Grenze), nicht { $seats }
problem-field-seats = { $ruleset } spielen { $low } bis { $high } Personen, nicht { $seats }
problem-field-bl-rounds = rounds ist 12 (Standard) oder 8 (das kürzere Spiel nach optionaler Regel)
problem-field-bl-influence = influence ist „phase“ (Phase II) oder „anytime“ (optionale Regel)
problem-field-bl-cash = cash ist „announced“ (Vermögen nach den Runden 4 und 8 angesagt, wie in der Regel) oder „open“ (jedes Vermögen immer offen)
problem-field-no-deck = Einen Stapel { $deck } gibt es nicht; die Stapel sind { $decks }
problem-field-deck-size = Der Stapel { $deck } hat { $size } Karten, nicht { $count }
problem-field-hand-size = Die Hand von Platz { $seat } muss { $hand } Karten halten, nicht { $count }
problem-field-pr-no-hands = Prohibition teilt keine Hände aus: Lege stattdessen seine Würfel fest
problem-field-bb-no-hands = Booze Baron teilt keine Hände aus: Lege stattdessen die Stapel booze_<mob>, booze_rest, booze_pile und delivery fest
problem-field-bb-first-baron = first_baron ist der Platz (1 bis { $seats }), der in Runde 1 den Booze Baron hält
problem-field-bb-locations = locations ist eine Liste der sechs Ortskarten: {"{"}id, name, event{"}"}
problem-field-bb-location = Jeder Ort ist {"{"}id, name, event{"}"}, drei Zeichenketten aus 1 bis 40 Zeichen
problem-field-bb-location-ids = Die sechs Orte brauchen sechs verschiedene Kennungen
problem-field-bb-delivery-deck = delivery_deck ist eine Liste von { $low } bis 200 Karten {"{"}location, booze{"}"}
problem-field-bb-delivery-card = Jede Lieferkarte ist {"{"}location, booze{"}"}: eine Orts-Kennung ({ $locations }) und eine Liste von Fuselsorten ({ $mobs }); { $card } ist keine
problem-field-bb-event = { $id }: event muss einer dieser Werte sein: { $events }
problem-field-must-be = muss { $choices } sein
# „a, b oder c“: die letzten zwei einer Liste von Werten
problem-field-or = { $head } oder { $last }
