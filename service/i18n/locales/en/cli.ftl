# What the command line prints (service/cli.py, service/desk/cli.py,
# service/desk/tournament_cli.py); ids `cli-…`. The language: --lang, else LANGUAGE, LC_ALL,
# LC_MESSAGES, LANG, else English. Help texts (--help) stay English; `bootleggers serve` writes
# JSON log lines for operators, in English.

cli-cannot-reach = cannot reach { $url }: { $reason }
cli-cannot-read = cannot read: { $reason }

## bootleggers verify (a localized rendering of service/desk/verification.render)

cli-verify-kind-game = game
cli-verify-kind-tournament = tournament
cli-verify-head = { $kind } { $id } ({ $ruleset }): { $n ->
    [one] { $n } event
   *[other] { $n } events
}
cli-verify-ok = ok
cli-verify-failed = FAILED
cli-verify-not-checked = NOT CHECKED
cli-verify-verified = VERIFIED: { $what }
cli-verify-not-verified = NOT VERIFIED
cli-verify-first-bad = NOT VERIFIED: the first bad version is { $version }
cli-verify-what-chain = the chain
cli-verify-what-seed = the seed
cli-verify-what-dice = every die
cli-verify-what-shuffles = every shuffle
cli-verify-what-seatings = every seating
cli-verify-what-tables = every table
cli-verify-what-standings = the points and standings
cli-verify-what-receipts = every receipt
cli-verify-what-anchor = the anchor

## bootleggers bot

cli-bot-no-client = the official client is not installed: pip install ./clients/python (make venv does)
cli-bot-not-receipts = { $path } is not a receipts file (a JSON list): name another one
cli-bot-sent = sent { $command }
cli-bot-referee-said = {" "}(the referee: { $status } { $code }: { $detail })
cli-bot-referee-status = {" "}({ $status })
cli-bot-replaced = this seat was given to another player: the organizer replaced it, and this token no longer works{ $said }
cli-bot-to-bot = this seat was given to another player: the organizer handed it to the server's bot; ask for it back (a seat_to_player ruling gives you a new token){ $said }
cli-bot-forfeited = this seat has forfeited the game: the referee now makes its moves{ $said }
cli-bot-refused-token = this seat was given to another player: the referee refuses this token's moves{ $said }
cli-bot-no-game = there is no such game on this referee{ $said }
cli-bot-refused = the referee refused the bot's command{ $said }
cli-bot-over = the game is over at version { $version }
cli-bot-receipts-kept = { $n ->
    [one] { $n } receipt
   *[other] { $n } receipts
} kept in { $path }: once the record is exported, bootleggers verify RECORD --receipts { $path }

## bootleggers tournament …

