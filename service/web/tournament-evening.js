// The organizer's evening, from the desk: preview the next round's pairings (nothing
// recorded) and seat it, enter a late entrant (a bye for the rounds already seated, or
// nothing; a person or a house bot), announce, finish. And the talk box every token holder
// has. Each button is a control of tournament-controls.js: a real command, `data-command`
// the body it sends, a refusal's `detail` beside it.
import { base, commandsPath, desk, tournamentId } from "./tournament-core.js";
import { $, el } from "./dom.js";
import { formControl } from "./tournament-controls.js";
import { drawPreview } from "./tournament-views.js";
import { t as say } from "./i18n.js";

/** A fixed tournament's tables as typed: one table a line, entrant numbers apart. */
function fixedTables(area) {
  return area.value.split("\n").map((line) => line.split(/[\s,;]+/).filter(Boolean).map(Number))
    .filter((table) => table.length);
}

const isFixed = () => desk.state?.format === "fixed";

/** Build the organizer's panel (once per token: `start` empties it first). */
export function buildEvening() {
  const panel = $("evening");
  const tablesArea = el("textarea", { id: "fixed-tables", rows: 3, placeholder: "1 4 7\n2 5 8\n3 6 9" });
  const seatForm = el("form", { id: "seat-form", autocomplete: "off" },
    el("p", { id: "seat-hint", class: "muted" }),
    el("div", { id: "fixed-box", hidden: "" },
      el("label", { for: "fixed-tables" }, say("evening.fixed_tables")),
      tablesArea),
    el("span", { class: "buttons", id: "seat-buttons" }));
  const seatButtons = seatForm.querySelector("#seat-buttons");
  seatButtons.append(
    formControl(seatForm, { key: "preview", submit: false, path: commandsPath, label: say("evening.preview"), accepted: [200, 201],
      title: say("evening.preview_title"),
      body: () => (isFixed() ? { type: "seat_round", preview: true, tables: fixedTables(tablesArea) } : { type: "seat_round", preview: true }),
      done: (answer) => { desk.preview = { ...answer, at_version: desk.state?.version }; drawPreview(desk.preview); } }),
    " ",
    formControl(seatForm, { key: "seat", submit: false, path: commandsPath, label: say("evening.seat_next"),
      body: () => (isFixed() ? { type: "seat_round", tables: fixedTables(tablesArea) } : { type: "seat_round" }),
      done: () => { desk.preview = null; drawPreview(null); } }));
  seatForm.addEventListener("submit", (event) => event.preventDefault());

  const finishBox = el("div", { id: "finish-box" });
  const finishForm = el("form", { id: "finish-form" });
  finishForm.append(formControl(finishForm, { key: "finish", path: commandsPath, body: { type: "finish" },
    label: say("evening.finish"),
    confirm: { question: say("evening.finish_question"), yes: say("evening.finish_yes") } }));
  finishBox.append(finishForm);

  const announceText = el("textarea", { id: "announce-text", rows: 2, maxlength: 2000, placeholder: say("evening.announce_placeholder") });
  const announceForm = el("form", { id: "announce-form", autocomplete: "off" },
    el("label", { for: "announce-text" }, say("evening.announce_label")), announceText);
  announceForm.append(formControl(announceForm, { key: "announce", path: commandsPath, label: say("evening.announce"),
    body: () => ({ type: "announce", text: announceText.value }),
    done: () => { announceText.value = ""; desk.controls.get("announce").sync(); } }));

  const name = el("input", { id: "entry-name", maxlength: 40, required: "" });
  const bot = el("select", { id: "entry-bot" }, el("option", { value: "" }, say("evening.a_person")),
    el("option", { value: "greedy" }, say("evening.bot_greedy")), el("option", { value: "random" }, say("evening.bot_random")));
  const bye = el("input", { type: "checkbox", id: "entry-bye" });
  const result = el("p", { id: "entry-result", role: "status" });
  const entryForm = el("form", { id: "entry-form", autocomplete: "off" },
    el("label", { for: "entry-name" }, say("evening.name")), " ", name, " ", el("label", { for: "entry-bot" }, say("evening.played_by")), " ", bot,
    el("span", { id: "bye-box", hidden: "" }, " ", bye, " ",
      el("label", { for: "entry-bye" }, say("evening.bye"))), " ");
  const entryBody = () => {
    const body = { name: name.value.trim() };
    if ((desk.state?.round || 0) >= 1) body.bye = bye.checked;
    if (bot.value) body.bot = bot.value;
    return body;
  };
  entryForm.append(formControl(entryForm, { key: "entry", path: `${base}/entrants`, label: say("evening.add_entrant"), body: entryBody,
    done: (answer, sent) => {
      const desk_ = `/viewer/tournaments/${encodeURIComponent(tournamentId)}#token=${encodeURIComponent(answer.entrant_token)}`;
      const late = (desk.state?.round || 0) >= 1;
      const key = sent.bot ? (late ? "evening.entered_bot_late" : "evening.entered_bot") : (late ? "evening.entered_late" : "evening.entered");
      result.replaceChildren(say(key, { n: answer.entrant, name: sent.name, round: (desk.state?.round || 0) + 1 }),
        say("evening.token_once"), el("code", { class: "token", "data-entrant": answer.entrant }, answer.entrant_token),
        " — ", el("a", { href: desk_, class: "entrant-desk" }, say("evening.their_desk")), ".");
      name.value = "";
      bye.checked = false;
      bot.value = "";
      desk.controls.get("entry").sync();
    } }));
  entryForm.append(result);

  panel.replaceChildren(
    el("p", { id: "evening-over", hidden: "" }, say("evening.over_note")),
    el("div", { id: "seat-block" }, el("h3", {}, say("evening.seat_next")), seatForm, el("div", { id: "preview", hidden: "" })),
    el("div", { id: "announce-block" }, el("h3", {}, say("evening.announce")), announceForm),
    el("div", { id: "entry-block" }, el("h3", { id: "entry-heading" }, say("evening.add_heading")), entryForm),
    el("div", { id: "finish-block" }, el("h3", {}, say("evening.the_end")), finishBox));
}

