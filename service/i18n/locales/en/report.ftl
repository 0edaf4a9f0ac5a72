# The reports: a game's (GET /v1/games/{id}/report) and a tournament's
# (GET /v1/tournaments/{id}/report), self-contained HTML pages; ids `report-…`. The log's
# sentences they quote come from log.ftl. What the pages verify never depends on the language.

## A game's report

report-title = Report — game { $game }
report-heading = { $ruleset } — game { $game }
report-facts = Created { $created } · { $events ->
    [one] { $events } event
   *[other] { $events } events
}
report-players = players:
report-result = Result
report-rounds = Rounds
report-rulings = Rulings
report-disputes = Disputes
report-verification = Verification
report-status-lobby = in the lobby
report-status-running = running
report-status-finished = finished
report-no-result = The game is { $status } (event { $version }); no result yet.
report-annulled = Annulled: no winner (event { $version }: { $reason })
report-winners-shared = Winners, sharing the win: { $winners }
report-winner = Winner: { $winner }
report-mob = the { $mob } mob
report-mob-with-members = the { $mob } mob ({ $members })
report-amended = Event { $version }: the result is amended, winner now { $winner }{ $had ->
    [yes] {" "}(was { $was })
   *[no] {""}
}. Reason: { $reason }.
report-amended-annulled = Event { $version }: the result is amended, annulled: no winner{ $had ->
    [yes] {" "}(was { $was })
   *[no] {""}
}. Reason: { $reason }.
report-forfeited = { $seat } forfeited{ $at ->
    [yes] {" "}at event { $version }
   *[no] {""}
}{ $why ->
    [yes] {" "}({ $reason })
   *[no] {""}
}: a forfeited seat cannot win, whatever it holds, and is ranked after every seat still in.
report-place = Place
report-seat = Seat
report-note = Note
report-score-cash = Cash
report-score-bankrolls = Bankrolls
report-score-coins = Coins
report-note-forfeited = forfeited
report-note-winner = winner
report-no-round-table = This ruleset keeps no table per round.
report-no-round-yet = No round has ended yet.
report-round = Round { $round }
report-column-cash = Cash
report-column-markers = Markers
report-column-crates_sold = Crates sold
report-no-rulings = No rulings.
report-event = Event
report-ruling = Ruling
report-reason = Reason
report-no-disputes = No disputes.
report-dispute = Dispute
report-filed-by = Filed by
report-about-event = About event
report-claim = Claim
report-decision = Decision
report-open = open
report-dispute-private = (for the filer and the organizer only)
report-check = Check
report-check-result = Result
report-detail = Detail
report-check-intact = intact
report-check-failed = FAILED
report-check-not-checked = not checked

## The verifier's checks, told again (service/desk/check_words.py)

report-check-name-chain = chain
report-check-name-seed = seed
report-check-name-dice = dice
report-check-name-shuffles = shuffles
report-check-name-receipts = receipts
report-check-name-anchor = anchor
report-check-name-seatings = seatings
report-check-name-tables = tables
report-check-name-standings = standings
report-check-seed-later = the seed is revealed when the game ends
report-check-chain-links = { $n ->
    [one] { $n } event, every hash links
   *[other] { $n } events, every hash links
}
report-check-chain-breaks = the chain breaks at event { $version }
report-check-chain-ok = { $n ->
    [one] { $n } event
   *[other] { $n } events
}, each linked to the one before; head { $head }
report-check-chain-broken = the chain breaks at event { $version }: its version, prev_hash or hash is not what the events before it give
report-check-seed-ok = the seed of event { $version } matches the commitment of event 1
report-check-seed-scripted = a scripted game: no seed was committed; dice and deck orders come from the organizer's script in event 1
report-check-seed-missing = the record does not reveal the seed (the game has not ended, or the record is cut after event { $version })
report-check-seed-wrong = the seed revealed in event { $version } does not match the commitment of event 1 (SHA-256 of the seed)
report-check-dice-ok = { $n ->
    [one] { $n } die
   *[other] { $n } dice
} in { $rolls ->
    [one] { $rolls } roll
   *[other] { $rolls } rolls
}, each the seed's
report-check-dice-scripted = { $n } dice, the first { $used } of the script's { $script }
report-check-dice-wrong = event { $version } records dice that the revealed seed does not give
report-check-shuffles-none = no deck was shuffled
report-check-shuffles-scripted = { $n ->
    [one] { $n } shuffle, as scripted
   *[other] { $n } shuffles, each as scripted
}
report-check-shuffles-ok = { $n ->
    [one] { $n } shuffle, the seed's shuffle of the deck's starting order
   *[other] { $n } shuffles, each the seed's shuffle of the deck's starting order
}
report-check-shuffles-unknown = this ruleset publishes no starting orders: its shuffles cannot be checked
report-check-receipts-none = this game has no seed, so its answers carried no receipts to check
report-check-receipts-ok = { $n ->
    [one] { $n } receipt, matching the record
   *[other] { $n } receipts, each matching the record
}

