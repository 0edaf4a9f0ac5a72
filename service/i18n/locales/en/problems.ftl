# Problem details: the `title` and `detail` of every refusal (application/problem+json).
#
# Ids: `problem-<area>-<what>`. Areas: `problem-title-…` (a title per HTTP status),
# `problem-<what>` (shared by every ruleset), `problem-bl-…` Bootleggers, `problem-pr-…`
# Prohibition, `problem-bb-…` Booze Baron, `problem-api-…` the HTTP API, `problem-table-…`,
# `problem-tournament-…`, `problem-clock-…` (refusals of the table, the tournament and the
# clock, matched by their `code` in service/api/problem_text.py).
#
# Parameters: numbers are numbers (plural selectors read them); `$player` is a player's
# name and `$seat` the seat number beside it; a speakeasy, card, truck or still arrives as
# its own message below (rendered first), so a sentence just places it.
#
# The kernel keeps its own English `detail` for bots and the CLI; these are what a reader
# of the API sees. `code` and every machine-readable field never change with the language.

## Shared by every ruleset

problem-not-started = the game has not started yet
problem-seated-only = only a seated player can send game commands
problem-seat-not-in-game = seat { $seat } is not in this game

## Bootleggers: nouns (rendered first, then placed in a sentence)

problem-bl-money = ${ $amount }G
problem-bl-speakeasy = { $id ->
    [omalleys] { -bl-speakeasy-omalleys }
    [texas_lils] { -bl-speakeasy-texas_lils }
    [mothers] { -bl-speakeasy-mothers }
    [barleycorns] { -bl-speakeasy-barleycorns }
    [real_mccoy] { -bl-speakeasy-real_mccoy }
    [volstead] { -bl-speakeasy-volstead }
   *[other] { $id }
  }
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
   *[other] Thug card { $kind }
  }
problem-bl-moa = { $kind ->
    [single_influence] Single Influence
    [double_influence] Double Influence
    [single_still_improvement] Single Still Improvement
    [double_still_improvement] Double Still Improvement / Remote Still
    [speakeasy_improvement] Speakeasy Improvement
   *[other] { $kind }
  }
problem-bl-truck-card = { $size ->
    [small] { -bl-truck-card-small }
    [medium] { -bl-truck-card-medium }
    [large] { -bl-truck-card-large }
   *[other] Truck card
  }
problem-bl-truck-size = { $size ->
    [small] { -bl-truck-size-small }
    [medium] { -bl-truck-size-medium }
    [large] { -bl-truck-size-large }
   *[other] truck
  }
problem-bl-truck = { $size ->
    [small] { -bl-truck-small } { $number }
    [medium] { -bl-truck-medium } { $number }
    [large] { -bl-truck-large } { $number }
   *[other] truck { $number }
  }
problem-bl-still = { $kind ->
    [family] Family Still
    [remote] Remote Still { $number }
   *[other] still { $number }
  }
problem-bl-step = { $step ->
    [bid] Phase 1 sealed bidding
    [choose_offer] Phase 1 offer choices
    [place_influence] Phase 2 influence placement
    [deals] the Phase 4 deals step
    [load] Phase 4 loading
    [dispatch] Phase 4 dispatch
    [public_dock] a Phase 5 Public-dock question
    [finished] the end of the game
    [thug_window] a Thug card window
    [reaction] a Thug card's reaction window
    [vigorish] a Vigorish question
   *[other] automatic work
  }
problem-bl-where = { $command ->
    [bid] in Phase 1 bidding
    [take_offer] on your turn in Phase 1
    [place_influence] on your turn in Phase 2
    [load] in Phase 4 loading
    [dispatch] on your turn in Phase 4 dispatch
    [allow_public] when asked in Phase 5
    [pass] when it is your part of a step
    [answer_vigorish] when a Vigorish asks you
   *[other] at another time
  }

## Bootleggers: who may send what, and when (commands.py)

problem-bl-game-over = the game is over ({ $player } won); no more commands are accepted
problem-bl-unknown-command = '{ $command }' is not a Bootleggers command
problem-bl-muscle-displayed-only = { $command } is allowed only while Muscle cards are displayed (from the Phase 1 reveal to the end of Phase 5)
problem-bl-deals-wait = a Thug card or a Vigorish answer is pending; deals wait until it is settled
problem-bl-wrong-step = the game is at { $step }, which takes { $takes }; { $command } is sent { $where }
problem-bl-wrong-step-auto = the game is at { $step }; { $command } is sent { $where }
problem-bl-already-acted = you have already acted in { $step }
problem-bl-not-involved = { $step } does not involve you this round (nothing to do)
problem-bl-not-your-turn = it is { $player }'s turn in { $step }; the order is by Muscle: { $order }

## Bootleggers: Phase 1 and the back room (phase1.py, placement.py)

problem-bl-offer = { $offer ->
    [truck] "truck" ({ $card })
   *[other] { $offer } ({ $card })
  }
problem-bl-muscle-not-in-hand = Muscle card { $card } is not in your hand; you hold { $hand }
problem-bl-offer-required = Phase 1 has no pass: each Mobster "chooses one of the face up cards in an Offer Space (either the Truck card or a Men of Action card)" (Phase 1, 5b); take one of: { $offers }
problem-bl-unknown-offer = there is no card in offer space '{ $offer }'; the offers are: { $offers }
problem-bl-choice-not-applicable = a choice only applies to a Double Still Improvement card, not to { $card }
problem-bl-choice-required = a Double Still Improvement card needs "choice": "dice" (two dice) or "remote_still" (a new Remote Still with one die)
problem-bl-remote-stills-all-taken = all { $count } Remote Stills are in play; take two dice instead ("choice": "dice")
problem-bl-unknown-speakeasy-listed = there is no speakeasy '{ $id }' in this game{ $volstead ->
    [yes] {" "}(Volstead Imports is only used with 6 players)
   *[other] {""}
  }; the speakeasies are { $ids }
problem-bl-empty-placement = name at least one speakeasy and a count; send "pass" to place nothing
problem-bl-too-few-markers = you want to place { $want ->
    [one] 1 influence marker
   *[other] { $want } influence markers
  } but have { $have } in your back room that may be placed{ $locked ->
    [0] {""}
   *[other] {" "}({ $locked } came back by Safe-house this round)
  }
