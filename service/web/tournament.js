// The tournament desk (`/viewer/tournaments/{id}`): the standings, every round's tables — live
// for those still playing: their round, step and whom they wait for — and the disputes of every
// table, read through the public API and refreshed every few seconds (polling: a desk is read by
// a handful of people; each playing table's state is asked with If-None-Match, so a quiet table
// costs a 304). The token lives in memory (typed in, or the URL fragment `#token=…`, as the game
// viewer keeps it: api.js) and goes only into the Authorization header, never a query; a link to
// a table's viewer carries it in its own fragment when that token opens that table.
import { getToken, setToken } from "./api.js";

const REFRESH_MS = 3000;
const tournamentId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const base = `/v1/tournaments/${encodeURIComponent(tournamentId)}`;
const TIE_BREAKS = { opponents_points: "Opponents' points", score_share: "Score share" };

const $ = (id) => document.getElementById(id);
const desk = { token: "", who: { role: "spectator" }, games: new Map(), drawn: {}, timer: null, generation: 0, refreshes: 0 };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function notify(message) { $("notice").textContent = message || ""; }

/** 4 as "4", 0.3333333 as "0.333": what a reader compares. */
function fmt(value) {
  if (typeof value !== "number") return String(value ?? "");
  return String(Math.round(value * 1000) / 1000);
}

function ordinal(place) {
  if (!Number.isInteger(place)) return `place ${fmt(place)}`;
  const tens = place % 100, ones = place % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[ones] || "th");
  return `${place}${suffix}`;
}

/** GET a JSON resource: {status, body}; `auth` false asks as a spectator; `version` makes it
 *  conditional (304, no body, when the resource is still at that version). */
async function request(path, { auth = true, version = null } = {}) {
  const headers = { Accept: "application/json" };
  if (auth && desk.token) headers.Authorization = `Bearer ${desk.token}`;
  if (version !== null && version !== undefined) headers["If-None-Match"] = `"${version}"`;
  const response = await fetch(path, { headers, cache: "no-store" });
  let body = null;
  if (response.status !== 304) { try { body = await response.json(); } catch { body = null; } }
  return { status: response.status, body };
}

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
  if (who.role === "organizer") return "you are the organizer";
  if (who.role === "entrant") return `you are entrant ${who.entrant} (${who.name})`;
  return "you are a spectator";
}

/** The token a link to this table's viewer may carry: the organizer's opens every table, an
 *  entrant's only its own. */
function tokenFor(table) {
  if (desk.who.role === "organizer") return desk.token;
  if (desk.who.role === "entrant" && table.entrants.some((s) => s.entrant === desk.who.entrant)) return desk.token;
  return "";
}

function viewerLink(table, text) {
  const token = tokenFor(table);
  const href = `/viewer/${encodeURIComponent(table.game_id)}` + (token ? `#token=${encodeURIComponent(token)}` : "");
  return el("a", { href, class: "game-link", "data-game": table.game_id }, text);
}

function seatName(seat, names) {
  if (seat.entrant === null || seat.entrant === undefined) return `Bot (${seat.bot || "server"})`;
  return names.get(seat.entrant) || `entrant ${seat.entrant}`;
}

/** What the desk shows of a table's game: where it stands and whom it waits for. */
function where(game) {
  return { version: game.version, status: game.status, round: game.round, phase: game.phase, step: game.step,
           waiting_for: game.waiting_for || [], due_at: game.deadline?.due_at || null };
}

/** Each playing table's game state (as a spectator sees it, or as the organizer), reusing the
 *  last answer when the server says it has not moved (304). */
async function liveStates(tables) {
  const playing = tables.filter((t) => t.status === "playing");
  const answers = await Promise.all(playing.map(async (table) => {
    const auth = Boolean(tokenFor(table));
    const known = desk.games.get(table.game_id);
    const answer = await request(`/v1/games/${encodeURIComponent(table.game_id)}`,
      { auth, version: known && known.auth === auth ? known.body.version : null });
    if (answer.status === 304 && known) return [table.game_id, known];
    const entry = { status: answer.status, body: answer.status === 200 ? where(answer.body) : answer.body, auth };
    if (answer.status === 200) desk.games.set(table.game_id, entry);
    return [table.game_id, entry];
  }));
  return new Map(answers);
}

