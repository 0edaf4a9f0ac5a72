// The seat's own hand and holdings in words, per ruleset: what only this seat sees (its Muscle
// and Thug cards, its Mob and Booze, its face-down Delivery cards) beside what it owns.
import { cardLabel } from "./board.js";

const item = (term, value, key) => {
  const row = document.createElement("div");
  row.className = "fact";
  if (key) row.dataset.fact = key;
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  dd.textContent = value;
  row.append(dt, dd);
  return row;
};

function bootleggers(p) {
  const room = Object.entries(p.back_room || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ");
  return [
    item("Cash", `$${p.cash}`, "cash"),
    item("Muscle cards", Array.isArray(p.muscle_hand) ? p.muscle_hand.join(", ") || "none" : `${p.muscle_hand}`, "muscle"),
    item("Muscle shown", p.displayed_muscle ?? "–", "displayed"),
    item("Thug cards", Array.isArray(p.thug_cards) ? p.thug_cards.map(cardLabel).join(", ") || "none" : `${p.thug_cards}`, "thugs"),
    item("Back room", room || "empty", "back-room"),
    item("Crates", p.crates ?? 0, "crates"),
    item("Trucks", (p.trucks || []).map((t) => `${t.id} ${t.load}/${t.capacity}${t.at ? " → " + t.at : ""}`).join(", ") || "none", "trucks"),
    item("Stills", (p.stills || []).map((s) => `${s.id} ${s.dice} ${s.dice === 1 ? "die" : "dice"}`).join(", ") || "none", "stills"),
  ];
}

function prohibition(p) {
  return [item("Bankrolls", p.bankrolls, "bankrolls"), item("Cases", p.cases, "cases"), item("Space", p.space, "space")];
}

function boozeBaron(p, state) {
  const cards = (p.deliveries || []).map((d) => {
    const booze = (state.cards || {})[d.id]?.booze || [];
    return `${d.id}${booze.length ? " (" + booze.join(" & ") + ")" : ""}${d.face_up ? " face up" : ""}`;
  });
  return [
    item("Your Mob", p.mob ? `${p.mob}${p.booze ? " — " + p.booze : ""}` : "unknown", "mob"),
    item("Exposed", p.exposed ? "yes" : "no", "exposed"),
    item("Delivery cards", cards.join(", ") || "none", "deliveries"),
    item("Movement cards", (p.movement || []).map((m) => m.replaceAll("_", " ")).join(", ") || "none", "movement"),
    item("Snitch tokens", p.snitch ?? 0, "snitch"),
  ];
}

const HANDS = { bootleggers, prohibition, booze_baron: boozeBaron };

export function drawHand(container, state) {
  const seat = state.viewer?.seat;
  const p = (state.players || []).find((x) => x.seat === seat);
  const list = document.createElement("dl");
  if (p) list.append(...(HANDS[state.ruleset] || prohibition)(p, state));
  container.replaceChildren(list);
}
