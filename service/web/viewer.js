// The viewer's controller: which version and perspective is shown, and who the caller is.
// Where it is (`#at=N&as=…`) lives in the URL fragment beside the token, so a link opens the
// board at a version; messages that must outlive redraws go to a list that only its reader
// clears (messages.js), the transient notice is redrawn freely.
import { either, t } from "./i18n.js";
import { follow, gameId, get, getToken, setToken } from "./api.js";
import { describeStatus, drawBoard } from "./board.js";
import { clearBoardText, drawBoardText } from "./board-text.js";
import { after, before, chapters, emptyMoves, loadMoves } from "./viewer-moves.js";
import { drawDisputes, drawLog, fileDispute, loadDisputes, loadLog } from "./panels.js";
import { verifyRecord } from "./verify.js";
import { keep } from "./messages.js";
import { rulesetTitle } from "./rulesets.js";
import { $ } from "./dom.js";

const view = { seats: [], latest: 0, at: 0, as: "", viewer: null, status: null, log: null, stop: null, loading: 0,
  ruleset: "", pinned: false, moves: emptyMoves(), movesStale: true };

/** The page's fields and controls (viewer.html), as the elements they are. */
const inputs = {
  raw: /** @type {HTMLDetailsElement} */ ($("raw")),
  at: /** @type {HTMLOutputElement} */ ($("at")),
  slider: /** @type {HTMLInputElement} */ ($("slider")),
  latest: /** @type {HTMLOutputElement} */ ($("latest")),
  playLink: /** @type {HTMLAnchorElement} */ ($("play-link")),
  verify: /** @type {HTMLButtonElement} */ ($("verify")),
  versionLink: /** @type {HTMLAnchorElement} */ ($("version-link")),
  disputeVersion: /** @type {HTMLInputElement} */ ($("dispute-version")),
  follow: /** @type {HTMLInputElement} */ ($("follow")),
  token: /** @type {HTMLInputElement} */ ($("token")),
  disputeText: /** @type {HTMLTextAreaElement} */ ($("dispute-text")),
  perspective: /** @type {HTMLSelectElement} */ ($("perspective")),
};

function notify(message) { $("notice").textContent = message || ""; }
const keepMessage = (text, options) => keep($("messages"), text, options);

/** The fragment: the token (api.js) plus where the board is: `at` (unless following the
 *  head) and `as` (the organizer's perspective). `v` is read as `at` too. */
function saveFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  params.delete("v");
  if (getToken()) params.set("token", getToken());
  if (view.pinned && view.at) params.set("at", String(view.at)); else params.delete("at");
  if (view.as) params.set("as", view.as); else params.delete("as");
  const hash = params.toString();
  history.replaceState(null, "", location.pathname + (hash ? "#" + hash : ""));
}

/** The version a fragment asks for (`at`, or its short form `v`), or 0. */
const askedVersion = (params) => Number(params.get("at") || params.get("v")) || 0;

function perspectiveOptions(state) {
  const select = inputs.perspective;
  const viewer = state.viewer || { kind: "spectator" };
  const options = [];
  if (viewer.kind === "organizer") {
    options.push(["", t("desk.as_organizer")]);
    for (const p of state.players || []) options.push([`seat:${p.seat}`, t("desk.as_seat", { seat: p.seat, name: p.name })]);
    options.push(["spectator", t("desk.as_spectator")]);
  } else if (viewer.kind === "seat") {
    options.push(["", t("desk.as_yourself", { seat: viewer.seat })]);
  } else options.push(["", t("desk.as_spectator")]);
  const key = options.map((o) => o[0]).join("|");
  if (select.dataset.key !== key) {
    select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
    select.dataset.key = key;
  }
  if (!options.some(([value]) => value === view.as)) view.as = "";
  select.value = view.as;
  select.disabled = options.length < 2;
}

async function fetchState(at, as) {
  const query = new URLSearchParams();
  if (at) query.set("at", at);
  if (as) query.set("as", as);
  return get(`/v1/games/${gameId}${query.toString() ? "?" + query : ""}`);
}

/** Show the board at view.at as view.as sees it (`head`: the head's state, already fetched).
 *  A view the server refuses (a seat's view while bids are sealed, say) clears the board: it
 *  never leaves another view on screen. */
