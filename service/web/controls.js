// The seat's moves as controls, built from nothing but GET /legal-actions: each action's
// examples become one-click buttons, and where its `params` leave something to fill in
// (a count, a map of counts, a route per truck, a text), a small form builds the command.
// Every control that sends carries `data-command`: the exact JSON body it sends now (forms
// keep it current as they are filled), so people, tests and assistive tools read one truth.
// Every label is words (labels.js): names of players, places, trucks and cards, never ids.
import { t } from "./i18n.js";
import { describe, facts, fieldLabel, titleOf, valueWords } from "./labels.js";

export { titleOf };

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
  for (const choice of choices) select.append(new Option(valueWords(state, key, choice), JSON.stringify(choice)));
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
    if (Array.isArray(p.choices)) { fields[key] = selectField(fieldLabel(key), p.choices, state, key, Boolean(p.only_for)); continue; }
    needed = true;  // something to fill in that the examples do not enumerate
    if ("min" in p || "max" in p) {
      fields[key] = numberField(fieldLabel(key), { min: p.min ?? 0, max: p.max, value: p.min ?? 0 });
    } else if (p.type === "string" || "max_length" in p) {
      const input = node("input", { maxlength: p.max_length, value: "" });
      const wrap = node("label", {}, `${fieldLabel(key)} `);
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
  wrap.append(node("legend", {}, fieldLabel(key)));
  const inputs = {};
  for (const [id, most] of Object.entries(maxima)) {
    const field = numberField(valueWords(state, "", id), { min: 0, max: most, value: 0 });
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
  wrap.append(node("legend", {}, fieldLabel(key)));
  const selects = {};
  for (const truck of trucks) {
    const field = selectField(`your ${valueWords(state, "truck", truck)}`, places, state, "speakeasy", true);
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

/** Where focus goes once the moves are drawn again: the same command's control if it is still
 *  offered, else the first control, else the moves' own heading region — never the body. */
function restoreFocus(container, wanted) {
  const controls = [...container.querySelectorAll("[data-command]")].filter((b) => !b.disabled);
  const same = wanted ? controls.find((b) => b.dataset.command === wanted) : null;
  const target = same || container.querySelector("button:not(:disabled), input, select") || container.closest("#moves");
  target?.focus({ preventScroll: true });
}

/** Draw the seat's actions into `container`; `send(body, refusalNode, button)` sends one command.
 *  `skip` lists the action types another panel draws (deals, talk); `idle` is what to say when
 *  there is nothing to do; `refocus` asks for focus to be put back (after a move of this seat),
 *  on the control that sends `want` if it is still offered; `fresh`: the step is a new one. */
export function drawControls(container, legal, state, send, { skip = new Set(), idle = t("idle.nothing"), refocus = false, want = null,
  fresh = false } = {}) {
  const active = /** @type {HTMLElement} */ (document.activeElement);
  const hadFocus = container.contains(active) ? active.dataset.command ?? "" : null;
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
    const said = facts(state, action.type, action.params);
    if (said) section.append(node("p", { class: "info" }, said));
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
  if (!sections.length) sections.push(node("p", { class: "muted idle" }, idle));
  container.replaceChildren(...sections);
  if (refocus) restoreFocus(container, want);  // after the seat's own move: where the page says
  else if (hadFocus !== null) restoreFocus(container, fresh ? null : hadFocus);  // another seat's move: where it was (a new step: its first control)
}

function customForm(action, fields, refusal, send) {
  const form = node("form", { class: "custom" });
  form.append(node("p", { class: "muted" }, t("controls.or_choose")));
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