problem-bl-omalleys-no-influence = O'Malley's belongs to the Police Chief: no mobster can place influence there
problem-bl-place-at-least-one = place at least 1 marker at { $speakeasy } (or leave it out)
problem-bl-circles-full = { $speakeasy } has { $circles } circles and { $taken ->
    [one] 1 is taken
   *[other] { $taken } are taken
  } — you can place { $room } more
problem-bl-already-answered = you have answered this round of the Thug window (declared or passed); declarations settle in Muscle order, then the window asks everyone again
problem-bl-no-die-in-back-room = you have no still improvement die in your back room
problem-bl-no-such-still = you have no still '{ $still }'; your stills are { $stills }
problem-bl-still-full = your { $still } already holds { $dice } dice, the most a still can hold (1 production die + 3 improvement squares)
problem-bl-no-improvement-in-back-room = you have no speakeasy improvement marker in your back room
problem-bl-omalleys-no-squares = O'Malley's has no improvement squares: influence and improvements do not affect it
problem-bl-squares-full = { $speakeasy } has { $squares ->
    [one] 1 improvement square and it is taken
   *[other] { $squares } improvement squares and all { $taken } are taken
  }

## Bootleggers: deals (deals.py)

problem-bl-not-own-truck = { $player } does not own { $truck } (rented and Favor trucks cannot be sold or rented on)
problem-bl-truck-in-use = { $truck } is loaded or on its way; only an empty truck at home can change hands
problem-bl-face-down-cards = { $player } holds { $held ->
    [one] 1 face-down card
   *[other] { $held } face-down cards
  }, not { $asked }
problem-bl-not-a-thug-card = '{ $card }' is not a Thug card id or kind
problem-bl-card-not-held = { $player } does not hold { $card }
problem-bl-payroll-pending = { $player } has not paid this round's payroll yet (graft and Muscle card, { $owed }, at their turn in Phase 1); the payroll is owed from the reveal (rulebook Phase 1, 5a: "this cost represents the Mobster's payroll for this Round"), so no deal moves their { $what ->
    [cash] cash
    [trucks] trucks
   *[both] cash or trucks
  } away until it is paid
problem-bl-loading-underway = crates and trucks change hands in the deals step, before loading; while loading runs, deal in cash, Thug cards and promises
problem-bl-cash-gone = { $player } does not have { $asked } any more
problem-bl-cash-short = { $player } has { $has }, not { $asked }
problem-bl-crates-short = { $player } has { $has ->
    [one] 1 unloaded crate
   *[other] { $has } unloaded crates
  }, not { $asked }
problem-bl-truck-twice = { $truck } is named twice
problem-bl-unknown-deal = there is no open deal '{ $deal }'; open deals: { $deals }
problem-bl-deal-to-other = a deal is proposed to another seat in this game
problem-bl-too-many-deals = you already have { $count ->
    [one] 1 open proposal
   *[other] { $count } open proposals
  }; withdraw one or wait for an answer
problem-bl-empty-deal = a deal needs something on one side or a promise
problem-bl-deal-for-other = deal { $deal } is proposed to { $player }
problem-bl-deal-by-other = deal { $deal } was proposed by { $player }

## Bootleggers: the organizer's rulings (rulings.py)

problem-no-such-seat = there is no seat { $seat } in this game; the seats are { $seats }
problem-organizer-only-ruling = only the organizer may make a ruling
problem-bl-unknown-speakeasy = there is no speakeasy '{ $id }' in this game (Volstead Imports is only used with 6 players)
problem-bl-ruling-omalleys = O'Malley's belongs to the Police Chief: no influence is placed there
problem-bl-ruling-markers = { $player } has { $was ->
    [one] 1 marker
   *[other] { $was } markers
  } at { $speakeasy } and { $free } in supply (of { $total }); { $count } is more than that
problem-bl-ruling-circles = { $speakeasy } has { $circles } circles and others hold { $others } — { $player } can have at most { $most } there
problem-bl-ruling-no-truck = no { $size } is left in the supply (there are { $count } in the game)
problem-bl-ruling-unknown-truck = { $player } has no truck '{ $truck }'; their trucks are { $trucks }
problem-bl-ruling-truck-busy = { $truck } is loaded or lined up at a speakeasy; loaded crates never move, so it cannot be taken away now
problem-bl-remote-stills-none-left = all { $count } Remote Stills are in play
problem-bl-ruling-unknown-still = { $player } has no still '{ $still }'; their stills are { $stills } (or "new_remote" to open one)
problem-bl-ruling-squares = { $speakeasy } has { $squares ->
    [one] 1 improvement square
   *[other] { $squares } improvement squares
  }; { $count ->
    [one] 1 does not fit
   *[other] { $count } do not fit
  }
problem-bl-ruling-improvements = only { $free } of the { $total } speakeasy improvement markers are in the supply; { $speakeasy } has { $has }, so it can have at most { $most }
problem-bl-unknown-ruling = unknown ruling kind '{ $kind }'

## Bootleggers: setup scripts, shipping and selling (setup.py, shipping.py, selling.py)

problem-bl-script-no-hand = the script deals no hand to seat { $seat }
problem-bl-script-quarter = seat { $seat }'s scripted hand has { $count ->
    [one] 1 card
   *[other] { $count } cards
  } from { $first }-{ $last }; each hand holds { $each } from each quarter
problem-bl-script-repeats = seat { $seat }'s scripted hand repeats a card or has cards outside 1-72
problem-bl-script-unknown-deck = the script orders a deck '{ $deck }'; the decks are { $decks }
problem-bl-script-deck-mismatch = the scripted order for the { $deck } deck does not hold exactly its { $count } cards
problem-bl-empty-load = name at least one truck; send "pass" to load nothing
problem-bl-no-such-truck = you have no truck '{ $truck }'; your trucks are { $trucks }
problem-bl-load-at-least-one = load at least 1 crate on { $truck } (or leave it out)
problem-bl-lined-up-full = { $truck } is already lined up at { $speakeasy }; loaded crates never move and it takes no more
problem-bl-truck-capacity = your { $truck } carries { $capacity } crates — you asked for { $asked }
problem-bl-load-too-many = you want to load { $want ->
    [one] 1 crate
   *[other] { $want } crates
  } but have { $has }
