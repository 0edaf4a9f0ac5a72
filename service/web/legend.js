// What the marks on each ruleset's board mean, under the board: letters, colours and short
// notes the drawing uses (RULES.md's words for them), so nobody has to guess what "C" or
// "the Copper is here" says.
import { t } from "./i18n.js";
const LEGENDS = {
  bootleggers: [
    ["Discs", "influence markers at a speakeasy, one per marker, in the player's colour"],
    ["C", "Controlling: at least as many markers as all the others there together (a tie for it goes to the higher Muscle)"],
    ["M", "Majority: more markers than any other single player there, fewer than all of them together"],
    ["m", "minority: anyone else with a marker there"],
    ["the Copper is here", "this player's family still has the Copper: from Round 5 a family still with the Copper that rolls a 5 produces nothing; from Round 4 the Copper moves to the highest family production"],
    ["Trucks at the docks", "lined up at a speakeasy in their owner's colour, with the crates they carry"],
    ["$?", "another player's cash is announced only at the ends of Rounds 4 and 8 (and the end)"],
    ["Muscle", "the Muscle card shown this round: it orders everyone's turns"],
  ],
  prohibition: [
    ["P, A, F", "the Law: the Local Police, the Prohibition Agent and the FBI Agent"],
    ["Coloured pawns", "the players, in their colours"],
    ["E", "an Establishment: blue while it is wet (holds Cases), beige when dry"],
    ["S", "a Source of Cases (green)"],
    ["C", "a Culture space with Bankrolls (pink)"],
  ],
  booze_baron: [
    ["B, L, W", "Beer, Liquor and Wine on a face-up Delivery card"],
    ["Dark card", "a Delivery card lying face down (you see the ids of your own)"],
    ["Pawns", "the players, in their colours, at the Location they are at"],
    ["Exposed", "a player whose Booze has been named: their Mob's type is public"],
  ],
};

export function drawLegend(container, ruleset) {
  if (container.dataset.ruleset === ruleset) return;
  container.dataset.ruleset = ruleset;
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("legend.title");
  const list = document.createElement("dl");
  for (const [mark, meaning] of LEGENDS[ruleset] || []) {
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
