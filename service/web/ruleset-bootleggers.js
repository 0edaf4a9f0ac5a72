// Bootleggers on the pages: its title, seat range, board (board-bootleggers.js), board in words,
// the seat's hand, legend, step words and the lobby's options, registered in rulesets.js.
import { cardWords, doing, ending, facts, list, money, nameOf as textName, notesOf, seatName, table, truckWords, waitingFor, whoseName } from "./board-text.js";
import { item, thugList } from "./hand.js";
import { cardName, linedUp, listed, mine, place, plural, stillName, targetWords, truckName, who, whose, WINDOWS, words } from "./seat-words.js";
import { either, t } from "./i18n.js";
import { nameOf } from "./svg.js";
import { drawBootleggers } from "./board-bootleggers.js";

// The board in words (board-text.js writes it under the picture).

/** Cash as this viewer may know it: the total, the last announced figure, or hidden. */
function cashWords(state, p) {
  if (p.cash !== null && p.cash !== undefined) return money(p.cash);
  if (p.cash_announced !== null && p.cash_announced !== undefined) {
    return t("text.cash_announced", { cash: money(p.cash_announced), round: state.cash_announced_round });
  }
  return t("text.hidden");
}

/** Where a truck went: the speakeasy's name (its id only if the state has no such speakeasy). */
const placeName = (state, id) => (state.speakeasies || []).find((s) => s.id === id)?.name || words(id);

function moment(state) {
  const round = state.round ? t("text.round_of", { round: state.round, rounds: state.rounds ?? "?" }) : t("text.before_first_round");
  const phase = state.phase ? t("text.phase", { phase: state.phase, name: either(`text.phase_name.${state.phase}`, String(state.phase)) }) : "";
  const step = state.step && state.status === "running" ? t("text.now", { what: doing(state) }) : "";
  return `${round}${phase}.${step}`;
}

function boardText(state) {
  const players = state.players || [];
  const out = [];
  const order = (state.order || []).length ? t("text.muscle_order", { names: list(state.order.map((s) => textName(state, s))) }) : "";
  const copper = state.copper_at !== null && state.copper_at !== undefined ? t("text.copper_with", { name: textName(state, state.copper_at) }) : "";
  const slots = (state.offers?.slots || []).map((s) => `${s.slot}: ${s.card ? cardWords(s.card) : t("board.taken")}`);
  if (state.offers?.truck) slots.push(t("text.offer_truck", { card: cardWords(state.offers.truck) }));
  const deals = (state.deals || []).map((d) => t(d.promise ? "text.deal_promise" : "text.deal", { deal: d.deal,
    from: textName(state, d.from), to: textName(state, d.to), give: goods(d.give), get: goods(d.get), promise: d.promise }));
  out.push(facts([moment(state), waitingFor(state), order, copper,
    t("text.offers", { offers: list(slots, t("board.no_offers")) }), deals.length ? t("text.open_deals", { deals: deals.join("; ") }) : "",
    ...ending(state)]));
  const winners = state.winner !== null && state.winner !== undefined ? [state.winner] : [];
  const hidden = (n) => t("text.cards_hidden", { n: n ?? 0 });
  out.push(table(t("text.players"), [t("text.col.player"), t("text.col.cash"), t("text.col.muscle_shown"), t("text.col.muscle_hand"),
    t("text.col.thug_cards"), t("text.col.crates"), t("text.col.back_room"), t("text.col.notes")],
  players.map((p) => {
    const hand = Array.isArray(p.muscle_hand) ? list(p.muscle_hand.map(String)) : hidden(p.muscle_hand);
    const thugs = Array.isArray(p.thug_cards) ? list(p.thug_cards.map(cardWords)) : hidden(p.thug_cards);
    const room = Object.entries(p.back_room || {}).filter(([, n]) => n).map(([k, n]) => either(`board.back.${k}`, `${n} ${words(k)}`, { n }));
    return { cells: [seatName(p.name, p.seat), cashWords(state, p), p.displayed_muscle ?? t("board.none"),
      hand, thugs, p.crates ?? 0, list(room, t("board.empty")), notesOf(state, p, winners)], data: { seat: p.seat, cash: p.cash ?? "" } };
  }), { class: "players" }));
  out.push(table(t("text.speakeasies"), [t("text.col.speakeasy"), t("text.col.open"), t("text.col.influence_markers"),
    t("text.col.trucks_at_docks"), t("text.col.room_and_prices")],
  (state.speakeasies || []).map((s) => {
    const markers = Object.entries(s.influence || {}).filter(([, n]) => n).map(([seat, n]) =>
      `${textName(state, seat)} ${n}${(s.levels || {})[seat] ? ` (${either(`board.level.${s.levels[seat]}`, s.levels[seat])})` : ""}`);
    const docked = (s.trucks || []).map((x) => t(x.dock ? "text.docked_at" : "text.docked", { owner: whoseName(state, x.seat),
      truck: truckWords(x.truck), crates: t("count.crate", { n: x.crates ?? "?" }), dock: either(`text.dock.${x.dock}`, `${words(x.dock)} dock`) }));
    const room = [];
    if (s.circles) room.push(t("text.circles", { circles: s.circles, shaded: s.shaded }));
    if (s.dice) room.push(t("count.demand_die", { n: s.dice }));
    if (s.improvements) room.push(t("count.improvement", { n: s.improvements }));
    if (s.wholesale !== undefined) room.push(t("board.wholesale", { n: s.wholesale }));
    if (s.profit) room.push(t("text.profit", { cash: money(s.profit) }));
    return { cells: [s.name || s.id, s.open ? t("board.open") : t("board.closed"), list(markers), list(docked), room.join(t("list.separator"))],
      data: { speakeasy: s.id } };
  }), { class: "speakeasies" }));
  const trucks = players.flatMap((p) => (p.trucks || []).map((x) => ({ cells: [t("seat.owned", { owner: whoseName(state, p.seat), thing: truckWords(x.id) }),
    x.size ? either(`board.size.${x.size}`, x.size) : "", t("text.load", { load: x.load ?? 0, capacity: x.capacity ?? "?", n: x.capacity ?? 0 }),
    x.at ? t("text.sent_to", { place: placeName(state, x.at) }) : t("text.at_home")],
  data: { seat: p.seat, truck: x.id } })));
  out.push(table(t("text.trucks"), [t("text.col.truck"), t("text.col.size"), t("text.col.load"), t("text.col.where")], trucks, { class: "trucks" }));
  const stills = players.flatMap((p) => (p.stills || []).map((s) => ({ cells: [t("seat.owned", { owner: whoseName(state, p.seat), thing: stillName(s.id) }),
    t("count.die", { n: s.dice || 0 }), s.last_roll && s.last_roll.length ? s.last_roll.join(t("list.separator")) : t("text.not_rolled")],
  data: { seat: p.seat, still: s.id } })));
  out.push(table(t("text.stills"), [t("text.col.still"), t("text.col.dice"), t("text.col.last_roll")], stills, { class: "stills" }));
  return out;
}