cli-t-saved = saved { $n } bytes to { $path }
cli-t-not-key-value = { $pair } is not KEY=VALUE (e.g. rounds=8, deadlines='{"{"}"default": 60{"}"}')
cli-t-tables-not-json = must be JSON: a list of tables, each a list of entrant numbers, e.g. '[[1,2,3,4],[5,6,7,8]]'
cli-t-tables-not-list = must be a JSON list of tables
cli-t-status-playing = playing
cli-t-status-finished = finished
cli-t-status-annulled = annulled
cli-t-status-open = open
cli-t-status-upheld = upheld
cli-t-status-rejected = rejected
cli-t-table-line = table { $table }  game { $game }  ({ $n ->
    [one] { $n } seat
   *[other] { $n } seats
})
cli-t-server-bot = server bot ({ $bot })
cli-t-entrant = { $name } (entrant { $n })
cli-t-absent-bot = {" "}- absent: the server's bot plays the seat
cli-t-absent-forfeited = {" "}- absent: the seat is forfeited
cli-t-seat-line = {"  "}seat { $seat }  { $who }
cli-t-bye-line = sitting out with a bye: { $names }
cli-t-dropped = { $who } is dropped: no later round seats them.
cli-t-reinstated = { $who } is back in: the next round seats them again.
cli-t-no-show = { $who }: their seat { $seat } at round { $round }, table { $table } (game { $game }) { $policy ->
    [bot] is now played by the server's bot.
   *[forfeit] is forfeited.
}
cli-t-bye-given = { $who } gets a bye for round { $round }, which they did not play: { $points } points.
cli-t-announced = Announced to every entrant: { $text }
cli-t-dispute-resolved = Dispute { $dispute } { $decision }: { $text }
cli-t-other-event = { $kind } (event { $version })
cli-t-head-rank = rank
cli-t-head-name = name
cli-t-head-points = points
cli-t-head-opponents_points = opponents points
cli-t-head-score_share = score share
cli-t-head-rating = rating
cli-t-head-tables = tables
cli-t-dropped-mark = {" "}(dropped)
cli-t-made-tournament = tournament: { $id }
cli-t-made-token = organizer token: { $token }
cli-t-made-commitment = seed commitment: { $commitment }
cli-t-keep-token = Keep the organizer token: it is shown only this once, and it seats the rounds, drops entrants and is the organizer token of every table's game.
cli-t-registered = entrant { $n }: { $name }
cli-t-house-player = {" "}(house player, { $bot } bot)
cli-t-entrant-token = entrant token: { $token }
cli-t-late-entry = Late entry: seated from the next round; { $bye ->
    [yes] a bye for each round already seated counts in the standings.
   *[no] the rounds already seated score nothing for them.
}
cli-t-give-token = Give it to the entrant alone: it is their seat token at every table of the tournament.
cli-t-preview-no-tables = --preview shows the seating the server would choose: leave out --tables
cli-t-no-preview = this server does not preview a seating (it has no `preview`); nothing was asked of it but a preview, and it answered something else
cli-t-preview = round { $round } of { $rounds } would be seated at { $n ->
    [one] { $n } table
   *[other] { $n } tables
} (a preview: nobody is seated and no game is started)
cli-t-seated = round { $round } of { $rounds }: { $n ->
    [one] { $n } table, its game started
   *[other] { $n } tables, their games started
}
cli-t-output-needs-csv = -o/--output saves the CSV: give --csv too
cli-t-none-seated = no round has been seated yet (`bootleggers tournament seat` seats one)
cli-t-not-seated-yet = round { $round } has not been seated yet: the latest is round { $latest }
cli-t-pairings = round { $round } of { $rounds }: { $n ->
    [one] { $n } table
   *[other] { $n } tables
}
cli-t-nothing-to-do = nothing to do for { $who }
cli-t-finished = tournament { $id } finished at version { $version }{ $revealed ->
    [yes] ; its seed is revealed: { $seed }
   *[no] {""}
}
cli-t-json-or-csv = choose --json or --csv, not both
cli-t-final = {"  "}(final)
cli-t-provisional-until = {"  "}(provisional until { $at }, when the last table's dispute window closes)
cli-t-provisional = {"  "}(provisional)
cli-t-after-round = after round { $round }
cli-t-at-table = round { $round }, table { $table } (game { $game })
cli-t-the-tournament = the tournament itself
cli-t-filed-by = {" "}by { $who }
cli-t-dispute-line = dispute { $dispute } at { $where }: { $state }
cli-t-filed-line = {"  "}filed{ $by } about event { $version }: { $text }
cli-t-look-at = {"  "}look at: { $link }
cli-t-in-viewer = {"  "}(in the viewer: { $viewer })
cli-t-no-disputes = no disputes
cli-t-disputes-count = { $n ->
    [one] { $n } dispute
   *[other] { $n } disputes
}, { $open } open
cli-t-answer-one = answer one: bootleggers tournament resolve { $id } DISPUTE --decision upheld|rejected --text '...' [--game GAME for a table's]
cli-t-resolved-tournament = dispute { $dispute } about the tournament { $decision } (event { $version })
cli-t-not-a-table = game { $game } is not a table of tournament { $id } (`bootleggers tournament disputes` names each dispute's game)
cli-t-resolved-table = dispute { $dispute } at round { $round }, table { $table } (game { $game }) { $decision } (event { $version } of the game)