async function show(head) {
  const ticket = ++view.loading;
  const current = view.at === view.latest && view.status !== "finished" && !view.as;
  const { status, body } = current && head ? { status: 200, body: head } : await fetchState(current ? 0 : view.at, view.as);
  if (ticket !== view.loading) return;  // a newer request superseded this one
  if (status !== 200) {
    const refused = document.createElement("p");
    refused.className = "hidden-view";
    refused.dataset.refused = body?.code || String(status);
    refused.textContent = t("desk.not_shown", { detail: body?.detail || t("seat.answered", { status }) });
    $("board").replaceChildren(refused);
    clearBoardText($("board-text"), refused.textContent);
    $("status").textContent = "";
    $("raw-state").textContent = "";
    view.shown = null;
    delete document.body.dataset.version;
    notify(body?.detail || t("seat.answered", { status }));
    return;
  }
  if (view.as && body.viewer && body.viewer.kind === "organizer") {
    notify(t("desk.no_as"));
  } else notify("");
  drawBoard($("board"), body);
  drawBoardText($("board-text"), body);
  $("status").textContent = describeStatus(body);
  view.shown = body;
  if (inputs.raw.open) $("raw-state").textContent = JSON.stringify(body, null, 1);  // only when looked at
  inputs.at.value = String(body.version);
  inputs.slider.value = String(body.version);
  document.body.dataset.version = body.version;
  if (view.log) drawLog($("log"), view.log.entries, body.version, goTo);
  showWhere();
  const version = body.version;
  requestAnimationFrame(() => setTimeout(() => performance.mark(`painted:${version}`)));  // bench/pages.py
}

async function refreshLatest() {
  const { status, body } = await fetchState(0, "");
  if (status !== 200) {
    notify(status === 404 ? t("desk.no_such_game") : body?.detail || t("seat.answered", { status }));
    return null;
  }
  view.viewer = body.viewer || { kind: "spectator" };
  view.status = body.status;
  view.latest = body.version;
  view.ruleset = body.ruleset;
  view.seats = (body.players || []).map((p) => p.seat);
  $("ruleset-title").textContent = rulesetTitle(body.ruleset);
  document.title = t("desk.title", { ruleset: rulesetTitle(body.ruleset), game: gameId });
  inputs.slider.max = String(body.version);
  inputs.latest.value = String(body.version);
  $("whoami").textContent = view.viewer.kind === "seat" ? t("desk.you_are_seat", { seat: view.viewer.seat })
    : t(view.viewer.kind === "organizer" ? "desk.you_are_organizer" : "desk.you_are_spectator");
  inputs.playLink.hidden = view.viewer.kind !== "seat" || body.status !== "running";
  inputs.playLink.href = `/play/${encodeURIComponent(gameId)}#token=${encodeURIComponent(getToken())}`;
  perspectiveOptions(body);
  inputs.verify.disabled = body.status !== "finished";
  inputs.verify.title = body.status === "finished" ? "" : t("desk.verify_later");
  $("dispute-form").hidden = view.viewer.kind !== "seat";
  return body;
}

/** The log (what is new of it) and, unless only the log can have changed, the disputes. */
async function refreshPanels(logOnly = false) {
  const log = await loadLog(view.log || undefined);
  view.log = log;
  $("log-panel").hidden = log === null;
  if (!logOnly) {
    const disputes = await loadDisputes();
    $("disputes-panel").hidden = disputes === null;
    if (disputes) {
      drawDisputes($("disputes"), disputes, view.viewer, view.status, view.seats,
        { onChange: refreshPanels, notify, keepMessage, goTo });
    }
  }
  if (log) drawLog($("log"), log.entries, view.at, goTo);
  showWhere();
}

/** The log's entry for `version` (one entry per event, in order), or null. */
function entryAt(version) {
  const entries = view.log?.entries || [];
  let low = 0, high = entries.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (entries[mid].version === version) return entries[mid];
    if (entries[mid].version < version) low = mid + 1; else high = mid - 1;
  }
  return null;
}

/** Where the board stands, in words (the version and the log's line for it), the link to
 *  this version (no token in it: it is for sharing) and which steps lead anywhere. */
function showWhere() {
  const entry = entryAt(view.at);
  $("where").textContent = t("desk.where", { at: view.at, latest: view.latest }) + (entry ? `: ${entry.text}` : ".");
  inputs.versionLink.href = `${location.origin}/viewer/${encodeURIComponent(gameId)}#at=${view.at}`;
  inputs.versionLink.textContent = t("desk.link_to_version", { version: view.at });
  updateSteps();
}

const STEP_BUTTONS = { move: ["prev-move", "next-move"], phase: ["prev-phase", "next-phase"], round: ["prev-round", "next-round"] };

/** The landmarks of one kind: moves (from the events), rounds or phases (from the log). */
function landmarks(kind) {
  if (kind === "move") return view.moves.moves;
  const entries = view.log?.entries || [];
  if (view.chapters?.count !== entries.length) view.chapters = { count: entries.length, ...chapters(entries) };
  return kind === "round" ? view.chapters.rounds : view.chapters.phases;
}

