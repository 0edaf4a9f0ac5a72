// The seat's own hand and holdings in words, per ruleset: what only this seat sees (its Muscle
// and Thug cards, its Mob and Booze, its face-down Delivery cards) beside what it owns. A held
// Thug card the seat cannot play now says why (when it may be played, from the rules' table).
import { cardName, deliveryCard, listed, mobName, place, plural, stillName, truckName, words } from "./seat-words.js";
import { THUG_WINDOWS } from "./thug-cards.js";

const item = (term, value, key) => {
  const row = document.createElement("div");
  row.className = "fact";
  if (key) row.dataset.fact = key;
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  if (value instanceof Node) dd.append(value); else dd.textContent = value;
  row.append(dt, dd);
  return row;
};

const kindOf = (card) => String(card).replace(/^thug:/, "").replace(/#\d+$/, "");

/** Why a held Thug card is not among this seat's moves now (null: it is). */
export function whyNot(state, legal, card) {
  const playable = (legal?.actions || []).find((a) => a.type === "play_thug")?.params?.card?.choices || [];
  if (playable.includes(card)) return null;
  const [from, until] = THUG_WINDOWS[kindOf(card)] || [];
  const when = from ? ` It is played ${from.replace(/^any time/, "at any time")}, until ${until}.` : "";
  if (state.status !== "running") return "The game is not running.";
  if (!legal?.awaited) return `Not now: you may play Thug cards when the game waits for you.${when}`;
  return `Not now: it has no target it can take, or this is not its moment.${when}`;
}

function thugList(state, legal, cards) {
  if (!Array.isArray(cards)) return `${plural(cards ?? 0, "card")} (hidden)`;
  if (!cards.length) return "none";
  const list = document.createElement("ul");
  list.className = "cards";
  for (const card of cards) {
    const li = document.createElement("li");
    li.dataset.card = card;
    const why = whyNot(state, legal, card);
    li.append(document.createTextNode(cardName(card) + (why ? "" : " — playable now (see your moves)")));
    if (why) {
      const note = document.createElement("span");
      note.className = "why muted";
      note.textContent = ` — ${why}`;
      li.append(note);
    }
    list.append(li);
  }
  return list;
}

function bootleggers(p, state, legal) {
  const room = Object.entries(p.back_room || {}).filter(([, n]) => n)
    .map(([k, n]) => (k === "influence" ? plural(n, "influence marker") : k === "dice" ? plural(n, "die", "dice") : plural(n, words(k).replace(/s$/, ""))));
  return [
    item("Cash", `$${p.cash}`, "cash"),
    item("Muscle cards", Array.isArray(p.muscle_hand) ? p.muscle_hand.join(", ") || "none" : `${p.muscle_hand}`, "muscle"),
    item("Muscle shown", p.displayed_muscle ?? "–", "displayed"),
    item("Thug cards", thugList(state, legal, p.thug_cards), "thugs"),
    item("Back room", listed(room) || "empty", "back-room"),
    item("Crates", plural(p.crates ?? 0, "crate"), "crates"),
    item("Trucks", listed((p.trucks || []).map((t) => `${truckName(t.id)} ${t.load}/${t.capacity}${t.at ? " → " + place(state, t.at) : ""}`)) || "none", "trucks"),
    item("Stills", listed((p.stills || []).map((s) => `${stillName(s.id)}: ${plural(s.dice, "die", "dice")}`)) || "none", "stills"),
  ];
}

function prohibition(p, state) {
  return [item("Bankrolls", p.bankrolls, "bankrolls"), item("Cases", p.cases, "cases"),
    item("Space", p.space ? place(state, p.space) : "–", "space")];
}

function boozeBaron(p, state) {
  const cards = (p.deliveries || []).map((d) => `${deliveryCard(state, d.id)}${d.face_up ? " (face up)" : ""}`);
  return [
    item("Your Mob", p.mob ? `${mobName(p.mob).replace(/^the /, "")}${p.booze ? " — " + p.booze : ""}` : "unknown", "mob"),
    item("Exposed", p.exposed ? "yes" : "no", "exposed"),
    item("Delivery cards", listed(cards) || "none", "deliveries"),
    item("Movement cards", listed((p.movement || []).map((m) => place(state, m))) || "none", "movement"),
    item("Snitch tokens", p.snitch ?? 0, "snitch"),
  ];
}

const HANDS = { bootleggers, prohibition, booze_baron: boozeBaron };

export function drawHand(container, state, legal) {
  const seat = state.viewer?.seat;
  const p = (state.players || []).find((x) => x.seat === seat);
  const list = document.createElement("dl");
  if (p) list.append(...(HANDS[state.ruleset] || prohibition)(p, state, legal));
  container.replaceChildren(list);
}
