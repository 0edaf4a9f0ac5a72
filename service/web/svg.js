// What every board draws with: SVG elements, the seats' colours, names, and `fitTexts`, which
// shortens a label to its room (full text kept in a tooltip) so that a 40-character or a
// non-Latin name never runs into its neighbour, whatever font the browser picked.
export const NS = "http://www.w3.org/2000/svg";
// Seat 0 (the house) grey; then six colours told apart by people with the common colour
// blindnesses (Okabe–Ito), dark enough for white text on them.
export const SEAT_COLOURS = ["#777", "#b5361f", "#1f66b5", "#20804a", "#8a6100", "#7a3f99", "#333",
  "#a0306e", "#00737a", "#5b5b00"];

export function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (text !== undefined) node.textContent = String(text);
  return node;
}

/** A label that must stay within `width` px: shortened by fitTexts once the SVG is laid out. */
export function label(attrs, text, width) {
  return el("text", { ...attrs, "data-fit": width }, text);
}

export const colour = (seat) => SEAT_COLOURS[Number(seat)] || SEAT_COLOURS[0];
export const nameOf = (state, seat) =>
  (state.players || []).find((p) => p.seat === Number(seat))?.name ?? `seat ${seat}`;

// Fitted labels, by font, room and text: a live page redraws the same names many times a
// second, and measuring text forces a layout; a fit once measured is reused.
const fitted = new Map();
const fitKey = (text) => `${text.getAttribute("font-size")}|${text.getAttribute("font-weight") || ""}|${text.dataset.fit}|${text.textContent}`;

function shorten(text, shown, full) {
  text.textContent = shown;
  if (shown === full) return;
  text.dataset.full = full;
  text.append(el("title", {}, full));
}

/** Give every `text[data-fit]` of a board not yet in the document the fit already measured
 *  for its text (no layout needed); `fitTexts` measures the rest once the board is drawn. */
export function fitKnown(root) {
  for (const text of root.querySelectorAll("text[data-fit]")) {
    const known = fitted.get(fitKey(text));
    if (known === undefined) continue;
    const full = text.textContent;
    shorten(text, known, full);
    text.dataset.fitted = "";
  }
}

/** Shorten every `text[data-fit]` of `root` (in the document, so it has a layout) to its
 *  width with an ellipsis; the full text goes into a <title> (tooltip, accessible name). */
export function fitTexts(root) {
  for (const text of root.querySelectorAll("text[data-fit]:not([data-fitted])")) {
    const room = Number(text.dataset.fit);
    const key = fitKey(text);
    const full = text.textContent;
    text.dataset.fitted = "";
    if (!(room > 0) || text.getComputedTextLength() <= room) { fitted.set(key, full); continue; }
    const chars = Array.from(full);  // code points: never cut a surrogate pair in two
    let low = 0, high = chars.length;
    while (low < high) {  // the longest prefix that fits with its ellipsis
      const mid = Math.ceil((low + high) / 2);
      text.textContent = chars.slice(0, mid).join("") + "…";
      if (text.getComputedTextLength() <= room) low = mid; else high = mid - 1;
    }
    const shown = chars.slice(0, low).join("") + "…";
    fitted.set(key, shown);
    shorten(text, shown, full);
  }
}

/** Make `live` (a drawn board) look like `fresh` (the same board drawn anew) by changing only
 *  what differs: a live page repaints a few figures per event instead of the whole board. */
export function morph(live, fresh) {
  if (live.nodeType === Node.TEXT_NODE) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  for (const { name } of [...live.attributes]) if (!fresh.hasAttribute(name)) live.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  const old = [...live.childNodes], now = [...fresh.childNodes];
  now.forEach((child, i) => {
    const match = old[i];
    if (match && match.nodeType === child.nodeType && match.nodeName === child.nodeName) morph(match, child);
    else if (match) live.replaceChild(child, match);
    else live.append(child);
  });
  for (let i = now.length; i < old.length; i++) old[i].remove();
}

/** A seat's pawn: a disc in its colour with its number (the colour alone is not enough). */
export function pawn(seat, x, y, r = 9, extra = {}) {
  const g = el("g", { class: "pawn", "data-seat": seat, transform: `translate(${x},${y})`, ...extra });
  g.append(el("circle", { r, fill: colour(seat), stroke: "#111", "stroke-width": 1.5 }));
  g.append(el("text", { y: r * 0.42, "text-anchor": "middle", "font-size": r * 1.25, "font-weight": "bold",
    fill: "#fff" }, seat));
  return g;
}

