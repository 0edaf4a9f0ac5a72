// Words for what the seat's page shows: players, speakeasies, Locations, spaces, trucks,
// stills and cards by name (never an id), counts with their plural, what the current step is
// about, and the status line. Read from the state the seat was served, nothing else.
import { nameOf } from "./svg.js";
import { cardLabel } from "./board.js";

/** "1 crate", "2 crates"; irregular plurals given: plural(1, "die", "dice"). */
export const plural = (n, one, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

/** "Ada, Bix and Cora". */
export function listed(items) {
  const all = items.filter((x) => x !== undefined && x !== null && x !== "");
  return all.length < 2 ? all.join("") : `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
}

export const mine = (state) => state.viewer?.seat;

/** A player by name; "you" for the seat reading the page when `you` is set. */
export function who(state, seat, you = false) {
  if (seat === null || seat === undefined || seat === "") return "nobody";
  if (you && Number(seat) === mine(state)) return "you";
  return nameOf(state, seat);
}

export function whose(state, seat) {
  return Number(seat) === mine(state) ? "your" : `${nameOf(state, seat)}'s`;
}

/** A place by id: a speakeasy, a Booze Baron Location, or a Prohibition space by number. */
export function place(state, id) {
  const found = [...(state.speakeasies || []), ...(state.locations || [])].find((s) => s.id === id);
  if (found) return found.name || words(id);
  const space = (state.board || []).find((s) => s.space === Number(id));
  if (space) return `${space.name} (${space.space})`;
  return words(id);
}

/** "small_2" → "small truck 2"; "truck:medium#1" → "medium truck". */
export function truckName(id) {
  const text = String(id);
  if (text.startsWith("truck:")) return cardLabel(text);
  const m = text.match(/^(small|medium|large)_(\d+)$/);
  return m ? `${m[1]} truck ${m[2]}` : words(text);
}

/** Who operates truck `id` now (its owner, or who rents it). */
export function truckOwner(state, id) {
  return (state.players || []).find((p) => (p.trucks || []).some((t) => t.id === id))?.seat;
}

export function truckOf(state, id) {
  const owner = truckOwner(state, id);
  return owner === undefined ? `the ${truckName(id)}` : `${whose(state, owner)} ${truckName(id)}`;
}

/** "family" → "family still", "remote_1" → "remote still 1", "back_room" → "back room". */
export function stillName(id) {
  if (id === "family") return "family still";
  if (id === "back_room") return "back room";
  const m = String(id).match(/^remote_(\d+)$/);
  return m ? `remote still ${m[1]}` : words(id);
}

/** A Thug or Men of Action card in words: "thug:hit#2" → "Hit". */
export function cardName(card) {
  const text = cardLabel(card);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A Booze Baron Delivery card by what it shows: "the Docks' Beer & Liquor card". */
export function deliveryCard(state, id) {
  const card = (state.cards || {})[id];
  if (!card) return "a face-down Delivery card";
  const booze = (card.booze || []).map((b) => b.charAt(0).toUpperCase() + b.slice(1)).join(" & ");
  const where = card.location ? place(state, card.location).replace(/^The /, "the ") : "";
  return `${where ? where + "'s " : ""}${booze || "Delivery"} card`.replace(/s's /, "s' ");
}

/** An id or step name as words: "follow_up" → "follow up". */
export const words = (id) => String(id ?? "").replaceAll("_", " ");

export const mobName = (mob) => `the ${String(mob).split(" & ").map((m) => m.charAt(0).toUpperCase() + m.slice(1)).join(" & ")} mob`;

const STEPS = {
  bid: "the bid", choose_offer: "choosing the offers", thug_window: "Thug cards", reaction: "answering a Thug card",
  place_influence: "influence", deals: "deals", load: "loading", dispatch: "dispatch", public_dock: "the public dock",
  vigorish: "A Little Vigorish", selling: "selling", finished: "the end",
  move: "moving", buy: "buying Cases", sell: "selling Cases", action: "actions", follow_up: "after a tail",
};
const BOOZE_STEPS = { move: "choosing Locations (sealed)" };

export function stepName(state, step = state.step) {
  if (!step) return "";
  if (state.ruleset === "booze_baron" && BOOZE_STEPS[step]) return BOOZE_STEPS[step];
  return STEPS[step] || words(step);
}

const TITLES = { bootleggers: "Bootleggers", prohibition: "Prohibition", booze_baron: "Booze Baron" };

/** The line under the board: ruleset, round, phase, step, whom it waits for. */
export function statusWords(state) {
  const parts = [TITLES[state.ruleset] || words(state.ruleset)];
  if (state.status === "lobby") parts.push("not started yet");
  if (state.status === "finished") parts.push(state.annulled ? "annulled" : "over");
  const rounds = state.rounds || state.round_limit;
  if (state.round) parts.push(`round ${state.round}${rounds ? " of " + rounds : ""}`);
  if (state.ruleset === "bootleggers" && state.phase && state.status === "running") parts.push(`Phase ${state.phase}`);
  if (state.status === "running" && state.step) parts.push(stepName(state));
  const waiting = state.waiting_for || [];
  if (state.status === "running" && waiting.length) parts.push(`waiting for ${listed(waiting.map((s) => who(state, s, true)))}`);
  return parts.join(" · ");
}

const WINDOWS = {
  after_choices: "after the offers were taken",
  before_production: "before the stills produce",
  after_loading: "after the trucks are loaded, before they are sent",
  lined_up: "before the sales",
};

/** The trucks lined up at the speakeasies, in words. */
function linedUp(state) {
  return (state.speakeasies || []).filter((s) => (s.trucks || []).length).map((s) =>
    `${s.name}: ${listed(s.trucks.map((t) => `${whose(state, t.seat)} ${truckName(t.truck)} (${plural(t.crates ?? 0, "crate")})`))}`);
}

/** Words for the targets of a Thug card being played or declared (a pending card's). */
export function targetWords(state, t = {}) {
  const out = [];
  const at = t.speakeasy ? ` at ${place(state, t.speakeasy)}` : "";
  if (t.markers) {
    out.push(listed(Object.entries(t.markers).map(([s, n]) => `${n} of ${whose(state, s)} markers`)) + at);
  } else if (t.mode === "add") {
    out.push(`add your marker${at}`);
  } else if (t.seat !== undefined && t.still) {
    out.push(`${whose(state, t.seat)} ${stillName(t.still)}` + (t.to_still ? ` (its dice to your ${stillName(t.to_still)})` : ""));
  } else if (t.target === "pending") {
    out.push("on the card just played");
  } else if (t.target === "friendly_union_boss") {
    out.push(`on ${whose(state, t.seat)} Friendly Union Boss`);
  } else if (t.seat !== undefined && t.speakeasy) {
    out.push(`${t.mode === "destroy" ? "destroy " : ""}${Number(t.seat) === mine(state) ? "one of your own markers" : `one of ${whose(state, t.seat)} markers`}${at}`);
  } else if (t.seat !== undefined) {
    out.push(`on ${who(state, t.seat, true)}`);
  } else if (t.speakeasy) {
    out.push(`${place(state, t.speakeasy)}${t.to_speakeasy ? ` to ${place(state, t.to_speakeasy)}` : ""}`);
  }
  if (t.truck) out.push(`${truckOf(state, t.truck)}${t.with_truck ? `, with your ${truckName(t.with_truck)}` : ""}` +
    (t.to_speakeasy && !t.speakeasy ? ` at ${place(state, t.to_speakeasy)}` : ""));
  if (t.withdraw) out.push("take back " + listed(Object.entries(t.withdraw).map(([s, n]) => `${plural(n, "marker")} from ${place(state, s)}`)));
  if (t.count !== undefined) out.push(`${plural(t.count, "time")}`);
  return out.join("; ");
}

function bootleggersStep(state, legal) {
  const me = mine(state);
  const awaited = (state.waiting_for || []).includes(me);
  const others = listed((state.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(state, s)));
  const pending = state.pending_thug;
  const actions = new Set((legal?.actions || []).map((a) => a.type));
  switch (state.step) {
    case "bid": {
      const done = (state.players || []).find((p) => p.seat === me)?.has_bid;
      return done ? `The bid: yours is in (sealed); waiting for ${others || "the others"}.`
        : "The bid: everyone bids one Muscle card, sealed; they are shown together, and the highest chooses first.";
    }
    case "choose_offer":
      return awaited ? "The offers: take one face-up card or the truck; the others choose after you, in Muscle order."
        : `The offers: ${others} ${(state.waiting_for || []).length > 1 ? "choose" : "chooses"} now, in Muscle order.`;
    case "thug_window": {
      const when = WINDOWS[state.window] || "now";
      const lines = state.window === "lined_up" ? linedUp(state) : [];
      const what = actions.has("play_thug") ? "Play a Thug card or pass" : "Pass (you hold no card that can be played now)";
      return `Thug cards ${when}${lines.length ? " — lined up: " + lines.join("; ") : ""}. ${awaited ? what + "." : `Waiting for ${others}.`}`;
    }
    case "reaction":
      if (pending) {
        const target = targetWords(state, pending.targets);
        return `${who(state, pending.seat, true) === "you" ? "You play" : `${nameOf(state, pending.seat)} plays`} ` +
          `${cardName(pending.card)}${target ? ": " + target : ""}. ` +
          (awaited ? (actions.has("play_thug") ? "Stop it with G-Men Investigation, or pass to let it happen."
            : "Pass to let it happen (you hold no G-Men Investigation).") : `Waiting for ${others} to answer.`);
      }
      return "A Thug card is being answered.";
    case "place_influence":
      return "Phase 2, influence: place the markers from your back room at speakeasies (or pass).";
    case "deals":
      return "Phase 3, deals: propose, accept or reject deals; pass when you are done.";
    case "load":
      return "Phase 4, loading: put your crates on your trucks (crates left off are lost at the end of the phase).";
    case "dispatch":
      return "Phase 4, dispatch: send each loaded truck to a speakeasy, in Muscle order.";
    case "public_dock": {
      const sel = state.selling || {};
      const s = (state.speakeasies || []).find((x) => x.id === sel.speakeasy);
      const waiting = (s?.trucks || []).find((t) => t.dock === "public" && t.crates > 0);
      const about = waiting ? `${whose(state, waiting.seat)} ${truckName(waiting.truck)} (${plural(waiting.crates, "crate")}) waits at the public dock of ${s.name}` : "a truck waits at the public dock";
      return `Selling: ${about}. ${awaited ? "You lead there: let it sell, or keep it out." : `${others} decides.`}`;
    }
    case "vigorish": {
      const v = state.vigorish || {};
      return v.amount ? `A Little Vigorish: ${who(state, v.to, true)} demands $${v.amount} for ${whose(state, v.seat)} ${stillName(v.still)}; pay, or the still idles this round.`
        : "A Little Vigorish: pay, or the still idles this round.";
    }
    default:
      return "";
  }
}

function prohibitionStep(state, legal) {
  const me = mine(state);
  const turn = state.turn || {};
  const params = Object.fromEntries((legal?.actions || []).map((a) => [a.type, a.params || {}]));
  const mover = turn.seat === me ? "Your turn" : `${nameOf(state, turn.seat)}'s turn`;
  if (state.step === "move") {
    const dice = (turn.dice || []).length ? `${turn.dice.length === 1 ? "die" : "dice"} left: ${listed(turn.dice.map(String))}` : "no dice left";
    return `${mover} (${dice}): move your pawn or a Law pawn with each die, or end the turn.`;
  }
  if (state.step === "buy") {
    const p = params.buy || {};
    return `${mover}: buy Cases${p.space ? " at " + place(state, p.space) : ""}${p.price !== undefined ? ` for $${p.price} each` : ""}.`;
  }
  if (state.step === "sell") {
    const p = params.sell || {};
    return `${mover}: sell${p.cases ? " " + plural(p.cases, "Case") : " Cases"}${p.space ? " at " + place(state, p.space) : ""}${p.price !== undefined ? ` for $${p.price} each` : ""}?`;
  }
  return "";
}

function boozeStep(state, legal) {
  const me = mine(state);
  const self = (state.players || []).find((p) => p.seat === me) || {};
  const others = listed((state.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(state, s)));
  const awaited = (state.waiting_for || []).includes(me);
  if (state.step === "move") {
    return self.has_chosen ? `Your Location is chosen (sealed); waiting for ${others || "the others"}.`
      : "Choose your Location for this round, sealed: all are shown at once.";
  }
  if (state.step === "action") {
    const here = self.location ? place(state, self.location) : "your Location";
    return awaited ? `Your action at ${here}: deliver a card, trigger the Location's Event, tail a player there, or pass.`
      : `Actions: ${others} ${(state.waiting_for || []).length > 1 ? "act" : "acts"} now.`;
  }
  if (state.step === "follow_up") {
    const target = (legal?.actions || []).find((a) => a.type === "expose")?.params?.target ?? state.tail?.target;
    return awaited ? `After tailing ${target !== undefined ? nameOf(state, target) : "a player"}: expose their Booze by naming it, or drop the tail.`
      : `${others} follows up a tail.`;
  }
  return "";
}

const STEP_WORDS = { bootleggers: bootleggersStep, prohibition: prohibitionStep, booze_baron: boozeStep };

/** One sentence: what the current step is about, for this seat. */
export function stepAbout(state, legal) {
  if (state.status !== "running") return "";
  return (STEP_WORDS[state.ruleset] || (() => ""))(state, legal);
}

/** A server's refusal with seats, trucks and places named as the page names them. */
export function humanize(state, detail) {
  return String(detail || "")
    .replace(/\bseat (\d+)\b/g, (_, n) => nameOf(state, Number(n)))
    .replace(/\b(small|medium|large)_(\d+)\b/g, (id) => truckName(id))
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (id) => {
      const found = [...(state.speakeasies || []), ...(state.locations || [])].find((s) => s.id === id);
      return found ? found.name : id;
    });
}