problem-bl-empty-dispatch = name at least one truck; send "pass" to send none (their crates are lost)
problem-bl-send-empty = { $truck } is empty; only loaded trucks are sent to a speakeasy
problem-bl-sent-once = { $truck } is already lined up at { $speakeasy }; a truck is sent once
problem-bl-no-such-speakeasy = there is no speakeasy '{ $id }' in this game
problem-bl-closed = { $speakeasy } is closed: { $why }
problem-bl-closed-busted = the G-Men busted it this round
problem-bl-closed-shaded = it needs { $shaded } influence markers to open and has { $placed }
problem-bl-wrong-truck = the question is about { $asked }, not { $sent }
problem-bl-no-public-question = no Public-dock question is open

## Bootleggers: Thug cards (thugs/)

problem-bl-card-needs = this card needs { $fields }
problem-bl-thug-needs-muscle = Thug cards are played only while Muscle cards are displayed (from the Phase 1 reveal to the end of Phase 5)
problem-bl-not-yourself = choose another mobster, not yourself
problem-bl-not-on-omalleys = this card cannot be played on O'Malley's
problem-bl-card-needs-open = { $speakeasy } is closed; the card needs an open speakeasy
problem-bl-pigeon-too-late = { $truck }'s turn to sell at { $speakeasy } has come; its cargo can be borrowed only until its first crate is sold
problem-bl-sales-over = { $speakeasy } has finished selling this round, so { $card } could change no sale there any more
problem-bl-no-truck-in-play = there is no truck '{ $truck }' in play
problem-bl-no-seat = there is no seat '{ $seat }'
problem-bl-seat-no-still = { $player } has no still '{ $still }'; their stills are { $stills }
problem-bl-cannot-pay = { $what } costs { $cost } and you have { $has }
problem-bl-markers-at = { $count ->
    [one] 1 marker
   *[other] { $count } markers
  } at { $price } each
problem-bl-thug-waiting = a Thug card is waiting to resolve; wait for its reaction window to close
problem-bl-vigorish-first = a Vigorish answer is awaited first
problem-bl-thug-not-in-hand = { $card } is not in your hand; your Thug cards: { $cards }
problem-bl-one-thug-at-a-time = { $player }'s { $card } is waiting to resolve; one Thug card resolves at a time (only G-Men—Investigation may answer it)
problem-bl-card-takes = { $card } takes { $takes }; it has no { $unused }
problem-bl-card-takes-nothing = { $card } takes no targets; it has no { $unused }
problem-bl-own-truck = { $truck } is operated by you; choose another mobster's truck
problem-bl-free-truck-window = Hey, Free Truck! is played in Phase 4 after all crates are loaded (not during the deals)
problem-bl-steal-empty-only = { $truck } carries { $crates ->
    [one] 1 crate
   *[other] { $crates } crates
  }; only an empty truck can be stolen
problem-bl-bust-shipment-window = G-Men—Bust a Shipment is played during the Shipping phase (Phase 4)
problem-bl-truck-no-crates = { $truck } carries no crates
problem-bl-hijack-window = Hijack is played during the Shipping phase (Phase 4)
problem-bl-hijack-needs-empty = you need an empty truck of your own to take the crates; '{ $truck }' is not one
problem-bl-hijack-capacity = { $mine } carries { $capacity } crates and { $truck } holds { $load }; hijacked crates are never split
problem-bl-hijack-not-lined-up = { $truck } is not lined up yet: the crates go onto { $mine } and you send it at your turn in Muscle order, as if you produced them; leave out to_speakeasy
problem-bl-hijack-stays = { $truck } is already lined up at { $speakeasy }: hijacked crates stay there — your truck joins the end of the line at { $speakeasy }, at the dock your influence gives you there (FAQ: "that Truck does not move ... your[s] goes to the appropriate Dock behind all other Trucks that are already lined up"); name no other speakeasy
problem-bl-pigeon-needs-lined-up = { $truck } is not lined up with crates at a speakeasy; Move Over, Pigeon is played on a truck lined up at a speakeasy
problem-bl-cargo-borrowed = { $truck }'s cargo is already borrowed
problem-bl-no-truck-left = no { $size } is left in the supply
problem-bl-warehouse-too-late = Warehouse saves unloaded crates, which are lost at the end of Phase 4 ("All Crates that are not loaded on a truck by the end of Phase 4 are lost (exception: Warehouse)"); Phase 4 has ended this round
problem-bl-warehouse-in-use = your Warehouse is already in use this round
problem-bl-others-still = play this card on another mobster's still
problem-bl-muscling-remote = Muscling In is played on a Remote Still
problem-bl-no-die-to-steal = { $still } has no die left to steal
problem-bl-you-no-still = you have no still '{ $still }'
problem-bl-still-holds-max = your { $still } already holds { $count } dice
problem-bl-turf-last-die = Turf War may not destroy the last die on a Family Still
problem-bl-vigorish-window = A Little Vigorish is played on a still before this round's production (Phases 1-2)
problem-bl-no-production-die = { $still } has no production die
problem-bl-still-idle = { $player }'s { $still } already produces nothing this round
problem-bl-not-asked-vigorish = no Vigorish question is waiting for you
problem-bl-copper-already = the Copper is already in the house at { $speakeasy }
problem-bl-no-improvement-to-move = { $speakeasy } has no improvement marker to move
problem-bl-move-elsewhere = move the improvement to another speakeasy
problem-bl-no-free-square = { $speakeasy } has no free improvement square
problem-bl-union-boss-shown = your Friendly Union Boss is already displayed
problem-bl-windfall-choice = choice is "dice" or "remote_still" (used if the draw is a Double Still Improvement)
problem-bl-windfall-window = Windfall is played in the Muscle phase (Phase 1): in the round you take it, or in Phase 1 of a later round
problem-bl-moa-empty = the Men of Action deck and its discard pile are empty
problem-bl-nothing-pending = no Thug card is waiting to resolve; Investigation is played on a card just played (or on a displayed Friendly Union Boss)
problem-bl-investigate-own = you cannot investigate your own card
problem-bl-no-union-boss = { $player } displays no Friendly Union Boss
problem-bl-investigation-pending-only = a Thug card is waiting to resolve; now Investigation can only target it ("target": "pending")
problem-bl-investigation-target = Investigation needs target "pending" or "friendly_union_boss" (with seat)
problem-bl-windfall-kept = your Windfall { $card } was kept from round { $round }; play it in the Muscle phase (Phase 1) of a later round
problem-bl-windfall-takes-no = a Windfall { $card } takes no { $fields }
problem-bl-no-marker-there = { $player } has no influence marker at { $speakeasy }
problem-bl-no-markers-at = there is no influence marker at { $speakeasy }
problem-bl-mob-war-count = Mob War destroys { $count ->
    [one] 1 marker
   *[other] { $count } markers
  } at { $speakeasy }; name them as {"{"}seat: count{"}"}
