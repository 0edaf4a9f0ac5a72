// Bootleggers' board as SVG: the offers, the speakeasies, the players (board.js draws it where
// a page wants it; the other rulesets' boards are board-prohibition.js and board-booze.js).
import { colour, el, label, nameOf } from "./svg.js";
import { drawnCard } from "./board.js";
import { either, t } from "./i18n.js";

const LEVEL_MARK = { controlling: "C", majority: "M", minority: "m" };
const SPEAKEASY = { w: 318 };
/** How many trucks fit a row of a speakeasy `w` wide (76 px each, the last 72). */
const trucksPerRow = (w) => Math.max(1, Math.floor((w - 82) / 76) + 1);

/** A speakeasy's height: its influence rows and its lines of trucks at the docks. */
const speakeasyHeight = (s, w = SPEAKEASY.w) => {
  const rows = Object.values(s.influence || {}).filter(Boolean).length;
  const trucks = Math.ceil(Math.min((s.trucks || []).length, 8) / trucksPerRow(w));
  return Math.max(96, 58 + rows * 21 + trucks * 28 + ((s.trucks || []).length > 8 ? 16 : 0) + 6);
};

/** "Ada's" / "Adas", "Bix’" in German (after s, ß, x, z). */
const whoseName = (name) => t(/[sßxz]$/i.test(name) ? "seat.whose_hissed" : "seat.whose", { name });
/** A still by its id, as the player's line names it: "family", "remote 1". */
const stillDrawn = (id) => {
  if (id === "family") return t("board.still_family");
  const m = String(id).match(/^remote_(\d+)$/);
  return m ? t("board.still_remote", { n: m[1] }) : String(id).replace("_", " ");
};

function speakeasy(state, s, x, y, height, w = SPEAKEASY.w) {
  const narrow = w !== SPEAKEASY.w;
  const g = el("g", { class: "speakeasy", "data-speakeasy": s.id, "data-open": s.open,
    transform: `translate(${x},${y})` });
  g.append(el("rect", { width: w, height, rx: 8, fill: s.open ? "#f3e3c3" : "#ddd6c8",
    stroke: "#6b4f2f", "stroke-width": 2 }));
  g.append(label({ x: 10, y: 22, "font-size": 17, "font-weight": "bold" }, s.name || s.id, w - 20));
  const facts = [s.open ? t("board.open") : t("board.closed")];
  if (s.dice) facts.push(t("count.die", { n: s.dice }));
  if (s.improvements) facts.push(t("board.improvements", { n: s.improvements }));
  if (s.wholesale !== undefined) facts.push(t("board.wholesale", { n: s.wholesale }));
  g.append(label({ x: 10, y: 42, "font-size": 12, fill: "#4a3a28" }, facts.join(" · "), w - 20));
  // Influence: one row per seat: its name (shortened to its column), one disc per marker,
  // and the level's letter; past 10 markers a count says how many.
  let row = 0;
  for (const [seat, count] of Object.entries(s.influence || {})) {
    if (!count) continue;
    const level = (s.levels || {})[seat];
    const line = el("g", { class: "influence", "data-seat": seat, "data-count": count, "data-level": level || "",
      transform: `translate(10,${54 + row * 21})` });
    line.append(el("circle", { cx: 6, cy: 9, r: 6, fill: colour(seat) }));
    line.append(label({ class: "who", x: 16, y: 14, "font-size": 12 }, nameOf(state, seat), 96));
    const shown = Math.min(count, 10, Math.floor((w - 172) / 15));
    for (let i = 0; i < shown; i++) {
      line.append(el("circle", { class: "marker", "data-seat": seat, cx: 122 + i * 15, cy: 9, r: 6.5,
        fill: colour(seat), stroke: "#222" }));
    }
    if (count > shown) line.append(el("text", { x: 118 + shown * 15, y: 14, "font-size": 12 }, `×${count}`));
    if (level) {
      const mark = el("text", { class: "level", x: w - 28, y: 14, "font-size": 12, "font-weight": "bold",
        "text-anchor": "end" }, LEVEL_MARK[level] || "");
      line.append(mark);
      line.append(el("title", {}, t("board.influence_title", { name: nameOf(state, seat), count, level: t(`board.level.${level}`) })));
    }
    g.append(line);
    row += 1;
  }
  // Trucks lined up at the docks, four to a row, in their owner's colour.
  const docks = 58 + row * 21 + 2;
  const perRow = trucksPerRow(w);
  (s.trucks || []).slice(0, 8).forEach((x, i) => {
    const truck = el("g", { class: "dock-truck", "data-seat": x.seat, "data-truck": x.truck,
      transform: `translate(${10 + (i % perRow) * 76},${docks + Math.floor(i / perRow) * 28})` });
    truck.append(el("rect", { width: 72, height: 24, rx: 3, fill: colour(x.seat) }));
    truck.append(label({ x: 4, y: 16, "font-size": narrow ? 12 : 11, fill: "#fff" }, t("board.crates", { n: x.crates ?? "?" }), 64));
    truck.append(el("title", {}, t(x.dock ? "board.dock_truck_at" : "board.dock_truck",
      { owner: whoseName(nameOf(state, x.seat)), truck: x.truck, crates: x.crates ?? "?", dock: x.dock })));
    g.append(truck);
  });
  if ((s.trucks || []).length > 8) {
    g.append(el("text", { x: 10, y: docks + Math.ceil(8 / perRow) * 28 + 14, "font-size": narrow ? 12 : 11 }, t("board.more_trucks", { n: s.trucks.length - 8 })));
  }
  return g;
}

