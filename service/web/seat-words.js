// Words for what the seat's page shows: players, speakeasies, Locations, spaces, trucks,
// stills and cards by name (never an id), counts with their plural, what the current step is
// about, and the status line. Read from the state the seat was served, nothing else. What a
// ruleset's step is about is its module's `stepAbout` (ruleset-*.js).
import { nameOf } from "./svg.js";
import { cardLabel } from "./board.js";
import { either, listed as joined, t } from "./i18n.js";
import { rulesetOf } from "./rulesets.js";

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

/** A Mob's word in the reader's language ("beer": "Beer", "Bier"; "beer & wine" part by part). */
export const mobWord = (mob) => String(mob).split(" & ")
  .map((m) => either(`bb.mob_word.${m}`, m.charAt(0).toUpperCase() + m.slice(1))).join(" & ");
export const mobName = (mob) => t("bb.the_mob", { mob: mobWord(mob) });
/** A Location's Event by its name in the reader's language (its id when the catalog has none). */
export const eventWord = (event) => either(`bb.event_name.${event}`, String(event));

const STEPS = new Set(["bid", "choose_offer", "thug_window", "reaction", "place_influence", "deals", "load", "dispatch",
  "public_dock", "vigorish", "selling", "finished", "move", "buy", "sell", "action", "follow_up"]);

export function stepName(state, step = state.step) {
  if (!step) return "";
  const own = rulesetOf(state.ruleset)?.steps?.[step];
  if (own) return t(own);
  return STEPS.has(step) ? t(`step.${step}`) : words(step);
}

/** The line under the board: ruleset, round, phase, step, whom it waits for. */
export function statusWords(state) {
  const parts = [rulesetOf(state.ruleset)?.title || words(state.ruleset)];
  if (state.status === "lobby") parts.push(t("status.not_started"));
  if (state.status === "finished") parts.push(state.annulled ? t("status.annulled") : t("status.over"));
  const rounds = state.rounds || state.round_limit;
  if (state.round) parts.push(rounds ? t("status.round_of", { round: state.round, rounds }) : t("status.round", { round: state.round }));
  if (rulesetOf(state.ruleset)?.phases && state.phase && state.status === "running") parts.push(t("status.phase", { phase: state.phase }));
  if (state.status === "running" && state.step) parts.push(stepName(state));
  const waiting = state.waiting_for || [];
  if (state.status === "running" && waiting.length) parts.push(t("status.waiting_for", {  // "you" as an object: "dich" in German
    names: listed(waiting.map((s) => (Number(s) === mine(state) ? t("seat.you_object") : who(state, s)))) }));
  return parts.join(" · ");
}

export const WINDOWS = new Set(["after_choices", "before_production", "after_loading", "lined_up"]);

/** The trucks lined up at the speakeasies, in words. */
export function linedUp(state) {
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

/** One sentence: what the current step is about, for this seat. */
export function stepAbout(state, legal) {
  if (state.status !== "running") return "";
  return (rulesetOf(state.ruleset)?.stepAbout || (() => ""))(state, legal);
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
