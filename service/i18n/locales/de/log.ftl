# Das Spielprotokoll (GET /v1/games/{id}/log) und die Sätze, die die Berichte zitieren: eine
# Nachricht je Ereignisart, Ids wie in en/log.ftl. Parameter wie `seat`, `by`, `to`, `victim`
# sind Spielernamen; `text`, `reason` und `promise` hat ein Mensch geschrieben: beides wird
# gezeigt, wie es ist, nie übersetzt.
#
# Bootleggers: Die Begriffe folgen der deutschen Spielhilfe (Seed 000): Muskelkarten,
# Einfluss-Figuren, Whisky-Kisten, Lkw, „Riesen“ für $G, Hinterzimmer, Fahrerbestechung,
# Familien-Destillerie, abgelegene Destillerie, Speakeasy-Verbesserung, Aktionskarten (Men of
# Action), Gangsterkarten (Thug cards, „Gangster (Thug)“), Majority-/Minority-/Public-Dock,
# Copper, Vorrat, Nachfrage, Profit, die Phasen I–VI mit ihren Namen. Wo die Spielhilfe keinen
# deutschen Namen nennt, steht das beim Eintrag; die Namen der Gangsterkarten, der Speakeasies
# und der Lkw stehen einmal in terms.ftl, für das Protokoll und die Problemdetails.
# Prohibition (Seed 003) und Booze Baron (Seed 004): deren Regeln liegen nur englisch vor; alle
# Begriffe hier sind unsere Übersetzung.

## Die Überschriften des Protokolls und die Wörter der Spielleitung

log-heading = { $heading }:{" "}
log-heading-setup = Spielaufbau
log-heading-round = Runde { $round }
# Die Phasen mit Namen und römischen Ziffern wie in der Spielhilfe.
log-heading-phase = Runde { $round }, Phase { $phase ->
    [1] I – Bieten und Fahrerbestechung
    [2] II – Einfluss platzieren
    [3] III – Produktion
    [4] IV – Auslieferung
    [5] V – Verkauf
    [6] VI – Der lange Arm des Gesetzes
   *[other] { $phase }
}
log-heading-named = Runde { $round }, { $phase }
log-heading-over = Spielende
log-heading-over-round = Runde { $round }, Spielende
log-phase-setup = Aufbau
log-phase-action = Aktionen
log-phase-production = Produktion
log-phase-consumption = Konsum
log-phase-finished = beendet
log-phase-move = Bewegung
log-word = { $word }
log-nobody = niemand
log-seat = Platz { $seat }
log-plain = { $kind }.
log-the-organizer = Die Spielleitung
log-the-referee = Der Schiedsrichter
log-this-step = diesen Schritt
# Die Namen der Spiele bleiben englisch.
log-ruleset-bootleggers = Bootleggers
log-ruleset-prohibition = Prohibition
log-ruleset-booze_baron = Booze Baron
log-rng-seeded = Würfel aus dem festgelegten Seed
log-rng-scripted = vorgegebene Würfel
log-decision-upheld = stattgegeben
log-decision-rejected = abgelehnt

## Die Ereignisse der Spielleitung

log-game-created = Die Spielleitung eröffnet eine Partie { $ruleset } für { $seats } Spieler ({ $rng }).
log-seat-joined = { $name } nimmt Platz { $seat } ein.
log-rematch-of = Diese Partie ist die Revanche der Partie { $game }: dieselben Spieler, dieselben Optionen.
log-game-started = Die Spielleitung startet das Spiel.
log-said = { $seat } sagt: „{ $text }“
log-seed-revealed = Der Seed wird aufgedeckt ({ $seed }…): Jetzt kann jeder jeden Wurf und jedes Mischen gegen die Festlegung prüfen.
log-dice-rolled = { $dice } gewürfelt für { $purpose }.
log-deck-shuffled = Der Stapel { $deck } wird gemischt.
log-deadline-set = { $seats } { $n ->
    [one] hat
   *[other] haben
} { $seconds } s für { $step } (bis { $due }).
log-deadline-cleared = Der Schritt ist erledigt; seine Frist entfällt.
log-deadline-extended = Die Spielleitung verlängert die Frist um { $seconds } s (jetzt bis { $due }).
log-deadline-expired = Die Zeit für { $step } ist abgelaufen für { $seats }.
log-clock-paused = Die Spielleitung hält die Uhr an.
log-clock-resumed = Die Spielleitung lässt die Uhr nach { $seconds } s weiterlaufen.
log-text-hidden = {" "}(der Wortlaut ist nur für die einreichende Person und die Spielleitung).
log-text-quoted = : „{ $text }“
log-about-event = Ereignis { $version }
log-about-an-event = ein Ereignis
log-dispute-filed = { $seat } legt Einspruch { $dispute } gegen { $about } ein{ $text }
log-whose-dispute = (von { $seat })
log-dispute-resolved = Die Spielleitung entscheidet über Einspruch { $dispute }{ $whose }: { $decision ->
    [upheld] stattgegeben
    [rejected] abgelehnt
   *[other] { $decision_word }
}{ $text }
log-because = {" "}Begründung: { $reason }.
log-because-dispute = {" "}Begründung: { $reason }, als Antwort auf Einspruch { $dispute }.
# die Begründungen, die der Server selbst aufzeichnet (service/desk/sentences.py SERVER_REASONS)
log-why-tournament-bot = der Bot des Turniers spielt diesen Platz
log-why-rematch-bot = der Bot des Servers hat diesen Platz in dem Spiel gespielt, dessen Revanche dies ist
log-why-lobby-bot = ein Platz, den die Spielleitung in der Lobby dem Bot des Servers gegeben hat
log-why-no-show = der Teilnehmende hat nicht gespielt (die Abwesenheitsregel des Turniers)
log-seat-forfeited = Die Spielleitung entscheidet: { $seat } scheidet aus.{ $because }
log-seat-replaced = Die Spielleitung gibt den Platz von { $seat } an eine neue Person (das alte Token gilt nicht mehr).{ $because }
log-seat-given-to-bot = Die Spielleitung übergibt den Platz von { $seat } an den Bot „{ $strategy }“ des Servers.{ $because }
log-seat-given-back = Die Spielleitung gibt den Platz von { $seat } vom Bot an eine Person zurück, mit neuem Token.{ $because }
log-game-annulled = Die Spielleitung annulliert das Spiel: Es endet ohne Sieger.{ $because }
log-result-amended = Das Ergebnis wird geändert: Sieger ist jetzt { $now } (vorher { $was }).{ $because }

