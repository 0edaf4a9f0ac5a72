"""The report's table per round (GET /v1/games/{id}/report): cash, markers on the board and
crates sold per seat, read at each `round_ended` (and at `game_ended` for a last round the
end cut short). Pure: fed (event, state after it) pairs, each state read before the next."""
from __future__ import annotations

from typing import Iterable

COLUMNS = ("cash", "markers", "crates_sold")


def report_rounds(steps: Iterable[tuple[dict, dict]]) -> list[dict]:
    """`[{round, seats: {seat: {cash, markers, crates_sold}}}]`, one per finished round."""
    rounds, sold = [], {}
    for event, state in steps:
        p = event["payload"]
        if event["type"] == "crates_sold":
            sold[p["seat"]] = sold.get(p["seat"], 0) + p["crates"]
        elif event["type"] == "round_ended" or (
                event["type"] == "game_ended" and (not rounds or rounds[-1]["round"] != state["game"]["round"])):
            game = state["game"]
            markers = {}
            for s in game["speakeasies"]:
                for seat, n in s["influence"].items():
                    markers[int(seat)] = markers.get(int(seat), 0) + n
            rounds.append({"round": game["round"], "seats": {
                pl["seat"]: {"cash": pl["cash"], "markers": markers.get(pl["seat"], 0),
                             "crates_sold": sold.get(pl["seat"], 0)} for pl in game["players"]}})
            sold = {}
    return rounds
