// The board in words: the same state the SVG board is drawn from, written as lists and tables
// (a caption per table, a header per column and row) so that a screen reader can move through
// it cell by cell and a sighted reader can switch the picture for it ("Board as text"). It
// reads nothing but the state it is given: what that viewer may not see is absent there, and
// is said to be hidden here.
import { drawnCard } from "./board.js";
import { either, lang, listed, t } from "./i18n.js";
import { nameOf as plainName, morph, rulesetTitle } from "./svg.js";
import { stepName, stillName, truckName, words } from "./seat-words.js";

// Every word below is the catalog's (`text.*`, and the boards' own `board.*`, `count.*`, `pro.*`);
// the English catalog says what this page said before, word for word, where tests read it.
const LAW = { police: "pro.police", agent: "pro.agent", fbi: "pro.fbi" };
const lawName = (k) => (LAW[k] ? t(LAW[k]) : words(k));

// A name is isolated from the words around it (U+2068 … U+2069): an Arabic or Hebrew name
// never reorders the sentence it stands in.
const isolate = (text) => `\u2068${text}\u2069`;
const nameOf = (state, seat) => isolate(plainName(state, seat));
/** "Ada's" / "Adas", "Bix’" in German (after s, ß, x, z). */
const whoseName = (state, seat) => {
  const name = plainName(state, seat);
  return isolate(t(/[sßxz]$/i.test(name) ? "seat.whose_hissed" : "seat.whose", { name }));
};
const seatName = (name, seat) => t("text.player", { name: isolate(name ?? t("board.seat", { seat })), seat });
const money = (n) => t("text.cash", { n });
/** A truck by its id: "small 1" in English, as it always was here; the catalog's name otherwise. */
const truckWords = (id) => (lang === "en" ? words(id) : truckName(id));
/** A card: "hit", "small truck" (drawnCard: the catalog's name in other languages). */
const cardWords = (card) => drawnCard(card);

function node(tag, text, attrs = {}) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined && value !== null) made.setAttribute(key, value);
  if (text !== undefined && text !== null) made.textContent = String(text);
  return made;
}

const list = (items, none = t("board.none")) => (items.length ? items.join(t("list.separator")) : none);

/** A table: a caption, a header row, then one row per item whose first cell heads the row.
 *  On a narrow screen (board.css) each row becomes a card and each cell shows its column's
 *  name in a label a screen reader skips (it has the header); the roles keep the table a
 *  table to assistive technology whatever its display. */
function table(caption, headers, rows, attrs = {}) {
  const made = node("table", undefined, { ...attrs, role: "table" });
  made.append(node("caption", caption));
  const head = node("tr", undefined, { role: "row" });
  for (const h of headers) head.append(node("th", h, { scope: "col", role: "columnheader" }));
  const thead = node("thead", undefined, { role: "rowgroup" });
  thead.append(head);
  made.append(thead);
  const body = node("tbody", undefined, { role: "rowgroup" });
  for (const { cells, data = {} } of rows) {
    const tr = node("tr", undefined, { role: "row" });
    for (const [key, value] of Object.entries(data)) tr.dataset[key] = value;
    cells.forEach((cell, i) => {
      if (!i) { tr.append(node("th", cell, { scope: "row", role: "rowheader" })); return; }
      const td = node("td", undefined, { role: "cell", class: cell === "" ? "empty" : undefined });
      td.append(node("span", `${headers[i]}: `, { class: "cell-label", "aria-hidden": "true" }), String(cell ?? ""));
      tr.append(td);
    });
    body.append(tr);
  }
  made.append(body);
  return made;
}

/** The facts of the moment (round, phase, whose move), a list of sentences. */
function facts(items) {
  const ul = node("ul", undefined, { class: "board-facts", "aria-label": t("text.the_moment") });
  for (const item of items.filter(Boolean)) ul.append(node("li", item));
  return ul;
}

const waitingFor = (state) => ((state.waiting_for || []).length && state.status === "running"
  ? t("text.waiting_for", { names: listed(state.waiting_for.map((s) => nameOf(state, s))) }) : "");

/** What the game is doing now, as a phrase ("everyone loads their trucks"). */
const doing = (state) => either(`text.now.${state.step}`, stepName(state));

