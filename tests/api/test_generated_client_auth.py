"""Optional auth as a generated client sees it: openapi-python-client, run on the checked-in
document, must let a spectator call without a token and a player call with one, while calls
that need a token demand an authenticated client (docs/service-decisions.md)."""
from __future__ import annotations

import importlib
import inspect

import httpx
import pytest

from tests.api.conftest import new_game
from tests.support.generated_client import generated_client


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The client package generated from the checked-in document, imported."""
    for _ in generated_client(tmp_path_factory.mktemp("client")):
        yield importlib.import_module("client")


def clients(generated, app):
    transport = {"transport": httpx.WSGITransport(app=app)}
    plain = generated.Client(base_url="http://referee", httpx_args=transport)
    return plain, lambda token: generated.AuthenticatedClient(base_url="http://referee", token=token,
                                                              httpx_args=transport)


def test_spectator_call_needs_no_token_and_a_player_call_sends_one(generated, client, app):
    from client.api.play import get_state
    assert "Client" in str(inspect.signature(get_state.sync_detailed).parameters["client"].annotation)
    game = new_game(client, ruleset="bootleggers")  # a ruleset the document describes
    plain, authenticated = clients(generated, app)
    spectator = get_state.sync_detailed(game["id"], client=plain)
    player = get_state.sync_detailed(game["id"], client=authenticated(game["players"][0]))
    assert spectator.status_code == 200 and player.status_code == 200
    assert spectator.parsed.to_dict()["viewer"] == {"kind": "spectator"}
    assert player.parsed.to_dict()["viewer"] == {"kind": "seat", "seat": 1}


def test_calls_that_need_a_token_ask_for_an_authenticated_client(generated):
    from client.api.play import get_legal_actions, send_command
    for operation in (send_command, get_legal_actions):
        annotation = str(inspect.signature(operation.sync_detailed).parameters["client"].annotation)
        assert "AuthenticatedClient" in annotation and "| Client" not in annotation, annotation
