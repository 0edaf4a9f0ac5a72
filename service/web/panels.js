// The log and disputes panels. Each hides itself when the server answers 404 for its
// endpoint (an older server), so the viewer works against whatever the API offers.
import { t } from "./i18n.js";
import { command, gameId, get } from "./api.js";

const text = (tag, content, attrs = {}) => {
  const node = document.createElement(tag);
  node.textContent = content;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

/** The log entries after `log.after` (paged), appended to `log.entries`: a live page asks
 *  only for what is new, never the whole log again. Returns null when there is no log
 *  endpoint; a log that cannot be read now keeps what it had. */
export async function loadLog(log = { entries: [], after: 0 }) {
  for (let page = 0; page < 200; page++) {
    const { status, body } = await get(`/v1/games/${gameId}/log?after=${log.after}&limit=500`);
    log.failed = status !== 200 || !body ? status : false;  // (0: no answer; the caller may read again)
    if (log.failed) return status === 404 && !log.entries.length ? null : log;
    log.entries.push(...(body.entries || []));
    if (body.next_after === null || body.next_after === undefined || body.next_after <= log.after) break;
    log.after = body.next_after;
    if (!(body.entries || []).length) break;
  }
  return log;
}

/** The log; each line is a button that shows the board at its version (`goTo`). Drawn once
 *  and then only appended to: a live page with thousands of lines redraws nothing old, and
 *  moving the version only re-marks the lines between the old and the new one. */
export function drawLog(list, entries, at, goTo) {
  if (list.drawn?.entries !== entries || list.drawn.count > entries.length) {
    list.replaceChildren();
    list.drawn = { entries, count: 0, heading: null, items: [], at: null };
  }
  const drawn = list.drawn;
  const fresh = document.createDocumentFragment();
  for (const entry of entries.slice(drawn.count)) {
    const group = entry.heading || (entry.round ? (entry.phase ? t("log.round_phase", { round: entry.round, phase: entry.phase })
      : t("log.round", { round: entry.round })) : t("log.setup"));
    if (group !== drawn.heading) { fresh.append(text("li", group, { class: "round" })); drawn.heading = group; }
    const item = text("li", "", { value: entry.version, "data-version": entry.version });
    const go = text("button", entry.text, { type: "button", title: t("log.show_version", { version: entry.version }) });
    go.addEventListener("click", () => goTo(entry.version));
    item.append(go);
    if (drawn.at !== null && entry.version > drawn.at) item.classList.add("future");
    drawn.items.push([entry.version, item]);
    fresh.append(item);
  }
  const grew = entries.length > drawn.count;
  drawn.count = entries.length;
  list.append(fresh);
  const moved = drawn.at !== at;
  if (moved) {
    const low = drawn.at === null ? -Infinity : Math.min(drawn.at, at);
    const high = drawn.at === null ? Infinity : Math.max(drawn.at, at);
    for (const [version, item] of drawn.items) {
      if (version < low || version > high) continue;
      item.classList.toggle("future", version > at);
      item.classList.toggle("current", version === at);
    }
    drawn.at = at;
  }
  // Scrolling lays the page out: only when the current line or the lines changed.
  if (moved || grew) list.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

/** The disputes: {disputes} when this caller may read them, {closed: detail} when it may not
 *  (a spectator while the game runs), or null when the server has no such endpoint (404). */
export async function loadDisputes() {
  const { status, body } = await get(`/v1/games/${gameId}/disputes`);
  if (status === 404) return null;
  if (status === 401 || status === 403) return { closed: body?.detail || "" };
  if (status !== 200 || !body) return { disputes: [] };
  return { disputes: Array.isArray(body) ? body : body.disputes || [] };
}

function describeDispute(d) {
  const number = d.dispute ?? d.id;
  const state = d.state ?? "open";
  const about = d.about ?? d.version;
  const before = t("dispute.by", { number, seat: d.seat });
  // A dispute's words are its filer's and the organizer's, also after the end: others read null.
  const quoted = (words) => (words === null || words === undefined ? t("dispute.private") : t("dispute.quoted", { text: words }));
  let after = `: ${quoted(d.text)} — ${t(`dispute.state.${state}`)}`;
  const r = d.resolution;
  if (r) after += `: ${quoted(r.text)}` + (r.rulings && r.rulings.length ? t("dispute.rulings", { rulings: r.rulings.map((x) => (typeof x === "string" ? x : x.kind || JSON.stringify(x))).join(", ") }) : "");
  return { number, state, about, before, after };
}

function resolveForm(number, seats, onChange, notify, keepMessage) {
  const form = document.createElement("form");
  form.className = "resolve";
  const option = (value, words) => new Option(words, value);
  const decision = document.createElement("select");
  decision.name = "decision";
  decision.setAttribute("aria-label", t("dispute.decision_on", { number }));
  decision.append(option("upheld", t("dispute.upheld")), option("rejected", t("dispute.rejected")));
  const ruling = document.createElement("select");
  ruling.name = "ruling";
  ruling.setAttribute("aria-label", t("dispute.ruling_on", { number }));
  ruling.append(option("", t("dispute.no_ruling")), option("annul", t("dispute.annul")),
    ...seats.flatMap((s) => [option(`forfeit:${s}`, t("dispute.forfeits", { seat: s })),
      option(`replace_player:${s}`, t("dispute.replace", { seat: s }))]));
  const words = document.createElement("input");
  words.name = "text";
  words.required = true;
  words.setAttribute("aria-label", t("dispute.words_on", { number }));
  words.placeholder = t("dispute.words_placeholder");
  const resolve = document.createElement("button");
  resolve.textContent = t("dispute.resolve");
  form.append(decision, " ", ruling, " ", words, resolve);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { type: "resolve_dispute", dispute: number, decision: form.decision.value, text: form.text.value };
    if (form.ruling.value && form.decision.value === "upheld") {
      const [kind, seat] = form.ruling.value.split(":");
      body.rulings = [{ kind, reason: form.text.value, ...(seat ? { seat: Number(seat) } : {}) }];
    }
    const answer = await command(body);
    if (answer.status >= 300) notify(answer.body?.detail || t("dispute.refused", { status: answer.status }));
    else {
      // A new token is shown once: it must outlive every redraw until its reader closes it.
      keepMessage(t("dispute.resolved", { number }), { key: `resolved-${number}`, kind: "ok" });
      for (const [seat, token] of Object.entries(answer.body?.player_tokens || {})) {
        keepMessage(t("dispute.new_token", { seat, game: gameId }),
          { key: `token-${seat}`, copy: token });
      }
    }
    onChange();
  });
  return form;
}

