"""The independent verifier of tournament records (service/desk/tournament_verify.py) on
hand-made records, whose right seatings and points are worked out by hand here from
docs/verification.md (seating rule 2, byes, seat-1 rotation, the scoring methods, annulled
tables and replays, drops, reinstatements and late entries, rule-1 rounds, receipts): each
forged field is named.
"""
from __future__ import annotations

import copy
import itertools
import re
from fractions import Fraction

from events.receipts import receipt
from service.desk import tournament_rule as rule
from service.desk import tournament_verify as tv
from tests.desk.tournament_record import SEED, TID, Hand, gid, names_of, rechain, th


# ---- hand-made records -------------------------------------------------------------------------
def two_rounds_of_six() -> tuple[Hand, dict, dict]:
    """Six entrants at tables of 3, seated and scored by hand (docs' rule and scoring)."""
    hand = Hand(low=3, high=3)
    for name in ("Ada", "Bix", "Cora", "Dov", "Eve", "Fay"):
        hand.register(name)
    o = hand.order(list(range(1, 7)))
    # round 1: nobody has points or has met anyone: the shuffled order cut into tables
    r1 = hand.seat([o[0:3], o[3:6]])
    hand.result(1, {1: 1, 2: 2, 3: 3})
    hand.result(2, {1: 1, 2: 2, 3: 3})
    a1, a2, a3, b1, b2, b3 = o
    points = {a1: 2, a2: 1, a3: 0, b1: 2, b2: 1, b3: 0}
    # round 2: ranked a1, b1 (2 points, a1 shuffled first in round 1 ... but the tie is broken by
    # round 2's own order), a2, b2 (1), a3, b3 (0). Any three hold two of one old table, so the
    # least cost is 1 + 1; the smallest such seating is positions [0, 1, 2], [3, 4, 5].
    o2 = hand.order(list(range(1, 7)))
    first, second = sorted([a1, b1], key=o2.index)
    one_a, one_b = sorted([a2, b2], key=o2.index)
    zero_a, zero_b = sorted([a3, b3], key=o2.index)
    ranked = [first, second, one_a, one_b, zero_a, zero_b]
    table1, table2 = ranked[0:3], ranked[3:6]
    # seat 1 goes to who had it least: the round-1 seat 1s (a1, b1) sit after one_a
    table1 = [one_a, first, second]
    r2 = hand.seat([table1, table2])
    return hand, {"r1": r1, "r2": r2, "points": points, "ranked": ranked}, {}


def test_a_hand_made_record_verifies():
    hand, info, _ = two_rounds_of_six()
    check = tv.check_seatings(hand.events, SEED)
    assert check.ok is True, check.detail
    assert "2 rounds seated as rule 2 gives" in check.detail
    points = info["points"]
    assert tv.check_points(hand.events, hand.standings(points)).ok is True
    assert tv.check_table_seats(hand.events, hand.games()).ok is True


def test_seat_one_rotates_and_ties_are_broken_by_the_rounds_own_order():
    hand, info, _ = two_rounds_of_six()
    tables = names_of(hand, info["r2"]["payload"])
    ranked = info["ranked"]
    assert tables[0][0] == ranked[2]                      # not the leader: it had seat 1 in round 1
    assert tables[1] == ranked[3:6]                       # nobody there had seat 1
    assert info["r2"]["payload"]["order"] != info["r1"]["payload"]["order"]


def tamper_round(hand: Hand, round_no: int, tables: list[list]) -> list[dict]:
    events = copy.deepcopy(hand.events)
    seated = next(e for e in events if e["type"] == "round_seated" and e["payload"]["round"] == round_no)
    for table, people in zip(seated["payload"]["tables"], tables):
        for seat, e in zip(table["seats"], people):
            seat["entrant"] = e
    return rechain(events)


