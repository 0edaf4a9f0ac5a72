"""docs/rules-decisions.md's table of the 33 Thug cards is generated from the kernel (issue
36): windows from thugs/windows.py, refusal codes read from each card's `check`. Stale means
`python -m service.rules.bootleggers.thug_table` was not run after a change."""
from __future__ import annotations

from service.rules.bootleggers import data, thug_table


def test_the_documented_thug_table_is_what_the_kernel_generates():
    text = thug_table.DOC.read_text()
    assert thug_table.BEGIN in text and thug_table.END in text
    assert thug_table.updated(text) == text, (
        "docs/rules-decisions.md's Thug card table is stale: run "
        "`python -m service.rules.bootleggers.thug_table`")


def test_the_table_covers_the_33_cards_and_the_cards_codes():
    rows = thug_table.rows()
    assert sum(r["cards"] for r in rows) == 33 and len(rows) == len(data.THUG_KINDS)
    by = {r["kind"]: r for r in rows}
    for kind in ("thirsty", "copper_in_the_house", "g_men_bust_a_speakeasy", "word_of_mouth",
                 "packing_heat", "big_payoff"):       # one window for the cards on the sales
        assert by[kind]["until"] == by["thirsty"]["until"] and "too_late" in by[kind]["codes"]
    assert "too_late" in by["warehouse"]["codes"] and "Phase 4" in by["warehouse"]["until"]
    assert "wrong_window" in by["hey_free_truck"]["codes"]
