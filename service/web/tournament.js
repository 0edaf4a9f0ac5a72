// The tournament desk (`/viewer/tournaments/{id}`): the standings, every round's tables — live
// for those still playing: their game round, step, whom they wait for and since when — the
// disputes of every table, the announcements and talk; and, with the organizer's token, the
// evening's controls (seat a round after previewing it, late entries, drops, a table's
// no-shows, rulings, announcements, the finish), each a real command to the REST API.
//
// Reading: the tournament's record is polled incrementally (`GET …/events?after=N`:
// announcements, talk, and the sign that anything changed) — the organizer's desk twice a
// second, anyone else's (an entrant's phone) every 1.5 s, a hidden page every 10 s. When the
// record moved, the tournament and its standings are read again; every three seconds, and
// after the desk's own command, each playing table's state too (If-None-Match: a quiet table
// costs a 304) and every table's disputes. The token lives in memory (typed in, or the URL
// fragment `#token=…`: api.js) and goes only into the Authorization header, never a query; a
// link to a table's pages carries it in its own fragment when that token opens that table.
import { getToken, setToken } from "./api.js";
import { lang, t as say } from "./i18n.js";
import {
  base, desk, notify, once, request, tick,
} from "./tournament-core.js";
import { $ } from "./dom.js";
import { afterSending, forgetDetached } from "./tournament-controls.js";
import { buildEvening, buildTalk, drawEvening } from "./tournament-evening.js";
import { drawSheet, wireSheet } from "./tournament-print.js";
import {
  drawDisputes, drawEntrants, drawExports, drawFacts, drawMine, drawNews, drawPreview, drawRounds, drawStandings,
} from "./tournament-views.js";

const REFRESH_MS = 3000;
/** How often the record is asked: the organizer's desk at once, everyone else's (an entrant's
 *  phone) at a gentler pace, a page out of sight seldom. */
const EVENTS_MS = { organizer: 500, other: 1500, hidden: 10000 };
const pace = () => (document.visibilityState === "hidden" ? EVENTS_MS.hidden
  : desk.who.role === "organizer" ? EVENTS_MS.organizer : EVENTS_MS.other);
const PAGE = 500;
const tokenField = /** @type {HTMLInputElement} */ ($("token"));
/** Events that change nothing but the announcements and talk (no full refresh needed). */
const NEWS_ONLY = new Set(["said", "announced"]);

/** Who the token speaks for here: the organizer (reads every table's disputes), an entrant
 *  (has a /me), nobody (no token), or a token this tournament does not know. */
async function identify() {
  desk.token = getToken();
  if (!desk.token) return { role: "spectator" };
  const disputes = await request(`${base}/disputes`);
  if (disputes.status === 200) return { role: "organizer" };
  if (disputes.status === 403) {
    const me = await request(`${base}/me`);
    if (me.status === 200) return { role: "entrant", entrant: me.body.entrant, name: me.body.name };
  }
  if (disputes.status === 401 || disputes.status === 403) {
    desk.token = "";
    return { role: "unknown", detail: disputes.body?.detail };
  }
  throw new Error(disputes.body?.detail || `the server answered ${disputes.status}`);
}

function describeWho(who) {
  if (who.role === "organizer") return say("desk.you_are_organizer");
  if (who.role === "entrant") return say("tournament.you_are_entrant", { entrant: who.entrant, name: who.name });
  return say("desk.you_are_spectator");
}

/** What the desk shows of a table's game: where it stands, whom it waits for, who plays for whom. */
function where(game) {
  return { version: game.version, status: game.status, round: game.round,
    rounds: game.rounds ?? game.options?.rounds ?? null, phase: game.phase, step: game.step,
    waiting_for: game.waiting_for || [], due_at: game.deadline?.due_at || null,
    started_at: game.started_at || game.created_at || null, bots: game.bots || {}, forfeited: game.forfeited || [] };
}