const PLAYER_H = 100;
const PLAYER_NARROW_H = 186;

/** A player's facts, in the order both layouts draw them. */
function playerFacts(state, p) {
  const seat = p.seat;
  const active = (state.waiting_for || []).includes(seat);
  const marks = [t("board.seat", { seat })];
  if (state.winner === seat || (state.winners || []).includes?.(seat)) marks.push(t("board.winner"));
  if (state.copper_at === seat) marks.push(t("board.copper"));
  if ((state.forfeited || []).includes(seat)) marks.push(t("board.forfeited"));
  if ((state.bots && state.bots[seat])) marks.push(t("board.bot"));
  if (active) marks.push(t("board.to_play"));
  const money = cashShown(state, p);
  if (money.note) marks.push(money.note);
  const hand = Array.isArray(p.muscle_hand) ? p.muscle_hand.join(" ") : t("board.cards", { n: p.muscle_hand ?? 0 });
  const thugs = Array.isArray(p.thug_cards) ? (p.thug_cards.map(drawnCard).join(", ") || t("board.none")) : `${p.thug_cards ?? 0}`;
  const stills = (p.stills || []).map((s) => t(s.last_roll && s.last_roll.length ? "board.still_rolled" : "board.still",
    { still: stillDrawn(s.id), dice: t("count.die", { n: s.dice || 0 }), roll: (s.last_roll || []).join(" ") })).join(" · ");
  const back = Object.entries(p.back_room || {}).filter(([, n]) => n).map(([k, n]) => either(`board.back.${k}`, `${n} ${k}`, { n }))
    .join(", ");
  const trucks = (p.trucks || []).map((x) => `${x.size ? t(`board.size.${x.size}`) : x.id} ${x.load ?? 0}/${x.capacity ?? "?"}${x.at ? " → " + x.at : ""}`);
  const truckLine = trucks.join(", ") || t("board.none");
  return { active, marks: marks.join(" · "), money, hand: t("board.hand", { hand }), thugs: t("board.thugs", { thugs }),
    stills: t("board.stills", { stills: stills || t("board.none") }), back: t("board.back_room", { back: back || t("board.empty") }),
    trucks: p.crates ? t("board.trucks_crates", { trucks: truckLine, n: p.crates }) : t("board.trucks", { trucks: truckLine }) };
}

/** Where each line of a player's box goes: x, y and room, wide (two columns) or narrow (one). */
const PLAYER_LINES = {
  wide: { marks: [570, 25, 420], cash: [38, 46], muscle: [100, 46, 104], hand: [210, 46], thugs: [620, 46, 370],
    stills: [38, 67, 560], back: [620, 67, 370], trucks: [38, 88, 950] },
  narrow: (w) => ({ marks: [10, 46, w - 20], cash: [10, 67], muscle: [90, 67, w - 100], hand: [10, 88, w - 20],
    thugs: [10, 109, w - 20], stills: [10, 130, w - 20], back: [10, 151, w - 20], trucks: [10, 172, w - 20] }),
};