def test_b_a_round_seated_as_if_nobody_had_points_is_named():
    """The defect of rule 1: round 2 seated with everyone's points read as 0 (the standings
    are then round 2's shuffled order), re-chained so that the chain holds."""
    hand, info, _ = two_rounds_of_six()
    o2 = info["r2"]["payload"]["order"]
    # with no points the ranked list is o2; the least cost (2) seating smallest in o2's positions
    pos = {e: i for i, e in enumerate(o2)}
    met = {frozenset(p) for t in names_of(hand, info["r1"]["payload"]) for p in itertools.combinations(t, 2)}
    best = None
    for first in itertools.combinations(range(6), 3):
        if 0 not in first:
            continue
        rest = [p for p in range(6) if p not in first]
        cost = sum(frozenset((o2[a], o2[b])) in met for t in (first, rest) for a, b in itertools.combinations(t, 2))
        if best is None or (cost, first) < best:
            best = (cost, first)
    zero_tables = [[o2[p] for p in best[1]], [o2[p] for p in range(6) if p not in best[1]]]
    ones = {e: 1 for e in (info["r1"]["payload"]["tables"][0]["seats"][0]["entrant"],
                           info["r1"]["payload"]["tables"][1]["seats"][0]["entrant"])}
    zero_tables = [sorted(t, key=lambda e: (ones.get(e, 0), pos[e])) for t in zero_tables]
    right = names_of(hand, info["r2"]["payload"])
    assert zero_tables != right
    forged = tamper_round(hand, 2, zero_tables)
    check = tv.check_seatings(forged, SEED)
    assert check.ok is False and check.first_bad == info["r2"]["version"]
    # the first seat that differs, named with both entrants
    t, s = next((t, s) for t in range(2) for s in range(3) if right[t][s] != zero_tables[t][s])
    want, got = right[t][s], zero_tables[t][s]
    assert f"round 2 table {t + 1} seat {s + 1}: the rule seats entrant {want} ({hand.names[want]}), " \
           f"the record entrant {got} ({hand.names[got]})" in check.detail, check.detail


def test_each_field_of_a_seating_is_named():
    hand, info, _ = two_rounds_of_six()
    events = copy.deepcopy(hand.events)
    seated = next(e for e in events if e["version"] == info["r2"]["version"])
    seated["payload"]["order"] = seated["payload"]["order"][::-1]
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False and "round 2 order: the seed's shuffle" in check.detail
    events = copy.deepcopy(hand.events)
    seated = next(e for e in events if e["version"] == info["r2"]["version"])
    seated["payload"]["tables"][1]["game_id"] = "0" * 16
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False and f"round 2 table 2 game_id: the rule's is {gid(TID, 2, 2)}" in check.detail
    events = copy.deepcopy(hand.events)
    seated = next(e for e in events if e["version"] == info["r2"]["version"])
    seated["payload"]["byes"] = [1]
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False and "round 2 byes: the record gives entrant 1 (Ada) a bye" in check.detail
    events = copy.deepcopy(hand.events)
    seated = next(e for e in events if e["version"] == info["r2"]["version"])
    seated["payload"]["tables"][1]["seats"].append({"seat": 4, "entrant": None, "bot": "random"})
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False and "round 2 table 2 seat 4: the rule has no such seat, the record seats a bot (random)" \
        in check.detail
    # a result changed (re-chained): the next round's seating no longer follows, and the points differ
    events = copy.deepcopy(hand.events)
    finished = next(e for e in events if e["type"] == "table_finished")
    finished["payload"]["places"] = {"1": 3.0, "2": 2.0, "3": 1.0}
    assert tv.check_seatings(rechain(events), SEED).ok is False
    bad = tv.check_points(rechain(events), hand.standings(info["points"]))
    assert bad.ok is False and re.search(r"entrant \d \(\w+\) points: the scoring rule gives \d, the standings",
                                         bad.detail), bad.detail


