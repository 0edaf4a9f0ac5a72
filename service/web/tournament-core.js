// What every part of the tournament desk shares: the desk's state, DOM helpers, the numbers
// and times as a reader sees them, and the two ways the desk talks to the API (a GET as the
// token allows, a POST of a command whose problem+json `detail` the page shows), both through
// api.js with the desk's token.
import { bearing, fetchJson, getToken, post as send } from "./api.js";
import { $, el } from "./dom.js";

export const tournamentId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
export const base = `/v1/tournaments/${encodeURIComponent(tournamentId)}`;
export const commandsPath = `${base}/commands`;
export const gameCommandsPath = (gameId) => `/v1/games/${encodeURIComponent(gameId)}/commands`;

/** The desk's state: who reads it, the last answers, what each part last drew. */
export const desk = {
  token: getToken(), who: { role: "spectator" }, games: new Map(), moved: new Map(), drawn: {}, timer: null,
  generation: 0, refreshes: 0, state: null, standings: null, me: null, disputes: null, lives: {},
  after: 0, events: [], announcements: [], talk: [], byes: new Map(), preview: null, running: 0, kicked: false,
  lastFull: 0, controls: new Map(), skew: 0,
};

/** Now by the server's clock (its `Date` header, whole seconds: only a skew past two seconds
 *  counts), so "waiting since" reads the same on a phone whose clock is off. */
export const now = () => Date.now() + desk.skew;

function noteServerTime(response) {
  const said = Date.parse(response.headers.get("Date") || "");
  if (Number.isNaN(said)) return;
  const skew = said + 500 - Date.now();  // the header drops the milliseconds: half a second on average
  desk.skew = Math.abs(skew) > 2000 ? skew : 0;
}

export function notify(message) { $("notice").textContent = message || ""; }

/** 4 as "4", 0.3333333 as "0.333": what a reader compares. */
export function fmt(value) {
  if (typeof value !== "number") return String(value ?? "");
  return String(Math.round(value * 1000) / 1000);
}

export function ordinal(place) {
  if (!Number.isInteger(place)) return `place ${fmt(place)}`;
  const tens = place % 100, ones = place % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[ones] || "th");
  return `${place}${suffix}`;
}

/** Names as people sort them: "House 2" before "House 10", case aside. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
export const byName = (a, b) => collator.compare(a, b);

/** A duration as m:ss (h:mm:ss past the hour), from milliseconds. */
export function clock(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A <time> that counts up from `iso` (the desk's ticker keeps it current, no redraw). */
export function since(iso, className = "since") {
  if (!iso) return el("span", { class: `${className} muted` }, "—");
  const at = new Date(iso);
  return el("time", { class: className, datetime: iso, "data-since": iso, title: at.toLocaleString() },
    clock(now() - at.getTime()));
}

export function tick() {
  const at = now();
  for (const node of document.querySelectorAll("[data-since]")) {
    node.textContent = clock(at - new Date(node.getAttribute("data-since")).getTime());
  }
}

/** GET a JSON resource: {status, body}; `auth` false asks as a spectator; `version` makes it
 *  conditional (304, no body, when the resource is still at that version). Throws when no
 *  answer came: the desk's cycle says so and tries again. */
export async function request(path, { auth = true, version = null } = {}) {
  const headers = { ...bearing(auth ? desk.token : ""), Accept: "application/json" };
  if (version !== null && version !== undefined) headers["If-None-Match"] = `"${version}"`;
  const { status, body, response } = await fetchJson(path, { headers, cache: "no-store" });
  if (path === base) noteServerTime(response);
  return { status, body };
}

/** POST a JSON body with the desk's token: {status, body}; never throws (a network failure
 *  answers status 0 with a `detail`). */
export const post = (path, body) => send(path, body, desk.token);

/** What a refusal says to a person: the problem's `detail`, its fields' errors, or the status. */
export function refusal({ status, body }) {
  if (body && typeof body === "object") {
    const fields = body.errors && typeof body.errors === "object"
      ? Object.entries(body.errors).map(([k, v]) => `${k}: ${[].concat(v).map((x) => typeof x === "string" ? x : JSON.stringify(x)).join(", ")}`)
      : [];
    if (body.detail) return fields.length ? `${body.detail} (${fields.join("; ")})` : body.detail;
    if (body.title) return body.title;
  }
  return `the server answered ${status || "nothing"}`;
}

/** Redraw one part only when what it shows has changed (no flicker, no lost focus: a control
 *  the redraw reuses keeps the focus it had). */
export function once(name, data, draw) {
  const key = JSON.stringify(data);
  if (desk.drawn[name] === key) return false;
  desk.drawn[name] = key;
  const focused = /** @type {HTMLElement} */ (document.activeElement);
  draw(data);
  if (focused && focused !== document.body && focused.isConnected && document.activeElement !== focused) {
    focused.focus({ preventScroll: true });
  }
  return true;
}

export const names = () => new Map((desk.state?.entrants || []).map((e) => [e.entrant, e.name]));

export function seatName(seat, known = names()) {
  if (seat.entrant === null || seat.entrant === undefined) return `Bot (${seat.bot || "server"})`;
  return known.get(seat.entrant) || `entrant ${seat.entrant}`;
}

/** The token a link to a table's pages may carry: the organizer's opens every table, an
 *  entrant's only its own. */
export function tokenFor(table) {
  if (desk.who.role === "organizer") return desk.token;
  if (desk.who.role === "entrant" && (table.entrants || []).some((s) => s.entrant === desk.who.entrant)) return desk.token;
  return "";
}

/** `/viewer/{game}`, at a version when given, with the token in the fragment when it opens the table. */
export function viewerHref(gameId, { token = "", at = null } = {}) {
  const params = new URLSearchParams();
  if (at !== null && at !== undefined) params.set("at", at);
  if (token) params.set("token", token);
  const hash = params.toString();
  return `/viewer/${encodeURIComponent(gameId)}` + (hash ? `#${hash}` : "");
}

export function viewerLink(table, text) {
  const token = tokenFor(table);
  return el("a", { href: viewerHref(table.game_id, { token }), class: "game-link", "data-game": table.game_id }, text);
}
