"""A 422's per-field sentences (`errors`) in the reader's language (service/api/field_errors.py).

Over real HTTP: the same bad body or query asked in English and in German gets the same
status, `code` and field names (the keys and the shape of `errors`); English keeps
marshmallow's and our sentences as raised, German says each of them from problems.ftl. And
from the source: every default message of the installed marshmallow and every field sentence
our schemas and the API raise is matched by a rule, reads as raised in English and in
German differently.
"""
from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest
from marshmallow import Schema, fields, validate

from service.api import field_errors
from service.api.problem_text import english, render
from tests.api.conftest import PROBLEM, bearer
from tests.support.bots import open_table

ROOT = Path(__file__).resolve().parents[2]
#: where field sentences are raised: the API and the rulesets' schemas (and their text checks)
SOURCES = [*sorted((ROOT / "service" / "api").glob("*.py")), *sorted((ROOT / "service" / "rules").glob("*/schemas.py")),
           ROOT / "service" / "rules" / "bootleggers" / "rulings.py", ROOT / "service" / "rules" / "common" / "text.py"]
#: the rulesets' option checks: their sentences are what a list they return or append holds
OPTION_CHECKS = sorted((ROOT / "service" / "rules").glob("*/setup.py"))
#: names a field sentence is bound to before it reaches a field (service/api/queries.py)
BOUND = {"words", "WHOLE"}


def asked(client, method: str, url: str, lang: str, **kwargs):
    headers = {**kwargs.pop("headers", {}), "Accept-Language": "de-DE,de;q=0.9" if lang == "de" else "en"}
    return client.open(url, method=method, headers=headers, **kwargs)


def both(client, method: str, url: str, code: str, **kwargs) -> tuple[dict, dict]:
    en, de = (asked(client, method, url, lang, **kwargs) for lang in ("en", "de"))
    for answer, lang in ((en, "en"), (de, "de")):
        assert answer.status_code == 422 and answer.mimetype == PROBLEM, answer.get_data(as_text=True)
        assert answer.headers["Content-Language"] == lang
    english_, german = en.get_json(), de.get_json()
    assert english_["code"] == german["code"] == code
    assert shape(english_["errors"]) == shape(german["errors"])
    machine = lambda body: {k: v for k, v in body.items() if k not in ("title", "detail", "errors")}  # noqa: E731
    assert machine(english_) == machine(german)
    return english_, german


def shape(errors):
    """`errors` with its sentences left out: the field names, indexes and nesting."""
    if isinstance(errors, dict):
        return {k: shape(v) for k, v in errors.items()}
    if isinstance(errors, list):
        return [shape(v) for v in errors]
    return "…"


def test_a_bad_new_game_reads_field_by_field_in_german(client):
    body = {"ruleset": "", "seats": "three", "colour": "red"}
    en, de = both(client, "POST", "/v1/games", "invalid_fields", json=body)
    assert en["errors"] == {"ruleset": ["Length must be between 1 and 40."], "seats": ["Not a valid integer."],
                            "colour": ["Unknown field."]}
    assert de["errors"] == {"ruleset": ["Die Länge muss zwischen 1 und 40 liegen."],
                            "seats": ["Keine gültige ganze Zahl."], "colour": ["Unbekanntes Feld."]}
    assert de["detail"] == "Einige Felder fehlen oder sind falsch; siehe `errors`"

    en, de = both(client, "POST", "/v1/games", "invalid_fields", json={"seats": 12, "options": {"rounds": 10}})
    assert en["errors"]["seats"] == ["Must be greater than or equal to 2 and less than or equal to 9."]
    assert de["errors"]["seats"] == ["Muss mindestens 2 und höchstens 9 sein."]
    assert de["errors"]["options"] == {"rounds": ["Muss einer dieser Werte sein: 12, 8."]}

    # a ruleset's own option check (422 invalid_options)
    body = {"ruleset": "booze_baron", "seats": 3, "options": {"first_baron": 5}}
    en, de = both(client, "POST", "/v1/games", "invalid_options", json=body)
    assert en["errors"] == {"first_baron": ["first_baron is the seat (1 to 3) holding the Booze Baron in round 1"]}
    assert de["errors"] == {"first_baron": ["first_baron ist der Platz (1 bis 3), der in Runde 1 den Booze Baron hält"]}


def test_a_bad_command_and_a_bad_query_read_in_german(client):
    table = open_table(client, 3, names=["Bix", "Ann", "Cy"])
    url = f"/v1/games/{table.game_id}/commands"
    en, de = both(client, "POST", url, "invalid_fields", json={"type": "bid"}, headers=bearer(table.tokens[1]))
    assert en["errors"] == {"card": ["Missing data for required field."]}
    assert de["errors"] == {"card": ["Pflichtfeld fehlt."]}

    name = {"name": "\u200b"}   # nothing visible: our own check, after marshmallow's
    created = client.post("/v1/games", json={"seats": 3}).get_json()
    en, de = both(client, "POST", f"/v1/games/{created['game_id']}/seats", "invalid_fields", json=name)
    assert en["errors"]["name"][0].startswith("a name may not contain the invisible or control character U+200B")
    assert de["errors"]["name"][0].startswith("ein Name darf das unsichtbare oder Steuerzeichen U+200B")

    en, de = both(client, "GET", "/v1/games?limit=0&status=over", "invalid_fields")
    assert en["errors"] == {"limit": ["must be from 1 to 1000"], "status": ["must be lobby, running or finished"]}
    assert de["errors"] == {"limit": ["muss zwischen 1 und 1000 liegen"],
                            "status": ["muss lobby, running oder finished sein"]}
    assert de["detail"].startswith("`limit` ")


