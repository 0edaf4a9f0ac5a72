// Booze Baron's board: the six Locations with the Delivery cards lying there and the pawns
// standing there; below, each player: Mob (when the viewer may know it), Exposed or not,
// Snitch tokens, Delivery cards face up (with their Booze) or face down, Movement cards, the
// Coins anyone can count, and the Coins of the end once the game is over. On a narrow screen:
// one Location a row and each player's facts one a line, drawn for the width the page has.
import { colour, el, label, nameOf, pawn } from "./svg.js";
import { t } from "./i18n.js";
import { eventWord, mobWord } from "./seat-words.js";

const BOOZE = { beer: ["B", "#b8860b"], liquor: ["L", "#7a2e0e"], wine: ["W", "#6d1a4d"] };
const LOC = { w: 318, h: 150 };
const ROW_H = 112;

/** A Delivery card: its id and the Booze it shows when face up (or that it is face down).
 *  `big`: the narrow board's 12 px lettering. */
function card(state, id, faceUp, x, y, owner, big = false) {
  const g = el("g", { class: "delivery", "data-card": id ?? "", "data-face-up": faceUp, transform: `translate(${x},${y})` });
  g.append(el("rect", { width: 46, height: 34, rx: 4, fill: faceUp ? "#fffdf5" : "#5a4632", stroke: "#3b2f22" }));
  if (!faceUp) {
    g.append(el("text", { x: 23, y: 22, "text-anchor": "middle", "font-size": big ? 12 : 11, fill: "#f5f0e6" }, id ? id : "?"));
    g.append(el("title", {}, id ? t("bb.face_down_yours", { id }) : owner ? t("bb.face_down_of", { owner }) : t("bb.face_down")));
    return g;
  }
  const booze = (state.cards || {})[id]?.booze || [];
  const size = big ? 12 : 10;
  g.append(el("text", { x: 4, y: big ? 13 : 12, "font-size": size }, id));
  booze.forEach((b, i) => {
    const [letter, fill] = BOOZE[b] || [b[0], "#444"];
    g.append(el("rect", { x: 4 + i * 20, y: 16, width: 17, height: big ? 16 : 14, rx: 3, fill }));
    g.append(el("text", { x: 12.5 + i * 20, y: big ? 28.5 : 27, "text-anchor": "middle", "font-size": size, fill: "#fff", "font-weight": "bold" }, letter));
  });
  g.append(el("title", {}, `${id}: ${booze.join(" and ") || "?"}`));
  return g;
}

/** How many cards (46 px, 50 apart) fit a row `w` wide after a 10 px margin. */
const cardsPerRow = (w) => Math.max(1, Math.floor((w - 56) / 50) + 1);

function location(state, loc, x, y, w = LOC.w) {
  const big = w !== LOC.w;
  const g = el("g", { class: "location", "data-location": loc.id, "data-cards": (loc.cards || []).length,
    transform: `translate(${x},${y})` });
  g.append(el("rect", { width: w, height: LOC.h, rx: 8, fill: "#efe4cf", stroke: "#6b4f2f", "stroke-width": 2 }));
  g.append(label({ x: 10, y: 22, "font-size": 16, "font-weight": "bold" }, loc.name || loc.id, w - 20));
  g.append(label({ x: 10, y: 40, "font-size": 12, fill: "#3b2f22" }, t("bb.event", { event: eventWord(loc.event) }), w - 20));
  const fit = Math.min(6, cardsPerRow(w));
  (loc.cards || []).slice(0, fit).forEach((id, i) => g.append(card(state, id, true, 10 + i * 50, 50, undefined, big)));
  if ((loc.cards || []).length > fit) g.append(el("text", { x: 10, y: 100, "font-size": big ? 12 : 11 }, t("bb.more", { n: loc.cards.length - fit })));
  const here = (state.players || []).filter((p) => p.location === loc.id);
  here.forEach((p, i) => {
    const disc = pawn(p.seat, 20 + i * 24, 124, 10, { "data-location": loc.id });
    disc.append(el("title", {}, t("bb.is_here", { name: nameOf(state, p.seat) })));
    g.append(disc);
  });
  return g;
}

/** Where a player's lines go, wide (two columns, 18 cards in a row) or narrow (one fact a
 *  line, as many cards a row as fit). */
const LINES = {
  wide: { marks: [450, 25, 540], snitch: [38, 50], coins: [160, 50], movement: [340, 50, 640], cards: [38, 62], perRow: 18 },
  narrow: (w) => ({ marks: [10, 46, w - 20], snitch: [10, 67], coins: [10, 88], movement: [10, 109, w - 20], cards: [10, 120],
    perRow: cardsPerRow(w) }),
};

/** A player's height: narrow, as many rows of Delivery cards as it holds. */
const playerHeight = (p, width, narrow) => (narrow
  ? 120 + Math.max(1, Math.ceil(Math.min((p.deliveries || []).length, 18) / cardsPerRow(width))) * 38 + 12 : ROW_H);