def test_the_points_and_the_standings_served():
    hand, info, _ = two_rounds_of_six()
    hand.result(1, {1: 2, 2: 1, 3: 3})
    hand.result(2, {1: 1, 2: 1, 3: 3})   # a tie for first: 1.5 each
    t1, t2 = names_of(hand, info["r2"]["payload"])
    points = dict(info["points"])
    for e, p in zip(t1, (1, 2, 0)):
        points[e] += p
    for e, p in zip(t2, (Fraction(3, 2), Fraction(3, 2), 0)):
        points[e] += p
    served = hand.standings({e: float(p) for e, p in points.items()})
    assert tv.check_points(hand.events, served).ok is True
    wrong = copy.deepcopy(served)
    wrong[0]["points"] += 1
    check = tv.check_points(hand.events, wrong)
    e = wrong[0]["entrant"]
    assert check.ok is False and f"entrant {e} ({hand.names[e]}) points: the scoring rule gives" in check.detail
    check = tv.check_points(hand.events, served[::-1])
    assert check.ok is False and "the standings list" in check.detail
    renamed = copy.deepcopy(served)
    renamed[2]["name"] = "Zed"
    assert "name: the standings say 'Zed'" in tv.check_points(hand.events, renamed).detail
    assert "leave out" in tv.check_points(hand.events, served[1:]).detail
    assert tv.check_points(hand.events, None).ok is None


def test_c_a_renamed_entrant_is_named_at_its_tables():
    hand, info, _ = two_rounds_of_six()
    games = hand.games()
    events = copy.deepcopy(hand.events)
    registered = next(e for e in events if e["type"] == "entrant_registered" and e["payload"]["entrant"] == 3)
    registered["payload"]["name"] = "Cora the Great"
    check = tv.check_table_seats(rechain(events), games)
    table = next(t for t in info["r1"]["payload"]["tables"] if any(s["entrant"] == 3 for s in t["seats"]))
    seat = next(s["seat"] for s in table["seats"] if s["entrant"] == 3)
    assert check.ok is False, check.detail
    assert f"round 1 table {table['table']} seat {seat} name: the tournament's entrant 3 (Cora the Great), the " \
           f"game {table['game_id']}'s 'Cora'" in check.detail
    # a token hash swapped between two entrants' registrations
    events = copy.deepcopy(hand.events)
    a, b = (e for e in events if e["type"] == "entrant_registered" and e["payload"]["entrant"] in (1, 2))
    a["payload"]["token_hash"], b["payload"]["token_hash"] = b["payload"]["token_hash"], a["payload"]["token_hash"]
    check = tv.check_table_seats(rechain(events), games)
    assert check.ok is False and "token_hash: the game" in check.detail
    assert "the token hash entrant 1 (Ada) registered" in check.detail \
        or "the token hash entrant 2 (Bix) registered" in check.detail
    # a game whose seat was taken by someone else's token
    forged = copy.deepcopy(games)
    game = forged[info["r2"]["payload"]["tables"][0]["game_id"]]
    game["events"][2]["payload"]["token_hash"] = th("somebody")
    check = tv.check_table_seats(hand.events, forged)
    assert check.ok is False and "round 2 table 1 seat 2 token_hash" in check.detail
    # a game that is not in the record cannot be checked
    del forged[info["r2"]["payload"]["tables"][0]["game_id"]]
    assert tv.check_table_seats(hand.events, forged).ok is None


def test_a_filler_bots_seat_holding_an_entrants_token_fails():
    hand = Hand(low=4, high=4)
    for name in ("Ada", "Bix", "Cora", "Dov", "Eve", "Fay"):
        hand.register(name)
    o = hand.order(list(range(1, 7)))
    hand.seat([o[0:4], o[4:6] + [None, None]])   # 6 at 4..4: 4, and 2 + 2 bots
    assert tv.check_seatings(hand.events, SEED).ok is True
    games = hand.games()
    assert tv.check_table_seats(hand.events, games).ok is True
    game = games[gid(TID, 1, 2)]
    game["events"][3]["payload"]["token_hash"] = th("Ada")
    check = tv.check_table_seats(hand.events, games)
    assert check.ok is False and "round 1 table 2 seat 3: a filler bot's seat holds the token hash of entrant 1 (Ada)" \
        in check.detail


