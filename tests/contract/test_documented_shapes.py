"""Every answer a client meets in real games is what the document says, field for field.

Random bots play a game of each ruleset through the API; every legal-actions answer, command
answer and state they see, and every page of events as the organizer, a seat and a spectator
read them, is validated against api_spec/openapi.json with every object closed
(tests/support/spec_validation.py): a field the server sends and the document does not
describe fails the build."""
from __future__ import annotations

import random

import pytest

from tests.support import bots
from tests.support.spec_validation import problems, state_variant

GAMES = [("bootleggers", 4, {"rounds": 8}), ("prohibition", 3, {}), ("booze_baron", 3, {})]


class Checked(bots.Table):
    """A bots.Table whose every answer is validated; the findings are collected, not raised,
    so one run names every undocumented shape at once."""
    found: dict

    def note(self, component: str, body) -> None:
        for problem in problems(component, body):
            self.found.setdefault(f"{component} {problem}", body.get("type") if isinstance(body, dict) else None)

    def state(self, token=None):
        body = super().state(token)
        # its own variant, closed: GameState's anyOf also admits GameInSetup, which is open
        self.note(state_variant(body), body)
        return body

    def legal(self, seat):
        body = super().legal(seat)
        self.note("LegalActions", body)
        return body

    def send(self, seat, command, version=None, key=None):
        answer = super().send(seat, command, version, key)
        if answer.status_code == 201:
            self.note("CommandAnswer", answer.get_json())
        if self.commands % 40 == 1:  # while it runs: events redacted for each kind of reader
            self.read_events()
        return answer

    def read_events(self) -> None:
        for token in (self.organizer, self.tokens[1], None):
            after = 0
            while True:
                headers = bots.bearer(token) if token else {}
                page = self.client.get(f"/v1/games/{self.game_id}/events?after={after}&limit=1000", headers=headers)
                assert page.status_code == 200, page.get_data(as_text=True)
                body = page.get_json()
                self.note("EventsPage", body)
                if not body["events"]:
                    break
                after = body["events"][-1]["version"]


@pytest.mark.parametrize("ruleset,seats,options", GAMES, ids=[g[0] for g in GAMES])
def test_every_answer_of_a_random_game_is_documented(client, ruleset, seats, options):
    table = bots.open_table(client, seats, options, ruleset=ruleset)
    checked = Checked(**{k: getattr(table, k) for k in ("client", "game_id", "organizer", "tokens")})
    checked.found = {}
    bots.play(checked, random.Random(14), max_commands=6000, talk=0.02)
    checked.read_events()  # after the end: every event as stored, for anyone
    assert not checked.found, "\n".join(sorted(checked.found)[:40])


def test_every_frame_of_the_event_stream_is_a_documented_event(client):
    """The stream's frames: `id` the version, `event` the type, `data` an EventOut."""
    import json

    from tests.support.spec_validation import SPEC_PATH
    spec = json.loads(SPEC_PATH.read_text())
    declared = spec["paths"]["/v1/games/{game_id}/events/stream"]["get"]["responses"]["200"]["content"]
    frame = declared["text/event-stream"]["schema"]
    assert frame["properties"]["data"]["x-item-schema"] == {"$ref": "#/components/schemas/EventOut"}
    table = bots.open_table(client, 3, {"rounds": 8})
    bots.play(table, random.Random(3), max_commands=6000)  # finished: the stream ends after the last event
    for token in (None, table.tokens[2]):
        headers = bots.bearer(token) if token else {}
        body = client.get(f"/v1/games/{table.game_id}/events/stream?timeout=5", headers=headers).get_data(as_text=True)
        frames = [f for f in body.split("\n\n") if f.startswith("id:")]
        assert len(frames) == table.state()["version"]
        for frame in frames:
            fields = dict(line.split(": ", 1) for line in frame.splitlines())
            event = json.loads(fields["data"])
            assert problems("EventOut", event) == [], problems("EventOut", event)
            assert (int(fields["id"]), fields["event"]) == (event["version"], event["type"])