## Bootleggers: die Begriffe

log-bl-money = { $amount ->
    [one] { $amount } Riese
   *[other] { $amount } Riesen
}
log-bl-a-speakeasy = ein Speakeasy
# Die Spielhilfe nennt die Speakeasies nicht auf Deutsch: Sie behalten ihre gedruckten Namen.
log-bl-speakeasy-omalleys = { -bl-speakeasy-omalleys }
log-bl-speakeasy-texas_lils = { -bl-speakeasy-texas_lils }
log-bl-speakeasy-mothers = { -bl-speakeasy-mothers }
log-bl-speakeasy-barleycorns = { -bl-speakeasy-barleycorns }
log-bl-speakeasy-real_mccoy = { -bl-speakeasy-real_mccoy }
log-bl-speakeasy-volstead = { -bl-speakeasy-volstead }
log-bl-a-thug-card = eine Gangsterkarte
# Gangsterkarten: Die Spielhilfe führt sie nur mit ihren englischen Namen; die deutschen Namen
# haben wir gewählt (terms.ftl, dieselben wie in problems.ftl). Im Protokoll stehen sie in „…“.
log-bl-thug-muscling_in = „{ -bl-thug-muscling_in }“
log-bl-thug-word_of_mouth = „{ -bl-thug-word_of_mouth }“
log-bl-thug-copper_in_the_house = „{ -bl-thug-copper_in_the_house }“
log-bl-thug-hey_free_truck = „{ -bl-thug-hey_free_truck }“
log-bl-thug-g_men_investigation = „{ -bl-thug-g_men_investigation }“
log-bl-thug-g_men_bust_a_speakeasy = „{ -bl-thug-g_men_bust_a_speakeasy }“
log-bl-thug-windfall = „{ -bl-thug-windfall }“
log-bl-thug-city_politics = „{ -bl-thug-city_politics }“
log-bl-thug-state_politics = „{ -bl-thug-state_politics }“
log-bl-thug-g_men_bust_a_shipment = „{ -bl-thug-g_men_bust_a_shipment }“
log-bl-thug-a_little_vigorish = „{ -bl-thug-a_little_vigorish }“
log-bl-thug-warehouse = „{ -bl-thug-warehouse }“
log-bl-thug-safe_house = „{ -bl-thug-safe_house }“
log-bl-thug-thirsty = „{ -bl-thug-thirsty }“
log-bl-thug-big_payoff = „{ -bl-thug-big_payoff }“
log-bl-thug-hit = „{ -bl-thug-hit }“
log-bl-thug-mob_war = „{ -bl-thug-mob_war }“
log-bl-thug-call_in_a_big_favor = „{ -bl-thug-call_in_a_big_favor }“
log-bl-thug-call_in_a_little_favor = „{ -bl-thug-call_in_a_little_favor }“
log-bl-thug-move_over_pigeon = „{ -bl-thug-move_over_pigeon }“
log-bl-thug-hijack = „{ -bl-thug-hijack }“
log-bl-thug-turf_war = „{ -bl-thug-turf_war }“
log-bl-thug-big_city_boys = „{ -bl-thug-big_city_boys }“
log-bl-thug-packing_heat = „{ -bl-thug-packing_heat }“
log-bl-thug-moll = „{ -bl-thug-moll }“
log-bl-thug-opportunity_knocks = „{ -bl-thug-opportunity_knocks }“
log-bl-thug-recruiting = „{ -bl-thug-recruiting }“
log-bl-thug-friendly_union_boss = „{ -bl-thug-friendly_union_boss }“
log-bl-thug-you_dirty_rat = „{ -bl-thug-you_dirty_rat }“
log-bl-thug-double_cross = „{ -bl-thug-double_cross }“
log-bl-a-card = eine Karte
# Aktionskarten (Men of Action): Einfluss und Verbesserung wie in der Spielhilfe.
log-bl-card-single_influence = Einfacher Einfluss
log-bl-card-double_influence = Doppelter Einfluss
log-bl-card-single_still_improvement = Einfache Destillerie-Verbesserung
log-bl-card-double_still_improvement = Doppelte Destillerie-Verbesserung / abgelegene Destillerie
log-bl-card-speakeasy_improvement = Speakeasy-Verbesserung
log-bl-truck-card-small = { -bl-truck-card-small }
log-bl-truck-card-medium = { -bl-truck-card-medium }
log-bl-truck-card-large = { -bl-truck-card-large }
log-bl-size-small = { -bl-truck-size-small }
log-bl-size-medium = { -bl-truck-size-medium }
log-bl-size-large = { -bl-truck-size-large }
# Ein einzelner Lkw heißt wie ein Eigenname („Großer Lkw 2“), damit er in jedem Fall passt
# (wie in problems.ftl).
log-bl-truck-small = { -bl-truck-small } { $n }
log-bl-truck-medium = { -bl-truck-medium } { $n }
log-bl-truck-large = { -bl-truck-large } { $n }
log-bl-truck-other = Lkw { $truck }
log-bl-truck-sold = { $truck } (verkauft)
log-bl-truck-rented = { $truck } (vermietet)
log-bl-still-family = Familien-Destillerie
# Die Spielhilfe sagt „abgelegene Destillerie“; als Eigenname groß geschrieben.
log-bl-still-remote = Abgelegene Destillerie { $n }
log-bl-back-room = Hinterzimmer
log-bl-a-still = eine Destillerie
log-bl-home-supply = den Vorrat
log-bl-nothing = nichts
log-bl-none = keine
log-bl-no-truck = keinen Lkw
log-bl-the-game = das Spiel
log-bl-n-at = { $n } in { $speakeasy }
log-bl-name-figure = { $name } { $n }
log-bl-n-crate = { $n ->
    [one] { $n } Whisky-Kiste
   *[other] { $n } Whisky-Kisten
}
log-bl-n-marker = { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
}
log-bl-n-influence_marker = { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
}
log-bl-n-still_die = { $n ->
    [one] { $n } Destillerie-Würfel
   *[other] { $n } Destillerie-Würfel
}
log-bl-n-improvement = { $n ->
    [one] { $n } Speakeasy-Verbesserung
   *[other] { $n } Speakeasy-Verbesserungen
}
log-bl-n-thug_card = { $n ->
    [one] { $n } Gangsterkarte
   *[other] { $n } Gangsterkarten
}
log-bl-n-muscle_card = { $n ->
    [one] { $n } Muskelkarte
   *[other] { $n } Muskelkarten
}
log-bl-n-die = { $n ->
    [one] { $n } Würfel
   *[other] { $n } Würfel
}
log-bl-markers-of = { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
} von { $seat }
log-bl-markers-to = { $seat } { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
}

