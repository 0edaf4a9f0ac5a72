// The desk's read side: the facts, the standings (provisional until final), every round's
// tables — the playing ones live: game round x of y, how long the table has played, whom it
// waits for and since when, the stalled ones first — with their results (forfeits and seats a
// bot stood in marked), the entrants in natural name order, the disputes with who filed them,
// an entrant's own seat, and the announcements and talk. The organizer's controls (a seat's
// no-show, a drop, a ruling) sit beside what they act on (tournament-controls.js).
import { either, lang, t as say } from "./i18n.js";
import {
  base, byName, commandsPath, desk, fmt, gameCommandsPath, names, ordinal, seatName, since, viewerHref, viewerLink,
} from "./tournament-core.js";
import { $, el, tableOf } from "./dom.js";
import { control } from "./tournament-controls.js";
import { rulesetTitle } from "./rulesets.js";

const TIE_BREAKS = { opponents_points: say("tournament.tb.opponents_points"), score_share: say("tournament.tb.score_share") };
const isOrganizer = () => desk.who.role === "organizer";

export function drawFacts(t) {
  $("t-name").textContent = t.name;
  document.title = say("tournament.title", { name: t.name });
  const size = t.table_size || {};
  const active = t.entrants.filter((e) => !e.dropped).length;
  const facts = [
    ["ruleset", say("tournament.fact.ruleset"), rulesetTitle(t.ruleset)], ["status", say("tournament.fact.status"), either(`lobby.t_status.${t.status}`, t.status)],
    ["round", say("tournament.fact.round"), say("tournament.round_of", { round: t.round, rounds: t.rounds })],
    ["format", say("tournament.fact.format"), either(`tournament.format.${t.format}`, t.format)],
    ["size", say("tournament.fact.size"), say("tournament.players", { min: size.min, max: size.max })],
    ["entrants", say("tournament.fact.entrants"), `${t.entrants.length}` + (active < t.entrants.length ? say("tournament.still_in", { n: active }) : "")],
    ["no-show", say("tournament.fact.no_show"), t.no_show === "forfeit" ? say("tournament.forfeits") : say("tournament.goes_to_bot")],
    ["version", say("tournament.fact.record"), say("tournament.events", { n: t.version })],
  ];
  $("facts").replaceChildren(...facts.map(([id, label, value]) =>
    el("div", {}, el("dt", {}, label), el("dd", { id: `fact-${id}` }, String(value)))));
}

export function drawExports({ round }) {
  const links = [el("a", { href: `${base}/standings.csv`, id: "standings-csv", download: "" }, say("tournament.standings_csv"))];
  if (round >= 1) {
    links.push(" · ", el("a", { href: `${base}/pairings.csv?round=${round}`, id: "pairings-csv", download: "" },
      say("tournament.pairings_csv", { round })));
  }
  links.push(" · ", el("a", { href: "#sheet-panel" }, say("tournament.pairings_sheet_and_seat_cards")));
  $("exports").replaceChildren(...links);
}

// ---- standings ------------------------------------------------------------------------------
function standingRow(row, keys) {
  const { mu, sigma, ordinal: rating } = row.rating;
  const spread = `μ ${fmt(mu)}, σ ${fmt(sigma)}`;
  return el("tr", { "data-entrant": row.entrant, class: row.dropped ? "dropped" : null },
    el("td", { class: "n rank" }, String(row.rank)),
    el("th", { scope: "row", class: "name" }, row.name),
    el("td", { class: "n points", "data-value": row.points }, fmt(row.points)),
    ...keys.map((k) => el("td", { class: "n tb", "data-tiebreak": k, "data-value": row.tie_breaks[k] }, fmt(row.tie_breaks[k]))),
    el("td", { class: "n rating", "data-value": rating, title: `${spread} (ordinal μ − 3σ)` },
      fmt(rating), el("span", { class: "muted" }, ` (${spread})`)),
    el("td", { class: "n played" }, String(row.tables_played)),
    el("td", { class: "dropped-flag" }, row.dropped ? say("tournament.dropped") : "—"));
}

const METHODS = new Set(["beaten", "placement"]);
const ANNULLED = new Set(["nothing", "average", "replay"]);

/** How the standings are scored, in the reader's words, from the tournament's scoring rule
 *  (`scoring`: method, annulled, bye_points, filler_bots): the sentences the server's
 *  `explained` holds in English (service/tournaments/scoring.py), here from the catalog. A rule
 *  this page does not know is the server's sentence as it is. */