/** When a table's game last moved: the `recorded_at` of its latest event (read once per version). */
async function lastMoved(gameId, version, auth) {
  const known = desk.moved.get(gameId);
  if (known && known.version === version) return;
  const page = await request(`/v1/games/${encodeURIComponent(gameId)}/events?after=${Math.max(0, version - 1)}&limit=1`, { auth });
  const event = page.status === 200 ? (page.body.events || [])[0] : null;
  desk.moved.set(gameId, { version, at: event?.recorded_at || known?.at || null });
}

/** Each playing table's game state (as a spectator sees it, or with the token that opens it),
 *  reusing the last answer when the server says it has not moved (304). `known`: only the
 *  tables never read yet are asked, the others keep their last answer (a look the record
 *  prompted: the tables' own play is read on the regular look). */
async function liveStates(tables, { known: keep = false } = {}) {
  const playing = tables.filter((t) => t.status === "playing");
  const answers = await Promise.all(playing.map(async (table) => {
    if (keep && desk.games.has(table.game_id)) return [table.game_id, desk.games.get(table.game_id)];
    const auth = desk.who.role === "organizer"
      || (desk.who.role === "entrant" && table.entrants.some((s) => s.entrant === desk.who.entrant));
    const known = desk.games.get(table.game_id);
    const answer = await request(`/v1/games/${encodeURIComponent(table.game_id)}`,
      { auth, version: known && known.auth === auth ? known.body.version : null });
    if (answer.status === 304 && known) return [table.game_id, known];
    const entry = { status: answer.status, body: answer.status === 200 ? where(answer.body) : answer.body, auth };
    if (answer.status === 200) {
      desk.games.set(table.game_id, entry);
      if (entry.body.status === "running") await lastMoved(table.game_id, entry.body.version, auth);
    }
    return [table.game_id, entry];
  }));
  return new Map(answers);
}

/** One event of the tournament's record: what the desk keeps of it. */
function take(event) {
  const p = event.payload || {};
  if (event.type === "announced") {
    if (!desk.announcements.some((a) => a.version === event.version)) {
      desk.announcements.push({ version: event.version, text: p.text, at: event.recorded_at });
    }
  } else if (event.type === "said") {
    const actor = event.actor || {};
    desk.talk.push({ version: event.version, text: p.text, by: actor.kind, entrant: actor.entrant ?? p.entrant ?? null,
      at: event.recorded_at });
  } else if (event.type === "round_seated") {
    desk.byes.set(p.round, p.byes || []);
  }
}

/** The record since the last look: answers whether anything but talk came (and a dispute
 *  about the tournament: `desk.disputesDue`). */
async function pollEvents() {
  let moved = false;
  for (let page = 0; page < 100; page++) {
    const answer = await request(`${base}/events?after=${desk.after}&limit=${PAGE}`);
    if (answer.status !== 200 || !answer.body) break;
    const events = answer.body.events || [];
    for (const event of events) {
      take(event);
      if (!NEWS_ONLY.has(event.type)) moved = true;
      if (event.type.startsWith("dispute_")) desk.disputesDue = true;
    }
    if (!events.length) break;
    desk.after = events[events.length - 1].version;
    if (events.length < PAGE) break;
  }
  drawNewsPart();
  return moved;
}

/** Announcements the tournament's state lists (a record read from the start has them too). */
function mergeAnnouncements(listed) {
  for (const a of listed || []) {
    if (!desk.announcements.some((b) => b.version === a.version)) desk.announcements.push({ version: a.version, text: a.text, at: a.at });
  }
  desk.announcements.sort((a, b) => a.version - b.version);
}

function drawNewsPart() {
  const entrants = (desk.state?.entrants || []).map((e) => e.name);
  once("news", { announcements: desk.announcements, talk: desk.talk, entrants }, drawNews);
  const last = desk.announcements[desk.announcements.length - 1];
  document.body.dataset.announced = last ? last.version : "";
}

/** Read and draw the desk. `full`: every playing table's game and the disputes of every table
 *  too (the regular look, and after the desk's own command); else the tournament and its
 *  standings only, what a new event of its record changes (the tables keep their last look). */