function ending(state) {
  if (state.status !== "finished") return [];
  if (state.annulled) return [t("text.annulled")];
  const won = Array.isArray(state.winners) && state.winners.length ? state.winners
    : state.winner !== null && state.winner !== undefined ? [state.winner] : [];
  const names = won.map((w) => (typeof w === "number" || /^\d+$/.test(String(w)) ? nameOf(state, w) : t("text.the_mob", { mob: w })));
  return [names.length ? t("text.over_won", { names: listed(names) }) : t("text.over")];
}

const notesOf = (state, p, winners) => {
  const notes = [];
  if ((state.waiting_for || []).includes(p.seat) && state.status === "running") notes.push(t("board.to_play"));
  if (state.copper_at === p.seat) notes.push(t("text.has_copper"));
  if ((state.forfeited || []).includes(p.seat)) notes.push(t("board.forfeited"));
  if (state.bots && state.bots[p.seat]) notes.push(t("board.bot"));
  if (state.final_cash && state.final_cash[p.seat] !== undefined) notes.push(t("text.final_cash", { cash: money(state.final_cash[p.seat]) }));
  if (winners.includes(p.seat)) notes.push(t("text.winner"));
  return list(notes, "");
};

// --- Bootleggers -----------------------------------------------------------------------------

/** Cash as this viewer may know it: the total, the last announced figure, or hidden. */
function cashWords(state, p) {
  if (p.cash !== null && p.cash !== undefined) return money(p.cash);
  if (p.cash_announced !== null && p.cash_announced !== undefined) {
    return t("text.cash_announced", { cash: money(p.cash_announced), round: state.cash_announced_round });
  }
  return t("text.hidden");
}

/** Where a truck went: the speakeasy's name (its id only if the state has no such speakeasy). */
const placeName = (state, id) => (state.speakeasies || []).find((s) => s.id === id)?.name || words(id);

function moment(state) {
  const round = state.round ? t("text.round_of", { round: state.round, rounds: state.rounds ?? "?" }) : t("text.before_first_round");
  const phase = state.phase ? t("text.phase", { phase: state.phase, name: either(`text.phase_name.${state.phase}`, String(state.phase)) }) : "";
  const step = state.step && state.status === "running" ? t("text.now", { what: doing(state) }) : "";
  return `${round}${phase}.${step}`;
}