/** Whether the log read so far ends before the head (a round or phase may begin past it). */
const logBehind = () => (view.log?.entries?.at(-1)?.version ?? 0) < view.latest;

/** Mark each step button that leads nowhere (aria-disabled: it keeps its focus and says so
 *  when pressed). Moves not read yet may lie anywhere: their buttons stay live until read. */
function updateSteps() {
  const at = view.at;
  const mark = (id, dead) => $(id).setAttribute("aria-disabled", String(Boolean(dead)));
  mark("first", at <= 1); mark("prev", at <= 1);
  mark("next", at >= view.latest); mark("last", at >= view.latest);
  for (const [kind, [back, on]] of Object.entries(STEP_BUTTONS)) {
    const marks = landmarks(kind);
    const unread = kind === "move" ? view.movesStale : logBehind();
    mark(back, before(marks, at) === null && !(kind === "move" && !view.moves.ready));
    mark(on, after(marks, at) === null && !(unread && at < view.latest));
  }
}

/** Step to the next (+1) or previous (-1) move, phase or round; read what is new first. */
async function step(kind, direction) {
  if (kind === "move" && view.movesStale) {
    view.movesStale = false;
    if (!(await loadMoves(view.moves))) { view.movesStale = true; notify(t("desk.events_unreadable")); return; }
  } else if (kind !== "move" && view.log && logBehind()) await refreshPanels(true);
  const marks = landmarks(kind);
  const target = direction > 0 ? after(marks, view.at) : before(marks, view.at);
  if (target === null) {
    updateSteps();
    notify(t(`desk.no_${direction > 0 ? "later" : "earlier"}${view.status === "running" && direction > 0 ? "_yet" : ""}`, { kind: t(`desk.kind.${kind}`) }));
    return;
  }
  notify("");
  goTo(target);
}

function goTo(version) {
  if (!(Number(version) >= 1)) return;
  view.at = Math.max(1, Math.min(view.latest, Number(version)));
  view.pinned = view.at !== view.latest || view.status === "finished";
  inputs.disputeVersion.value = String(view.at);
  if (view.at !== view.latest) inputs.follow.checked = false, setFollow(false);
  saveFragment();
  show();
}

/** The live stream's state in words ("connected"; "stream answered 503": its status). */
function liveWords(state) {
  const answered = /^stream answered (\d+)$/.exec(state);
  return answered ? t("desk.live_answered", { status: answered[1] }) : either(`desk.live.${state}`, state);
}

function setFollow(on) {
  if (view.stop) { view.stop(); view.stop = null; $("live").textContent = ""; }
  $("where").setAttribute("aria-live", on ? "off" : "polite");  // a followed game would talk at every event
  if (!on) return;
  view.pinned = false;
  saveFragment();
  let busy = false, again = false, disputed = false, panelsDue = null;
  const redraw = async () => {  // one fetch in flight, at most one more queued: bursts coalesce
    if (busy) { again = true; return; }
    busy = true;
    try {
      do {
        again = false;
        const head = await refreshLatest();  // the head's state, drawn as it is when it is the view
        performance.mark(`fetched:${head?.version}`);  // bench/pages.py: the read's share of a repaint
        view.at = view.latest;
        await show(head);
      } while (again);
    } finally { busy = false; }
    // The panels follow at most every 1.5 s: a burst of events is one read of what is new,
    // and the board's own fetch never queues behind them.
    if (!panelsDue) panelsDue = setTimeout(() => {
      const logOnly = !disputed;
      disputed = false;
      panelsDue = null;
      refreshPanels(logOnly);
    }, 1500);
  };
  view.stop = follow(view.latest, (version, type) => {
    view.latest = Math.max(view.latest, version);
    view.movesStale = true;
    inputs.slider.max = String(view.latest);
    inputs.latest.value = String(view.latest);
    if (/dispute|ruling|forfeit|annul|seat_given|player_replaced/.test(type || "")) disputed = true;
    // What a reveal or the end makes readable changes earlier log lines: read it all again.
    if (/reveal|ended|finished/.test(type || "")) view.log = null;
    redraw();
  }, (state) => { $("live").textContent = state ? t("desk.live", { state: liveWords(state) }) : ""; });
}

