"""Property: whatever a game of any ruleset went through, every endpoint that reads it answers
without a 5xx (`GET /report` once answered 500 for every finished Booze Baron
game, whose winner is a Mob, not a seat).

Random games of every ruleset the server hosts (Bootleggers short games, `{"rounds": 8}`;
Prohibition; Booze Baron), played by the bots of tests/support/bots.py with some table talk,
are read while they run and after they end; along the way they meet the engine's rulings: a
dispute, a `forfeit` (mid-game, and after the end inside a dispute's answer: a `result_amended`;
a ruleset without the forfeit hook refuses it, 409 `forfeit_unsupported`, which is an answer
too), an `annul` mid-game and after the end. A shared win is there for every ruleset that has
one: a Prohibition game whose Mobsters end level on Bankrolls (scripted starting dice, nobody
moves), and a Booze Baron game whose end is decided as a shared win (the printed tie-breaks
leave Mobs level in about one game in twenty, so the test makes `scoring.winners` name the two
best Mobs rather than play twenty games). Bootleggers has no shared win; its ties (random
8-round games often end with everyone at $0G) go to the tie-break.

At each reading: the state for the organizer, a spectator and each seat; `?at=N` at every
version, in turn as the organizer, with `as=` a seat or a spectator, as a spectator and as a
seat; the events, the log and the talk, paged; the report; what the viewer page fetches (the
page, its scripts, the disputes, the clock); the export and the audit; each seat's
legal-actions. Every answer is below 500, and the organizer's reads are 200.

EVERY_ENDPOINT_GAMES sets the random games per ruleset (default 3: one of each story; CI may
raise it); the shared wins are played once each on top.
"""
from __future__ import annotations

import os
import random

import pytest

from tests.desk.helpers import organizer, seat
from tests.rules.prohibition.bot import pick_over_rest
from tests.support.bots import bearer, move, open_table, play

GAMES = int(os.environ.get("EVERY_ENDPOINT_GAMES", "3"))
RULESETS = {"bootleggers": ((3, 4), {"rounds": 8}), "prohibition": ((2, 4), {}), "booze_baron": ((3, 6), {})}
#: a bot's taste per ruleset (tests/support/bots.play's `pick`): a Prohibition smuggler who
#: wants the Culture Bankrolls ends the game in 15-35 rounds rather than at the limit of 60
TASTE = {"prohibition": pick_over_rest}
#: what happens to a game, by its index: played to its end, then a forfeit (or, where there is
#: no forfeit, an annulment) answering a dispute; a seat forfeited mid-game, read while it
#: runs and again at its end; annulled mid-game
STORIES = ("finished_then_amended", "forfeit_mid_game", "annulled_mid_game")
VIEWER_ASSETS = ("viewer.js", "board.js", "panels.js", "api.js", "verify.js", "viewer.css")
TALK = 0.03


def games_to_play():
    for name in RULESETS:
        for i in range(GAMES):
            yield pytest.param(name, i, id=f"{name}-{STORIES[i % len(STORIES)]}-{i}")


