// /play/{id}#token=…: one seat at the table. The state (as this seat may see it) is drawn as
// the ruleset's board, the seat's moves first (controls built from legal-actions, in words),
// its hand, the game's log newest first and table talk; the event stream says when anything
// changed, and the page reads again (coalescing bursts: one read in flight, at most one
// queued). A read that fails marks the page offline until a read agrees with the server
// (connection.js); what happens at the table is announced once (announce.js); the end shows the
// ranking, the replay and Rematch (ending.js).
import { t } from "./i18n.js";
import { command, follow, gameId, get, getToken, newKey, setToken } from "./api.js";
import { drawBoard } from "./board.js";
import { drawBoardText } from "./board-text.js";
import { drawControls } from "./controls.js";
import { DEAL_ACTIONS, drawDeals } from "./deals.js";
import { drawHand } from "./hand.js";
import { drawTalk, loadTalk } from "./talk.js";
import { runClock } from "./clock.js";
import { keep } from "./messages.js";
import { nameOf } from "./svg.js";
import { rulesetTitle } from "./rulesets.js";
import { createLink } from "./connection.js";
import { createSeatLog } from "./seat-log.js";
import { createAnnouncer } from "./announce.js";
import { createEnding } from "./ending.js";
import { drawLegend } from "./legend.js";
import { humanize, listed, statusWords, stepAbout, stepName, who } from "./seat-words.js";
import { $ } from "./dom.js";

const seat = { state: null, legal: null, awaited: false, reading: null, again: false, stop: null, failed: 0,
  storyReading: null, storyAgain: false,
  refusal: null, disputeEdited: false, audio: null, refocus: null };
const SKIP = new Set([...DEAL_ACTIONS, "say", "dispute"]);
const story = createSeatLog($("log"));
const announcer = createAnnouncer($("announcements"));
const ending = createEnding($("ending"), { onRematch: followRematch });
const LINK_WORDS = { live: t("link.live"), offline: t("link.offline"), trouble: t("link.trouble") };
const OFF_WORDS = {
  offline: t("off.offline"),
  trouble: t("off.trouble"),
};
const UNREACHABLE = t("seat.unreachable");
/** The page's fields (play.html), as the elements they are. */
const inputs = {
  sound: /** @type {HTMLInputElement} */ ($("sound")),
  token: /** @type {HTMLInputElement} */ ($("token")),
  talkText: /** @type {HTMLInputElement} */ ($("talk-text")),
  disputeVersion: /** @type {HTMLInputElement} */ ($("dispute-version")),
  disputeText: /** @type {HTMLTextAreaElement} */ ($("dispute-text")),
  deskLink: /** @type {HTMLAnchorElement} */ ($("desk-link")),
};

const link = createLink({
  resync: () => refresh(),
  onStatus: (status) => {
    document.body.dataset.link = status;
    $("link").dataset.status = status;
    $("link").textContent = LINK_WORDS[status];
    if (seat.state) showTurn(seat.state); else if (status !== "live") setTurn(OFF_WORDS[status], "offline");
    // Back from a drop: a stream that lived through it may be silently dead; open a fresh one.
    if (status === "live" && seat.stop) followStream(seat.state?.version ?? 0);
  },
  onResent: (job, answer) => {
    if (answer.status < 300) {
      if (seat.refusal?.code === "unreachable") seat.refusal = null;
      keep($("messages"), t("seat.resent", { label: job.label }), { key: "resent", kind: "ok" });
    } else {
      const moved = answer.body?.code === "version_conflict";
      const detail = moved ? t("seat.moved_on", { label: job.label })
        : humanize(seat.state || {}, answer.body?.detail || t("seat.refused", { status: answer.status }));
      seat.refusal = { type: job.body.type, detail, code: answer.body?.code || "" };
      keep($("messages"), detail, { key: "resent" });
    }
    refresh();
  },
});

/** Send one command; a refusal's `detail` is shown beside the control that sent it, and a move
 *  that cannot reach the server is said so there and kept to be sent again. */
