"""The reader's language: ?lang= beats Accept-Language, q-values rank, unknown falls to English."""
import pytest

from service import i18n


@pytest.mark.parametrize("asked, header, expected", [
    (None, None, "en"),
    (None, "de-DE,de;q=0.9,en;q=0.8", "de"),
    (None, "fr-CH, fr;q=0.9, de;q=0.7, en;q=0.8", "en"),
    (None, "fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7", "de"),
    (None, "de;q=0", "en"),
    (None, "de;q=abc, en", "en"),
    ("de", "en", "de"),
    ("de_AT.UTF-8", None, "de"),
    ("tlh", "de", "de"),
])
def test_the_reader_chooses(asked, header, expected):
    assert i18n.choose(asked, header) == expected


def test_a_message_falls_back_to_english_then_to_its_id():
    assert i18n.text("de", "language-name") == "Deutsch"
    assert i18n.text("en", "language-name") == "English"
    assert i18n.text("de", "no-such-message") == "no-such-message"


def test_the_pseudo_locale_wraps_and_lengthens_english():
    shown = i18n.text("xx", "language-name")
    assert shown.startswith("⟦English") and shown.endswith("⟧") and len(shown) >= len("English") * 1.4