problem-bl-seat-markers-short = { $player } has { $has ->
    [one] 1 marker
   *[other] { $has } markers
  } at { $speakeasy }, not { $asked }
problem-bl-circles-all-taken = { $speakeasy } has all { $circles } circles taken
problem-bl-no-supply = all { $count } of your influence markers are in play
problem-bl-no-influence-omalleys = no influence is placed at O'Malley's
problem-bl-double-cross-mode = Double Cross needs mode "destroy" (with seat) or "add"
problem-bl-rat-not-yours = You Dirty Rat replaces another mobster's marker, not yours
problem-bl-you-have-markers = you have { $has ->
    [one] 1 marker
   *[other] { $has } markers
  } at { $speakeasy }
problem-bl-safe-house-count = Safe-house takes back 1 to { $most } markers
problem-bl-buy-count = buy 1 to { $most } markers
problem-bl-supply-left = you have { $has ->
    [one] 1 marker
   *[other] { $has } markers
  } left in your supply

## Prohibition (prohibition/)

problem-pr-space = space { $number } ({ $number ->
    [1] Casino
    [2] Skyscrapers
    [3] Black Market
    [4] Babe Ruth
    [5] Dance Hall
    [6] Harlem Renaissance
    [7] Canada
    [8] Suffrage
    [9] Saloon
    [10] Art Deco
    [11] Moonshine Still
    [12] The Lost Generation
    [13] Speakeasy
    [14] Jazz Music
    [15] Rum Runners
    [16] Electrification
    [17] Dive
    [18] Car Culture
    [19] Mexico
    [20] Flappers
    [21] Night Club
    [22] Talkie Movies
    [23] Brewery
    [24] Golden Age of Radio
   *[other] ?
  })
problem-pr-pawn = { $pawn ->
    [police] the Local Police
    [agent] the Prohibition Agent
    [fbi] the FBI Agent
   *[other] your pawn
  }
problem-pr-no-such-die = you have no { $die } to use; your dice left this turn: { $left }
problem-pr-law-moved = { $pawn } has already moved this turn; a Law pawn moves at most once per turn
problem-pr-law-there = { $pawns } { $count ->
    [one] stands
   *[other] stand
  } on { $space }; you may not move your pawn onto a Law pawn
problem-pr-target-needed = several pawns{ $own ->
    [yes] {" "}with Cases
   *[other] {""}
  } stand on { $space }; name the one to { $own ->
    [yes] rob
   *[other] sting
  } as target ({ $seats })
problem-pr-bad-target = { $player } cannot be { $own ->
    [yes] robbed
   *[other] stung
  } there; the choices on { $space } are: { $seats }
problem-pr-too-many-cases = you can buy at most { $most } Cases here: { $space } holds { $cases } and you have { $bankrolls } Bankrolls at { $price } each
problem-pr-game-over = the game is over ({ $winners } { $count ->
    [one] won
   *[other] share the win
  }); no more commands are accepted
problem-pr-unknown-command = '{ $command }' is not a Prohibition command
problem-pr-not-your-turn = it is { $player }'s turn; you play when your turn comes
problem-pr-nobodys-turn = it is nobody's turn; you play when your turn comes
problem-pr-wrong-step = the game waits for { $step ->
    [move] the Action phase (use a die or end your turn)
    [buy] a question: how many Cases to buy
    [sell] a question: sell your Cases?
   *[other] { $step }
  }, which takes { $takes }, not { $command }

## Booze Baron (booze_baron/)

problem-bb-mob = { $mob ->
    [beer] beer
    [liquor] liquor
    [wine] wine
   *[other] { $mob }
  }
problem-bb-location = { $id ->
    [river_caves] The River Caves
    [docks] The Docks
    [police_station] The Police Station
    [warehouse] The Warehouse
    [casino] The Casino
    [train_yard] The Train Yard
   *[other] { $name }
  }
problem-bb-nowhere = nowhere yet
problem-bb-unknown-location = there is no Location '{ $location }'; the Locations are { $locations }
problem-bb-script-booze-names = the scripted { $deck } deck must hold Booze card names (as printed, each once) of its pile
problem-bb-script-booze-all = the scripted { $deck } deck must hold all four { $mob } Booze cards
problem-bb-script-delivery = the scripted delivery deck does not hold exactly its { $count } cards ({ $first } to { $last })
problem-bb-game-over = the game is over ({ $mobs } { $count ->
    [one] won
   *[other] share the win
  }); no more commands are accepted
problem-bb-unknown-command = '{ $command }' is not a Booze Baron command
problem-bb-step = { $step ->
    [move] the Move Phase (sealed Movement cards)
    [action] the Action Phase
    [follow_up] the end of a Tail (Steal or Expose)
   *[other] automatic work
  }
problem-bb-where = { $command ->
    [choose_move] in the Move Phase
    [deliver] on your turn in the Action Phase
    [tail] on your turn in the Action Phase
    [trigger_event] on your turn in the Action Phase
    [pass_turn] on your turn in the Action Phase
    [steal] right after your Tail
    [expose] right after your Tail
    [drop_tail] right after your Tail
   *[other] at another time
  }
