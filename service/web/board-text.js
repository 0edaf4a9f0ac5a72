// The board in words: the same state the SVG board is drawn from, written as lists and tables
// (a caption per table, a header per column and row) so that a screen reader can move through
// it cell by cell and a sighted reader can switch the picture for it ("Board as text"). It
// reads nothing but the state it is given: what that viewer may not see is absent there, and
// is said to be hidden here. Each ruleset's own lists and tables are its module's `text`
// (ruleset-*.js), written with the helpers exported here.
import { drawnCard } from "./board.js";
import { either, lang, listed, t } from "./i18n.js";
import { nameOf as plainName, morph } from "./svg.js";
import { mobWord, stepName, truckName, words } from "./seat-words.js";
import { RULESETS, rulesetOf, rulesetTitle } from "./rulesets.js";

// Every word below is the catalog's (`text.*`, and the boards' own `board.*`, `count.*`, `pro.*`);
// the English catalog says what this page said before, word for word, where tests read it.
const LAW = { police: "pro.police", agent: "pro.agent", fbi: "pro.fbi" };
export const lawName = (k) => (LAW[k] ? t(LAW[k]) : words(k));

// A name is isolated from the words around it (U+2068 … U+2069): an Arabic or Hebrew name
// never reorders the sentence it stands in.
const isolate = (text) => `\u2068${text}\u2069`;
export const nameOf = (state, seat) => isolate(plainName(state, seat));
/** "Ada's" / "Adas", "Bix’" in German (after s, ß, x, z). */
export const whoseName = (state, seat) => {
  const name = plainName(state, seat);
  return isolate(t(/[sßxz]$/i.test(name) ? "seat.whose_hissed" : "seat.whose", { name }));
};
export const seatName = (name, seat) => t("text.player", { name: isolate(name ?? t("board.seat", { seat })), seat });
export const money = (n) => t("text.cash", { n });
/** A truck by its id: "small 1" in English, as it always was here; the catalog's name otherwise. */
export const truckWords = (id) => (lang === "en" ? words(id) : truckName(id));
/** A card: "hit", "small truck" (drawnCard: the catalog's name in other languages). */
export const cardWords = (card) => drawnCard(card);

function node(tag, text, attrs = {}) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined && value !== null) made.setAttribute(key, value);
  if (text !== undefined && text !== null) made.textContent = String(text);
  return made;
}

export const list = (items, none = t("board.none")) => (items.length ? items.join(t("list.separator")) : none);

/** A table: a caption, a header row, then one row per item whose first cell heads the row.
 *  On a narrow screen (board.css) each row becomes a card and each cell shows its column's
 *  name in a label a screen reader skips (it has the header); the roles keep the table a
 *  table to assistive technology whatever its display. */
export function table(caption, headers, rows, attrs = {}) {
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
export function facts(items) {
  const ul = node("ul", undefined, { class: "board-facts", "aria-label": t("text.the_moment") });
  for (const item of items.filter(Boolean)) ul.append(node("li", item));
  return ul;
}

export const waitingFor = (state) => ((state.waiting_for || []).length && state.status === "running"
  ? t("text.waiting_for", { names: listed(state.waiting_for.map((s) => nameOf(state, s))) }) : "");

/** What the game is doing now, as a phrase ("everyone loads their trucks"). */
export const doing = (state) => either(`text.now.${state.step}`, stepName(state));

export function ending(state) {
  if (state.status !== "finished") return [];
  if (state.annulled) return [t("text.annulled")];
  const won = Array.isArray(state.winners) && state.winners.length ? state.winners
    : state.winner !== null && state.winner !== undefined ? [state.winner] : [];
  const names = won.map((w) => (typeof w === "number" || /^\d+$/.test(String(w)) ? nameOf(state, w) : t("text.the_mob", { mob: mobWord(w) })));
  return [names.length ? t("text.over_won", { names: listed(names) }) : t("text.over")];
}

export const notesOf = (state, p, winners) => {
  const notes = [];
  if ((state.waiting_for || []).includes(p.seat) && state.status === "running") notes.push(t("board.to_play"));
  if (state.copper_at === p.seat) notes.push(t("text.has_copper"));
  if ((state.forfeited || []).includes(p.seat)) notes.push(t("board.forfeited"));
  if (state.bots && state.bots[p.seat]) notes.push(t("board.bot"));
  if (state.final_cash && state.final_cash[p.seat] !== undefined) notes.push(t("text.final_cash", { cash: money(state.final_cash[p.seat]) }));
  if (winners.includes(p.seat)) notes.push(t("text.winner"));
  return list(notes, "");
};

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
  fresh.append(...(rulesetOf(state.ruleset) || RULESETS.bootleggers).text(state));
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