function explainedWords(s) {
  const rule = s.scoring;
  if (!rule || !METHODS.has(rule.method) || !ANNULLED.has(rule.annulled)) return s.explained;
  const bye = Number(rule.bye_points) || 0;
  const points = new Intl.NumberFormat(lang === "xx" ? "en" : lang, { maximumSignificantDigits: 6, useGrouping: false }).format(bye);
  return [say(`tournament.explain.method.${rule.method}`),
    say(rule.filler_bots === "opponents" ? "tournament.explain.bots_opponents" : "tournament.explain.bots_ignored"),
    say("tournament.explain.points_added"), say(`tournament.explain.annulled.${rule.annulled}`),
    bye ? say("tournament.explain.bye", { count: bye, points }) : say("tournament.explain.bye_nothing"),
    say("tournament.explain.tie_breaks")].join(" ");
}

/** The standings (`s`: the standings' answer, with the tournament's `scoring` beside it). */
export function drawStandings(s) {
  const keys = s.rows.length ? Object.keys(s.rows[0].tie_breaks) : Object.keys(TIE_BREAKS);
  tableOf("standings").tHead.replaceChildren(el("tr", {},
    el("th", { scope: "col", class: "n" }, say("tournament.rank")), el("th", { scope: "col" }, say("tournament.name")),
    el("th", { scope: "col", class: "n" }, say("tournament.points")),
    ...keys.map((k) => el("th", { scope: "col", class: "n tb" }, TIE_BREAKS[k] || k.replace(/_/g, " "))),
    el("th", { scope: "col", class: "n rating" }, say("tournament.rating")), el("th", { scope: "col", class: "n played" }, say("tournament.tables_played")),
    el("th", { scope: "col", class: "dropped-flag" }, say("tournament.dropped_col"))));
  const rows = s.rows.length ? s.rows.map((row) => standingRow(row, keys))
    : [el("tr", {}, el("td", { colspan: keys.length + 6, class: "muted" }, say("tournament.nobody_registered")))];
  tableOf("standings").tBodies[0].replaceChildren(...rows);
  $("explained").textContent = explainedWords(s);
  const state = $("standings-state");
  const final = s.final === true;
  state.dataset.final = String(final);
  state.replaceChildren(final
    ? el("span", { class: "final" }, say("tournament.final"), s.final_at ? say("tournament.since", { when: new Date(s.final_at).toLocaleString() }) : "")
    : el("span", { class: "provisional" }, say("tournament.provisional"),
      el("span", { class: "muted" }, say("tournament.provisional_note"))));
}

// ---- rounds and tables ----------------------------------------------------------------------
/** A playing table's seat: is the bot standing in, or has it forfeited? (a house entrant's
 *  bot is the entrant itself, not a stand-in). */
function seatMarks(table, seat, live, house) {
  const result = table.result || {};
  const game = live && live.status === 200 ? live.body : null;
  const inBots = game && game.bots && String(seat.seat) in game.bots;
  const forfeited = (result.forfeited || []).includes(seat.seat) || (game?.forfeited || []).includes(seat.seat)
    || seat.no_show === "forfeit";
  const standIn = !forfeited && seat.entrant !== null && seat.entrant !== undefined && !house.has(seat.entrant)
    && ((result.stand_ins || []).includes(seat.seat) || inBots || seat.no_show === "bot");
  return { forfeited, standIn, houseBot: house.has(seat.entrant) };
}