## Bootleggers: Schritte, Fenster und Gründe

log-bl-step-bid = bieten alle verdeckt eine Muskelkarte
log-bl-step-choose_offer = werden die Karten in Muskelkarten-Reihenfolge gewählt
log-bl-step-place_influence = wird Einfluss in Muskelkarten-Reihenfolge platziert
log-bl-step-load = beladen alle ihre Lkw
log-bl-step-dispatch = werden die Lkw in Muskelkarten-Reihenfolge losgeschickt
log-bl-step-deals = darf verhandelt werden
log-bl-step-public_dock = wird nach dem Public-Dock gefragt
log-bl-step-vigorish = wird auf „Ein bisschen Schutzgeld“ geantwortet
log-bl-step-thug_window = dürfen Gangsterkarten angesagt werden
log-bl-step-reaction = darf der Tisch auf eine Gangsterkarte antworten
log-bl-stepname-bid = Bieten
log-bl-stepname-choose_offer = Kartenwahl
log-bl-stepname-place_influence = Einfluss platzieren
log-bl-stepname-load = Beladen
log-bl-stepname-dispatch = Lkw losschicken
log-bl-stepname-deals = Verhandeln
log-bl-stepname-public_dock = Public-Dock-Frage
log-bl-stepname-vigorish = Schutzgeld-Frage
log-bl-stepname-thug_window = Fenster für Gangsterkarten
log-bl-stepname-reaction = Antwort auf eine Gangsterkarte
log-bl-window-after_choices = nach der Kartenwahl
log-bl-window-before_production = vor der Produktion
log-bl-window-after_loading = nach dem Beladen
log-bl-window-lined_up = die Lkw stehen an
log-bl-paid-graft = Fahrerbestechung
log-bl-paid-muscle = Muskelkarten-Knete
log-bl-paid-truck_purchase = Lkw-Kauf
log-bl-paid-wholesale = Großhandels-Einkaufspreis
log-bl-paid-profit = Profit
log-bl-paid-starting_cash = Startgeld
log-bl-paid-ruling = Entscheidung der Spielleitung
log-bl-paid-deal = Handel
log-bl-paid-vigorish = „Ein bisschen Schutzgeld“
log-bl-deck-men_of_action = Aktionskarten-Stapel
log-bl-deck-trucks = Lkw-Karten-Stapel
log-bl-deck-muscle_q1 = Muskelkarten-Stapel 1–18
log-bl-deck-muscle_q2 = Muskelkarten-Stapel 19–36
log-bl-deck-muscle_q3 = Muskelkarten-Stapel 37–54
log-bl-deck-muscle_q4 = Muskelkarten-Stapel 55–72
log-bl-gained-heat = der lange Arm des Gesetzes
log-bl-gained-heat_last_place = der lange Arm des Gesetzes, wenigstes Geld
log-bl-gained-card = Einfluss-Karte
log-bl-dumped-not_loaded = nicht geladen
log-bl-dumped-end_of_round = Rundenende
log-bl-dumped-not_sent = nicht losgeschickt
log-bl-truck-for-start = zum Start
log-bl-truck-for-bought = gekauft
log-bl-truck-for-favor = ein Gefallen
log-bl-truck-for-ruling = Entscheidung der Spielleitung
log-bl-ended-last_round = die letzte Runde ist vorbei
log-bl-ended-cash = jemand hat { $cash } erreicht
log-bl-ended-cash_100 = jemand hat { $cash } erreicht
log-bl-ruling-set_cash = Geld festsetzen
log-bl-ruling-set_influence = Einfluss festsetzen
log-bl-ruling-set_crates = Whisky-Kisten festsetzen
log-bl-ruling-give_truck = Lkw geben
log-bl-ruling-remove_truck = Lkw wegnehmen
log-bl-ruling-set_still = Destillerie festsetzen
log-bl-ruling-set_improvements = Verbesserungen festsetzen
log-bl-ruling-set_copper = Copper versetzen
log-bl-ruling-cash = Geld { $cash }
log-bl-ruling-cash-hidden = Geld (eine Summe, die nur dieser Platz sieht)
log-bl-ruling-count = Anzahl { $n }
log-bl-ruling-crates = { $n ->
    [one] { $n } Whisky-Kiste
   *[other] { $n } Whisky-Kisten
}
log-bl-ruling-dice = { $n ->
    [one] { $n } Würfel
   *[other] { $n } Würfel
}
log-bl-ruling-new-still = eine neue abgelegene Destillerie
log-bl-ruling-field = { $field } { $value }
log-bl-default-bid = ein Gebot
log-bl-default-take_offer = eine Karte nehmen
log-bl-default-pass = passen
log-bl-default-place_influence = Einfluss platzieren
log-bl-default-load = beladen
log-bl-default-dispatch = Lkw losschicken
log-bl-default-allow_public = eine Antwort für das Public-Dock
log-bl-default-answer_vigorish = eine Antwort auf „Ein bisschen Schutzgeld“
log-bl-choice-dice = zwei Würfel
log-bl-choice-remote_still = abgelegene Destillerie
log-bl-influence-mode-phase = in Phase II
log-bl-influence-mode-anytime = jederzeit