/** Redraw one part only when what it shows has changed (no flicker, no lost focus). */
function once(name, data, draw) {
  const key = JSON.stringify(data);
  if (desk.drawn[name] === key) return;
  desk.drawn[name] = key;
  draw(data);
}

function drawFacts(t) {
  $("t-name").textContent = t.name;
  document.title = `${t.name} — tournament desk`;
  const size = t.table_size || {};
  const active = t.entrants.filter((e) => !e.dropped).length;
  const facts = [
    ["ruleset", "Ruleset", t.ruleset], ["status", "Status", t.status],
    ["round", "Round", `${t.round} of ${t.rounds}`], ["format", "Format", t.format],
    ["size", "Tables of", `${size.min} to ${size.max} players`],
    ["entrants", "Entrants", `${t.entrants.length}` + (active < t.entrants.length ? ` (${active} still in)` : "")],
    ["version", "Record", `${t.version} events`],
  ];
  $("facts").replaceChildren(...facts.map(([id, label, value]) =>
    el("div", {}, el("dt", {}, label), el("dd", { id: `fact-${id}` }, String(value)))));
}

function drawReport({ status, role }) {
  const place = $("report");
  if (status === "finished") {
    place.replaceChildren(el("a", { href: `${base}/report` }, "The printable report"),
      " (standings, every table's result, rulings, verification).");
  } else if (role === "organizer") {
    const button = el("button", { type: "button" }, "Open the printable report");
    button.addEventListener("click", openReport);
    place.replaceChildren(button, el("span", { class: "muted" }, " yours until the tournament finishes; then anyone's."));
  } else {
    place.replaceChildren(el("span", { class: "muted" }, "The printable report opens to everyone when the tournament finishes."));
  }
}

/** The organizer's report before the end needs the token, which a plain link cannot carry:
 *  fetch it and open it as a document of its own. */
