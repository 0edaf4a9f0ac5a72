// A seat page's honest link to the server. Any read that fails (no answer, or a stream that
// breaks) marks the page offline and reads the state and the moves again, backing off (0.25 s,
// 0.5 s, then every second; at once when the browser says the network is back) until a read
// agrees with the server; only then is it live again. A move that could not reach the server is
// kept and sent again, with the same Idempotency-Key (a resend of a move that did arrive gets
// the first answer, nothing played twice) and pinned with If-Match to the version it was decided
// on (so a move decided before a drop is never played in a later step).
import { command, newKey } from "./api.js";

const BACKOFF_MS = [250, 500, 1000];

/** `resync()` reads everything again and answers whether it agreed with the server;
 *  `onStatus(status)` hears "live", "offline" (no answer) or "trouble" (the server answered an
 *  error: 5xx); `onResent(job, answer)` hears a kept move's fate. */
export function createLink({ resync, onStatus, onResent }) {
  let status = "live";
  let attempt = 0;
  let timer = null;
  let trying = false;
  const kept = [];  // moves that could not reach the server: {body, key, version, refusal, button}

  const set = (next) => {
    if (next === status) return;
    status = next;
    onStatus(status);
  };

  async function tryNow() {
    clearTimeout(timer);
    timer = null;
    if (trying) return;
    trying = true;
    let ok = false;
    try { ok = await resync(); } finally { trying = false; }
    if (!ok) { schedule(); return; }
    attempt = 0;
    set("live");
    await resend();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(tryNow, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
    attempt += 1;
  }

  async function resend() {
    while (kept.length && status === "live") {
      const job = kept[0];
      const answer = await command(job.body, { key: job.key, version: job.version });
      if (answer.status === 0 || answer.status >= 500) { lost(answer.status !== 0); return; }
      kept.shift();
      onResent(job, answer);
    }
  }

  /** A read or the stream failed: the page may be behind the server. `answered`: the server
   *  answered, with an error of its own (not a lost network). */
  function lost(answered = false) {
    set(answered ? "trouble" : "offline");
    if (!timer && !trying) schedule();
  }

  window.addEventListener("offline", () => lost());
  window.addEventListener("online", () => { if (status !== "live") { attempt = 0; tryNow(); } });

  return {
    get status() { return status; },
    lost,
    /** Send a move now: {status, body}; a move that cannot reach the server is kept for later. */
    async send(body, version, extra = {}) {
      const key = newKey();
      const answer = await command(body, { key });
      if (answer.status === 0) {
        kept.push({ body, key, version, ...extra });
        lost();
      }
      return answer;
    },
    /** Whether a move is waiting to be sent again. */
    pending: () => kept.length > 0,
  };
}
