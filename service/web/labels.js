// Every control in words: a legal example as the sentence of what it does ("Send medium
// truck 1 to Mother's", "Hit: one of Bix's markers at Mother's", "Move your pawn 3
// clockwise, to Saloon (9)"), an action's facts ("$1 a Case at Canada (7)"), and the labels
// of the fields a form leaves to fill. Built from the state the seat holds; ids never shown.
import { t } from "./i18n.js";
import {
  cardName, deliveryCard, listed, mine, place, plural, stillName, targetWords, truckName, truckOf, who, whose, words,
} from "./seat-words.js";
import { rulesetOf } from "./rulesets.js";

const TITLED = new Set(["bid", "take_offer", "pass", "place_influence", "place_die", "place_improvement", "answer_vigorish",
  "load", "dispatch", "allow_public", "play_thug", "move", "end_turn", "buy", "sell", "choose_move", "trigger_event",
  "pass_turn", "deliver", "tail", "steal", "expose", "drop_tail"]);
export const titleOf = (type) => (TITLED.has(type) ? t(`action.${type}`) : null) || words(type).replace(/^./, (c) => c.toUpperCase());

/** Labels of the fields a form leaves to fill, by param name. */
const FIELDS = new Set(["placements", "loads", "routes", "cases", "card", "offer", "choice", "still", "speakeasy",
  "location", "seat", "target", "booze", "die", "pawn", "direction", "accept", "allow", "truck", "pay", "count", "text"]);
export const fieldLabel = (key) => (FIELDS.has(key) ? t(`field.${key}`) : null) || words(key).replace(/^./, (c) => c.toUpperCase());

const known = (family, value) => { const said = t(`${family}.${value}`); return said === `${family}.${value}` ? null : said; };
const PAWNS = new Proxy({}, { get: (_, v) => known("pawn", String(v)) });
const DIRECTIONS = new Proxy({}, { get: (_, v) => known("direction", String(v)) });
const CHOICES = new Proxy({}, { get: (_, v) => known("choice", String(v)) });

/** One value of a command in words (for a select's options and map fields). */
export function valueWords(state, key, value) {
  if (["to", "seat", "from", "target"].includes(key) && typeof value === "number") return who(state, value);
  if (key === "pawn") return PAWNS[value] || words(value);
  if (key === "direction") return DIRECTIONS[value] || words(value);
  if (key === "choice") return CHOICES[value] || words(value);
  if (key === "still" || key === "to_still") return stillName(value);
  if (key === "truck" || key === "with_truck" || /^(small|medium|large)_\d+$/.test(String(value))) return truckName(value);
  if (key === "card" && String(value).startsWith("thug:")) return cardName(value);
  const own = rulesetOf(state.ruleset)?.values?.[key];
  if (own) return own(state, value);
  if (key === "booze") return words(value);
  if (key === "offer") return offerWords(state, value);
  if (typeof value === "boolean") return value ? t("value.yes") : t("value.no");
  if (typeof value === "number" && !["space", "to", "via"].includes(key)) return String(value);
  return place(state, value);
}

function offerWords(state, offer) {
  if (offer === "truck") return t("offer.truck", { truck: truckName(state.offers?.truck || "truck") });
  const slot = (state.offers?.slots || []).find((s) => s.slot === offer);
  return slot?.card ? t("offer.card", { n: offer, card: cardName(slot.card) }) : t("offer.n", { n: offer });
}

const crates = (n) => plural(n, "crate");

/** Where pawn `pawn` lands moving `die` spaces `direction` (Prohibition's 24 spaces). */
function landing(state, pawn, die, direction) {
  const from = pawn === "own" ? (state.players || []).find((p) => p.seat === mine(state))?.space : state.law?.[pawn];
  if (!from || !(state.board || []).length) return "";
  const size = state.board.length;
  const to = ((from - 1 + (direction === "cw" ? die : -die)) % size + size) % size + 1;
  return place(state, to);
}