def test_byes_go_to_the_lowest_ranked_who_sat_out_least():
    hand = Hand(low=4, high=4, uneven="byes", bye_points=1.5)
    for name in ("Ada", "Bix", "Cora", "Dov", "Eve"):
        hand.register(name)
    o = hand.order(list(range(1, 6)))
    # 5 at 4..4: one bye, the lowest-ranked (points all 0: the last of the order)
    hand.seat([o[0:4]], byes=[o[4]])
    hand.result(1, {1: 1, 2: 2, 3: 3, 4: 4})   # 3, 2, 1, 0; the bye 1.5
    s1, s2, s3, s4, bye = o
    # round 2: ranked s1 (3), s2 (2), bye (1.5), s3 (1), s4 (0); the bye to the lowest of those
    # with no bye yet: s4. Seat 1 to who had it least (s1 had it), then by standing.
    hand.seat([[s2, bye, s3, s1]], byes=[s4])
    assert tv.check_seatings(hand.events, SEED).ok is True, tv.check_seatings(hand.events, SEED).detail
    points = {s1: 3, s2: 2, s3: 1, s4: 1.5, bye: 1.5}
    assert tv.check_points(hand.events, hand.standings(points)).ok is True
    # the bye given to another entrant is named
    events = copy.deepcopy(hand.events)
    events[-1]["payload"]["byes"] = [s3]
    events[-1]["payload"]["tables"][0]["seats"][2]["entrant"] = s4
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False
    assert f"round 2 byes: the rule gives entrant {s4} ({hand.names[s4]}) a bye; the record gives entrant {s3} " \
           f"({hand.names[s3]}) a bye" in check.detail


def test_drops_reinstatements_and_late_entries():
    hand = Hand(low=3, high=3, uneven="byes", bye_points=1)
    for name in ("Ada", "Bix", "Cora", "Dov"):
        hand.register(name)
    o = hand.order([1, 2, 3, 4])
    hand.seat([o[0:3]], byes=[o[3]])
    hand.result(1, {1: 1, 2: 2, 3: 3})
    hand.add("entrant_dropped", {"entrant": o[0], "by": "entrant", "reason": ""})
    late = hand.register("Eve", late=True, bye_rounds=[1], bye_points=1)
    # active now: 4 (the drop), of whom one sits out: b = 1
    active = sorted({1, 2, 3, 4, late} - {o[0]})
    pts = {o[0]: 2, o[1]: 1, o[2]: 0, o[3]: 1, late: 1}
    o2 = hand.order(active)
    ranked = sorted(active, key=lambda e: (-pts[e], o2.index(e)))
    had = {o[3]: 1, late: 1}
    bye = sorted(ranked, key=lambda e: (had.get(e, 0), -ranked.index(e)))[0]
    table = [e for e in ranked if e != bye]
    firsts = {o[0]: 1}
    table = sorted(table, key=lambda e: (firsts.get(e, 0), ranked.index(e)))
    hand.seat([table], byes=[bye], active=active)
    check = tv.check_seatings(hand.events, SEED)
    assert check.ok is True, check.detail
    # reinstated: seated again in round 3
    hand.result(1, {1: 1, 2: 2, 3: 3})
    hand.add("entrant_reinstated", {"entrant": o[0]})
    walk = rule._walk_events(hand.events)
    assert walk.active() == [1, 2, 3, 4, 5]
    # a late entry's bye given other points than the scoring's is named
    events = copy.deepcopy(hand.events)
    given = next(e for e in events if e["type"] == "bye_given")
    given["payload"]["points"] = 3
    check = tv.check_points(rechain(events), None)
    assert check.ok is False and "round 1 bye of entrant 5 (Eve) points: the scoring gives 1, the record 3" \
        in check.detail
    # the dropped entrant seated in round 2 instead of another is named
    events = copy.deepcopy(hand.events)
    seated = [e for e in events if e["type"] == "round_seated"][1]
    seated["payload"]["tables"][0]["seats"][0]["entrant"] = o[0]
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False and f"round 2 table 1 seat 1: the rule seats entrant {table[0]} " \
        f"({hand.names[table[0]]}), the record entrant {o[0]} ({hand.names[o[0]]})" in check.detail