function goods(side) {
  const parts = Object.entries(side || {}).filter(([, v]) => v && (!Array.isArray(v) || v.length)).map(([k, v]) => {
    if (k === "cash") return money(v);
    if (k === "crates") return t("count.crate", { n: v });
    const what = either(`text.goods.${k}`, words(k));
    if (Array.isArray(v)) return `${what} ${v.map((x) => (typeof x === "string" ? (x.includes(":") ? cardWords(x) : truckWords(x)) : JSON.stringify(x))).join(t("list.separator"))}`;
    return `${what} ${typeof v === "object" ? JSON.stringify(v) : v}`;
  });
  return list(parts, t("deal.nothing"));
}


// The seat's own hand (hand.js lists it).
function hand(p, state, legal) {
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

// What the step is about, for this seat (seat-words.js says it under the board).
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

/** @type {import("./types.js").Ruleset} */
export default {
  title: "Bootleggers",
  seats: [3, 6],  // the fewest and the most seats a game may have
  board: drawBootleggers,
  text: boardText,
  hand,
  legend: () => [
    [t("legend.discs"), t("legend.discs_meaning")],
    ["C", t("legend.controlling")],
    ["M", t("legend.majority")],
    ["m", t("legend.minority")],
    [t("legend.copper"), t("legend.copper_meaning")],
    [t("legend.docks"), t("legend.docks_meaning")],
    ["$?", t("legend.cash_hidden")],
    [t("legend.muscle"), t("legend.muscle_meaning")],
  ],
  stepAbout: bootleggersStep,
  phases: true,  // the line under the board names the phase
  deals: true,  // players make deals (deals.js shows them)
  lobby: () => ({  // the game options the lobby's "Create a game" form offers (lobby.js draws them)
    legend: t("lobby.bootleggers_options"),
    options: [
      { name: "rounds", label: t("lobby.rounds"), number: true, choices: [["12", "12"], ["8", t("lobby.8_short_game")]] },
      { name: "influence", label: t("lobby.influence"), choices: [["phase", t("lobby.in_phase_2")], ["anytime", t("lobby.any_time_optional_rule")]] },
    ],
  }),
};
