// The lobby (/): open games and tournaments, a page at a time (the lists' `next` cursors);
// creating a game, with seats for the server's bot; joining one with a name. Tokens are shown
// as links whose fragment holds them (`/play/{id}#token=…`), never sent in a query. The
// organizer's game lives in this page's own fragment (#host=…&token=…), so a reload keeps it;
// following its own invitation (#join=…) never replaces it (the invitation opens in a tab of
// its own, and a #join= arriving in this tab is answered and the host's fragment put back),
// and an organizer who lost the page opens the game again with its organizer token.
import { either, t as say } from "./i18n.js";
import { get, post } from "./api.js";
import { keep } from "./messages.js";
import { RULESETS, rulesetOf, rulesetTitle } from "./rulesets.js";
import { $, tableOf } from "./dom.js";

/** The page's fields and controls (lobby.html), as the elements they are. */
const inputs = {
  ruleset: /** @type {HTMLSelectElement} */ ($("ruleset")),
  seats: /** @type {HTMLInputElement} */ ($("seats")),
  hostName: /** @type {HTMLInputElement} */ ($("host-name")),
  bots: /** @type {HTMLInputElement} */ ($("bots")),
  strategy: /** @type {HTMLSelectElement} */ ($("strategy")),
  deadline: /** @type {HTMLInputElement} */ ($("deadline")),
  reopenId: /** @type {HTMLInputElement} */ ($("reopen-id")),
  reopenToken: /** @type {HTMLInputElement} */ ($("reopen-token")),
  start: /** @type {HTMLButtonElement} */ ($("start")),
};

const lists = { games: null, tournaments: null };
const host = { id: "", token: "", seat: "", bots: [], strategy: "greedy", timer: null };

const node = (tag, attrs = {}, text) => {
  const made = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) made.setAttribute(k, v);
  if (text !== undefined) made.textContent = text;
  return made;
};
const absolute = (path) => new URL(path, location.origin).href;
const playLink = (id, token) => `/play/${encodeURIComponent(id)}#token=${encodeURIComponent(token)}`;

/** A link to share: the address in a read-only field (select to copy) and a link to open it
 *  (`apart`: in a tab of its own, so this page keeps its place). */
function shareItem(words, path, note, apart = false) {
  const item = node("li");
  const link = node("a", apart ? { href: path, target: "_blank", rel: "noopener" } : { href: path }, words);
  const field = node("input", { readonly: "", value: absolute(path), "aria-label": say("lobby.address_to_share", { words }) });
  field.addEventListener("focus", () => field.select());
  item.append(link, note ? node("span", { class: "muted" }, ` — ${note}`) : "", field);
  return item;
}

function problem(answer) {
  return answer.body?.detail || say("seat.answered", { status: answer.status });
}

// ---- the lists ------------------------------------------------------------------------------
async function loadGames(more = false) {
  const after = more && lists.games ? `&after=${encodeURIComponent(lists.games)}` : "";
  const { status, body } = await get(`/v1/games?status=lobby&limit=20${after}`);
  const rows = tableOf("games").tBodies[0];
  if (!more) rows.replaceChildren();
  if (status !== 200) { rows.append(row([problem({ status, body })])); return; }
  for (const game of body.games) rows.append(gameRow(game));
  if (!rows.children.length) rows.append(row([say("lobby.no_game")], true));
  lists.games = body.next;
  $("games-more").hidden = !body.next;
}

function row(cells, muted) {
  const tr = node("tr");
  cells.forEach((c, i) => {
    const td = node("td", i === 0 && cells.length === 1 ? { colspan: 4, class: muted ? "muted" : "" } : {});
    if (c instanceof Node) td.append(c); else td.textContent = c;
    tr.append(td);
  });
  return tr;
}

function gameRow(game) {
  const form = node("form", { class: "join", "data-game": game.game_id });
  const name = node("input", { name: "name", maxlength: 40, required: "", placeholder: say("lobby.your_name"), "aria-label": say("lobby.your_name_for_game", { game: game.game_id }) });
  form.append(name, node("button", { type: "submit" }, say("lobby.join")),
    node("a", { href: `/viewer/${encodeURIComponent(game.game_id)}` }, say("lobby.watch")),
    node("p", { class: "refusal", role: "alert" }));
  form.addEventListener("submit", (event) => { event.preventDefault(); join(game.game_id, name.value, form); });
  const tr = row([node("code", {}, game.game_id), rulesetTitle(game.ruleset), say("lobby.seats_taken", { taken: game.seats_taken, total: game.seats_total }), form]);
  tr.dataset.game = game.game_id;
  return tr;
}