class Reader:
    """Every read endpoint of one game, for every kind of caller; each answer below 500."""

    def __init__(self, client, table):
        self.client, self.table, self.answers = client, table, 0

    def get(self, path: str, token: str | None = None, ok=(200,), **query):
        query = {k: v for k, v in query.items() if v is not None}
        r = self.client.get(path, query_string=query, headers=bearer(token) if token else {})
        self.answers += 1
        assert r.status_code < 500, f"GET {path} {query} -> {r.status_code}: {r.get_data(as_text=True)[:800]}"
        if token == self.table.organizer:
            assert r.status_code in ok, f"GET {path} {query} as the organizer -> {r.status_code}: " \
                                        f"{r.get_data(as_text=True)[:800]}"
        return r

    def tokens(self) -> list[str | None]:
        return [self.table.organizer, None, *self.table.tokens.values()]

    def paged(self, path: str, token: str | None, key: str) -> list:
        out, after = [], 0
        while True:
            r = self.get(path, token, after=after, limit=97)
            if r.status_code != 200:
                return out
            body = r.get_json()
            out += body[key]
            if not body[key] or body["next_after"] <= after:
                return out
            after = body["next_after"]

    def everything(self, sweep: bool = True) -> dict:
        """Every endpoint once for every caller; `?at=` at every version (`sweep`). The state now."""
        gid = self.table.game_id
        base = f"/v1/games/{gid}"
        state = self.get(base, self.table.organizer).get_json()
        finished = state["status"] == "finished"
        for token in self.tokens():
            self.get(base, token)
            events = self.paged(f"{base}/events", token, "events")
            log = self.paged(f"{base}/log", token, "entries")
            assert len(log) == len(events) == state["version"], (len(log), len(events), state["version"])
            assert all(e["text"] and "None" not in e["text"] for e in log), [e["text"] for e in log if "None" in e["text"]]
            self.paged(f"{base}/talk", token, "entries")
            report = self.get(f"{base}/report", token)
            if finished or token == self.table.organizer:
                assert report.status_code == 200 and report.mimetype == "text/html", report.status_code
            self.get(f"{base}/export", token)
            self.get(f"{base}/audit", token)
            self.get(f"{base}/disputes", token)
            self.get(f"{base}/clock", token)
            self.get(f"/viewer/{gid}", token)
        for token in self.table.tokens.values():
            self.get(f"{base}/legal-actions", token)
        for asset in VIEWER_ASSETS:
            self.get(f"/viewer/assets/{asset}")
        seats = sorted(self.table.tokens)
        for version in range(1, state["version"] + 1 if sweep else 0):
            turn = version % 4
            if turn == 0:
                self.get(base, self.table.organizer, ok=(200, 409), at=version,
                         **{"as": f"seat:{seats[version % len(seats)]}"})
            elif turn == 1:
                self.get(base, self.table.organizer, at=version, **({"as": "spectator"} if version % 8 == 1 else {}))
            elif turn == 2:
                self.get(base, None, at=version)
            else:
                self.get(base, self.table.tokens[seats[version % len(seats)]], at=version)
        return state


def answered(r) -> dict:
    """A command's answer: accepted, or refused with a problem (never a 5xx)."""
    assert r.status_code < 500, r.get_data(as_text=True)
    return r.get_json() if r.status_code == 201 else {}


def dispute_and_rule(table, rulings: list[dict], about: int) -> dict:
    """A seat files a dispute about event `about`; the organizer upholds it with `rulings`."""
    filed = answered(seat(table, min(table.tokens), {"type": "dispute", "version": about,
                                                     "text": "that was not what happened"}))
    assert filed, "a seat may file a dispute until the window after the end closes"
    number = filed["events"][0]["payload"]["dispute"]
    return answered(organizer(table, {"type": "resolve_dispute", "dispute": number, "decision": "upheld",
                                      "text": "so ruled", "rulings": rulings}))


def play_some(table, rng, commands: int, pick=None) -> dict:
    for _ in range(commands):
        state = move(table, rng, TALK, pick)
        if state is not None:
            return state
    return table.state()


