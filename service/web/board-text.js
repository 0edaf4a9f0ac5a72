// The board in words: the same state the SVG board is drawn from, written as lists and tables
// (a caption per table, a header per column and row) so that a screen reader can move through
// it cell by cell and a sighted reader can switch the picture for it ("Board as text"). It
// reads nothing but the state it is given: what that viewer may not see is absent there, and
// is said to be hidden here.
import { cardLabel } from "./board.js";
import { morph, nameOf as plainName, rulesetTitle } from "./svg.js";

const PHASES = { 1: "Muscle and the offers", 2: "influence", 3: "production", 4: "deals and shipping",
  5: "sales", 6: "the Heat" };
const STEPS = { bid: "everyone bids a Muscle card, sealed", choose_offer: "offers are taken in Muscle order",
  place_influence: "influence is placed in Muscle order", load: "everyone loads their trucks",
  dispatch: "trucks are sent in Muscle order", deals: "deals may be made", public_dock: "the Public dock is asked",
  vigorish: "A Little Vigorish is answered", thug_window: "Thug cards may be declared",
  reaction: "the table may answer a Thug card",
  // Prohibition and Booze Baron
  move: "moving", buy: "buying Cases", sell: "selling Cases", action: "the Action Phase",
  follow_up: "the end of a Tail (Steal or Expose)" };
const LEVELS = { controlling: "controlling", majority: "majority", minority: "minority" };
const KIND = { E: "Establishment", S: "Source", C: "Culture" };
const LAW = { police: "the Local Police", agent: "the Prohibition Agent", fbi: "the FBI Agent" };

// A name is isolated from the words around it (U+2068 … U+2069): an Arabic or Hebrew name
// never reorders the English sentence it stands in.
const isolate = (text) => `\u2068${text}\u2069`;
const nameOf = (state, seat) => isolate(plainName(state, seat));

function node(tag, text, attrs = {}) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined && value !== null) made.setAttribute(key, value);
  if (text !== undefined && text !== null) made.textContent = String(text);
  return made;
}

