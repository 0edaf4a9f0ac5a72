// Every control in words: a legal example as the sentence of what it does ("Send medium
// truck 1 to Mother's", "Hit: one of Bix's markers at Mother's", "Move your pawn 3
// clockwise, to Saloon (9)"), an action's facts ("$1 a Case at Canada (7)"), and the labels
// of the fields a form leaves to fill. Built from the state the seat holds; ids never shown.
import {
  cardName, deliveryCard, listed, mine, place, plural, stillName, targetWords, truckName, truckOf, who, whose, words,
} from "./seat-words.js";

export const TITLES = {
  bid: "Bid a Muscle card (sealed)", take_offer: "Take an offer", pass: "Pass",
  place_influence: "Place influence", place_die: "Put a die on a still", place_improvement: "Improve a speakeasy",
  answer_vigorish: "Vigorish: pay?", load: "Load your trucks", dispatch: "Dispatch your trucks",
  allow_public: "The public dock", play_thug: "Play a Thug card", move: "Move a pawn", end_turn: "End your turn",
  buy: "Buy Cases", sell: "Sell Cases", choose_move: "Choose your Location (sealed)",
  trigger_event: "Trigger the Location's Event", pass_turn: "Pass your turn", deliver: "Deliver a card",
  tail: "Tail a player", steal: "Steal a card", expose: "Expose: name their Booze", drop_tail: "Drop the tail",
};
export const titleOf = (type) => TITLES[type] || words(type).replace(/^./, (c) => c.toUpperCase());

/** Labels of the fields a form leaves to fill, by param name. */
export const FIELD_LABELS = {
  placements: "Markers per speakeasy", loads: "Crates per truck", routes: "Where each truck goes", cases: "Cases",
  card: "Card", offer: "Offer", choice: "Take it as", still: "Still", speakeasy: "Speakeasy", location: "Location",
  seat: "Player", target: "Player", booze: "Booze", die: "Die", pawn: "Pawn", direction: "Direction", accept: "Sell",
  allow: "Let it sell", truck: "Truck", pay: "Pay", count: "How many", text: "Text",
};
export const fieldLabel = (key) => FIELD_LABELS[key] || words(key).replace(/^./, (c) => c.toUpperCase());

const PAWNS = { own: "your pawn", police: "the Police", agent: "the Agent", fbi: "the FBI" };
const DIRECTIONS = { cw: "clockwise", ccw: "counter-clockwise" };
const CHOICES = { dice: "dice on a still", remote_still: "a remote still" };

/** One value of a command in words (for a select's options and map fields). */
export function valueWords(state, key, value) {
  if (["to", "seat", "from", "target"].includes(key) && typeof value === "number") return who(state, value);
  if (key === "pawn") return PAWNS[value] || words(value);
  if (key === "direction") return DIRECTIONS[value] || words(value);
  if (key === "choice") return CHOICES[value] || words(value);
  if (key === "still" || key === "to_still") return stillName(value);
  if (key === "truck" || key === "with_truck" || /^(small|medium|large)_\d+$/.test(String(value))) return truckName(value);
  if (key === "card" && String(value).startsWith("thug:")) return cardName(value);
  if (key === "card" && state.ruleset === "booze_baron") return deliveryCard(state, value);
  if (key === "booze") return words(value);
  if (key === "offer") return offerWords(state, value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && !["space", "to", "via"].includes(key)) return String(value);
  return place(state, value);
}

