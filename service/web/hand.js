// The seat's own hand and holdings in words, per ruleset: what only this seat sees (its Muscle
// and Thug cards, its Mob and Booze, its face-down Delivery cards) beside what it owns. A held
// Thug card the seat cannot play now says why (when it may be played, from the rules' table).
// Each ruleset's list is its module's `hand` (ruleset-*.js), built with `item` from here.
import { cardName, plural } from "./seat-words.js";
import { RULESETS, rulesetOf } from "./rulesets.js";
import { THUG_WINDOWS } from "./thug-cards.js";
import { t } from "./i18n.js";

// A window's phrase by its catalog key (its words, slugged); English as the table says it otherwise.
const phrase = (text) => {
  const key = `thugwin.${text.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 48)}`;
  const said = t(key);
  return said === key ? text : said;
};

export const item = (term, value, key) => {
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

export function thugList(state, legal, cards) {
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

export function drawHand(container, state, legal) {
  const seat = state.viewer?.seat;
  const p = (state.players || []).find((x) => x.seat === seat);
  const list = document.createElement("dl");
  if (p) list.append(...(rulesetOf(state.ruleset) || RULESETS.prohibition).hand(p, state, legal));
  container.replaceChildren(list);
}
