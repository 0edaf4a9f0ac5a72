"""The pages' catalogs are complete (no browser): every key the pages use — `t("key")` (or
`say("key")`, the tournament desk's name for it) in service/web/*.js, `data-i18n="key"` and
`data-i18n-<attr>="key"` in service/web/*.html, and every member of a family of keys made
from a value (`t(`step.${step}`)`, declared in FAMILIES) — is in en.json and de.json; the two
hold the same keys, the same {params} per key and valid CLDR plural forms; a German string
equal to the English one is a name or a symbol (SAME_IN_GERMAN). Run as a script for the figures."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "service" / "web"
LANGS = ("en", "de")
CALL = re.compile(r"""\b(?:t|say|either)\(\s*["']([a-z][A-Za-z0-9_.:-]*)["']""")
FAMILY_CALL = re.compile(r"""`([a-z][a-z0-9_]*\.[a-z0-9_.]*)\$\{""")  # a key made from a value, wherever it is made
QUOTED = re.compile(r"""["']([a-z][a-z0-9_]*\.[A-Za-z0-9_.:]+)["']""")  # a key chosen first (t(cond ? "a" : "b"))
KNOWN_CALL = re.compile(r"""\bknown\(\s*["']([a-z]+)["']""")
HTML_KEY = re.compile(r"""\bdata-i18n(?:-[a-z-]+)?="([^"]+)\"""")
PARAM = re.compile(r"\{(\w+)\}")
FORMS = {"en": {"one", "other", "two", "few"}, "de": {"one", "other"}}  # ("two"/"few": English ordinals)

DECKS = (WEB / "decks.js").read_text(encoding="utf-8")
THUG_TABLE = (WEB / "thug-cards.js").read_text(encoding="utf-8").split("export const THUG_WINDOWS")[1]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:48]


#: a family's prefix -> the values it is made with (a key the catalog must hold for each)
FAMILIES: dict[str, set[str]] = {
    "card.": {re.sub(r"#\d+$", "", c) for c in re.findall(r'"((?:thug:)?[a-z_]+)#\d+"', DECKS)},
    "step.": {"bid", "choose_offer", "thug_window", "reaction", "place_influence", "deals", "load", "dispatch",
              "public_dock", "vigorish", "selling", "finished", "move", "buy", "sell", "action", "follow_up"},
    "window.": {"after_choices", "before_production", "after_loading", "lined_up"},
    "truck.": {"small", "medium", "large"},
    "action.": {"bid", "take_offer", "pass", "place_influence", "place_die", "place_improvement", "answer_vigorish", "load",
                "dispatch", "allow_public", "play_thug", "move", "end_turn", "buy", "sell", "choose_move", "trigger_event",
                "pass_turn", "deliver", "tail", "steal", "expose", "drop_tail"},
    "field.": {"placements", "loads", "routes", "cases", "card", "offer", "choice", "still", "speakeasy", "location", "seat",
               "target", "booze", "die", "pawn", "direction", "accept", "allow", "truck", "pay", "count", "text"},
    "pawn.": {"own", "police", "agent", "fbi"},
    "direction.": {"cw", "ccw"},
    "choice.": {"dice", "remote_still"},
    "dispute.state.": {"open", "upheld", "rejected"},
    "end.score.": {"cash", "bankrolls", "coins"},
    "desk.no_": {"later", "later_yet", "earlier"},
    "desk.kind.": {"event", "move", "phase", "round"},
    "lobby.t_status.": {"registering", "running", "finished"},  # (either(): another status is shown as it is)
    "lobby.status.": {"lobby", "running", "finished"},
    "tournament.table_status.": {"playing", "finished"},
    "count.": {"crate", "card", "die", "case", "marker", "time", "bankroll", "coin", "demand_die", "improvement",
               "influence_marker"},
    "thugwin.": {_slug(p) for p in re.findall(r'"([^"]+)"', THUG_TABLE)},
    "board.level.": {"controlling", "majority", "minority"},
    "board.size.": {"small", "medium", "large"},
    "board.back.": {"influence", "dice", "improvements"},  # (either(): another kind is shown as it is)
    "text.now.": {"bid", "choose_offer", "place_influence", "load", "dispatch", "deals", "public_dock", "vigorish",
                  "thug_window", "reaction", "selling", "move", "buy", "sell", "action", "follow_up"},  # (either(): stepName)
    "text.phase_name.": {"1", "2", "3", "4", "5", "6"},
    "text.goods.": {"trucks", "rent_trucks", "thug_cards"},
    "text.kind.": {"C", "S"},
    "text.dock.": {"majority", "minority", "public", "line"},  # (either(): another dock as its id says)
    "desk.live.": {"connected", "reconnecting", "ended", "stopped"},  # (either(): another state is shown as it is)
    "tournament.format.": {"swiss", "fixed"},  # (either(): another format is shown as it is)
    "bb.mob_word.": {"beer", "liquor", "wine"},  # (either(): a Mob the catalog lacks is shown as its data)
    "bb.event_name.": {"hideout", "smuggle", "stakeout", "restock", "gamble", "reroute"},
    "tournament.explain.method.": {"beaten", "placement"},  # (another rule: the server's own sentence)
    "tournament.explain.annulled.": {"nothing", "average", "replay"},
}
#: German equal to English on purpose: names, symbols, words German uses as they are
SAME_IN_GERMAN = {
    "list.separator", "seat.owned", "seat.truck_with_crates", "status.phase", "desk.phase", "desk.token", "tournament.token", "tournament.preview.bot",
    "tournament.name", "lobby.bootleggers_3_6", "lobby.prohibition_2_6", "lobby.booze_baron_3_9", "lobby.in_phase_2",
    "field.speakeasy", "field.text", "dispute.quoted",
    "clock.paused_who", "card.thug:moll", "lobby.bootleggers_options", "board.still", "evening.name", "talk.who",
    "text.phase", "text.col.speakeasy",
}


def catalog(lang: str) -> dict:
    return json.loads((WEB / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def used_keys() -> tuple[set[str], set[str]]:
    """(literal keys, family prefixes) the pages use."""
    literal, prefixes = set(), set()
    for path in sorted(WEB.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        literal |= set(CALL.findall(text))
        prefixes |= set(FAMILY_CALL.findall(text))
        prefixes |= {f"{family}." for family in KNOWN_CALL.findall(text)}
    for path in sorted(WEB.glob("*.html")):
        literal |= set(HTML_KEY.findall(path.read_text(encoding="utf-8")))
    return literal, prefixes


def wanted() -> set[str]:
    literal, prefixes = used_keys()
    return literal | {prefix + value for prefix in prefixes for value in FAMILIES.get(prefix, ())}


def mentioned() -> set[str]:
    """Keys named as a string anywhere in the pages' code (used, if not by a direct call)."""
    return wanted() | {k for path in WEB.glob("*.js") for k in QUOTED.findall(path.read_text(encoding="utf-8"))}


def strings(value) -> list[str]:  # type: ignore[no-untyped-def]
    return list(value.values()) if isinstance(value, dict) else [value]


def untranslated() -> list[str]:
    en, de = catalog("en"), catalog("de")
    return sorted(k for k in en if k in de and en[k] == de[k] and k not in SAME_IN_GERMAN and not k.startswith("card."))


def test_every_family_the_pages_make_is_declared():
    _, prefixes = used_keys()
    assert sorted(prefixes - set(FAMILIES)) == [], "declare these families (prefix -> values) in FAMILIES"


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_pages_use_is_in_the_catalog(lang):
    keys = wanted()
    assert len(keys) > 400  # the extraction still finds the pages' keys
    assert sorted(keys - set(catalog(lang))) == []


def test_english_and_german_hold_the_same_keys_params_and_plural_forms():
    en, de = catalog("en"), catalog("de")
    assert sorted(set(en) ^ set(de)) == []
    for key in en:
        assert set(PARAM.findall(" ".join(strings(en[key])))) == set(PARAM.findall(" ".join(strings(de[key])))), key
        for lang, value in (("en", en[key]), ("de", de[key])):
            if isinstance(value, dict):
                assert "other" in value and set(value) <= FORMS[lang], (lang, key, sorted(value))


def test_german_is_german_and_no_key_is_left_over():
    en = catalog("en")
    assert untranslated() == []
    unused = sorted(set(en) - mentioned())
    print(f"{len(en)} keys per language; {len(unused)} not used by the pages: {unused[:20]}")
    assert unused == []


if __name__ == "__main__":
    en, de = catalog("en"), catalog("de")
    print(f"pages: {len(en)} keys in en, {len(de)} in de; used {len(wanted())}; untranslated {len(untranslated())}; "
          f"same in German on purpose {len(SAME_IN_GERMAN)}")
