"""A dispute's text sealed for its filer and the organizer, for good (docs/service-decisions.md,
"Disputes are private").

`dispute_filed` and `dispute_resolved` (schema version 2) record `text_sealed` instead of the
text: AES-256-GCM under a key derived from the server key (service/runtime/secret_key.py), a
fresh random 12-byte nonce, and associated data binding it to its place — the namespace
(`game`, `tournament`), the stream's id, the dispute's number and which text (`filed`, the
filing; `answer`, the organizer's) — so a sealed text cannot be moved to another dispute. It
is one string, `v1.<nonce>.<ciphertext and tag>` (base64url without padding). The hash chain
covers it as recorded, so the public record verifies without the key, and the text stays
unreadable to everyone who is not served it.

The randomness and the key enter here, in the table layer, before the pure decide: the
command decide gets carries `text_sealed` and no `text` (`sealed_command`). Reading is the
other way round: `open_event` / `entries` give the text back to whoever may read it
(projections.views.reads_dispute), `None` to anyone else. Version 1 events hold the text in
the open; they read as they always did (public once the game or tournament is over).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from events.canonical import dumps
from projections.views import reads_dispute, show_dispute_text
from service.runtime.secret_key import ServerKey

log = logging.getLogger(__name__)

#: the key is derived from the server's sealing key for this one purpose
PURPOSE = b"bootleggers:dispute-text:1"
FORMAT = "v1"
NONCE_BYTES = 12
#: event type -> which of a dispute's two texts it records
WHICH = {"dispute_filed": "filed", "dispute_resolved": "answer"}


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def associated_data(ns: str, stream_id: str, dispute: int, which: str) -> bytes:
    return f"bootleggers:dispute-text:{ns}:{stream_id}:{int(dispute)}:{which}".encode()


class DisputeTexts:
    """Seals and opens one namespace's dispute texts under a ledger's server key."""

    def __init__(self, ns: str, server_key: ServerKey):
        self.ns = ns
        self.server_key = server_key
        self._keyed: tuple[bytes, AESGCM] | None = None

    def _aead(self) -> AESGCM:
        sealing = self.server_key.sealing_key()  # follows a key set later (ServerKey.set)
        keyed = self._keyed
        if keyed is None or keyed[0] != sealing:
            keyed = self._keyed = (sealing, AESGCM(hmac.new(sealing, PURPOSE, hashlib.sha256).digest()))
        return keyed[1]

    def seal(self, stream_id: str, dispute: int, which: str, text: str) -> str:
        nonce = os.urandom(NONCE_BYTES)
        sealed = self._aead().encrypt(nonce, text.encode("utf-8"), associated_data(self.ns, stream_id, dispute, which))
        return f"{FORMAT}.{_b64(nonce)}.{_b64(sealed)}"

    def open(self, stream_id: str, dispute: int, which: str, sealed: str) -> str | None:
        """The text, or None when it does not open here (sealed under another server's key:
        an imported record; or not a sealed text at all)."""
        try:
            form, nonce, body = sealed.split(".")
            if form != FORMAT:
                return None
            plain = self._aead().decrypt(_unb64(nonce), _unb64(body),
                                         associated_data(self.ns, stream_id, dispute, which))
            return plain.decode("utf-8")
        except (InvalidTag, ValueError, binascii.Error, AttributeError):
            log.info("a dispute text of %s %s (dispute %s, %s) does not open under this server's key",
                     self.ns, stream_id, dispute, which)
            return None

    def open_event(self, event: dict) -> str | None:
        """The text of a `dispute_filed`/`dispute_resolved` event (a version 1 one's as recorded)."""
        p = event["payload"]
        if "text_sealed" not in p:
            return p.get("text")
        return self.open(event["game_id"], p["dispute"], WHICH[event["type"]], p["text_sealed"])

    # ---- the table layer: the command decide reads ---------------------------------------------
    def sealed_command(self, stream_id: str, state: dict, command: dict) -> dict:
        """`dispute` and `resolve_dispute` with `text` replaced by `text_sealed` (bound to the
        number decide gives a filing: the next one on `state`); any other command as it is."""
        kind = command.get("type")
        if kind == "dispute":
            number, which = len(state.get("disputes") or []) + 1, "filed"
        elif kind == "resolve_dispute":
            number, which = command["dispute"], "answer"
        else:
            return command
        out = {k: v for k, v in command.items() if k != "text"}
        out["text_sealed"] = self.seal(stream_id, number, which, command["text"])
        return out

    def fingerprint(self, stream_id: str, command: dict) -> str:
        """What an `Idempotency-Key` remembers of a command (a day, in Redis): its canonical
        JSON, and for a dispute or an answer an HMAC of it under the key, not the words."""
        raw = dumps(command)
        if command.get("type") not in ("dispute", "resolve_dispute"):
            return raw
        key = hmac.new(self.server_key.sealing_key(), PURPOSE + b":fingerprint", hashlib.sha256).digest()
        return "hmac:" + hmac.new(key, f"{self.ns}:{stream_id}:".encode() + raw.encode(), hashlib.sha256).hexdigest()

    # ---- reading: the state's dispute entries -------------------------------------------------
    def entries(self, stream_id: str, found: list[dict], viewer: dict, finished: bool,
                filer: str = "seat") -> list[dict]:
        """The state's dispute entries (`found`, already chosen for the viewer) as the viewer
        reads them: `text` and the resolution's `text` are the words for the filer (the
        entry's `filer` field: a game's `seat`, a tournament's `entrant`) and the organizer,
        None for anyone else; a version 1 entry's text also for everyone once `finished`.
        The sealed form is left out: it is in the record for whoever wants it."""
        out = []
        for d in found:
            reads = reads_dispute(viewer, d.get(filer))
            entry = {k: v for k, v in d.items() if k != "text_sealed"}
            entry["text"] = self._text(stream_id, d, d["dispute"], "filed", reads, finished)
            if d.get("resolution"):
                entry["resolution"] = {k: v for k, v in d["resolution"].items() if k != "text_sealed"}
                entry["resolution"]["text"] = self._text(stream_id, d["resolution"], d["dispute"], "answer",
                                                         reads, finished)
            out.append(entry)
        return out

    def _text(self, stream_id: str, held: dict, dispute: int, which: str, reads: bool, finished: bool) -> str | None:
        if "text_sealed" in held:
            return self.open(stream_id, dispute, which, held["text_sealed"]) if reads else None
        return held.get("text") if reads or finished else None

    def sidecar(self, events: list[dict], viewer: dict) -> list[dict]:
        """Beside a finished record's events, which stay exactly as recorded (their hashes
        cover `text_sealed`): `[{version, dispute, which, text}]` of the sealed texts this
        viewer may read."""
        return [{"version": e["version"], "dispute": e["payload"]["dispute"], "which": WHICH[e["type"]],
                 "text": self.open_event(e)}
                for e in events if e["type"] in WHICH and "text_sealed" in e["payload"]
                and reads_dispute(viewer, e["payload"].get("seat"))]


def show(event: dict, viewer: dict, texts: DisputeTexts | None, finished: bool) -> dict:
    """An event already redacted for `viewer` (projections.views.view_event: a copy) with a
    sealed dispute text opened for the filer and the organizer (None for others), also after
    the end: for the log and the report, whose copies are read, never checked against their
    hashes. Every other event as it is."""
    if event.get("type") in WHICH:
        show_dispute_text(event, viewer, texts, finished)
    return event
