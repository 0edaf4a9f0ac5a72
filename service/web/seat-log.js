// The story at the table: the game's log (GET /log, the desk's sentences, redacted by the server
// for this seat's token) newest first, so every change of cash, crates and markers is explained
// by the lines just above it; moves of the server's bot and of the clock are marked. Only what
// is new is read (`after`), and only new lines are drawn.
import { t } from "./i18n.js";
import { loadLog } from "./panels.js";

const SHOWN = 400;  // lines kept on the page; the desk has them all

/** A log entry's heading ("Round 3, Phase 1") and its sentence: the server says the heading
 *  (`heading`, in the reader's language) and starts the text with it. */
export function split(entry) {
  const text = String(typeof entry === "string" ? entry : entry.text);
  const heading = typeof entry === "string" ? null : entry.heading;
  if (heading && text.startsWith(`${heading}: `)) return { heading, sentence: text.slice(heading.length + 2) };
  const m = text.match(/^((?:Setup|Round \d+(?:, [^:]+)?|Game over)): (.*)$/s);
  return m ? { heading: m[1], sentence: m[2] } : { heading: "", sentence: text };
}

/** The entries that tell the end: the trailing run of entries of a round with no phase (the
 *  engine's "game over" group), the seed's reveal left out. */
export function endingEntries(entries) {
  const out = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (!(e.round >= 1) || (e.phase !== null && e.phase !== undefined)) break;
    out.unshift(e);
  }
  return out;
}

/** Who made a line: "bot", "clock" (the referee's own moves: timeouts, reveals), "organizer", or "". */
export function madeBy(entry) {
  const actor = entry.actor || {};
  if (actor.bot) return "bot";
  if (actor.kind === "system") return "referee";
  if (actor.kind === "organizer") return "organizer";
  return "";
}

const TAGS = { bot: t("tag.bot"), referee: t("tag.referee"), organizer: t("tag.organizer") };

export function createSeatLog(list) {
  const log = { entries: [], after: 0 };
  let drawn = 0;
  return {
    log,
    /** Read what is new (into `log.entries`); answers false when no answer came, true
     *  otherwise (a log the server could not give now is read again at the next event). */
    async load() {
      await loadLog(log);
      return log.failed !== 0;
    },
    /** Put the lines not yet on the page at its top. */
    draw() {
      const fresh = log.entries.slice(drawn);
      if (!fresh.length) return;
      drawn = log.entries.length;
      const items = fresh.reverse().map((entry) => {
        const { heading, sentence } = split(entry);
        const li = document.createElement("li");
        li.dataset.version = entry.version;
        const by = madeBy(entry);
        if (by) li.dataset.by = by;
        if (heading) {
          const h = document.createElement("span");
          h.className = "when";
          h.textContent = `${heading}: `;
          li.append(h);
        }
        li.append(document.createTextNode(sentence));
        if (by) {
          const tag = document.createElement("span");
          tag.className = "tag";
          tag.textContent = ` (${TAGS[by]})`;
          li.append(tag);
        }
        return li;
      });
      list.prepend(...items);
      while (list.children.length > SHOWN) list.lastElementChild.remove();
    },
  };
}