function seatItem(table, seat, live, known, house, awaited) {
  const marks = seatMarks(table, seat, live, house);
  const tags = [];
  if (marks.houseBot) tags.push(el("span", { class: "tag house" }, say("tournament.house_bot")));
  if (marks.standIn) tags.push(el("span", { class: "tag stand-in" }, say("tournament.bot_stands_in")));
  if (marks.forfeited) tags.push(el("span", { class: "tag forfeited" }, say("tournament.forfeited")));
  const classes = [awaited.has(seat.seat) ? "awaited" : null, marks.standIn ? "stand-in" : null,
    marks.forfeited ? "forfeited" : null].filter(Boolean).join(" ") || null;
  const item = el("li", { value: seat.seat, "data-seat": seat.seat, "data-entrant": seat.entrant ?? "", class: classes },
    el("span", { class: "who" }, seatName(seat, known)),
    awaited.has(seat.seat) ? el("span", { class: "to-move" }, say("tournament.to_move")) : null, ...tags.map((t) => [" ", t]));
  const canAct = isOrganizer() && table.status === "playing" && seat.entrant !== null && seat.entrant !== undefined
    && !marks.houseBot && !marks.standIn && !marks.forfeited;
  if (canAct) {
    const who = seatName(seat, known);
    const policy = desk.state?.no_show === "forfeit" ? say("tournament.forfeits") : say("tournament.goes_to_bot");
    item.append(el("span", { class: "seat-actions" },
      control({ path: commandsPath, body: { type: "no_show", entrant: seat.entrant }, label: say("tournament.no_show"),
        title: say("tournament.no_show_title", { who, policy }), className: "small",
        confirm: { question: say("tournament.no_show_question", { who, policy }), yes: say("tournament.no_show_yes") } }),
      control({ path: commandsPath, body: { type: "seat_to_bot", entrant: seat.entrant }, label: say("tournament.bot_plays"),
        title: say("tournament.bot_plays_title", { who }), className: "small" })));
  }
  return item;
}

function liveCell(table, live, known) {
  const cell = el("td", { class: "live" });
  if (!live || live.status !== 200) {
    cell.textContent = live?.status === 404 ? say("tournament.game_being_made")
      : say("tournament.live_unavailable", { status: live?.status ?? say("tournament.no_answer") });
    return cell;
  }
  const game = live.body;
  cell.dataset.version = game.version;
  if (game.status === "lobby") { cell.textContent = say("tournament.being_set_up"); return cell; }
  if (game.status === "finished") { cell.textContent = say("tournament.game_over"); return cell; }
  const seats = new Map(table.entrants.map((s) => [s.seat, seatName(s, known)]));
  const waiting = game.waiting_for || [];
  const moved = desk.moved.get(table.game_id);
  Object.assign(cell.dataset, { round: game.round ?? "", rounds: game.rounds ?? "", phase: game.phase ?? "",
    step: game.step ?? "", waiting: waiting.join(","), moved: moved?.at || "", started: game.started_at || "" });
  const round = game.rounds ? say("tournament.game_round_of", { round: game.round, rounds: game.rounds })
    : say("tournament.game_round", { round: game.round });
  const where = [round, game.phase !== null && game.phase !== undefined ? say("status.phase", { phase: game.phase }) : null,
    lang === "en" ? game.step : either(`step.${game.step}`, game.step)].filter(Boolean).join(" · ");  // English: the step's id
  const whom = waiting.length ? waiting.map((s) => seats.get(s) || say("talk.seat", { seat: s })).join(", ") : say("tournament.nobody_moving");
  cell.append(el("span", { class: "step" }, where), el("br"), say("tournament.waiting_for"), el("span", { class: "waiting" }, whom));
  if (moved?.at) cell.append(say("tournament.since_word"), since(moved.at, "since waited"));
  cell.append(el("br"), el("span", { class: "muted" }, say("tournament.playing_for")), since(game.started_at, "since played"));
  if (game.due_at) cell.append(el("br"), el("span", { class: "muted" }, say("tournament.due", { time: new Date(game.due_at).toLocaleTimeString() })));
  return cell;
}