/** What changes with the tournament: the next round's number, a fixed round's tables, late entry. */
export function drawEvening({ round, rounds, status, format }) {
  if (!$("seat-form")) return;
  const left = status !== "finished" && round < rounds;
  const next = round + 1;
  desk.controls.get("seat")?.set({ ...desk.controls.get("seat").opts, label: say("evening.seat_round", { n: next }) });
  $("seat-buttons").hidden = !left;
  $("fixed-box").hidden = !(left && format === "fixed");
  // a fixed round is the tables typed in: the server previews only a Swiss seating
  const preview = desk.controls.get("preview");
  if (preview) preview.node.hidden = format === "fixed";
  $("seat-hint").textContent = status === "finished" ? say("evening.over")
    : left ? say(format === "fixed" ? "evening.next_fixed" : "evening.next_swiss", { n: next, rounds })
      : say("evening.all_seated", { rounds });
  $("bye-box").hidden = round < 1;
  $("entry-heading").textContent = round >= 1 ? say("evening.late_heading") : say("evening.add_heading");
  const over = status === "finished";
  $("evening-over").hidden = !over;
  for (const id of ["seat-block", "announce-block", "entry-block", "finish-block", "finish-box"]) $(id).hidden = over;
}

/** The talk box of the organizer and the entrants (`say`, tournament talk). */
export function buildTalk() {
  const text = el("input", { id: "say-text", maxlength: 500 });
  const form = el("form", { id: "say-form", autocomplete: "off" }, el("label", { for: "say-text" }, say("evening.say")), " ", text, " ");
  form.append(formControl(form, { key: "say", path: commandsPath, label: say("evening.send"),
    body: () => ({ type: "say", text: text.value }),
    done: () => { text.value = ""; desk.controls.get("say").sync(); } }));
  $("say-box").replaceChildren(form);
}