async function loadTournaments(more = false) {
  const after = more && lists.tournaments ? `&after=${encodeURIComponent(lists.tournaments)}` : "";
  const { status, body } = await get(`/v1/tournaments?limit=20${after}`);
  const rows = tableOf("tournaments").tBodies[0];
  if (!more) rows.replaceChildren();
  if (status !== 200) { rows.append(row([problem({ status, body })])); return; }
  for (const t of body.tournaments) {
    const cell = node("div");
    const desk = `/viewer/tournaments/${encodeURIComponent(t.tournament_id)}`;
    if (t.status === "registering") {
      const form = node("form", { class: "join", "data-tournament": t.tournament_id });
      const name = node("input", { name: "name", maxlength: 40, required: "", placeholder: say("lobby.your_name"), "aria-label": say("lobby.your_name_for", { name: t.name }) });
      form.append(name, node("button", { type: "submit" }, say("lobby.enter")), node("p", { class: "refusal", role: "alert" }));
      form.addEventListener("submit", (event) => { event.preventDefault(); enter(t, name.value, form); });
      cell.append(form);
    }
    cell.append(node("a", { href: desk }, say("lobby.watch")));
    const tr = row([t.name, rulesetTitle(t.ruleset), `${either(`lobby.t_status.${t.status}`, t.status)}${t.round ? say("lobby.t_round", { round: t.round, rounds: t.rounds }) : ""} · ${say("lobby.entrants", { n: t.entrants })}`, cell]);
    tr.dataset.tournament = t.tournament_id;
    rows.append(tr);
  }
  if (!rows.children.length) rows.append(row([say("lobby.no_tournament")], true));
  lists.tournaments = body.next;
  $("tournaments-more").hidden = !body.next;
}

// ---- joining --------------------------------------------------------------------------------
async function join(gameId, name, form) {
  const refusal = form.querySelector(".refusal");
  refusal.textContent = "";
  const answer = await post(`/v1/games/${encodeURIComponent(gameId)}/seats`, { name }, "");
  if (answer.status !== 201) { refusal.textContent = problem(answer); return; }
  showJoined(gameId, answer.body.seat, answer.body.player_token, name);
  loadGames();
}

function showJoined(gameId, seatNo, token, name) {
  $("joined").hidden = false;
  $("joined-text").textContent = say("lobby.you_sit", { name, seat: seatNo, game: gameId });
  $("joined-links").replaceChildren(shareItem(say("lobby.take_your_seat"), playLink(gameId, token), say("lobby.yours_alone")),
    shareItem(say("lobby.watch_the_game"), `/viewer/${encodeURIComponent(gameId)}`, say("lobby.for_anyone")));
  $("joined").querySelector("a").focus();
}

async function enter(t, name, form) {
  const refusal = form.querySelector(".refusal");
  refusal.textContent = "";
  const answer = await post(`/v1/tournaments/${encodeURIComponent(t.tournament_id)}/entrants`, { name }, "");
  if (answer.status !== 201) { refusal.textContent = problem(answer); return; }
  keep($("messages"), say("lobby.you_are_entrant", { name, entrant: answer.body.entrant, tournament: t.name }),
    { key: `t-${t.tournament_id}`, copy: absolute(`/viewer/tournaments/${encodeURIComponent(t.tournament_id)}#token=${encodeURIComponent(answer.body.entrant_token)}`) });
  loadTournaments();
}

// ---- creating and hosting -------------------------------------------------------------------
/** A ruleset the page's list does not name yet (lobby.html names the three it was written
 *  with, in the catalog's words) is offered by its title and seat range. */
function offerEveryRuleset() {
  const offered = new Set([...inputs.ruleset.options].map((o) => o.value));
  for (const [name, { title, seats: [low, high] }] of Object.entries(RULESETS)) {
    if (!offered.has(name)) inputs.ruleset.append(new Option(`${title} (${low}–${high})`, name));
  }
}

/** Each ruleset's own game options (its module's `lobby`): a fieldset of selects, shown while
 *  that ruleset is chosen, each select's id the option's name. */
