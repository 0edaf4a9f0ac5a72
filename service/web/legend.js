// What the marks on each ruleset's board mean, under the board: letters, colours and short
// notes the drawing uses (RULES.md's words for them), so nobody has to guess what "C" or
// "the Copper is here" says.
import { t } from "./i18n.js";
// (letters stay as drawn; the words come from the catalog, read when the legend is drawn)
const LEGENDS = {
  bootleggers: () => [
    [t("legend.discs"), t("legend.discs_meaning")],
    ["C", t("legend.controlling")],
    ["M", t("legend.majority")],
    ["m", t("legend.minority")],
    [t("legend.copper"), t("legend.copper_meaning")],
    [t("legend.docks"), t("legend.docks_meaning")],
    ["$?", t("legend.cash_hidden")],
    [t("legend.muscle"), t("legend.muscle_meaning")],
  ],
  prohibition: () => [
    ["P, A, F", t("legend.law")],
    [t("legend.coloured_pawns"), t("legend.players")],
    ["E", t("legend.establishment")],
    ["S", t("legend.source")],
    ["C", t("legend.culture")],
  ],
  booze_baron: () => [
    ["B, L, W", t("legend.booze")],
    [t("legend.dark_card"), t("legend.dark_card_meaning")],
    [t("legend.pawns"), t("legend.pawns_meaning")],
    [t("legend.exposed"), t("legend.exposed_meaning")],
  ],
};

export function drawLegend(container, ruleset) {
  if (container.dataset.ruleset === ruleset) return;
  container.dataset.ruleset = ruleset;
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("legend.title");
  const list = document.createElement("dl");
  for (const [mark, meaning] of LEGENDS[ruleset]?.() || []) {
    const row = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = mark;
    const dd = document.createElement("dd");
    dd.textContent = meaning;
    row.append(dt, dd);
    list.append(row);
  }
  details.append(summary, list);
  container.replaceChildren(details);
}
