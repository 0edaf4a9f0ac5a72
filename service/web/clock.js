// The step's clock, counting down each second to the state's `deadline.due_at` (the server
// decides when time is up; this only shows it). It names only the seats the step still waits
// for (not those who have already moved); paused clocks say so. The icon is drawn (an inline
// SVG), not a glyph a font may lack; what the clock does at a timeout is told by the log.
import { t } from "./i18n.js";
const SVG = "http://www.w3.org/2000/svg";
let timer = null;

function icon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "14");
  svg.setAttribute("height", "14");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "clock-icon");
  const face = document.createElementNS(SVG, "circle");
  for (const [k, v] of Object.entries({ cx: 8, cy: 9, r: 6, fill: "none", stroke: "currentColor", "stroke-width": 1.6 })) face.setAttribute(k, String(v));
  const hands = document.createElementNS(SVG, "path");
  for (const [k, v] of Object.entries({ d: "M8 9V5.5M8 9l2.5 1.5M6 1.5h4", fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" })) hands.setAttribute(k, String(v));
  svg.append(face, hands);
  return svg;
}

/** Whom the clock runs for now: the deadline's seats the step still waits for. */
export function clockSeats(state) {
  const seats = state.deadline?.seats || [];
  const waiting = new Set(state.waiting_for || []);
  return waiting.size ? seats.filter((s) => waiting.has(s)) : seats;
}

export function runClock(output, state, names) {
  clearInterval(timer);
  const deadline = state.deadline;
  if (!deadline || !deadline.due_at || state.status !== "running") {
    output.replaceChildren();
    output.dataset.left = "";
    return;
  }
  const seats = clockSeats(state);
  const who = seats.map((s) => (s === state.viewer?.seat ? t("seat.you") : names(s))).join(", ");
  const words = document.createElement("span");
  output.replaceChildren(icon(), words);
  if (state.clock_paused_at || deadline.paused_at) {
    words.textContent = t("clock.paused", { who: who ? t("clock.paused_who", { who }) : "" });
    output.dataset.left = "paused";
    return;
  }
  const due = Date.parse(deadline.due_at);
  const tick = () => {
    const left = Math.max(0, Math.ceil((due - Date.now()) / 1000));  // 0 only once it is due
    const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    const whom = who ? t("clock.for", { who }) : "";
    words.textContent = left ? t("clock.left", { time: text, who: whom }) : t("clock.up", { who: whom });
    output.dataset.left = left;
    if (!left) clearInterval(timer);
  };
  tick();
  timer = setInterval(tick, 1000);
}