## Bootleggers: worauf eine Gangsterkarte zielt

log-bl-aim-seat = gegen { $seat }
log-bl-aim-at = in { $speakeasy }
log-bl-aim-to = nach { $speakeasy }
log-bl-aim-on = gegen { $seat }
log-bl-aim-still = auf die { $still }
log-bl-aim-truck = auf { $truck }
log-bl-aim-destroying = und zerstört { $markers }
log-bl-aim-withdrawing = und zieht { $places } zurück
log-bl-aim-count = für { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
}
log-bl-for-truck = für { $truck }
log-bl-in-window = ({ $window })

## Bootleggers: ein Satz je Ereignis

log-bl-game-setup = Bootleggers beginnt: { $seats }; { $rounds } Runden, Einfluss { $mode }.
log-bl-deck-shuffled = Der { $deck } wird gemischt.
log-bl-dealt-cards = { $seat } erhält die Muskelkarten { $cards }.
log-bl-dealt-count = { $seat } erhält { $n ->
    [one] { $n } Muskelkarte
   *[other] { $n } Muskelkarten
}.
log-bl-cash-received = { $seat } erhält { $amount } ({ $why }{ $at }).
log-bl-cash-paid = { $seat } zahlt { $amount } an die Bank ({ $why }{ $at }).
log-bl-cash-paid-to = { $seat } zahlt { $to } { $amount } ({ $why }{ $at }).
log-bl-truck-taken = { $seat } bekommt { $truck } ({ $why }).
log-bl-round-started = Runde { $round } beginnt.
log-bl-truck-card-turned = Die { $card } wird umgedreht.
log-bl-offer-slot = { $slot }. { $card }
log-bl-offers-dealt = Zur Wahl: { $offers }.
log-bl-step-idle = Jetzt { $step }{ $where }; niemand muss etwas tun.
log-bl-step-waits = Jetzt { $step }{ $where }; am Zug: { $seats }.
log-bl-bid = { $seat } bietet { $card }.
log-bl-bid-sealed = { $seat } hat verdeckt geboten.
log-bl-bids-revealed = Gebote aufgedeckt: { $bids }. Muskelkarten-Reihenfolge: { $order }.
log-bl-payroll = Zahltag: { $seat } schuldet { $graft } Fahrerbestechung und { $muscle } Muskelkarten-Knete und zahlt { $paid }.
log-bl-cannot-afford = du hast { $cash } und ein { $truck } kostet { $price }
log-bl-no-truck-left = Im Vorrat ist kein Lkw dieser Größe mehr
log-bl-offer-discarded = { $seat } kann { $card } nicht nehmen; die Karte wird abgelegt ({ $why }).
log-bl-offer-bought = { $seat } kauft die { $card }.
log-bl-offer-taken = { $seat } nimmt { $card }.
log-bl-offer-taken-as = { $seat } nimmt { $card } ({ $choice }).
log-bl-passed = { $seat } passt ({ $step }).
log-bl-influence-gained = { $seat } erhält { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
} ({ $why }).
log-bl-dice-gained = { $seat } erhält { $n ->
    [one] { $n } Destillerie-Würfel
   *[other] { $n } Destillerie-Würfel
}.
log-bl-improvement-gained = { $seat } erhält { $n ->
    [one] { $n } Speakeasy-Verbesserung
   *[other] { $n } Speakeasy-Verbesserungen
}.
log-bl-remote-still-opened = { $seat } eröffnet { $still }.
log-bl-offers-discarded = Nicht gewählte Aktionskarten werden abgelegt: { $cards }.
log-bl-influence-placed = { $seat } platziert Einfluss: { $places }.
log-bl-die-placed = { $seat } setzt einen Würfel auf die eigene { $still }.
log-bl-improvement-placed = { $seat } verbessert { $speakeasy }.
log-bl-production-rolled = Die { $still } von { $seat } würfelt { $dice }: { $crates }{ $copper ->
    [yes] {" "}– der Copper verhindert die Produktion
   *[no] {""}
}.
log-bl-demand-rolled = Nachfrage in { $speakeasy }: { $dice } gewürfelt, { $crates }.
log-bl-seat-rolls-for = { $seat } würfelt { $dice } für { $purpose }.
log-bl-rolled-for = Gewürfelt: { $dice } für { $purpose }.
log-bl-copper-moved = Der Copper zieht zur Familien-Destillerie von { $seat }.
log-bl-load-on = { $crates } auf { $truck }
log-bl-trucks-loaded = { $seat } belädt: { $loads }.
log-bl-crates-dumped = { $seat } verliert { $crates } ({ $why }).
log-bl-route = { $truck } nach { $speakeasy }
log-bl-trucks-dispatched = { $seat } schickt los: { $routes }.
log-bl-cargo-lost = { $truck } von { $seat } verliert { $crates } ({ $why }).
log-bl-selling-closed = Verkauf in { $speakeasy }: geschlossen.
log-bl-selling-unlimited = Verkauf in { $speakeasy }: unbegrenzte Nachfrage.
log-bl-selling-demand = Verkauf in { $speakeasy }: Nachfrage { $crates }.
log-bl-demand-unlimited = { $card } in { $speakeasy }: ab jetzt unbegrenzte Nachfrage.
log-bl-demand-changed = { $card } in { $speakeasy }: Nachfrage { $crates }, davon { $remaining ->
    [one] { $remaining } Whisky-Kiste
   *[other] { $remaining } Whisky-Kisten
} noch zu kaufen.
log-bl-crates-sold = { $seat } verkauft { $crates } in { $speakeasy } aus { $truck } ({ $dock ->
    [majority] Majority-Dock
    [minority] Minority-Dock
    [public] Public-Dock
    [line] Warteschlange
   *[other] { $dock_word }
}).
log-bl-public-dock-allowed = { $seat } lässt { $truck } am Public-Dock von { $speakeasy } zu.
log-bl-public-dock-refused = { $seat } weist { $truck } am Public-Dock von { $speakeasy } ab.
log-bl-selling-finished = Verkauf in { $speakeasy } beendet: { $crates } verkauft.
log-bl-cash-of = { $seat } { $cash }
log-bl-cash-of-out = { $seat } { $cash } (ausgeschieden)
log-bl-cash-announced = Vermögen nach Runde { $round }: { $cash }.
log-bl-round-ended = Runde { $round } endet.
log-bl-wins = { $seat } gewinnt.
log-bl-tie-muscle-card = die höhere Muskelkarte entscheidet ({ $cards })
log-bl-tie-muscle-order = die Muskelkarten-Reihenfolge entscheidet
log-bl-wins-tie = { $seat } gewinnt. Gleichstand: { $level } liegen bei { $cash } gleichauf; { $how }.
log-bl-game-ended = Das Spiel endet ({ $why }). { $winner } Knete: { $cash }.
log-bl-timed-out = Die Zeit von { $seat } ist abgelaufen ({ $step }); der Tisch spielt für { $seat }: { $default }.
log-bl-ruling = Die Spielleitung entscheidet – { $kind }: { $what }{ $had ->
    [yes] {" "}(vorher { $was })
   *[no] {""}
}. Begründung: { $reason }
log-bl-thug-played = { $seat } spielt { $card }{ $targets }.
log-bl-declares-hidden = { $seat } sagt verdeckt eine Gangsterkarte an.
log-bl-declares = { $seat } sagt verdeckt { $card }{ $targets } an.
log-bl-thug-revealed = { $seat } deckt { $card }{ $targets } auf.
log-bl-returned-hidden = Die angesagte Karte von { $seat } geht zurück auf die Hand.
log-bl-paren = ({ $text })
log-bl-returned = { $card } von { $seat } geht zurück auf die Hand{ $why }.
log-bl-influence-declared-hidden = { $seat } sagt verdeckt eine Einfluss-Platzierung an.
log-bl-influence-declared = { $seat } sagt verdeckt Einfluss an: { $places }.
log-bl-influence-revealed = { $seat } deckt den Einfluss auf: { $places }; platziert: { $placed }.
log-bl-investigation = { $seat } antwortet mit { $investigation } auf { $card } von { $on }.
log-bl-fizzles = { $card } von { $seat } verpufft: { $why }.
log-bl-takes-effect = { $card } von { $seat } wirkt.
log-bl-step-resumed = Weiter mit: { $name }.
log-bl-round-effect = { $card } von { $seat } gilt diese Runde{ $where }.
log-bl-influence-removed = { $card }: { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
} von { $seat } in { $speakeasy } { $n ->
    [one] wird
   *[other] werden
} { $fate ->
    [destroyed] zerstört
    [withdrawn] ins Hinterzimmer zurückgezogen
   *[moved] nach { $to } versetzt
}.
log-bl-influence-added = { $card }: { $seat } setzt { $n ->
    [one] { $n } Einfluss-Figur
   *[other] { $n } Einfluss-Figuren
} in { $speakeasy } ein.
log-bl-improvement-moved = { $seat } versetzt eine Verbesserung von { $source } nach { $target }.
log-bl-die-moved = { $card }: { $seat } nimmt { $victim } einen Würfel der { $source } weg (nach: { $target }).
log-bl-still-destroyed = { $card }: Die { $still } von { $seat } wird mit { $n ->
    [one] { $n } Würfel
   *[other] { $n } Würfeln
} zerstört.
log-bl-die-destroyed = { $card }: { $seat } verliert einen Würfel der { $still }.
log-bl-still-idle = Die { $still } von { $seat } produziert diese Runde nichts ({ $why }).
log-bl-vigorish-demanded = { $by } verlangt von { $seat } { $amount } für die { $still } ({ $card }).
log-bl-vigorish-paid = { $seat } zahlt { $to } { $amount } für die { $still }.
log-bl-vigorish-refused = { $seat } weigert sich, { $to } { $amount } für die { $still } zu zahlen.
log-bl-truck-hijacked = { $card }: { $truck } von { $seat } nimmt mit { $crates } den Platz von { $theirs } von { $victim } in { $speakeasy } ein.
log-bl-cargo-hijacked = { $card }: { $seat } nimmt { $crates } aus { $theirs } von { $victim } auf { $truck }.
log-bl-truck-stolen = { $seat } nimmt { $victim } { $truck } weg.
log-bl-cargo-diverted = { $seat } leitet { $truck } von { $victim } nach { $speakeasy } um.
log-bl-trucks-relined = Die Lkw in { $speakeasy } stellen sich neu an: { $line }.
log-bl-crates-warehoused = { $seat } lagert { $crates } im Lagerhaus.
log-bl-moll-spent = { $card } von { $seat } kostet { $target } { $amount } ({ $roll } gewürfelt).
log-bl-nobody-gains = niemand erhält etwas
log-bl-recruited = { $card }: { $seat } würfelt { $roll }; { $markers }.
log-bl-windfall-drawn = { $seat } zieht mit { $windfall } { $card }.
log-bl-windfall-drawn-hidden = { $seat } zieht mit { $windfall } eine Karte.
log-bl-windfall-used = { $seat } nutzt die mit { $windfall } gezogene Karte { $card }.
log-bl-route-home = { $truck } an { $home }
log-bl-trucks-returned = Gemietete und geliehene Lkw gehen zurück: { $returns }.
log-bl-deal-proposed = { $by } bietet { $to } den Handel { $deal } an: { $give } gegen { $get }{ $promised ->
    [yes] , mit dem Versprechen „{ $promise }“
   *[no] {""}
}.
log-bl-hands-over = { $seat } gibt { $goods }
log-bl-deal-accepted = { $seat } nimmt den Handel { $deal } von { $by } an{ $moved ->
    [yes] : { $moves }
   *[no] {""}
}.
log-bl-deal-rejected = { $seat } lehnt den Handel { $deal } ab.
log-bl-deal-withdrawn = { $seat } zieht den Handel { $deal } zurück.
log-bl-deals-lapsed = Offene Angebote verfallen: { $deals }.

