// /play/{id}#token=…: one seat at the table. The state (as this seat may see it) is drawn as
// the ruleset's board, the seat's hand beside it, and its moves as controls built from
// legal-actions; the event stream says when anything changed, and the page fetches again
// (coalescing bursts: one fetch in flight, at most one queued).
import { command, follow, gameId, get, getToken, setToken } from "./api.js";
import { describeStatus, describeWinners, drawBoard } from "./board.js";
import { drawBoardText } from "./board-text.js";
import { drawControls, titleOf } from "./controls.js";
import { DEAL_ACTIONS, drawDeals } from "./deals.js";
import { drawHand } from "./hand.js";
import { drawTalk, loadTalk } from "./talk.js";
import { runClock } from "./clock.js";
import { keep } from "./messages.js";
import { nameOf, rulesetTitle } from "./svg.js";

const $ = (id) => document.getElementById(id);
const seat = { state: null, legal: null, awaited: false, busy: false, again: false, stop: null,
  refusal: null, disputeEdited: false, audio: null };
const SKIP = new Set([...DEAL_ACTIONS, "say", "dispute"]);

/** Send one command; a refusal's `detail` is shown beside the control that sent it. */
async function send(body, refusal, button) {
  refusal.textContent = "";
  if (button) button.disabled = true;
  const answer = await command(body);
  if (button) button.disabled = false;
  if (answer.status >= 300) {
    const detail = answer.body?.detail || `the server refused it (${answer.status})`;
    refusal.textContent = detail;
    refusal.dataset.code = answer.body?.code || "";
    seat.refusal = { type: body.type, detail, code: answer.body?.code || "" };
    button?.focus();
    return false;
  }
  seat.refusal = null;
  button?.closest("form")?.removeAttribute("data-dirty");
  await refresh();
  return true;
}

function beep() {
  if (!$("sound").checked) return;
  try {
    seat.audio = seat.audio || new AudioContext();
    const tone = seat.audio.createOscillator();
    const gain = seat.audio.createGain();
    gain.gain.value = 0.08;
    tone.frequency.value = 660;
    tone.connect(gain).connect(seat.audio.destination);
    tone.start();
    tone.stop(seat.audio.currentTime + 0.18);
  } catch { /* no audio here: the title and the banner still say it */ }
}

function showTurn(state) {
  const mine = state.viewer?.seat;
  const awaited = state.status === "running" && (state.waiting_for || []).includes(mine);
  document.body.dataset.awaited = String(awaited);
  const title = rulesetTitle(state.ruleset);
  const turn = $("turn");
  if (state.status === "finished") {
    turn.textContent = `The game is over. ${describeWinners(state) || (state.annulled ? "It was annulled." : "")}`;
    turn.dataset.state = "finished";
  } else if (state.status === "lobby") {
    turn.textContent = "The game has not started yet: the organizer starts it once every seat is taken.";
    turn.dataset.state = "lobby";
  } else if (awaited) {
    turn.textContent = `Your turn: ${state.step ? String(state.step).replaceAll("_", " ") : "play"}.`;
    turn.dataset.state = "yours";
  } else {
    turn.textContent = `Waiting for ${(state.waiting_for || []).map((s) => nameOf(state, s)).join(", ") || "the server"}.`;
    turn.dataset.state = "waiting";
  }
  document.title = `${awaited ? "▶ Your turn — " : ""}${title} — ${nameOf(state, mine)}`;
  if (awaited && !seat.awaited) beep();
  seat.awaited = awaited;
}

const drawn = {};
/** Whether `parts` differ from what panel `name` last showed (remembered for next time). */
function changed(name, parts) {
  const key = JSON.stringify(parts);
  if (drawn[name] === key) return false;
  drawn[name] = key;
  return true;
}

const markPainted = (version) =>  // bench/pages.py: after the frame that shows `version`
  requestAnimationFrame(() => setTimeout(() => performance.mark(`painted:${version}`)));

function drawBoardOnly(state) {
  drawBoard($("board"), state);
  drawBoardText($("board-text"), state);
  $("status").textContent = describeStatus(state);
  markPainted(state.version);
}

function draw(state, legal) {
  drawBoard($("board"), state);
  $("status").textContent = describeStatus(state);
  document.body.dataset.version = state.version;
  document.body.dataset.ruleset = state.ruleset;
  document.body.dataset.status = state.status;
  $("ruleset-title").textContent = rulesetTitle(state.ruleset);
  $("whoami").textContent = `${nameOf(state, state.viewer.seat)} · seat ${state.viewer.seat}`;
  showTurn(state);
  // The panels are drawn again only when what they show changed (most events change the
  // board, not this seat's hand or moves): nothing else is laid out or painted anew.
  const me = (state.players || []).find((p) => p.seat === state.viewer.seat);
  if (changed("hand", [me, state.cards ? Object.keys(state.cards).length : 0])) drawHand($("hand"), state);
  if (changed("controls", [legal?.actions, state.offers, state.speakeasies?.map((s) => s.name)])) {
    drawControls($("controls"), legal, state, send, SKIP);
  }
  if (seat.refusal) {  // a refusal stays beside its control until the next command goes through
    const refusal = $("controls").querySelector(`section[data-action="${seat.refusal.type}"] .refusal`);
    if (refusal && !refusal.textContent) { refusal.textContent = seat.refusal.detail; refusal.dataset.code = seat.refusal.code; }
  }
  if (changed("deals", [legal?.actions?.filter((a) => DEAL_ACTIONS.has(a.type)), state.deals, me])) {
    drawDeals($("deals-panel"), $("deals"), legal, state, send);
  }
  runClock($("clock"), state, (s) => nameOf(state, s));
  if (!seat.disputeEdited) {
    $("dispute-version").value = state.version;
    $("dispute-form").querySelector("button").dataset.command = JSON.stringify(disputeBody());
  }
  markPainted(state.version);
}

