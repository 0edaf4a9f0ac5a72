// The board as SVG, drawn from one state answer. Every figure carries data-* attributes
// (speakeasy, seat, count) so that tests and users read the same numbers the state holds.
const NS = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#888", "#c0392b", "#2e6fd0", "#2e9b4f", "#d4a017", "#8e44ad", "#333"];
const LEVEL_MARK = { controlling: "C", majority: "M", minority: "m" };

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (text !== undefined) node.textContent = String(text);
  return node;
}

const colour = (seat) => SEAT_COLOURS[Number(seat)] || SEAT_COLOURS[0];
const nameOf = (state, seat) => (state.players || []).find((p) => p.seat === Number(seat))?.name ?? `seat ${seat}`;
const cardLabel = (card) => String(card).replace(/^thug:/, "").replace(/#\d+$/, "").replaceAll("_", " ");

function speakeasy(state, s, x, y) {
  const g = el("g", { class: "speakeasy", "data-speakeasy": s.id, "data-open": s.open,
    transform: `translate(${x},${y})` });
  g.append(el("rect", { width: 318, height: 176, rx: 8, fill: s.open ? "#f3e3c3" : "#ddd6c8",
    stroke: "#6b4f2f", "stroke-width": 2 }));
  g.append(el("text", { x: 10, y: 22, "font-size": 17, "font-weight": "bold" }, s.name || s.id));
  const facts = [s.open ? "open" : "closed"];
  if (s.dice) facts.push(`${s.dice} ${s.dice === 1 ? "die" : "dice"}`);
  if (s.improvements) facts.push(`improvements ${s.improvements}`);
  if (s.wholesale !== undefined) facts.push(`wholesale $${s.wholesale}`);
  g.append(el("text", { x: 10, y: 42, "font-size": 12, fill: "#5a4632" }, facts.join(" · ")));
  // Influence markers: one disc per marker, in the seat's colour, with its level.
  let row = 0;
  for (const [seat, count] of Object.entries(s.influence || {})) {
    if (!count) continue;
    const line = el("g", { class: "influence", "data-seat": seat, "data-count": count,
      "data-level": (s.levels || {})[seat] || "", transform: `translate(10,${58 + row * 22})` });
    line.append(el("text", { x: 0, y: 14, "font-size": 12 }, `${nameOf(state, seat)}`));
    for (let i = 0; i < count; i++) {
      line.append(el("circle", { class: "marker", "data-seat": seat, cx: 70 + i * 16, cy: 9, r: 7,
        fill: colour(seat), stroke: "#222" }));
    }
    const level = (s.levels || {})[seat];
    if (level) line.append(el("text", { x: 80 + count * 16, y: 14, "font-size": 12, "font-weight": "bold" },
      `${LEVEL_MARK[level] || ""} ${level}`));
    g.append(line);
    row += 1;
  }
  // Trucks lined up at the docks.
  (s.trucks || []).forEach((t, i) => {
    const truck = el("g", { class: "dock-truck", "data-seat": t.seat, "data-truck": t.truck,
      transform: `translate(${10 + i * 76},146)` });
    truck.append(el("rect", { width: 70, height: 22, rx: 3, fill: colour(t.seat), opacity: 0.85 }));
    truck.append(el("text", { x: 4, y: 15, "font-size": 11, fill: "#fff" }, `${t.crates ?? "?"} crates ${t.dock || ""}`));
    g.append(truck);
  });
  return g;
}

function player(state, p, y, width) {
  const seat = p.seat;
  const g = el("g", { class: "player", "data-seat": seat, "data-cash": p.cash ?? "",
    "data-muscle": p.displayed_muscle ?? "", transform: `translate(0,${y})` });
  const active = (state.waiting_for || []).includes(seat);
  g.append(el("rect", { width, height: 64, rx: 6, fill: active ? "#fff1c1" : "#fbf6ec",
    stroke: colour(seat), "stroke-width": 3 }));
  g.append(el("circle", { cx: 20, cy: 20, r: 10, fill: colour(seat) }));
  const title = `${p.name ?? "seat " + seat} (seat ${seat})${state.winner === seat ? " ★ winner" : ""}` +
    `${state.copper_at === seat ? " · the Copper is here" : ""}` +
    `${(state.forfeited || []).includes(seat) ? " · forfeited" : ""}`;
  g.append(el("text", { x: 38, y: 25, "font-size": 15, "font-weight": "bold" }, title));
  if (state.ruleset !== "bootleggers") return genericPlayer(g, p);
  g.append(el("text", { class: "cash", x: 38, y: 48, "font-size": 15 }, `$${p.cash ?? "?"}`));
  g.append(el("text", { class: "muscle", x: 110, y: 48, "font-size": 13 },
    `Muscle ${p.displayed_muscle ?? "–"}`));
  const hand = Array.isArray(p.muscle_hand) ? p.muscle_hand.join(" ") : `${p.muscle_hand ?? 0} cards`;
  g.append(el("text", { class: "hand", "data-hidden": !Array.isArray(p.muscle_hand), x: 210, y: 48,
    "font-size": 13 }, `hand: ${hand}`));
  const stills = (p.stills || []).map((s) => `${s.id === "family" ? "family" : s.id}: ${s.dice || 0} ${s.dice === 1 ? "die" : "dice"}` +
    (s.last_roll && s.last_roll.length ? ` rolled ${s.last_roll.join(" ")}` : "")).join(" · ");
  g.append(el("text", { class: "stills", x: 470, y: 25, "font-size": 13 }, `stills: ${stills || "none"}`));
  const trucks = (p.trucks || []).map((t) => `${t.size || t.id} ${t.load ?? 0}/${t.capacity ?? "?"}${t.at ? " → " + t.at : ""}`);
  g.append(el("text", { class: "trucks", x: 470, y: 48, "font-size": 13 },
    `trucks: ${trucks.join(", ") || "none"}${p.crates ? ` · crates ${p.crates}` : ""}`));
  const thugs = Array.isArray(p.thug_cards) ? p.thug_cards.map(cardLabel).join(", ") : `${p.thug_cards ?? 0} Thug cards`;
  g.append(el("title", {}, `Thug cards: ${thugs || "none"}`));
  return g;
}

const short = (value) => (Array.isArray(value) ? (value.length ? value.map(short).join(" ") : "–")
  : value && typeof value === "object" ? JSON.stringify(value) : String(value ?? "–"));

/** Another ruleset's seat: its own fields as the state gives them, on two lines. */
function genericPlayer(g, p) {
  const facts = Object.entries(p).filter(([k]) => k !== "seat" && k !== "name")
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${short(v)}`);
  const half = Math.ceil(facts.length / 2);
  g.append(el("text", { class: "facts", x: 38, y: 46, "font-size": 12 }, facts.slice(0, half).join(" · ")));
  g.append(el("text", { class: "facts", x: 38, y: 60, "font-size": 12 }, facts.slice(half).join(" · ")));
  return g;
}

function offers(state, width) {
  const g = el("g", { class: "offers", transform: "translate(0,0)" });
  g.append(el("text", { x: 0, y: 18, "font-size": 14, "font-weight": "bold" }, "Offers"));
  const slots = state.offers?.slots || [];
  const cards = slots.map((s) => ({ label: `${s.slot}: ${s.card ? cardLabel(s.card) : "taken"}`, slot: s.slot }));
  if (state.offers?.truck) cards.push({ label: `truck: ${cardLabel(state.offers.truck)}`, slot: "truck" });
  cards.forEach((c, i) => {
    const card = el("g", { class: "offer", "data-slot": c.slot, transform: `translate(${60 + i * 190},2)` });
    card.append(el("rect", { width: 182, height: 24, rx: 4, fill: "#fff", stroke: "#6b4f2f" }));
    card.append(el("text", { x: 6, y: 17, "font-size": 12 }, c.label));
    g.append(card);
  });
  if (!cards.length) g.append(el("text", { x: 60, y: 18, "font-size": 12, fill: "#7a6a58" }, "none on the table"));
  return g;
}

/** Replace `container`'s content with the board of `state`. */
export function drawBoard(container, state) {
  const width = 1000;
  const players = state.players || [];
  const places = state.speakeasies || [];
  const rows = Math.ceil(places.length / 3);
  const top = 36;
  const playersTop = top + rows * 186 + 8;
  const height = playersTop + players.length * 70 + 4;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, id: "board-svg", role: "img",
    "aria-label": `the board at version ${state.version}`, "data-version": state.version });
  if (state.ruleset === "bootleggers") svg.append(offers(state, width));
  places.forEach((s, i) => svg.append(speakeasy(state, s, (i % 3) * 340, top + Math.floor(i / 3) * 186)));
  players.forEach((p, i) => svg.append(player(state, p, playersTop + i * 70, width)));
  container.replaceChildren(svg);
}

export function describeStatus(state) {
  const parts = [`${state.ruleset}`, state.status];
  if (state.round) parts.push(`round ${state.round}${state.rounds ? "/" + state.rounds : ""}`);
  if (state.phase) parts.push(`phase ${state.phase}`);
  if (state.step) parts.push(`step ${state.step}`);
  if ((state.waiting_for || []).length) parts.push(`waiting for ${state.waiting_for.map((s) => nameOf(state, s)).join(", ")}`);
  if (state.winner) parts.push(`winner: ${nameOf(state, state.winner)}`);
  if (state.annulled) parts.push("annulled: no winner");
  return parts.join(" · ");
}