async function start() {
  $("game-id").textContent = gameId;
  inputs.token.value = getToken();
  const wanted = new URLSearchParams(location.hash.slice(1));
  view.as = wanted.get("as") || view.as;
  view.log = null;
  const head = await refreshLatest();
  if (!head) return;
  const at = askedVersion(wanted);
  view.at = at >= 1 ? Math.min(at, view.latest) : view.latest;
  view.pinned = at >= 1;
  inputs.disputeVersion.value = String(view.at);
  await show(head);
  await refreshPanels();
  if (view.status === "running" && !view.pinned) { inputs.follow.checked = true; setFollow(true); }
  document.body.dataset.ready = "true";
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken(inputs.token.value);
  view.as = "";
  setFollow(false);
  document.body.dataset.ready = "false";
  start();
});
inputs.raw.addEventListener("toggle", () => {
  $("raw-state").textContent = inputs.raw.open && view.shown ? JSON.stringify(view.shown, null, 1) : "";
});
inputs.slider.addEventListener("input", () => goTo(inputs.slider.value));
$("first").addEventListener("click", () => goTo(1));
$("prev").addEventListener("click", () => goTo(view.at - 1));
$("next").addEventListener("click", () => goTo(view.at + 1));
$("last").addEventListener("click", () => goTo(view.latest));
for (const [kind, [back, on]] of Object.entries(STEP_BUTTONS)) {
  $(back).addEventListener("click", () => step(kind, -1));
  $(on).addEventListener("click", () => step(kind, +1));
}
// A link to a version opened on this page (or a fragment typed in): go there, keep the token.
window.addEventListener("hashchange", () => {
  const asked = askedVersion(new URLSearchParams(location.hash.slice(1)));
  if (asked && asked !== view.at) goTo(asked); else saveFragment();
});
inputs.perspective.addEventListener("change", () => { view.as = inputs.perspective.value; saveFragment(); show(); });
inputs.follow.addEventListener("change", () => {
  if (inputs.follow.checked) { view.at = view.latest; show(); }
  setFollow(inputs.follow.checked);
});
$("dispute-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await fileDispute(inputs.disputeVersion.value, inputs.disputeText.value);
  if (answer.status < 300) {
    keepMessage(t("seat.dispute_filed"), { key: "dispute-filed", kind: "ok" });
    inputs.disputeText.value = "";
  } else notify(answer.body?.detail || t("dispute.refused", { status: answer.status }));
  refreshPanels();
});

/** The verdict in the reader's words (the catalog); the verifier's own lines, which stay as
 *  the verifier writes them (English, like the server's), shown apart in a monospaced block. */
function verdictOf(result) {
  if (result.notRecord) return t("verify.not_a_record");
  if (result.ok) return t("verify.ok");
  return result.partial ? t("verify.partial") : t("verify.bad", { version: result.firstBad });
}

function showResult(state, ...parts) {
  const out = $("verify-result");
  out.dataset.state = state;
  out.replaceChildren(...parts.filter((part) => part && part.length).map((part) => {
    const block = document.createElement("div");
    if (Array.isArray(part)) { block.className = "mono"; block.textContent = part.join("\n"); } else {
      block.className = "verdict";
      block.textContent = part;
    }
    return block;
  }));
}

/** Check a record; a record of another game is said to be so, and never this game's. */
async function showVerification(record) {
  const out = $("verify-result");
  showResult("running", t("verify.checking"));
  const events = Array.isArray(record) ? record : record?.events;
  const ofGame = Array.isArray(events) && events.length ? events[0].game_id : record?.game_id;
  try {
    const result = await verifyRecord(record);
    const lines = result.notRecord ? [] : result.lines.slice(0, -1);  // (the last line is the verdict, said in words)
    if (ofGame && ofGame !== gameId) {
      out.dataset.game = ofGame;
      showResult("foreign", t("verify.foreign", { other: ofGame, game: gameId }), lines,
        result.ok ? t("verify.foreign_ok", { other: ofGame }) : verdictOf(result));
      return;
    }
    out.dataset.game = ofGame || "";
    showResult(result.ok ? "ok" : result.partial ? "partial" : "bad", verdictOf(result), lines);
  } catch (error) {
    showResult("bad", t("verify.error", { detail: error.message }));
  }
}

/** The public record: the export, or else every page of /events. */
async function fetchRecord() {
  const exported = await get(`/v1/games/${gameId}/export`);
  if (exported.status === 200 && exported.body?.events) return exported.body;
  const events = [];
  let after = 0;
  for (;;) {
    const { status, body } = await get(`/v1/games/${gameId}/events?after=${after}&limit=1000`);
    if (status !== 200) throw new Error(body?.detail || t("seat.answered", { status }));
    const page = body.events || [];
    events.push(...page);
    if (!page.length || body.next_after === null || body.next_after === undefined) break;
    after = body.next_after;
  }
  return { events };
}

inputs.verify.addEventListener("click", async () => {
  try { await showVerification(await fetchRecord()); } catch (error) { showResult("bad", t("verify.error", { detail: error.message })); }
});
$("record-file").addEventListener("change", async (event) => {
  const file = /** @type {HTMLInputElement} */ (event.target).files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch { showResult("bad", t("verify.not_json")); return; }
  showVerification(record);
});

start();
