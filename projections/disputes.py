"""The fold of talk and disputes, the same for both kinds of stream (a game, a tournament).

A dispute is kept under `state["disputes"]`, in filing order (its number is its place), with
its filer under the key the kind names them by (`seat` in a game, `entrant` in a tournament:
the payload says `seat` in both); a game's answer also keeps the kinds of its rulings. The key
appears with the first filing, so a stream without any folds as it always did.
"""
from __future__ import annotations


def said(state: dict, event: dict) -> dict:
    state["talk_count"] += 1  # the lines themselves: GET /talk (service/desk/history.py)
    return state


def dispute_filed(state: dict, event: dict, filer: str = "seat") -> dict:
    p = event["payload"]
    state.setdefault("disputes", []).append({
        "dispute": p["dispute"], filer: p["seat"], "about": p["about"], **dispute_text(p),
        "version": event["version"], "filed_at": event["recorded_at"], "state": "open", "resolution": None})
    return state


def dispute_resolved(state: dict, event: dict, rulings: bool = True) -> dict:
    """`rulings`: whether the answer keeps the kinds of the rulings it made (a game's may make some)."""
    p = event["payload"]
    dispute = state["disputes"][p["dispute"] - 1]
    dispute["state"] = p["decision"]
    kept = {"rulings": list(p["rulings"])} if rulings else {}
    dispute["resolution"] = {"decision": p["decision"], **dispute_text(p), **kept,
                             "version": event["version"], "resolved_at": event["recorded_at"]}
    return state


def dispute_text(p: dict) -> dict:
    """A dispute's text as recorded: `text_sealed` (schema version 2, opened only for its filer
    and the organizer: service/table/dispute_texts.py), or a version 1 event's `text`."""
    return {"text_sealed": p["text_sealed"]} if "text_sealed" in p else {"text": p["text"]}
