"""Nothing left behind: every message id the code and the pages use is in the English and the
German catalogs, German has no id English lacks, and every German sentence is German.

How ids are found is in tests/i18n/catalog_ids.py (literal ids, and each family of ids made
from a value, declared in a `FAMILIES` beside the code that makes them). The figures:
`.venv/bin/python -m tests.i18n.catalog_ids`.
"""
from __future__ import annotations

import re

import pytest

from service import i18n
from service.i18n.message import Msg, render
from tests.i18n import catalog_ids as found

#: German words that are the English ones on purpose: proper names (the speakeasies keep their
#: printed names, Prohibition's spaces that are names, the games' names) and words German uses
#: as they are ("ok", "Bot")
SAME_IN_GERMAN = frozenset({
    "log-bl-speakeasy-omalleys", "log-bl-speakeasy-texas_lils", "log-bl-speakeasy-mothers",
    "log-bl-speakeasy-barleycorns", "log-bl-speakeasy-real_mccoy", "log-bl-speakeasy-volstead",
    "problem-bl-speakeasy", "log-pr-space-4", "log-pr-space-6", "log-pr-space-9", "log-pr-space-13",
    "log-ruleset-bootleggers", "log-ruleset-prohibition", "log-ruleset-booze_baron", "cli-verify-ok",
    "report-t-bot",
})
#: prefixes of ids made at run time that need no family: the code asks `has_message` first
#: and says something else when the catalog has none (service/api/problem_text.py, HTTP titles)
GUARDED = frozenset({"problem-title-"})


def test_every_dynamic_id_comes_from_a_declared_family():
    """An id made from a value (f"log-bl-thug-{kind}") must name its family, or this test could
    not know which ids to look for."""
    _, prefixes, _ = found.python_usage()
    assert sorted(prefixes - set(found.families()) - GUARDED) == []


@pytest.mark.parametrize("lang", found.LANGS)
def test_every_id_the_code_uses_is_in_the_catalog(lang):
    used, held = found.used_ids(), found.ids(lang)
    assert len(used) > 700   # the extraction itself still finds the code's ids
    assert sorted(used - held) == []


@pytest.mark.parametrize("lang", found.LANGS)
def test_every_id_the_pages_use_is_in_their_catalog(lang):
    """The pages' `t("…")` calls against service/web/locales/<lang>.json (none before the
    pages load a catalog: then there is nothing to miss)."""
    assert sorted(found.page_ids() - found.page_catalog(lang)) == []


def test_german_has_no_id_english_lacks_and_the_same_domains():
    en, de = found.messages("en"), found.messages("de")
    assert set(de) == set(en)
    for domain in en:
        assert sorted(set(de[domain]) - set(en[domain])) == [], domain
        assert sorted(set(en[domain]) - set(de[domain])) == [], domain


def test_every_german_sentence_is_german():
    """A German message whose words are the English ones is untranslated — names excepted."""
    assert found.untranslated(SAME_IN_GERMAN) == []
    # and the exceptions are still the same in both (else they belong off the list)
    en, de = found.messages("en"), found.messages("de")
    for msg_id in SAME_IN_GERMAN:
        for domain in (d for d in en if msg_id in en[d]):
            assert found.words(en[domain][msg_id]) == found.words(de[domain][msg_id]), msg_id


def test_the_catalog_test_would_see_a_missing_id():
    """The extraction reads the code: an id only this test names is missing everywhere."""
    literal, _, _ = found.python_usage()
    assert "log-bl-bid-sealed" in literal and "cli-t-saved" in literal and "report-t-final" in literal
    assert "log-bl-thug-hit" in found.used_ids() and "log-bl-speakeasy-mothers" in found.used_ids()
    assert not i18n.has_message("log-no-such-sentence")
    assert render("en", Msg("log-no-such-sentence")) == "log-no-such-sentence"


def test_plurals_read_right_in_both_languages():
    crates = {lang: [render(lang, Msg("log-bl-n-crate", n=n)) for n in (0, 1, 2)] for lang in found.LANGS}
    assert crates["en"] == ["0 crates", "1 crate", "2 crates"]
    assert crates["de"] == ["0 Whisky-Kisten", "1 Whisky-Kiste", "2 Whisky-Kisten"]
    money = [render("de", Msg("log-bl-money", amount=n)) for n in (1, 3)]
    assert money == ["1 Riese", "3 Riesen"] and render("en", Msg("log-bl-money", amount=3)) == "$3G"


def test_the_pseudo_locale_wraps_every_part_of_a_sentence():
    """`xx`: English lengthened and wrapped, each nested message too, so a text that did not
    come from the catalog stands out on a page."""
    said = render("xx", Msg("log-bl-thug-played", seat="Ada", card=Msg("log-bl-thug-hit"), targets=""))
    assert said.startswith("⟦Ada plays ⟦Hit") and said.endswith("⟧") and "Ada" in said


def test_the_shared_nouns_are_worded_once_for_the_log_and_the_refusals():
    """terms.ftl: a noun both the log and the problem details say (a Thug card, a speakeasy, a
    truck) is one term per language, placed by both; German words its own (but the names)."""
    from fluent.syntax import ast as fa, parse

    def entries(lang: str, domain: str):
        return parse((found.LOCALES / lang / f"{domain}.ftl").read_text(encoding="utf-8")).body

    def terms(lang: str) -> dict[str, str]:
        return {"-" + e.id.name: found.words(e) for e in entries(lang, "terms") if isinstance(e, fa.Term)}

    def placed(lang: str, domain: str) -> set[str]:
        text = (found.LOCALES / lang / f"{domain}.ftl").read_text(encoding="utf-8")
        return set(re.findall(r"\{ (-[a-z][\w-]*)", text))

    en, de = terms("en"), terms("de")
    assert set(en) == set(de) and len(en) >= 40
    for lang in found.LANGS:
        assert set(en) <= placed(lang, "log") & placed(lang, "problems"), lang
    assert [t for t in en if en[t] == de[t] and not t.startswith("-bl-speakeasy-")] == []
    assert render("de", Msg("log-bl-thug-hit")) == "„Anschlag“" and render("en", Msg("log-bl-thug-hit")) == "Hit"
    assert render("de", Msg("problem-bl-truck", size="large", number=2)) == "Großer Lkw 2"
    assert render("de", Msg("log-bl-truck-large", n=2)) == "Großer Lkw 2"
