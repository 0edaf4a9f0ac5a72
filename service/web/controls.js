// The seat's moves as controls, built from nothing but GET /legal-actions: each action's
// examples become one-click buttons, and where its `params` leave something to fill in
// (a count, a map of counts, a route per truck, a text), a small form builds the command.
// Every control that sends carries `data-command`: the exact JSON body it sends now (forms
// keep it current as they are filled), so people, tests and assistive tools read one truth.
import { nameOf } from "./svg.js";
import { cardLabel } from "./board.js";

const TITLES = {
  bid: "Bid a Muscle card (sealed)", take_offer: "Take an offer", pass: "Pass",
  place_influence: "Place influence", place_die: "Put a die on a still", place_improvement: "Improve a speakeasy",
  answer_vigorish: "Vigorish: pay?", load: "Load your trucks", dispatch: "Dispatch your trucks",
  allow_public: "The public dock", play_thug: "Play a Thug card", move: "Move a pawn", end_turn: "End your turn",
  buy: "Buy Cases", sell: "Sell Cases", choose_move: "Choose your Location (sealed)",
  trigger_event: "Trigger the Location's Event", pass_turn: "Pass your turn", deliver: "Deliver a card",
  tail: "Tail a player", steal: "Steal a card", expose: "Expose: name their Booze", drop_tail: "Drop the tail",
};
const PAWNS = { own: "your pawn", police: "the Police", agent: "the Agent", fbi: "the FBI" };
const DIRECTIONS = { cw: "clockwise (up)", ccw: "counter-clockwise (down)" };

export const titleOf = (type) => TITLES[type] || type.replaceAll("_", " ");

/** Words for one value of a command, using what the state knows (names of places, seats). */
function word(state, key, value) {
  const places = [...(state.speakeasies || []), ...(state.locations || [])];
  const place = places.find((s) => s.id === value);
  if (place) return place.name || place.id;
  if (["to", "seat", "from", "target"].includes(key) && typeof value === "number") return nameOf(state, value);
  if (key === "pawn") return PAWNS[value] || value;
  if (key === "direction") return DIRECTIONS[value] || value;
  if (key === "offer" && state.offers) {
    if (value === "truck") return `the ${cardLabel(state.offers.truck || "truck")}`;
    const slot = (state.offers.slots || []).find((s) => s.slot === value);
    return slot?.card ? `${value}: ${cardLabel(slot.card)}` : String(value);
  }
  if (key === "card" && typeof value === "string" && value.startsWith("thug:")) return cardLabel(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value && typeof value === "object") {
    return Object.entries(value).map(([k, v]) => {
      const where = places.find((s) => s.id === v);
      const name = places.find((s) => s.id === k);
      return where ? `${k} → ${where.name}` : `${name ? name.name : k} ${v}`;
    }).join(", ") || "nothing";
  }
  return String(value);
}

/** A button's words for one example: its fields other than `type`. */
export function describe(state, example) {
  const fields = Object.entries(example).filter(([k]) => k !== "type");
  if (!fields.length) return titleOf(example.type);
  if (fields.length === 1) return word(state, fields[0][0], fields[0][1]);
  if (example.type === "move") {
    const rest = fields.filter(([k]) => !["die", "pawn", "direction"].includes(k)).map(([k, v]) => `${k} ${word(state, k, v)}`);
    return `${word(state, "pawn", example.pawn)} ${example.die} ${word(state, "direction", example.direction)}` +
      (rest.length ? ` (${rest.join(", ")})` : "");
  }
  return fields.map(([k, v]) => `${k.replaceAll("_", " ")} ${word(state, k, v)}`).join(" · ");
}

const node = (tag, attrs = {}, text) => {
  const made = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) made.setAttribute(k, v);
  if (text !== undefined) made.textContent = text;
  return made;
};

/** One labelled input; `read()` gives its value in the command (undefined = leave out). */
function numberField(labelText, attrs) {
  const input = node("input", { type: "number", inputmode: "numeric", value: attrs.value ?? 0, ...attrs });
  const wrap = node("label", {}, `${labelText} `);
  wrap.append(input);
  return { wrap, input, read: () => (input.value === "" ? undefined : Number(input.value)) };
}

function selectField(labelText, choices, state, key, optional) {
  const select = node("select");
  if (optional) select.append(new Option("—", ""));
  for (const choice of choices) {
    const option = new Option(word(state, key, choice), JSON.stringify(choice));
    select.append(option);
  }
  const wrap = node("label", {}, `${labelText} `);
  wrap.append(select);
  return { wrap, input: select, read: () => (select.value === "" ? undefined : JSON.parse(select.value)) };
}