async function refresh({ full = true } = {}) {
  const generation = desk.generation;
  const began = performance.now();
  const role = desk.who.role;
  const [t, standings] = await Promise.all([request(base), request(`${base}/standings`, { auth: false })]);
  if (generation !== desk.generation) return;
  if (t.status === 404) { notify(say("notice.no_tournament")); return; }
  if (t.status !== 200 || standings.status !== 200) {
    notify((t.body || standings.body)?.detail || say("seat.answered", { status: t.status }));
    return;
  }
  desk.state = t.body;
  const askDisputes = role === "organizer" && (full || desk.disputesDue || desk.disputes === null);
  if (askDisputes) desk.disputesDue = false;
  const [lives, disputes, me] = await Promise.all([
    liveStates(t.body.tables, { known: !full }),
    askDisputes ? request(`${base}/disputes`) : Promise.resolve(null),
    role === "entrant" ? request(`${base}/me`) : Promise.resolve(null),
  ]);
  if (generation !== desk.generation) return;
  mergeAnnouncements(t.body.announcements);
  const moved = Object.fromEntries(t.body.tables.filter((x) => x.status === "playing")
    .map((x) => [x.game_id, desk.moved.get(x.game_id)?.at || null]));
  once("facts", t.body, drawFacts);
  once("exports", { round: t.body.round }, drawExports);
  once("report", { status: t.body.status, role }, drawReport);
  once("standings", { ...standings.body, scoring: t.body.scoring }, drawStandings);
  const shown = Object.fromEntries([...lives].map(([id, g]) => [id, { status: g.status, body: g.body }]));
  once("rounds", { t: t.body, lives: shown, moved, role, token: desk.token, byes: [...desk.byes] }, drawRounds);
  once("entrants", { t: { entrants: t.body.entrants, tables: t.body.tables, round: t.body.round, status: t.body.status }, role },
    drawEntrants);
  if (askDisputes) desk.disputes = disputes && disputes.status === 200 ? disputes.body.disputes : null;
  const listed = role === "organizer" ? desk.disputes : null;
  once("disputes", { role, disputes: listed, tables: t.body.tables, token: desk.token, entrants: t.body.entrants }, drawDisputes);
  once("mine", { role, me: me && me.status === 200 ? me.body : null, token: desk.token }, drawMine);
  once("sheet", { t: { name: t.body.name, round: t.body.round, rounds: t.body.rounds, tables: t.body.tables, entrants: t.body.entrants } },
    drawSheet);
  if (role === "organizer") {
    once("evening", { round: t.body.round, rounds: t.body.rounds, status: t.body.status, format: t.body.format }, drawEvening);
    if (desk.preview && desk.preview.round !== undefined && desk.preview.round <= t.body.round) {
      desk.preview = null;  // that round has been seated meanwhile
      drawPreview(null);
    } else if (desk.preview) {
      once("preview", { preview: desk.preview, version: t.body.version }, () => drawPreview(desk.preview));
    }
  }
  drawNewsPart();
  forgetDetached();
  if (desk.who.role !== "unknown") notify("");
  desk.refreshes += 1;
  if (full) desk.lastFull = Date.now();
  document.body.dataset.version = t.body.version;
  document.body.dataset.status = t.body.status;
  document.body.dataset.round = t.body.round;
  document.body.dataset.refreshes = String(desk.refreshes);
  document.body.dataset.ready = "true";
  // bench/desk_tournament.py reads how long a whole look takes (the last few hundred kept)
  if (performance.getEntriesByType("mark").length >= 600) performance.clearMarks();
  performance.mark(`painted:${t.body.version}`);
  if (performance.getEntriesByName("desk:refresh").length >= 300) performance.clearMeasures("desk:refresh");
  performance.measure("desk:refresh", { start: began });
  $("refreshed").textContent = say("tournament.updated", { time: new Date().toLocaleTimeString(lang === "xx" ? "en" : lang) });
}