/** The disputes as this viewer may read them; a version in a dispute shows the board there. */
export function drawDisputes(list, loaded, viewer, status, seats, { onChange, notify, keepMessage, goTo }) {
  if (loaded.closed !== undefined) {
    list.replaceChildren(text("li", t("dispute.closed"), { class: "muted", "data-closed": "true" }));
    return;
  }
  const items = loaded.disputes.map((d) => {
    const { number, state, about, before, after } = describeDispute(d);
    const item = text("li", before, { "data-dispute": number, "data-state": state });
    const go = text("button", t("dispute.version", { version: about }), { type: "button", class: "version-link", "data-version": about,
      title: t("log.show_version", { version: about }) });
    go.addEventListener("click", () => goTo(about));
    item.append(go, document.createTextNode(after));
    if (viewer.kind === "organizer" && state === "open") item.append(resolveForm(number, seats, onChange, notify, keepMessage));
    return item;
  });
  if (!items.length) {
    const seatOnly = viewer.kind === "seat" && status !== "finished";
    items.push(text("li", seatOnly ? t("dispute.none_yours") : t("dispute.none"), { class: "muted" }));
  }
  list.replaceChildren(...items);
}

export async function fileDispute(version, disputeText) {
  return command({ type: "dispute", version: Number(version), text: disputeText });
}