def test_an_annulled_table_replayed_scores_as_any_table():
    hand = Hand(low=3, high=3, annulled="replay", method="placement")
    for name in ("Ada", "Bix", "Cora", "Dov", "Eve", "Fay"):
        hand.register(name)
    o = hand.order(list(range(1, 7)))
    hand.seat([o[0:3], o[3:6]])
    hand.result(1, {}, annulled=True)
    replay = hand.add("table_replayed", {"round": 1, "table": 3, "game_id": gid(TID, 1, 3), "replay_of": 1,
                                         "seats": copy.deepcopy(hand.seated(1)["payload"]["tables"][0]["seats"])},
                      batch=True)
    hand.result(2, {1: 1, 2: 2, 3: 3})
    hand.result(3, {1: 3, 2: 2, 3: 1})
    assert tv.check_seatings(hand.events, SEED).ok is True
    points = {o[0]: 0, o[1]: Fraction(1, 2), o[2]: 1, o[3]: 1, o[4]: Fraction(1, 2), o[5]: 0}
    assert tv.check_points(hand.events, hand.standings({e: float(p) for e, p in points.items()})).ok is True
    assert tv.check_table_seats(hand.events, hand.games()).ok is True
    # the replay meets as any table: in round 2, o[0..2] have met twice (weight 4 a pair)
    walk = rule._walk_events(hand.events)
    assert walk.meetings()[tuple(sorted(o[0:2]))] == 2 and walk.seat_ones()[o[0]] == 2
    # a replay with someone else at it is named
    events = copy.deepcopy(hand.events)
    seats_ = next(e for e in events if e["version"] == replay["version"])["payload"]["seats"]
    seats_[0]["entrant"] = o[5]
    check = tv.check_seatings(rechain(events), SEED)
    assert check.ok is False and "round 1 table 3 (a replay) seats: not the entrants of table 1" in check.detail


def test_an_average_for_an_annulled_table():
    hand = Hand(low=3, high=3, annulled="average")
    for name in ("Ada", "Bix", "Cora"):
        hand.register(name)
    o = hand.order([1, 2, 3])
    hand.seat([o])
    hand.result(1, {}, annulled=True)
    assert tv.check_points(hand.events, hand.standings({e: 1.0 for e in o})).ok is True


def test_rule_one_rounds_are_not_checked_and_say_why():
    hand = Hand(low=4, high=4, legacy=True)
    for name in ("Ada", "Bix", "Cora", "Dov", "Eve", "Fay"):
        hand.register(name)
    o = hand.order(list(range(1, 7)))
    hand.seat([o[0:4], o[4:6] + [None, None]], rule=None)
    hand.result(1, {1: 1, 2: 2, 3: 3, 4: 4})
    hand.result(2, {1: 3, 2: 1, 3: 2, 4: 4})
    check = tv.check_seatings(hand.events, SEED)
    assert check.ok is None and "round 1 was seated under rule 1" in check.detail and "points as 0" in check.detail
    # its shuffled order is still the seed's
    events = copy.deepcopy(hand.events)
    events[-3]["payload"]["order"] = o[::-1]
    assert tv.check_seatings(rechain(events), SEED).ok is False
    # the version-1 scoring: beaten, the filler bots counted as opponents
    points = {o[0]: 3, o[1]: 2, o[2]: 1, o[3]: 0, o[4]: 1, o[5]: 3}
    assert tv.check_points(hand.events, hand.standings(points)).ok is True


def test_receipts_are_keyed_by_the_tournaments_seed():
    hand, _, _ = two_rounds_of_six()
    hand.add("tournament_finished", {})
    hand.add("seed_revealed", {"seed": SEED.hex()}, batch=True)
    kept = [{"version": v, "receipt": receipt(SEED, TID, v, hand.events[v - 1]["hash"])} for v in (1, 5, 9)]
    assert tv.check_receipts(hand.events, SEED, kept).ok is True
    events = copy.deepcopy(hand.events)
    events[6]["payload"]["name"] = "Mallory"
    check = tv.check_receipts(rechain(events), SEED, kept)
    assert check.ok is False and "the first is for version 9" in check.detail