## A tournament's report (service/tournaments/report.py)

report-t-title = Report — tournament { $name }
report-t-heading = { $name } — tournament report
report-t-standings = Standings
report-t-final-tag = final
report-t-provisional-tag = provisional
report-t-final = Standings final: every table's dispute window closed (the last at { $at }) with no dispute open.
report-t-provisional-running = Standings provisional: after the results so far (round { $round } of { $rounds }).
report-t-provisional-open = Standings provisional: the tournament has finished, but a dispute is still open or a table's dispute window has not closed, so a ruling may still change a result.
report-t-provisional-until = Standings provisional until { $at }, when the last table's dispute window closes: a ruling may still change a result until then.
report-t-rulings-and-disputes = Rulings and disputes
report-t-place = place { $place }
report-t-ordinal = { $form ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}
# the scoring rule in words: the same words as service/tournaments/scoring.py's `explained`
report-t-method-beaten = At each table every player scores one point for each other entrant finishing behind them and half a point for each finishing level with them (tied players share the points of the places they cover).
report-t-method-placement = At each table every player scores the share of the other entrants they finished ahead of (half for each level with them): the winner scores 1 and the last 0 at any size of table, so tables of different sizes weigh the same.
report-t-bots-opponents = The server's bots count as opponents but score nothing for the standings.
report-t-bots-ignored = The server's bots that fill empty seats are not opponents: beating one scores nothing, losing to one costs nothing (house players, entered by the organizer, are entrants).
report-t-points-added = Points are added over the tournament's tables.
report-t-annulled-nothing = An annulled table scores nothing and does not count as played.
report-t-annulled-average = At an annulled table every entrant scores the table's average, as if all had tied.
report-t-annulled-replay = An annulled table scores nothing; its entrants replay it in the same round.
report-t-bye-scores = A bye scores { $points }.
report-t-bye-nothing = A bye scores nothing.
report-t-tie-breaks = Players level on points are separated first by their opponents' points (the current points total of every opponent they met, added up table by table), then by their average share of the in-game score at their tables (their score divided by the table's total). Players still level share the rank. The rating beside each player (openskill, Plackett-Luce) is for information and never decides a rank; a seat the server's bot played for its entrant (a no-show) or a forfeited seat leaves that entrant's rating as it was.
report-t-tie-opponents_points = Opponents' points
report-t-tie-score_share = Score share
report-t-format-swiss = swiss
report-t-format-fixed = fixed
report-t-rounds-count = { $n ->
    [one] { $n } round
   *[other] { $n } rounds
}
report-t-table-sizes = tables of { $min } to { $max }
report-t-entrants-count = { $n ->
    [one] { $n } entrant
   *[other] { $n } entrants
}
report-t-created = created { $at }
report-t-status = status
report-t-status-registering = registering
report-t-status-running = running
report-t-status-finished = finished
report-t-status-lobby = lobby
report-t-status-playing = playing
report-t-status-annulled = annulled
report-t-round-of = (round { $round } of { $rounds })
report-t-events-count = { $n ->
    [one] { $n } event
   *[other] { $n } events
}
report-t-tournament-id = tournament { $id }
report-t-nobody-registered = Nobody has registered.
report-t-rank = Rank
report-t-entrant = Entrant
report-t-points = Points
report-t-rating = Rating (ordinal)
report-t-tables-played = Tables played
report-t-byes = Byes
report-t-notes = Notes
report-t-dropped = dropped
report-t-late-from = late entry (from round { $round })
report-t-late-entry = late entry
report-t-house-player-bot = house player ({ $bot } bot)
report-t-bot = Bot ({ $bot })
report-t-server = server
report-t-entrant-n = entrant { $n }
report-t-still-playing = still playing
report-t-annulled = annulled
report-t-no-points = (no points)
report-t-unit-cash = cash
report-t-unit-bankrolls = bankrolls
report-t-unit-coins = coins
report-t-forfeited = forfeited
report-t-played-by-bot = played by the server's bot
report-t-house-player = (house player)
report-t-bot-took-over = the server's bot took the seat over
report-t-absent-forfeited = absent: forfeited
report-t-no-round-seated = No round has been seated yet.
report-t-joined-late = Joined late, seated from this round: { $names }.
report-t-each-scores = {" "}(each scores { $points })
report-t-sat-out = Sat out with a bye{ $each }: { $names }.
report-t-late-bye = A bye for a late entry, who had not registered yet{ $each }: { $names }.
report-t-replay-of = replay of table { $table }
report-t-games-report = the game's report
report-t-table = Table
report-t-game = Game
report-t-seats = Seats
report-t-status-head = Status
report-t-round = Round
report-t-dropped-by-organizer = { $who } dropped out by the organizer.
report-t-dropped-themselves = { $who } dropped out on their own.
report-t-reinstated = { $who } was reinstated: seated again from the next round.
report-t-no-show = { $who }'s seat { $seat } at round { $round }, table { $table } { $policy ->
    [bot] went to the server's bot
   *[forfeit] was forfeited
}.
report-t-why-no-show-rule = the tournament's no-show rule
report-t-why-handed-to-bot = the organizer handed the seat to the bot
report-t-registered-late = { $who } was registered late by the organizer.
report-t-why-late-entry = a late entry
report-t-why-bye = a bye
report-t-bye-scored = { $who } scores { $points } for round { $round }, not played.
report-t-why-replayed = an annulled table is replayed
report-t-replayed = Round { $round }, table { $table } is replayed as table { $new } (game { $game }).
report-t-why-table-ruling = a ruling in the table's game
report-t-table-amended = Round { $round }, table { $table }: its result was { $what ->
    [annulled] annulled
   *[amended] amended
} (game { $game } at event { $version }).
report-t-rulings-kinds = (rulings: { $kinds })
report-t-dispute-open = open
report-t-dispute-upheld = upheld
report-t-dispute-rejected = rejected
report-t-answer = Answer
report-t-the-tournament = The tournament
report-t-announcements = Announcements
report-t-announced = Announced
report-t-when = When
report-t-round-table = Round { $round }, table { $table }
report-t-game-events-open = (game{" "}
report-t-game-events-close = ; event numbers are the game's)
report-t-no-rulings-anywhere = No rulings and no disputes, at the tournament or at any table.
report-t-seed-commitment = Seed commitment
report-t-seed-later = revealed when the tournament finishes
report-t-not-yet-checkable = not yet checkable
report-t-seed-matches = SHA-256 of the seed is the commitment
report-t-seed-mismatch = the seed does NOT match its commitment
report-t-seed-revealed = Seed (revealed)
report-t-at-event = at event { $version }
report-t-record = Record
report-t-no-result-yet = no result yet
report-t-game-unreadable = the game could not be read
report-t-unreadable = unreadable
report-t-same = the same
report-t-different = DIFFERENT at the same event
report-t-game-longer = the game has { $n ->
    [one] { $n } event
   *[other] { $n } events
} since the result was recorded (see its report)
report-t-game-shorter = the game is SHORTER than the recorded result
report-t-tables = Tables
report-t-tables-note = Each table's game has its own record, verified in its own report (chain, seed, dice, shuffles); here the head hash the tournament recorded with the table's result beside the game's head hash now.
report-t-recorded = Recorded with the result
report-t-game-now = The game now
report-t-agreement = Agreement
report-t-own-record = The tournament's record
report-t-own-record-note-1 = Every seating comes from the tournament's seed. Once the tournament has finished, its portable record ({""}
report-t-own-record-note-2 = ) verifies offline with{" "}
report-t-own-record-note-3 = : the chain, the seed, every seating decided again from the seed, every table's game and result, and the standings.
report-t-what = What
report-t-value = Value