def test_english_keeps_every_sentence_as_raised_and_unknown_ones_stay():
    raised = {"a": ["Not a valid integer."], "b": {0: ["something new"]}}
    assert field_errors.translate("en", raised) is raised
    assert field_errors.translate("de", raised) == {"a": ["Keine gültige ganze Zahl."], "b": {0: ["something new"]}}
    assert field_errors.translate("xx", raised)["a"][0].startswith("⟦Not a valid integer.")


def marshmallow_defaults() -> list[str]:
    """Every default message of the installed marshmallow, formatted as it formats them."""
    said = []
    for cls in vars(fields).values():
        if inspect.isclass(cls) and issubclass(cls, fields.Field):
            for klass in cls.__mro__:
                said += [m for m in getattr(klass, "default_error_messages", {}).values()]
    said += list(Schema._default_error_messages.values())
    samples = {"choices": "a, b", "values": "a, b", "min": 1, "max": 6, "equal": 3, "other": 2, "obj_type": "datetime",
               "awareness": "naive", "input": "'x'"}
    said = [m.replace("!r}", "}").format(**samples) for m in said]
    said += [validate.OneOf(["a", "b"]).error.format(choices="a, b"), validate.Regexp("x").error,
             validate.ContainsOnly(["a"]).error.format(choices="a"), validate.Equal(2).error.format(other=2)]
    for low, high in ((1, 6), (1, None), (None, 6)):
        for inclusive in (True, False):
            try:
                validate.Range(low, high, min_inclusive=inclusive, max_inclusive=inclusive)(-99 if high is None else 99)
            except Exception as err:  # noqa: BLE001 - marshmallow's ValidationError
                said += err.messages
    for low, high, equal in ((1, 3, None), (1, None, None), (None, 3, None), (None, None, 2)):
        try:
            validate.Length(low, high, equal=equal)("abcdefgh" if high or equal else "")
        except Exception as err:  # noqa: BLE001
            said += err.messages
    return sorted(set(said))


def _texts(node):
    """The sentences an expression may be: its string literals, an f-string's holes as 7."""
    if isinstance(node, ast.JoinedStr):
        yield "".join(str(v.value) if isinstance(v, ast.Constant) else "7" for v in node.values)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _texts(value)
    elif isinstance(node, ast.DictComp):
        yield from _texts(node.value)
    elif isinstance(node, (ast.List, ast.Tuple)):
        for value in node.elts:
            yield from _texts(value)
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body)
        yield from _texts(node.orelse)


def our_sentences() -> dict[str, str]:
    """sentence -> where: the first argument of ValidationError(…), `error=`, `errors=` and
    `error_messages=`, `errors[…] = […]`, the names in BOUND, and what the option checks
    return or append."""
    found = {}
    for path in [*SOURCES, *OPTION_CHECKS]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values = []
            if path in OPTION_CHECKS:
                if isinstance(node, ast.Return) and isinstance(node.value, (ast.List, ast.Dict)):
                    values.append(node.value)
                elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "append" and node.args:
                    values.append(node.args[0])
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "ValidationError" and node.args:
                    values.append(node.args[0])
                values += [k.value for k in node.keywords if k.arg in ("error", "errors", "error_messages")]
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Subscript) and getattr(target.value, "id", None) == "errors" \
                            or isinstance(target, ast.Name) and target.id in BOUND:
                        values.append(node.value)
            for value in values:
                for text in _texts(value):
                    found.setdefault(text, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_source_scan_finds_our_sentences():
    ours = our_sentences()
    for text in ("must be a whole number", "must be from 7 to 7", "a name needs at least one visible character",
                 "required for a 7 ruling", "must be true or false", "min may not be larger than max",
                 "no round has been seated yet", "7 needs `7`", "Bootleggers is played by 7 to 7 players, not 7",
                 "the six Locations need six different ids"):
        assert text in ours, text


@pytest.mark.parametrize("source", ["marshmallow", "ours"])
def test_every_field_sentence_has_its_words_in_both_languages(source):
    sentences = marshmallow_defaults() if source == "marshmallow" else sorted(our_sentences())
    assert len(sentences) > 25
    unknown = [text for text in sentences if field_errors.message(text) is None]
    assert unknown == []
    for text in sentences:
        said = field_errors.message(text)
        assert english(said) == text, (text, said)
        german = render("de", said)
        assert german != text and not re.search(r"\{\s*\$", german) and "problem-" not in german, (text, german)
