// Words for what the seat's page shows: players, speakeasies, Locations, spaces, trucks,
// stills and cards by name (never an id), counts with their plural, what the current step is
// about, and the status line. Read from the state the seat was served, nothing else.
import { nameOf } from "./svg.js";
import { cardLabel } from "./board.js";
import { listed as joined, t } from "./i18n.js";

/** "1 crate", "2 crates": the catalog's plural message `count.<one>` ("count.crate",
 *  "count.demand_die"); a count the catalog lacks is said in English: plural(1, "die", "dice"). */
export function plural(n, one, many = `${one}s`) {
  const key = `count.${String(one).toLowerCase().replaceAll(" ", "_")}`;
  const said = t(key, { n });
  return said === key ? `${n} ${Number(n) === 1 ? one : many}` : said;
}

/** "Ada, Bix and Cora" ("Ada, Bix und Cora"). */
export const listed = joined;

export const mine = (state) => state.viewer?.seat;

/** A player by name; "you" for the seat reading the page when `you` is set. */
export function who(state, seat, you = false) {
  if (seat === null || seat === undefined || seat === "") return t("seat.nobody");
  if (you && Number(seat) === mine(state)) return t("seat.you");
  return nameOf(state, seat);
}

export function whose(state, seat) {
  if (Number(seat) === mine(state)) return t("seat.your");
  const name = nameOf(state, seat);  // (German: "Adas", but "Bix’" after s, ß, x, z)
  return t(/[sßxz]$/i.test(name) ? "seat.whose_hissed" : "seat.whose", { name });
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
  return m ? t(`truck.${m[1]}`, { n: m[2] }) : words(text);
}

/** Who operates truck `id` now (its owner, or who rents it). */
export function truckOwner(state, id) {
  return (state.players || []).find((p) => (p.trucks || []).some((t) => t.id === id))?.seat;
}

export function truckOf(state, id) {
  const owner = truckOwner(state, id);
  return owner === undefined ? t("seat.the_truck", { truck: truckName(id) })
    : t("seat.owned", { owner: whose(state, owner), thing: truckName(id) });
}

/** "family" → "family still", "remote_1" → "remote still 1", "back_room" → "back room". */
export function stillName(id) {
  if (id === "family") return t("still.family");
  if (id === "back_room") return t("still.back_room");
  const m = String(id).match(/^remote_(\d+)$/);
  return m ? t("still.remote", { n: m[1] }) : words(id);
}