const COMMANDS = {
  bid: (s, e) => t("cmd.bid", { card: e.card }),
  take_offer: (s, e) => t("cmd.take", { offer: offerWords(s, e.offer) }) + (e.choice ? t("cmd.as", { choice: CHOICES[e.choice] || words(e.choice) }) : ""),
  pass: (s) => (s.step === "reaction" ? t("cmd.pass_reaction") : s.step === "thug_window" ? t("cmd.pass_thug") : t("cmd.pass")),
  place_influence: (s, e) => {
    const what = listed(Object.entries(e.placements || {}).map(([id, n]) => t("cmd.markers_at", { markers: plural(n, "marker"), place: place(s, id) })));
    return what ? t("cmd.place", { what }) : t("cmd.place_nothing");
  },
  place_die: (s, e) => t("cmd.place_die", { still: stillName(e.still) }),
  place_improvement: (s, e) => t("cmd.improve", { place: place(s, e.speakeasy) }),
  answer_vigorish: (s, e) => (e.pay ? (s.vigorish?.amount ? t("cmd.pay_amount", { amount: s.vigorish.amount }) : t("cmd.pay")) : t("cmd.dont_pay")),
  load: (s, e) => t("cmd.load", { what: listed(Object.entries(e.loads || {}).map(([id, n]) => t("cmd.on_truck", { crates: crates(n), truck: truckName(id) }))) || t("cmd.nothing") }),
  dispatch: (s, e) => t("cmd.send", { what: listed(Object.entries(e.routes || {}).map(([id, to]) => t("cmd.truck_to", { truck: truckName(id), place: place(s, to) }))) || t("cmd.no_truck") }),
  allow_public: (s, e) => (e.allow ? t("cmd.let_sell", { truck: truckOf(s, e.truck) }) : t("cmd.keep_out", { truck: truckOf(s, e.truck) })),
  play_thug: (s, e) => {
    const { type, card, ...targets } = e;
    const target = targetWords(s, targets);
    return `${cardName(card)}${target ? ": " + target : ""}`;
  },
  move: (s, e) => {
    const to = landing(s, e.pawn, e.die, e.direction);
    const rest = Object.entries(e).filter(([k]) => !["type", "die", "pawn", "direction"].includes(k))
      .map(([k, v]) => `${words(k)} ${valueWords(s, k, v)}`);
    return t("cmd.move", { pawn: PAWNS[e.pawn] || words(e.pawn), die: e.die, direction: DIRECTIONS[e.direction] || e.direction }) +
      (to ? t("cmd.to", { place: to }) : "") +
      (rest.length ? ` (${rest.join(", ")})` : "");
  },
  end_turn: (s) => {
    const left = s.turn?.dice || [];
    return t("cmd.end_turn") + (left.length ? t("cmd.leaving", { dice: listed(left.map(String)) }) : "");
  },
  buy: (s, e) => t("cmd.buy", { cases: plural(e.cases, "Case") }),
  sell: (s, e) => (e.accept ? t("cmd.sell") : t("cmd.dont_sell")),
  choose_move: (s, e) => t("cmd.go_to", { place: place(s, e.location) }),
  trigger_event: () => t("cmd.trigger"),
  pass_turn: () => t("cmd.pass_turn"),
  deliver: (s, e) => t("cmd.deliver", { card: deliveryCard(s, e.card) }),
  tail: (s, e) => t("cmd.tail", { name: who(s, e.seat) }),
  steal: (s, e) => (e.card ? t("cmd.steal", { card: deliveryCard(s, e.card) }) : t("cmd.steal_a_card")),
  expose: (s, e) => t("cmd.expose", { booze: words(e.booze) }) + (e.target !== undefined ? ` (${who(s, e.target)})` : ""),
  drop_tail: () => t("cmd.drop_tail"),
};

/** A button's words for one example. */
export function describe(state, example) {
  const own = COMMANDS[example.type];
  if (own) {
    try { return own(state, example); } catch { /* a shape this page does not know: the generic words */ }
  }
  const fields = Object.entries(example).filter(([k]) => k !== "type");
  if (!fields.length) return titleOf(example.type);
  return fields.map(([k, v]) => `${fieldLabel(k)}: ${typeof v === "object" && v ? JSON.stringify(v) : valueWords(state, k, v)}`).join(" · ");
}

const FACTS = {
  allow_public: (s, p) => t("fact.dock", { owner: whose(s, p.seller), crates: crates(p.crates), place: place(s, p.speakeasy) }),
  buy: (s, p) => t("fact.buy", { price: p.price, place: place(s, p.space) }),
  sell: (s, p) => t("fact.sell", { cases: plural(p.cases, "Case"), price: p.price, place: place(s, p.space) }),
  end_turn: (s, p) => ((p.unused_dice || []).length ? t("fact.unused", { dice: listed(p.unused_dice.map(String)) }) : ""),
  trigger_event: (s, p) => t("fact.event", { event: words(p.event).replace(/^./, (c) => c.toUpperCase()), place: place(s, p.location) }) + (p.what ? ": " + p.what : ""),
  expose: (s, p) => (p.target !== undefined ? t("fact.tailed", { name: who(s, p.target) }) : ""),
  move: (s, p) => {
    const plans = (p.plans || []).map((plan) => {
      const dirs = plan.directions || [];
      const how = dirs.length === 2 && dirs[0] === dirs[1] ? t("fact.both", { direction: DIRECTIONS[dirs[0]] }) : dirs.map((d) => DIRECTIONS[d]).join(t("fact.then"));
      return t("fact.plan", { dice: listed((plan.dice || []).map(String)), how, place: place(s, plan.to) }) + (plan.via ? t("fact.via", { place: place(s, plan.via) }) : "");
    });
    return t("fact.dice", { dice: listed((p.dice || []).map(String)) }) + (plans.length ? t("fact.plans", { plans: plans.join("; ") }) : "");
  },
  play_thug: () => "",
};

/** The params that are facts, not choices (a price, the plans a move allows), in words. */
export function facts(state, type, params) {
  if (FACTS[type]) {
    try { return FACTS[type](state, params || {}); } catch { /* generic below */ }
  }
  return Object.entries(params || {}).filter(([, p]) => p === null || typeof p !== "object")
    .map(([k, v]) => `${fieldLabel(k)}: ${valueWords(state, k, v)}`).join(" · ");
}
