"""The tournament desk's event-to-repaint time with a floor of 40 tables, in Debian's chromium
(Playwright), on a real `bootleggers serve` (embedded Redis, gunicorn, the RQ worker) in a temp
dir, rate limits off as every other bench.

    .venv/bin/python bench/desk_tournament.py [--tables 40] [--commands 30] [--pause 1.5] [--gap 0.25]

A Swiss tournament of `--tables` × 4 people (no house players: their tables wait for them)
has round 1 seated; the organizer's desk is open in chromium. Meanwhile a mover plays one seat
somewhere on the floor every `--gap` seconds (a person's legal example, with their token), so
the desk's tables keep moving as an evening's do. `--commands` organizer commands are sent over
HTTP, `--pause` s apart (plus up to 0.5 s, so they do not lock onto the desk's poll), in turn: `announce` (a new line in the announcements), `drop` and
`reinstate` of an entrant (its row in the entrants list), `no_show` of a person at a playing
table (the bot stands in at that seat). For each, the page is told beforehand what to look for;
a MutationObserver notes the first DOM change that shows it and the frame that paints it
(`requestAnimationFrame`), and the figure is that frame's time minus the moment this script
had the command's 201 (same machine, same clock). Then `--clicks` commands the organizer sends
from the desk itself (announce, drop with its inline question answered, reinstate), timed
from the browser's receipt of the 201 to the frame that paints the change. Printed, never
asserted: p50/p95 per kind and overall, and how long one whole look of the desk takes (its
`desk:refresh` measure).
"""
from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.served import call  # noqa: E402
from tests.support.web_process import start_serve, stop  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"]

WATCH = """([id, kind, arg]) => {
  window.__shown = window.__shown || {};
  const found = () => kind === 'text'
    ? [...document.querySelectorAll('#announcements li .text')].some((n) => n.textContent === arg)
    : Boolean(document.querySelector(arg));
  const note = () => {
    const dom = performance.timeOrigin + performance.now();
    requestAnimationFrame(() => { window.__shown[id] = { dom, frame: performance.timeOrigin + performance.now() }; });
  };
  if (found()) { note(); return; }
  const observer = new MutationObserver(() => { if (found()) { observer.disconnect(); note(); } });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def checked(answer: tuple[int, object], wanted: int = 201) -> dict:
    status, body = answer
    if status != wanted:
        raise SystemExit(f"the server answered {status}: {body}")
    return body  # type: ignore[return-value]


def a_floor(base: str, tables: int) -> tuple[str, str, dict[int, str]]:
    """A Swiss tournament of `tables` × 4 people with round 1 seated: (id, organizer, tokens)."""
    made = checked(call(base, "POST", "/v1/tournaments", {
        "name": "Bench Night", "ruleset": "bootleggers", "rounds": 3, "table_size": {"min": 4, "max": 4},
        "game_options": {"rounds": 8}, "bot_strategy": "random"}))
    tid, org = made["tournament_id"], made["organizer_token"]
    tokens = {}
    for n in range(1, tables * 4 + 1):
        entered = checked(call(base, "POST", f"/v1/tournaments/{tid}/entrants", {"name": f"Player {n}"}))
        tokens[entered["entrant"]] = entered["entrant_token"]
    checked(call(base, "POST", f"/v1/tournaments/{tid}/commands", {"type": "seat_round"}, org))
    return tid, org, tokens


class Mover(threading.Thread):
    """One person's move somewhere on the floor every `gap` seconds."""

    def __init__(self, base: str, tid: str, org: str, tokens: dict[int, str], gap: float) -> None:
        super().__init__(daemon=True)
        self.base, self.tid, self.org, self.tokens, self.gap = base, tid, org, tokens, gap
        self.stopped = threading.Event()
        self.moves = self.refused = 0
        self.rng = random.Random(34)

    def run(self) -> None:
        state = checked(call(self.base, "GET", f"/v1/tournaments/{self.tid}"), 200)
        tables = [t for t in state["tables"] if t["round"] == state["round"]]
        while not self.stopped.wait(self.gap):
            table = self.rng.choice(tables)
            status, game = call(self.base, "GET", f"/v1/games/{table['game_id']}", token=self.org)
            if status != 200 or game["status"] != "running":
                continue
            people = [s for s in game["waiting_for"] if str(s) not in (game.get("bots") or {})]
            if not people:
                continue
            seat = self.rng.choice(people)
            entrant = next(s["entrant"] for s in table["entrants"] if s["seat"] == seat)
            token = self.tokens[entrant]
            status, legal = call(self.base, "GET", f"/v1/games/{table['game_id']}/legal-actions", token=token)
            if status != 200:
                continue
            examples = [e for a in legal["actions"] if a["type"] not in ("say", "dispute", "propose_deal")
                        for e in a["examples"]]
            if not examples:
                continue
            status, _ = call(self.base, "POST", f"/v1/games/{table['game_id']}/commands", self.rng.choice(examples), token)
            if status == 201:
                self.moves += 1
            else:
                self.refused += 1


