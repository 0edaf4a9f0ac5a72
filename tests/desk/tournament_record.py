"""A tournament's record written by hand for the verifier's tests (tests/desk/test_tournament_verify_*):
the events chained as the server chains them, with the right seatings and points worked out
by hand from docs/verification.md ("# Verifying a tournament"), and a forger's re-chaining."""
from __future__ import annotations

import hashlib

from events.envelope import GENESIS_HASH, event_hash
from service.desk import tournament_rule as rule

SEED = bytes(range(32))
TID = "t0123456789abcdef"


# ---- a hand-made record ------------------------------------------------------------------------
def gid(tournament_id: str, round_no: int, table: int) -> str:
    """docs: the first 16 hex digits of SHA-256("tournament:<id>:<R>:<table>")."""
    return hashlib.sha256(f"tournament:{tournament_id}:{round_no}:{table}".encode()).hexdigest()[:16]


def th(name: str) -> str:
    return hashlib.sha256(f"token of {name}".encode()).hexdigest()


class Hand:
    """A tournament's record written event by event, chained as the server chains it."""

    def __init__(self, low=3, high=3, method="beaten", annulled="nothing", bye_points=0, uneven="bots",
                 legacy=False, fmt="swiss", seed=SEED):
        self.seed, self.events, self.names, self.round = seed, [], {}, 0
        payload = {"name": "Hand", "ruleset": "bootleggers", "rounds": 5, "table_size": {"min": low, "max": high},
                   "format": fmt, "game_options": {}, "no_show": "bot", "bot_strategy": "random",
                   "rng_mode": "seeded", "seed_commitment": hashlib.sha256(seed).hexdigest(),
                   "organizer_token_hash": th("organizer")}
        if legacy:
            payload["scoring"] = "placement"
        else:
            payload.update(scoring={"method": method, "annulled": annulled, "bye_points": bye_points,
                                    "filler_bots": "ignored"}, uneven=uneven)
        self.add("tournament_created", payload, schema_version=1 if legacy else 2, actor={"kind": "organizer"})

    def add(self, kind: str, payload: dict, schema_version: int = 1, actor=None, batch: bool = False) -> dict:
        """`batch`: in the same batch (command) as the event before."""
        version = len(self.events) + 1
        command = self.events[-1]["command_id"] if batch else (None if version == 1 else f"cmd_{version}")
        event = {"type": kind, "schema_version": schema_version, "game_id": TID, "version": version,
                 "recorded_at": "2026-11-28T10:00:00.000000Z", "actor": actor or {"kind": "system"},
                 "command_id": command, "payload": payload,
                 "prev_hash": self.events[-1]["hash"] if self.events else GENESIS_HASH}
        event["hash"] = event_hash(event)
        self.events.append(event)
        return event

    def register(self, name: str, late: bool = False, bye_rounds=(), bye_points=None) -> int:
        number = len(self.names) + 1
        self.names[number] = name
        self.add("entrant_registered", {"entrant": number, "name": name, "token_hash": th(name),
                                        **({"late": True} if late else {})})
        for r in bye_rounds:
            self.add("bye_given", {"entrant": number, "round": r, "points": bye_points, "reason": "late_entry"},
                     batch=True)
        return number

    def order(self, active: list[int]) -> list[int]:
        """The seed's shuffle of the active entrants at the next event's version (docs: the
        deck `seating:round:<R>`); checked against the document's test vector below."""
        return [int(e) for e in rule.shuffle(self.seed, len(self.events) + 1, f"seating:round:{self.round + 1}",
                                           [str(e) for e in sorted(active)])]

    def seat(self, tables: list[list], byes=(), order=None, rule=2, active=None) -> dict:
        """`tables`: each a list of entrant numbers in seat order, None for a bot seat."""
        active = active if active is not None else sorted(self.names)
        payload = {"round": self.round + 1, "format": self.events[0]["payload"]["format"],
                   "order": order if order is not None else self.order(active),
                   "tables": [{"table": n, "game_id": gid(TID, self.round + 1, n),
                               "seats": [{"seat": k, "entrant": e, "bot": None if e is not None else "random"}
                                         for k, e in enumerate(people, start=1)]}
                              for n, people in enumerate(tables, start=1)]}
        if rule is not None:
            payload.update(rule=rule, byes=list(byes))
        self.round += 1
        return self.add("round_seated", payload, schema_version=2 if rule is not None else 1)

    def result(self, table: int, places: dict, annulled: bool = False, round_no=None) -> dict:
        round_no = round_no or self.round
        return self.add("table_finished", {"round": round_no, "table": table, "game_id": gid(TID, round_no, table),
                                           "version": 100, "head_hash": "ab" * 32, "annulled": annulled,
                                           "places": {str(k): float(v) for k, v in places.items()},
                                           "scores": {str(k): 0.0 for k in places}, "score_name": "cash"})

    def seated(self, round_no: int) -> dict:
        return next(e for e in self.events if e["type"] == "round_seated" and e["payload"]["round"] == round_no)

    def standings(self, points: dict) -> list[dict]:
        """Served rows: by points descending (ties by number: the verifier does not read the
        tie-breaks)."""
        rows = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
        out = []
        for i, (e, p) in enumerate(rows):
            rank = out[-1]["rank"] if out and out[-1]["points"] == p else i + 1
            out.append({"rank": rank, "entrant": e, "name": self.names[e], "dropped": False, "points": p})
        return out

    def games(self) -> dict:
        """Each table's game as the director opens it: its seats taken by the entrants' names and
        token hashes, a filler bot's by `Bot <seat>` and a token nobody holds."""
        out = {}
        for event in self.events:
            if event["type"] not in ("round_seated", "table_replayed"):
                continue
            p = event["payload"]
            for table in (p["tables"] if event["type"] == "round_seated" else [p]):
                seats = table["seats"]
                events = [{"type": "game_created", "version": 1, "payload": {
                    "seats": len(seats), "tournament": {"tournament_id": TID, "round": p["round"],
                                                        "table": table["table"]}}}]
                events += [{"type": "seat_joined", "version": 1 + s["seat"], "payload": {
                    "seat": s["seat"], "name": self.names[s["entrant"]] if s["entrant"] else f"Bot {s['seat']}",
                    "token_hash": th(self.names[s["entrant"]]) if s["entrant"] else th(f"random {s['seat']}")}}
                    for s in seats]
                out[table["game_id"]] = {"events": events, "complete": True}
        return out


def rechain(events: list[dict]) -> list[dict]:
    """The events hashed again from the first, as a forger who rewrites history would."""
    prev, out = GENESIS_HASH, []
    for event in events:
        event = {**event, "prev_hash": prev}
        event["hash"] = prev = event_hash(event)
        out.append(event)
    return out


def names_of(hand: Hand, payload: dict) -> list[list]:
    return [[s["entrant"] for s in t["seats"]] for t in payload["tables"]]
