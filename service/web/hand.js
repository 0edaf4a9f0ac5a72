// The seat's own hand and holdings in words, per ruleset: what only this seat sees (its Muscle
// and Thug cards, its Mob and Booze, its face-down Delivery cards) beside what it owns. A held
// Thug card the seat cannot play now says why (when it may be played, from the rules' table).
import { cardName, deliveryCard, listed, mobName, place, plural, stillName, truckName, words } from "./seat-words.js";
import { THUG_WINDOWS } from "./thug-cards.js";
import { t } from "./i18n.js";

// A window's phrase by its catalog key (its words, slugged); English as the table says it otherwise.
const phrase = (text) => {
  const key = `thugwin.${text.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 48)}`;
  const said = t(key);
  return said === key ? text : said;
};

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
  const when = from ? t("hand.when", { from: phrase(from), until: phrase(until) }) : "";
  if (state.status !== "running") return t("hand.not_running");
  if (!legal?.awaited) return t("hand.not_now_wait", { when });
  return t("hand.not_now_target", { when });
}

function thugList(state, legal, cards) {
  if (!Array.isArray(cards)) return t("hand.hidden", { cards: plural(cards ?? 0, "card") });
  if (!cards.length) return t("hand.none");
  const list = document.createElement("ul");
  list.className = "cards";
  for (const card of cards) {
    const li = document.createElement("li");
    li.dataset.card = card;
    const why = whyNot(state, legal, card);
    li.append(document.createTextNode(cardName(card) + (why ? "" : t("hand.playable"))));
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
    item(t("hand.cash"), t("hand.cash_value", { n: p.cash }), "cash"),
    item(t("hand.muscle"), Array.isArray(p.muscle_hand) ? p.muscle_hand.join(", ") || t("hand.none") : `${p.muscle_hand}`, "muscle"),
    item(t("hand.muscle_shown"), p.displayed_muscle ?? "–", "displayed"),
    item(t("hand.thugs"), thugList(state, legal, p.thug_cards), "thugs"),
    item(t("hand.back_room"), listed(room) || t("hand.empty"), "back-room"),
    item(t("hand.crates"), plural(p.crates ?? 0, "crate"), "crates"),
    item(t("hand.trucks"), listed((p.trucks || []).map((x) => `${truckName(x.id)} ${x.load}/${x.capacity}${x.at ? " → " + place(state, x.at) : ""}`)) || t("hand.none"), "trucks"),
    item(t("hand.stills"), listed((p.stills || []).map((s) => `${stillName(s.id)}: ${plural(s.dice, "die", "dice")}`)) || t("hand.none"), "stills"),
  ];
}

function prohibition(p, state) {
  return [item(t("hand.bankrolls"), p.bankrolls, "bankrolls"), item(t("hand.cases"), p.cases, "cases"),
    item(t("hand.space"), p.space ? place(state, p.space) : "–", "space")];
}

function boozeBaron(p, state) {
  const cards = (p.deliveries || []).map((d) => `${deliveryCard(state, d.id)}${d.face_up ? t("hand.face_up") : ""}`);
  return [
    item(t("hand.your_mob"), p.mob ? `${mobName(p.mob).replace(/^the /, "")}${p.booze ? " — " + p.booze : ""}` : t("hand.unknown"), "mob"),
    item(t("hand.exposed"), p.exposed ? t("value.yes") : t("value.no"), "exposed"),
    item(t("hand.deliveries"), listed(cards) || t("hand.none"), "deliveries"),
    item(t("hand.movement"), listed((p.movement || []).map((m) => place(state, m))) || t("hand.none"), "movement"),
    item(t("hand.snitch"), p.snitch ?? 0, "snitch"),
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