def clicks(page, args, people: list[int], rng: random.Random) -> list[float]:
    """The organizer's own clicks on the desk: announce, drop (the inline question answered),
    reinstate; from the browser's receipt of the 201 to the frame that paints the change."""
    out = []
    dropped: list[int] = []
    for n in range(args.clicks):
        kind = ("announce", "drop", "reinstate")[n % 3]
        key = f"click{n}"
        if kind == "announce":
            page.fill("#announce-text", f"desk line {n}")
            page.evaluate(WATCH, [key, "text", f"desk line {n}"])
            buttons = [page.locator("#announce-form button.act")]
        elif kind == "drop":
            entrant = people.pop()
            dropped.append(entrant)
            row = f"#entrants-table tr[data-entrant='{entrant}']"
            page.evaluate(WATCH, [key, "selector", f"{row}[data-dropped='true']"])
            page.locator(f"{row} button.act").click()
            buttons = [page.locator(f"{row} button.yes")]
        else:
            row = f"#entrants-table tr[data-entrant='{dropped.pop()}']"
            page.evaluate(WATCH, [key, "selector", f"{row}[data-dropped='false']"])
            buttons = [page.locator(f"{row} button.act")]
        with page.expect_response(lambda r: r.request.method == "POST" and "/commands" in r.url) as answered:
            buttons[0].click()
        timing = answered.value.request.timing
        page.wait_for_function(f"window.__shown && window.__shown['{key}']", timeout=30_000)
        shown = page.evaluate(f"window.__shown['{key}']")
        out.append(shown["frame"] - (timing["startTime"] + timing["responseEnd"]))
        time.sleep(args.pause + rng.random() * 0.5)
    return out


def measure(base: str, args) -> None:
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    tid, org, tokens = a_floor(base, args.tables)
    state = checked(call(base, "GET", f"/v1/tournaments/{tid}"), 200)
    seated = [(t, s) for t in state["tables"] for s in t["entrants"] if s["entrant"] is not None]
    print(f"floor: {len(state['tables'])} tables, {len(seated)} seats, made in {time.monotonic() - started:.1f} s")
    mover = Mover(base, tid, org, tokens, args.gap)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1360, "height": 1000}, bypass_csp=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        opened = time.monotonic()
        page.goto(f"{base}/viewer/tournaments/{tid}#token={org}")
        page.wait_for_selector(f"#rounds tr[data-round='1'] td.live[data-step]", timeout=60_000)
        print(f"desk: first full view of {len(state['tables'])} tables in {time.monotonic() - opened:.2f} s")
        mover.start()
        time.sleep(2)
        rng = random.Random(7)
        people = [s["entrant"] for _, s in seated]
        rng.shuffle(people)
        times, dom_times = sent_commands(page, base, tid, org, args, people, rng)
        clicked = clicks(page, args, people, rng)
        refreshes = page.evaluate("performance.getEntriesByName('desk:refresh').map(m => m.duration)")
        mover.stopped.set()
        mover.join(10)
        browser.close()
    print(f"mover: {mover.moves} moves on the floor ({mover.refused} refused) while measuring")
    report(times, dom_times, clicked, refreshes)
    if errors:
        print(f"the page threw: {errors}")


