"""A 422's per-field messages (`errors`) in the reader's language.

marshmallow and our schemas say what is wrong with a field as an English sentence
("Missing data for required field.", "must be from 1 to 1000"); the problem keeps those
sentences in English for an English reader, exactly as raised. For any other language each
sentence is matched here against the English it is made from — marshmallow's own templates
(tests/i18n checks that every default message of the installed marshmallow is matched) and
ours (the schemas' `error=`, `ValidationError(…)` and `errors={…}` texts, and the rulesets'
option checks, found in the source by the same test) — and said again from problems.ftl (`problem-field-…`). Only the sentences
change: the field names, list indexes and the shape of `errors` never do. A sentence no rule
knows stays as raised.
"""
from __future__ import annotations

import re
from typing import Any

from service import i18n
from service.i18n.message import render
from service.rules.errors import Message

#: marshmallow's Range words, as the catalog's selector values
OPS = {"greater than or equal to": "gte", "greater than": "gt", "less than or equal to": "lte", "less than": "lt"}
_LOW_OP = r"(?P<low_op>greater than or equal to|greater than)"
_HIGH_OP = r"(?P<high_op>less than or equal to|less than)"

#: (English template, message id): `{name}` is any text, becomes `$name` (digits become numbers,
#: for plurals); a template that is a regex (starts with ^) is used as it is. First match wins.
RULES: tuple[tuple[str, str], ...] = (
    # --- marshmallow's own messages (fields, schema, validators) --------------------------------
    ("Missing data for required field.", "problem-field-required"),
    ("Field may not be null.", "problem-field-null"),
    ("Invalid value.", "problem-field-invalid-value"),
    ("Invalid type.", "problem-field-invalid-type"),
    ("Invalid input type.", "problem-field-invalid-input-type"),
    ("Unknown field.", "problem-field-unknown"),
    ("Invalid input.", "problem-field-invalid-input"),
    ("Not a valid list.", "problem-field-not-list"),
    ("Not a valid tuple.", "problem-field-not-tuple"),
    ("Not a valid string.", "problem-field-not-string"),
    ("Not a valid utf-8 string.", "problem-field-not-utf8"),
    ("Not a valid UUID.", "problem-field-not-uuid"),
    ("Not a valid number.", "problem-field-not-number"),
    ("Number too large.", "problem-field-too-large"),
    ("Not a valid integer.", "problem-field-not-integer"),
    ("Special numeric values (nan or infinity) are not permitted.", "problem-field-special-number"),
    ("Not a valid boolean.", "problem-field-not-boolean"),
    ("Not a valid mapping type.", "problem-field-not-mapping"),
    ("Not a valid URL.", "problem-field-not-url"),
    ("Not a valid email address.", "problem-field-not-email"),
    (r"^Not a valid (?P<kind>IP|IPv4|IPv6) address\.$", "problem-field-not-ip"),
    (r"^Not a valid (?P<kind>IP|IPv4|IPv6) interface\.$", "problem-field-not-ip-interface"),
    ("Not a valid period of time.", "problem-field-not-timedelta"),
    (r"^Not a valid (?P<awareness>naive|aware) (?P<type>datetime|time)\.$", "problem-field-not-aware"),
    (r"^Not a valid (?P<type>datetime|date|time)\.$", "problem-field-not-temporal"),
    (r"^(?P<input>.+) cannot be formatted as an? (?P<type>datetime|date|time|timedelta)\.$",
     "problem-field-unformattable"),
    ("Must be one of: {choices}.", "problem-field-one-of"),
    ("One or more of the choices you made was not in: {choices}.", "problem-field-contains-only"),
    ("One or more of the choices you made was in: {values}.", "problem-field-contains-none-of"),
    (rf"^Must be {_LOW_OP} (?P<min>.+?) and {_HIGH_OP} (?P<max>.+)\.$", "problem-field-range-both"),
    (rf"^Must be {_LOW_OP} (?P<min>.+)\.$", "problem-field-range-min"),
    (rf"^Must be {_HIGH_OP} (?P<max>.+)\.$", "problem-field-range-max"),
    ("Length must be between {min} and {max}.", "problem-field-length-between"),
    ("Length must be {equal}.", "problem-field-length-equal"),
    ("Longer than maximum length {max}.", "problem-field-length-max"),
    ("Shorter than minimum length {min}.", "problem-field-length-min"),
    ("Must be equal to {other}.", "problem-field-equal"),
    ("String does not match expected pattern.", "problem-field-pattern"),
    # --- ours: the query (service/api/queries.py) and the API's own checks ----------------------
    ("must be a whole number", "problem-field-whole-number"),
    ("must be from {low} to {high}", "problem-field-from-to"),
    ("must be at least {low}", "problem-field-at-least"),
    ("must be the `next` of an earlier page, as given", "problem-field-cursor"),
    ("must be one of: {choices}", "problem-field-one-of-plain"),
    ("must be a JSON object", "problem-field-json-object"),
    ("min and max must be within {low} and {high}", "problem-field-table-size"),
    ("rng must be seeded", "problem-field-rng-seeded"),
    ("only with seat_round", "problem-field-only-seat-round"),
    ("a whole number from 1", "problem-field-whole-from-one"),
    ("no round has been seated yet", "problem-field-no-round-seated"),
    ("not a cursor this server gave", "problem-field-not-our-cursor"),
    ("may not be null", "problem-field-may-not-be-null"),
    (r"^(?P<ruleset>\S+) supports (?P<policies>.+)$", "problem-field-supports"),
    # --- ours: the schemas (service/api/schemas.py, tournament_schemas.py, the rulesets') -------
    ("a card is an id of 1 to {most} characters or a number from 0 to 1000", "problem-field-card"),
    ('dice, decks and hands are only for mode "scripted"', "problem-field-scripted-only"),
    ("an id is 1 to 40 letters, digits, _ . or -", "problem-field-location-id"),
    ("required for a {kind} ruling", "problem-field-ruling-needs"),
    ("not a field of a {kind} ruling (it takes {fields})", "problem-field-ruling-not-a-field"),
    ("only a seat_to_bot ruling takes a strategy", "problem-field-ruling-strategy"),
    ("an annul ruling concerns the whole game, not a seat", "problem-field-ruling-annul-seat"),
    ("min may not be larger than max", "problem-field-min-max"),
    (r"^(?P<type>\S+) needs `(?P<field>[^`]+)`$", "problem-field-command-needs"),
    ('offer is "truck" or an offer-space number from 1 to {most}', "problem-field-offer"),
    ('a seat number or "bank"', "problem-field-seat-or-bank"),
    ("influence markers can never be traded (your mob is loyal)", "problem-field-influence-untradeable"),
    ("a name may not contain the invisible or control character {char}", "problem-field-name-control"),
    ("a name needs at least one visible character", "problem-field-name-visible"),
    ("a name is at most {most} characters", "problem-field-name-long"),
    ("text may not contain the control character {char}", "problem-field-text-control"),
    ("text needs at least one visible character", "problem-field-text-visible"),
    # --- ours: the rulesets' option checks (service/rules/*/setup.py validate_options) --------
    ("Prohibition is played here by {low} to {high} players (the rules name no limit), not {seats}",
     "problem-field-pr-seats"),
    ("{ruleset} is played by {low} to {high} players, not {seats}", "problem-field-seats"),
    ("rounds is 12 (standard) or 8 (the optional shorter game)", "problem-field-bl-rounds"),
    ('influence is "phase" (Phase 2) or "anytime" (optional rule)', "problem-field-bl-influence"),
    ('cash is "announced" (totals announced after Rounds 4 and 8, the rulebook) or "open" (every total always)',
     "problem-field-bl-cash"),
    ("there is no deck {deck}; the decks are {decks}", "problem-field-no-deck"),
    ("the {deck} deck has {size} cards, not {count}", "problem-field-deck-size"),
    ("seat {seat}'s hand must hold {hand} cards, not {count}", "problem-field-hand-size"),
    ("Prohibition deals no hands: script its dice instead", "problem-field-pr-no-hands"),
    ("Booze Baron deals no hands: script the booze_<mob>, booze_rest, booze_pile and delivery decks instead",
     "problem-field-bb-no-hands"),
    ("first_baron is the seat (1 to {seats}) holding the Booze Baron in round 1", "problem-field-bb-first-baron"),
    ("locations is a list of the six Location cards: {id, name, event}", "problem-field-bb-locations"),
    ("each Location is {id, name, event}, three strings of 1 to 40 characters", "problem-field-bb-location"),
    ("the six Locations need six different ids", "problem-field-bb-location-ids"),
    ("delivery_deck is a list of {low} to 200 cards {location, booze}", "problem-field-bb-delivery-deck"),
    ("each Delivery card is {location, booze}: a Location id ({locations}) and a list of Booze types ({mobs}); "
     "{card} is not", "problem-field-bb-delivery-card"),
    ("{id}: event must be one of {events}", "problem-field-bb-event"),
    # "must be lobby, running or finished", "must be true or false", "must be cash": last, as the
    # widest
    (r"^must be (?P<choices>[a-z_]+(?:, [a-z_]+)*(?: or [a-z_]+)?)$", "problem-field-must-be"),
)


