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

## `--help` (service/cli/help_words.py): each command's and option's help as the code writes it
## (tests/i18n checks they are the same), `cli-help-bootleggers[-<command>…][--<option>]`

-cli-help-lang = The language of what is printed: en or de (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else English).
-cli-help-url = The server (env BOOTLEGGERS_URL).
-cli-help-token = Organizer or player token (env BOOTLEGGERS_TOKEN).
cli-help-bootleggers = Referee server for the board game Bootleggers.
cli-help-bootleggers--lang = { -cli-help-lang }
cli-help-bootleggers-anchor = The heads of the games and tournaments anchored outside Redis (docs/verification.md).
cli-help-bootleggers-anchor-export = Print the anchor's log (JSON). `> anchor.json`
cli-help-bootleggers-anchor-export--archive = The archive store (file:///dir or s3://bucket/prefix; env ARCHIVE_URL; default var/archive).
cli-help-bootleggers-anchor-export--first = The first batch.
cli-help-bootleggers-anchor-export--last = The last batch (default: the latest).
cli-help-bootleggers-bot =
    Play one seat by its legal examples until the game ends (clients/python's play loop:
    waits on the event stream, retries with the same Idempotency-Key).
    
    Greedy reads the cash each example leaves from legal-actions' `look_ahead=cash`, which the
    referee works out on a stand-in of the game dealing again what the seat cannot see: the
    bot learns nothing its player may not. Exits 1 with a sentence when the referee refuses
    the seat (given to another player, forfeited, handed to the server's bot) or cannot be
    reached; what it kept stays in the receipts file.
cli-help-bootleggers-bot--url = The referee (env BOOTLEGGERS_URL).
cli-help-bootleggers-bot--game_id = The game's id.
cli-help-bootleggers-bot--token = The seat's player token (env BOOTLEGGERS_TOKEN).
cli-help-bootleggers-bot--strategy = random: any legal example; greedy: the one that leaves the seat the most cash right after.
cli-help-bootleggers-bot--receipts_path = Keep the receipt of every command the bot sends in this JSON file (rewritten after each answer; receipts already in it are kept), for `bootleggers verify RECORD --receipts FILE`.
cli-help-bootleggers-bot--lang = { -cli-help-lang }
cli-help-bootleggers-export = The game's record (JSON; the organizer's token). `> record.json`
cli-help-bootleggers-export--url = { -cli-help-url }
cli-help-bootleggers-export--token = { -cli-help-token }
cli-help-bootleggers-export--lang = { -cli-help-lang }
cli-help-bootleggers-log = The game as sentences, as the token's holder may read it.
cli-help-bootleggers-log--url = { -cli-help-url }
cli-help-bootleggers-log--token = { -cli-help-token }
cli-help-bootleggers-log--lang = { -cli-help-lang }
cli-help-bootleggers-log--after = Start after this event version.
cli-help-bootleggers-log--as_json = One JSON entry per line instead of text.
cli-help-bootleggers-openapi = Regenerate api_spec/openapi.json from the marshmallow schemas.
cli-help-bootleggers-report = The game's printable HTML report. `> report.html`
cli-help-bootleggers-report--url = { -cli-help-url }
cli-help-bootleggers-report--token = { -cli-help-token }
cli-help-bootleggers-report--lang = { -cli-help-lang }
cli-help-bootleggers-serve =
    Run web (gunicorn) + worker (rq) as in the Procfile, with Redis if needed.
    
    Without REDIS_URL an embedded Redis (AOF on, data under var/redis) is started and its
    URL is exported to the children. A crashed worker or embedded Redis is restarted after
    a backoff (0.5 s doubling to 10 s; RESTART_BACKOFF_SECONDS, RESTART_BACKOFF_MAX_SECONDS,
    RESTART_STABLE_SECONDS); if gunicorn itself dies, the others are stopped and the command
    exits non-zero. Ctrl-C or SIGTERM stops everything.
cli-help-bootleggers-serve--port = HTTP port (env PORT).
cli-help-bootleggers-serve--app_spec = gunicorn application spec (env BOOTLEGGERS_APP).
cli-help-bootleggers-serve--data_dir = Embedded Redis data dir (used only when REDIS_URL is unset).
cli-help-bootleggers-serve--stop_timeout = Seconds the web and worker get to stop before they are killed.
cli-help-bootleggers-tournament =
    Run a tournament on a server: create, register, seat, pairings, standings, drop, reinstate,
    no-show, seat-to-bot, announce, disputes, resolve, finish, report, export.
cli-help-bootleggers-tournament--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-announce = Tell every entrant TEXT (the organizer): it shows on their page and on the desk.
cli-help-bootleggers-tournament-announce--url = { -cli-help-url }
cli-help-bootleggers-tournament-announce--token = { -cli-help-token }
cli-help-bootleggers-tournament-announce--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-create = Create a tournament; prints its id and the organizer token (shown once).
cli-help-bootleggers-tournament-create--url = { -cli-help-url }
cli-help-bootleggers-tournament-create--name = The event's name.
cli-help-bootleggers-tournament-create--ruleset = The game every table plays.
cli-help-bootleggers-tournament-create--rounds = How many rounds.
cli-help-bootleggers-tournament-create--table_min = Fewest players a table (with --table-max; default: the server's).
cli-help-bootleggers-tournament-create--table_max = Most players a table (with --table-min).
cli-help-bootleggers-tournament-create--format_ = swiss: the server seats each round; fixed: you give the tables to `seat --tables`.
cli-help-bootleggers-tournament-create--no_show = What an absent or dropped entrant's seat gets.
cli-help-bootleggers-tournament-create--bot_strategy = How the server's bot plays the seats it is given.
cli-help-bootleggers-tournament-create--options = A game option of every table, e.g. rounds=8 or deadlines='{ "{" }"default": 120{ "}" }'; repeatable.
cli-help-bootleggers-tournament-create--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-disputes = Every dispute filed at any table and about the tournament, open ones first (the organizer).
cli-help-bootleggers-tournament-disputes--as_json = The server's answer as JSON.
cli-help-bootleggers-tournament-disputes--url = { -cli-help-url }
cli-help-bootleggers-tournament-disputes--token = { -cli-help-token }
cli-help-bootleggers-tournament-disputes--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-drop = Drop ENTRANT (its number; the organizer, or the entrant itself): no later round seats them, and their seat at a table still playing goes to the tournament's no-show rule (the server's bot plays it, or it is forfeited).
cli-help-bootleggers-tournament-drop--url = { -cli-help-url }
cli-help-bootleggers-tournament-drop--token = { -cli-help-token }
cli-help-bootleggers-tournament-drop--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-drop--reason = Why, for the record and the report.
cli-help-bootleggers-tournament-export = The tournament's own record (JSON), for `bootleggers verify` or an archive.
cli-help-bootleggers-tournament-export--output = Save to this file (default: standard output).
cli-help-bootleggers-tournament-export--url = { -cli-help-url }
cli-help-bootleggers-tournament-export--token = { -cli-help-token }
cli-help-bootleggers-tournament-export--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-finish = Finish the tournament after its last round (the organizer); reveals its seed.
cli-help-bootleggers-tournament-finish--url = { -cli-help-url }
cli-help-bootleggers-tournament-finish--token = { -cli-help-token }
cli-help-bootleggers-tournament-finish--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-no-show = Mark ENTRANT absent at their table still playing (the organizer): their seat goes to the tournament's no-show rule now, without dropping them.
cli-help-bootleggers-tournament-no-show--url = { -cli-help-url }
cli-help-bootleggers-tournament-no-show--token = { -cli-help-token }
cli-help-bootleggers-tournament-no-show--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-pairings = Who sits where in a round: each table, its game and its seats.
cli-help-bootleggers-tournament-pairings--round_no = Which round (default: the latest seated).
cli-help-bootleggers-tournament-pairings--as_csv = As CSV, for a spreadsheet (the server's pairings.csv).
cli-help-bootleggers-tournament-pairings--output = With --csv: save to this file (default: standard output).
cli-help-bootleggers-tournament-pairings--url = { -cli-help-url }
cli-help-bootleggers-tournament-pairings--token = { -cli-help-token }
cli-help-bootleggers-tournament-pairings--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-register =
    Register NAME; prints the entrant's number and token. Before round 1 anyone may register;
    after it only the organizer (a late entry, seated from the next round).
cli-help-bootleggers-tournament-register--bot = A house player the server's bot plays (needs the organizer's token).
cli-help-bootleggers-tournament-register--late_bye = After round 1 is seated the organizer (its token) may still enter someone, seated from the next round: with --late-bye they score a bye for each round already seated, with --no-late-bye nothing for those rounds.
cli-help-bootleggers-tournament-register--url = { -cli-help-url }
cli-help-bootleggers-tournament-register--token = { -cli-help-token }
cli-help-bootleggers-tournament-register--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-reinstate = Bring a dropped ENTRANT back (the organizer): the next round seats them again.
cli-help-bootleggers-tournament-reinstate--url = { -cli-help-url }
cli-help-bootleggers-tournament-reinstate--token = { -cli-help-token }
cli-help-bootleggers-tournament-reinstate--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-report = The tournament's printable HTML report.
cli-help-bootleggers-tournament-report--output = Save to this file (default: standard output).
cli-help-bootleggers-tournament-report--url = { -cli-help-url }
cli-help-bootleggers-tournament-report--token = { -cli-help-token }
cli-help-bootleggers-tournament-report--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-resolve = Answer a dispute (the organizer): one about the tournament, or with --game one filed at a table.
cli-help-bootleggers-tournament-resolve--decision = Your decision.
cli-help-bootleggers-tournament-resolve--text = Your answer, recorded and shown to the one who filed it.
cli-help-bootleggers-tournament-resolve--game_id = A table's dispute: that table's game (see `disputes`); without it, a dispute about the tournament itself.
cli-help-bootleggers-tournament-resolve--url = { -cli-help-url }
cli-help-bootleggers-tournament-resolve--token = { -cli-help-token }
cli-help-bootleggers-tournament-resolve--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-seat =
    Seat the next round (the organizer) and print each table: its game and who sits where.
    With --preview, only show the tables it would make: nothing is seated, no game starts.
cli-help-bootleggers-tournament-seat--tables = A fixed tournament's tables: JSON, e.g. '[[1,2,3,4],[5,6,7,8]]'.
cli-help-bootleggers-tournament-seat--preview = Show how the next round would be seated, seating nobody.
cli-help-bootleggers-tournament-seat--url = { -cli-help-url }
cli-help-bootleggers-tournament-seat--token = { -cli-help-token }
cli-help-bootleggers-tournament-seat--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-seat-to-bot = Hand ENTRANT's seat at their table still playing to the server's bot (the organizer), whatever the tournament's no-show rule.
cli-help-bootleggers-tournament-seat-to-bot--url = { -cli-help-url }
cli-help-bootleggers-tournament-seat-to-bot--token = { -cli-help-token }
cli-help-bootleggers-tournament-seat-to-bot--lang = { -cli-help-lang }
cli-help-bootleggers-tournament-standings = The standings: rank, name, points, tie-breaks, rating, tables played; and the rule.
cli-help-bootleggers-tournament-standings--as_json = The server's answer as JSON.
cli-help-bootleggers-tournament-standings--as_csv = As CSV, for a spreadsheet (the server's standings.csv).
cli-help-bootleggers-tournament-standings--output = With --csv: save to this file (default: standard output).
cli-help-bootleggers-tournament-standings--url = { -cli-help-url }
cli-help-bootleggers-tournament-standings--token = { -cli-help-token }
cli-help-bootleggers-tournament-standings--lang = { -cli-help-lang }
cli-help-bootleggers-verify =
    Check a finished game's or tournament's record offline (docs/verification.md).
    
    RECORD is what GET /v1/games/{ "{" }id{ "}" }/export gives once the game has ended. Checks the hash
    chain, the seed against its commitment, every die and every shuffle, and the receipts.
    A tournament's record (GET /v1/tournaments/{ "{" }id{ "}" }/export): its chain and seed, every
    seating re-derived, every table's game verified and its result read again, the names and
    token hashes at its seats, the points and standings, and the receipts (keyed by its seed).
    With --anchor, the record is also held against every head the server anchored of it (of a
    tournament: of it and of every table's game).
    Exits 0 when everything holds, 1 naming the first bad version, 2 when unreadable.
cli-help-bootleggers-verify--receipts_file = A JSON list of receipts ({ "{" }version, receipt{ "}" }) or of the answers that carried them.
cli-help-bootleggers-verify--anchor_source = The server's published anchor (`bootleggers anchor export`): the record must hold every head it anchored of the game (of a tournament: of it and of its tables' games).
cli-help-bootleggers-verify--as_json = Print the report as JSON.
cli-help-bootleggers-verify--lang = { -cli-help-lang }

## click's own words (its gettext ids; `{…}` holes are given back to click as they are)

cli-click-usage = Usage:
cli-click-options = Options
cli-click-commands = Commands
cli-click-help-option = Show this message and exit.
cli-click-default = default: { $default }
cli-click-env-var = env var: { $var }
cli-click-required = required
cli-click-error = Error: { $message }
cli-click-try-help = Try '{ $command } { $option }' for help.
cli-click-missing-argument = Missing argument
cli-click-missing-option = Missing option
cli-click-missing-parameter = Missing parameter
cli-click-missing-command = Missing command.
cli-click-no-such-option = No such option { $name }.
cli-click-no-such-command = No such command { $name }.
cli-click-invalid-value-for = Invalid value for { $param_hint }: { $message }
cli-click-invalid-value = Invalid value: { $message }
cli-click-aborted = Aborted!
cli-click-not-a-number = { $value } is not a valid { $number_type }.
cli-click-not-in-range = { $value } is not in the range { $range }.
cli-click-not-a-choice = { $n ->
        [one] { $value } is not { $choice }.
       *[other] { $value } is not one of { $choices }.
    }
cli-click-extra-arguments = { $n ->
        [one] Got unexpected extra argument ({ $args })
       *[other] Got unexpected extra arguments ({ $args })
    }
cli-click-did-you-mean = { $n ->
        [one] Did you mean { $possibility }?
       *[other] (Did you mean one of: { $possibilities }?)
    }
cli-click-option-needs-arguments = { $n ->
        [one] Option { $name } requires an argument.
       *[other] Option { $name } requires { $nargs } arguments.
    }
