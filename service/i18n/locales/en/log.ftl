# The game log (GET /v1/games/{id}/log) and the sentences the reports quote: one message an
# event type, ids `log-…` (the engine's own events), `log-bl-…` (Bootleggers), `log-pr-…`
# (Prohibition), `log-bb-…` (Booze Baron). Parameters named `seat`, `by`, `to`, `victim`…
# are players' names; `text`, `reason` and `promise` are words a person typed: both are
# shown as given, never translated.

## The log's headings and the engine's words

log-heading = { $heading }:{" "}
log-heading-setup = Setup
log-heading-round = Round { $round }
log-heading-phase = Round { $round }, Phase { $phase }
log-heading-named = Round { $round }, { $phase }
log-heading-over = Game over
log-heading-over-round = Round { $round }, game over
log-phase-setup = setup
log-phase-action = action
log-phase-production = production
log-phase-consumption = consumption
log-phase-finished = finished
log-phase-move = move
log-word = { $word }
log-nobody = nobody
log-seat = seat { $seat }
log-plain = { $kind }.
log-the-organizer = The organizer
log-the-referee = The referee
log-this-step = this step
log-ruleset-bootleggers = Bootleggers
log-ruleset-prohibition = Prohibition
log-ruleset-booze_baron = Booze Baron
log-rng-seeded = seeded
log-rng-scripted = scripted
log-decision-upheld = upheld
log-decision-rejected = rejected

## The engine's events