/** A Thug or Men of Action card in words: "thug:hit#2" → "Hit". */
export function cardName(card) {
  const kind = String(card).replace(/#\d+$/, "");
  const named = t(`card.${kind}`);
  if (named !== `card.${kind}`) return named;
  const text = cardLabel(card);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A Booze Baron Delivery card by what it shows: "the Docks' Beer & Liquor card". */
export function deliveryCard(state, id) {
  const card = (state.cards || {})[id];
  if (!card) return t("seat.face_down_delivery");
  const booze = (card.booze || []).map((b) => b.charAt(0).toUpperCase() + b.slice(1)).join(" & ");
  const where = card.location ? place(state, card.location).replace(/^The /, "the ") : "";
  return `${where ? where + "'s " : ""}${booze || "Delivery"} card`.replace(/s's /, "s' ");
}

/** An id or step name as words: "follow_up" → "follow up". */
export const words = (id) => String(id ?? "").replaceAll("_", " ");

export const mobName = (mob) => `the ${String(mob).split(" & ").map((m) => m.charAt(0).toUpperCase() + m.slice(1)).join(" & ")} mob`;

const STEPS = new Set(["bid", "choose_offer", "thug_window", "reaction", "place_influence", "deals", "load", "dispatch",
  "public_dock", "vigorish", "selling", "finished", "move", "buy", "sell", "action", "follow_up"]);

export function stepName(state, step = state.step) {
  if (!step) return "";
  if (state.ruleset === "booze_baron" && step === "move") return t("step.booze_move");
  return STEPS.has(step) ? t(`step.${step}`) : words(step);
}

const TITLES = { bootleggers: "Bootleggers", prohibition: "Prohibition", booze_baron: "Booze Baron" };

/** The line under the board: ruleset, round, phase, step, whom it waits for. */
export function statusWords(state) {
  const parts = [TITLES[state.ruleset] || words(state.ruleset)];
  if (state.status === "lobby") parts.push(t("status.not_started"));
  if (state.status === "finished") parts.push(state.annulled ? t("status.annulled") : t("status.over"));
  const rounds = state.rounds || state.round_limit;
  if (state.round) parts.push(rounds ? t("status.round_of", { round: state.round, rounds }) : t("status.round", { round: state.round }));
  if (state.ruleset === "bootleggers" && state.phase && state.status === "running") parts.push(t("status.phase", { phase: state.phase }));
  if (state.status === "running" && state.step) parts.push(stepName(state));
  const waiting = state.waiting_for || [];
  if (state.status === "running" && waiting.length) parts.push(t("status.waiting_for", {  // "you" as an object: "dich" in German
    names: listed(waiting.map((s) => (Number(s) === mine(state) ? t("seat.you_object") : who(state, s)))) }));
  return parts.join(" · ");
}

const WINDOWS = new Set(["after_choices", "before_production", "after_loading", "lined_up"]);

/** The trucks lined up at the speakeasies, in words. */
function linedUp(state) {
  return (state.speakeasies || []).filter((s) => (s.trucks || []).length).map((s) =>
    `${s.name}: ${listed(s.trucks.map((x) => t("seat.truck_with_crates", { owner: whose(state, x.seat), truck: truckName(x.truck),
      crates: plural(x.crates ?? 0, "crate") })))}`);
}

/** Words for the targets of a Thug card being played or declared (a pending card's). */
export function targetWords(state, tg = {}) {
  const out = [];
  const at = tg.speakeasy ? t("target.at", { place: place(state, tg.speakeasy) }) : "";
  if (tg.markers) {
    out.push(listed(Object.entries(tg.markers).map(([s, n]) => t("target.markers_of", { n, owner: whose(state, s) }))) + at);
  } else if (tg.mode === "add") {
    out.push(t("target.add_marker") + at);
  } else if (tg.seat !== undefined && tg.still) {
    out.push(t("seat.owned", { owner: whose(state, tg.seat), thing: stillName(tg.still) }) +
      (tg.to_still ? t("target.dice_to", { still: stillName(tg.to_still) }) : ""));
  } else if (tg.target === "pending") {
    out.push(t("target.pending"));
  } else if (tg.target === "friendly_union_boss") {
    out.push(t("target.union_boss", { owner: whose(state, tg.seat) }));
  } else if (tg.seat !== undefined && tg.speakeasy) {
    out.push((tg.mode === "destroy" ? t("target.destroy") : "") + (Number(tg.seat) === mine(state) ? t("target.own_marker")
      : t("target.marker_of", { owner: whose(state, tg.seat) })) + at);
  } else if (tg.seat !== undefined) {
    out.push(t("target.on", { name: who(state, tg.seat, true) }));
  } else if (tg.speakeasy) {
    out.push(`${place(state, tg.speakeasy)}${tg.to_speakeasy ? t("target.to", { place: place(state, tg.to_speakeasy) }) : ""}`);
  }
  if (tg.truck) out.push(`${truckOf(state, tg.truck)}${tg.with_truck ? t("target.with_truck", { truck: truckName(tg.with_truck) }) : ""}` +
    (tg.to_speakeasy && !tg.speakeasy ? t("target.at", { place: place(state, tg.to_speakeasy) }) : ""));
  if (tg.withdraw) out.push(t("target.take_back", { what: listed(Object.entries(tg.withdraw).map(([s, n]) =>
    t("target.markers_from", { markers: plural(n, "marker"), place: place(state, s) }))) }));
  if (tg.count !== undefined) out.push(plural(tg.count, "time"));
  return out.join("; ");
}

function bootleggersStep(state, legal) {
  const me = mine(state);
  const awaited = (state.waiting_for || []).includes(me);
  const others = listed((state.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(state, s)));
  const many = (state.waiting_for || []).length;
  const pending = state.pending_thug;
  const actions = new Set((legal?.actions || []).map((a) => a.type));
  switch (state.step) {
    case "bid": {
      const done = (state.players || []).find((p) => p.seat === me)?.has_bid;
      return done ? t("about.bid_done", { others: others || t("about.the_others") }) : t("about.bid");
    }
    case "choose_offer":
      return awaited ? t("about.offers_yours") : t("about.offers_others", { others, n: many });
    case "thug_window": {
      const when = WINDOWS.has(state.window) ? t(`window.${state.window}`) : t("window.now");
      const lines = state.window === "lined_up" ? linedUp(state) : [];
      const what = actions.has("play_thug") ? t("about.thug_play_or_pass") : t("about.thug_pass_only");
      return t("about.thug_window", { when, lined: lines.length ? t("about.lined_up", { lines: lines.join("; ") }) : "" }) + " " +
        (awaited ? what : t("about.waiting_for", { others }));
    }
    case "reaction":
      if (pending) {
        const target = targetWords(state, pending.targets);
        const played = Number(pending.seat) === me ? t("about.you_play", { card: cardName(pending.card) })
          : t("about.plays", { name: nameOf(state, pending.seat), card: cardName(pending.card) });
        return `${played}${target ? ": " + target : ""}. ` +
          (awaited ? (actions.has("play_thug") ? t("about.reaction_stop") : t("about.reaction_pass"))
            : t("about.reaction_waiting", { others }));
      }
      return t("about.reaction");
    case "place_influence":
      return t("about.place_influence");
    case "deals":
      return t("about.deals");
    case "load":
      return t("about.load");
    case "dispatch":
      return t("about.dispatch");
    case "public_dock": {
      const sel = state.selling || {};
      const s = (state.speakeasies || []).find((x) => x.id === sel.speakeasy);
      const waiting = (s?.trucks || []).find((x) => x.dock === "public" && x.crates > 0);
      const about = waiting ? t("about.dock_truck", { truck: t("seat.truck_with_crates", { owner: whose(state, waiting.seat),
        truck: truckName(waiting.truck), crates: plural(waiting.crates, "crate") }), place: s.name }) : t("about.dock_a_truck");
      return t("about.public_dock", { about }) + " " + (awaited ? t("about.dock_yours") : t("about.decides", { others }));
    }
    case "vigorish": {
      const v = state.vigorish || {};
      return v.amount ? t("about.vigorish_demand", { name: who(state, v.to, true), amount: v.amount,
        still: t("seat.owned", { owner: whose(state, v.seat), thing: stillName(v.still) }) }) : t("about.vigorish");
    }
    default:
      return "";
  }
}

function prohibitionStep(state, legal) {
  const me = mine(state);
  const turn = state.turn || {};
  const params = Object.fromEntries((legal?.actions || []).map((a) => [a.type, a.params || {}]));
  const mover = turn.seat === me ? t("about.your_turn") : t("about.whose_turn", { name: nameOf(state, turn.seat) });
  const at = (p) => (p.space ? t("target.at", { place: place(state, p.space) }) : "");
  const each = (p) => (p.price !== undefined ? t("about.each", { price: p.price }) : "");
  if (state.step === "move") {
    const dice = (turn.dice || []).length ? t("about.dice_left", { n: turn.dice.length, dice: listed(turn.dice.map(String)) }) : t("about.no_dice_left");
    return t("about.pr_move", { mover, dice });
  }
  if (state.step === "buy") return t("about.pr_buy", { mover, at: at(params.buy || {}), each: each(params.buy || {}) });
  if (state.step === "sell") {
    const p = params.sell || {};
    return t("about.pr_sell", { mover, cases: p.cases ? plural(p.cases, "case") : t("about.cases"), at: at(p), each: each(p) });
  }
  return "";
}

function boozeStep(state, legal) {
  const me = mine(state);
  const self = (state.players || []).find((p) => p.seat === me) || {};
  const others = listed((state.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(state, s)));
  const awaited = (state.waiting_for || []).includes(me);
  if (state.step === "move") {
    return self.has_chosen ? t("about.bb_chosen", { others: others || t("about.the_others") }) : t("about.bb_choose");
  }
  if (state.step === "action") {
    const here = self.location ? place(state, self.location) : t("about.your_location");
    return awaited ? t("about.bb_action", { place: here }) : t("about.bb_others_act", { others, n: (state.waiting_for || []).length });
  }
  if (state.step === "follow_up") {
    const target = (legal?.actions || []).find((a) => a.type === "expose")?.params?.target ?? state.tail?.target;
    return awaited ? t("about.bb_follow_up", { name: target !== undefined ? nameOf(state, target) : t("about.a_player") })
      : t("about.bb_others_follow", { others });
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
