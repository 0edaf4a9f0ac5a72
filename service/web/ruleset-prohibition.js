// Prohibition on the pages: its title, seat range, board (board-prohibition.js), board in words,
// the seat's hand, legend and step words, registered in rulesets.js.
import { ending, facts, lawName, list, nameOf as textName, notesOf, seatName, table, waitingFor } from "./board-text.js";
import { item } from "./hand.js";
import { listed, mine, place, plural } from "./seat-words.js";
import { either, t } from "./i18n.js";
import { nameOf } from "./svg.js";
import { drawProhibition } from "./board-prohibition.js";

// The board in words (board-text.js writes it under the picture).

function boardText(state) {
  const players = state.players || [];
  const board = state.board || [];
  const spaceName = (n) => { const s = board.find((b) => b.space === n); return s ? `${n} ${s.name}` : String(n ?? t("board.none")); };
  const turn = state.turn || {};
  const items = [t("text.pro_round", { round: state.round ?? "–", limit: state.round_limit ?? 60 }), waitingFor(state)];
  if (state.status === "running" && turn.seat) {
    items.push(t("text.pro_turn", { name: textName(state, turn.seat), rolled: list((turn.rolled || []).map(String), t("text.nothing_yet")),
      left: list((turn.dice || []).map(String)) }));
  }
  if (state.offer) items.push(t(state.offer.kind === "buy" ? "text.pro_may_buy" : "text.pro_may_sell", { name: textName(state, turn.seat),
    space: spaceName(state.offer.space), cases: t("count.case", { n: state.offer.max }) }));
  items.push(t("text.pro_law", { law: Object.entries(state.law || {}).map(([k, at]) => t("text.law_at", { who: lawName(k), space: spaceName(at) })).join("; ") }));
  if (Array.isArray(state.ranking)) items.push(t("text.ranking", { ranking: list(state.ranking.map((s, i) => `${i + 1}. ${textName(state, s)}`)) }));
  const winners = state.winners || (state.winner ? [state.winner] : []);
  const out = [facts([...items, ...ending(state)])];
  out.push(table(t("text.players"), [t("text.col.player"), t("text.col.bankrolls"), t("text.col.cases"), t("text.col.space"), t("text.col.notes")],
    players.map((p) => ({ cells: [seatName(p.name, p.seat), p.bankrolls ?? t("text.hidden"), p.cases ?? t("text.hidden"), spaceName(p.space),
      notesOf(state, p, winners)], data: { seat: p.seat } })), { class: "players" }));
  out.push(table(t("text.track"), [t("text.col.space"), t("text.col.kind"), t("text.col.goods"), t("text.col.here")], board.map((s) => {
    const here = [...Object.entries(state.law || {}).filter(([, at]) => at === s.space).map(([k]) => lawName(k)),
      ...players.filter((p) => p.space === s.space).map((p) => textName(state, p.seat))];
    const goodsHere = s.kind === "C" ? t("count.bankroll", { n: s.bankrolls || 0 }) : t("count.case", { n: s.cases || 0 });
    const kind = s.kind === "E" ? t((s.cases || 0) > 0 ? "text.kind_wet" : "text.kind_dry")
      : either(`text.kind.${s.kind}`, s.kind);
    return { cells: [`${s.space} ${s.name}`, kind, goodsHere, list(here, t("seat.nobody"))], data: { space: s.space } };
  }), { class: "track" }));
  return out;
}


// The seat's own hand (hand.js lists it).
function hand(p, state) {
  return [item(t("hand.bankrolls"), p.bankrolls, "bankrolls"), item(t("hand.cases"), p.cases, "cases"),
    item(t("hand.space"), p.space ? place(state, p.space) : "–", "space")];
}

// What the step is about, for this seat (seat-words.js says it under the board).
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

/** @type {import("./types.js").Ruleset} */
export default {
  title: "Prohibition",
  seats: [2, 6],  // the fewest and the most seats a game may have
  board: drawProhibition,
  text: boardText,
  hand,
  legend: () => [
    ["P, A, F", t("legend.law")],
    [t("legend.coloured_pawns"), t("legend.players")],
    ["E", t("legend.establishment")],
    ["S", t("legend.source")],
    ["C", t("legend.culture")],
  ],
  stepAbout: prohibitionStep,
};
