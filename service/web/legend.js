// What the marks on each ruleset's board mean, under the board: letters, colours and short
// notes the drawing uses (docs/rules.md's words for them), so nobody has to guess what "C" or
// "the Copper is here" says.
import { t } from "./i18n.js";
import { rulesetOf } from "./rulesets.js";

export function drawLegend(container, ruleset) {
  if (container.dataset.ruleset === ruleset) return;
  container.dataset.ruleset = ruleset;
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("legend.title");
  const list = document.createElement("dl");
  for (const [mark, meaning] of rulesetOf(ruleset)?.legend() || []) {
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