def _compile(template: str) -> re.Pattern:
    if template.startswith("^"):
        return re.compile(template, re.S)
    parts = re.split(r"\{(\w+)\}", template)
    body = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(f"^{body}$", re.S)


COMPILED = tuple((_compile(template), msg_id) for template, msg_id in RULES)


def message(text: str) -> Message | None:
    """The catalog's message for one English field sentence, or None when no rule knows it."""
    for pattern, msg_id in COMPILED:
        found = pattern.match(text)
        if found:
            return Message(msg_id, **{k: _param(k, v) for k, v in found.groupdict().items()})
    return None


def _param(name: str, value: str) -> Any:
    if name in ("low_op", "high_op"):
        return OPS[value]
    if name == "choices" and " or " in value:      # "a, b or c": the catalog's own "or"
        head, _, last = value.rpartition(" or ")
        return Message("problem-field-or", head=head, last=last)
    return int(value) if value.isdigit() else value


def translate(lang: str, errors: Any) -> Any:
    """`errors` with every sentence in `lang`; keys, indexes and shape unchanged. English is
    returned as raised."""
    if lang == i18n.DEFAULT:
        return errors
    if isinstance(errors, dict):
        return {key: translate(lang, value) for key, value in errors.items()}
    if isinstance(errors, (list, tuple)):
        return [translate(lang, value) for value in errors]
    if isinstance(errors, str):
        said = message(errors)
        return errors if said is None else render(lang, said)
    return errors
