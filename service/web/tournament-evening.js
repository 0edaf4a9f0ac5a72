// The organizer's evening, from the desk: preview the next round's pairings (nothing
// recorded) and seat it, enter a late entrant (a bye for the rounds already seated, or
// nothing; a person or a house bot), announce, finish. And the talk box every token holder
// has. Each button is a control of tournament-controls.js: a real command, `data-command`
// the body it sends, a refusal's `detail` beside it.
import { $, base, commandsPath, desk, el, tournamentId } from "./tournament-core.js";
import { formControl } from "./tournament-controls.js";
import { drawPreview } from "./tournament-views.js";

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
      el("label", { for: "fixed-tables" }, "Tables of a fixed round: one table a line, entrant numbers"),
      tablesArea),
    el("span", { class: "buttons", id: "seat-buttons" }));
  const seatButtons = seatForm.querySelector("#seat-buttons");
  seatButtons.append(
    formControl(seatForm, { key: "preview", submit: false, path: commandsPath, label: "Preview pairings", accepted: [200, 201],
      title: "the next round's tables as they would be seated; nothing is recorded",
      body: () => (isFixed() ? { type: "seat_round", preview: true, tables: fixedTables(tablesArea) } : { type: "seat_round", preview: true }),
      done: (answer) => { desk.preview = { ...answer, at_version: desk.state?.version }; drawPreview(desk.preview); } }),
    " ",
    formControl(seatForm, { key: "seat", submit: false, path: commandsPath, label: "Seat the next round",
      body: () => (isFixed() ? { type: "seat_round", tables: fixedTables(tablesArea) } : { type: "seat_round" }),
      done: () => { desk.preview = null; drawPreview(null); } }));
  seatForm.addEventListener("submit", (event) => event.preventDefault());

  const finishBox = el("div", { id: "finish-box" });
  const finishForm = el("form", { id: "finish-form" });
  finishForm.append(formControl(finishForm, { key: "finish", path: commandsPath, body: { type: "finish" },
    label: "Finish the tournament",
    confirm: { question: "Finish the tournament? The seed is revealed and no round can be seated after.", yes: "Yes, finish" } }));
  finishBox.append(finishForm);

  const announceText = el("textarea", { id: "announce-text", rows: 2, maxlength: 2000, placeholder: "Round 2 starts in five minutes" });
  const announceForm = el("form", { id: "announce-form", autocomplete: "off" },
    el("label", { for: "announce-text" }, "Announce to every entrant and the desk"), announceText);
  announceForm.append(formControl(announceForm, { key: "announce", path: commandsPath, label: "Announce",
    body: () => ({ type: "announce", text: announceText.value }),
    done: () => { announceText.value = ""; desk.controls.get("announce").sync(); } }));

  const name = el("input", { id: "entry-name", maxlength: 40, required: "" });
  const bot = el("select", { id: "entry-bot" }, el("option", { value: "" }, "a person"),
    el("option", { value: "greedy" }, "the house bot (greedy)"), el("option", { value: "random" }, "the house bot (random)"));
  const bye = el("input", { type: "checkbox", id: "entry-bye" });
  const result = el("p", { id: "entry-result", role: "status" });
  const entryForm = el("form", { id: "entry-form", autocomplete: "off" },
    el("label", { for: "entry-name" }, "Name"), " ", name, " ", el("label", { for: "entry-bot" }, "Played by"), " ", bot,
    el("span", { id: "bye-box", hidden: "" }, " ", bye, " ",
      el("label", { for: "entry-bye" }, "a bye for the rounds already seated (else no points for them)")), " ");
  const entryBody = () => {
    const body = { name: name.value.trim() };
    if ((desk.state?.round || 0) >= 1) body.bye = bye.checked;
    if (bot.value) body.bot = bot.value;
    return body;
  };
  entryForm.append(formControl(entryForm, { key: "entry", path: `${base}/entrants`, label: "Add the entrant", body: entryBody,
    done: (answer, sent) => {
      const desk_ = `/viewer/tournaments/${encodeURIComponent(tournamentId)}#token=${encodeURIComponent(answer.entrant_token)}`;
      result.replaceChildren(`Entrant ${answer.entrant}, ${sent.name}, is in`,
        sent.bot ? " (the house bot plays them)" : "", (desk.state?.round || 0) >= 1 ? ` from round ${desk.state.round + 1}` : "",
        ". Their token, shown this once: ", el("code", { class: "token", "data-entrant": answer.entrant }, answer.entrant_token),
        " — ", el("a", { href: desk_, class: "entrant-desk" }, "their desk"), ".");
      name.value = "";
      bye.checked = false;
      bot.value = "";
      desk.controls.get("entry").sync();
    } }));
  entryForm.append(result);

  panel.replaceChildren(
    el("p", { id: "evening-over", hidden: "" }, "The tournament is over: its seed is revealed, its record verifiable."),
    el("div", { id: "seat-block" }, el("h3", {}, "Seat the next round"), seatForm, el("div", { id: "preview", hidden: "" })),
    el("div", { id: "announce-block" }, el("h3", {}, "Announce"), announceForm),
    el("div", { id: "entry-block" }, el("h3", { id: "entry-heading" }, "Add an entrant"), entryForm),
    el("div", { id: "finish-block" }, el("h3", {}, "The end"), finishBox));
}

/** What changes with the tournament: the next round's number, a fixed round's tables, late entry. */
export function drawEvening({ round, rounds, status, format }) {
  if (!$("seat-form")) return;
  const left = status !== "finished" && round < rounds;
  const next = round + 1;
  desk.controls.get("seat")?.set({ ...desk.controls.get("seat").opts, label: `Seat round ${next}` });
  $("seat-buttons").hidden = !left;
  $("fixed-box").hidden = !(left && format === "fixed");
  // a fixed round is the tables typed in: the server previews only a Swiss seating
  const preview = desk.controls.get("preview");
  if (preview) preview.node.hidden = format === "fixed";
  $("seat-hint").textContent = status === "finished" ? "The tournament is over."
    : left ? `Round ${next} of ${rounds} is next. ` + (format === "fixed" ? "Type its tables, then seat it"
      : "Preview its pairings, then seat it") + " (its tables start at once)."
      : `All ${rounds} rounds are seated: finish the tournament once their tables are done.`;
  $("bye-box").hidden = round < 1;
  $("entry-heading").textContent = round >= 1 ? "A late entrant (from the next round)" : "Add an entrant";
  const over = status === "finished";
  $("evening-over").hidden = !over;
  for (const id of ["seat-block", "announce-block", "entry-block", "finish-block", "finish-box"]) $(id).hidden = over;
}

/** The talk box of the organizer and the entrants (`say`, tournament talk). */
export function buildTalk() {
  const text = el("input", { id: "say-text", maxlength: 500 });
  const form = el("form", { id: "say-form", autocomplete: "off" }, el("label", { for: "say-text" }, "Say"), " ", text, " ");
  form.append(formControl(form, { key: "say", path: commandsPath, label: "Send",
    body: () => ({ type: "say", text: text.value }),
    done: () => { text.value = ""; desk.controls.get("say").sync(); } }));
  $("say-box").replaceChildren(form);
}
