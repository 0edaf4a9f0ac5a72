"""What api_spec/state_shapes.json (inferred from real games) cannot say by itself: what the
state's fields mean, and the fields random games rarely or never show (an organizer's
rulings, a scripted game's dice count, a vigorish demand), typed from the code that writes
them. api_spec/components.py joins the three into the GameState variants."""
from __future__ import annotations

_INT = {"type": "integer"}
_STR = {"type": "string"}

#: field -> description, for every ruleset's state (lobby and game)
COMMON = {
    "game_id": "the game's id",
    "ruleset": "which game is played: the variant of GameState",
    "ruleset_version": "the version of the ruleset's rules the game was created under",
    "version": "events so far: send it as If-Match with a command; `?at=N` reads an earlier one",
    "status": "lobby (seats being taken), running, finished",
    "created_at": "when the game was created (UTC, ISO 8601)",
    "seats_total": "how many seats the game has",
    "options": "the options the game was created with (a scripted game's script is not shown)",
    "rng": "the dice: `mode` seeded or scripted; `seed_commitment` (SHA-256 of the seed) from the start, "
           "`seed` revealed at the end; `dice_used` (scripted, organizer only)",
    "players": "one entry per seat taken, in seat order; a seat sees its own hidden things, others see "
               "counts (the Own/Other player schemas)",
    "talk_count": "lines of table talk so far (the lines: GET .../talk)",
    "timeout_count": "steps that timed out so far (who and where: GET .../clock)",
    "winner": "the winning seat once the game is over (null: not over, annulled, no winner, or a shared "
              "Prohibition win: see `winners`)",
    "deadline": "the current step's deadline: `step`, `seats` awaited, `due_at` (UTC), `step_version`, "
                "`round`, `paused_at` while the clock is paused; null when the step waits forever",
    "clock_paused_at": "when the organizer paused the clock (null: running)",
    "step": "the step being played (docs/rules.md names them); null in the lobby and at the end",
    "waiting_for": "the seats whose command the game waits for now",
    "viewer": "who this state is shown to: {kind: organizer | seat | spectator, seat}",
    "phase": "bootleggers: 1-6; prohibition and booze_baron: a word; null in the lobby",
    "round": "the round being played; null in the lobby",
    "head_hash": "the hash of the last event (the organizer, or everyone after the end; withheld while a "
                 "sealed bid is hidden)",
    "ended_at": "when the game ended (UTC)",
    "forfeited": "seats forfeited by the organizer (their moves are made for them)",
    "annulled": "the organizer annulled the game: {reason, version}",
    "amendments": "results changed after the end (disputes): {version, kind, winner, winner_was, reason, dispute}",
    "data_version": "the ruleset's card and board data version the game uses",
    "finished": "true once the game has ended",
    "sealed_since": "while bids are sealed: the version of the first sealed bid (views from there wait for the "
                    "reveal)",
    "step_done": "seats that have finished the current step",
    "step_seats": "seats taking part in the current step",
    "step_since": "the version at which the current step opened",
}

#: ruleset -> field -> description (its own fields)
BY_RULESET = {
    "bootleggers": {
        "speakeasies": "the six speakeasies: {id, name, open, influence {seat: markers}, levels {seat: level}, "
                       "improvements, trucks delivered, dice, profit, ...}",
        "offers": "phase 1's offer row: `slots` [{slot, card}] and the `truck` on offer",
        "deals": "open deals between seats (docs/api.md, Commands: propose_deal / accept / reject / "
                 "withdraw)",
        "copper_at": "the speakeasy the Copper stands at (null: none)",
        "decks": "each deck's `draw` count and its face-up `discard` (never its order)",
        "truck_supply": "trucks not yet taken, by size",
        "effects": "Thug card effects running this round",
        "declared": "Thug cards and influence declared this step (their content hidden from others until revealed)",
        "pending_thug": "a Thug card waiting for its target's answer",
        "vigorish": "an open vigorish demand: {seat asked, to, still, amount}",
        "selling": "phase 5's sale at one speakeasy: {speakeasy, demand, remaining, sold, refused, asked, done}",
        "window": "an open reaction window (Thug cards that answer another)",
        "order": "the seats' playing order this phase",
        "frames": "nested steps being resolved (a Thug card inside a step)",
        "family_production": "crates each seat's family still made this round",
        "announced_cash": "cash as last announced (after Rounds 4 and 8: docs/rules.md), by seat; "
                          "null before",
        "cash_visibility": "the game option `cash` as read: `announced` (a seat sees its own cash, the "
                           "others' as last announced, all at the end) or `open`; a game recorded "
                           "without the option is open",
        "cash_announced_round": "`cash: announced`: the round after which `announced_cash` was "
                                "announced (4 or 8; null: not yet)",
        "final_cash": "cash at the end, by seat",
        "influence_mode": "phase (influence in phase 2) or anytime",
        "rounds": "rounds in the game (12, or 8 for the short game)",
        "deal_seq": "the number the next deal gets",
    },
    "prohibition": {
        "board": "the board: spaces, speakeasies, the police station",
        "law": "where the law stands",
        "offer": "the purchase or sale offered to the seat on turn",
        "order": "the seats' playing order",
        "ranking": "the seats by wealth",
        "round_limit": "rounds in the game at most (the house limit, 60), shown from the lobby on",
        "winners": "the seats that share the win (most Bankrolls; seat order) once the game is over, "
                   "null while it runs; a single winner is a list of one",
        "turn": "the turn being played: seat, dice, moves",
        "turn_number": "turns so far this round",
    },
    "booze_baron": {
        "baron": "the Baron's location",
        "locations": "the board's locations and the Delivery cards at each",
        "mobs": "the mobs in play",
        "cards": "the Delivery cards in play",
        "deck": "the Delivery deck: how many cards are left (never their order)",
        "exposures": "seats exposed so far: {seat, mob, booze, by, guess}",
        "result": "the final scoring",
        "snitches_left": "Snitch cards left",
        "tail": "who tails whom",
    },
}

