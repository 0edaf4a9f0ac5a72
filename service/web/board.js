// The board as SVG, drawn from one state answer, for each ruleset (Prohibition and Booze Baron
// in their own modules). Every figure carries data-* attributes (speakeasy, seat, count) so
// that tests and users read the same numbers the state holds. Labels that hold a name get a
// width (svg.js `label`) and are shortened to it once drawn: long names never overlap.
import { colour, el, fitKnown, fitTexts, label, morph, nameOf, rulesetTitle } from "./svg.js";
import { drawProhibition } from "./board-prohibition.js";
import { drawBoozeBaron } from "./board-booze.js";

export { SEAT_COLOURS } from "./svg.js";
const LEVEL_MARK = { controlling: "C", majority: "M", minority: "m" };
const SPEAKEASY = { w: 318 };

/** A speakeasy's height: its influence rows and its lines of trucks at the docks. */
const speakeasyHeight = (s) => {
  const rows = Object.values(s.influence || {}).filter(Boolean).length;
  const trucks = Math.ceil(Math.min((s.trucks || []).length, 8) / 4);
  return Math.max(96, 58 + rows * 21 + trucks * 28 + ((s.trucks || []).length > 8 ? 16 : 0) + 6);
};

/** "thug:hit#2" → "hit", "truck:small#1" → "small truck", "single_influence#3" → "single influence". */
export const cardLabel = (card) => {
  const text = String(card).replace(/#\d+$/, "");
  if (text.startsWith("truck:")) return `${text.slice(6)} truck`;
  return text.replace(/^thug:/, "").replaceAll("_", " ");
};

function speakeasy(state, s, x, y, height) {
  const g = el("g", { class: "speakeasy", "data-speakeasy": s.id, "data-open": s.open,
    transform: `translate(${x},${y})` });
  g.append(el("rect", { width: SPEAKEASY.w, height, rx: 8, fill: s.open ? "#f3e3c3" : "#ddd6c8",
    stroke: "#6b4f2f", "stroke-width": 2 }));
  g.append(label({ x: 10, y: 22, "font-size": 17, "font-weight": "bold" }, s.name || s.id, 298));
  const facts = [s.open ? "open" : "closed"];
  if (s.dice) facts.push(`${s.dice} ${s.dice === 1 ? "die" : "dice"}`);
  if (s.improvements) facts.push(`improvements ${s.improvements}`);
  if (s.wholesale !== undefined) facts.push(`wholesale $${s.wholesale}`);
  g.append(label({ x: 10, y: 42, "font-size": 12, fill: "#4a3a28" }, facts.join(" · "), 298));
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
    const shown = Math.min(count, 10);
    for (let i = 0; i < shown; i++) {
      line.append(el("circle", { class: "marker", "data-seat": seat, cx: 122 + i * 15, cy: 9, r: 6.5,
        fill: colour(seat), stroke: "#222" }));
    }
    if (count > shown) line.append(el("text", { x: 118 + shown * 15, y: 14, "font-size": 12 }, `×${count}`));
    if (level) {
      const mark = el("text", { class: "level", x: 290, y: 14, "font-size": 12, "font-weight": "bold",
        "text-anchor": "end" }, LEVEL_MARK[level] || "");
      line.append(mark);
      line.append(el("title", {}, `${nameOf(state, seat)}: ${count} influence, ${level}`));
    }
    g.append(line);
    row += 1;
  }
  // Trucks lined up at the docks, four to a row, in their owner's colour.
  const docks = 58 + row * 21 + 2;
  (s.trucks || []).slice(0, 8).forEach((t, i) => {
    const truck = el("g", { class: "dock-truck", "data-seat": t.seat, "data-truck": t.truck,
      transform: `translate(${10 + (i % 4) * 76},${docks + Math.floor(i / 4) * 28})` });
    truck.append(el("rect", { width: 72, height: 24, rx: 3, fill: colour(t.seat) }));
    truck.append(label({ x: 4, y: 16, "font-size": 11, fill: "#fff" }, `${t.crates ?? "?"} crates`, 64));
    truck.append(el("title", {}, `${nameOf(state, t.seat)}'s ${t.truck}: ${t.crates ?? "?"} crates${t.dock ? ", dock " + t.dock : ""}`));
    g.append(truck);
  });
  if ((s.trucks || []).length > 8) g.append(el("text", { x: 10, y: docks + 70, "font-size": 11 }, `+${s.trucks.length - 8} more trucks`));
  return g;
}

const PLAYER_H = 100;