function bootleggers(state) {
  const players = state.players || [];
  const out = [];
  const order = (state.order || []).length ? t("text.muscle_order", { names: list(state.order.map((s) => nameOf(state, s))) }) : "";
  const copper = state.copper_at !== null && state.copper_at !== undefined ? t("text.copper_with", { name: nameOf(state, state.copper_at) }) : "";
  const slots = (state.offers?.slots || []).map((s) => `${s.slot}: ${s.card ? cardWords(s.card) : t("board.taken")}`);
  if (state.offers?.truck) slots.push(t("text.offer_truck", { card: cardWords(state.offers.truck) }));
  const deals = (state.deals || []).map((d) => t(d.promise ? "text.deal_promise" : "text.deal", { deal: d.deal,
    from: nameOf(state, d.from), to: nameOf(state, d.to), give: goods(d.give), get: goods(d.get), promise: d.promise }));
  out.push(facts([moment(state), waitingFor(state), order, copper,
    t("text.offers", { offers: list(slots, t("board.no_offers")) }), deals.length ? t("text.open_deals", { deals: deals.join("; ") }) : "",
    ...ending(state)]));
  const winners = state.winner !== null && state.winner !== undefined ? [state.winner] : [];
  const hidden = (n) => t("text.cards_hidden", { n: n ?? 0 });
  out.push(table(t("text.players"), [t("text.col.player"), t("text.col.cash"), t("text.col.muscle_shown"), t("text.col.muscle_hand"),
    t("text.col.thug_cards"), t("text.col.crates"), t("text.col.back_room"), t("text.col.notes")],
  players.map((p) => {
    const hand = Array.isArray(p.muscle_hand) ? list(p.muscle_hand.map(String)) : hidden(p.muscle_hand);
    const thugs = Array.isArray(p.thug_cards) ? list(p.thug_cards.map(cardWords)) : hidden(p.thug_cards);
    const room = Object.entries(p.back_room || {}).filter(([, n]) => n).map(([k, n]) => either(`board.back.${k}`, `${n} ${words(k)}`, { n }));
    return { cells: [seatName(p.name, p.seat), cashWords(state, p), p.displayed_muscle ?? t("board.none"),
      hand, thugs, p.crates ?? 0, list(room, t("board.empty")), notesOf(state, p, winners)], data: { seat: p.seat, cash: p.cash ?? "" } };
  }), { class: "players" }));
  out.push(table(t("text.speakeasies"), [t("text.col.speakeasy"), t("text.col.open"), t("text.col.influence_markers"),
    t("text.col.trucks_at_docks"), t("text.col.room_and_prices")],
  (state.speakeasies || []).map((s) => {
    const markers = Object.entries(s.influence || {}).filter(([, n]) => n).map(([seat, n]) =>
      `${nameOf(state, seat)} ${n}${(s.levels || {})[seat] ? ` (${either(`board.level.${s.levels[seat]}`, s.levels[seat])})` : ""}`);
    const docked = (s.trucks || []).map((x) => t(x.dock ? "text.docked_at" : "text.docked", { owner: whoseName(state, x.seat),
      truck: truckWords(x.truck), crates: t("count.crate", { n: x.crates ?? "?" }), dock: either(`text.dock.${x.dock}`, `${words(x.dock)} dock`) }));
    const room = [];
    if (s.circles) room.push(t("text.circles", { circles: s.circles, shaded: s.shaded }));
    if (s.dice) room.push(t("count.demand_die", { n: s.dice }));
    if (s.improvements) room.push(t("count.improvement", { n: s.improvements }));
    if (s.wholesale !== undefined) room.push(t("board.wholesale", { n: s.wholesale }));
    if (s.profit) room.push(t("text.profit", { cash: money(s.profit) }));
    return { cells: [s.name || s.id, s.open ? t("board.open") : t("board.closed"), list(markers), list(docked), room.join(t("list.separator"))],
      data: { speakeasy: s.id } };
  }), { class: "speakeasies" }));
  const trucks = players.flatMap((p) => (p.trucks || []).map((x) => ({ cells: [t("seat.owned", { owner: whoseName(state, p.seat), thing: truckWords(x.id) }),
    x.size ? either(`board.size.${x.size}`, x.size) : "", t("text.load", { load: x.load ?? 0, capacity: x.capacity ?? "?", n: x.capacity ?? 0 }),
    x.at ? t("text.sent_to", { place: placeName(state, x.at) }) : t("text.at_home")],
  data: { seat: p.seat, truck: x.id } })));
  out.push(table(t("text.trucks"), [t("text.col.truck"), t("text.col.size"), t("text.col.load"), t("text.col.where")], trucks, { class: "trucks" }));
  const stills = players.flatMap((p) => (p.stills || []).map((s) => ({ cells: [t("seat.owned", { owner: whoseName(state, p.seat), thing: stillName(s.id) }),
    t("count.die", { n: s.dice || 0 }), s.last_roll && s.last_roll.length ? s.last_roll.join(t("list.separator")) : t("text.not_rolled")],
  data: { seat: p.seat, still: s.id } })));
  out.push(table(t("text.stills"), [t("text.col.still"), t("text.col.dice"), t("text.col.last_roll")], stills, { class: "stills" }));
  return out;
}

function goods(side) {
  const parts = Object.entries(side || {}).filter(([, v]) => v && (!Array.isArray(v) || v.length)).map(([k, v]) => {
    if (k === "cash") return money(v);
    if (k === "crates") return t("count.crate", { n: v });
    const what = either(`text.goods.${k}`, words(k));
    if (Array.isArray(v)) return `${what} ${v.map((x) => (typeof x === "string" ? (x.includes(":") ? cardWords(x) : truckWords(x)) : JSON.stringify(x))).join(t("list.separator"))}`;
    return `${what} ${typeof v === "object" ? JSON.stringify(v) : v}`;
  });
  return list(parts, t("deal.nothing"));
}

// --- Prohibition ------------------------------------------------------------------------------