function offerRulesetOptions() {
  const clock = inputs.deadline.closest("label");  // the options go before the clock's field
  for (const [name, ruleset] of Object.entries(RULESETS)) {
    if (!ruleset.lobby) continue;
    const { legend, options } = ruleset.lobby();
    const set = node("fieldset", { id: `${name}-options`, "data-ruleset": name });
    set.append(node("legend", {}, legend));
    for (const option of options) {
      const select = node("select", { id: option.name });
      select.append(...option.choices.map(([value, words]) => new Option(words, value)));
      const label = node("label");
      label.append(node("span", {}, option.label), " ", select);
      set.append(label);
    }
    clock.before(set);
  }
}

/** The chosen ruleset's own options as the game's `options` hold them. */
function chosenOptions(name) {
  const options = {};
  for (const option of rulesetOf(name)?.lobby?.().options || []) {
    const value = /** @type {HTMLSelectElement} */ ($(option.name)).value;
    options[option.name] = option.number ? Number(value) : value;
  }
  return options;
}

function rulesetChanged() {
  const [low, high] = rulesetOf(inputs.ruleset.value).seats;
  inputs.seats.min = String(low);
  inputs.seats.max = String(high);
  inputs.seats.value = String(Math.min(high, Math.max(low, Number(inputs.seats.value) || low)));
  inputs.bots.max = String(Number(inputs.seats.value) - (inputs.hostName.value.trim() ? 1 : 0));
  const sets = /** @type {NodeListOf<HTMLFieldSetElement>} */ (document.querySelectorAll("#create-form fieldset[data-ruleset]"));
  for (const set of sets) set.hidden = set.dataset.ruleset !== inputs.ruleset.value;
}

function saveHost() {  // the organizer's game in the fragment: reload-proof, never sent anywhere
  const params = new URLSearchParams({ host: host.id, token: host.token });
  if (host.seat) params.set("seat", host.seat);
  if (host.bots.length) params.set("bots", host.bots.join(","));
  params.set("strategy", host.strategy);
  history.replaceState(null, "", `/#${params}`);
}

async function create(event) {
  event.preventDefault();
  $("create-refusal").textContent = "";
  const ruleset = inputs.ruleset.value;
  const seats = Number(inputs.seats.value);
  const name = inputs.hostName.value.trim();
  const bots = Number(inputs.bots.value) || 0;
  if (bots + (name ? 1 : 0) > seats) {
    $("create-refusal").textContent = say("lobby.too_many_bots", { seats, n: bots, and_you: name ? say("lobby.and_you") : "" });
    return;
  }
  const options = chosenOptions(ruleset);
  const seconds = Number(inputs.deadline.value) || 0;
  if (seconds) options.deadlines = { default: seconds };
  const made = await post("/v1/games", { ruleset, seats, options }, "");
  if (made.status !== 201) { $("create-refusal").textContent = problem(made); return; }
  Object.assign(host, { id: made.body.game_id, token: made.body.organizer_token, seat: "", bots: [], strategy: inputs.strategy.value });
  if (name) {  // the organizer takes the first seat
    const sat = await post(`/v1/games/${host.id}/seats`, { name }, "");
    if (sat.status !== 201) { $("create-refusal").textContent = problem(sat); return; }
    host.seat = sat.body.player_token;
  }
  // Seats for the server's bot are taken now, with a name that says so, and handed to the
  // bot (a `seat_to_bot` ruling) once the game has started: the API rules on running games.
  for (let n = 1; n <= bots; n++) {
    const sat = await post(`/v1/games/${host.id}/seats`, { name: `Bot ${n} (${host.strategy})` }, "");
    if (sat.status !== 201) { $("create-refusal").textContent = problem(sat); return; }
    host.bots.push(sat.body.seat);
  }
  saveHost();
  showHost();
  loadGames();
}

async function showHost() {
  $("host").hidden = false;
  $("host-id").textContent = host.id;
  const links = [shareItem(say("lobby.invite"), `/#join=${encodeURIComponent(host.id)}`, say("lobby.invite_note"), true),
    shareItem(say("lobby.watch"), `/viewer/${encodeURIComponent(host.id)}`, say("lobby.for_spectators")),
    shareItem(say("lobby.organizer_desk"), `/viewer/${encodeURIComponent(host.id)}#token=${encodeURIComponent(host.token)}`, say("lobby.desk_note"))];
  if (host.seat) links.unshift(shareItem(say("lobby.take_your_seat"), playLink(host.id, host.seat), say("lobby.yours_alone")));
  $("host-links").replaceChildren(...links);
  await refreshHost();
}