function resultCell(table, known, house) {
  const cell = el("td", { class: "result" });
  const result = table.result;
  if (!result) return cell;
  if (result.annulled) { cell.textContent = say("tournament.annulled"); return cell; }
  const seats = new Map(table.entrants.map((s) => [String(s.seat), s]));
  const forfeited = new Set((result.forfeited || []).map(String));
  // a house entrant's seat is its bot's from the start (not a stand-in), and a filler bot's is nobody's
  const stoodIn = (seat) => { const s = seats.get(String(seat)); return s && s.entrant !== null && s.entrant !== undefined && !house.has(s.entrant); };
  const standIns = new Set((result.stand_ins || []).filter(stoodIn).map(String));
  for (const s of table.entrants) {  // what the tournament recorded, when the result does not say
    if (s.no_show === "forfeit") forfeited.add(String(s.seat));
    if (s.no_show === "bot") standIns.add(String(s.seat));
  }
  const ranked = Object.entries(result.places).sort((a, b) => a[1] - b[1] || Number(a[0]) - Number(b[0]));
  const unit = result.score_name || "score";
  cell.append(el("ol", {}, ...ranked.map(([seat, place]) => {
    const sat = seats.get(seat);
    const marks = [forfeited.has(seat) ? el("span", { class: "tag forfeited" }, say("tournament.forfeited")) : null,
      standIns.has(seat) && !forfeited.has(seat) ? el("span", { class: "tag stand-in" }, say("tournament.bot_stood_in")) : null];
    return el("li", { "data-seat": seat, "data-place": place,
      class: [forfeited.has(seat) ? "forfeited" : null, standIns.has(seat) ? "stand-in" : null].filter(Boolean).join(" ") || null },
    `${ordinal(place)}: ${sat ? seatName(sat, known) : "seat " + seat}`,
    seat in (result.scores || {}) ? el("span", { class: "muted" }, ` (${unit} ${fmt(result.scores[seat])})`) : null,
    ...marks.filter(Boolean).map((m) => [" ", m]));
  })));
  return cell;
}

/** The current round's playing tables, the one waiting longest first; then the rest by number. */
function ordered(tables, current) {
  if (!current) return [...tables].sort((a, b) => a.table - b.table);
  const waitingSince = (t) => Date.parse(desk.moved.get(t.game_id)?.at || "") || Infinity;
  const playing = tables.filter((t) => t.status === "playing").sort((a, b) => waitingSince(a) - waitingSince(b) || a.table - b.table);
  const rest = tables.filter((t) => t.status !== "playing").sort((a, b) => a.table - b.table);
  return [...playing, ...rest];
}

export function drawRounds({ t, lives }) {
  const known = names();
  const house = new Set(t.entrants.filter((e) => e.bot).map((e) => e.entrant));
  const rounds = [...new Set(t.tables.map((x) => x.round))].sort((a, b) => b - a);  // the current round first
  if (!rounds.length) { $("rounds").replaceChildren(el("p", { class: "muted" }, say("tournament.no_round"))); return; }
  $("rounds").replaceChildren(...rounds.map((number) => {
    const current = number === t.round && t.status === "running";
    const tables = ordered(t.tables.filter((x) => x.round === number), current);
    const heading = el("h3", { id: `round-${number}` }, say("tournament.round_n", { round: number }) + (current ? say("tournament.current") : ""));
    const byes = t.byes ? t.byes.filter((b) => b.round === number) : (desk.byes.get(number) || []).map((e) => ({ entrant: e }));
    const byeName = (b) => (known.get(b.entrant) || say("tournament.entrant_n", { n: b.entrant })) + (b.reason === "late_entry" ? say("tournament.late_entry_note") : "");
    const byeLine = byes.length
      ? el("p", { class: "byes", "data-byes": byes.map((b) => b.entrant).join(",") }, say("tournament.byes", { names: byes.map(byeName).join(", ") }))
      : null;
    const rows = tables.map((table) => {
      const live = lives[table.game_id];
      const running = table.status === "playing" && live?.status === 200 && live.body.status === "running";
      const awaited = new Set(running ? live.body.waiting_for : []);
      const attrs = { "data-game": table.game_id, "data-status": table.status, "data-round": table.round, "data-table": table.table };
      return el("tr", attrs,
        el("th", { scope: "row", class: "n table-no" }, el("span", { class: "label" }, `${say("tournament.table")} `), String(table.table)),
        el("td", { class: "game" }, viewerLink(table, say("tournament.watch_table", { table: table.table })), el("br"),
          el("span", { class: "game-id" }, table.game_id)),
        el("td", { class: "seats-cell" }, el("ol", { class: "seats" },
          ...table.entrants.map((s) => seatItem(table, s, live, known, house, awaited)))),
        el("td", { class: "status-cell" }, el("span", { class: `status ${table.status}` }, either(`tournament.table_status.${table.status}`, table.status))),
        table.status === "playing" ? liveCell(table, live, known) : resultCell(table, known, house));
    });
    return el("section", { "aria-labelledby": `round-${number}`, "data-round": number }, heading, byeLine,
      el("table", { class: "round-tables" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "n" }, say("tournament.table")), el("th", { scope: "col" }, say("lobby.game")),
          el("th", { scope: "col" }, say("lobby.seats")), el("th", { scope: "col" }, say("tournament.fact.status")),
          el("th", { scope: "col" }, say("tournament.result_col")))),
        el("tbody", {}, ...rows)));
  }));
}