function drawReport({ status, role }) {
  const place = $("report");
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    node.append(...children);
    return node;
  };
  if (status === "finished") {
    place.replaceChildren(el("a", { href: `${base}/report` }, say("report.link")), say("report.link_note"));
  } else if (role === "organizer") {
    const button = el("button", { type: "button" }, say("report.open"));
    button.addEventListener("click", openReport);
    place.replaceChildren(button, el("span", { class: "muted" }, say("report.yours")));
  } else {
    place.replaceChildren(el("span", { class: "muted" }, say("report.later")));
  }
}

/** The organizer's report before the end needs the token, which a plain link cannot carry:
 *  fetch it and open it as a document of its own. */
async function openReport() {
  const response = await fetch(`${base}/report`, { headers: { Authorization: `Bearer ${desk.token}`, "Accept-Language": lang }, cache: "no-store" });
  if (!response.ok) { notify(say("report.answered", { status: response.status })); return; }
  const html = (await response.text()).replace("<head>", `<head><base href="${location.origin}/">`);
  const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/** One look: the record (cheap), and the whole desk when it moved, when asked, or every few
 *  seconds (the tables' play is not in the tournament's record). One look at a time. */
async function cycle() {
  const generation = desk.generation;
  if (desk.running === generation) { desk.kicked = true; return; }
  desk.running = generation;
  clearTimeout(desk.timer);
  try {
    do {
      desk.kicked = false;
      const moved = await pollEvents();
      if (generation !== desk.generation) return;
      const own = desk.wanted;
      desk.wanted = false;
      const full = own || Date.now() - desk.lastFull >= (document.visibilityState === "hidden" ? EVENTS_MS.hidden : REFRESH_MS);
      // after the desk's own command: what the tournament shows at once, then the tables too
      if (own) await refresh({ full: false });
      if (generation !== desk.generation) return;
      if (full || moved) await refresh({ full });
    } while (desk.kicked && generation === desk.generation);
  } catch (error) {
    if (generation === desk.generation) notify(say("notice.no_answer", { error: error.message }));
  } finally {
    if (desk.running === generation) desk.running = 0;
  }
  if (generation === desk.generation) desk.timer = setTimeout(cycle, pace());
}

/** After the desk's own command: look again now. */
function kick() {
  desk.wanted = true;
  cycle();
}

async function start() {
  clearTimeout(desk.timer);
  desk.generation += 1;
  desk.running = 0;
  desk.games.clear();
  desk.moved.clear();
  desk.controls.clear();
  desk.drawn = {};
  desk.after = 0;
  desk.announcements = [];
  desk.talk = [];
  desk.byes = new Map();
  desk.preview = null;
  desk.disputes = null;
  desk.disputesDue = false;
  desk.lastFull = 0;
  document.body.dataset.ready = "false";
  tokenField.value = getToken();
  try {
    desk.who = await identify();
  } catch (error) {
    desk.who = { role: "spectator" };
    desk.token = "";
    notify(say("notice.who_unknown", { error: error.message }));
  }
  const role = desk.who.role;
  document.body.dataset.role = role;
  $("whoami").textContent = describeWho(desk.who);
  if (role === "unknown") notify(say("notice.nobody"));
  $("evening-panel").hidden = role !== "organizer";
  $("entrants-panel").classList.toggle("organizer", role === "organizer");
  if (role === "organizer") buildEvening(); else $("evening").replaceChildren();
  if (role === "organizer" || role === "entrant") buildTalk(); else $("say-box").replaceChildren();
  drawPreview(null);
  cycle();
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken(tokenField.value);
  start();
});
// A new token in the fragment (a link with another `#token=`, opened on this page): read as that.
window.addEventListener("hashchange", () => {
  const given = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  if (given !== getToken()) {
    setToken(given);
    start();
  }
});
wireSheet();
afterSending(kick);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") kick(); });
setInterval(tick, 1000);
start();
