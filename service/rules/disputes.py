"""Talk and disputes, decided once for both kinds of stream (a game, a tournament).

In either kind the participants (a game's seats, a tournament's entrants) and the organizer
talk (`say`); a participant files a dispute about one event of the stream (`dispute`: "event N
was wrong"), numbered in filing order; the organizer answers an open one, once
(`resolve_dispute`). The payloads are the same in both kinds (the filer is `seat` in both).

What a kind says its own way is its `StreamKind`: who the participant is, the refusals' codes
and sentences (clients branch on the codes, the HTTP layer matches the sentences to its
catalog: service/api/problem_by_code.py), and the checks only it makes. A game adds a filing
window after the end and rulings with an upheld answer (service/table/disputes.py).
Pure: state in, drafts out, RuleViolation for a refusal. Folded by projections/disputes.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

from service.rules.errors import RuleViolation


@dataclass(frozen=True)
class Refusal:
    """One refusal as a kind words it: `detail` is formatted with the facts of the case
    (`version`, `about`, `dispute`, `filed`, `state`), each sentence using those it names."""
    code: str
    detail: str
    status: int = 409

    def __call__(self, **facts) -> RuleViolation:
        return RuleViolation(self.code, self.detail.format(**facts), status=self.status)


def _no_check(*_args) -> None:
    return None


@dataclass(frozen=True)
class StreamKind:
    """What one kind of stream decides its own way."""
    #: the actor kind that talks and files, and the actor's key holding its number
    participant: str
    not_a_talker: Refusal
    not_a_filer: Refusal
    no_such_event: Refusal
    unknown_dispute: Refusal
    answered: Refusal
    #: `(actor, what)`: refuses anyone but the organizer (or the server acting on its policy)
    require_organizer: Callable[[dict, str], None]
    #: `(state, actor)`: a participant who may no longer speak (a dropped entrant)
    check_participant: Callable[[dict, dict], None] = _no_check
    #: `(state)`: a stream with nothing to dispute yet (a game in its lobby)
    check_filing: Callable[[dict], None] = _no_check


def disputes(state: dict) -> list[dict]:
    return state.get("disputes") or []


# ---- say -------------------------------------------------------------------------------------
def decide_say(kind: StreamKind, state: dict, actor: dict, text: str) -> list[dict]:
    if actor.get("kind") not in (kind.participant, "organizer"):
        raise kind.not_a_talker()
    if actor["kind"] == kind.participant:
        kind.check_participant(state, actor)
    return [{"type": "said", "payload": {"text": text}}]


# ---- dispute ---------------------------------------------------------------------------------
def check_filing(kind: StreamKind, state: dict, actor: dict, about: int) -> None:
    """Who may file (a participant still in), when, and about which event (one the stream has)."""
    if actor.get("kind") != kind.participant:
        raise kind.not_a_filer()
    kind.check_participant(state, actor)
    kind.check_filing(state)
    if not 1 <= about <= state["version"]:
        raise kind.no_such_event(version=state["version"], about=about)


def dispute_filed(kind: StreamKind, state: dict, actor: dict, about: int, text_sealed: str) -> dict:
    """The next number, and the filer as the payload names them in both kinds (`seat`)."""
    return {"type": "dispute_filed", "payload": {"dispute": len(disputes(state)) + 1,
                                                 "seat": actor[kind.participant], "about": about,
                                                 "text_sealed": text_sealed}}


def decide_dispute(kind: StreamKind, state: dict, actor: dict, about: int, text_sealed: str) -> list[dict]:
    """`text_sealed`: the filing's text as the ledger sealed it with the server's key (decide
    holds neither the key nor the words)."""
    check_filing(kind, state, actor, about)
    return [dispute_filed(kind, state, actor, about, text_sealed)]


# ---- resolve_dispute -------------------------------------------------------------------------
def open_dispute(kind: StreamKind, state: dict, actor: dict, number: int) -> dict:
    """The dispute the organizer answers: one filed, and not answered yet."""
    kind.require_organizer(actor, "resolve a dispute")
    known = disputes(state)
    if not 1 <= number <= len(known):
        raise kind.unknown_dispute(dispute=number, filed=len(known))
    found = known[number - 1]
    if found["state"] != "open":
        raise kind.answered(dispute=number, state=found["state"])
    return found


def dispute_resolved(kind: StreamKind, number: int, found: dict, decision: str, text_sealed: str,
                     rulings: tuple[str, ...] = ()) -> dict:
    """`rulings`: the kinds of the rulings the answer makes (a game's; none in a tournament)."""
    return {"type": "dispute_resolved", "payload": {"dispute": number, "seat": found[kind.participant],
                                                    "decision": decision, "text_sealed": text_sealed,
                                                    "rulings": list(rulings)}}


def decide_resolve(kind: StreamKind, state: dict, actor: dict, number: int, decision: str,
                   text_sealed: str) -> list[dict]:
    return [dispute_resolved(kind, number, open_dispute(kind, state, actor, number), decision, text_sealed)]