function offerWords(state, offer) {
  if (offer === "truck") return `the ${truckName(state.offers?.truck || "truck")}`;
  const slot = (state.offers?.slots || []).find((s) => s.slot === offer);
  return slot?.card ? `offer ${offer}: ${cardName(slot.card)}` : `offer ${offer}`;
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
  bid: (s, e) => `Bid ${e.card}`,
  take_offer: (s, e) => `Take ${offerWords(s, e.offer)}${e.choice ? `, as ${CHOICES[e.choice] || words(e.choice)}` : ""}`,
  pass: (s) => (s.step === "reaction" ? "Pass (let it happen)" : s.step === "thug_window" ? "Pass (play no card)" : "Pass"),
  place_influence: (s, e) => listed(Object.entries(e.placements || {}).map(([id, n]) => `${plural(n, "marker")} at ${place(s, id)}`))
    .replace(/^/, "Place ") || "Place nothing",
  place_die: (s, e) => `Put a die on your ${stillName(e.still)}`,
  place_improvement: (s, e) => `Improve ${place(s, e.speakeasy)}`,
  answer_vigorish: (s, e) => (e.pay ? `Pay${s.vigorish?.amount ? " $" + s.vigorish.amount : ""}` : "Don't pay (the still idles)"),
  load: (s, e) => "Load " + (listed(Object.entries(e.loads || {}).map(([id, n]) => `${crates(n)} on your ${truckName(id)}`)) || "nothing"),
  dispatch: (s, e) => "Send " + (listed(Object.entries(e.routes || {}).map(([id, to]) => `your ${truckName(id)} to ${place(s, to)}`)) || "no truck"),
  allow_public: (s, e) => (e.allow ? `Let ${truckOf(s, e.truck)} sell` : `Keep ${truckOf(s, e.truck)} out`),
  play_thug: (s, e) => {
    const { type, card, ...targets } = e;
    const target = targetWords(s, targets);
    return `${cardName(card)}${target ? ": " + target : ""}`;
  },
  move: (s, e) => {
    const to = landing(s, e.pawn, e.die, e.direction);
    const rest = Object.entries(e).filter(([k]) => !["type", "die", "pawn", "direction"].includes(k))
      .map(([k, v]) => `${words(k)} ${valueWords(s, k, v)}`);
    return `Move ${PAWNS[e.pawn] || words(e.pawn)} ${e.die} ${DIRECTIONS[e.direction] || e.direction}${to ? ", to " + to : ""}` +
      (rest.length ? ` (${rest.join(", ")})` : "");
  },
  end_turn: (s) => {
    const left = s.turn?.dice || [];
    return `End your turn${left.length ? ` (leaving ${listed(left.map(String))} unused)` : ""}`;
  },
  buy: (s, e) => `Buy ${plural(e.cases, "Case")}`,
  sell: (s, e) => (e.accept ? "Sell" : "Don't sell"),
  choose_move: (s, e) => `Go to ${place(s, e.location)}`,
  trigger_event: () => "Trigger the Event",
  pass_turn: () => "Pass your turn",
  deliver: (s, e) => `Deliver ${deliveryCard(s, e.card)}`,
  tail: (s, e) => `Tail ${who(s, e.seat)}`,
  steal: (s, e) => (e.card ? `Steal ${deliveryCard(s, e.card)}` : "Steal a card"),
  expose: (s, e) => `Expose: "${words(e.booze)}"${e.target !== undefined ? ` (${who(s, e.target)})` : ""}`,
  drop_tail: () => "Drop the tail",
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
  allow_public: (s, p) => `${whose(s, p.seller)} truck with ${crates(p.crates)} at ${place(s, p.speakeasy)}`,
  buy: (s, p) => `$${p.price} a Case at ${place(s, p.space)}`,
  sell: (s, p) => `${plural(p.cases, "Case")} at $${p.price} each, at ${place(s, p.space)}`,
  end_turn: (s, p) => ((p.unused_dice || []).length ? `dice unused: ${listed(p.unused_dice.map(String))}` : ""),
  trigger_event: (s, p) => `${words(p.event).replace(/^./, (c) => c.toUpperCase())} at ${place(s, p.location)}${p.what ? ": " + p.what : ""}`,
  expose: (s, p) => (p.target !== undefined ? `You tailed ${who(s, p.target)}` : ""),
  move: (s, p) => {
    const plans = (p.plans || []).map((plan) => {
      const dirs = plan.directions || [];
      const how = dirs.length === 2 && dirs[0] === dirs[1] ? `both ${DIRECTIONS[dirs[0]]}` : dirs.map((d) => DIRECTIONS[d]).join(", then ");
      return `${listed((plan.dice || []).map(String))} ${how}: to ${place(s, plan.to)}${plan.via ? ` via ${place(s, plan.via)}` : ""}`;
    });
    return `Dice: ${listed((p.dice || []).map(String))}.` + (plans.length ? ` Your pawn with both dice: ${plans.join("; ")}.` : "");
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