log-game-created = The organizer opens a game of { $ruleset } for { $seats } players ({ $rng } dice).
log-seat-joined = { $name } takes seat { $seat }.
log-rematch-of = This game is the rematch of game { $game }: the same players and options.
log-game-started = The organizer starts the game.
log-said = { $seat } says: “{ $text }”
log-seed-revealed = The seed is revealed ({ $seed }…): anyone can now check every die and shuffle against the commitment.
log-dice-rolled = Rolled { $dice } for { $purpose }.
log-deck-shuffled = The { $deck } deck is shuffled.
log-deadline-set = { $seats } { $n ->
    [one] has
   *[other] have
} { $seconds } s for { $step } (until { $due }).
log-deadline-cleared = The step is done; its deadline is cleared.
log-deadline-extended = The organizer extends the deadline by { $seconds } s (now { $due }).
log-deadline-expired = Time is up at { $step } for { $seats }.
log-clock-paused = The organizer pauses the clock.
log-clock-resumed = The organizer resumes the clock after { $seconds } s.
log-text-hidden = {" "}(what it says is for the filer and the organizer only).
log-text-quoted = : “{ $text }”
log-about-event = event { $version }
log-about-an-event = an event
log-dispute-filed = { $seat } files dispute { $dispute } about { $about }{ $text }
log-whose-dispute = ({ $seat }'s)
log-dispute-resolved = The organizer { $decision ->
    [upheld] upheld
    [rejected] rejected
   *[other] { $decision_word }
} dispute { $dispute }{ $whose }{ $text }
log-because = {" "}Reason: { $reason }.
log-because-dispute = {" "}Reason: { $reason }, answering dispute { $dispute }.
# the reasons the server itself records (service/desk/sentences.py SERVER_REASONS)
log-why-tournament-bot = the tournament's bot plays this seat
log-why-rematch-bot = the server's bot played this seat in the game this one is the rematch of
log-why-lobby-bot = a seat the organizer gave to the server's bot in the lobby
log-why-no-show = the entrant did not play (the tournament's no-show rule)
log-seat-forfeited = The organizer rules that { $seat } forfeits.{ $because }
log-seat-replaced = The organizer gives { $seat }'s seat to a new player (the old token no longer works).{ $because }
log-seat-given-to-bot = The organizer hands { $seat }'s seat to the server's { $strategy } bot.{ $because }
log-seat-given-back = The organizer hands { $seat }'s seat back from the bot to a player, with a new token.{ $because }
log-game-annulled = The organizer annuls the game: it ends with no winner.{ $because }
log-result-amended = The result is amended: the winner is now { $now } (was { $was }).{ $because }

## Bootleggers: the nouns

log-bl-money = ${ $amount }G
log-bl-a-speakeasy = a speakeasy
log-bl-speakeasy-omalleys = { -bl-speakeasy-omalleys }
log-bl-speakeasy-texas_lils = { -bl-speakeasy-texas_lils }
log-bl-speakeasy-mothers = { -bl-speakeasy-mothers }
log-bl-speakeasy-barleycorns = { -bl-speakeasy-barleycorns }
log-bl-speakeasy-real_mccoy = { -bl-speakeasy-real_mccoy }
log-bl-speakeasy-volstead = { -bl-speakeasy-volstead }
log-bl-a-thug-card = a Thug card
log-bl-thug-muscling_in = { -bl-thug-muscling_in }
log-bl-thug-word_of_mouth = { -bl-thug-word_of_mouth }
log-bl-thug-copper_in_the_house = { -bl-thug-copper_in_the_house }
log-bl-thug-hey_free_truck = { -bl-thug-hey_free_truck }
log-bl-thug-g_men_investigation = { -bl-thug-g_men_investigation }
log-bl-thug-g_men_bust_a_speakeasy = { -bl-thug-g_men_bust_a_speakeasy }
log-bl-thug-windfall = { -bl-thug-windfall }
log-bl-thug-city_politics = { -bl-thug-city_politics }
log-bl-thug-state_politics = { -bl-thug-state_politics }
log-bl-thug-g_men_bust_a_shipment = { -bl-thug-g_men_bust_a_shipment }
log-bl-thug-a_little_vigorish = { -bl-thug-a_little_vigorish }
log-bl-thug-warehouse = { -bl-thug-warehouse }
log-bl-thug-safe_house = { -bl-thug-safe_house }
log-bl-thug-thirsty = { -bl-thug-thirsty }
log-bl-thug-big_payoff = { -bl-thug-big_payoff }
log-bl-thug-hit = { -bl-thug-hit }
log-bl-thug-mob_war = { -bl-thug-mob_war }
log-bl-thug-call_in_a_big_favor = { -bl-thug-call_in_a_big_favor }
log-bl-thug-call_in_a_little_favor = { -bl-thug-call_in_a_little_favor }
log-bl-thug-move_over_pigeon = { -bl-thug-move_over_pigeon }
log-bl-thug-hijack = { -bl-thug-hijack }
log-bl-thug-turf_war = { -bl-thug-turf_war }
log-bl-thug-big_city_boys = { -bl-thug-big_city_boys }
log-bl-thug-packing_heat = { -bl-thug-packing_heat }
log-bl-thug-moll = { -bl-thug-moll }
log-bl-thug-opportunity_knocks = { -bl-thug-opportunity_knocks }
log-bl-thug-recruiting = { -bl-thug-recruiting }
log-bl-thug-friendly_union_boss = { -bl-thug-friendly_union_boss }
log-bl-thug-you_dirty_rat = { -bl-thug-you_dirty_rat }
log-bl-thug-double_cross = { -bl-thug-double_cross }
log-bl-a-card = a card
log-bl-card-single_influence = Single Influence
log-bl-card-double_influence = Double Influence
log-bl-card-single_still_improvement = Single Still Improvement
log-bl-card-double_still_improvement = Double Still Improvement / Remote Still
log-bl-card-speakeasy_improvement = Speakeasy Improvement
log-bl-truck-card-small = { -bl-truck-card-small }
log-bl-truck-card-medium = { -bl-truck-card-medium }
log-bl-truck-card-large = { -bl-truck-card-large }
log-bl-size-small = { -bl-truck-size-small }
log-bl-size-medium = { -bl-truck-size-medium }
log-bl-size-large = { -bl-truck-size-large }
log-bl-truck-small = { -bl-truck-small } { $n }
log-bl-truck-medium = { -bl-truck-medium } { $n }
log-bl-truck-large = { -bl-truck-large } { $n }
log-bl-truck-other = truck { $truck }
log-bl-truck-sold = { $truck } (sold)
log-bl-truck-rented = { $truck } (rented)
log-bl-still-family = family still
log-bl-still-remote = remote still { $n }
log-bl-back-room = back room
log-bl-a-still = a still
log-bl-home-supply = the supply
log-bl-nothing = nothing
log-bl-none = none
log-bl-no-truck = no truck
log-bl-the-game = the game
log-bl-n-at = { $n } at { $speakeasy }
log-bl-name-figure = { $name } { $n }
log-bl-n-crate = { $n ->
    [one] { $n } crate
   *[other] { $n } crates
}
log-bl-n-marker = { $n ->
    [one] { $n } marker
   *[other] { $n } markers
}
log-bl-n-influence_marker = { $n ->
    [one] { $n } influence marker
   *[other] { $n } influence markers
}
log-bl-n-still_die = { $n ->
    [one] { $n } still die
   *[other] { $n } still dice
}
log-bl-n-improvement = { $n ->
    [one] { $n } speakeasy improvement
   *[other] { $n } speakeasy improvements
}
log-bl-n-thug_card = { $n ->
    [one] { $n } Thug card
   *[other] { $n } Thug cards
}
log-bl-n-muscle_card = { $n ->
    [one] { $n } Muscle card
   *[other] { $n } Muscle cards
}
log-bl-n-die = { $n ->
    [one] { $n } die
   *[other] { $n } dice
}
log-bl-markers-of = { $n ->
    [one] { $n } marker
   *[other] { $n } markers
} of { $seat }
log-bl-markers-to = { $seat } { $n ->
    [one] { $n } marker
   *[other] { $n } markers
}

## Bootleggers: steps, windows and reasons

log-bl-step-bid = everyone bids a Muscle card, sealed
log-bl-step-choose_offer = offers are taken in Muscle order
log-bl-step-place_influence = influence is placed in Muscle order
log-bl-step-load = everyone loads their trucks
log-bl-step-dispatch = trucks are sent in Muscle order
log-bl-step-deals = deals may be made
log-bl-step-public_dock = the Public dock is asked
log-bl-step-vigorish = A Little Vigorish is answered
log-bl-step-thug_window = Thug cards may be declared
log-bl-step-reaction = the table may answer a Thug card
log-bl-stepname-bid = bidding
log-bl-stepname-choose_offer = choosing an offer
log-bl-stepname-place_influence = placing influence
log-bl-stepname-load = loading
log-bl-stepname-dispatch = sending trucks
log-bl-stepname-deals = deals
log-bl-stepname-public_dock = the Public dock
log-bl-stepname-vigorish = A Little Vigorish
log-bl-stepname-thug_window = the Thug card window
log-bl-stepname-reaction = the answer to a Thug card
log-bl-window-after_choices = after the choices
log-bl-window-before_production = before production
log-bl-window-after_loading = after loading
log-bl-window-lined_up = trucks lined up
log-bl-paid-graft = graft
log-bl-paid-muscle = their Muscle card
log-bl-paid-truck_purchase = a truck
log-bl-paid-wholesale = wholesale
log-bl-paid-profit = profit
log-bl-paid-starting_cash = starting cash
log-bl-paid-ruling = a ruling
log-bl-paid-deal = a deal
log-bl-paid-vigorish = A Little Vigorish
log-bl-deck-men_of_action = Men of Action deck
log-bl-deck-trucks = Truck deck
log-bl-deck-muscle_q1 = Muscle deck 1–18
log-bl-deck-muscle_q2 = Muscle deck 19–36
log-bl-deck-muscle_q3 = Muscle deck 37–54
log-bl-deck-muscle_q4 = Muscle deck 55–72
log-bl-gained-heat = the long arm of the law
log-bl-gained-heat_last_place = the long arm of the law, least cash
log-bl-gained-card = an Influence card
log-bl-dumped-not_loaded = not loaded
log-bl-dumped-end_of_round = end of round
log-bl-dumped-not_sent = not sent
log-bl-truck-for-start = to start with
log-bl-truck-for-bought = bought
log-bl-truck-for-favor = a favor
log-bl-truck-for-ruling = a ruling
log-bl-ended-last_round = the last round is over
log-bl-ended-cash = someone reached { $cash }
log-bl-ended-cash_100 = someone reached { $cash }
log-bl-ruling-set_cash = set cash
log-bl-ruling-set_influence = set influence
log-bl-ruling-set_crates = set crates
log-bl-ruling-give_truck = give truck
log-bl-ruling-remove_truck = remove truck
log-bl-ruling-set_still = set still
log-bl-ruling-set_improvements = set improvements
log-bl-ruling-set_copper = set copper
log-bl-ruling-cash = cash { $cash }
log-bl-ruling-cash-hidden = cash (a total only that seat sees)
log-bl-ruling-count = count { $n }
log-bl-ruling-crates = { $n ->
    [one] { $n } crate
   *[other] { $n } crates
}
log-bl-ruling-dice = { $n ->
    [one] { $n } die
   *[other] { $n } dice
}
log-bl-ruling-new-still = a new remote still
log-bl-ruling-field = { $field } { $value }
log-bl-default-bid = a bid
log-bl-default-take_offer = taking an offer
log-bl-default-pass = pass
log-bl-default-place_influence = placing influence
log-bl-default-load = loading
log-bl-default-dispatch = sending trucks
log-bl-default-allow_public = an answer for the Public dock
log-bl-default-answer_vigorish = an answer to A Little Vigorish
log-bl-choice-dice = dice
log-bl-choice-remote_still = remote still
log-bl-influence-mode-phase = phase
log-bl-influence-mode-anytime = anytime

## Bootleggers: where a Thug card aims

log-bl-aim-seat = against { $seat }
log-bl-aim-at = at { $speakeasy }
log-bl-aim-to = to { $speakeasy }
log-bl-aim-on = on { $seat }
log-bl-aim-still = on the { $still }
log-bl-aim-truck = on { $truck }
log-bl-aim-destroying = destroying { $markers }
log-bl-aim-withdrawing = withdrawing { $places }
log-bl-aim-count = for { $n ->
    [one] { $n } marker
   *[other] { $n } markers
}
log-bl-for-truck = for { $truck }
log-bl-in-window = ({ $window })

## Bootleggers: one sentence an event

log-bl-game-setup = Bootleggers begins: { $seats }; { $rounds } rounds, influence { $mode }.
log-bl-deck-shuffled = The { $deck } is shuffled.
log-bl-dealt-cards = { $seat } is dealt Muscle cards { $cards }.
log-bl-dealt-count = { $seat } is dealt { $n ->
    [one] { $n } Muscle card
   *[other] { $n } Muscle cards
}.
log-bl-cash-received = { $seat } receives { $amount } ({ $why }{ $at }).
log-bl-cash-paid = { $seat } pays { $amount } for { $why }{ $at }.
log-bl-cash-paid-to = { $seat } pays { $to } { $amount } ({ $why }{ $at }).
log-bl-truck-taken = { $seat } gets { $truck } ({ $why }).
log-bl-round-started = Round { $round } begins.
log-bl-truck-card-turned = The { $card } is turned up.
log-bl-offer-slot = { $slot }. { $card }
log-bl-offers-dealt = On offer: { $offers }.
log-bl-step-idle = Now { $step }{ $where }; nobody has anything to do.
log-bl-step-waits = Now { $step }{ $where }; waiting for { $seats }.
log-bl-bid = { $seat } bid { $card }.
log-bl-bid-sealed = { $seat } bid (sealed).
log-bl-bids-revealed = Bids revealed: { $bids }. Muscle order: { $order }.
log-bl-payroll = Payroll: { $seat } owes graft { $graft } and Muscle { $muscle }, and pays { $paid }.
log-bl-cannot-afford = you have { $cash } and the { $truck } costs { $price }
log-bl-no-truck-left = no truck of that size is left in the supply
log-bl-offer-discarded = { $seat } cannot take the { $card } and it is discarded ({ $why }).
log-bl-offer-bought = { $seat } buys the { $card }.
log-bl-offer-taken = { $seat } takes { $card }.
log-bl-offer-taken-as = { $seat } takes { $card } ({ $choice }).
log-bl-passed = { $seat } passes ({ $step }).
log-bl-influence-gained = { $seat } gains { $n ->
    [one] { $n } influence marker
   *[other] { $n } influence markers
} ({ $why }).
log-bl-dice-gained = { $seat } gains { $n ->
    [one] { $n } still die
   *[other] { $n } still dice
}.
log-bl-improvement-gained = { $seat } gains { $n ->
    [one] { $n } speakeasy improvement
   *[other] { $n } speakeasy improvements
}.
log-bl-remote-still-opened = { $seat } opens { $still }.
log-bl-offers-discarded = Untaken offers are discarded: { $cards }.
log-bl-influence-placed = { $seat } places influence: { $places }.
log-bl-die-placed = { $seat } puts a die on their { $still }.
log-bl-improvement-placed = { $seat } improves { $speakeasy }.
log-bl-production-rolled = { $seat }'s { $still } rolls { $dice }: { $crates }{ $copper ->
    [yes] {" "}— stopped by the Copper
   *[no] {""}
}.
log-bl-demand-rolled = Demand at { $speakeasy }: rolled { $dice }, { $crates }.
log-bl-seat-rolls-for = { $seat } rolls { $dice } for { $purpose }.
log-bl-rolled-for = Rolled { $dice } for { $purpose }.
log-bl-copper-moved = The Copper moves to { $seat }'s family still.
log-bl-load-on = { $crates } on { $truck }
log-bl-trucks-loaded = { $seat } loads { $loads }.
log-bl-crates-dumped = { $seat } loses { $crates } ({ $why }).
log-bl-route = { $truck } to { $speakeasy }
log-bl-trucks-dispatched = { $seat } sends { $routes }.
log-bl-cargo-lost = { $seat }'s { $truck } loses { $crates } ({ $why }).
log-bl-selling-closed = Selling at { $speakeasy }: closed.
log-bl-selling-unlimited = Selling at { $speakeasy }: unlimited demand.
log-bl-selling-demand = Selling at { $speakeasy }: demand { $crates }.
log-bl-demand-unlimited = { $card } at { $speakeasy }: unlimited demand from now on.
log-bl-demand-changed = { $card } at { $speakeasy }: demand { $crates }, { $remaining ->
    [one] { $remaining } crate
   *[other] { $remaining } crates
} still to be bought.
log-bl-crates-sold = { $seat } sells { $crates } at { $speakeasy } from { $truck } ({ $dock ->
    [majority] majority
    [minority] minority
    [public] public
    [line] line
   *[other] { $dock_word }
} dock).
log-bl-public-dock-allowed = { $seat } allows { $truck } at the Public dock of { $speakeasy }.
log-bl-public-dock-refused = { $seat } refuses { $truck } at the Public dock of { $speakeasy }.
log-bl-selling-finished = Selling at { $speakeasy } is over: { $crates } sold.
log-bl-cash-of = { $seat } { $cash }
log-bl-cash-of-out = { $seat } { $cash } (forfeited)
log-bl-cash-announced = Cash after round { $round }: { $cash }.
log-bl-round-ended = Round { $round } ends.
log-bl-wins = { $seat } wins.
log-bl-tie-muscle-card = the higher Muscle card decides it ({ $cards })
log-bl-tie-muscle-order = the Muscle order decides it
log-bl-wins-tie = { $seat } wins. Tie-break: { $level } are level at { $cash }; { $how }.
log-bl-game-ended = The game ends ({ $why }). { $winner } Cash: { $cash }.
log-bl-timed-out = { $seat } ran out of time at { $step }; the table plays { $default } for them.
log-bl-ruling = The organizer rules { $kind }: { $what }{ $had ->
    [yes] {" "}(was { $was })
   *[no] {""}
}. Reason: { $reason }
log-bl-thug-played = { $seat } plays { $card }{ $targets }.
log-bl-declares-hidden = { $seat } declares a Thug card face down.
log-bl-declares = { $seat } declares { $card }{ $targets }, face down.
log-bl-thug-revealed = { $seat } reveals { $card }{ $targets }.
log-bl-returned-hidden = { $seat }'s declared card goes back to their hand.
log-bl-paren = ({ $text })
log-bl-returned = { $seat }'s { $card } goes back to their hand{ $why }.
log-bl-influence-declared-hidden = { $seat } declares an influence placement face down.
log-bl-influence-declared = { $seat } declares influence, face down: { $places }.
log-bl-influence-revealed = { $seat } reveals influence { $places }; placed: { $placed }.
log-bl-investigation = { $seat } answers with { $investigation } against { $on }'s { $card }.
log-bl-fizzles = { $seat }'s { $card } fizzles: { $why }.
log-bl-takes-effect = { $seat }'s { $card } takes effect.
log-bl-step-resumed = Back to: { $step }.
log-bl-round-effect = { $seat }'s { $card } holds for this round{ $where }.
log-bl-influence-removed = { $card }: { $n ->
    [one] { $n } marker
   *[other] { $n } markers
} of { $seat } at { $speakeasy } { $n ->
    [one] is
   *[other] are
} { $fate ->
    [destroyed] destroyed
    [withdrawn] withdrawn to the back room
   *[moved] moved to { $to }
}.
log-bl-influence-added = { $card }: { $seat } adds { $n ->
    [one] { $n } marker
   *[other] { $n } markers
} at { $speakeasy }.
log-bl-improvement-moved = { $seat } moves an improvement from { $source } to { $target }.
log-bl-die-moved = { $card }: { $seat } takes a die from { $victim }'s { $source } to their { $target }.
log-bl-still-destroyed = { $card }: { $seat }'s { $still } is destroyed with { $n ->
    [one] { $n } die
   *[other] { $n } dice
}.
log-bl-die-destroyed = { $card }: { $seat } loses a die from their { $still }.
log-bl-still-idle = { $seat }'s { $still } produces nothing this round ({ $why }).
log-bl-vigorish-demanded = { $by } demands { $amount } from { $seat } for their { $still } ({ $card }).
log-bl-vigorish-paid = { $seat } pays { $to } { $amount } for their { $still }.
log-bl-vigorish-refused = { $seat } refuses to pay { $to } { $amount } for their { $still }.
log-bl-truck-hijacked = { $card }: { $seat }'s { $truck } takes the place of { $victim }'s { $theirs } at { $speakeasy } with { $crates }.
log-bl-cargo-hijacked = { $card }: { $seat } takes { $crates } from { $victim }'s { $theirs } onto { $truck }.
log-bl-truck-stolen = { $seat } takes { $victim }'s { $truck }.
log-bl-cargo-diverted = { $seat } diverts { $victim }'s { $truck } to { $speakeasy }.
log-bl-trucks-relined = The trucks at { $speakeasy } line up: { $line }.
log-bl-crates-warehoused = { $seat } keeps { $crates } in the warehouse.
log-bl-moll-spent = { $seat }'s { $card } costs { $target } { $amount } (rolled { $roll }).
log-bl-nobody-gains = nobody gains
log-bl-recruited = { $card }: { $seat } rolls { $roll }; { $markers }.
log-bl-windfall-drawn = { $seat } draws { $card } with { $windfall }.
log-bl-windfall-drawn-hidden = { $seat } draws a card with { $windfall }.
log-bl-windfall-used = { $seat } uses their { $windfall } draw, { $card }.
log-bl-route-home = { $truck } to { $home }
log-bl-trucks-returned = Rented and loaned trucks go home: { $returns }.
log-bl-deal-proposed = { $by } offers { $to } deal { $deal }: { $give } for { $get }{ $promised ->
    [yes] , promising "{ $promise }"
   *[no] {""}
}.
log-bl-hands-over = { $seat } hands over { $goods }
log-bl-deal-accepted = { $seat } accepts { $by }'s deal { $deal }{ $moved ->
    [yes] : { $moves }
   *[no] {""}
}.
log-bl-deal-rejected = { $seat } rejects deal { $deal }.
log-bl-deal-withdrawn = { $seat } withdraws deal { $deal }.
log-bl-deals-lapsed = Open deals lapse: { $deals }.

