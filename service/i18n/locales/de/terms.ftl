# Begriffe: die Wörter des Spiels, die mehr als ein Bereich sagt (das Protokoll und die
# Problemdetails), damit jede Sprache sie nur einmal festlegt. Die Namen der Gangsterkarten hat die
# Spielhilfe nicht auf Deutsch: Sie sind unsere Wahl (docs/i18n.md); die Speakeasies behalten ihre
# gedruckten Namen.

-bl-speakeasy-barleycorns = Barleycorn's
-bl-speakeasy-mothers = Mother's
-bl-speakeasy-omalleys = O'Malley's
-bl-speakeasy-real_mccoy = The Real McCoy
-bl-speakeasy-texas_lils = Texas Lil's
-bl-speakeasy-volstead = Volstead Imports
-bl-thug-a_little_vigorish = Ein bisschen Schutzgeld
-bl-thug-big_city_boys = Jungs aus der Großstadt
-bl-thug-big_payoff = Großes Schmiergeld
-bl-thug-call_in_a_big_favor = Großer Gefallen
-bl-thug-call_in_a_little_favor = Kleiner Gefallen
-bl-thug-city_politics = Stadtpolitik
-bl-thug-copper_in_the_house = Bulle im Haus
-bl-thug-double_cross = Doppeltes Spiel
-bl-thug-friendly_union_boss = Freundlicher Gewerkschaftsboss
-bl-thug-g_men_bust_a_shipment = G-Men – Ladung beschlagnahmt
-bl-thug-g_men_bust_a_speakeasy = G-Men – Razzia im Speakeasy
-bl-thug-g_men_investigation = G-Men – Ermittlung
-bl-thug-hey_free_truck = He, ein Lkw umsonst!
-bl-thug-hijack = Überfall
-bl-thug-hit = Anschlag
-bl-thug-mob_war = Bandenkrieg
-bl-thug-moll = Gangsterbraut
-bl-thug-move_over_pigeon = Rück mal, Täubchen
-bl-thug-muscling_in = Eindringling
-bl-thug-opportunity_knocks = Gelegenheit macht Diebe
-bl-thug-packing_heat = Mit Schießeisen
-bl-thug-recruiting = Anwerben
-bl-thug-safe_house = Unterschlupf
-bl-thug-state_politics = Landespolitik
-bl-thug-thirsty = Durst
-bl-thug-turf_war = Revierkampf
-bl-thug-warehouse = Lagerhaus
-bl-thug-windfall = Glücksfall
-bl-thug-word_of_mouth = Mundpropaganda
-bl-thug-you_dirty_rat = Du dreckige Ratte
-bl-truck-card-large = Lkw-Karte (groß)
-bl-truck-card-medium = Lkw-Karte (mittel)
-bl-truck-card-small = Lkw-Karte (klein)
-bl-truck-large = Großer Lkw
-bl-truck-medium = Mittlerer Lkw
-bl-truck-size-large = großer Lkw
-bl-truck-size-medium = mittlerer Lkw
-bl-truck-size-small = kleiner Lkw
-bl-truck-small = Kleiner Lkw
