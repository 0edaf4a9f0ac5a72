// Prohibition's board: the 24-space circular track laid around a rectangle (spaces 1–7 along
// the top, 8–12 down the right, 13–19 back along the bottom, 20–24 up the left, as on the
// printed board), each space with its Cases or Bankrolls, the three Law pawns and every
// player's pawn on it; the players' Bankrolls and Cases in the middle. On a narrow screen the
// ring is squashed into two columns (1–12 down the left, 13–24 back up the right, still a
// loop) under the players' table, drawn for the width the page has.
import { colour, el, label, nameOf, pawn } from "./svg.js";
import { t } from "./i18n.js";

// (the Law's names read from the catalog when drawn: the letters stay as printed)
const KIND = { E: () => t("pro.establishment"), S: () => t("pro.source"), C: () => t("pro.culture") };
const LAW = { police: ["P", "pro.police", "#1d3f8f"], agent: ["A", "pro.agent", "#6b2f00"], fbi: ["F", "pro.fbi", "#222"] };
const lawName = (name) => (LAW[name] ? t(LAW[name][1]) : name);
const BOX = { w: 134, h: 96, step: 141 };

/** Where space n sits: its column and row on a 7 × 7 ring. */
function cell(n) {
  if (n <= 7) return [n - 1, 0];
  if (n <= 12) return [6, n - 7];
  if (n <= 19) return [19 - n, 6];
  return [0, 25 - n];
}

/** The wide ring: boxes of BOX, the middle inside the ring. */
const WIDE = { w: BOX.w, h: BOX.h, font: 11, r: 9, perRow: 6,
  at: (n) => { const [col, row] = cell(n); return [8 + col * BOX.step, 8 + row * (BOX.h + 6)]; } };

/** The narrow loop: two columns of `w`, starting `top` px down, each space `h` tall. */
function narrowLoop(width, top, h) {
  const w = Math.floor((width - 6) / 2);
  return { w, h, font: 12, r: 10, perRow: Math.max(1, Math.floor((w - 28) / 23) + 1),
    at: (n) => (n <= 12 ? [0, top + (n - 1) * (h + 4)] : [w + 6, top + (24 - n) * (h + 4)]) };
}

/** Who stands on space `n`: the Law first, then the players. */
function standing(state, n) {
  const here = [];
  for (const [name, at] of Object.entries(state.law || {})) if (at === n) here.push(["law", name]);
  for (const p of state.players || []) if (p.space === n) here.push(["seat", p.seat]);
  return here;
}

function space(state, s, box = WIDE) {
  const [x0, y0] = box.at(s.space);
  const wet = s.kind === "E" && (s.cases || 0) > 0;
  const fill = s.kind === "E" ? (wet ? "#cfe3f5" : "#efe6d6") : s.kind === "S" ? "#dfeccf" : "#f3dbe7";
  const g = el("g", { class: "space", "data-space": s.space, "data-kind": s.kind, "data-cases": s.cases ?? "",
    "data-bankrolls": s.bankrolls ?? "", "data-wet": s.kind === "E" ? wet : "",
    transform: `translate(${x0},${y0})` });
  g.append(el("rect", { width: box.w, height: box.h, rx: 6, fill, stroke: "#6b4f2f", "stroke-width": 1.5 }));
  g.append(el("text", { x: 6, y: 16, "font-size": 12, "font-weight": "bold" }, s.space));
  g.append(label({ class: "space-name", x: 26, y: 16, "font-size": 12, "font-weight": "bold" }, s.name, box.w - 32));
  let fact = KIND[s.kind]?.() || s.kind;
  if (s.kind === "E") fact = t(wet ? "pro.wet" : "pro.dry", { n: s.cases || 0 });
  if (s.kind === "S") fact = t("pro.source_cases", { n: s.cases || 0 });
  if (s.kind === "C") fact = t("pro.culture_bankrolls", { n: s.bankrolls || 0 });
  g.append(label({ class: "space-fact", x: 6, y: 34, "font-size": box.font, fill: "#3b2f22" }, fact, box.w - 12));
  // Pawns: the Law first (squares with a letter), then the players (discs with the seat).
  standing(state, s.space).forEach(([kind, who], i) => {
    const x = 14 + (i % box.perRow) * (box.r * 2 + 3), y = 56 + Math.floor(i / box.perRow) * 22;
    if (kind === "law") {
      const [letter, , fillColour] = LAW[who] || [who[0], who, "#444"];
      const title = lawName(who);
      const law = el("g", { class: "law", "data-pawn": who, "data-space": s.space, transform: `translate(${x},${y})` });
      law.append(el("rect", { x: -9, y: -9, width: 18, height: 18, fill: fillColour, stroke: "#000" }));
      law.append(el("text", { y: 5, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: "#fff" }, letter));
      law.append(el("title", {}, t("bb.is_here", { name: title })));
      g.append(law);
    } else {
      const p = pawn(who, x, y, box.r, { "data-space": s.space });
      p.append(el("title", {}, t("bb.is_here", { name: nameOf(state, who) })));
      g.append(p);
    }
  });
  return g;
}

/** The middle: whose turn, the round, the Law, the players' table. `narrow`: its width on a
 *  narrow board (drawn at the top), else 0 (inside the ring). Returns the group and its height. */
