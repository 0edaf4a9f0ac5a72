"""The pages' rulesets (service/web/rulesets.js, one ruleset-*.js each): every ruleset the server
hosts is registered there with every part a page draws with, and the lobby lets a game be made
with exactly the seats the server's rules accept, for each of them."""
from __future__ import annotations

from service.api.helpers import seat_range

PARTS = {"title", "seats", "board", "text", "hand", "legend", "stepAbout"}

REGISTERED = """async () => {
  const { RULESETS } = await import("/viewer/assets/rulesets.js");
  return Object.fromEntries(Object.entries(RULESETS).map(([name, r]) =>
    [name, { seats: r.seats, parts: Object.keys(r).filter((k) => r[k] !== undefined && r[k] !== null) }]));
}"""


def hosted(site) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    rulesets = site.client.application.extensions["games"].rulesets
    return {name: tuple(seat_range(r)) for name, r in rulesets.items()}


def test_every_hosted_ruleset_is_registered_with_the_rules_seat_range(strict_page, site):
    strict_page.goto(f"{site.base}/")
    strict_page.wait_for_selector("body[data-ready=true]")
    registered = strict_page.evaluate(REGISTERED)
    server = hosted(site)
    assert set(registered) == set(server), "the pages know exactly the rulesets the server hosts"
    for name, low_high in server.items():
        assert tuple(registered[name]["seats"]) == low_high, name
        assert PARTS <= set(registered[name]["parts"]), (name, PARTS - set(registered[name]["parts"]))


def test_the_lobby_offers_each_ruleset_with_its_seat_range(strict_page, site):
    strict_page.goto(f"{site.base}/")
    strict_page.wait_for_selector("body[data-ready=true]")
    offered = strict_page.eval_on_selector_all("#ruleset option", "os => os.map((o) => o.value)")
    assert sorted(offered) == sorted(hosted(site))
    for name, (low, high) in hosted(site).items():
        strict_page.select_option("#ruleset", name)
        seats = strict_page.locator("#seats")
        assert (seats.get_attribute("min"), seats.get_attribute("max")) == (str(low), str(high)), name
        assert low <= int(seats.input_value()) <= high