## Prohibition (seed 003)

log-pr-at = { $space } ({ $n })
log-pr-space-1 = Casino
log-pr-space-2 = Skyscrapers
log-pr-space-3 = Black Market
log-pr-space-4 = Babe Ruth
log-pr-space-5 = Dance Hall
log-pr-space-6 = Harlem Renaissance
log-pr-space-7 = Canada
log-pr-space-8 = Suffrage
log-pr-space-9 = Saloon
log-pr-space-10 = Art Deco
log-pr-space-11 = Moonshine Still
log-pr-space-12 = The Lost Generation
log-pr-space-13 = Speakeasy
log-pr-space-14 = Jazz Music
log-pr-space-15 = Rum Runners
log-pr-space-16 = Electrification
log-pr-space-17 = Dive
log-pr-space-18 = Car Culture
log-pr-space-19 = Mexico
log-pr-space-20 = Flappers
log-pr-space-21 = Night Club
log-pr-space-22 = Talkie Movies
log-pr-space-23 = Brewery
log-pr-space-24 = Golden Age of Radio
log-pr-law-police = the Local Police
log-pr-law-agent = the Prohibition Agent
log-pr-law-fbi = the FBI Agent
log-pr-law-acc-police = the Local Police
log-pr-law-acc-agent = the Prohibition Agent
log-pr-law-acc-fbi = the FBI Agent
log-pr-law-start-police = The Local Police
log-pr-law-start-agent = The Prohibition Agent
log-pr-law-start-fbi = The FBI Agent
log-pr-own-pawn = their pawn
log-pr-way-cw = clockwise
log-pr-way-ccw = counter-clockwise
log-pr-step-move = to use a die or end the turn
log-pr-step-buy = how many Cases to buy
log-pr-step-sell = whether to sell all Cases
log-pr-while-move = while moving
log-pr-while-buy = while buying
log-pr-while-sell = while selling
log-pr-roll-starting_bankrolls = for starting Bankrolls
log-pr-roll-first_player = for the first turn
log-pr-roll-production = for production
log-pr-roll-shipment = for the shipment
log-pr-roll-action = for the Action phase
log-pr-roll-steal = to steal
log-pr-the-table = The table
log-pr-then-sep = {", then "}
log-pr-name-figure = { $name } { $n }
log-pr-name-figure-out = { $name } { $n } (forfeited)
log-pr-game-setup = Prohibition begins with { $n } smugglers in the Speakeasy and the Law in the Casino; every Culture space holds 2 Bankrolls.
log-pr-rolled = { $seat } rolls { $dice } { $purpose }.
log-pr-rolled-production = { $seat } rolls { $dice } { $purpose }: { $space } will get the shipment.
log-pr-rolled-shipment = { $seat } rolls { $dice } { $purpose }: { $space } gains { $n ->
    [one] { $n } Case
   *[other] { $n } Cases
}.
log-pr-rolled-bankrolls = { $seat } rolls { $dice } { $purpose }: { $n ->
    [one] { $n } Bankroll
   *[other] { $n } Bankrolls
} to start.
log-pr-turn-order = { $seat } rolled highest and goes first; the order is { $order }.
log-pr-turn-started = Round { $round }, turn { $turn }: { $seat }'s turn.
log-pr-all-dry = Every Establishment is dry; nothing is drunk.
log-pr-cases-consumed = Drinkers empty one Case at { $spaces }.
log-pr-step-started = { $seat } decides { $step }.
log-pr-pawn-moved = { $seat } uses a { $die } to move { $pawn } { $way } from { $source } to { $target }.
log-pr-cases-stolen = { $seat } robs { $victim }: a { $roll } takes { $n ->
    [one] { $n } Case
   *[other] { $n } Cases
}.
log-pr-stung-empty = { $law } stings { $seat }, who holds no Cases.
log-pr-cases-confiscated = { $law } confiscates { $n ->
    [one] { $n } Case
   *[other] { $n } Cases
} from { $whose }.
log-pr-bought-nothing = { $seat } buys nothing at { $space }.
log-pr-cases-bought = { $seat } buys { $n ->
    [one] { $n } Case
   *[other] { $n } Cases
} at { $space } for { $cost ->
    [one] { $cost } Bankroll
   *[other] { $cost } Bankrolls
}.
log-pr-cases-sold = { $seat } sells { $n ->
    [one] { $n } Case
   *[other] { $n } Cases
} to { $space } for { $paid ->
    [one] { $paid } Bankroll
   *[other] { $paid } Bankrolls
}.
log-pr-sale-declined = { $seat } keeps their Cases at { $space }.
log-pr-dice-declined = { $seat } ends the turn.
log-pr-dice-declined-left = { $seat } ends the turn, leaving { $dice } unused.
log-pr-bankroll-taken = { $seat } takes a Bankroll from { $space }.
log-pr-turn-ended = { $seat }'s turn is over.
log-pr-timed-out = { $seat } ran out of time { $step }; the table plays { $default } for them.
log-pr-shared = { $seats } share the win{ $same ->
    [yes] {" "}with { $each ->
        [one] { $each } Bankroll
       *[other] { $each } Bankrolls
    } each
   *[no] {""}
}.
log-pr-wins = { $seat } wins.
log-pr-tie-cases = more Cases decide it ({ $counts })
log-pr-tie-order = Cases ({ $counts }), then the later in the turn order decide it
log-pr-wins-tie = { $seat } wins. Tie-break: { $level } are level at { $n ->
    [one] { $n } Bankroll
   *[other] { $n } Bankrolls
}; { $how }.
log-pr-ended-culture = the last Culture Bankroll is taken
log-pr-ended-rounds = the round limit is reached
log-pr-game-ended = The game ends: { $why }. { $result } Bankrolls: { $money }.