const plural = (n, one, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;
const words = (id) => String(id ?? "").replaceAll("_", " ");
const list = (items, none = "none") => (items.length ? items.join(", ") : none);

/** A table: a caption, a header row, then one row per item whose first cell heads the row.
 *  On a narrow screen (board.css) each row becomes a card and each cell shows its column's
 *  name in a label a screen reader skips (it has the header); the roles keep the table a
 *  table to assistive technology whatever its display. */
function table(caption, headers, rows, attrs = {}) {
  const t = node("table", undefined, { ...attrs, role: "table" });
  t.append(node("caption", caption));
  const head = node("tr", undefined, { role: "row" });
  for (const h of headers) head.append(node("th", h, { scope: "col", role: "columnheader" }));
  const thead = node("thead", undefined, { role: "rowgroup" });
  thead.append(head);
  t.append(thead);
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
  t.append(body);
  return t;
}

/** The facts of the moment (round, phase, whose move), a list of sentences. */
function facts(items, label) {
  const ul = node("ul", undefined, { class: "board-facts", "aria-label": label });
  for (const item of items.filter(Boolean)) ul.append(node("li", item));
  return ul;
}

const waitingFor = (state) => ((state.waiting_for || []).length && state.status === "running"
  ? `Waiting for ${state.waiting_for.map((s) => nameOf(state, s)).join(", ")}.` : "");

function ending(state) {
  if (state.status !== "finished") return [];
  if (state.annulled) return ["The game is over: it was annulled, nobody won."];
  const won = Array.isArray(state.winners) && state.winners.length ? state.winners
    : state.winner !== null && state.winner !== undefined ? [state.winner] : [];
  const names = won.map((w) => (typeof w === "number" || /^\d+$/.test(String(w)) ? nameOf(state, w) : `the ${w} Mob`));
  return [`The game is over.${names.length ? ` Won by ${names.join(" and ")}.` : ""}`];
}

// --- Bootleggers -----------------------------------------------------------------------------

/** Cash as this viewer may know it: the total, the last announced figure, or hidden. */
function cashWords(state, p) {
  if (p.cash !== null && p.cash !== undefined) return `$${p.cash}`;
  if (p.cash_announced !== null && p.cash_announced !== undefined) {
    return `$${p.cash_announced} (announced after round ${state.cash_announced_round})`;
  }
  return "hidden";
}

function bootleggers(state) {
  const players = state.players || [];
  const out = [];
  const round = state.round ? `Round ${state.round} of ${state.rounds ?? "?"}` : "Before the first round";
  const phase = state.phase ? `, Phase ${state.phase} (${PHASES[state.phase] || state.phase})` : "";
  const step = state.step && state.status === "running" ? ` Now ${STEPS[state.step] || words(state.step)}.` : "";
  const order = (state.order || []).length ? `Muscle order: ${state.order.map((s) => nameOf(state, s)).join(", ")}.` : "";
  const copper = state.copper_at !== null && state.copper_at !== undefined ? `The Copper is with ${nameOf(state, state.copper_at)}.` : "";
  const slots = (state.offers?.slots || []).map((s) => `${s.slot}: ${s.card ? cardLabel(s.card) : "taken"}`);
  if (state.offers?.truck) slots.push(`truck: ${cardLabel(state.offers.truck)}`);
  const deals = (state.deals || []).map((d) => `${d.deal}: ${nameOf(state, d.from)} offers ${nameOf(state, d.to)} ` +
    `${goods(d.give)} for ${goods(d.get)}${d.promise ? `, promising “${d.promise}”` : ""}`);
  out.push(facts([`${round}${phase}.${step}`, waitingFor(state), order, copper,
    `Offers: ${list(slots, "none on the table")}.`, deals.length ? `Open deals: ${deals.join("; ")}.` : "",
    ...ending(state)], "the moment"));
  const finalCash = state.final_cash || null;
  out.push(table("Players", ["Player", "Cash", "Muscle shown", "Muscle hand", "Thug cards", "Crates", "Back room", "Notes"],
    players.map((p) => {
      const hand = Array.isArray(p.muscle_hand) ? list(p.muscle_hand.map(String)) : `${plural(p.muscle_hand ?? 0, "card")} (hidden)`;
      const thugs = Array.isArray(p.thug_cards) ? list(p.thug_cards.map(cardLabel)) : `${plural(p.thug_cards ?? 0, "card")} (hidden)`;
      const room = Object.entries(p.back_room || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${words(k)}`);
      const notes = [];
      if ((state.waiting_for || []).includes(p.seat) && state.status === "running") notes.push("to play");
      if (state.copper_at === p.seat) notes.push("has the Copper");
      if ((state.forfeited || []).includes(p.seat)) notes.push("forfeited");
      if (state.bots && state.bots[p.seat]) notes.push("played by the server's bot");
      if (finalCash && finalCash[p.seat] !== undefined) notes.push(`final cash $${finalCash[p.seat]}`);
      if (state.winner === p.seat) notes.push("winner");
      return { cells: [`${isolate(p.name ?? "seat " + p.seat)} (seat ${p.seat})`, cashWords(state, p), p.displayed_muscle ?? "none",
        hand, thugs, p.crates ?? 0, list(room, "empty"), list(notes, "")], data: { seat: p.seat, cash: p.cash ?? "" } };
    }), { class: "players" }));
  out.push(table("Speakeasies, smallest first", ["Speakeasy", "Open", "Influence markers", "Trucks at the docks", "Room and prices"],
    (state.speakeasies || []).map((s) => {
      const markers = Object.entries(s.influence || {}).filter(([, n]) => n).map(([seat, n]) =>
        `${nameOf(state, seat)} ${n}${(s.levels || {})[seat] ? ` (${LEVELS[s.levels[seat]] || s.levels[seat]})` : ""}`);
      const docked = (s.trucks || []).map((t) => `${nameOf(state, t.seat)}'s ${words(t.truck)}, ${plural(t.crates ?? "?", "crate")}` +
        `${t.dock ? `, ${words(t.dock)} dock` : ""}`);
      const room = [];
      if (s.circles) room.push(`${s.circles} circles, open from ${s.shaded} markers`);
      if (s.dice) room.push(plural(s.dice, "demand die", "demand dice"));
      if (s.improvements) room.push(plural(s.improvements, "improvement"));
      if (s.wholesale !== undefined) room.push(`wholesale $${s.wholesale}`);
      if (s.profit) room.push(`profit $${s.profit}`);
      return { cells: [s.name || s.id, s.open ? "open" : "closed", list(markers), list(docked), room.join(", ")],
        data: { speakeasy: s.id } };
    }), { class: "speakeasies" }));
  const trucks = players.flatMap((p) => (p.trucks || []).map((t) => ({ cells: [`${nameOf(state, p.seat)}'s ${words(t.id)}`,
    t.size || "", `${t.load ?? 0} of ${t.capacity ?? "?"} crates`, t.at ? `sent to ${words(t.at)}` : "at home"],
  data: { seat: p.seat, truck: t.id } })));
  out.push(table("Trucks", ["Truck", "Size", "Load", "Where"], trucks, { class: "trucks" }));
  const stills = players.flatMap((p) => (p.stills || []).map((s) => ({ cells: [`${nameOf(state, p.seat)}'s ${words(s.id)} still`,
    plural(s.dice || 0, "die", "dice"), s.last_roll && s.last_roll.length ? s.last_roll.join(", ") : "not rolled"],
  data: { seat: p.seat, still: s.id } })));
  out.push(table("Stills", ["Still", "Dice", "Last roll"], stills, { class: "stills" }));
  return out;
}

function goods(side) {
  const parts = Object.entries(side || {}).filter(([, v]) => v && (!Array.isArray(v) || v.length)).map(([k, v]) => {
    if (k === "cash") return `$${v}`;
    if (k === "crates") return plural(v, "crate");
    if (Array.isArray(v)) return `${words(k)} ${v.map((x) => (typeof x === "string" ? cardLabel(x) : JSON.stringify(x))).join(", ")}`;
    return `${words(k)} ${typeof v === "object" ? JSON.stringify(v) : v}`;
  });
  return list(parts, "nothing");
}

// --- Prohibition ------------------------------------------------------------------------------

function prohibition(state) {
  const players = state.players || [];
  const board = state.board || [];
  const spaceName = (n) => { const s = board.find((b) => b.space === n); return s ? `${n} ${s.name}` : String(n ?? "none"); };
  const turn = state.turn || {};
  const items = [`Round ${state.round ?? "–"} of at most ${state.round_limit ?? 60}.`, waitingFor(state)];
  if (state.status === "running" && turn.seat) {
    items.push(`${nameOf(state, turn.seat)}'s turn: rolled ${list((turn.rolled || []).map(String), "nothing yet")}; ` +
      `dice left ${list((turn.dice || []).map(String))}.`);
  }
  if (state.offer) items.push(`${nameOf(state, turn.seat)} ${state.offer.kind === "buy" ? "may buy" : "may sell"} ` +
    `at space ${spaceName(state.offer.space)}, up to ${plural(state.offer.max, "Case")}.`);
  items.push(`The Law: ${Object.entries(state.law || {}).map(([k, at]) => `${LAW[k] || k} at ${spaceName(at)}`).join("; ")}.`);
  if (Array.isArray(state.ranking)) items.push(`Ranking: ${state.ranking.map((s, i) => `${i + 1}. ${nameOf(state, s)}`).join(", ")}.`);
  const winners = state.winners || (state.winner ? [state.winner] : []);
  const out = [facts([...items, ...ending(state)], "the moment")];
  out.push(table("Players", ["Player", "Bankrolls", "Cases", "Space", "Notes"], players.map((p) => {
    const notes = [];
    if ((state.waiting_for || []).includes(p.seat) && state.status === "running") notes.push("to play");
    if (winners.includes(p.seat)) notes.push("winner");
    if ((state.forfeited || []).includes(p.seat)) notes.push("forfeited");
    return { cells: [`${isolate(p.name)} (seat ${p.seat})`, p.bankrolls ?? "hidden", p.cases ?? "hidden", spaceName(p.space), list(notes, "")],
      data: { seat: p.seat } };
  }), { class: "players" }));
  out.push(table("The track, spaces 1 to 24 in order", ["Space", "Kind", "Goods", "Here"], board.map((s) => {
    const here = [...Object.entries(state.law || {}).filter(([, at]) => at === s.space).map(([k]) => LAW[k] || k),
      ...players.filter((p) => p.space === s.space).map((p) => nameOf(state, p.seat))];
    const goodsHere = s.kind === "C" ? plural(s.bankrolls || 0, "Bankroll") : plural(s.cases || 0, "Case");
    const kind = s.kind === "E" ? `${KIND.E}, ${(s.cases || 0) > 0 ? "wet" : "dry"}` : KIND[s.kind] || s.kind;
    return { cells: [`${s.space} ${s.name}`, kind, goodsHere, list(here, "nobody")], data: { space: s.space } };
  }), { class: "track" }));
  return out;
}

// --- Booze Baron ------------------------------------------------------------------------------

function boozeBaron(state) {
  const players = state.players || [];
  const result = state.result || null;
  const boozeOf = (id) => list(((state.cards || {})[id]?.booze) || [], "?");
  const place = (id) => (state.locations || []).find((l) => l.id === id)?.name || words(id);
  const items = [`Round ${state.round ?? "–"}${state.step && state.status === "running" ? `, ${STEPS[state.step] || words(state.step)}` : ""}.`,
    waitingFor(state),
    state.baron ? `The Booze Baron: ${nameOf(state, state.baron)}.` : "",
    `Deck: ${plural(Array.isArray(state.deck) ? state.deck.length : state.deck ?? "?", "Delivery card")}; Snitch tokens left: ${state.snitches_left ?? "?"}.`,
    (state.exposures || []).length ? `Exposed so far: ${state.exposures.map((e) => `${nameOf(state, e.seat)} (${e.mob} Mob, by ${nameOf(state, e.by)} in round ${e.round})`).join("; ")}.` : "",
    result?.mob_coins ? `Mob Coins: ${Object.entries(result.mob_coins).map(([m, c]) => `${m} ${c}`).join(", ")}.` : ""];
  const out = [facts([...items, ...ending(state)], "the moment")];
  out.push(table("Players", ["Player", "Mob", "Exposed", "Snitch tokens", "Coins", "Movement cards", "At", "Delivery cards"],
    players.map((p) => {
      const mob = p.mob || (result?.mobs || {})[p.seat] || null;
      const coins = result?.coins ? result.coins[p.seat] : null;
      const counted = (p.deliveries || []).length + (p.snitch || 0) + 2 * ((p.movement || []).length + (p.collected || []).length);
      const cards = (p.deliveries || []).map((d) => (d.face_up ? `${d.id} face up (${boozeOf(d.id)})`
        : d.id ? `${d.id} face down (only you see it: ${boozeOf(d.id)})` : "one face down"));
      return { cells: [`${isolate(p.name)} (seat ${p.seat})${state.baron === p.seat ? ", the Booze Baron" : ""}`, mob ? `${mob}` : "hidden",
        p.exposed ? "exposed" : "not exposed", p.snitch || 0,
        coins !== null && coins !== undefined ? `${coins} (final)` : `${counted} on the table`,
        `${(p.movement || []).length}${(p.collected || []).length ? `, ${p.collected.length} collected` : ""}${p.has_chosen && state.status === "running" ? ", has chosen" : ""}`,
        p.location ? place(p.location) : "nowhere yet", list(cards)], data: { seat: p.seat } };
    }), { class: "players" }));
  out.push(table("Locations", ["Location", "Event", "Delivery cards here", "Pawns here"], (state.locations || []).map((loc) => ({
    cells: [loc.name || loc.id, words(loc.event), list((loc.cards || []).map((id) => `${id} (${boozeOf(id)})`)),
      list(players.filter((p) => p.location === loc.id).map((p) => nameOf(state, p.seat)), "nobody")],
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
  fresh.append(node("p", `${rulesetTitle(state.ruleset)}, version ${state.version}, as ${seen(state)} sees it.`, { class: "board-seen" }));
  fresh.append(...(WRITE[state.ruleset] || bootleggers)(state));
  const live = container.querySelector(":scope > .board-text-body");
  if (live && live.nodeName === fresh.nodeName) morph(live, fresh);
  else if (live) live.replaceWith(fresh);
  else container.append(fresh);
}

const seen = (state) => {
  const v = state.viewer || {};
  if (v.kind === "seat") return `${nameOf(state, v.seat)} (seat ${v.seat})`;
  return v.kind === "organizer" ? "the organizer" : "a spectator";
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
