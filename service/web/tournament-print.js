// The printed side of the evening: the current round's pairings sheet (by table and seat, and
// an index by name in natural order, so a player finds their table at a glance) and one seat
// card per seat (name, round, table, seat), laid out for paper by the print stylesheet
// (tournament.css `@media print`: only this section prints; the buttons choose which part).
import { byName, seatName } from "./tournament-core.js";
import { $, el, tableOf } from "./dom.js";
import { t as say } from "./i18n.js";

export function drawSheet({ t }) {
  const round = t.round;
  const tables = t.tables.filter((x) => x.round === round).sort((a, b) => a.table - b.table);
  const known = new Map(t.entrants.map((e) => [e.entrant, e.name]));
  $("sheet-title").textContent = round ? say("print.title", { name: t.name, round, rounds: t.rounds }) : say("print.title_none", { name: t.name });
  const sheet = tableOf("pairings-sheet");
  sheet.dataset.round = round;
  if (!tables.length) {
    sheet.tBodies[0].replaceChildren(el("tr", {}, el("td", { colspan: 3, class: "muted" }, say("print.none_seated"))));
    tableOf("pairings-index").tBodies[0].replaceChildren();
    $("seat-cards").replaceChildren();
    return;
  }
  sheet.tBodies[0].replaceChildren(...tables.flatMap((table) => table.entrants.map((s, i) =>
    el("tr", { "data-table": table.table, "data-seat": s.seat, class: i === 0 ? "first" : null },
      el("th", { scope: "row", class: "n" }, i === 0 ? String(table.table) : el("span", { class: "ditto", "aria-label": say("print.table_aria", { n: table.table }) }, String(table.table))),
      el("td", { class: "n" }, String(s.seat)),
      el("td", { class: "name" }, seatName(s, known))))));
  const people = tables.flatMap((table) => table.entrants.filter((s) => s.entrant !== null && s.entrant !== undefined)
    .map((s) => ({ name: known.get(s.entrant) || say("print.entrant", { n: s.entrant }), table: table.table, seat: s.seat })));
  people.sort((a, b) => byName(a.name, b.name));
  tableOf("pairings-index").tBodies[0].replaceChildren(...people.map((p) => el("tr", {},
    el("th", { scope: "row", class: "name" }, p.name), el("td", { class: "n" }, String(p.table)), el("td", { class: "n" }, String(p.seat)))));
  $("seat-cards").replaceChildren(...tables.flatMap((table) => table.entrants.map((s) => el("li", {
    class: "card", "data-table": table.table, "data-seat": s.seat, "data-round": round },
  el("span", { class: "card-event" }, t.name),
  el("strong", { class: "card-name" }, seatName(s, known)),
  el("span", { class: "card-where" }, el("span", { class: "card-round" }, say("print.round", { n: round })), " · ",
    el("span", { class: "card-table" }, say("print.table", { n: table.table })), " · ", el("span", { class: "card-seat" }, say("print.seat", { n: s.seat })))))));
}

/** Print one part (the sheet, the cards) or both: the print stylesheet reads `data-print`. */
function printing(part) {
  document.body.dataset.print = part;
  const done = () => { delete document.body.dataset.print; window.removeEventListener("afterprint", done); };
  window.addEventListener("afterprint", done);
  window.print();
}

export function wireSheet() {
  $("print-pairings").addEventListener("click", () => printing("pairings"));
  $("print-cards").addEventListener("click", () => printing("cards"));
}