function prohibition(state) {
  const players = state.players || [];
  const board = state.board || [];
  const spaceName = (n) => { const s = board.find((b) => b.space === n); return s ? `${n} ${s.name}` : String(n ?? t("board.none")); };
  const turn = state.turn || {};
  const items = [t("text.pro_round", { round: state.round ?? "–", limit: state.round_limit ?? 60 }), waitingFor(state)];
  if (state.status === "running" && turn.seat) {
    items.push(t("text.pro_turn", { name: nameOf(state, turn.seat), rolled: list((turn.rolled || []).map(String), t("text.nothing_yet")),
      left: list((turn.dice || []).map(String)) }));
  }
  if (state.offer) items.push(t(state.offer.kind === "buy" ? "text.pro_may_buy" : "text.pro_may_sell", { name: nameOf(state, turn.seat),
    space: spaceName(state.offer.space), cases: t("count.case", { n: state.offer.max }) }));
  items.push(t("text.pro_law", { law: Object.entries(state.law || {}).map(([k, at]) => t("text.law_at", { who: lawName(k), space: spaceName(at) })).join("; ") }));
  if (Array.isArray(state.ranking)) items.push(t("text.ranking", { ranking: list(state.ranking.map((s, i) => `${i + 1}. ${nameOf(state, s)}`)) }));
  const winners = state.winners || (state.winner ? [state.winner] : []);
  const out = [facts([...items, ...ending(state)])];
  out.push(table(t("text.players"), [t("text.col.player"), t("text.col.bankrolls"), t("text.col.cases"), t("text.col.space"), t("text.col.notes")],
    players.map((p) => ({ cells: [seatName(p.name, p.seat), p.bankrolls ?? t("text.hidden"), p.cases ?? t("text.hidden"), spaceName(p.space),
      notesOf(state, p, winners)], data: { seat: p.seat } })), { class: "players" }));
  out.push(table(t("text.track"), [t("text.col.space"), t("text.col.kind"), t("text.col.goods"), t("text.col.here")], board.map((s) => {
    const here = [...Object.entries(state.law || {}).filter(([, at]) => at === s.space).map(([k]) => lawName(k)),
      ...players.filter((p) => p.space === s.space).map((p) => nameOf(state, p.seat))];
    const goodsHere = s.kind === "C" ? t("count.bankroll", { n: s.bankrolls || 0 }) : t("count.case", { n: s.cases || 0 });
    const kind = s.kind === "E" ? t((s.cases || 0) > 0 ? "text.kind_wet" : "text.kind_dry")
      : either(`text.kind.${s.kind}`, s.kind);
    return { cells: [`${s.space} ${s.name}`, kind, goodsHere, list(here, t("seat.nobody"))], data: { space: s.space } };
  }), { class: "track" }));
  return out;
}

// --- Booze Baron ------------------------------------------------------------------------------

function boozeBaron(state) {
  const players = state.players || [];
  const result = state.result || null;
  const boozeOf = (id) => list(((state.cards || {})[id]?.booze) || [], "?");
  const place = (id) => (state.locations || []).find((l) => l.id === id)?.name || words(id);
  const deck = Array.isArray(state.deck) ? state.deck.length : state.deck ?? "?";
  const items = [state.step && state.status === "running" ? t("text.bb_round_step", { round: state.round ?? "–", what: doing(state) })
    : t("text.bb_round", { round: state.round ?? "–" }),
  waitingFor(state),
  state.baron ? t("text.bb_baron", { name: nameOf(state, state.baron) }) : "",
  t("text.bb_deck", { n: deck, snitches: state.snitches_left ?? "?" }),
  (state.exposures || []).length ? t("text.bb_exposed_so_far", { exposures: state.exposures.map((e) => t("text.bb_exposure",
    { name: nameOf(state, e.seat), mob: e.mob, by: nameOf(state, e.by), round: e.round })).join("; ") }) : "",
  result?.mob_coins ? t("text.bb_mob_coins", { coins: list(Object.entries(result.mob_coins).map(([m, c]) => `${m} ${c}`)) }) : ""];
  const out = [facts([...items, ...ending(state)])];
  out.push(table(t("text.players"), [t("text.col.player"), t("text.col.mob"), t("text.col.exposed"), t("text.col.snitch_tokens"),
    t("text.col.coins"), t("text.col.movement_cards"), t("text.col.at"), t("text.col.delivery_cards")],
  players.map((p) => {
    const mob = p.mob || (result?.mobs || {})[p.seat] || null;
    const coins = result?.coins ? result.coins[p.seat] : null;
    const counted = (p.deliveries || []).length + (p.snitch || 0) + 2 * ((p.movement || []).length + (p.collected || []).length);
    const cards = (p.deliveries || []).map((d) => (d.face_up ? t("text.card_face_up", { id: d.id, booze: boozeOf(d.id) })
      : d.id ? t("text.card_face_down_yours", { id: d.id, booze: boozeOf(d.id) }) : t("text.card_face_down")));
    const movement = [String((p.movement || []).length)];
    if ((p.collected || []).length) movement.push(t("text.collected", { n: p.collected.length }));
    if (p.has_chosen && state.status === "running") movement.push(t("bb.has_chosen"));
    return { cells: [seatName(p.name, p.seat) + (state.baron === p.seat ? t("text.the_baron") : ""), mob ? `${mob}` : t("text.hidden"),
      p.exposed ? t("text.exposed") : t("text.not_exposed"), p.snitch || 0,
      coins !== null && coins !== undefined ? t("text.coins_final", { n: coins }) : t("text.coins_counted", { n: counted }),
      movement.join(t("list.separator")), p.location ? place(p.location) : t("text.nowhere_yet"), list(cards)], data: { seat: p.seat } };
  }), { class: "players" }));
  out.push(table(t("text.locations"), [t("text.col.location"), t("text.col.event"), t("text.col.delivery_cards_here"), t("text.col.pawns_here")],
    (state.locations || []).map((loc) => ({
      cells: [loc.name || loc.id, words(loc.event), list((loc.cards || []).map((id) => `${id} (${boozeOf(id)})`)),
        list(players.filter((p) => p.location === loc.id).map((p) => nameOf(state, p.seat)), t("seat.nobody"))],
      data: { location: loc.id } })), { class: "locations" }));
  return out;
}

