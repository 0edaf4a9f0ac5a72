"""Every message id the code and the pages use, and what the catalogs hold (tests/i18n).

The Python code names a message by a literal id (`Msg("log-bl-bid", …)`, `say("cli-t-saved")`)
or, for a value the catalogs word ("hit", "mothers"), by a prefix plus that value: every such
family is declared in a module-level `FAMILIES = {prefix: values}` beside the code, so the
ids it can make are known. The pages (service/web/*.js) may call `t("id")`; their catalogs
are service/web/locales/<lang>.json. Run as a script for the figures:
`.venv/bin/python -m tests.i18n.catalog_ids`.
"""
from __future__ import annotations

import ast
import functools
import importlib
import json
import re
from pathlib import Path

from fluent.syntax import parse
from fluent.syntax.ast import Message, Placeable, TextElement

from service import i18n

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
LOCALES = SERVICE / "i18n" / "locales"
WEB = SERVICE / "web"
WEB_LOCALES = WEB / "locales"
LANGS = i18n.LANGUAGES
#: the prefixes of the catalogs' domains (one .ftl each; `problems.ftl` holds `problem-…`, `pages.ftl` `pages-…`)
DOMAIN = r"(?:log|report|cli|common|problem|language|pages)"
ID = re.compile(DOMAIN + r"-[a-z0-9_-]*[a-z0-9_]\Z")
PREFIX = re.compile(DOMAIN + r"-[a-z0-9_-]*-\Z")
JS_CALL = re.compile(r"""\bt\(\s*["']([a-z][a-z0-9_.-]*)["']""")


def _modules() -> list[tuple[str, ast.Module]]:
    found = []
    for path in sorted(SERVICE.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found.append((name, ast.parse(path.read_text(encoding="utf-8"), str(path))))
    return found


@functools.cache
def python_usage() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(literal ids, the prefixes dynamic ids are made from, the modules declaring FAMILIES)."""
    literal, prefixes, declaring = set(), set(), set()
    for name, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if ID.match(node.value):
                    literal.add(node.value)
                elif PREFIX.match(node.value):
                    prefixes.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = node.values[0].value
                if isinstance(head, str) and PREFIX.match(head):
                    prefixes.add(head)
            elif isinstance(node, ast.Name) and node.id == "FAMILIES" and isinstance(node.ctx, ast.Store):
                declaring.add(name)
    # an f-string's first part is a prefix; a literal such as "report-t-status-" is one too
    return frozenset(literal), frozenset(prefixes), frozenset(declaring)


def families() -> dict[str, set[str]]:
    """prefix -> the values its family may take, over every module that declares FAMILIES."""
    out: dict[str, set[str]] = {}
    for name in sorted(python_usage()[2]):
        for prefix, values in importlib.import_module(name).FAMILIES.items():
            out.setdefault(prefix, set()).update(map(str, values))
    return out


def used_ids() -> set[str]:
    literal, _, _ = python_usage()
    return literal | {prefix + value for prefix, values in families().items() for value in values}


def page_ids() -> set[str]:
    """The ids the pages ask for with `t("…")`."""
    return {m for path in sorted(WEB.glob("*.js")) for m in JS_CALL.findall(path.read_text(encoding="utf-8"))}


def page_catalog(lang: str) -> set[str]:
    path = WEB_LOCALES / f"{lang}.json"
    return set(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else set()


def messages(lang: str) -> dict[str, dict[str, Message]]:
    """domain (file stem) -> id -> the parsed message, for one language."""
    return {path.stem: {m.id.name: m for m in parse(path.read_text(encoding="utf-8")).body if isinstance(m, Message)}
            for path in sorted((LOCALES / lang).glob("*.ftl"))}


def ids(lang: str) -> set[str]:
    return {msg_id for domain in messages(lang).values() for msg_id in domain}


def words(message: Message) -> str:
    """A message's own text (its value and attributes, placeables left out): what translating changes."""
    parts = []
    for pattern in [message.value, *(a.value for a in message.attributes)]:
        if pattern is None:
            continue
        for element in pattern.elements:
            if isinstance(element, TextElement):
                parts.append(element.value)
            elif isinstance(element, Placeable):
                parts.append(_placeable_words(element))
    return " ".join(" ".join(parts).split())


def _placeable_words(placeable: Placeable) -> str:
    expression = placeable.expression
    variants = getattr(expression, "variants", None)
    if variants:   # a select: the words of every variant
        return " ".join(words(_as_message(v.value)) for v in variants)
    value = getattr(expression, "value", None)
    return value if isinstance(value, str) else ""


class _as_message:  # noqa: N801 - a stand-in with the one attribute `words` reads
    def __init__(self, pattern):
        self.value, self.attributes = pattern, []


def is_prose(text: str) -> bool:
    """Text a translator must change: at least one word of two letters."""
    return bool(re.search(r"[^\W\d_]{2}", text))


def untranslated(allowed: frozenset[str] = frozenset()) -> list[str]:
    """German messages whose words are the English ones (names and the like excepted)."""
    en, de = messages("en"), messages("de")
    same = []
    for domain, found in de.items():
        for msg_id, message in found.items():
            english = en.get(domain, {}).get(msg_id)
            if english is not None and words(message) == words(english) and is_prose(words(message)) \
                    and msg_id not in allowed:
                same.append(msg_id)
    return sorted(same)


def figures() -> dict:
    return {lang: {domain: len(found) for domain, found in messages(lang).items()} for lang in LANGS}


if __name__ == "__main__":
    from tests.i18n.test_catalogs_complete import SAME_IN_GERMAN

    counted = figures()
    for lang, domains in counted.items():
        print(f"{lang}: {sum(domains.values())} message ids ("
              + ", ".join(f"{d} {n}" for d, n in sorted(domains.items())) + ")")
    used = used_ids()
    print(f"ids the Python code uses: {len(used)}; missing in en: {len(used - ids('en'))}, "
          f"in de: {len(used - ids('de'))}; pages' t() ids: {len(page_ids())}")
    print(f"untranslated German prose: {len(untranslated(SAME_IN_GERMAN))} "
          f"(identical on purpose, names: {len(SAME_IN_GERMAN)})")