// ---- entrants -------------------------------------------------------------------------------
export function drawEntrants({ t }) {
  const seatedNow = new Map();
  for (const table of t.tables) {
    if (table.round !== t.round) continue;
    for (const s of table.entrants) if (s.entrant !== null && s.entrant !== undefined) seatedNow.set(s.entrant, [table, s]);
  }
  const sorted = [...t.entrants].sort((a, b) => byName(a.name, b.name) || a.entrant - b.entrant);
  const organizer = isOrganizer() && t.status !== "finished";
  tableOf("entrants-table").tHead.replaceChildren(el("tr", {},
    el("th", { scope: "col" }, say("tournament.name")), el("th", { scope: "col" }, say("tournament.fact.status")),
    el("th", { scope: "col" }, t.round ? say("tournament.round_n", { round: t.round }) : say("tournament.seat")),
    organizer ? el("th", { scope: "col" }, say("tournament.organizer")) : null));
  tableOf("entrants-table").tBodies[0].replaceChildren(...sorted.map((e) => {
    const at = seatedNow.get(e.entrant);
    const status = [e.dropped ? say("tournament.dropped") : say("tournament.in"), e.bot ? say("tournament.house_bot_of", { bot: e.bot }) : null,
      e.late ? say("tournament.late_entry") : null]
      .filter(Boolean).join(", ");
    const actions = !organizer ? null : el("td", { class: "actions" }, e.dropped
      ? control({ path: commandsPath, body: { type: "reinstate", entrant: e.entrant }, label: say("tournament.reinstate"),
        title: say("tournament.reinstate_title", { name: e.name }) })
      : control({ path: commandsPath, body: { type: "drop", entrant: e.entrant }, label: say("tournament.drop"),
        confirm: { question: say("tournament.drop_question", { name: e.name }) +
          (at && at[0].status === "playing" ? say("tournament.drop_playing") : "."), yes: say("tournament.drop_yes") } }));
    return el("tr", { "data-entrant": e.entrant, "data-dropped": String(Boolean(e.dropped)), class: e.dropped ? "dropped" : null },
      el("th", { scope: "row", class: "name" }, e.name),
      el("td", { class: "state" }, status),
      el("td", { class: "where" }, at ? say("tournament.table_seat", { table: at[0].table, seat: at[1].seat }) : "—"),
      actions);
  }));
  $("entrants-note").textContent = t.entrants.length ? say("tournament.entrants_note", { n: t.entrants.length }) : say("tournament.nobody_registered");
}

// ---- disputes -------------------------------------------------------------------------------
function rulingForm(d, table, known) {
  const key = `ruling ${d.game_id || "tournament"} ${d.dispute}`;
  const kept = desk.controls.get(key);
  if (kept) return kept.node;
  const id = `${d.game_id || "t"}-${d.dispute}`;
  const decision = el("select", { name: "decision", id: `decision-${id}` },
    el("option", { value: "upheld" }, say("dispute.state.upheld")), el("option", { value: "rejected" }, say("dispute.state.rejected")));
  const text = el("input", { name: "text", id: `ruling-text-${id}`, maxlength: 2000, placeholder: say("ruling.placeholder") });
  const fields = [el("label", { for: `decision-${id}` }, say("ruling.decision")), " ", decision, " ",
    el("label", { for: `ruling-text-${id}`, class: "visually-hidden" }, say("ruling.ruling")), text];
  let kind = null, seat = null;
  if (d.game_id) {
    kind = el("select", { name: "kind", id: `kind-${id}` },
      el("option", { value: "" }, say("ruling.no_correction")), el("option", { value: "forfeit" }, say("ruling.forfeit")),
      el("option", { value: "seat_to_bot" }, say("ruling.seat_to_bot")), el("option", { value: "annul" }, say("ruling.annul")));
    seat = el("select", { name: "seat", id: `seat-${id}` },
      ...(table?.entrants || []).map((s) => el("option", { value: s.seat }, say("ruling.seat_option", { seat: s.seat, name: seatName(s, known) }))));
    fields.push(" ", el("label", { for: `kind-${id}` }, say("ruling.correction")), " ", kind, " ",
      el("label", { for: `seat-${id}`, class: "visually-hidden" }, say("ruling.seat")), seat);
  }
  const body = () => {
    // (left empty: the decision in the organizer's words; recorded as said, never translated again)
    const said = text.value.trim() || say(decision.value === "upheld" ? "ruling.default_upheld" : "ruling.default_rejected");
    const out = { type: "resolve_dispute", dispute: d.dispute, decision: decision.value, text: said };
    if (kind && kind.value) {
      const ruling = { kind: kind.value, reason: said };
      if (kind.value !== "annul") ruling.seat = Number(seat.value);
      out.rulings = [ruling];
    }
    return out;
  };
  const form = el("form", { class: "ruling", "data-dispute": d.dispute, "data-game": d.game_id || "" }, ...fields, " ");
  const send = control({ key: `${key} send`, path: d.game_id ? gameCommandsPath(d.game_id) : commandsPath, body,
    label: say("ruling.rule"), title: say("ruling.rule_title") });
  const sync = () => desk.controls.get(`${key} send`)?.sync();
  const showSeat = () => { if (seat) seat.hidden = !kind.value || kind.value === "annul"; };
  showSeat();
  form.append(send);
  form.addEventListener("input", sync);
  form.addEventListener("change", () => { showSeat(); sync(); });
  form.addEventListener("submit", (event) => { event.preventDefault(); send.querySelector("button.act").click(); });
  desk.controls.set(key, { node: form, set() {}, sync() {} });
  return form;
}