async function refreshHost() {
  clearTimeout(host.timer);
  const { status, body } = await get(`/v1/games/${encodeURIComponent(host.id)}`);
  if (status !== 200) { $("host-status").textContent = problem({ status, body }); return; }
  const taken = (body.players || []).length;
  $("host-seats").replaceChildren(...(body.players || []).map((p) => node("li", { "data-seat": p.seat, "data-bot": String(host.bots.includes(p.seat)) }, p.name)));
  const full = taken === body.seats_total;
  inputs.start.disabled = body.status !== "lobby" || !full;
  $("host").dataset.status = body.status;
  if (body.status === "lobby") {
    $("host-status").textContent = say("lobby.seats_status", { ruleset: rulesetTitle(body.ruleset), taken, total: body.seats_total }) +
      (full ? say("lobby.all_taken") : say("lobby.waiting"));
    host.timer = setTimeout(refreshHost, 1500);  // the lobby has no stream: look again
  } else {
    $("host-status").textContent = say("lobby.game_is", { ruleset: rulesetTitle(body.ruleset), status: either(`lobby.status.${body.status}`, body.status) });
  }
}

async function startGame() {
  $("start-refusal").textContent = "";
  inputs.start.disabled = true;
  const started = await post(`/v1/games/${encodeURIComponent(host.id)}/start`, {}, host.token);
  if (started.status !== 201 && started.body?.code !== "game_started") {
    $("start-refusal").textContent = problem(started);
    inputs.start.disabled = false;
    return;
  }
  for (const seatNo of host.bots) {
    const ruled = await post(`/v1/games/${encodeURIComponent(host.id)}/commands`, { type: "ruling", kind: "seat_to_bot",
      seat: seatNo, strategy: host.strategy, reason: "a seat the organizer gave to the server's bot in the lobby" }, host.token);
    if (ruled.status !== 201 && ruled.body?.code !== "already_a_bot") { $("start-refusal").textContent = problem(ruled); return; }
  }
  await refreshHost();
  if (host.seat) location.assign(playLink(host.id, host.seat));
}

function fromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("host") && params.get("token")) {
    Object.assign(host, { id: params.get("host"), token: params.get("token"), seat: params.get("seat") || "",
      bots: (params.get("bots") || "").split(",").filter(Boolean).map(Number), strategy: params.get("strategy") || "greedy" });
    showHost();
  } else if (params.get("join") && host.id) {
    saveHost();  // the organizer followed an invitation in this tab: the host's own link stays
  }
  return params.get("join");
}

/** Focus the join form of the game a #join= link names (or say it is not open any more). */
function invitedTo(invited) {
  const form = document.querySelector(`form.join[data-game="${CSS.escape(invited)}"]`);
  if (form) form.querySelector("input").focus();
  else keep($("messages"), say("lobby.not_waiting", { game: invited }), { key: "invite" });
}

async function reopen(event) {
  event.preventDefault();
  $("reopen-refusal").textContent = "";
  const id = inputs.reopenId.value.trim(), token = inputs.reopenToken.value.trim();
  const { status, body } = await get(`/v1/games/${encodeURIComponent(id)}`, token);
  if (status !== 200) { $("reopen-refusal").textContent = problem({ status, body }); return; }
  if (body.viewer?.kind !== "organizer") {
    $("reopen-refusal").textContent = say("lobby.not_organizer_token");
    return;
  }
  Object.assign(host, { id, token, seat: "", bots: [], strategy: "greedy" });
  inputs.reopenToken.value = "";
  saveHost();
  await showHost();
  $("host").querySelector("h2").focus();
}

inputs.ruleset.addEventListener("change", rulesetChanged);
inputs.seats.addEventListener("input", rulesetChanged);
inputs.hostName.addEventListener("input", rulesetChanged);
$("create-form").addEventListener("submit", create);
$("reopen-form").addEventListener("submit", reopen);
window.addEventListener("hashchange", async () => {
  const invited = fromFragment();
  if (invited) { await loadGames(); invitedTo(invited); }
});
inputs.start.addEventListener("click", startGame);
$("games-more").addEventListener("click", () => loadGames(true));
$("games-refresh").addEventListener("click", () => loadGames());
$("tournaments-more").addEventListener("click", () => loadTournaments(true));

(async () => {
  offerEveryRuleset();
  offerRulesetOptions();
  rulesetChanged();
  const invited = fromFragment();
  await Promise.all([loadGames(), loadTournaments()]);
  if (invited) invitedTo(invited);
  document.body.dataset.ready = "true";
})();