#: field -> what the seat's own entry (or the organizer's view) holds, per ruleset
PLAYER = {
    "bootleggers": {
        "muscle_hand": "own: the Muscle cards in hand; others: how many",
        "thug_cards": "own: the Thug cards held; others: how many",
        "windfall": "own: the Windfall cards drawn; others: null",
        "bid": "own: the sealed bid (others: null until the bids are revealed)",
        "cash": "$G in hand; `cash: announced`: another seat's is null while the game runs (see "
                "`cash_announced`); the organizer's own view shows every seat's",
        "cash_announced": "`cash: announced`: the seat's cash as last announced (null: not yet)",
        "crates": "crates in the family warehouse",
        "trucks": "the seat's trucks: {id, size, capacity, load, at, rented_from}",
        "stills": "the seat's stills: {id, dice, last_roll}",
        "back_room": "what waits in the back room: dice, improvements, influence",
    },
    "booze_baron": {
        "mob": "own: the seat's secret mob; others: null until exposed",
        "booze": "own: the seat's secret booze; others: null until exposed",
    },
}

_TARGETS = {"type": "object", "additionalProperties": {},
            "description": "what a Thug card is played on, by kind: seat, truck, speakeasy, still, card..."}

#: fields present only once something happened (projections/views.py): never required
ONLY_ONCE_HAPPENED = {"forfeited", "annulled", "amendments", "ended_at", "bots", "tournament"}

#: fields random games never showed, typed from the code that writes them (path -> schema)
OVERRIDES = {
    ("*", "state", "step"): {"type": "string", "nullable": True},  # null once annulled
    ("*", "state", "forfeited"): {"type": "array", "items": _INT},
    ("*", "state", "bots"): {"type": "object", "additionalProperties": {"type": "string", "enum": ["random", "greedy"]},
                             "description": "seats the organizer handed to the server's bot: seat -> strategy"},
    ("*", "state", "tournament"): {"type": "object", "required": ["tournament_id", "round", "table"],
                                   "properties": {"tournament_id": _STR, "round": _INT, "table": _INT},
                                   "description": "a tournament's table: where this game sits in it"},
    ("*", "state", "annulled"): {"type": "object", "properties": {"reason": _STR, "version": _INT},
                                 "required": ["reason", "version"]},
    ("*", "state", "amendments"): {"type": "array", "items": {
        "type": "object", "required": ["version", "kind", "winner", "winner_was", "reason", "dispute"],
        "properties": {"version": _INT, "kind": {"type": "string", "enum": ["annulled", "result_amended"]},
                       "winner": {**_INT, "nullable": True}, "winner_was": {**_INT, "nullable": True},
                       "reason": _STR, "dispute": {**_INT, "nullable": True}}}},
    ("bootleggers", "state", "selling.speakeasy"): {"type": "string", "nullable": True},
    ("bootleggers", "state", "declared[].targets"): {**_TARGETS, "nullable": True},
    ("bootleggers", "state", "pending_thug.targets"): _TARGETS,
    ("bootleggers", "state", "speakeasies[].trucks[].paid_to"): {
        "type": "integer", "description": "the seat the crates' sale pays (a Thug card took it over)"},
    ("bootleggers", "state", "selling.asked"): {"type": "array", "items": _STR},
    ("bootleggers", "state", "vigorish"): {
        "type": "object", "nullable": True, "required": ["seat", "to", "still", "amount"],
        "properties": {"seat": _INT, "to": _INT, "still": _STR, "amount": _INT}},
}
#: player fields random games rarely show, per ruleset (both the own and the other shape)
PLAYER_OVERRIDES = {
    "bootleggers": {"union_boss": {"type": "string", "nullable": True,
                                   "description": "the Friendly Union Boss card the seat has displayed, if any"}},
}
RNG_DICE_USED = {"type": "integer", "description": "scripted games, organizer only: dice used so far"}