function player(state, p, y, width, narrow = false) {
  const result = state.result || null;
  const active = (state.waiting_for || []).includes(p.seat);
  const mob = p.mob || (result?.mobs || {})[p.seat] || null;
  const at = narrow ? LINES.narrow(width) : LINES.wide;
  const g = el("g", { class: "player", "data-seat": p.seat, "data-exposed": p.exposed, "data-snitch": p.snitch ?? 0,
    "data-mob": mob || "", "data-location": p.location || "", transform: `translate(0,${y})` });
  g.append(el("rect", { width, height: playerHeight(p, width, narrow) - 8, rx: 6, fill: active ? "#fff1c1" : "#fbf6ec", stroke: colour(p.seat),
    "stroke-width": active ? 4 : 2 }));
  g.append(pawn(p.seat, 20, 20, 10));
  g.append(label({ class: "name", x: 38, y: 25, "font-size": 15, "font-weight": "bold" }, p.name, narrow ? width - 46 : 400));
  const marks = [p.exposed ? t("bb.exposed") : t("bb.unexposed"), mob ? t("bb.mob", { mob: mobWord(mob) }) : t("bb.mob_hidden")];
  if (state.baron === p.seat) marks.push(t("bb.baron"));
  if (p.has_chosen && state.status === "running") marks.push(t("bb.has_chosen"));
  if (active) marks.push(t("board.to_play"));
  g.append(label({ class: "marks", x: at.marks[0], y: at.marks[1], "font-size": 13, "font-weight": p.exposed ? "bold" : "normal",
    fill: p.exposed ? "#8a1c12" : "#2b2118" }, marks.join(" · "), at.marks[2]));
  // Snitch tokens as small black discs.
  const [sx, sy] = at.snitch;
  g.append(el("text", { x: sx, y: sy, "font-size": 12 }, t("bb.snitch")));
  for (let i = 0; i < (p.snitch || 0); i++) g.append(el("circle", { class: "snitch", cx: sx + 50 + i * 14, cy: sy - 4, r: 5.5, fill: "#111" }));
  if (!p.snitch) g.append(el("text", { x: sx + 46, y: sy, "font-size": 12 }, t("board.none")));
  const coins = result?.coins ? result.coins[p.seat] : null;
  const counted = (p.deliveries || []).length + (p.snitch || 0) + 2 * ((p.movement || []).length + (p.collected || []).length);
  g.append(el("text", { class: "coins", "data-coins": coins ?? "", x: at.coins[0], y: at.coins[1], "font-size": 13, "font-weight": "bold" },
    coins !== null && coins !== undefined ? t("bb.coins_final", { n: coins }) : t("bb.coins_counted", { n: counted })));
  g.append(label({ class: "movement", x: at.movement[0], y: at.movement[1], "font-size": 12 },
    t((p.collected || []).length ? "bb.movement_collected" : "bb.movement", { n: (p.movement || []).length, collected: (p.collected || []).length }) +
    `${p.location ? ` · ${t("bb.at", { place: p.location.replaceAll("_", " ") })}` : ""}`, at.movement[2]));
  // Delivery cards: face-up ones show their Booze; face-down ones only their back (or their
  // id, for their owner).
  const [cx, cy] = at.cards;
  (p.deliveries || []).slice(0, 18).forEach((d, i) => g.append(card(state, d.id, d.face_up,
    cx + (i % at.perRow) * 50, cy + Math.floor(i / at.perRow) * 38, p.name, narrow)));
  if ((p.deliveries || []).length > 18) {
    g.append(el("text", narrow ? { x: width - 40, y: 36, "font-size": 12 } : { x: 940, y: 84, "font-size": 11 }, `+${p.deliveries.length - 18}`));
  }
  if (!(p.deliveries || []).length) g.append(el("text", { x: cx, y: cy + 22, "font-size": 12, fill: "#5c4c3a" }, t("bb.no_deliveries")));
  return g;
}

/** The deck, the Snitch tokens left and (at the end) the Mobs' Coins: one line, or (narrow)
 *  one fact a line. Returns the group and its height. */
function mobs(state, y, width, narrow = false) {
  const g = el("g", { class: "mobs", transform: `translate(0,${y})` });
  const result = state.result;
  const facts = [t("bb.deck", { n: Array.isArray(state.deck) ? state.deck.length : state.deck ?? "?" }),
    t("bb.snitches_left", { n: state.snitches_left ?? "?" })];
  if (result?.mob_coins) facts.push(t("bb.mob_coins") + Object.entries(result.mob_coins).map(([m, c]) => `${mobWord(m)} ${c}`).join(", "));
  const lines = narrow ? facts : [facts.join(" · ")];
  lines.forEach((text, i) => g.append(label({ class: "summary", x: 0, y: 16 + i * 19, "font-size": 13, "font-weight": "bold" },
    text, width)));
  return { g, height: lines.length * 19 + 11 };
}

/** The board; `narrow`: the width in CSS px to draw it for (0: the wide board, scaled). */
export function drawBoozeBaron(state, narrow = 0) {
  const width = narrow || 1000;
  const perRow = narrow ? 1 : 3;
  const w = narrow ? width : LOC.w;
  const locations = state.locations || [];
  const rows = Math.ceil(locations.length / perRow);
  const summary = mobs(state, rows * (LOC.h + 10), width, Boolean(narrow));
  const playersTop = rows * (LOC.h + 10) + summary.height;
  const players = state.players || [];
  const tops = [];
  let y = playersTop;
  for (const p of players) { tops.push(y); y += playerHeight(p, width, Boolean(narrow)); }
  const svg = el("svg", { viewBox: `0 0 ${width} ${y + 4}` });
  locations.forEach((loc, i) => svg.append(location(state, loc, (i % perRow) * (LOC.w + 23), Math.floor(i / perRow) * (LOC.h + 10), w)));
  svg.append(summary.g);
  players.forEach((p, i) => svg.append(player(state, p, tops[i], width, Boolean(narrow))));
  return svg;
}
