// What a screen reader hears without looking: one polite live region (role=log) that says each
// thing that happened at the table once — other players' moves, reveals, deals offered to this
// seat, talk, what the clock and the server's bot did — read from the same log lines the page
// shows. This seat's own moves are not repeated back to it; the lines already there when the
// page opened are history, not news.
import { t } from "./i18n.js";
import { split } from "./seat-log.js";

const KEPT = 30;  // announcements kept in the region (older ones are read already)
//: engine bookkeeping a listener does not need said aloud (the clock's own line says the time)
const QUIET = /^(.+ ha(?:s|ve) \d+ s for .+ \(until .+\)\.|The step is done; its deadline is cleared\.)$/;

export function createAnnouncer(region) {
  let upto = null;  // the last version announced (or the history's end)
  const said = new Set();
  return {
    /** Announce the entries after the last one announced; the first call only marks where news begins. */
    hear(entries, seat) {
      if (upto === null) { upto = entries.length ? entries.at(-1).version : 0; return; }
      for (const entry of entries) {
        if (entry.version <= upto) continue;
        upto = entry.version;
        const actor = entry.actor || {};
        if (actor.kind === "seat" && actor.seat === seat && !actor.bot) continue;  // its own move
        const { sentence } = split(entry);
        if (QUIET.test(sentence) || said.has(entry.version)) continue;
        said.add(entry.version);
        this.say(actor.bot ? t("announce.bot", { sentence }) : sentence, entry.version);
      }
    },
    say(text, version = "") {
      const line = document.createElement("p");
      line.textContent = text;
      if (version !== "") line.dataset.version = version;
      region.append(line);
      while (region.children.length > KEPT) region.firstElementChild.remove();
    },
  };
}