problem-bb-wrong-step = the game is at { $step }, which takes { $takes }; { $command } is sent { $where }
problem-bb-wrong-step-auto = the game is at { $step }; { $command } is sent { $where }
problem-bb-already-acted = you have already acted in { $step }
problem-bb-not-your-turn = it is { $player }'s turn in { $step }
problem-bb-movement-lost = your Movement card for { $location } was taken when you were Exposed; you cannot visit it again
problem-bb-same-location = you were at { $location } last round; no player can move to the same Location during two consecutive rounds
problem-bb-unknown-card = there is no Delivery card '{ $card }'
problem-bb-card-not-here = Delivery card { $card } is not at { $location }
problem-bb-not-your-booze = you may only { $verb ->
    [steal] steal
   *[other] collect
  } a Delivery card that shows your Booze type; { $card } shows { $booze }
problem-bb-cannot-tail = you cannot Tail { $player }: { $why }
problem-bb-tail-hideout = nobody can be Tailed at { $location }
problem-bb-tail-elsewhere = they are not at your Location ({ $location })
problem-bb-cannot-steal = { $card } is not one of { $player }'s face-down Delivery cards (face-up cards cannot be stolen)
problem-bb-already-exposed = { $player } is already Exposed; a player who has been Exposed cannot be Exposed again
problem-bb-no-event = { $location } has no Event to trigger: its ability is passive and always on while you are there
problem-bb-event-fields = { $location }'s Event ({ $event }) takes { $takes }; not { $unused }
problem-bb-deck-empty = the Delivery deck is empty; { $location }'s Event needs a card from it
problem-bb-stakeout-hideout = { $player }, on your left, is at { $location }, where nobody can be Tailed
problem-bb-reroute-needs = { $location }'s Event moves one Delivery card from here to another Location: send `card` and `to`
problem-bb-reroute-elsewhere = `to` must be another Location

## Titles, one per HTTP status

problem-title-400 = Bad Request
problem-title-401 = Unauthorized
problem-title-403 = Forbidden
problem-title-404 = Not Found
problem-title-405 = Method Not Allowed
problem-title-409 = Conflict
problem-title-411 = Length Required
problem-title-412 = Precondition Failed
problem-title-413 = Content Too Large
problem-title-414 = URI Too Long
problem-title-415 = Unsupported Media Type
problem-title-422 = Unprocessable Content
problem-title-428 = Precondition Required
problem-title-429 = Too Many Requests
problem-title-431 = Request Header Fields Too Large
problem-title-500 = Internal Server Error
problem-title-503 = Service Unavailable
problem-title-507 = Insufficient Storage
problem-title-other = Error
problem-title-record-damaged = Record Damaged

## Several findings in one refusal, one after another

problem-parts = { $parts }
problem-sep = {"; "}

## The HTTP API (service/api)

# An action a refusal names ("only the organizer may { $what }"): one variant per action the
# code names; `$text` is the English words of an action not listed yet.
problem-api-what = { $what ->
    [ask_for_a_rematch] ask for a rematch
    [export_a_game_before_it_ends] export a game before it ends
    [pause_the_clock] pause the clock
    [resume_the_clock] resume the clock
    [extend_a_deadline] extend a deadline
    [replay_the_game] replay the game
    [read_this_job] read this job
    [read_the_report_of_a_game_before_it_ends] read the report of a game before it ends
    [read_the_report_of_a_tournament_before_it_finishes] read the report of a tournament before it finishes
    [export_a_tournament_before_it_finishes] export a tournament before it finishes
    [start_the_game] start the game
    [send_commands] send commands
    [ask_for_legal_actions] ask for legal actions
    [audit_a_game_before_it_ends] audit a game before it ends
    [read_disputes_before_the_game_ends] read disputes before the game ends
    [make_a_ruling] make a ruling
    [resolve_a_dispute] resolve a dispute
    [enter_a_house_player_played_by_the_server_s_bot] enter a house player played by the server's bot
    [reinstate_an_entrant] reinstate an entrant
    [make_an_announcement] make an announcement
    [mark_an_entrant_absent] mark an entrant absent
    [hand_a_seat_to_the_server_s_bot] hand a seat to the server's bot
    [seat_a_round] seat a round
    [finish_the_tournament] finish the tournament
   *[other] { $text }
  }
problem-api-bad-token = send your token as `Authorization: Bearer <token>`
problem-api-unknown-token = this token belongs to no seat or organizer of this game
problem-api-entrant-dropped-seat = you have dropped out of this tournament: your seat at this table is no longer yours; you may still watch
problem-api-entrant-dropped-not = you have dropped out of this tournament: you may watch, not { $what }
problem-api-token-required-to = you need a token to { $what }: send `Authorization: Bearer <token>`
problem-api-only-may = only { $who ->
    [seat] a seated player
    [organizer] the organizer
   *[organizer_seat] a seated player or the organizer
  } may { $what }