function filedBy(d, byGame, known) {
  if (d.filed_by) return d.filed_by.name || (d.filed_by.entrant ? known.get(d.filed_by.entrant) : null) || "—";
  if (!d.game_id) {  // the tournament's own: its state names the filer
    const mine = (desk.state?.disputes || []).find((x) => x.dispute === d.dispute);
    if (mine?.entrant) return known.get(mine.entrant) || say("print.entrant", { n: mine.entrant });
  }
  if (d.seat && byGame.get(d.game_id)) {
    const s = byGame.get(d.game_id).entrants.find((x) => x.seat === d.seat);
    if (s) return seatName(s, known);
  }
  return "—";
}

export function drawDisputes({ role, disputes, tables }) {
  const note = $("disputes-note");
  const table = tableOf("dispute-table");
  if (role !== "organizer") {
    note.dataset.state = "forbidden";
    note.textContent = say("tournament.disputes_organizers") + (role === "entrant" ? say("tournament.disputes_yours") : "");
    table.hidden = true;
    return;
  }
  if (disputes === null) { note.dataset.state = "error"; note.textContent = say("tournament.disputes_unreadable"); return; }
  if (!disputes.length) {
    note.dataset.state = "none";
    note.textContent = say("tournament.no_disputes");
    table.hidden = true;
    return;
  }
  note.dataset.state = "listed";
  const open = disputes.filter((d) => d.state === "open").length;
  note.textContent = say("tournament.disputes_count", { n: disputes.length, open });
  const byGame = new Map(tables.map((x) => [x.game_id, x]));
  const known = names();
  table.tBodies[0].replaceChildren(...disputes.map((d) => {
    const at = d.game_id ? byGame.get(d.game_id) : null;
    const where = at ? viewerLink(at, say("disputes.where", { round: d.round, table: d.table })) : el("span", {}, say("disputes.the_tournament"));
    const about = d.game_id
      ? el("a", { href: viewerHref(d.game_id, { at: d.version, token: desk.token }), class: "version-link",
        title: say("disputes.version_title") }, say("disputes.version", { n: d.version }))
      : el("a", { href: d.link, class: "version-link" }, say("disputes.event", { n: d.version }));
    const answer = d.state === "open"
      ? rulingForm(d, at, known)
      : el("span", { class: "resolution" }, either(`dispute.state.${d.state}`, d.state) + (d.resolution?.text ? `: ${d.resolution.text}` : ""));
    return el("tr", { class: d.state, "data-game": d.game_id || "", "data-dispute": d.dispute, "data-state": d.state },
      el("td", { class: "state" }, either(`dispute.state.${d.state}`, d.state)), el("td", { class: "where" }, where),
      el("td", { class: "about", "data-label": say("disputes.about") }, about),
      el("td", { class: "filed-by", "data-label": say("disputes.filed_by") }, filedBy(d, byGame, known)),
      el("td", { class: "claim", "data-label": say("disputes.claim") }, d.text),
      el("td", { class: "answer" }, answer));
  }));
  table.hidden = false;
}