function player(state, p, y, width, narrow = false) {
  const seat = p.seat;
  const f = playerFacts(state, p);
  const at = narrow ? PLAYER_LINES.narrow(width) : PLAYER_LINES.wide;
  const g = el("g", { class: "player", "data-seat": seat, "data-cash": p.cash ?? "",
    "data-cash-announced": p.cash_announced ?? "",
    "data-muscle": p.displayed_muscle ?? "", transform: `translate(0,${y})` });
  g.append(el("rect", { width, height: (narrow ? PLAYER_NARROW_H : PLAYER_H) - 6, rx: 6, fill: f.active ? "#fff1c1" : "#fbf6ec",
    stroke: colour(seat), "stroke-width": f.active ? 4 : 2 }));
  g.append(el("circle", { cx: 20, cy: 20, r: 10, fill: colour(seat) }));
  g.append(label({ class: "name", x: 38, y: 25, "font-size": 15, "font-weight": "bold" }, p.name ?? t("board.seat", { seat }),
    narrow ? width - 46 : 520));
  const line = (cls, key, text, extra = {}) => {
    const [x, ly, room] = at[key];
    g.append(room ? label({ class: cls, x, y: ly, "font-size": 13, ...extra }, text, room)
      : el("text", { class: cls, x, y: ly, "font-size": 13, ...extra }, text));
  };
  line("marks", "marks", f.marks);
  const cash = el("text", { class: f.money.note ? "cash announced" : "cash", x: at.cash[0], y: at.cash[1], "font-size": 14,
    "font-weight": "bold" }, f.money.text);
  if (f.money.note) cash.append(el("title", {}, f.money.note));
  g.append(cash);
  line("muscle", "muscle", t("board.muscle", { n: p.displayed_muscle ?? "–" }));
  line("hand", "hand", f.hand, { "data-hidden": !Array.isArray(p.muscle_hand) });
  line("thugs", "thugs", f.thugs);
  line("stills", "stills", f.stills);
  line("back-room", "back", f.back);
  line("trucks", "trucks", f.trucks);
  return g;
}

// Cash under the game option `cash: "announced"` (docs/rules.md "Cash is announced, not shown"):
// another seat's total is null while the game runs, and the page shows its last announced
// figure, saying when it was announced; before the first announcement, "$?".
function cashShown(state, p) {
  if (p.cash !== null && p.cash !== undefined) return { text: `$${p.cash}`, note: "" };
  if (p.cash_announced !== null && p.cash_announced !== undefined) {
    return { text: `$${p.cash_announced}`, note: t("board.cash_announced", { round: state.cash_announced_round }) };
  }
  return { text: "$?", note: state.cash_visibility === "announced" ? t("board.cash_not_announced") : "" };
}

/** The offers: a row of cards beside their title, or (narrow) one card a line under it.
 *  Returns the group and the height it takes. */
function offers(state, width = 0) {
  const g = el("g", { class: "offers" });
  const title = t("board.offers");
  g.append(el("text", { x: 0, y: 19, "font-size": 14, "font-weight": "bold" }, title));
  // The cards start past their title, however long it reads in the reader's language ("Angebote")
  // (about 0.62 em a character of bold 14 px; the row has room up to the board's 1000 units).
  const start = Math.max(60, Math.ceil(title.length * 8.7) + 10);
  const slots = state.offers?.slots || [];
  const cards = slots.map((s) => ({ label: `${s.slot}: ${s.card ? drawnCard(s.card) : t("board.taken")}`, slot: s.slot, card: s.card }));
  if (state.offers?.truck) cards.push({ label: drawnCard(state.offers.truck), slot: "truck", card: state.offers.truck });
  const w = width ? width - 2 : 182;
  cards.forEach((c, i) => {
    const at = width ? `1,${28 + i * 30}` : `${start + i * 190},2`;
    const card = el("g", { class: "offer", "data-slot": c.slot, "data-card": c.card || "", transform: `translate(${at})` });
    card.append(el("rect", { width: w, height: 26, rx: 4, fill: "#fff", stroke: "#6b4f2f" }));
    card.append(label({ x: 6, y: 18, "font-size": 12 }, c.label, w - 12));
    g.append(card);
  });
  if (!cards.length) g.append(el("text", { x: start, y: 19, "font-size": 12, fill: "#5c4c3a" }, t("board.no_offers")));
  return { g, height: width && cards.length ? 28 + cards.length * 30 : 30 };
}

/** Bootleggers: the offers, the speakeasies three to a row, the players below; `narrow` (a
 *  width in CSS px, or 0): one speakeasy a row and each player's facts one a line. */
export function drawBootleggers(state, narrow = 0) {
  const width = narrow || 1000;
  const perRow = narrow ? 1 : 3;
  const players = state.players || [];
  const places = state.speakeasies || [];
  const svg = el("svg", {});
  const top = offers(state, narrow);
  svg.append(top.g);
  let y = top.height + 10;
  const w = narrow ? width : SPEAKEASY.w;
  for (let first = 0; first < places.length; first += perRow) {  // a row as tall as its tallest speakeasy
    const row = places.slice(first, first + perRow);
    const height = Math.max(...row.map((s) => speakeasyHeight(s, w)));
    row.forEach((s, i) => svg.append(speakeasy(state, s, i * (SPEAKEASY.w + 23), y, height, w)));
    y += height + 10;
  }
  const playersTop = y + 6;
  const each = narrow ? PLAYER_NARROW_H : PLAYER_H;
  svg.setAttribute("viewBox", `0 0 ${width} ${playersTop + players.length * each + 4}`);
  players.forEach((p, i) => svg.append(player(state, p, playersTop + i * each, width, Boolean(narrow))));
  return svg;
}