def sent_commands(page, base: str, tid: str, org: str, args, people: list[int],
                  rng: random.Random) -> tuple[dict[str, list[float]], list[float]]:
    """`--commands` organizer commands over HTTP, each timed from its 201 to the frame that
    paints it (and to the DOM change), by kind."""
    times: dict[str, list[float]] = {"announce": [], "drop": [], "reinstate": [], "no_show": []}
    dom_times: list[float] = []
    dropped: list[int] = []
    kinds = ["announce", "drop", "no_show", "reinstate"]
    for n in range(args.commands):
        kind, body, watch = next_command(kinds[n % len(kinds)], n, people, dropped)
        page.evaluate(WATCH, [str(n), *watch])
        answer = call(base, "POST", f"/v1/tournaments/{tid}/commands", body, org)
        sent = time.time() * 1000
        if answer[0] != 201:
            print(f"  {kind} refused: {answer}")
            continue
        page.wait_for_function(f"window.__shown && window.__shown['{n}']", timeout=30_000)
        shown = page.evaluate(f"window.__shown['{n}']")
        times[kind].append(shown["frame"] - sent)
        dom_times.append(shown["dom"] - sent)
        time.sleep(args.pause + rng.random() * 0.5)  # jittered: a fixed pause locks onto the desk's poll
    return times, dom_times


def next_command(kind: str, n: int, people: list[int], dropped: list[int]) -> tuple[str, dict, tuple[str, str]]:
    """The `n`th command of its turn's `kind` (an announce when nobody is left to reinstate),
    its body and what the page looks for to show it; `people` and `dropped` follow along."""
    if kind == "reinstate" and not dropped:
        kind = "announce"
    if kind == "announce":
        return kind, {"type": "announce", "text": f"bench line {n}"}, ("text", f"bench line {n}")
    if kind == "drop":
        entrant = people.pop()
        dropped.append(entrant)
        return kind, {"type": "drop", "entrant": entrant}, (
            "selector", f"#entrants-table tr[data-entrant='{entrant}'][data-dropped='true']")
    if kind == "reinstate":
        entrant = dropped.pop(0)
        return kind, {"type": "reinstate", "entrant": entrant}, (
            "selector", f"#entrants-table tr[data-entrant='{entrant}'][data-dropped='false']")
    entrant = people.pop()
    return kind, {"type": "no_show", "entrant": entrant}, ("selector", f"#rounds li[data-entrant='{entrant}'].stand-in")


def report(times: dict[str, list[float]], dom_times: list[float], clicked: list[float], refreshes: list[float]) -> None:
    every = [t for values in times.values() for t in values]
    print(f"event to repaint (the command's 201 to the frame that paints it), {len(every)} commands:")
    for kind, values in times.items():
        if values:
            print(f"  {kind:<10} n={len(values):>3}  p50 {percentile(values, .5):7.0f} ms   p95 {percentile(values, .95):7.0f} ms")
    if every:
        print(f"  {'all':<10} n={len(every):>3}  p50 {percentile(every, .5):7.0f} ms   p95 {percentile(every, .95):7.0f} ms"
              f"   (to the DOM change: p50 {percentile(dom_times, .5):.0f} ms)")
    if clicked:
        print(f"the desk's own controls (the 201 as the browser got it to the frame that paints it), {len(clicked)} clicks:"
              f" p50 {percentile(clicked, .5):.0f} ms, p95 {percentile(clicked, .95):.0f} ms")
    if refreshes:
        print(f"one whole look of the desk ({len(refreshes)} timed): median {statistics.median(refreshes):.0f} ms,"
              f" p95 {percentile(refreshes, .95):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--commands", type=int, default=30)
    parser.add_argument("--clicks", type=int, default=15, help="the organizer's own clicks on the desk, timed after")
    parser.add_argument("--pause", type=float, default=1.5, help="seconds between the organizer's commands")
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between moves on the floor")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-desk-tournament-") as tmp, \
            EmbeddedRedis(Path(tmp) / "redis", appendonly=True) as server:
        web, base = start_serve(server.url, Path(tmp) / "serve.log", RATE_LIMITS="off", LOG_LEVEL="warning")
        try:
            measure(base, args)
        finally:
            stop(web)


if __name__ == "__main__":
    main()
