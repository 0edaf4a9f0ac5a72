"""Bots that play through the REST API knowing nothing but legal-actions.

Used by the random-game property tests, the golden playthrough recorder and bench/game.py:
each awaited seat asks `GET /legal-actions`, picks one listed example at random and sends
it with `If-Match` and an `Idempotency-Key`, exactly as a third-party client would: a 503
`storage_unavailable` (no replica confirmed the write in time) is sent again with the same key,
as the answer itself tells a client to.
"""
from __future__ import annotations

import random
import time
import uuid
from dataclasses import dataclass, field


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


class BotError(AssertionError):
    pass


@dataclass
class Table:
    client: object
    game_id: str
    organizer: str
    tokens: dict[int, str]
    commands: int = 0
    refused: list = field(default_factory=list)

    def state(self, token: str | None = None) -> dict:
        r = self.client.get(f"/v1/games/{self.game_id}", headers=bearer(token or self.organizer))
        if r.status_code != 200:
            raise BotError(f"state: {r.status_code} {r.get_data(as_text=True)}")
        return r.get_json()

    def legal(self, seat: int) -> dict:
        r = self.client.get(f"/v1/games/{self.game_id}/legal-actions", headers=bearer(self.tokens[seat]))
        if r.status_code != 200:
            raise BotError(f"legal-actions: {r.status_code} {r.get_data(as_text=True)}")
        return r.get_json()

    def send(self, seat: int, command: dict, version: int | None = None, key: str | None = None):
        headers = bearer(self.tokens[seat])
        if version is not None:
            headers["If-Match"] = str(version)
        if key is not None:
            headers["Idempotency-Key"] = key
        r = self.client.post(f"/v1/games/{self.game_id}/commands", json=command, headers=headers)
        self.commands += 1
        return r

    def send_until_acknowledged(self, seat: int, command: dict, version: int | None = None, tries: int = 40):
        """`send`, again with the same Idempotency-Key while the answer is 503 `storage_unavailable`
        (docs/api.md): the retry gets the first answer once a replica holds it, or records it once."""
        key = uuid.uuid4().hex
        for _ in range(tries):
            r = self.send(seat, command, version, key)
            if r.status_code != 503 or (r.get_json() or {}).get("code") != "storage_unavailable":
                return r
            time.sleep(0.25)
        return r


def open_table(client, seats: int, options: dict | None = None, names=None,
               ruleset: str = "bootleggers") -> Table:
    r = client.post("/v1/games", json={"ruleset": ruleset, "seats": seats, "options": options or {}})
    if r.status_code != 201:
        raise BotError(f"create: {r.status_code} {r.get_data(as_text=True)}")
    created = r.get_json()
    game_id, tokens = created["game_id"], {}
    for n in range(seats):
        joined = client.post(f"/v1/games/{game_id}/seats", json={"name": (names or "ABCDEF")[n]}).get_json()
        tokens[joined["seat"]] = joined["player_token"]
    started = client.post(f"/v1/games/{game_id}/start", headers=bearer(created["organizer_token"]))
    if started.status_code != 201:
        raise BotError(f"start: {started.status_code} {started.get_data(as_text=True)}")
    return Table(client, game_id, created["organizer_token"], tokens)


def play(table: Table, rng: random.Random, max_commands: int = 5000, talk: float = 0.0, pick=None) -> dict:
    """Play until the game ends; every example sent must be accepted. Returns the final state.
    `pick(rng, state, seat, legal)` replaces the uniform choice of an example (a ruleset's
    bot taste; see tests/rules/prohibition/bot.py)."""
    for _ in range(max_commands):
        state = move(table, rng, talk, pick)
        if state is not None:
            return state
    raise BotError(f"the game did not end within {max_commands} commands")


def move(table: Table, rng: random.Random, talk: float = 0.0, pick=None) -> dict | None:
    """One bot command (see `play`); the final state instead when the game has ended."""
    state = table.state()
    if state["status"] == "finished":
        return state
    waiting = state["waiting_for"]
    if not waiting:
        raise BotError(f"nobody is awaited at version {state['version']} (step {state['step']})")
    seat = rng.choice(waiting)
    legal = table.legal(seat)
    actions = [a for a in legal["actions"] if a["type"] != "say" and a["examples"]]
    if talk and rng.random() < talk:
        actions = [a for a in legal["actions"] if a["type"] == "say"]
    if not actions:
        raise BotError(f"seat {seat} is awaited but has no legal action at version {legal['version']}")
    example = (pick(rng, state, seat, legal) if pick and actions[0]["type"] != "say"
               else rng.choice(rng.choice(actions)["examples"]))
    r = table.send_until_acknowledged(seat, example, version=legal["version"])
    if r.status_code != 201:
        raise BotError(f"seat {seat} sent the listed example {example} at version {legal['version']} "
                       f"and got {r.status_code}: {r.get_data(as_text=True)}")
    return None
