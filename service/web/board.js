// The board as SVG, drawn from one state answer by its ruleset's drawing (board-bootleggers.js,
// board-prohibition.js, board-booze.js; rulesets.js says which). Every figure carries data-*
// attributes (speakeasy, seat, count) so that tests and users read the same numbers the state holds. Labels that hold a name get a
// width (svg.js `label`) and are shortened to it once drawn: long names never overlap.
import { fitKnown, fitTexts, morph, nameOf } from "./svg.js";
import { RULESETS, rulesetOf, rulesetTitle } from "./rulesets.js";
import { either, lang, listed, t } from "./i18n.js";
import { mobWord } from "./seat-words.js";

export { SEAT_COLOURS } from "./svg.js";
/** Below this many CSS px the board is drawn for the width it has (one column, every label
 *  at least 12 px), not a wide board scaled down to a third. */
export const NARROW = 700;

/** "thug:hit#2" → "hit", "truck:small#1" → "small truck", "single_influence#3" → "single influence". */
export const cardLabel = (card) => {
  const text = String(card).replace(/#\d+$/, "");
  if (text.startsWith("truck:")) return `${text.slice(6)} truck`;
  return text.replace(/^thug:/, "").replaceAll("_", " ");
};

/** A card as the board draws it: English as cardLabel, other languages by the catalog's name. */
export const drawnCard = (card) => {
  if (lang === "en") return cardLabel(card);
  const text = String(card).replace(/#\d+$/, "");
  if (text.startsWith("truck:")) return t(`board.size.${text.slice(6)}`);
  const named = t(`card.${text}`);
  return named === `card.${text}` ? cardLabel(card) : named;
};

/** The width to draw for (0: the wide board, scaled to fit): a container narrower than NARROW
 *  gets a board drawn for its own width. The width is read once and then kept by a
 *  ResizeObserver, which draws the last state again when the layout it calls for changes. */
function narrowWidth(container) {
  if (container.boardRoom === undefined) {
    container.boardRoom = container.clientWidth;
    if (typeof ResizeObserver === "function") {
      new ResizeObserver((entries) => {
        const room = Math.floor(entries[0].contentRect.width);
        if (!room || room === container.boardRoom) return;  // hidden (the words shown instead), or unchanged
        const before = layoutWidth(container.boardRoom);
        container.boardRoom = room;
        if (container.boardState && layoutWidth(room) !== before) drawBoard(container, container.boardState);
      }).observe(container);
    }
  }
  return layoutWidth(container.boardRoom);
}
// (less its 1 px border each side: the picture is as wide as its room, border and all)
const layoutWidth = (room) => (room > 0 && room < NARROW ? Math.max(300, Math.floor(room) - 2) : 0);

/** Draw the board of `state` (the ruleset's own drawing) into `container`: the first time as
 *  it is, then by changing only what differs from the board already there. Where the page
 *  also holds the board in words (#board-text, board-text.js), the picture is hidden from
 *  screen readers, which read the words instead; elsewhere it is an image with a name. */
export function drawBoard(container, state) {
  container.boardState = state;
  const narrow = narrowWidth(container);
  const svg = (rulesetOf(state.ruleset) || RULESETS.bootleggers).board(state, narrow);
  svg.setAttribute("id", "board-svg");
  svg.setAttribute("data-ruleset", state.ruleset);
  svg.setAttribute("data-version", state.version);
  if (narrow) {  // drawn at its own size (board.css): 1 CSS px a unit, never scaled down
    const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    svg.setAttribute("class", "narrow");
  }
  svg.setAttribute("data-layout", narrow ? "narrow" : "wide");
  if (document.getElementById("board-text")) svg.setAttribute("aria-hidden", "true");
  else {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("board.aria", { title: rulesetTitle(state.ruleset), version: state.version }));
  }
  fitKnown(svg);
  const live = container.querySelector("#board-svg");
  if (live && live.dataset.ruleset === state.ruleset && live.dataset.layout === svg.dataset.layout &&
      container.childElementCount === 1) morph(live, svg);
  else container.replaceChildren(svg);
  fitTexts(container.querySelector("#board-svg"));
}

/** Who won, in words: a seat by its player's name; a Booze Baron Mob ("beer", "liquor & wine")
 * as "the Beer mob"; a shared win (a `winners` list) as all of them. An amended result is the
 * state's `winner` alone; an annulled game has none (said below). */
export function describeWinners(state) {
  if (state.annulled) return "";
  const amended = (state.amendments || []).length > 0;
  const listedWon = Array.isArray(state.winners) ? state.winners : state.result?.winners;
  let won = !amended && Array.isArray(listedWon) && listedWon.length ? listedWon : [];
  if (!won.length && state.winner !== null && state.winner !== undefined && state.winner !== "") won = [state.winner];
  const seat = (w) => typeof w === "number" || /^\d+$/.test(String(w));
  const mobs = won.filter((w) => !seat(w)).flatMap((w) => String(w).split(" & "));
  const names = won.filter(seat).map((w) => nameOf(state, w));
  if (mobs.length) names.push(t("desk.status.mob", { n: mobs.length, mobs: listed(mobs.map(mobWord)) }));
  if (!names.length) return "";
  return t(won.length > 1 || mobs.length > 1 ? "desk.status.shared_win" : "desk.status.winner",
    { names: names.join(t("list.separator")) });
}

/** The desk's line over the board: the game, its status, round, phase and step, whom it
 *  waits for, who won. */
export function describeStatus(state) {
  const parts = [rulesetTitle(state.ruleset), either(`lobby.status.${state.status}`, String(state.status))];
  if (state.round) parts.push(t(state.rounds ? "desk.status.round_of" : "desk.status.round", { round: state.round, rounds: state.rounds }));
  if (state.phase) parts.push(t("status.phase", { phase: state.phase }));
  if (state.step) {
    const own = rulesetOf(state.ruleset)?.steps?.[state.step];
    parts.push(own ? t(own)
      : either(`step.${state.step}`, String(state.step).replaceAll("_", " ")));
  }
  if ((state.waiting_for || []).length) {
    parts.push(t("status.waiting_for", { names: listed(state.waiting_for.map((s) => nameOf(state, s))) }));
  }
  const won = describeWinners(state);
  if (won) parts.push(won);
  if (state.annulled) parts.push(t("desk.status.annulled"));
  return parts.join(" · ");
}
