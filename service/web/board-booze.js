// Booze Baron's board: the six Locations with the Delivery cards lying there and the pawns
// standing there; below, each player: Mob (when the viewer may know it), Exposed or not,
// Snitch tokens, Delivery cards face up (with their Booze) or face down, Movement cards, the
// Coins anyone can count, and the Coins of the end once the game is over.
import { colour, el, label, nameOf, pawn } from "./svg.js";

const BOOZE = { beer: ["B", "#b8860b"], liquor: ["L", "#7a2e0e"], wine: ["W", "#6d1a4d"] };
const LOC = { w: 318, h: 150 };
const ROW_H = 112;

/** A Delivery card: its id and the Booze it shows when face up (or that it is face down). */
function card(state, id, faceUp, x, y, owner) {
  const g = el("g", { class: "delivery", "data-card": id ?? "", "data-face-up": faceUp, transform: `translate(${x},${y})` });
  g.append(el("rect", { width: 46, height: 34, rx: 4, fill: faceUp ? "#fffdf5" : "#5a4632", stroke: "#3b2f22" }));
  if (!faceUp) {
    g.append(el("text", { x: 23, y: 22, "text-anchor": "middle", "font-size": 11, fill: "#f5f0e6" }, id ? id : "?"));
    g.append(el("title", {}, id ? `${id}, face down (only you see it)` : `a face-down Delivery card${owner ? " of " + owner : ""}`));
    return g;
  }
  const booze = (state.cards || {})[id]?.booze || [];
  g.append(el("text", { x: 4, y: 12, "font-size": 10 }, id));
  booze.forEach((b, i) => {
    const [letter, fill] = BOOZE[b] || [b[0], "#444"];
    g.append(el("rect", { x: 4 + i * 20, y: 16, width: 17, height: 14, rx: 3, fill }));
    g.append(el("text", { x: 12.5 + i * 20, y: 27, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold" }, letter));
  });
  g.append(el("title", {}, `${id}: ${booze.join(" and ") || "?"}`));
  return g;
}

function location(state, loc, x, y) {
  const g = el("g", { class: "location", "data-location": loc.id, "data-cards": (loc.cards || []).length,
    transform: `translate(${x},${y})` });
  g.append(el("rect", { width: LOC.w, height: LOC.h, rx: 8, fill: "#efe4cf", stroke: "#6b4f2f", "stroke-width": 2 }));
  g.append(label({ x: 10, y: 22, "font-size": 16, "font-weight": "bold" }, loc.name || loc.id, 298));
  g.append(label({ x: 10, y: 40, "font-size": 12, fill: "#3b2f22" }, `Event: ${loc.event}`, 298));
  (loc.cards || []).slice(0, 6).forEach((id, i) => g.append(card(state, id, true, 10 + i * 50, 50)));
  if ((loc.cards || []).length > 6) g.append(el("text", { x: 10, y: 100, "font-size": 11 }, `+${loc.cards.length - 6} more`));
  const here = (state.players || []).filter((p) => p.location === loc.id);
  here.forEach((p, i) => {
    const disc = pawn(p.seat, 20 + i * 24, 124, 10, { "data-location": loc.id });
    disc.append(el("title", {}, `${nameOf(state, p.seat)} is here`));
    g.append(disc);
  });
  return g;
}

function player(state, p, y, width) {
  const result = state.result || null;
  const active = (state.waiting_for || []).includes(p.seat);
  const mob = p.mob || (result?.mobs || {})[p.seat] || null;
  const g = el("g", { class: "player", "data-seat": p.seat, "data-exposed": p.exposed, "data-snitch": p.snitch ?? 0,
    "data-mob": mob || "", "data-location": p.location || "", transform: `translate(0,${y})` });
  g.append(el("rect", { width, height: ROW_H - 8, rx: 6, fill: active ? "#fff1c1" : "#fbf6ec", stroke: colour(p.seat),
    "stroke-width": active ? 4 : 2 }));
  g.append(pawn(p.seat, 20, 20, 10));
  g.append(label({ class: "name", x: 38, y: 25, "font-size": 15, "font-weight": "bold" }, p.name, 400));
  const marks = [p.exposed ? "Exposed" : "Unexposed", mob ? `${mob} Mob` : "Mob hidden"];
  if (state.baron === p.seat) marks.push("the Booze Baron");
  if (p.has_chosen && state.status === "running") marks.push("has chosen");
  if (active) marks.push("to play");
  g.append(label({ class: "marks", x: 450, y: 25, "font-size": 13, "font-weight": p.exposed ? "bold" : "normal",
    fill: p.exposed ? "#8a1c12" : "#2b2118" }, marks.join(" · "), 540));
  // Snitch tokens as small black discs.
  g.append(el("text", { x: 38, y: 50, "font-size": 12 }, "Snitch"));
  for (let i = 0; i < (p.snitch || 0); i++) g.append(el("circle", { class: "snitch", cx: 88 + i * 14, cy: 46, r: 5.5, fill: "#111" }));
  if (!p.snitch) g.append(el("text", { x: 84, y: 50, "font-size": 12 }, "none"));
  const coins = result?.coins ? result.coins[p.seat] : null;
  const counted = (p.deliveries || []).length + (p.snitch || 0) + 2 * ((p.movement || []).length + (p.collected || []).length);
  g.append(el("text", { class: "coins", "data-coins": coins ?? "", x: 160, y: 50, "font-size": 13, "font-weight": "bold" },
    coins !== null && coins !== undefined ? `${coins} Coins (final)` : `${counted} Coins on the table`));
  g.append(label({ class: "movement", x: 340, y: 50, "font-size": 12 },
    `Movement cards: ${(p.movement || []).length}${(p.collected || []).length ? ` (+${p.collected.length} collected)` : ""}` +
    `${p.location ? ` · at ${p.location.replaceAll("_", " ")}` : ""}`, 640));
  // Delivery cards: face-up ones show their Booze; face-down ones only their back (or their
  // id, for their owner).
  (p.deliveries || []).slice(0, 18).forEach((d, i) => g.append(card(state, d.id, d.face_up, 38 + i * 50, 62, p.name)));
  if ((p.deliveries || []).length > 18) g.append(el("text", { x: 940, y: 84, "font-size": 11 }, `+${p.deliveries.length - 18}`));
  if (!(p.deliveries || []).length) g.append(el("text", { x: 38, y: 84, "font-size": 12, fill: "#5c4c3a" }, "no Delivery cards"));
  return g;
}

function mobs(state, y, width) {
  const g = el("g", { class: "mobs", transform: `translate(0,${y})` });
  const result = state.result;
  let text = `Deck: ${Array.isArray(state.deck) ? state.deck.length : state.deck ?? "?"} Delivery cards · Snitch tokens left: ${state.snitches_left ?? "?"}`;
  if (result?.mob_coins) {
    text += " · Mob Coins: " + Object.entries(result.mob_coins).map(([m, c]) => `${m} ${c}`).join(", ");
  }
  g.append(label({ class: "summary", x: 0, y: 16, "font-size": 13, "font-weight": "bold" }, text, width));
  return g;
}

export function drawBoozeBaron(state) {
  const width = 1000;
  const locations = state.locations || [];
  const rows = Math.ceil(locations.length / 3);
  const playersTop = rows * (LOC.h + 10) + 30;
  const players = state.players || [];
  const svg = el("svg", { viewBox: `0 0 ${width} ${playersTop + players.length * ROW_H + 4}` });
  locations.forEach((loc, i) => svg.append(location(state, loc, (i % 3) * (LOC.w + 23), Math.floor(i / 3) * (LOC.h + 10))));
  svg.append(mobs(state, rows * (LOC.h + 10), width));
  players.forEach((p, i) => svg.append(player(state, p, playersTop + i * ROW_H, width)));
  return svg;
}
