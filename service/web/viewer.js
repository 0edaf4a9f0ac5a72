// The viewer's controller: which version and perspective is shown, and who the caller is.
import { follow, gameId, get, getToken, setToken } from "./api.js";
import { describeStatus, drawBoard } from "./board.js";
import { drawDisputes, drawLog, fileDispute, loadDisputes, loadLog } from "./panels.js";
import { verifyRecord } from "./verify.js";

const $ = (id) => document.getElementById(id);
const view = { seats: [], latest: 0, at: 0, as: "", viewer: null, status: null, log: null, stop: null, loading: 0 };

function notify(message) { $("notice").textContent = message || ""; }

function perspectiveOptions(state) {
  const select = $("perspective");
  const viewer = state.viewer || { kind: "spectator" };
  const options = [];
  if (viewer.kind === "organizer") {
    options.push(["", "organizer (everything)"]);
    for (const p of state.players || []) options.push([`seat:${p.seat}`, `seat ${p.seat} (${p.name})`]);
    options.push(["spectator", "a spectator"]);
  } else if (viewer.kind === "seat") {
    options.push(["", `yourself (seat ${viewer.seat})`]);
  } else options.push(["", "a spectator"]);
  const key = options.map((o) => o[0]).join("|");
  if (select.dataset.key !== key) {
    select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
    select.dataset.key = key;
    select.value = view.as;
  }
  select.disabled = options.length < 2;
}

async function fetchState(at, as) {
  const query = new URLSearchParams();
  if (at) query.set("at", at);
  if (as) query.set("as", as);
  return get(`/v1/games/${gameId}${query.toString() ? "?" + query : ""}`);
}

/** Show the board at view.at as view.as sees it. */
async function show() {
  const ticket = ++view.loading;
  const { status, body } = await fetchState(view.at === view.latest && view.status !== "finished" && !view.as ? 0 : view.at, view.as);
  if (ticket !== view.loading) return;  // a newer request superseded this one
  if (status !== 200) { notify(body?.detail || `the server answered ${status}`); return; }
  if (view.as && body.viewer && body.viewer.kind === "organizer") {
    notify("This server cannot show the game as another viewer (?as= is not supported): showing the organizer's view.");
  } else notify("");
  drawBoard($("board"), body);
  $("status").textContent = describeStatus(body);
  $("raw-state").textContent = JSON.stringify(body, null, 1);
  $("at").value = body.version;
  $("slider").value = body.version;
  document.body.dataset.version = body.version;
  if (view.log) drawLog($("log"), view.log, body.version);
}

async function refreshLatest() {
  const { status, body } = await fetchState(0, "");
  if (status !== 200) {
    notify(status === 404 ? "No such game." : body?.detail || `the server answered ${status}`);
    return false;
  }
  view.viewer = body.viewer || { kind: "spectator" };
  view.status = body.status;
  view.latest = body.version;
  view.seats = (body.players || []).map((p) => p.seat);
  $("slider").max = body.version;
  $("latest").value = body.version;
  $("whoami").textContent = view.viewer.kind === "seat" ? `you are seat ${view.viewer.seat}` : `you are ${view.viewer.kind === "organizer" ? "the organizer" : "a spectator"}`;
  perspectiveOptions(body);
  $("verify").disabled = body.status !== "finished";
  $("verify").title = body.status === "finished" ? "" : "the record becomes public and checkable when the game ends";
  $("dispute-form").hidden = view.viewer.kind !== "seat";
  return true;
}

async function refreshPanels() {
  view.log = await loadLog();
  $("log-panel").hidden = view.log === null;
  const disputes = await loadDisputes();
  $("disputes-panel").hidden = disputes === null;
  if (disputes) drawDisputes($("disputes"), disputes, view.viewer, view.seats, refreshPanels, notify);
  if (view.log) drawLog($("log"), view.log, view.at);
}

function goTo(version) {
  view.at = Math.max(1, Math.min(view.latest, Number(version)));
  $("dispute-version").value = view.at;
  if (view.at !== view.latest) $("follow").checked = false, setFollow(false);
  show();
}

function setFollow(on) {
  if (view.stop) { view.stop(); view.stop = null; $("live").textContent = ""; }
  if (!on) return;
  let pending = null;
  view.stop = follow(view.latest, (version) => {
    view.latest = Math.max(view.latest, version);
    $("slider").max = view.latest;
    $("latest").value = view.latest;
    clearTimeout(pending);
    pending = setTimeout(async () => {  // one redraw per burst of events
      await refreshLatest();
      view.at = view.latest;
      await show();
      await refreshPanels();
    }, 150);
  }, (state) => { $("live").textContent = state ? `live: ${state}` : ""; });
}

async function start() {
  $("game-id").textContent = gameId;
  $("token").value = getToken();
  if (!(await refreshLatest())) return;
  view.at = view.latest;
  $("dispute-version").value = view.at;
  await show();
  await refreshPanels();
  if (view.status === "running") { $("follow").checked = true; setFollow(true); }
  document.body.dataset.ready = "true";
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken($("token").value);
  view.as = "";
  setFollow(false);
  document.body.dataset.ready = "false";
  start();
});
$("slider").addEventListener("input", (event) => goTo(event.target.value));
$("first").addEventListener("click", () => goTo(1));
$("prev").addEventListener("click", () => goTo(view.at - 1));
$("next").addEventListener("click", () => goTo(view.at + 1));
$("last").addEventListener("click", () => goTo(view.latest));
$("perspective").addEventListener("change", (event) => { view.as = event.target.value; show(); });
$("follow").addEventListener("change", (event) => {
  if (event.target.checked) { view.at = view.latest; show(); }
  setFollow(event.target.checked);
});
$("dispute-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await fileDispute($("dispute-version").value, $("dispute-text").value);
  notify(answer.status < 300 ? "Your dispute is filed." : answer.body?.detail || `refused (${answer.status})`);
  if (answer.status < 300) $("dispute-text").value = "";
  refreshPanels();
});

async function showVerification(record) {
  const out = $("verify-result");
  out.dataset.state = "running";
  out.textContent = "checking…";
  try {
    const result = await verifyRecord(record);
    out.dataset.state = result.ok ? "ok" : result.partial ? "partial" : "bad";
    out.textContent = result.lines.join("\n");
  } catch (error) {
    out.dataset.state = "bad";
    out.textContent = `NOT VERIFIED: ${error.message}`;
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
    if (status !== 200) throw new Error(body?.detail || `the events answered ${status}`);
    const page = body.events || [];
    events.push(...page);
    if (!page.length || body.next_after === null || body.next_after === undefined) break;
    after = body.next_after;
  }
  return { events };
}

$("verify").addEventListener("click", async () => {
  try { await showVerification(await fetchRecord()); } catch (error) {
    $("verify-result").dataset.state = "bad";
    $("verify-result").textContent = `NOT VERIFIED: ${error.message}`;
  }
});
$("record-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch {
    $("verify-result").dataset.state = "bad";
    $("verify-result").textContent = "NOT VERIFIED: the file is not JSON";
    return;
  }
  showVerification(record);
});

start();