// ---- an entrant's own seat ------------------------------------------------------------------
export function drawMine({ role, me, token }) {
  const panel = $("mine-panel");
  if (role !== "entrant" || !me) { panel.hidden = true; return; }
  panel.hidden = false;
  const parts = [];
  if (me.table && me.table.game_id) {
    const href = `/play/${encodeURIComponent(me.table.game_id)}#token=${encodeURIComponent(token)}`;
    parts.push(el("p", { class: "seat-now" }, say("mine.seat", { round: me.table.round, table: me.table.table, seat: me.table.seat }),
      el("a", { href, id: "my-seat", class: "button-link", "data-game": me.table.game_id }, say("tournament.take_seat", { table: me.table.table }))));
  } else {
    parts.push(el("p", { class: "seat-now muted", id: "no-seat" }, me.dropped
      ? say("tournament.dropped_out")
      : say("tournament.no_table_now")));
  }
  if (me.standing) {
    const points = me.standing.points;
    parts.push(el("p", { class: "my-standing" }, say("mine.standing", { rank: me.standing.rank, points: say("mine.points", { n: points, shown: fmt(points) }),
      tables: say("mine.tables", { n: me.standing.tables_played }) })));
  }
  $("mine").replaceChildren(...parts);
}

// ---- announcements and talk -----------------------------------------------------------------
export function drawNews({ announcements, talk }) {
  const known = names();
  const list = $("announcements");
  list.replaceChildren(...[...announcements].reverse().map((a) => el("li", { "data-version": a.version },
    el("span", { class: "text" }, a.text), " ", el("time", { class: "muted", datetime: a.at || "" },
      a.at ? new Date(a.at).toLocaleTimeString() : ""))));
  $("announcements-note").hidden = announcements.length > 0;
  const who = (line) => line.by === "organizer" ? say("talk.organizer")
    : line.entrant ? (known.get(line.entrant) || say("print.entrant", { n: line.entrant })) : say("talk.someone");
  const said = $("talk");
  said.replaceChildren(...talk.slice(-200).map((line) => el("li", { "data-version": line.version },
    el("b", {}, say("talk.who", { who: who(line) })), line.text)));
  said.scrollTop = said.scrollHeight;
  $("talk-note").hidden = talk.length > 0;
}

// ---- the preview of the next seating -------------------------------------------------------
export function drawPreview(preview) {
  const place = $("preview");
  if (!place) return;
  if (!preview) { place.replaceChildren(); place.hidden = true; return; }
  // the seating is shuffled from the seed at the record's next version: anything recorded
  // since the preview (an announcement too) seats the round differently
  const stale = preview.at_version !== undefined && desk.state && desk.state.version > preview.at_version;
  place.dataset.stale = String(stale);
  const known = names();
  const tables = preview.tables || [];
  place.hidden = false;
  place.dataset.round = preview.round ?? "";
  const byes = preview.byes || [];
  place.replaceChildren(...[  // (replaceChildren writes a null as the text "null": absent parts are dropped)
    el("p", { class: "preview-note" }, say("tournament.preview.round", { round: preview.round }),
      el("strong", {}, say("tournament.preview.unrecorded")), say("tournament.preview.tables", { n: tables.length })),
    el("ol", { class: "preview-tables" }, ...tables.map((t) => el("li", { value: t.table, "data-table": t.table },
      el("span", { class: "label" }, say("tournament.preview.table", { table: t.table })),
      (t.seats || []).map((s, i) => [i ? ", " : "", el("span", { class: "seat", "data-seat": s.seat, "data-entrant": s.entrant ?? "" },
        `${s.seat}. ${s.entrant === null || s.entrant === undefined
          ? say("tournament.preview.bot", { strategy: s.bot || say("tournament.preview.server") })
          : known.get(s.entrant) || say("tournament.entrant_n", { n: s.entrant })}`)])))),
    byes.length ? el("p", { class: "byes", "data-byes": byes.join(",") },
      say("tournament.byes", { names: byes.map((e) => known.get(e) || say("tournament.entrant_n", { n: e })).join(", ") })) : null,
    stale ? el("p", { class: "stale", role: "status" }, say("tournament.preview.stale")) : null,
  ].filter(Boolean));
}