function player(state, p, y, width) {
  const seat = p.seat;
  const g = el("g", { class: "player", "data-seat": seat, "data-cash": p.cash ?? "",
    "data-cash-announced": p.cash_announced ?? "",
    "data-muscle": p.displayed_muscle ?? "", transform: `translate(0,${y})` });
  const active = (state.waiting_for || []).includes(seat);
  g.append(el("rect", { width, height: PLAYER_H - 6, rx: 6, fill: active ? "#fff1c1" : "#fbf6ec",
    stroke: colour(seat), "stroke-width": active ? 4 : 2 }));
  g.append(el("circle", { cx: 20, cy: 20, r: 10, fill: colour(seat) }));
  g.append(label({ class: "name", x: 38, y: 25, "font-size": 15, "font-weight": "bold" }, p.name ?? `seat ${seat}`, 520));
  const marks = [`seat ${seat}`];
  if (state.winner === seat || (state.winners || []).includes?.(seat)) marks.push("★ winner");
  if (state.copper_at === seat) marks.push("the Copper is here");
  if ((state.forfeited || []).includes(seat)) marks.push("forfeited");
  if ((state.bots && state.bots[seat])) marks.push("played by the server's bot");
  if (active) marks.push("to play");
  const money = cashShown(state, p);
  if (money.note) marks.push(money.note);
  g.append(label({ class: "marks", x: 570, y: 25, "font-size": 13 }, marks.join(" · "), 420));
  const cash = el("text", { class: money.note ? "cash announced" : "cash", x: 38, y: 46, "font-size": 14,
    "font-weight": "bold" }, money.text);
  if (money.note) cash.append(el("title", {}, money.note));
  g.append(cash);
  g.append(el("text", { class: "muscle", x: 100, y: 46, "font-size": 13 }, `Muscle ${p.displayed_muscle ?? "–"}`));
  const hand = Array.isArray(p.muscle_hand) ? p.muscle_hand.join(" ") : `${p.muscle_hand ?? 0} cards`;
  g.append(el("text", { class: "hand", "data-hidden": !Array.isArray(p.muscle_hand), x: 210, y: 46,
    "font-size": 13 }, `hand: ${hand}`));
  const thugs = Array.isArray(p.thug_cards) ? (p.thug_cards.map(cardLabel).join(", ") || "none") : `${p.thug_cards ?? 0}`;
  g.append(label({ class: "thugs", x: 620, y: 46, "font-size": 13 }, `Thug cards: ${thugs}`, 370));
  const stills = (p.stills || []).map((s) => `${s.id === "family" ? "family" : s.id.replace("_", " ")}: ${s.dice || 0} ${s.dice === 1 ? "die" : "dice"}` +
    (s.last_roll && s.last_roll.length ? ` (rolled ${s.last_roll.join(" ")})` : "")).join(" · ");
  g.append(label({ class: "stills", x: 38, y: 67, "font-size": 13 }, `stills: ${stills || "none"}`, 560));
  const room = p.back_room || {};
  const back = Object.entries(room).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ");
  g.append(label({ class: "back-room", x: 620, y: 67, "font-size": 13 }, `back room: ${back || "empty"}`, 370));
  const trucks = (p.trucks || []).map((t) => `${t.size || t.id} ${t.load ?? 0}/${t.capacity ?? "?"}${t.at ? " → " + t.at : ""}`);
  g.append(label({ class: "trucks", x: 38, y: 88, "font-size": 13 },
    `trucks: ${trucks.join(", ") || "none"}${p.crates ? ` · crates ${p.crates}` : ""}`, 950));
  return g;
}

// Cash under the game option `cash: "announced"` (RULES.md "Cash is announced, not shown"):
// another seat's total is null while the game runs, and the page shows its last announced
// figure, saying when it was announced; before the first announcement, "$?".
function cashShown(state, p) {
  if (p.cash !== null && p.cash !== undefined) return { text: `$${p.cash}`, note: "" };
  if (p.cash_announced !== null && p.cash_announced !== undefined) {
    return { text: `$${p.cash_announced}`, note: `cash announced after round ${state.cash_announced_round}` };
  }
  return { text: "$?", note: state.cash_visibility === "announced" ? "cash not announced yet" : "" };
}