problem-api-invalid-fields = some fields are missing or wrong; see `errors`
problem-api-query-field = `{ $name }` { $rule }
problem-api-query-range = must be from { NUMBER($low, useGrouping: 0) } to { NUMBER($high, useGrouping: 0) }
problem-api-query-at-least = must be at least { NUMBER($low, useGrouping: 0) }
problem-api-query-whole = must be a whole number
problem-api-query-cursor = must be the `next` of an earlier page, as given
problem-api-query-one-of = must be { $choices }
problem-api-query-other = { $text }
problem-api-version-conflict = the game moved on: you sent version { $sent }, it is now at version { $now }; reload and decide again
problem-api-game-not-found = there is no game '{ $game }'
problem-api-tournament-not-found = there is no tournament '{ $tournament }'
problem-api-record-damaged = the stored record of this game is damaged at event { $version }: { $why }. Nothing can be read or played from it until the organizer's audit (GET /v1/games/{ $game }/audit) is resolved; events before the damage can still be read and exported
problem-api-tournament-archived = tournament { $tournament } is over and its record has left for the archive: it can still be read, never changed
problem-api-game-archived = game { $game } is over, its dispute window has closed and its record has left for the archive: it can still be read, never changed
problem-api-archive-unreachable = the archive of finished games is unreachable; try again shortly
problem-api-store-unreachable = the game store is unreachable; try again shortly
problem-api-redis-unreachable = the service cannot reach Redis ({ $error }); it answers 503 to every request that needs the store until Redis is back
problem-api-store-full = the game store is full (Redis is at its maxmemory): nothing of this request was recorded. Finished games leave for the archive as their dispute windows close and free room; try again later, or ask the operator to raise REDIS_MAXMEMORY
problem-api-busy = too many commands reached this game at once; retry shortly
problem-api-internal-error = something went wrong on our side; reload the game to see whether your request was recorded before retrying it
problem-api-job-not-found = there is no job '{ $job }' (finished jobs are kept for a week)
problem-api-result-after-end = the result is known once the game is over
problem-api-body-too-large = the request body is larger than this server takes here ({ $kib } KiB); nothing was stored
problem-api-record-too-costly = this record would take up to { $mib } MiB of memory to read, more than this server gives one import ({ $budget } MiB, MAX_IMPORT_MEMORY); nothing was stored
problem-api-record-events-first = a record over { $kib } KiB must begin with its events, as an export does (`events` before `tables`): its first event is not within the first { $kib } KiB of this one
problem-api-record-no-events = the record holds no events
problem-api-json-content-type = send the body as JSON with `Content-Type: application/json`; this request sent { $sent }
problem-api-json-charset = send the JSON body as UTF-8; this request says charset={ $charset }
problem-api-json-not-utf8 = the request body is not UTF-8 text; send JSON as UTF-8
problem-api-json-invalid = the request body is not valid JSON
problem-api-json-not-object = the request body is not a JSON object
problem-api-json-too-deep = the request body is JSON nested too deeply
problem-api-json-surrogate = the request body holds an unpaired UTF-16 surrogate (a \uD800-\uDFFF escape on its own); send real text
problem-api-json-nan = the request body holds NaN or Infinity, which are not JSON numbers; send a number
problem-api-body-not-object = the request body must be a JSON object
problem-api-bad-if-match = If-Match must be the game version you decided on, e.g. `If-Match: 12`
problem-api-bad-idempotency-key = Idempotency-Key must be 1 to 200 printable characters
problem-api-bad-last-event-id = Last-Event-ID must be the version of the last event you got
problem-api-rate-limited = too many { $rule ->
    [create] new games from your address
    [import] imports from your address
    [unauthorized] requests without a valid token from your address
    [commands] commands from your token
    [game_commands] commands to this game
    [talk] lines of table talk from your token
    [game_talk] lines of table talk at this table
    [address_talk] lines of table talk from your address
    [stream] event streams opened without a token
    [join] seats taken from your address
    [tournament] new tournaments from your address
    [register] registrations from your address
   *[other] requests
  } (at most { $count } a { $unit }); try again in { $wait ->
    [one] 1 second
   *[other] { $wait } seconds
  }
problem-api-streams-open = too many event streams open { $per ->
    [token] for your token
   *[address] from your address
  } (at most { $most }); close one, or try again later
problem-api-round-not-seated = round { $round } has not been seated: { $seated ->
    [0] no round has been seated yet
    [1] round 1 has been seated
   *[other] rounds 1 to { $seated } have been seated
  }

## werkzeug's own errors (routing, limits on the request)

problem-http-400 = the request could not be read
problem-http-404 = there is nothing at this address
problem-http-405 = this address does not take this method
problem-http-411 = send the body's length (Content-Length)
problem-http-413 = the request is larger than this server takes
problem-http-414 = the address is too long
problem-http-415 = this server does not read a body of that media type
problem-http-431 = the request's headers are too large
problem-http-other = the request could not be answered
problem-api-unconfirmed-lost = your request was lost in a failover of the game store before a replica held it, so it was not recorded; send it again
problem-api-unconfirmed-waiting = your request reached the game store, but no replica confirmed it within { $ms } ms, so it is not acknowledged yet; send it again with the same Idempotency-Key: you get its answer once a replica holds it, or it is recorded once if a failover lost it
problem-api-unknown-ruleset = this server referees { $known }; not '{ $name }'
problem-api-seats-range = { $ruleset } is played by { $low } to { $high } players
problem-api-table-size-range = { $ruleset } is played by { $low } to { $high } players a table
problem-api-invalid-options = some game options are not allowed; see `errors`
problem-api-invalid-options-at = some game options are not allowed at a table of { $seats }; see `errors`
problem-api-tournament-seeded = a tournament's tables deal from their own committed seeds: `game_options.rng` must stay seeded
problem-api-no-show-unsupported = { $ruleset } cannot forfeit a seat, so its tournaments cannot use no_show "{ $policy }"; it supports: { $supported }
problem-api-bad-cursor = `after` must be the `next` of an earlier page, as given
problem-api-no-such-version = this game has { $count } events; there is no event { $version } yet
problem-api-see-as-own = only the organizer may see the game as another viewer; you may ask as={ $own }
problem-api-view-sealed = { $player }'s view from event { $sealed } on holds a sealed card that is hidden from the organizer too until it is revealed; ask for an earlier version (at < { $sealed }) or after the reveal
problem-api-bad-as = `as` is one of: { $choices }
problem-api-unknown-command = unknown command type { $command }; the known types are: { $known }
problem-api-import-token = importing a { $what ->
    [tournament] tournament
   *[game] game
  } needs its organizer's token: send `Authorization: Bearer <token>`
problem-api-import-not-organizer = only the organizer of the { $what ->
    [tournament] tournament
   *[game] game
  } in this record may import it; this token is not theirs