const WRITE = { bootleggers, prohibition, booze_baron: boozeBaron };

/** Write the board of `state` into `container` as words; the toggle that controls it
 *  (`aria-controls` = its id) switches between the picture and the words, remembered. The
 *  words are written once the page is idle (the picture is painted first: a live page's
 *  repaint is not made longer by them), and only for the last state given meanwhile. */
export function drawBoardText(container, state) {
  if (!container || !state) return;
  bindToggle(container);
  const due = container.boardTextDue;
  container.boardTextDue = state;
  if (due === undefined || due === null) later(() => write(container));
}

const later = (work) => (typeof requestIdleCallback === "function"
  ? requestIdleCallback(work, { timeout: 300 }) : setTimeout(work, 30));

function write(container) {
  const state = container.boardTextDue;
  container.boardTextDue = null;
  if (!state) return;
  const fresh = node("div", undefined, { class: "board-text-body", "data-version": state.version, "data-ruleset": state.ruleset });
  fresh.append(node("p", t("text.seen", { game: rulesetTitle(state.ruleset), version: state.version, who: seen(state) }), { class: "board-seen" }));
  fresh.append(...(WRITE[state.ruleset] || bootleggers)(state));
  const live = container.querySelector(":scope > .board-text-body");
  if (live && live.nodeName === fresh.nodeName) morph(live, fresh);
  else if (live) live.replaceWith(fresh);
  else container.append(fresh);
}

const seen = (state) => {
  const v = state.viewer || {};
  if (v.kind === "seat") return t("text.player", { name: nameOf(state, v.seat), seat: v.seat });
  return v.kind === "organizer" ? t("text.seen_organizer") : t("text.seen_spectator");
};

const KEY = "bootleggers.boardText";

function bindToggle(container) {
  if (container.dataset.bound) return;
  container.dataset.bound = "true";
  const toggle = document.querySelector(`[aria-controls="${container.id}"]`);
  let on = false;
  try { on = localStorage.getItem(KEY) === "shown"; } catch { /* private mode: the picture first */ }
  const set = (shown) => {
    document.body.dataset.boardText = shown ? "shown" : "hidden";
    if (toggle) toggle.setAttribute("aria-pressed", String(shown));
    try { localStorage.setItem(KEY, shown ? "shown" : "hidden"); } catch { /* not remembered */ }
  };
  set(on);
  toggle?.addEventListener("click", () => set(document.body.dataset.boardText !== "shown"));
}

/** Say in the words' place why there is no board (a view the server refused). */
export function clearBoardText(container, message) {
  if (!container) return;
  bindToggle(container);
  if (container.boardTextDue) container.boardTextDue = false;  // a state still due is no longer the page's
  container.querySelector(":scope > .board-text-body")?.remove();
  container.append(node("p", message, { class: "board-text-body hidden-view" }));
}