function offers(state) {
  const g = el("g", { class: "offers" });
  g.append(el("text", { x: 0, y: 19, "font-size": 14, "font-weight": "bold" }, "Offers"));
  const slots = state.offers?.slots || [];
  const cards = slots.map((s) => ({ label: `${s.slot}: ${s.card ? cardLabel(s.card) : "taken"}`, slot: s.slot, card: s.card }));
  if (state.offers?.truck) cards.push({ label: cardLabel(state.offers.truck), slot: "truck", card: state.offers.truck });
  cards.forEach((c, i) => {
    const card = el("g", { class: "offer", "data-slot": c.slot, "data-card": c.card || "", transform: `translate(${60 + i * 190},2)` });
    card.append(el("rect", { width: 182, height: 26, rx: 4, fill: "#fff", stroke: "#6b4f2f" }));
    card.append(label({ x: 6, y: 18, "font-size": 12 }, c.label, 170));
    g.append(card);
  });
  if (!cards.length) g.append(el("text", { x: 60, y: 19, "font-size": 12, fill: "#5c4c3a" }, "none on the table"));
  return g;
}

function drawBootleggers(state) {
  const width = 1000;
  const players = state.players || [];
  const places = state.speakeasies || [];
  const svg = el("svg", {});
  svg.append(offers(state));
  let y = 40;
  for (let first = 0; first < places.length; first += 3) {  // a row as tall as its tallest speakeasy
    const row = places.slice(first, first + 3);
    const height = Math.max(...row.map(speakeasyHeight));
    row.forEach((s, i) => svg.append(speakeasy(state, s, i * (SPEAKEASY.w + 23), y, height)));
    y += height + 10;
  }
  const playersTop = y + 6;
  svg.setAttribute("viewBox", `0 0 ${width} ${playersTop + players.length * PLAYER_H + 4}`);
  players.forEach((p, i) => svg.append(player(state, p, playersTop + i * PLAYER_H, width)));
  return svg;
}

const DRAW = { bootleggers: drawBootleggers, prohibition: drawProhibition, booze_baron: drawBoozeBaron };

/** Draw the board of `state` (the ruleset's own drawing) into `container`: the first time as
 *  it is, then by changing only what differs from the board already there. */
export function drawBoard(container, state) {
  const svg = (DRAW[state.ruleset] || drawBootleggers)(state);
  svg.setAttribute("id", "board-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("data-ruleset", state.ruleset);
  svg.setAttribute("data-version", state.version);
  svg.setAttribute("aria-label", `the ${rulesetTitle(state.ruleset)} board at version ${state.version}`);
  fitKnown(svg);
  const live = container.querySelector("#board-svg");
  if (live && live.dataset.ruleset === state.ruleset && container.childElementCount === 1) morph(live, svg);
  else container.replaceChildren(svg);
  fitTexts(container.querySelector("#board-svg"));
}

/** Who won, in words: a seat by its player's name; a Booze Baron Mob ("beer", "liquor & wine")
 * as "the Beer mob"; a shared win (a `winners` list) as all of them. An amended result is the
 * state's `winner` alone; an annulled game has none (said below). */
export function describeWinners(state) {
  if (state.annulled) return "";
  const amended = (state.amendments || []).length > 0;
  const listed = Array.isArray(state.winners) ? state.winners : state.result?.winners;
  let won = !amended && Array.isArray(listed) && listed.length ? listed : [];
  if (!won.length && state.winner !== null && state.winner !== undefined && state.winner !== "") won = [state.winner];
  const seat = (w) => typeof w === "number" || /^\d+$/.test(String(w));
  const mobs = won.filter((w) => !seat(w)).flatMap((w) => String(w).split(" & "));
  const title = (m) => m.charAt(0).toUpperCase() + m.slice(1);
  const names = won.filter(seat).map((w) => nameOf(state, w));
  if (mobs.length) {
    names.push(mobs.length > 1 ? `the ${mobs.map(title).join(" and ")} mobs` : `the ${title(mobs[0])} mob`);
  }
  if (!names.length) return "";
  return (won.length > 1 || mobs.length > 1 ? "shared win: " : "winner: ") + names.join(", ");
}

export function describeStatus(state) {
  const parts = [`${state.ruleset}`, state.status];
  if (state.round) parts.push(`round ${state.round}${state.rounds ? "/" + state.rounds : ""}`);
  if (state.phase) parts.push(`phase ${state.phase}`);
  if (state.step) parts.push(`step ${state.step}`);
  if ((state.waiting_for || []).length) parts.push(`waiting for ${state.waiting_for.map((s) => nameOf(state, s)).join(", ")}`);
  const won = describeWinners(state);
  if (won) parts.push(won);
  if (state.annulled) parts.push("annulled: no winner");
  return parts.join(" · ");
}
