// Prohibition's board: the 24-space circular track laid around a rectangle (spaces 1–7 along
// the top, 8–12 down the right, 13–19 back along the bottom, 20–24 up the left, as on the
// printed board), each space with its Cases or Bankrolls, the three Law pawns and every
// player's pawn on it; the players' Bankrolls and Cases in the middle.
import { colour, el, label, nameOf, pawn } from "./svg.js";

const KIND = { E: "Establishment", S: "Source", C: "Culture" };
const LAW = { police: ["P", "the Local Police", "#1d3f8f"], agent: ["A", "the Prohibition Agent", "#6b2f00"],
  fbi: ["F", "the FBI Agent", "#222"] };
const BOX = { w: 134, h: 96, step: 141 };

/** Where space n sits: its column and row on a 7 × 7 ring. */
function cell(n) {
  if (n <= 7) return [n - 1, 0];
  if (n <= 12) return [6, n - 7];
  if (n <= 19) return [19 - n, 6];
  return [0, 25 - n];
}

function space(state, s) {
  const [col, row] = cell(s.space);
  const wet = s.kind === "E" && (s.cases || 0) > 0;
  const fill = s.kind === "E" ? (wet ? "#cfe3f5" : "#efe6d6") : s.kind === "S" ? "#dfeccf" : "#f3dbe7";
  const g = el("g", { class: "space", "data-space": s.space, "data-kind": s.kind, "data-cases": s.cases ?? "",
    "data-bankrolls": s.bankrolls ?? "", "data-wet": s.kind === "E" ? wet : "",
    transform: `translate(${8 + col * BOX.step},${8 + row * (BOX.h + 6)})` });
  g.append(el("rect", { width: BOX.w, height: BOX.h, rx: 6, fill, stroke: "#6b4f2f", "stroke-width": 1.5 }));
  g.append(el("text", { x: 6, y: 16, "font-size": 12, "font-weight": "bold" }, s.space));
  g.append(label({ class: "space-name", x: 26, y: 16, "font-size": 12, "font-weight": "bold" }, s.name, 102));
  let fact = KIND[s.kind] || s.kind;
  if (s.kind === "E") fact = `${wet ? "wet" : "dry"} · ${s.cases || 0} cases`;
  if (s.kind === "S") fact = `Source · ${s.cases || 0} cases`;
  if (s.kind === "C") fact = `Culture · ${s.bankrolls || 0} Bankrolls`;
  g.append(label({ class: "space-fact", x: 6, y: 34, "font-size": 11, fill: "#3b2f22" }, fact, 122));
  // Pawns: the Law first (squares with a letter), then the players (discs with the seat).
  const here = [];
  for (const [name, at] of Object.entries(state.law || {})) if (at === s.space) here.push(["law", name]);
  for (const p of state.players || []) if (p.space === s.space) here.push(["seat", p.seat]);
  here.forEach(([kind, who], i) => {
    const x = 14 + (i % 6) * 21, y = 56 + Math.floor(i / 6) * 22;
    if (kind === "law") {
      const [letter, title, fillColour] = LAW[who] || [who[0], who, "#444"];
      const law = el("g", { class: "law", "data-pawn": who, "data-space": s.space, transform: `translate(${x},${y})` });
      law.append(el("rect", { x: -9, y: -9, width: 18, height: 18, fill: fillColour, stroke: "#000" }));
      law.append(el("text", { y: 5, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: "#fff" }, letter));
      law.append(el("title", {}, `${title} is here`));
      g.append(law);
    } else {
      const p = pawn(who, x, y, 9, { "data-space": s.space });
      p.append(el("title", {}, `${nameOf(state, who)} is here`));
      g.append(p);
    }
  });
  return g;
}

function middle(state) {
  const g = el("g", { class: "middle", transform: `translate(${8 + BOX.step + 14},${8 + BOX.h + 20})` });
  const width = BOX.step * 5 - 28;
  const turn = state.turn || {};
  const lines = [];
  if (state.status === "running" && turn.seat) {
    lines.push(`${nameOf(state, turn.seat)}'s turn · rolled ${(turn.rolled || []).join(" and ") || "–"} · ` +
      `dice left ${(turn.dice || []).join(" and ") || "none"}`);
  }
  if (state.offer) lines.push(`${state.offer.kind === "buy" ? "may buy" : "may sell"} at space ${state.offer.space} (up to ${state.offer.max})`);
  lines.push(`Round ${state.round ?? "–"} of at most ${state.round_limit ?? 60}`);
  lines.forEach((text, i) => g.append(label({ class: "turn", x: 0, y: 18 + i * 20, "font-size": 14,
    "font-weight": i ? "normal" : "bold" }, text, width)));
  // The Law: who stands where.
  const law = Object.entries(state.law || {}).map(([name, at]) => `${(LAW[name] || [name])[0]} ${(LAW[name] || [0, name])[1]}: space ${at}`);
  g.append(label({ class: "law-legend", x: 0, y: 18 + lines.length * 20 + 4, "font-size": 12, fill: "#333" }, law.join(" · "), width));
  const top = 18 + lines.length * 20 + 30;
  g.append(el("text", { x: 0, y: top, "font-size": 13, "font-weight": "bold" }, "Player"));
  g.append(el("text", { x: width - 250, y: top, "font-size": 13, "font-weight": "bold" }, "Bankrolls"));
  g.append(el("text", { x: width - 160, y: top, "font-size": 13, "font-weight": "bold" }, "Cases"));
  g.append(el("text", { x: width - 80, y: top, "font-size": 13, "font-weight": "bold" }, "Space"));
  const winners = state.winners || (state.winner ? [state.winner] : []);
  (state.players || []).forEach((p, i) => {
    const y = top + 12 + i * 34;
    const active = (state.waiting_for || []).includes(p.seat);
    const row = el("g", { class: "player", "data-seat": p.seat, "data-bankrolls": p.bankrolls ?? "", "data-cases": p.cases ?? "",
      "data-space": p.space ?? "", transform: `translate(0,${y})` });
    row.append(el("rect", { width, height: 30, rx: 5, fill: active ? "#fff1c1" : "#fbf6ec", stroke: colour(p.seat),
      "stroke-width": active ? 3 : 1.5 }));
    row.append(pawn(p.seat, 16, 15, 9));
    const marks = (winners.includes(p.seat) ? " ★ winner" : "") + ((state.forfeited || []).includes(p.seat) ? " · forfeited" : "");
    row.append(label({ class: "name", x: 32, y: 20, "font-size": 14, "font-weight": "bold" }, `${p.name}${marks}`, width - 300));
    row.append(el("text", { class: "bankrolls", x: width - 250, y: 20, "font-size": 14 }, p.bankrolls ?? "–"));
    row.append(el("text", { class: "cases", x: width - 160, y: 20, "font-size": 14 }, p.cases ?? "–"));
    row.append(el("text", { class: "at", x: width - 80, y: 20, "font-size": 14 }, p.space ?? "–"));
    g.append(row);
  });
  return g;
}

export function drawProhibition(state) {
  const size = 8 + BOX.step * 7;
  const svg = el("svg", { viewBox: `0 0 ${size} ${8 + (BOX.h + 6) * 7}` });
  for (const s of state.board || []) svg.append(space(state, s));
  svg.append(middle(state));
  return svg;
}