async function send(body, refusal, button) {
  refusal.textContent = "";
  const move = !["say", "dispute"].includes(body.type);
  const inMoves = button && (button.closest("#moves") || button.closest("#deals"));
  seat.refocus = inMoves ? { command: button.dataset.command || "", step: seat.state?.step } : null;
  if (button) button.disabled = true;
  const answer = move
    ? await link.send(body, seat.legal?.version, { label: button?.textContent || body.type })
    : await command(body, { key: newKey() });
  if (button) button.disabled = false;
  if (answer.status >= 300 || answer.status === 0) {
    const unreachable = answer.status === 0;
    const detail = unreachable ? (move ? UNREACHABLE : t("seat.text_kept"))
      : humanize(seat.state || {}, answer.body?.detail || t("seat.refused", { status: answer.status }));
    refusal.textContent = detail;
    refusal.dataset.code = answer.body?.code || "";
    seat.refusal = move ? { type: body.type, detail, code: answer.body?.code || "" } : null;
    seat.refocus = null;  // focus stays on the control that was refused
    if (button?.isConnected) button.focus();
    return false;
  }
  seat.refusal = null;
  button?.closest("form")?.removeAttribute("data-dirty");
  await refresh();
  return true;
}

function beep() {
  if (!inputs.sound.checked) return;
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

/** The banner (a polite status region): written only when its words change, so it is read once. */
function setTurn(text, state) {
  const turn = $("turn");
  if (turn.textContent !== text) turn.textContent = text;
  turn.dataset.state = state;
}

function showTurn(state) {
  const mine = state.viewer?.seat;
  const awaited = state.status === "running" && (state.waiting_for || []).includes(mine);
  document.body.dataset.awaited = String(awaited);
  if (link.status !== "live") {
    setTurn(OFF_WORDS[link.status], "offline");
  } else if (state.status === "finished") {
    setTurn(state.annulled ? t("turn.annulled") : t("turn.over"), "finished");
  } else if (state.status === "lobby") {
    setTurn(t("turn.lobby"), "lobby");
  } else if (awaited) {
    setTurn(t("turn.yours", { step: stepName(state) || t("turn.play") }), "yours");
  } else {
    const others = (state.waiting_for || []).filter((s) => s !== mine).map((s) => nameOf(state, s));
    setTurn(t("turn.waiting", { names: listed(others) || t("turn.the_server") }), "waiting");
  }
  document.title = `${awaited ? t("turn.title_yours") : ""}${rulesetTitle(state.ruleset)} — ${nameOf(state, mine)}`;
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
  $("status").textContent = statusWords(state);
  markPainted(state.version);
}

function idleWords(state) {
  if (state.status === "finished") return t("idle.over");
  if (state.status !== "running") return t("idle.not_started");
  const others = (state.waiting_for || []).filter((s) => s !== state.viewer?.seat);
  return others.length ? t("idle.waiting", { names: listed(others.map((s) => who(state, s))) }) : t("idle.nothing");
}

function draw(state, legal) {
  drawBoard($("board"), state);
  drawLegend($("legend"), state.ruleset);
  $("status").textContent = statusWords(state);
  document.body.dataset.version = state.version;
  document.body.dataset.ruleset = state.ruleset;
  document.body.dataset.status = state.status;
  $("ruleset-title").textContent = rulesetTitle(state.ruleset);
  $("whoami").textContent = t("play.whoami", { name: nameOf(state, state.viewer.seat), seat: state.viewer.seat });
  showTurn(state);
  const about = stepAbout(state, legal);
  if ($("about").textContent !== about) $("about").textContent = about;
  // The panels are drawn again only when what they show changed (most events change the
  // board, not this seat's hand or moves): nothing else is laid out or painted anew.
  const me = (state.players || []).find((p) => p.seat === state.viewer.seat);
  const playable = (legal?.actions || []).find((a) => a.type === "play_thug")?.params?.card?.choices;
  if (changed("hand", [me, state.cards ? Object.keys(state.cards).length : 0, playable, legal?.awaited, state.step])) {
    drawHand($("hand"), state, legal);
  }
  const refocus = seat.refocus;
  if (changed("controls", [legal?.actions, state.offers, state.speakeasies?.map((s) => s.name), state.step, state.waiting_for]) || refocus !== null) {
    // After the seat's own move: the same control while the step goes on (a form, a second
    // placement), the first control of a new step.
    const step = `${state.round}/${state.step}/${state.step_since ?? ""}`;
    drawControls($("controls"), legal, state, send, { skip: SKIP, idle: idleWords(state), refocus: refocus !== null,
      want: refocus && refocus.step === state.step ? refocus.command : null, fresh: step !== seat.step });
    seat.step = step;
  }
  if (seat.refusal) {  // a refusal stays beside its control until the next command goes through
    const refusal = /** @type {HTMLElement} */ ($("controls").querySelector(`section[data-action="${seat.refusal.type}"] .refusal`));
    if (refusal && !refusal.textContent) { refusal.textContent = seat.refusal.detail; refusal.dataset.code = seat.refusal.code; }
  }
  if (changed("deals", [legal?.actions?.filter((a) => DEAL_ACTIONS.has(a.type)), state.deals, me])) {
    drawDeals($("deals-panel"), $("deals"), legal, state, send);
  }
  if (document.activeElement === $("moves") && $("controls").querySelector("[data-command]")) {
    /** @type {HTMLElement} */ ($("controls").querySelector("[data-command]")).focus({ preventScroll: true });  // moves came to a seat waiting on them
  }
  if (refocus !== null) {  // after this seat's own move: focus on the next sensible control, never the body
    seat.refocus = null;
    if (document.activeElement === document.body || !document.activeElement) {
      const next = /** @type {HTMLElement} */ ($("controls").querySelector("button:not(:disabled), input, select") || $("deals").querySelector("button") || $("moves"));
      next.focus({ preventScroll: true });
    }
  }
  runClock($("clock"), state, (s) => nameOf(state, s));
  if (!seat.disputeEdited) {
    inputs.disputeVersion.value = String(state.version);
    $("dispute-form").querySelector("button").dataset.command = JSON.stringify(disputeBody());
  }
  markPainted(state.version);
}

/** Read the state and the legal actions and draw them (then, apart, the new log lines). One
 *  read at a time: a call while one runs asks for one more round (an event may have come after
 *  its reads). Answers whether the page now agrees with the server (false: a read failed — the
 *  link is told, and reads again). */
function refresh() {
  seat.again = true;
  if (!seat.reading) {
    seat.reading = (async () => {
      let ok = true;
      try {
        while (ok && seat.again) {
          seat.again = false;
          ok = await readOnce();
        }
      } finally {
        seat.reading = null;  // (no await between the loop's last look at `again` and here)
      }
      return ok;
    })();
  }
  return seat.reading.then((ok) => {
    if (!ok) link.lost(seat.failed >= 500);
    else readTheStory();  // the log follows the moves, never holds them up
    document.body.dataset.synced = String(ok && link.status === "live");
    return ok;
  });
}

/** The new log lines, read apart from the state (one read at a time, one more queued). */
function readTheStory() {
  seat.storyAgain = true;
  if (seat.storyReading) return seat.storyReading;
  seat.storyReading = (async () => {
    try {
      while (seat.storyAgain) {
        seat.storyAgain = false;
        if (!(await readStory())) { link.lost(); break; }
      }
    } finally {
      seat.storyReading = null;
    }
  })();
  return seat.storyReading;
}

/** One read of the state and the moves, drawn; false when no answer came (or a 5xx). */
async function readOnce() {
  // Both reads at once; the board is drawn as soon as the state is here, and the page
  // (its version, controls, hand and deals) once the legal actions are too.
  const reading = get(`/v1/games/${gameId}/legal-actions`);
  const state = await get(`/v1/games/${gameId}`);
  performance.mark(`fetched:${state.body?.version}`);  // bench/pages.py: the read's share of a repaint
  if (state.status === 0 || state.status >= 500) { await reading; seat.failed = state.status; return false; }
  if (state.status !== 200) { await reading; showProblem(state); return true; }
  if (seat.state && state.body.version < seat.state.version) { await reading; return true; }  // an older answer: the page only moves forward
  drawBoardOnly(state.body);
  const legal = await reading;
  if (legal.status === 0 || legal.status >= 500) { seat.failed = legal.status; return false; }
  seat.failed = 0;
  seat.state = state.body;
  seat.legal = legal.status === 200 && legal.body?.version !== undefined ? legal.body : null;
  // The two reads are concurrent: a move landing between them leaves a state and moves of
  // two versions (awaited, with the moves of before). Read both again until they agree.
  if (seat.legal && seat.legal.version !== seat.state.version) seat.again = true;
  document.body.dataset.legalVersion = seat.legal ? seat.legal.version : "";
  draw(seat.state, seat.legal);
  return true;
}

/** The new log lines: drawn, announced, and the end shown once the game is over. */
async function readStory() {
  if (!(await story.load())) return false;
  story.draw();
  announcer.hear(story.log.entries, seat.state.viewer?.seat);
  if (seat.state.status === "finished") await ending.show(seat.state, story.log.entries);
  return true;
}

function showProblem(answer) {
  const detail = answer.body?.detail || t("seat.answered", { status: answer.status });
  setTurn(answer.status === 401 || answer.status === 403
    ? t("seat.not_this_game", { detail }) : detail, "problem");
  $("token-form").hidden = false;
}

function followRematch(newId, ours) {
  const where = `/play/${encodeURIComponent(newId)}#token=${encodeURIComponent(getToken())}`;
  keep($("messages"), ours ? t("seat.rematch_ours")
    : t("seat.rematch_other"), { key: "rematch", kind: "ok" });
  announcer.say(t("play.rematch_started"));
  setTimeout(() => location.assign(where), 600);  // long enough for the message to be read out
}

async function start() {
  $("game-id").textContent = gameId;
  inputs.deskLink.href = `/viewer/${encodeURIComponent(gameId)}${getToken() ? "#token=" + encodeURIComponent(getToken()) : ""}`;
  if (!getToken()) {
    $("token-form").hidden = false;
    setTurn(t("seat.no_token"), "problem");
    document.body.dataset.ready = "true";
    return;
  }
  const first = await get(`/v1/games/${gameId}`);
  if (first.status !== 200) {
    if (first.status === 0) { link.lost(); setTimeout(start, 1000); return; }
    showProblem(first); document.body.dataset.ready = "true"; return;
  }
  if (first.body.viewer?.kind !== "seat") {
    setTurn(first.body.viewer?.kind === "organizer"
      ? t("seat.organizer_token")
      : t("seat.not_a_seat"), "problem");
    $("token-form").hidden = false;
    document.body.dataset.ready = "true";
    return;
  }
  $("token-form").hidden = true;
  await refresh();
  if (await loadTalk()) drawTalk($("talk"));
  document.body.dataset.ready = "true";
  followStream(seat.state?.version ?? first.body.version);
}

/** Follow the event stream after `version` (a stream followed before is stopped). */
function followStream(version) {
  if (seat.stop) seat.stop();
  let opened = false;
  seat.stop = follow(version, (at, type) => {
    if (type === "said") loadTalk().then((added) => added && drawTalk($("talk")));
    refresh();
  }, (live) => {
    document.body.dataset.live = live;
    if (live === "reconnecting") link.lost();
    // A finished game's stream ends at once: nothing more to follow (the end polls for a rematch).
    if (live === "ended" && seat.state?.status === "finished") { seat.stop?.(); seat.stop = null; }
  }, {
    onOpen: () => {  // a stream opened again after a drop: what it missed is read again
      if (opened) refresh();
      opened = true;
    },
  });
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken(inputs.token.value);
  if (seat.stop) seat.stop();
  start();
});
$("talk-form").addEventListener("input", () => {
  $("talk-form").querySelector("button").dataset.command = JSON.stringify({ type: "say", text: inputs.talkText.value });
});
$("talk-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  if (await send({ type: "say", text: inputs.talkText.value }, form.querySelector(".refusal"), form.querySelector("button"))) {
    inputs.talkText.value = "";
    if (await loadTalk()) drawTalk($("talk"));
  }
  if (document.activeElement === document.body) inputs.talkText.focus();
});
const disputeBody = () => ({ type: "dispute", version: Number(inputs.disputeVersion.value), text: inputs.disputeText.value });
$("dispute-form").addEventListener("input", (event) => {
  if (/** @type {HTMLElement} */ (event.target).id === "dispute-version") seat.disputeEdited = true;
  $("dispute-form").querySelector("button").dataset.command = JSON.stringify(disputeBody());
});
$("dispute-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  if (await send(disputeBody(), form.querySelector(".refusal"), form.querySelector("button"))) {
    keep($("messages"), t("seat.dispute_filed"), { key: "dispute", kind: "ok" });
    inputs.disputeText.value = "";
    seat.disputeEdited = false;
  }
  if (document.activeElement === document.body) inputs.disputeText.focus();
});
inputs.sound.addEventListener("change", () => {  // a click is the gesture that lets audio start
  if (inputs.sound.checked && !seat.audio) { try { seat.audio = new AudioContext(); } catch { /* none */ } }
});

start();