async function openReport() {
  const response = await fetch(`${base}/report`, { headers: { Authorization: `Bearer ${desk.token}` }, cache: "no-store" });
  if (!response.ok) { notify(`the report answered ${response.status}`); return; }
  const html = (await response.text()).replace("<head>", `<head><base href="${location.origin}/">`);
  const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function standingRow(row, keys) {
  const { mu, sigma, ordinal: rating } = row.rating;
  const spread = `μ ${fmt(mu)}, σ ${fmt(sigma)}`;
  return el("tr", { "data-entrant": row.entrant, class: row.dropped ? "dropped" : null },
    el("td", { class: "n rank" }, String(row.rank)),
    el("th", { scope: "row", class: "name" }, row.name),
    el("td", { class: "n points", "data-value": row.points }, fmt(row.points)),
    ...keys.map((k) => el("td", { class: "n", "data-tiebreak": k, "data-value": row.tie_breaks[k] }, fmt(row.tie_breaks[k]))),
    el("td", { class: "n rating", "data-value": rating, title: `${spread} (ordinal μ − 3σ)` },
      fmt(rating), el("span", { class: "muted" }, ` (${spread})`)),
    el("td", { class: "n played" }, String(row.tables_played)),
    el("td", { class: "dropped-flag" }, row.dropped ? "dropped" : "—"));
}

function drawStandings(s) {
  const keys = s.rows.length ? Object.keys(s.rows[0].tie_breaks) : Object.keys(TIE_BREAKS);
  $("standings").tHead.replaceChildren(el("tr", {},
    el("th", { scope: "col", class: "n" }, "Rank"), el("th", { scope: "col" }, "Name"),
    el("th", { scope: "col", class: "n" }, "Points"),
    ...keys.map((k) => el("th", { scope: "col", class: "n" }, TIE_BREAKS[k] || k.replace(/_/g, " "))),
    el("th", { scope: "col", class: "n" }, "Rating"), el("th", { scope: "col", class: "n" }, "Tables played"),
    el("th", { scope: "col" }, "Dropped")));
  const rows = s.rows.length ? s.rows.map((row) => standingRow(row, keys))
    : [el("tr", {}, el("td", { colspan: keys.length + 6, class: "muted" }, "Nobody has registered yet."))];
  $("standings").tBodies[0].replaceChildren(...rows);
  $("explained").textContent = s.explained;
}

function liveCell(table, live, names) {
  const cell = el("td", { class: "live" });
  if (!live || live.status !== 200) {
    cell.textContent = live?.status === 404 ? "the table's game is being made"
      : `live state unavailable (${live?.status ?? "no answer"})`;
    return cell;
  }
  const game = live.body;
  cell.dataset.version = game.version;
  if (game.status === "lobby") { cell.textContent = "the table is being set up"; return cell; }
  if (game.status === "finished") { cell.textContent = "game over: its result is on its way to the standings"; return cell; }
  const seats = new Map(table.entrants.map((s) => [s.seat, seatName(s, names)]));
  const waiting = game.waiting_for || [];
  Object.assign(cell.dataset, { round: game.round ?? "", phase: game.phase ?? "", step: game.step ?? "", waiting: waiting.join(",") });
  const where = [`Game round ${game.round}`, game.phase !== null && game.phase !== undefined ? `Phase ${game.phase}` : null, game.step]
    .filter(Boolean).join(" · ");
  const whom = waiting.length ? waiting.map((s) => seats.get(s) || `seat ${s}`).join(", ") : "nobody (the server is moving)";
  cell.append(el("span", { class: "step" }, where), el("br"), "waiting for ", el("span", { class: "waiting" }, whom));
  if (game.due_at) cell.append(el("br"), el("span", { class: "muted" }, `due ${new Date(game.due_at).toLocaleTimeString()}`));
  return cell;
}

function resultCell(table, names) {
  const cell = el("td", { class: "result" });
  const result = table.result;
  if (!result) return cell;
  if (result.annulled) { cell.textContent = "annulled: no points"; return cell; }
  const seats = new Map(table.entrants.map((s) => [String(s.seat), seatName(s, names)]));
  const ranked = Object.entries(result.places).sort((a, b) => a[1] - b[1] || Number(a[0]) - Number(b[0]));
  const unit = result.score_name || "score";
  cell.append(el("ol", {}, ...ranked.map(([seat, place]) => el("li", { "data-seat": seat, "data-place": place },
    `${ordinal(place)}: ${seats.get(seat) || "seat " + seat}`,
    seat in (result.scores || {}) ? el("span", { class: "muted" }, ` (${unit} ${fmt(result.scores[seat])})`) : null))));
  return cell;
}

function drawRounds({ t, lives }) {
  const names = new Map(t.entrants.map((e) => [e.entrant, e.name]));
  const rounds = [...new Set(t.tables.map((x) => x.round))].sort((a, b) => b - a);  // the current round first
  if (!rounds.length) { $("rounds").replaceChildren(el("p", { class: "muted" }, "No round has been seated yet.")); return; }
  $("rounds").replaceChildren(...rounds.map((number) => {
    const tables = t.tables.filter((x) => x.round === number);
    const current = number === t.round && t.status === "running";
    const heading = el("h3", { id: `round-${number}` }, `Round ${number}` + (current ? " (current)" : ""));
    const rows = tables.map((table) => {
      const live = lives[table.game_id];
      const running = table.status === "playing" && live?.status === 200 && live.body.status === "running";
      const awaited = new Set(running ? live.body.waiting_for : []);
      const attrs = { "data-game": table.game_id, "data-status": table.status, "data-round": table.round, "data-table": table.table };
      return el("tr", attrs,
        el("th", { scope: "row", class: "n" }, String(table.table)),
        el("td", {}, viewerLink(table, `Watch table ${table.table}`), el("br"), el("span", { class: "game-id" }, table.game_id)),
        el("td", {}, el("ol", { class: "seats" }, ...table.entrants.map((s) =>
          el("li", { value: s.seat, "data-seat": s.seat, class: awaited.has(s.seat) ? "awaited" : null }, seatName(s, names))))),
        el("td", {}, el("span", { class: `status ${table.status}` }, table.status)),
        table.status === "playing" ? liveCell(table, live, names) : resultCell(table, names));
    });
    return el("section", { "aria-labelledby": `round-${number}` }, heading,
      el("table", { class: "round-tables" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "n" }, "Table"), el("th", { scope: "col" }, "Game"),
          el("th", { scope: "col" }, "Seats"), el("th", { scope: "col" }, "Status"),
          el("th", { scope: "col" }, "Result, or where the game stands"))),
        el("tbody", {}, ...rows)));
  }));
}