problem-api-invalid-record = { $why }
problem-api-game-exists = this server already holds game { $game }
problem-api-tournament-exists = this server already holds tournament { $tournament }
problem-api-tournament-importing = this tournament is being imported already (its table's game { $game } is stored)
problem-api-send-token-because = send your token: `Authorization: Bearer <token>` ({ $why })
problem-api-tournament-token = you need the organizer's or an entrant's token: send `Authorization: Bearer <token>`
problem-api-preview-seat-round = only seat_round can be previewed
problem-api-entrant-page = this page is an entrant's own; the organizer reads the tournament
problem-api-disputes-organizer = only the tournament's organizer reads every table's disputes
problem-api-batch-number = `{ $name }` is a batch number: a whole number from 1
problem-api-anchor-broken = the server's own anchor log does not check

## The table, the tournament and the clock, matched by `code` (service/api/problem_by_code.py)

problem-table-seat-only-send = only a seated player may send { $command }
problem-table-seat-only-dispute = only a seated player may file a dispute; the organizer answers them (resolve_dispute)
problem-table-not-started-dispute = the game has not started: there is nothing to dispute yet
problem-table-not-started-ruling = the game has not started; rulings correct a game in play
problem-table-not-started = the game has not started yet; the organizer starts it once every seat is filled
problem-table-no-event-to-dispute = this game has { $count } events; there is no event { $version } to dispute
problem-table-dispute-window-closed = the game ended at { $ended }; disputes could be filed for { $hours } hours after the end, until { $until }
problem-table-dispute-window-closed-short = the dispute window of this game has closed
problem-table-unknown-dispute = there is no dispute { $dispute } in this game ({ $filed } filed)
problem-table-dispute-closed = dispute { $dispute } was already answered: { $state }
problem-table-rulings-need-upheld = a rejected dispute changes nothing: send its rulings only with decision "upheld"
problem-table-ruling-needs-dispute = the game is over: a ruling now is only made as the answer to a dispute (resolve_dispute with `rulings`)
problem-table-ruling-after-end = after the end a dispute's rulings may forfeit a seat, replace a player or annul the game; a { $kind } ruling corrects a game in play
problem-table-already-annulled = the game is already annulled
problem-table-annulled-no-result = the game is annulled: it has no result to amend
problem-table-already-a-bot = seat { $seat } is already played by the server's bot
problem-table-forfeited-moves = seat { $seat } has forfeited: its moves are already made for it
problem-table-already-forfeited = seat { $seat } has already forfeited
problem-table-not-a-bot = seat { $seat } is not played by the server's bot
problem-table-forfeit-unsupported = { $ruleset } does not say how play goes on without a seat, so this server cannot rule a forfeit in it (annul the game instead)
problem-table-talk-seated-only = only seated players and the organizer may talk at the table
problem-table-organizer-only-send = only the organizer may send { $command }
problem-table-organizer-only-start = only the game's organizer may start it
problem-table-organizer-only = only the organizer may { $what }
problem-table-seat-forfeited = seat { $seat } has forfeited this game; its moves are made for it
problem-table-seat-played-by-bot = the organizer has handed seat { $seat } to the server's bot; ask the organizer for it back (a seat_to_player ruling)
problem-table-unknown-ruling = { $ruleset } has no ruling { $kind }; the engine's are forfeit, replace_player and annul
problem-table-idempotency-key-reused = this Idempotency-Key was already used for a different command; use a new key for a new command
problem-table-game-finished = this game is over; it accepts no more commands
problem-table-game-started = the game has already started
problem-table-game-full = all { $count } seats of this game are taken
problem-table-seats-empty = { $missing } of { $total } seats are still empty; the game starts when every seat is filled
problem-table-game-not-finished = a rematch is made once the game is over
problem-table-tournament-table = this game is a tournament's table: the tournament seats its own rounds, so it has no rematch
problem-table-rematch-taken = the id of this game's rematch holds another game
problem-table-dice-exhausted = this scripted game has run out of dice: { $purpose } needs { $count } more, but only { $left } of the { $total } supplied are left
problem-tournament-registration-closed-late = registration closed when round 1 was seated; the organizer can still enter you (a late entry)
problem-tournament-registration-closed = registration closed when round 1 was seated
problem-tournament-over-enter = the tournament is over; nobody can enter any more
problem-tournament-over-drop = the tournament is over; nobody can drop any more
problem-tournament-over = the tournament is over
problem-tournament-not-late = a bye is for a late entry; round 1 has not been seated yet
problem-tournament-name-taken = an entrant is already registered as { $name }; choose another name
problem-tournament-unknown-entrant = there is no entrant { $entrant }
problem-tournament-drop-only-self = an entrant may drop only themself; the organizer may drop anyone
problem-tournament-already-dropped = entrant { $entrant } has already dropped
problem-tournament-not-dropped = { $name } (entrant { $entrant }) has not dropped
problem-tournament-already-no-show = { $name }'s seat (entrant { $entrant }) at table { $table } already went to the { $policy } policy
problem-tournament-not-seated = { $name } (entrant { $entrant }) sits at no table still playing
problem-tournament-no-rounds-left = all { $rounds } rounds have been seated; send finish once their tables are done
problem-tournament-round-in-play = round { $round } is still being played (tables { $tables })
problem-tournament-no-one-after-byes = nobody is left to seat once the byes are given
problem-tournament-no-entrants = nobody is registered (or everybody has dropped)
problem-tournament-tables-required = a fixed tournament is seated by the organizer: send `tables`, a list of tables, each a list of entrant numbers
problem-tournament-seating-is-swiss = a Swiss tournament seats itself from its seed and the standings; send seat_round without `tables`
problem-tournament-seating-size = table { $table } seats { $count }; a table seats { $low } to { $high }
problem-tournament-seating-inactive = table { $table }: { $entrant } is not an active entrant (unknown or dropped)
problem-tournament-seating-twice = table { $table }: { $entrant } is already seated at another table
problem-tournament-seating-missing = not seated: { $entrants }
problem-tournament-unknown-table = game { $game } is not a table of this tournament
problem-tournament-rounds-left = only { $round } of { $rounds } rounds have been seated
problem-tournament-entrant-dropped = you have dropped out of this tournament
problem-tournament-talk-token = only an entrant or the organizer may talk
problem-tournament-dispute-entrant-only = only an entrant may file a dispute
problem-tournament-unknown-version = the tournament's record has events 1 to { $count }
problem-tournament-unknown-dispute = there is no dispute { $dispute }
problem-tournament-dispute-resolved = dispute { $dispute } was already { $state }
problem-tournament-organizer-only = only the tournament's organizer may { $what }
problem-clock-game-not-running = the clock runs only while the game is running
problem-clock-no-deadlines = this game was created without deadlines (option `deadlines`), so it has no clock to pause or resume
problem-clock-paused = the clock has been paused since { $since }
problem-clock-running = the clock is not paused
problem-clock-no-deadline = the game is not waiting on a step with a deadline
problem-clock-invalid-seconds = extend by 1 to { $most } seconds

## A 422's per-field sentences in `errors` (service/api/field_errors.py): marshmallow's own
## words as it says them, then ours

problem-field-required = Missing data for required field.
problem-field-null = Field may not be null.
problem-field-invalid-value = Invalid value.
problem-field-invalid-type = Invalid type.
problem-field-invalid-input-type = Invalid input type.
problem-field-unknown = Unknown field.
problem-field-invalid-input = Invalid input.
problem-field-not-list = Not a valid list.
problem-field-not-tuple = Not a valid tuple.
problem-field-not-string = Not a valid string.
problem-field-not-utf8 = Not a valid utf-8 string.
problem-field-not-uuid = Not a valid UUID.
problem-field-not-number = Not a valid number.
problem-field-too-large = Number too large.
problem-field-not-integer = Not a valid integer.
problem-field-special-number = Special numeric values (nan or infinity) are not permitted.
problem-field-not-boolean = Not a valid boolean.
problem-field-not-mapping = Not a valid mapping type.
problem-field-not-url = Not a valid URL.
problem-field-not-email = Not a valid email address.
problem-field-not-ip = Not a valid { $kind } address.
problem-field-not-ip-interface = Not a valid { $kind } interface.
problem-field-not-timedelta = Not a valid period of time.
problem-field-not-aware = Not a valid { $awareness } { $type }.
problem-field-not-temporal = Not a valid { $type }.
problem-field-unformattable = { $input } cannot be formatted as a { $type }.
problem-field-one-of = Must be one of: { $choices }.
problem-field-contains-only = One or more of the choices you made was not in: { $choices }.
problem-field-contains-none-of = One or more of the choices you made was in: { $values }.
problem-field-range-both = Must be { $low_op ->
        [gt] greater than
       *[gte] greater than or equal to
    } { $min } and { $high_op ->
        [lt] less than
       *[lte] less than or equal to
    } { $max }.
problem-field-range-min = Must be { $low_op ->
        [gt] greater than
       *[gte] greater than or equal to
    } { $min }.
problem-field-range-max = Must be { $high_op ->
        [lt] less than
       *[lte] less than or equal to
    } { $max }.
problem-field-length-between = Length must be between { $min } and { $max }.
problem-field-length-equal = Length must be { $equal }.
problem-field-length-max = Longer than maximum length { $max }.
problem-field-length-min = Shorter than minimum length { $min }.
problem-field-equal = Must be equal to { $other }.
problem-field-pattern = String does not match expected pattern.
problem-field-whole-number = must be a whole number
problem-field-from-to = must be from { $low } to { $high }
problem-field-at-least = must be at least { $low }
problem-field-cursor = must be the `next` of an earlier page, as given
problem-field-one-of-plain = must be one of: { $choices }
problem-field-json-object = must be a JSON object
problem-field-table-size = min and max must be within { $low } and { $high }
problem-field-rng-seeded = rng must be seeded
problem-field-only-seat-round = only with seat_round
problem-field-whole-from-one = a whole number from 1
problem-field-no-round-seated = no round has been seated yet
problem-field-not-our-cursor = not a cursor this server gave
problem-field-may-not-be-null = may not be null
problem-field-supports = { $ruleset } supports { $policies }
problem-field-card = a card is an id of 1 to { $most } characters or a number from 0 to 1000
problem-field-scripted-only = dice, decks and hands are only for mode "scripted"
problem-field-location-id = an id is 1 to 40 letters, digits, _ . or -
problem-field-ruling-needs = required for a { $kind } ruling
problem-field-ruling-not-a-field = not a field of a { $kind } ruling (it takes { $fields })
problem-field-ruling-strategy = only a seat_to_bot ruling takes a strategy
problem-field-ruling-annul-seat = an annul ruling concerns the whole game, not a seat
problem-field-min-max = min may not be larger than max
problem-field-command-needs = { $type } needs `{ $field }`
problem-field-offer = offer is "truck" or an offer-space number from 1 to { $most }
problem-field-seat-or-bank = a seat number or "bank"
problem-field-influence-untradeable = influence markers can never be traded (your mob is loyal)
problem-field-name-control = a name may not contain the invisible or control character { $char }
problem-field-name-visible = a name needs at least one visible character
problem-field-name-long = a name is at most { $most } characters
problem-field-text-control = text may not contain the control character { $char }
problem-field-text-visible = text needs at least one visible character
# the rulesets' option checks (service/rules/*/setup.py)
problem-field-pr-seats = Prohibition is played here by { $low } to { $high } players (the rules name no limit), not { $seats }
problem-field-seats = { $ruleset } is played by { $low } to { $high } players, not { $seats }
problem-field-bl-rounds = rounds is 12 (standard) or 8 (the optional shorter game)
problem-field-bl-influence = influence is "phase" (Phase 2) or "anytime" (optional rule)
problem-field-bl-cash = cash is "announced" (totals announced after Rounds 4 and 8, the rulebook) or "open" (every total always)
problem-field-no-deck = there is no deck { $deck }; the decks are { $decks }
problem-field-deck-size = the { $deck } deck has { $size } cards, not { $count }
problem-field-hand-size = seat { $seat }'s hand must hold { $hand } cards, not { $count }
problem-field-pr-no-hands = Prohibition deals no hands: script its dice instead
problem-field-bb-no-hands = Booze Baron deals no hands: script the booze_<mob>, booze_rest, booze_pile and delivery decks instead
problem-field-bb-first-baron = first_baron is the seat (1 to { $seats }) holding the Booze Baron in round 1
problem-field-bb-locations = locations is a list of the six Location cards: {"{"}id, name, event{"}"}
problem-field-bb-location = each Location is {"{"}id, name, event{"}"}, three strings of 1 to 40 characters
problem-field-bb-location-ids = the six Locations need six different ids
problem-field-bb-delivery-deck = delivery_deck is a list of { $low } to 200 cards {"{"}location, booze{"}"}
problem-field-bb-delivery-card = each Delivery card is {"{"}location, booze{"}"}: a Location id ({ $locations }) and a list of Booze types ({ $mobs }); { $card } is not
problem-field-bb-event = { $id }: event must be one of { $events }
problem-field-must-be = must be { $choices }
# "a, b or c": the last two of a list of choices
problem-field-or = { $head } or { $last }