function middle(state, narrow = 0) {
  const g = el("g", { class: "middle", transform: narrow ? "translate(0,0)" : `translate(${8 + BOX.step + 14},${8 + BOX.h + 20})` });
  const width = narrow || BOX.step * 5 - 28;
  const turn = state.turn || {};
  const lines = [];
  if (state.status === "running" && turn.seat) {
    const and = ` ${t("pro.and")} `;
    const dice = t("pro.dice", { rolled: (turn.rolled || []).join(and) || "–", left: (turn.dice || []).join(and) || t("board.none") });
    const whose = t("pro.turn", { name: nameOf(state, turn.seat) });
    if (narrow) lines.push(whose, dice);
    else lines.push(`${whose} · ${dice}`);
  }
  if (state.offer) lines.push(t(state.offer.kind === "buy" ? "pro.may_buy" : "pro.may_sell", { space: state.offer.space, max: state.offer.max }));
  lines.push(t("pro.round", { round: state.round ?? "–", limit: state.round_limit ?? 60 }));
  lines.forEach((text, i) => g.append(label({ class: "turn", x: 0, y: 18 + i * 20, "font-size": 14,
    "font-weight": i ? "normal" : "bold" }, text, width)));
  // The Law: who stands where.
  const law = Object.entries(state.law || {}).map(([name, at]) => t("pro.law_at", { letter: (LAW[name] || [name])[0], name: lawName(name), space: at }));
  const legend = narrow ? law : [law.join(" · ")];  // narrow: one pawn a line
  legend.forEach((text, i) => g.append(label({ class: "law-legend", x: 0, y: 18 + lines.length * 20 + 4 + i * 18,
    "font-size": 12, fill: "#333" }, text, width)));
  const top = 18 + lines.length * 20 + 12 + legend.length * 18;
  // The columns: wide, far apart; narrow, the numbers close at the right, the name the rest.
  const col = narrow ? { bankrolls: width - 178, cases: width - 104, space: width - 50, name: width - 216 }
    : { bankrolls: width - 250, cases: width - 160, space: width - 80, name: width - 300 };
  g.append(el("text", { x: 0, y: top, "font-size": 13, "font-weight": "bold" }, t("pro.player")));
  g.append(el("text", { x: col.bankrolls, y: top, "font-size": 13, "font-weight": "bold" }, t("pro.bankrolls")));
  g.append(el("text", { x: col.cases, y: top, "font-size": 13, "font-weight": "bold" }, t("pro.cases")));
  g.append(el("text", { x: col.space, y: top, "font-size": 13, "font-weight": "bold" }, t("pro.space")));
  const winners = state.winners || (state.winner ? [state.winner] : []);
  (state.players || []).forEach((p, i) => {
    const y = top + 12 + i * 34;
    const active = (state.waiting_for || []).includes(p.seat);
    const row = el("g", { class: "player", "data-seat": p.seat, "data-bankrolls": p.bankrolls ?? "", "data-cases": p.cases ?? "",
      "data-space": p.space ?? "", transform: `translate(0,${y})` });
    row.append(el("rect", { width, height: 30, rx: 5, fill: active ? "#fff1c1" : "#fbf6ec", stroke: colour(p.seat),
      "stroke-width": active ? 3 : 1.5 }));
    row.append(pawn(p.seat, 16, 15, narrow ? 10 : 9));
    const marks = (winners.includes(p.seat) ? ` ${t("board.winner")}` : "") + ((state.forfeited || []).includes(p.seat) ? ` · ${t("board.forfeited")}` : "");
    row.append(label({ class: "name", x: 32, y: 20, "font-size": 14, "font-weight": "bold" }, `${p.name}${marks}`, col.name));
    row.append(el("text", { class: "bankrolls", x: col.bankrolls, y: 20, "font-size": 14 }, p.bankrolls ?? "–"));
    row.append(el("text", { class: "cases", x: col.cases, y: 20, "font-size": 14 }, p.cases ?? "–"));
    row.append(el("text", { class: "at", x: col.space, y: 20, "font-size": 14 }, p.space ?? "–"));
    g.append(row);
  });
  return { g, height: top + 12 + (state.players || []).length * 34 };
}

/** The board; `narrow`: the width in CSS px to draw it for (0: the wide ring, scaled). */
export function drawProhibition(state, narrow = 0) {
  if (narrow) {
    const mid = middle(state, narrow);
    const crowd = Math.max(1, ...(state.board || []).map((s) => standing(state, s.space).length));
    const loop = narrowLoop(narrow, mid.height + 10, 46 + Math.ceil(crowd / narrowLoop(narrow, 0, 0).perRow) * 22);
    const svg = el("svg", { viewBox: `0 0 ${narrow} ${loop.at(1)[1] + 12 * (loop.h + 4)}` });
    svg.append(mid.g);
    for (const s of state.board || []) svg.append(space(state, s, loop));
    return svg;
  }
  const size = 8 + BOX.step * 7;
  const svg = el("svg", { viewBox: `0 0 ${size} ${8 + (BOX.h + 6) * 7}` });
  for (const s of state.board || []) svg.append(space(state, s));
  svg.append(middle(state).g);
  return svg;
}