## Prohibition (Seed 003, Regeln nur englisch: unsere Übersetzung)
# Cases = Kisten, Bankrolls = Geldbündel, Establishment = Lokal, Culture space = Kulturfeld,
# Source = Quelle, die Law-Figuren: örtliche Polizei, Prohibitionsagent, FBI-Agent.

log-pr-at = { $space } ({ $n })
log-pr-space-1 = Kasino
log-pr-space-2 = Wolkenkratzer
log-pr-space-3 = Schwarzmarkt
# ein Name: bleibt
log-pr-space-4 = Babe Ruth
log-pr-space-5 = Tanzsaal
log-pr-space-6 = Harlem Renaissance
log-pr-space-7 = Kanada
log-pr-space-8 = Frauenwahlrecht
log-pr-space-9 = Saloon
log-pr-space-10 = Art déco
log-pr-space-11 = Schwarzbrennerei
log-pr-space-12 = Die verlorene Generation
log-pr-space-13 = Speakeasy
log-pr-space-14 = Jazzmusik
log-pr-space-15 = Rumschmuggler
log-pr-space-16 = Elektrifizierung
log-pr-space-17 = Spelunke
log-pr-space-18 = Autokultur
log-pr-space-19 = Mexiko
log-pr-space-20 = Flapper
log-pr-space-21 = Nachtklub
log-pr-space-22 = Tonfilm
log-pr-space-23 = Brauerei
log-pr-space-24 = Goldenes Zeitalter des Radios
log-pr-law-police = die örtliche Polizei
log-pr-law-agent = der Prohibitionsagent
log-pr-law-fbi = der FBI-Agent
log-pr-law-acc-police = die örtliche Polizei
log-pr-law-acc-agent = den Prohibitionsagenten
log-pr-law-acc-fbi = den FBI-Agenten
log-pr-law-start-police = Die örtliche Polizei
log-pr-law-start-agent = Der Prohibitionsagent
log-pr-law-start-fbi = Der FBI-Agent
log-pr-own-pawn = die eigene Figur
log-pr-way-cw = im Uhrzeigersinn
log-pr-way-ccw = gegen den Uhrzeigersinn
log-pr-step-move = ob ein Würfel genutzt oder der Zug beendet wird
log-pr-step-buy = wie viele Kisten gekauft werden
log-pr-step-sell = ob alle Kisten verkauft werden
log-pr-while-move = beim Ziehen
log-pr-while-buy = beim Kaufen
log-pr-while-sell = beim Verkaufen
log-pr-roll-starting_bankrolls = für das Startkapital
log-pr-roll-first_player = für den ersten Zug
log-pr-roll-production = für die Produktion
log-pr-roll-shipment = für die Lieferung
log-pr-roll-action = für die Aktionsphase
log-pr-roll-steal = zum Stehlen
log-pr-the-table = Der Tisch
log-pr-then-sep = {", dann "}
log-pr-name-figure = { $name } { $n }
log-pr-name-figure-out = { $name } { $n } (ausgeschieden)
log-pr-game-setup = Prohibition beginnt mit { $n } Schmugglern im Speakeasy und dem Gesetz im Kasino; auf jedem Kulturfeld liegen 2 Geldbündel.
log-pr-rolled = { $seat } würfelt { $dice } { $purpose }.
log-pr-rolled-production = { $seat } würfelt { $dice } { $purpose }: { $space } bekommt die Lieferung.
log-pr-rolled-shipment = { $seat } würfelt { $dice } { $purpose }: { $space } erhält { $n ->
    [one] { $n } Kiste
   *[other] { $n } Kisten
}.
log-pr-rolled-bankrolls = { $seat } würfelt { $dice } { $purpose }: { $n } Geldbündel zum Start.
log-pr-turn-order = { $seat } hat am höchsten gewürfelt und beginnt; die Reihenfolge ist { $order }.
log-pr-turn-started = Runde { $round }, Zug { $turn }: { $seat } ist am Zug.
log-pr-all-dry = Jedes Lokal ist trocken; nichts wird getrunken.
log-pr-cases-consumed = Die Gäste leeren je eine Kiste in { $spaces }.
log-pr-step-started = { $seat } entscheidet, { $step }.
log-pr-pawn-moved = { $seat } zieht mit einer { $die } { $pawn } { $way } von { $source } nach { $target }.
log-pr-cases-stolen = { $seat } beraubt { $victim }: Eine { $roll } erbeutet { $n ->
    [one] { $n } Kiste
   *[other] { $n } Kisten
}.
log-pr-stung-empty = { $law } erwischt { $seat } – ohne Kisten.
log-pr-cases-confiscated = { $law } beschlagnahmt { $n ->
    [one] { $n } Kiste
   *[other] { $n } Kisten
} bei { $whose }.
log-pr-bought-nothing = { $seat } kauft nichts in { $space }.
log-pr-cases-bought = { $seat } kauft { $n ->
    [one] { $n } Kiste
   *[other] { $n } Kisten
} in { $space } für { $cost } Geldbündel.
log-pr-cases-sold = { $seat } verkauft { $n ->
    [one] { $n } Kiste
   *[other] { $n } Kisten
} an { $space } für { $paid } Geldbündel.
log-pr-sale-declined = { $seat } behält die Kisten in { $space }.
log-pr-dice-declined = { $seat } beendet den Zug.
log-pr-dice-declined-left = { $seat } beendet den Zug und lässt { $dice } ungenutzt.
log-pr-bankroll-taken = { $seat } nimmt ein Geldbündel von { $space }.
log-pr-turn-ended = Der Zug von { $seat } ist vorbei.
log-pr-timed-out = Die Zeit von { $seat } ist { $step } abgelaufen; der Tisch spielt für { $seat }: { $default }.
log-pr-shared = { $seats } teilen sich den Sieg{ $same ->
    [yes] {" "}mit je { $each } Geldbündeln
   *[no] {""}
}.
log-pr-wins = { $seat } gewinnt.
log-pr-tie-cases = mehr Kisten entscheiden ({ $counts })
log-pr-tie-order = die Kisten ({ $counts }), dann die spätere Stelle in der Zugreihenfolge entscheiden
log-pr-wins-tie = { $seat } gewinnt. Gleichstand: { $level } liegen bei { $n } Geldbündeln gleichauf; { $how }.
log-pr-ended-culture = das letzte Geldbündel der Kulturfelder ist genommen
log-pr-ended-rounds = die Rundengrenze ist erreicht
log-pr-game-ended = Das Spiel endet: { $why }. { $result } Geldbündel: { $money }.

