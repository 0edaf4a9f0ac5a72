// The organizer's controls on the desk: each sends one REAL command to the REST API and
// carries `data-command` (the exact JSON body it sends now: a form's button follows its
// fields as they are typed). Destructive ones ask first, inline (never window.confirm): the
// first press shows "…? Yes / Cancel", the Yes button sends. A refusal's problem `detail` is
// shown beside the control, and stays until the next try. A control is made once per key and
// reused by every redraw, so a question asked, a refusal shown or the focus survive the
// desk's refreshes.
import { desk, post, refusal } from "./tournament-core.js";
import { el } from "./dom.js";
import { t as say } from "./i18n.js";

/** @type {(answer: import("./types.js").Answer) => void} */
let sent = () => {};
/** What to do after any command was accepted (the desk: refresh now). */
export function afterSending(callback) { sent = callback; }

/**
 * A control that sends one command; answers its node (reused for the same `key`).
 * opts: {key?, path, body: object | () => object, label, confirm?: {question, yes}, className?,
 *        done?(answer), accepted?: [statuses] (default 200, 201), title?}
 */
export function control(opts) {
  const key = opts.key || `${opts.path} ${JSON.stringify(opts.body)}`;
  const known = desk.controls.get(key);
  if (known) { known.set(opts); return known.node; }
  const entry = make(key, opts);
  desk.controls.set(key, entry);
  return entry.node;
}

/** Controls no longer on the page are forgotten (their questions and refusals with them). */
export function forgetDetached() {
  for (const [key, entry] of desk.controls) if (!entry.node.isConnected) desk.controls.delete(key);
}

function make(key, first) {
  let opts = first;
  const act = el("button", { type: "button", class: `act ${first.className || ""}`.trim() });
  const yes = el("button", { type: "button", class: "yes" });
  const no = el("button", { type: "button", class: "no" }, say("controls.cancel"));
  const question = el("span", { class: "question" });
  const ask = el("span", { class: "confirm", hidden: "" }, question, " ", yes, " ", no);
  const problem = el("span", { class: "problem", role: "alert" });
  const node = el("span", { class: "control", "data-key": key, "data-state": "idle" }, act, ask, problem);
  const bodyNow = () => (typeof opts.body === "function" ? opts.body() : opts.body);

  const sync = () => {
    const body = JSON.stringify(bodyNow());
    act.dataset.command = body;
    act.dataset.path = opts.path;
    act.textContent = opts.label;
    if (opts.title) act.title = opts.title; else act.removeAttribute("title");
    if (opts.confirm) {
      yes.dataset.command = body;
      yes.dataset.path = opts.path;
      yes.textContent = opts.confirm.yes;
      question.textContent = opts.confirm.question;
    }
  };
  const asking = (on) => {
    ask.hidden = !on;
    act.hidden = on;
    node.dataset.state = on ? "confirming" : node.dataset.state === "confirming" ? "idle" : node.dataset.state;
  };
  const send = async () => {
    const body = bodyNow();
    const path = opts.path;
    act.disabled = yes.disabled = no.disabled = true;
    node.dataset.state = "sending";
    problem.textContent = "";
    const answer = await post(path, body);
    act.disabled = yes.disabled = no.disabled = false;
    const accepted = (opts.accepted || [200, 201]).includes(answer.status);
    asking(false);
    if (accepted) {
      node.dataset.state = "sent";
      if (opts.done) opts.done(answer.body, body);
      sent(answer);
    } else {
      node.dataset.state = "refused";
      problem.textContent = refusal(answer);
    }
    const focusOn = act.isConnected && !act.hidden ? act : null;
    if (focusOn && (document.activeElement === document.body || !document.activeElement?.isConnected)) focusOn.focus();
  };

  act.addEventListener("click", () => {
    if (opts.confirm) { asking(true); yes.focus(); return; }
    send();
  });
  yes.addEventListener("click", send);
  no.addEventListener("click", () => { asking(false); act.focus(); });
  ask.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { asking(false); act.focus(); }
  });
  sync();
  return {
    node, sync,
    get opts() { return opts; },
    set(next) { opts = next; sync(); },
    problem: (text) => { problem.textContent = text || ""; node.dataset.state = text ? "refused" : "idle"; },
  };
}

/** A form's send button: its `data-command` follows the fields (`body()` reads them); the
 *  form's submit (Enter) presses it unless `submit: false`. */
export function formControl(form, opts) {
  const node = control(opts);
  const entry = desk.controls.get(opts.key);
  const follow = () => entry.sync();
  form.addEventListener("input", follow);
  form.addEventListener("change", follow);
  if (opts.submit !== false) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      node.querySelector("button.act").click();
    });
  }
  return node;
}