@pytest.mark.parametrize("ruleset, index", list(games_to_play()))
def test_every_endpoint_answers_for_a_random_game(client, ruleset, index):
    rng = random.Random(f"{ruleset}-{index}")
    (low, high), options = RULESETS[ruleset]
    table = open_table(client, rng.randint(low, high), options, ruleset=ruleset)
    reader = Reader(client, table)
    story, pick = STORIES[index % len(STORIES)], TASTE.get(ruleset)
    reader.everything(sweep=False)            # just dealt (the versions are swept at the end)
    if story == "finished_then_amended":
        ended = play(table, rng, talk=TALK, pick=pick)
        assert ended["status"] == "finished"
        reader.everything(sweep=False)        # every past version looks the same once it is over
        winner = ended["winner"] if isinstance(ended["winner"], int) else 1
        answer = dispute_and_rule(table, [{"kind": "forfeit", "seat": winner, "reason": "marked cards"}],
                                  ended["version"] - 1)
        if not answer:                        # no forfeit in this ruleset: annul instead
            answer = dispute_and_rule(table, [{"kind": "annul", "reason": "marked cards"}], 2)
            assert answer, "an annulment answering a dispute after the end is accepted"
        final = reader.everything()
        assert final.get("amendments"), final.get("amendments")
    elif story == "forfeit_mid_game":
        play_some(table, rng, rng.randint(5, 60), pick)
        out = max(table.tokens)
        answered(organizer(table, {"type": "ruling", "kind": "forfeit", "seat": out, "reason": "left"}))
        answered(seat(table, 1, {"type": "dispute", "version": 3, "text": "the dice were cold"}))
        play_some(table, rng, rng.randint(5, 40), pick)
        reader.everything()                   # running still (unless a short game is already over)
        final = play(table, rng, talk=TALK, pick=pick)
        assert final["status"] == "finished"
        reader.everything()
    else:
        played = play_some(table, rng, rng.randint(1, 80), pick)
        filed = answered(seat(table, 1, {"type": "dispute", "version": 2, "text": "start again"}))
        reader.everything(sweep=False)
        if played["status"] == "running":
            assert answered(organizer(table, {"type": "ruling", "kind": "annul", "reason": "the venue closed"}))
        else:                                 # a short game already over: annulled answering the dispute
            number = filed["events"][0]["payload"]["dispute"]
            assert answered(organizer(table, {"type": "resolve_dispute", "dispute": number, "decision": "upheld",
                                              "text": "so ruled", "rulings": [{"kind": "annul", "reason": "closed"}]}))
        final = reader.everything()
        assert final["status"] == "finished" and final["winner"] is None and final["annulled"]
    assert reader.answers > 50


def test_every_endpoint_answers_for_a_shared_prohibition_win(client):
    """Both Mobsters roll 9 Bankrolls to start and only ever end their turn: at the round limit
    they are level, and share the win (docs/rules.md "Prohibition, ties")."""
    dice = random.Random(28)
    script = {"mode": "scripted", "dice": [3, 3, 3, 3, 3, 3, 6, 1] + [dice.randint(1, 6) for _ in range(700)]}
    table = open_table(client, 2, {"rng": script}, names=["Eliot Ness", "Nucky"], ruleset="prohibition")
    while (state := table.state())["status"] == "running":
        (awaited,) = state["waiting_for"]
        r = table.send(awaited, {"type": "end_turn"}, version=state["version"])
        assert r.status_code == 201, r.get_data(as_text=True)
    final = Reader(client, table).everything()
    end = next(e for e in client.get(f"/v1/games/{table.game_id}/events?limit=1000&after={final['version'] - 3}")
               .get_json()["events"] if e["type"] == "game_ended")["payload"]
    assert end["bankrolls"] == {"1": 9, "2": 9}
    log = client.get(f"/v1/games/{table.game_id}/log?after={final['version'] - 3}").get_json()["entries"]
    (told,) = [e["text"] for e in log if "The game ends" in e["text"]]
    assert end["winners"] == [1, 2] and end["winner"] is None
    assert "Eliot Ness and Nucky share the win with 9 Bankrolls each." in told, told
    report = client.get(f"/v1/games/{table.game_id}/report").get_data(as_text=True)
    assert "<b>Winners, sharing the win: Eliot Ness and Nucky</b>" in report


def test_every_endpoint_answers_for_a_shared_booze_baron_win(client, monkeypatch):
    """Mobs still level after the printed tie-breaks share the win (`winners`, `winner` =
    "beer & wine"): the end of this game is decided that way."""
    from service.rules.booze_baron import scoring

    decided = scoring.winners

    def two_best(g):  # (the printed winner and the best of the rest: two, even when the deal tied)
        scores = scoring.mob_scores(g)
        first = decided(g)[0]
        rest = sorted((m for m in scores if m != first), key=lambda m: -scores[m])
        return sorted([first, rest[0]])

    monkeypatch.setattr(scoring, "winners", two_best)
    table = open_table(client, 4, ruleset="booze_baron", names=["Ada", "Bix", "Cora", "Dee"])
    final = play(table, random.Random(28), talk=TALK)
    assert len(final["result"]["winners"]) == 2 and " & " in final["winner"]
    Reader(client, table).everything()
    page = client.get(f"/v1/games/{table.game_id}/report").get_data(as_text=True)
    first, second = final["result"]["winners"]
    assert f"Winners, sharing the win: the {first.title()} mob" in page and f"the {second.title()} mob" in page
