// Booze Baron on the pages: its title, seat range, board (board-booze.js), board in words, the
// seat's hand, legend and step words, registered in rulesets.js.
import { doing, ending, facts, list, nameOf as textName, seatName, table, waitingFor } from "./board-text.js";
import { item } from "./hand.js";
import { deliveryCard, eventWord, listed, mine, mobWord, place, words } from "./seat-words.js";
import { t } from "./i18n.js";
import { nameOf } from "./svg.js";
import { drawBoozeBaron } from "./board-booze.js";

// The board in words (board-text.js writes it under the picture).

function boardText(state) {
  const players = state.players || [];
  const result = state.result || null;
  const boozeOf = (id) => list((((state.cards || {})[id]?.booze) || []).map(mobWord), "?");
  const place = (id) => (state.locations || []).find((l) => l.id === id)?.name || words(id);
  const deck = Array.isArray(state.deck) ? state.deck.length : state.deck ?? "?";
  const items = [state.step && state.status === "running" ? t("text.bb_round_step", { round: state.round ?? "–", what: doing(state) })
    : t("text.bb_round", { round: state.round ?? "–" }),
  waitingFor(state),
  state.baron ? t("text.bb_baron", { name: textName(state, state.baron) }) : "",
  t("text.bb_deck", { n: deck, snitches: state.snitches_left ?? "?" }),
  (state.exposures || []).length ? t("text.bb_exposed_so_far", { exposures: state.exposures.map((e) => t("text.bb_exposure",
    { name: textName(state, e.seat), mob: e.mob, by: textName(state, e.by), round: e.round })).join("; ") }) : "",
  result?.mob_coins ? t("text.bb_mob_coins", { coins: list(Object.entries(result.mob_coins).map(([m, c]) => `${mobWord(m)} ${c}`)) }) : ""];
  const out = [facts([...items, ...ending(state)])];
  out.push(table(t("text.players"), [t("text.col.player"), t("text.col.mob"), t("text.col.exposed"), t("text.col.snitch_tokens"),
    t("text.col.coins"), t("text.col.movement_cards"), t("text.col.at"), t("text.col.delivery_cards")],
  players.map((p) => {
    const mob = p.mob || (result?.mobs || {})[p.seat] || null;
    const coins = result?.coins ? result.coins[p.seat] : null;
    const counted = (p.deliveries || []).length + (p.snitch || 0) + 2 * ((p.movement || []).length + (p.collected || []).length);
    const cards = (p.deliveries || []).map((d) => (d.face_up ? t("text.card_face_up", { id: d.id, booze: boozeOf(d.id) })
      : d.id ? t("text.card_face_down_yours", { id: d.id, booze: boozeOf(d.id) }) : t("text.card_face_down")));
    const movement = [String((p.movement || []).length)];
    if ((p.collected || []).length) movement.push(t("text.collected", { n: p.collected.length }));
    if (p.has_chosen && state.status === "running") movement.push(t("bb.has_chosen"));
    return { cells: [seatName(p.name, p.seat) + (state.baron === p.seat ? t("text.the_baron") : ""), mob ? mobWord(mob) : t("text.hidden"),
      p.exposed ? t("text.exposed") : t("text.not_exposed"), p.snitch || 0,
      coins !== null && coins !== undefined ? t("text.coins_final", { n: coins }) : t("text.coins_counted", { n: counted }),
      movement.join(t("list.separator")), p.location ? place(p.location) : t("text.nowhere_yet"), list(cards)], data: { seat: p.seat } };
  }), { class: "players" }));
  out.push(table(t("text.locations"), [t("text.col.location"), t("text.col.event"), t("text.col.delivery_cards_here"), t("text.col.pawns_here")],
    (state.locations || []).map((loc) => ({
      cells: [loc.name || loc.id, eventWord(loc.event), list((loc.cards || []).map((id) => `${id} (${boozeOf(id)})`)),
        list(players.filter((p) => p.location === loc.id).map((p) => textName(state, p.seat)), t("seat.nobody"))],
      data: { location: loc.id } })), { class: "locations" }));
  return out;
}


// The seat's own hand (hand.js lists it).
function hand(p, state) {
  const cards = (p.deliveries || []).map((d) => `${deliveryCard(state, d.id)}${d.face_up ? t("hand.face_up") : ""}`);
  return [
    item(t("hand.your_mob"), p.mob ? `${mobWord(p.mob)}${p.booze ? " — " + p.booze : ""}` : t("hand.unknown"), "mob"),
    item(t("hand.exposed"), p.exposed ? t("value.yes") : t("value.no"), "exposed"),
    item(t("hand.deliveries"), listed(cards) || t("hand.none"), "deliveries"),
    item(t("hand.movement"), listed((p.movement || []).map((m) => place(state, m))) || t("hand.none"), "movement"),
    item(t("hand.snitch"), p.snitch ?? 0, "snitch"),
  ];
}

// What the step is about, for this seat (seat-words.js says it under the board).
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

/** @type {import("./types.js").Ruleset} */
export default {
  title: "Booze Baron",
  seats: [3, 9],  // the fewest and the most seats a game may have
  board: drawBoozeBaron,
  text: boardText,
  hand,
  legend: () => [
    ["B, L, W", t("legend.booze")],
    [t("legend.dark_card"), t("legend.dark_card_meaning")],
    [t("legend.pawns"), t("legend.pawns_meaning")],
    [t("legend.exposed"), t("legend.exposed_meaning")],
  ],
  stepAbout: boozeStep,
  steps: { move: "step.booze_move" },  // a step named its own way
  values: { card: deliveryCard },  // a command's card is a Delivery card
};
