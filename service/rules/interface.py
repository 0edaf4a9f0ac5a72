"""What a ruleset must provide so the engine can host it.

The engine (service/) owns transport, storage, auth, clocks and the generic lobby events;
a ruleset owns everything inside a running game. Everything here is pure: no I/O, no clock,
no random. Randomness enters through the `Oracle` passed in (service/streams/rng.py), and every
outcome it gives must be written into the events the ruleset returns.

Shapes shared with the engine:

- **state**: a JSON-able dict built by folding events. The engine owns the top-level keys
  (`game_id, ruleset, ruleset_version, version, status, options, seats_total, seats, rng,
  talk, deadline, ...`); the ruleset owns `state["game"]` and may set `state["status"] =
  "finished"` and `state["winner"]` when its end event is applied.
- **draft**: an event the ruleset wants appended: `{"type": str, "payload": dict}` and,
  optionally, `"actor"` to override the command's actor (e.g. `"system"`). The engine
  wraps drafts into envelopes (version, hash, time, command id).
- **event**: an envelope as stored: `{"type", "schema_version", "game_id", "version",
  "recorded_at", "actor", "command_id", "payload", "prev_hash", "hash"}`.
- **actor**: `{"kind": "seat", "seat": n}` or `{"kind": "organizer"}` or `{"kind": "system"}`.
- **viewer**: `{"kind": "seat", "seat": n}`, `{"kind": "organizer"}` or `{"kind": "spectator"}`.

Randomness conventions (so the engine can track scripted dice and redact deck order):
every die rolled is in an event of type `dice_rolled` with payload
`{"purpose": str, "dice": [int, ...], ...context}`; every shuffle is an event of type
`deck_shuffled` with payload `{"deck": str, "order": [...]}` (the engine hides `order`
from everyone but the organizer).
"""
from __future__ import annotations

from typing import Any, Protocol

State = dict[str, Any]
Draft = dict[str, Any]
Event = dict[str, Any]
Actor = dict[str, Any]
Viewer = dict[str, Any]


class Oracle(Protocol):
    """Dice and shuffles for one command; see service/streams/rng.py."""

    def dice(self, purpose: str, count: int) -> list[int]: ...
    def shuffle(self, deck: str, items: list) -> list: ...
    def scripted_hands(self) -> dict[str, list[int]] | None: ...
    def scripted_decks(self) -> dict[str, list]: ...


class Ruleset(Protocol):
    name: str
    version: str
    #: {command type: (marshmallow Schema class, description of when it is legal)}
    command_schemas: dict[str, tuple[type, str]]
    #: command types only the organizer may send (e.g. `ruling`); all others are the seats'
    organizer_commands: frozenset[str]
    #: {event type: (marshmallow Schema class for the payload, schema_version)}
    event_schemas: dict[str, tuple[type, int]]
    # optional, `event_upcasters`: {(event type, from version): upcaster} for a payload whose
    # schema version went up (service/table/games.py registers them; events/registry.py)

    def validate_options(self, options: dict, seats: int) -> dict[str, list[str]]:
        """Field -> messages for options this ruleset refuses (empty dict = fine)."""

    def setup(self, state: State, oracle: Oracle) -> list[Draft]:
        """Events that deal the game and open the first step (on `start`)."""

    def decide(self, state: State, actor: Actor, command: dict, oracle: Oracle) -> list[Draft]:
        """Events a command causes, including the automatic work after it; or raise
        RuleViolation. Must not mutate `state`."""

    def evolve(self, state: State, event: Event) -> State:
        """Apply one of this ruleset's events. May mutate and return `state`."""

    def legal_actions(self, state: State, seat: int) -> dict:
        """`{"phase", "step", "actions": [{"type", "params", "examples"}]}`."""

    def waiting(self, state: State) -> dict:
        """`{"step": str|None, "seats": [int], "since": int|None}`: whose input the game
        awaits now; `since` (optional) tells two consecutive steps of one name apart."""

    def timeout(self, state: State, oracle: Oracle) -> list[Draft]:
        """Events applying the docs/rules.md timer defaults for every awaited seat."""

    def view(self, state: State, viewer: Viewer) -> dict:
        """`state["game"]` as this viewer may see it."""

    def redact_event(self, event: Event, viewer: Viewer) -> Event:
        """The event as this viewer may see it (a copy; never the original)."""

    # Optional:
    def lobby_view(self, state: State) -> dict:
        """Fields the state shows before the deal (the board, empty), so that a client
        reads the same shape in the lobby as in play."""

    #: (fewest, most) players the ruleset hosts; (3, 6) when absent. The API refuses
    #: other seat counts with 422 invalid_fields before `validate_options` is asked.
    seat_range: tuple[int, int]

    def forfeit(self, state: State, seat: int, oracle: Oracle) -> list[Draft]:
        """The organizer ruled `seat` out (`seat_forfeited` is already folded into `state`;
        `state["forfeited"]` lists every such seat). While the game runs: the events that
        let play go on without it (the ruleset makes its moves from now on, and it cannot
        win). After the end: `[{"type": "result_amended", "payload": {"winner", "winner_was"}}]`
        when the result changes, else []. Absent: the engine refuses `forfeit` rulings
        (409 forfeit_unsupported); disputes, `replace_player` and `annul` need nothing."""

    def sealed_since(self, state: State) -> int | None:
        """The first version holding something hidden even from the organizer (a sealed
        bid), while it is hidden; None when nothing is. The organizer gets no hash-chain
        fields from there on: a hash would let him brute-force the hidden field."""

    def stand_in(self, state: State, seat: int, oracle: Oracle) -> State:
        """`state` as `seat` may know it, for a look-ahead (service/bots/look_ahead.py: greedy's
        cash after a command): built from the seat's own view, with every card hidden from it
        dealt again by `oracle`'s shuffles (a stand-in seed), so that no answer worked out on
        it can reveal a hidden hand, sealed bid or deck order. Absent: nothing is looked ahead
        (greedy plays as random)."""

    #: the player field greedy counts as money in a look-ahead; "cash" when absent
    cash_field: str

    #: the game options this ruleset reads (its state shows only these and the engine's own:
    #: `rng`, `deadlines`, `dispute_window`); absent: every option is shown
    own_options: frozenset[str]

    def result(self, state: State) -> dict | None:
        """A finished game's outcome for a tournament's standings (service/tournaments):
        `{"places": {"<seat>": place}, "scores": {"<seat>": number}, "score_name": "cash" |
        "bankrolls" | "coins"}` for every seat. Places are 1-based ints; seats tied share a
        place and the next place skips (1, 1, 3). Forfeited seats (`state["forfeited"]`)
        always come after every seat still in, sharing the last place; a `result_amended`
        is read from the state like any forfeit. None while the game runs or when it is
        annulled (`state["annulled"]`). Absent: the ruleset cannot be played in tournaments."""

    def shuffle_start(self, payload: dict, before: list[Event]) -> list | None:
        """The list a recorded `deck_shuffled` (this payload) started from, so that anyone
        holding the revealed seed can recompute its order (service/desk/verification.py); None
        for a deck the ruleset does not know. `before`: the record's events before this one,
        for a start derived from earlier outcomes (a pile built from other shuffles). Without
        it, shuffles cannot be verified; docs/verification.md lists each ruleset's starts."""
