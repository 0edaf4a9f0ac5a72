"""Every refusal has its sentence in both catalogs (service/i18n/locales/*/problems.ftl).

Read from the source (ast), not from a run: every RuleViolation the rules raise carries a
Message; every Message id the code names is in English and German with the parameters its
sentence reads; every code the table, tournament and clock kernels raise without a Message
has its sentence by code; every action a refusal names and every noun the kernels use
(speakeasies, cards, trucks, steps, spaces, locations) has its words. English and German
hold the same ids, and no German sentence is the English one left standing.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fluent.syntax import ast as fa
from fluent.syntax import parse
from fluent.syntax.serializer import serialize_pattern
from fluent.syntax.visitor import Visitor

from service import i18n
from service.api import limits, problem_by_code
from service.api.problem_text import english, render
from service.api.problems import HTTP_ERROR_CODES, TITLES
from service.rules.errors import Message

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
LOCALES = SERVICE / "i18n" / "locales"
RAISERS = ("RuleViolation", "bad", "_bad")
#: the log's and the report's sentences are another domain's (their own catalogs); talk and
#: disputes raise each kind's own refusal (`Refusal`, worded in service/table and
#: service/tournaments), matched by code like the rest of those kernels' (below)
NOT_REFUSALS = ("sentences.py", "report.py", "disputes.py")
#: kernels whose refusals are matched by code (service/api/problem_by_code.py)
BY_CODE_KERNELS = ("table", "tournaments", "clock")
#: German that is rightly the English: names as printed, and pieces with no words
SAME_IN_GERMAN = {"problem-parts", "problem-sep", "problem-api-query-field", "problem-bl-speakeasy"}


def catalog(lang: str) -> dict[str, fa.Message]:
    body = parse((LOCALES / lang / "problems.ftl").read_text(encoding="utf-8")).body
    assert not [e for e in body if isinstance(e, fa.Junk)], f"{lang}/problems.ftl does not parse"
    return {e.id.name: e for e in body if isinstance(e, fa.Message)}


CATALOGS = {lang: catalog(lang) for lang in ("en", "de")}


class _Variables(Visitor):
    def __init__(self):
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node):
        self.names.add(node.id.name)


def variables(lang: str, msg_id: str) -> set[str]:
    found = _Variables()
    found.visit(CATALOGS[lang][msg_id])
    return found.names


def callee(node: ast.Call) -> str | None:
    return getattr(node.func, "id", None) or getattr(node.func, "attr", None)


def calls(root: Path, skip=()):
    for path in sorted(root.rglob("*.py")):
        if path.name in skip:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                yield path.relative_to(ROOT), node


def rule_raises():
    return [(path, node) for path, node in calls(SERVICE / "rules", NOT_REFUSALS) if callee(node) in RAISERS]


def messages():
    """(where, id, keyword names or None when **kwargs) of every Message("…") in the service."""
    for path, node in calls(SERVICE):
        if callee(node) == "Message" and node.args and isinstance(node.args[0], ast.Constant):
            names = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
            yield f"{path}:{node.lineno}", node.args[0].value, names


def test_every_refusal_of_the_rules_carries_a_message():
    sites = rule_raises()
    bare = [f"{path}:{node.lineno}" for path, node in sites if not any(k.arg == "message" for k in node.keywords)]
    assert len(sites) > 180 and not bare, bare


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_message_the_code_names_is_in_the_catalog_with_its_parameters(lang):
    found = list(messages())
    assert len({msg_id for _, msg_id, _ in found}) > 240
    missing = [f"{where} {msg_id}" for where, msg_id, _ in found if msg_id not in CATALOGS[lang]]
    assert not missing, missing
    short = [f"{where} {msg_id} lacks {sorted(variables(lang, msg_id) - names)}"
             for where, msg_id, names in found if names is not None and variables(lang, msg_id) - names]
    assert not short, short


def test_both_languages_hold_the_same_ids_and_german_is_translated():
    en, de = CATALOGS["en"], CATALOGS["de"]
    assert set(en) == set(de), set(en) ^ set(de)
    untranslated = sorted(i for i in en if i not in SAME_IN_GERMAN
                          and serialize_pattern(en[i].value) == serialize_pattern(de[i].value))
    assert untranslated == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_message_formats_without_an_error(lang):
    bundle = i18n.catalog(lang).bundle
    for msg_id in CATALOGS[lang]:
        for n in (1, 2):
            params = {name: n for name in variables(lang, msg_id)}
            _, errors = bundle.format_pattern(bundle.get_message(msg_id).value, params)
            assert not errors, (msg_id, errors)


def test_every_code_the_kernels_raise_without_a_message_has_its_sentence():
    from api_spec.problem_codes import source_codes
    raised = set()
    for kernel in BY_CODE_KERNELS:
        raised |= source_codes(SERVICE / kernel)
    raised |= set(HTTP_ERROR_CODES.values()) | {"http_error"}
    known = set(problem_by_code.BY_CODE) | set(problem_by_code.PARTS)
    assert raised <= known, sorted(raised - known)
    for code, entries in {**problem_by_code.BY_CODE, **problem_by_code.PARTS}.items():
        for pattern, msg_id in entries:
            groups = set(re.compile(pattern).groupindex) if pattern else set()
            for lang in ("en", "de"):
                assert msg_id in CATALOGS[lang] and variables(lang, msg_id) <= groups, (code, msg_id, lang)


def test_a_title_for_every_status_the_api_answers():
    for status in {*TITLES, *HTTP_ERROR_CODES, 429}:
        assert f"problem-title-{status}" in CATALOGS["de"], status
        assert i18n.text("en", f"problem-title-{status}") == TITLES.get(status, i18n.text("en", f"problem-title-{status}"))


def actions_named() -> set[str]:
    """The actions a refusal names: `require(…, what=…)`, `_organizer(id, …)`,
    `require_organizer(actor, …)` in the API and the kernels."""
    out = set()
    for _, node in calls(SERVICE):
        name = callee(node)
        values = [k.value for k in node.keywords if k.arg == "what" and name == "require"]
        if name in ("_organizer", "require_organizer") and len(node.args) > 1:
            values.append(node.args[1])
        for value in values:
            out |= {c.value for c in ast.walk(value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return out


def test_every_action_a_refusal_names_has_its_words():
    named = actions_named()
    assert {"start the game", "make a ruling", "seat a round", "pause the clock"} <= named
    for text in named:
        assert english(problem_by_code.what(text)) == text
        assert render("de", problem_by_code.what(text)) != text, text


def _rules(value, seen=None):
    if isinstance(value, limits.Rule):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _rules(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _rules(item)


def test_every_rate_limit_names_what_it_counts():
    rules = {r.name: r for value in vars(limits).values() for r in _rules(value)}
    assert len(rules) >= 10
    for rule in rules.values():
        said = Message("problem-api-rate-limited", rule=rule.name, count=3, unit="minute", wait=2)
        assert english(said).startswith(f"too many {rule.what} (at most 3 a minute)"), rule.name
        unnamed = render("de", Message(said.id, **{**said.params, "rule": "unknown"}))
        assert render("de", said).startswith("Zu viele ") and render("de", said) != unnamed, rule.name


def test_the_kernels_nouns_read_as_the_kernels_english_and_in_german():
    from service.rules.bootleggers import commands, data, words
    from service.rules.booze_baron import commands as bb_commands, data as bb_data
    from service.rules.prohibition import data as pr_data
    pairs = [(words.speakeasy(sid), name) for sid, name in data.SPEAKEASY_NAMES.items()]
    pairs += [(words.card(f"{kind}#1"), name) for kind, name in data.MOA_NAMES.items()]
    pairs += [(words.truck_size(size), t["name"]) for size, t in data.TRUCKS.items()]
    pairs += [(words.truck(f"{size}_2"), f"{t['name']} 2") for size, t in data.TRUCKS.items()]
    pairs += [(words.step(step), said) for step, said in commands.STEP_WORDS.items()]
    pairs += [(Message("problem-bl-where", command=kind), said) for kind, said in commands.WHERE.items()]
    pairs += [(Message("problem-pr-space", number=n), f"space {n} ({name})") for n, (name, _) in pr_data.TRACK.items()]
    pairs += [(Message("problem-pr-pawn", pawn=p), name) for p, name in pr_data.LAW_NAMES.items()]
    pairs += [(Message("problem-bb-location", id=loc["id"], name="?"), loc["name"]) for loc in bb_data.HOUSE_LOCATIONS]
    pairs += [(Message("problem-bb-step", step=step), said) for step, said in bb_commands.STEP_WORDS.items()]
    pairs += [(Message("problem-bb-where", command=kind), said) for kind, said in bb_commands.WHERE.items()]
    plain = lambda text: re.sub(r"[^a-z]", "", text.lower())  # noqa: E731 (the printed name's punctuation)
    for kind in data.THUG_KINDS:
        assert plain(english(words.thug(kind))) == plain(data.card_name(f"thug:{kind}")[len("Thug card "):]), kind
        assert render("de", words.thug(kind)) != english(words.thug(kind)), kind
    for message, kernel_words in pairs:
        assert english(message) == kernel_words, message
        german = render("de", message)
        assert german and german != i18n.text("de", message.id, **{k: "§" for k in message.params}), message
    assert render("de", words.thug("a_little_vigorish")) == "Ein bisschen Schutzgeld"
    assert render("de", words.money(1)) == "1 Riese" and render("de", words.money(3)) == "3 Riesen"
    assert english(words.money(3)) == "$3G" and render("de", words.truck("large_2")) == "Großer Lkw 2"


def test_the_apis_own_problems_say_a_message():
    """A Problem given English words (a str, an f-string) would read in English for everyone:
    the API's own refusals pass a Message, unless their code has its sentence by code."""
    detail_at = {"Problem": 2, "problem_response": 2, "store_unavailable": 0}
    worded = []
    for path, node in calls(SERVICE / "api"):
        at = detail_at.get(callee(node) or "")
        if at is None or len(node.args) <= at:
            continue
        code = node.args[at - 1].value if at and isinstance(node.args[at - 1], ast.Constant) else None
        if isinstance(node.args[at], (ast.Constant, ast.JoinedStr)) and code not in problem_by_code.BY_CODE:
            worded.append(f"{path}:{node.lineno} {code}")
    assert worded == [], worded