## Booze Baron (seed 004)

log-bb-card = Delivery card { $card }
log-bb-a-card = a Delivery card
log-bb-somewhere = somewhere
log-bb-no-cards = no cards
log-bb-location-river_caves = River Caves
log-bb-location-docks = Docks
log-bb-location-police_station = Police Station
log-bb-location-warehouse = Warehouse
log-bb-location-casino = Casino
log-bb-location-train_yard = Train Yard
log-bb-mob-beer = Beer
log-bb-mob-liquor = Liquor
log-bb-mob-wine = Wine
log-bb-event-hideout = Hideout
log-bb-event-smuggle = Smuggle
log-bb-event-stakeout = Stakeout
log-bb-event-restock = Restock
log-bb-event-gamble = Gamble
log-bb-event-reroute = Reroute
log-bb-deck-booze_beer = the Beer Booze cards
log-bb-deck-booze_liquor = the Liquor Booze cards
log-bb-deck-booze_wine = the Wine Booze cards
log-bb-deck-booze_rest = the Booze cards left over
log-bb-deck-booze_pile = the Booze cards to deal
log-bb-deck-delivery = the Delivery cards
log-bb-how-deliver = delivered
log-bb-how-smuggle = smuggled
log-bb-how-gamble = gamble
log-bb-step-move = Move Phase
log-bb-step-action = Action Phase
log-bb-default-choose_move = a Movement card
log-bb-default-pass_turn = pass
log-bb-default-drop_tail = dropping the Tail
log-bb-default-deliver = deliver
log-bb-default-tail = Tail
log-bb-default-trigger_event = the Event
log-bb-default-steal = steal
log-bb-default-expose = Expose
log-bb-mob-figure = { $mob } { $n }
log-bb-member-out = { $seat } (forfeited)
log-bb-mob-members = { $mob }: { $members }
log-bb-loses-movement = and loses the { $location } Movement card
log-bb-setup = The town is set: { $locations ->
    [one] { $locations } Location
   *[other] { $locations } Locations
}, { $cards ->
    [one] { $cards } Delivery card
   *[other] { $cards } Delivery cards
}; { $baron } is the Booze Baron.
log-bb-deck-shuffled = Shuffled: { $deck }.
log-bb-dice-rolled = { $seat } rolls { $dice } ({ $purpose }).
log-bb-dealt = { $seat } is dealt { $booze } ({ $mob }).
log-bb-dealt-hidden = { $seat } is dealt a secret Booze card.
log-bb-delivery-drawn = { $card } is placed at { $location }.
log-bb-round-started = Round { $round } begins; { $baron } is the Booze Baron.
log-bb-step-move-opened = Everyone chooses a Movement card in secret.
log-bb-step-opened = The { $step } begins with { $seat }.
log-bb-movement-chosen = { $seat } lays down a Movement card for { $location }.
log-bb-movement-hidden = { $seat } lays down a Movement card face-down.
log-bb-move-to = { $seat } to { $location }
log-bb-movements-revealed = Movement cards revealed: { $moves }.
log-bb-delivery-taken = { $seat } takes { $card } ({ $how }).
log-bb-tail = { $seat } Tails { $target }.
log-bb-tail-stakeout = { $seat } Tails { $target } from a stakeout.
log-bb-viewed-count = { $seat } looks at { $target }'s { $n ->
    [one] { $n } Delivery card
   *[other] { $n } Delivery cards
}.
log-bb-viewed = { $seat } looks at { $target }'s Delivery cards: { $cards }.
log-bb-delivery-stolen = { $seat } steals { $card } from { $victim }.
log-bb-expose-failed = { $seat } guesses { $target } is { $guess }: wrong.
log-bb-exposed-deck-empty = The Delivery deck is empty: { $seat }, with the fewest Coins, is Exposed as { $mob }{ $lost }.
log-bb-exposed = { $by } guesses { $guess } and Exposes { $seat }{ $lost }.
log-bb-snitch-taken = { $seat } takes a Snitch token.
log-bb-tail-dropped = { $seat } neither steals nor exposes.
log-bb-event-triggered = { $seat } triggers the { $event } Event at { $location }.
log-bb-deck-peeked = { $seat } looks at the top Delivery card: { $card }.
log-bb-deck-peeked-hidden = { $seat } looks at the top Delivery card.
log-bb-delivery-discarded = { $seat } puts { $card } at the bottom of the deck unseen.
log-bb-delivery-rerouted = { $seat } moves { $card } from { $source } to { $target }.
log-bb-gamble-lost-card = { $seat } rolls { $roll } and loses the gamble for { $card }.
log-bb-gamble-lost = { $seat } rolls { $roll } and loses the gamble.
log-bb-action-passed = { $seat } passes.
log-bb-baron-passed = The Booze Baron passes from { $source } to { $target }.
log-bb-deliveries-turned-down = All face-up Delivery cards are turned face-down.
log-bb-round-ended = Round { $round } ends.
log-bb-ended-fewer_than_two_unexposed = fewer than two Bootleggers are still Unexposed
log-bb-ended-over = it is over
log-bb-tie-exposed = more opposing Bootleggers Exposed decide it ({ $counts })
log-bb-tie-standing = level on opposing Bootleggers Exposed too ({ $n } each), the { $mob } mob { $standing ->
    [yes] still has an Unexposed Bootlegger
   *[no] had an Unexposed Bootlegger the longest
}
log-bb-tie-printed = the printed tie-breaks decide it (most opposing Bootleggers Exposed, then the Mob whose last Unexposed Bootlegger fell last)
log-bb-tie = Tie-break: { $level } are level at { $n } Coins; { $how }.
log-bb-ended = The game ends: { $why }. Coins by Mob: { $coins }. The { $mob } mob{ $named ->
    [yes] {" "}({ $members })
   *[no] {""}
} wins.{ $tie }
log-bb-ended-shared = The game ends: { $why }. Coins by Mob: { $coins }. The { $mobs } mobs share the win{ $same ->
    [yes] {" "}with { $each } Coins each
   *[no] {""}
}{ $named ->
    [yes] {" "}({ $members })
   *[no] {""}
}.
log-bb-timed-out = { $seat } ran out of time: { $default }.