function drawDisputes({ role, disputes, tables }) {
  const note = $("disputes-note");
  const table = $("dispute-table");
  if (role !== "organizer") {
    note.dataset.state = "forbidden";
    note.textContent = "The disputes of every table are the organizer's to read: type the organizer's token above to see them."
      + (role === "entrant" ? " Your own disputes are on your table's page." : "");
    table.hidden = true;
    return;
  }
  if (disputes === null) { note.dataset.state = "error"; note.textContent = "The disputes could not be read just now."; return; }
  if (!disputes.length) {
    note.dataset.state = "none";
    note.textContent = "No disputes, at any table or about the tournament.";
    table.hidden = true;
    return;
  }
  note.dataset.state = "listed";
  const open = disputes.filter((d) => d.state === "open").length;
  note.textContent = `${disputes.length} dispute${disputes.length === 1 ? "" : "s"}, ${open} open.`;
  const byGame = new Map(tables.map((x) => [x.game_id, x]));
  table.tBodies[0].replaceChildren(...disputes.map((d) => {
    const at = d.game_id ? byGame.get(d.game_id) : null;
    const where = at ? viewerLink(at, `Round ${d.round}, table ${d.table}`) : el("span", {}, "the tournament");
    const about = el("a", { href: d.link, class: "version-link" }, `${d.game_id ? "version" : "event"} ${d.version}`);
    return el("tr", { class: d.state, "data-game": d.game_id || "", "data-dispute": d.dispute },
      el("td", {}, d.state), el("td", {}, where), el("td", {}, about), el("td", { class: "claim" }, d.text));
  }));
  table.hidden = false;
}

async function refresh() {
  const generation = desk.generation;
  const [t, standings] = await Promise.all([request(base), request(`${base}/standings`, { auth: false })]);
  if (generation !== desk.generation) return;
  if (t.status === 404) { notify("There is no such tournament."); return; }
  if (t.status !== 200 || standings.status !== 200) {
    notify((t.body || standings.body)?.detail || `the server answered ${t.status}`);
    return;
  }
  const [lives, disputes] = await Promise.all([
    liveStates(t.body.tables),
    desk.who.role === "organizer" ? request(`${base}/disputes`) : Promise.resolve(null),
  ]);
  if (generation !== desk.generation) return;
  const role = desk.who.role;
  once("facts", t.body, drawFacts);
  once("report", { status: t.body.status, role }, drawReport);
  once("standings", standings.body, drawStandings);
  const shown = Object.fromEntries([...lives].map(([id, g]) => [id, { status: g.status, body: g.body }]));
  once("rounds", { t: t.body, lives: shown, role, token: desk.token }, drawRounds);
  const listed = disputes && disputes.status === 200 ? disputes.body.disputes : null;
  once("disputes", { role, disputes: listed, tables: t.body.tables, token: desk.token }, drawDisputes);
  if (desk.who.role !== "unknown") notify("");
  desk.refreshes += 1;
  document.body.dataset.version = t.body.version;
  document.body.dataset.refreshes = desk.refreshes;
  document.body.dataset.ready = "true";
  $("refreshed").textContent = `updated ${new Date().toLocaleTimeString()}`;
}

async function tick() {
  const generation = desk.generation;
  try { await refresh(); } catch (error) { notify(`The server did not answer (${error.message}); trying again.`); }
  if (generation === desk.generation) desk.timer = setTimeout(tick, REFRESH_MS);
}

async function start() {
  clearTimeout(desk.timer);
  desk.generation += 1;
  desk.games.clear();
  desk.drawn = {};
  document.body.dataset.ready = "false";
  $("token").value = getToken();
  try {
    desk.who = await identify();
  } catch (error) {
    desk.who = { role: "spectator" };
    desk.token = "";
    notify(`Could not tell who this token is (${error.message}); showing the public view.`);
  }
  $("whoami").textContent = describeWho(desk.who);
  if (desk.who.role === "unknown") notify("This token belongs to nobody in this tournament: showing what anyone may see.");
  tick();
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken($("token").value);
  start();
});

start();