/** The form's fields for `params`, or null when the examples already cover every choice. */
function fieldsFor(state, params) {
  const fields = {};
  let needed = false;
  for (const [key, p] of Object.entries(params || {})) {
    if (!p || typeof p !== "object" || Array.isArray(p)) continue;  // a fact, shown as info
    if (Array.isArray(p.choices)) { fields[key] = selectField(key.replaceAll("_", " "), p.choices, state, key, Boolean(p.only_for)); continue; }
    needed = true;  // something to fill in that the examples do not enumerate
    if ("min" in p || "max" in p) {
      fields[key] = numberField(key, { min: p.min ?? 0, max: p.max, value: p.min ?? 0 });
    } else if (p.type === "string" || "max_length" in p) {
      const input = node("input", { maxlength: p.max_length, value: "" });
      const wrap = node("label", {}, `${key} `);
      wrap.append(input);
      fields[key] = { wrap, input, read: () => input.value || undefined };
    } else if (p.room) {  // {max_total, room: {id: n}}: a count per place
      fields[key] = mapField(state, key, Object.fromEntries(Object.entries(p.room).map(([id, n]) => [id, Math.min(n, p.max_total ?? n)])));
    } else if (p.trucks && !Array.isArray(p.trucks)) {  // {trucks: {id: free}, crates}: crates per truck
      fields[key] = mapField(state, key, Object.fromEntries(Object.entries(p.trucks).map(([id, n]) => [id, Math.min(n, p.crates ?? n)])));
    } else if (Array.isArray(p.trucks) && p.speakeasies) {  // a speakeasy (or none) per truck
      fields[key] = routeField(state, key, p.trucks, p.speakeasies);
    } else if (Array.isArray(p.keys)) {
      fields[key] = mapField(state, key, Object.fromEntries(p.keys.map((k) => [k, undefined])));
    }
  }
  return needed ? fields : null;
}

function mapField(state, key, maxima) {
  const wrap = node("fieldset", { class: "map" });
  wrap.append(node("legend", {}, key.replaceAll("_", " ")));
  const inputs = {};
  for (const [id, most] of Object.entries(maxima)) {
    const field = numberField(word(state, "", id), { min: 0, max: most, value: 0 });
    inputs[id] = field.input;
    wrap.append(field.wrap);
  }
  const read = () => {
    const out = {};
    for (const [id, input] of Object.entries(inputs)) if (Number(input.value) > 0) out[id] = Number(input.value);
    return out;
  };
  return { wrap, input: wrap, read };
}

function routeField(state, key, trucks, places) {
  const wrap = node("fieldset", { class: "map" });
  wrap.append(node("legend", {}, key));
  const selects = {};
  for (const truck of trucks) {
    const field = selectField(truck, places, state, "speakeasy", true);
    selects[truck] = field;
    wrap.append(field.wrap);
  }
  const read = () => {
    const out = {};
    for (const [truck, field] of Object.entries(selects)) { const v = field.read(); if (v) out[truck] = v; }
    return out;
  };
  return { wrap, input: wrap, read };
}

const fact = (v) => (Array.isArray(v) ? v.map(fact).join(", ")
  : v && typeof v === "object" ? Object.entries(v).map(([k, x]) => `${k} ${fact(x)}`).join(" ") : String(v));

/** The params that are facts, not choices (a price, whose turn, the plans a move allows). */
function info(params) {
  const facts = Object.entries(params || {}).filter(([, p]) => p === null || typeof p !== "object" || Array.isArray(p))
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${Array.isArray(v) && v.some((x) => x && typeof x === "object") ? v.map(fact).join("; ") : fact(v)}`);
  return facts.join(" · ");
}

/** Draw the seat's actions into `container`; `send(body, refusalNode)` sends one command.
 *  `skip` lists the action types another panel draws (deals, talk). */
export function drawControls(container, legal, state, send, skip = new Set()) {
  const hadFocus = container.contains(document.activeElement) ? document.activeElement.dataset.command : null;
  // A form someone is filling in survives the redraws that other seats' moves cause.
  const editing = new Map([...container.querySelectorAll("section.action:has(form[data-dirty])")]
    .map((section) => [section.dataset.action, section]));
  const sections = [];
  for (const action of legal?.actions || []) {
    if (skip.has(action.type)) continue;
    if (editing.has(action.type)) { sections.push(editing.get(action.type)); continue; }
    const section = node("section", { class: "action", "data-action": action.type });
    const heading = node("h3", { id: `action-${action.type}` }, titleOf(action.type));
    section.setAttribute("aria-labelledby", heading.id);
    section.append(heading);
    const facts = info(action.params);
    if (facts) section.append(node("p", { class: "info" }, facts));
    const refusal = node("p", { class: "refusal", role: "alert" });
    const seen = new Set();
    const examples = node("div", { class: "examples" });
    for (const example of action.examples || []) {
      const body = JSON.stringify(example);
      if (seen.has(body)) continue;
      seen.add(body);
      const button = node("button", { type: "button", "data-command": body }, describe(state, example));
      button.addEventListener("click", () => send(example, refusal, button));
      examples.append(button);
    }
    section.append(examples);
    const fields = action.type === "say" ? null : fieldsFor(state, action.params);
    if (fields) section.append(customForm(action, fields, refusal, send));
    section.append(refusal);
    sections.push(section);
  }
  if (!sections.length) sections.push(node("p", { class: "muted" }, "Nothing to do right now."));
  container.replaceChildren(...sections);
  if (hadFocus !== null && hadFocus !== undefined) {
    const same = [...container.querySelectorAll("[data-command]")].find((b) => b.dataset.command === hadFocus);
    (same || container.querySelector("button, input, select"))?.focus();
  }
}

function customForm(action, fields, refusal, send) {
  const form = node("form", { class: "custom" });
  form.append(node("p", { class: "muted" }, "or choose yourself:"));
  for (const field of Object.values(fields)) form.append(field.wrap);
  const button = node("button", { type: "submit" }, titleOf(action.type));
  const body = () => {
    const out = { type: action.type };
    for (const [key, field] of Object.entries(fields)) { const v = field.read(); if (v !== undefined) out[key] = v; }
    return out;
  };
  const update = () => { button.dataset.command = JSON.stringify(body()); };
  form.addEventListener("input", () => { form.dataset.dirty = "true"; });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
  form.append(button);
  form.addEventListener("submit", (event) => { event.preventDefault(); send(body(), refusal, button); });
  return form;
}