/** Fetch the state and the legal actions and draw them; calls that come meanwhile queue one more. */
async function refresh() {
  if (seat.busy) { seat.again = true; return; }
  seat.busy = true;
  try {
    do {
      seat.again = false;
      // Both reads at once; the board is drawn as soon as the state is here, and the page
      // (its version, controls, hand and deals) once the legal actions are too.
      const reading = get(`/v1/games/${gameId}/legal-actions`);
      const state = await get(`/v1/games/${gameId}`);
      performance.mark(`fetched:${state.body?.version}`);  // bench/pages.py: the read's share of a repaint
      if (state.status !== 200) { showProblem(state); return; }
      drawBoardOnly(state.body);
      const legal = await reading;
      seat.state = state.body;
      seat.legal = legal.status === 200 && legal.body?.version !== undefined ? legal.body : null;
      // The two reads are concurrent: a move landing between them leaves a state and moves of
      // two versions (awaited, with the moves of before). Read both again until they agree.
      if (seat.legal && seat.legal.version !== seat.state.version) seat.again = true;
      document.body.dataset.legalVersion = seat.legal ? seat.legal.version : "";
      draw(seat.state, seat.legal);
    } while (seat.again);
  } finally { seat.busy = false; }
}

function showProblem(answer) {
  const detail = answer.body?.detail || `the server answered ${answer.status}`;
  $("turn").textContent = answer.status === 401 || answer.status === 403
    ? `This token does not open a seat of this game: ${detail}` : detail;
  $("turn").dataset.state = "problem";
  $("token-form").hidden = false;
}

async function start() {
  $("game-id").textContent = gameId;
  $("desk-link").href = `/viewer/${encodeURIComponent(gameId)}${getToken() ? "#token=" + encodeURIComponent(getToken()) : ""}`;
  if (!getToken()) {
    $("token-form").hidden = false;
    $("turn").textContent = "No seat token: open your seat's link, or paste its token. Watching? The desk shows the game.";
    document.body.dataset.ready = "true";
    return;
  }
  const first = await get(`/v1/games/${gameId}`);
  if (first.status !== 200) { showProblem(first); document.body.dataset.ready = "true"; return; }
  if (first.body.viewer?.kind !== "seat") {
    $("turn").textContent = first.body.viewer?.kind === "organizer"
      ? "This is the organizer's token: the organizer rules from the desk (link above). A seat's link opens its seat here."
      : "This token is not a seat of this game.";
    $("token-form").hidden = false;
    document.body.dataset.ready = "true";
    return;
  }
  $("token-form").hidden = true;
  await refresh();
  if (await loadTalk()) drawTalk($("talk"));
  document.body.dataset.ready = "true";
  seat.stop = follow(seat.state.version, (version, type) => {
    if (type === "said") loadTalk().then((added) => added && drawTalk($("talk")));
    refresh();
  }, (live) => { document.body.dataset.live = live; });
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken($("token").value);
  if (seat.stop) seat.stop();
  start();
});
$("talk-form").addEventListener("input", () => {
  $("talk-form").querySelector("button").dataset.command = JSON.stringify({ type: "say", text: $("talk-text").value });
});
$("talk-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  if (await send({ type: "say", text: $("talk-text").value }, form.querySelector(".refusal"), form.querySelector("button"))) {
    $("talk-text").value = "";
    if (await loadTalk()) drawTalk($("talk"));
  }
});
const disputeBody = () => ({ type: "dispute", version: Number($("dispute-version").value), text: $("dispute-text").value });
$("dispute-form").addEventListener("input", (event) => {
  if (event.target.id === "dispute-version") seat.disputeEdited = true;
  $("dispute-form").querySelector("button").dataset.command = JSON.stringify(disputeBody());
});
$("dispute-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  if (await send(disputeBody(), form.querySelector(".refusal"), form.querySelector("button"))) {
    keep($("messages"), "Your dispute is filed.", { key: "dispute", kind: "ok" });
    $("dispute-text").value = "";
    seat.disputeEdited = false;
  }
});
$("sound").addEventListener("change", () => {  // a click is the gesture that lets audio start
  if ($("sound").checked && !seat.audio) { try { seat.audio = new AudioContext(); } catch { /* none */ } }
});

start();
