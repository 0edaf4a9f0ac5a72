// The log and disputes panels. Each hides itself when the server answers 404 for its
// endpoint (an older server), so the viewer works against whatever the API offers.
import { command, gameId, get } from "./api.js";

const text = (tag, content, attrs = {}) => {
  const node = document.createElement(tag);
  node.textContent = content;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

/** Load every log entry (paged); returns the entries, or null when there is no log endpoint. */
export async function loadLog() {
  const entries = [];
  let after = 0;
  for (let page = 0; page < 200; page++) {
    const { status, body } = await get(`/v1/games/${gameId}/log?after=${after}&limit=500`);
    if (status !== 200 || !body) return status === 404 && !entries.length ? null : entries;
    entries.push(...(body.entries || []));
    if (body.next_after === null || body.next_after === undefined || body.next_after <= after) break;
    after = body.next_after;
  }
  return entries;
}

export function drawLog(list, entries, at) {
  const items = [];
  let heading = null;
  for (const entry of entries) {
    const group = entry.round ? `Round ${entry.round}${entry.phase ? ", Phase " + entry.phase : ""}` : "Setup";
    if (group !== heading) { items.push(text("li", group, { class: "round" })); heading = group; }
    const item = text("li", entry.text, { value: entry.version, "data-version": entry.version });
    if (entry.version > at) item.classList.add("future");
    if (entry.version === at) item.classList.add("current");
    items.push(item);
  }
  list.replaceChildren(...items);
  list.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

/** The disputes, or null when the endpoint is not there (404) or not open to this caller. */
export async function loadDisputes() {
  const { status, body } = await get(`/v1/games/${gameId}/disputes`);
  if (status !== 200 || !body) return status === 404 ? null : [];
  return Array.isArray(body) ? body : body.disputes || [];
}

function describeDispute(d) {
  const number = d.dispute ?? d.id;
  const state = d.state ?? "open";
  let line = `#${number} by seat ${d.seat}, about version ${d.about ?? d.version}: “${d.text}” — ${state}`;
  const r = d.resolution;
  if (r) line += `: “${r.text}”` + (r.rulings && r.rulings.length ? ` (rulings: ${r.rulings.join(", ")})` : "");
  return { number, state, line };
}

function resolveForm(number, seats, onChange, notify) {
  const form = document.createElement("form");
  form.className = "resolve";
  const rulingOptions = ['<option value="">no ruling</option>', '<option value="annul">annul the game</option>']
    .concat(seats.flatMap((s) => [`<option value="forfeit:${s}">seat ${s} forfeits</option>`,
      `<option value="replace_player:${s}">replace seat ${s}'s player</option>`]));
  form.innerHTML = `<select name="decision"><option>upheld</option><option>rejected</option></select>
    <select name="ruling">${rulingOptions.join("")}</select>
    <input name="text" required placeholder="your ruling, as the players will read it"><button>Resolve</button>`;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { type: "resolve_dispute", dispute: number, decision: form.decision.value, text: form.text.value };
    if (form.ruling.value && form.decision.value === "upheld") {
      const [kind, seat] = form.ruling.value.split(":");
      body.rulings = [{ kind, reason: form.text.value, ...(seat ? { seat: Number(seat) } : {}) }];
    }
    const answer = await command(body);
    const tokens = answer.body?.player_tokens;
    notify(answer.status < 300
      ? `Dispute #${number} resolved.` + (tokens ? ` New player tokens (shown once): ${JSON.stringify(tokens)}` : "")
      : answer.body?.detail || `refused (${answer.status})`);
    onChange();
  });
  return form;
}

export function drawDisputes(list, disputes, viewer, seats, onChange, notify) {
  const items = disputes.map((d) => {
    const { number, state, line } = describeDispute(d);
    const item = text("li", line, { "data-dispute": number, "data-state": state });
    if (viewer.kind === "organizer" && state === "open") item.append(resolveForm(number, seats, onChange, notify));
    return item;
  });
  if (!items.length) items.push(text("li", "No dispute filed.", { class: "muted" }));
  list.replaceChildren(...items);
}

export async function fileDispute(version, disputeText) {
  return command({ type: "dispute", version: Number(version), text: disputeText });
}