## Booze Baron (Seed 004, Regeln nur englisch: unsere Übersetzung)
# Booze card = Fuselkarte, Delivery card = Lieferkarte, Movement card = Bewegungskarte,
# Location = Ort, Bootlegger = Schmuggler, Exposed = enttarnt, Tail = beschatten,
# Snitch token = Spitzel-Marker, Coins = Münzen, Mob = Mob; Beer/Liquor/Wine =
# Bier/Schnaps/Wein. „Booze Baron“ (die Rolle wie das Spiel) und die Namen der Fuselkarten
# („Punching Bag Porter“ …) bleiben englisch.

log-bb-card = Lieferkarte { $card }
log-bb-a-card = eine Lieferkarte
log-bb-somewhere = irgendwo
log-bb-no-cards = keine Karten
log-bb-location-river_caves = Flusshöhlen
log-bb-location-docks = Hafen
log-bb-location-police_station = Polizeirevier
log-bb-location-warehouse = Lagerhaus
log-bb-location-casino = Kasino
log-bb-location-train_yard = Güterbahnhof
log-bb-mob-beer = Bier
log-bb-mob-liquor = Schnaps
log-bb-mob-wine = Wein
log-bb-event-hideout = Versteck
log-bb-event-smuggle = Schmuggel
log-bb-event-stakeout = Observierung
log-bb-event-restock = Nachschub
log-bb-event-gamble = Glücksspiel
log-bb-event-reroute = Umleitung
log-bb-deck-booze_beer = die Bier-Fuselkarten
log-bb-deck-booze_liquor = die Schnaps-Fuselkarten
log-bb-deck-booze_wine = die Wein-Fuselkarten
log-bb-deck-booze_rest = die übrigen Fuselkarten
log-bb-deck-booze_pile = die auszuteilenden Fuselkarten
log-bb-deck-delivery = die Lieferkarten
log-bb-how-deliver = geliefert
log-bb-how-smuggle = geschmuggelt
log-bb-how-gamble = Glücksspiel
log-bb-step-move = Bewegungsphase
log-bb-step-action = Aktionsphase
log-bb-default-choose_move = eine Bewegungskarte
log-bb-default-pass_turn = passen
log-bb-default-drop_tail = Beschattung abbrechen
log-bb-default-deliver = liefern
log-bb-default-tail = beschatten
log-bb-default-trigger_event = das Ereignis
log-bb-default-steal = stehlen
log-bb-default-expose = enttarnen
log-bb-mob-figure = { $mob } { $n }
log-bb-member-out = { $seat } (ausgeschieden)
log-bb-mob-members = { $mob }: { $members }
log-bb-loses-movement = und verliert die Bewegungskarte { $location }
log-bb-setup = Die Stadt steht: { $locations ->
    [one] { $locations } Ort
   *[other] { $locations } Orte
}, { $cards ->
    [one] { $cards } Lieferkarte
   *[other] { $cards } Lieferkarten
}; { $baron } ist der Booze Baron.
log-bb-deck-shuffled = Gemischt: { $deck }.
log-bb-dice-rolled = { $seat } würfelt { $dice } ({ $purpose }).
log-bb-dealt = { $seat } erhält { $booze } ({ $mob }).
log-bb-dealt-hidden = { $seat } erhält eine geheime Fuselkarte.
log-bb-delivery-drawn = { $card } wird am Ort { $location } ausgelegt.
log-bb-round-started = Runde { $round } beginnt; { $baron } ist der Booze Baron.
log-bb-step-move-opened = Alle wählen geheim eine Bewegungskarte.
log-bb-step-opened = Die { $step } beginnt mit { $seat }.
log-bb-movement-chosen = { $seat } legt eine Bewegungskarte für { $location } aus.
log-bb-movement-hidden = { $seat } legt verdeckt eine Bewegungskarte aus.
log-bb-move-to = { $seat } nach { $location }
log-bb-movements-revealed = Bewegungskarten aufgedeckt: { $moves }.
log-bb-delivery-taken = { $seat } nimmt { $card } ({ $how }).
log-bb-tail = { $seat } beschattet { $target }.
log-bb-tail-stakeout = { $seat } beschattet { $target } aus einer Observierung.
log-bb-viewed-count = { $seat } sieht sich { $n ->
    [one] { $n } Lieferkarte
   *[other] { $n } Lieferkarten
} von { $target } an.
log-bb-viewed = { $seat } sieht sich die Lieferkarten von { $target } an: { $cards }.
log-bb-delivery-stolen = { $seat } stiehlt { $victim } { $card }.
log-bb-expose-failed = { $seat } tippt bei { $target } auf { $guess }: falsch.
log-bb-exposed-deck-empty = Der Lieferstapel ist leer: { $seat }, mit den wenigsten Münzen, wird als { $mob } enttarnt{ $lost }.
log-bb-exposed = { $by } tippt auf { $guess } und enttarnt { $seat }{ $lost }.
log-bb-snitch-taken = { $seat } nimmt einen Spitzel-Marker.
log-bb-tail-dropped = { $seat } stiehlt nicht und enttarnt nicht.
log-bb-event-triggered = { $seat } löst das Ereignis { $event } am Ort { $location } aus.
log-bb-deck-peeked = { $seat } sieht sich die oberste Lieferkarte an: { $card }.
log-bb-deck-peeked-hidden = { $seat } sieht sich die oberste Lieferkarte an.
log-bb-delivery-discarded = { $seat } legt { $card } ungesehen unter den Stapel.
log-bb-delivery-rerouted = { $seat } verlegt { $card } von { $source } nach { $target }.
log-bb-gamble-lost-card = { $seat } würfelt { $roll } und verliert das Glücksspiel um { $card }.
log-bb-gamble-lost = { $seat } würfelt { $roll } und verliert das Glücksspiel.
log-bb-action-passed = { $seat } passt.
log-bb-baron-passed = Der Booze Baron wechselt von { $source } zu { $target }.
log-bb-deliveries-turned-down = Alle offenen Lieferkarten werden umgedreht.
log-bb-round-ended = Runde { $round } endet.
log-bb-ended-fewer_than_two_unexposed = weniger als zwei Schmuggler sind noch nicht enttarnt
log-bb-ended-over = es ist vorbei
log-bb-tie-exposed = mehr enttarnte gegnerische Schmuggler entscheiden ({ $counts })
log-bb-tie-standing = auch bei den enttarnten gegnerischen Schmugglern gleichauf (je { $n }), der { $mob }-Mob { $standing ->
    [yes] hat noch einen nicht enttarnten Schmuggler
   *[no] hatte am längsten einen nicht enttarnten Schmuggler
}
log-bb-tie-printed = die gedruckten Gleichstandsregeln entscheiden (die meisten enttarnten gegnerischen Schmuggler, dann der Mob, dessen letzter nicht enttarnter Schmuggler zuletzt fiel)
log-bb-tie = Gleichstand: { $level } liegen bei { $n } Münzen gleichauf; { $how }.
log-bb-ended = Das Spiel endet: { $why }. Münzen je Mob: { $coins }. Der { $mob }-Mob{ $named ->
    [yes] {" "}({ $members })
   *[no] {""}
} gewinnt.{ $tie }
log-bb-ended-shared = Das Spiel endet: { $why }. Münzen je Mob: { $coins }. Die Mobs { $mobs } teilen sich den Sieg{ $same ->
    [yes] {" "}mit je { $each } Münzen
   *[no] {""}
}{ $named ->
    [yes] {" "}({ $members })
   *[no] {""}
}.
log-bb-timed-out = Die Zeit von { $seat } ist abgelaufen: { $default }.
