"""The replay job: rebuild a game from event 1 and verify its hash chain, for a dispute.

The live state (`Games.load`: snapshot + tail) is read first and fixes the version V to
check; then events 1..V are folded from scratch (no snapshot) and the chain recomputed as
they stream by. The answer is `{"equal": true}`, or the first version where the chain
breaks or where the rebuilt state stops matching what the service holds.

Once a seeded game has revealed its seed, every recorded die and every shuffle is also
recomputed from it (`dice`, `shuffles`; service/desk/verification.py, the checks `bootleggers
verify` runs): a stream forged and re-chained by whoever held the store still shows where
its dice or deck orders stop being the seed's.

The chain gives the exact version of a hand edit (every event commits to all before it).
The service keeps no state history to compare against, only the live state at V; so when
the states differ and the chain is intact (the snapshot cache is wrong, or the whole chain
was re-forged) the first known difference is V itself, and `state.keys` says where.
An event the rules cannot apply at all (a payload edited into nonsense) is reported as
`state.first_difference` with `state.unfoldable` saying why; the job itself never fails on it.
"""
from __future__ import annotations

from typing import Callable

from events.canonical import dumps
from events.envelope import GENESIS_HASH, event_hash
from events.integrity import RecordDamaged
from projections.core import empty_state
from service.table.games import Games
from service.streams.rng import first_unproven_die
from service.desk.verification import check_shuffles

PROGRESS_EVERY = 50


def replay(games: Games, game_id: str, progress: Callable[[int, int], None] = lambda done, total: None) -> dict:
    live, total, damage = _live(games, game_id)
    progress(0, total)
    state, events, chain_break, unfoldable = _walk(games, game_id, total, progress)
    done = len(events)
    same_state = live is not None and unfoldable is None and dumps(state) == dumps(live)
    if done != total and chain_break is None:
        chain_break = done + 1  # events missing from the stream
    result = {"equal": same_state and chain_break is None, "version": total, "events": done,
              "chain": {"intact": chain_break is None, "first_break": chain_break},
              "state": {"equal": same_state}}
    if unfoldable is not None:
        result["state"].update(first_difference=unfoldable[0], unfoldable=unfoldable[1])
    elif damage is not None:
        result["record_damaged"] = damage
        result["state"]["first_difference"] = damage["first_bad_version"]
    elif not same_state:
        result["state"]["first_difference"] = chain_break if chain_break is not None else total
        result["state"]["keys"] = sorted(k for k in set(state) | set(live) if dumps(state.get(k)) != dumps(live.get(k)))
    if unfoldable is None and state.get("rng", {}).get("seed"):
        _check_the_seed(result, games, state, events)
    exact = [v for v in (result.get("dice", {}).get("first_unproven"),
                         result.get("shuffles", {}).get("first_unproven")) if v is not None]
    # a rewrite the sealed caches detected is bracketed from the window's start; a die or a
    # shuffle the seed does not give names the very event
    state_difference = None if damage is not None and exact else result["state"].get("first_difference")
    differs = [v for v in (chain_break, state_difference, *exact) if v is not None]
    if differs:
        result["first_difference"] = min(differs)
    return result


def _live(games: Games, game_id: str) -> tuple[dict | None, int, dict | None]:
    """(the live state, its version V, None), or for a damaged record (None, the stored
    stream's version, what the audit names)."""
    try:
        live = games.load(game_id, cached=False)  # what the store holds, not this worker's copy
        return live, live["version"], None
    except RecordDamaged as damaged:
        # No live state to compare with (the audit names the damage), but the stored stream is
        # still replayed to its head: once the seed is out, a re-chained forgery (which the
        # server's sealed checkpoints refuse to serve) still shows the exact die or shuffle
        # the seed does not give.
        damage = {"first_bad_version": damaged.version, "damage": damaged.kind, "detail": damaged.detail}
        return None, games.store.version(game_id), damage


def _walk(games: Games, game_id: str, total: int, progress: Callable[[int, int], None]):
    """Events 1..`total` as stored, folded from scratch and their chain recomputed as they
    stream by: (the state, the events, the first break of the chain, and (version, why) of
    the first event the rules cannot apply), each None when there is none."""
    state, prev_hash, chain_break, done, events = empty_state(), GENESIS_HASH, None, 0, []
    unfoldable = None  # (version, why): an edited event the rules cannot even apply
    for event in games.store.iter_all(game_id, upto=total):
        events.append(event)
        done += 1
        if chain_break is None and (event.get("version") != done or event.get("prev_hash") != prev_hash
                                    or event_hash(event) != event.get("hash")):
            chain_break = done
        prev_hash = event.get("hash") or ""
        if unfoldable is None:
            try:
                state = games.fold_events([event], state)
            except Exception as exc:  # a hand-edited payload: report where, keep checking the chain
                unfoldable = (done, f"{type(exc).__name__}: {exc}"[:300])
        if done % PROGRESS_EVERY == 0:
            progress(done, total)
    progress(done, total)
    return state, events, chain_break, unfoldable


def _check_the_seed(result: dict, games: Games, state: dict, events: list[dict]) -> None:
    """Every recorded die and shuffle recomputed from the revealed seed (`dice`, `shuffles`)."""
    seed = bytes.fromhex(state["rng"]["seed"])
    unproven = first_unproven_die(events, seed)
    result["dice"] = {"proven": unproven is None, "first_unproven": unproven}
    shuffles = check_shuffles(events, events[0]["payload"], seed,
                              getattr(games.ruleset_for(state["ruleset"]), "shuffle_start", None))
    # proven None: the ruleset publishes no starting orders, so its shuffles cannot be checked
    result["shuffles"] = {"proven": shuffles.ok, "first_unproven": shuffles.first_bad if shuffles.ok is False else None}
    result["equal"] = result["equal"] and unproven is None and shuffles.ok is not False


def replay_game(game_id: str) -> dict:
    """RQ entry point: progress goes to `job.meta` (`done`, `total`) as it runs."""
    from rq import get_current_job

    from service.jobs.context import games_for

    job = get_current_job()
    games = games_for(job.connection)

    def progress(done: int, total: int) -> None:
        job.meta.update(done=done, total=total)
        job.save_meta()

    return replay(games, game_id, progress)
