// The API as the pages use it: the bearer token lives in memory (typed in or read from
// the URL fragment `#token=…`) and goes only into the Authorization header, never a query.
// (The lobby, at "/", has no game: its gameId is "".) No call here throws on a lost network:
// an answer that never came is `{status: 0, body: {detail}}`, which a page shows and retries.
import { lang } from "./i18n.js";

export const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let token = new URLSearchParams(location.hash.slice(1)).get("token") || "";

export const getToken = () => token;
export function setToken(value) {
  token = value.trim();
  const params = new URLSearchParams(location.hash.slice(1));
  if (token) params.set("token", token); else params.delete("token");
  history.replaceState(null, "", location.pathname + (params.toString() ? "#" + params : ""));
}

// The server's sentences (the log, a refusal's detail, a report) come in the page's language.
const language = { "Accept-Language": lang };

function headers(extra = {}) {
  return token ? { ...language, ...extra, Authorization: `Bearer ${token}` } : { ...language, ...extra };
}

const unreachable = (error) => ({ status: 0, body: { code: "unreachable",
  detail: `the server could not be reached (${error?.message || "no answer"})` } });

/** A key for one command and every resend of it (crypto.randomUUID needs a secure context). */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Send one request and read its JSON answer: {status, body, response} (no body on a 304 or
 *  an answer that is not JSON). Throws when no answer came; `get` and `post` never do. */
export async function fetchJson(path, init) {
  const response = await fetch(path, init);
  let body = null;
  if (response.status !== 304) { try { body = await response.json(); } catch { body = null; } }
  return { status: response.status, body, response };
}

/** The headers that say who asks (`asToken`, "" = nobody) and in which language. */
export const bearing = (asToken) => (asToken ? { ...language, Authorization: `Bearer ${asToken}` } : { ...language });

/** GET a JSON resource with this page's token, or with `asToken` when given: {status, body};
 *  never throws (status 0: no answer). */
export async function get(path, asToken) {
  const sent = asToken === undefined ? headers({ Accept: "application/json" })
    : { ...bearing(asToken), Accept: "application/json" };
  try {
    const { status, body } = await fetchJson(path, { headers: sent, cache: "no-store" });  // always the game as it is now, for this token
    return { status, body };
  } catch (error) {
    return unreachable(error);
  }
}

/** POST JSON to `path` with this page's token, or with `asToken` when given ("" = none):
 *  {status, body}; never throws (status 0: no answer; body is the problem on a refusal).
 *  `pins`: {key} for Idempotency-Key, {version} for If-Match. */
export async function post(path, body, asToken, pins = {}) {
  const bearer = asToken === undefined ? token : asToken;
  /** @type {Record<string, string>} */
  const extra = { ...language, "Content-Type": "application/json", Accept: "application/json" };
  if (bearer) extra.Authorization = `Bearer ${bearer}`;
  if (pins.key) extra["Idempotency-Key"] = pins.key;
  if (pins.version !== undefined && pins.version !== null) extra["If-Match"] = String(pins.version);
  try {
    const { status, body: answer } = await fetchJson(path, { method: "POST", headers: extra, body: JSON.stringify(body ?? {}) });
    return { status, body: answer };
  } catch (error) {
    return unreachable(error);
  }
}

/** POST a command; answers {status, body} (body is the problem on a refusal). */
export async function command(body, pins) {
  return post(`/v1/games/${gameId}/commands`, body, undefined, pins);
}

/** Follow the SSE stream with fetch() (EventSource cannot send the Authorization header).
 *  Calls onEvent(version, type) for each event; reconnects after `after` until stopped.
 *  onState says "connected" once the server answers, "reconnecting" after a failure, "ended"
 *  when the server closed it (it is opened again all the same);
 *  `onOpen()` (optional) runs at each (re)connection, so a page can read again what the
 *  drop may have kept from it.
 *  @param {number} after @param {(version: number, type: string) => void} onEvent
 *  @param {(state: string) => void} onState @param {import("./types.js").FollowOptions} [options]
 *  @returns {() => void} stops following */
export function follow(after, onEvent, onState, { onOpen, retryMs = 1000 } = {}) {
  let stopped = false;
  const controller = new AbortController();
  (async () => {
    while (!stopped) {
      try {
        const response = await fetch(`/v1/games/${gameId}/events/stream?after=${after}`, {
          headers: headers({ Accept: "text/event-stream" }), signal: controller.signal,
        });
        if (!response.ok) { onState(`stream answered ${response.status}`); break; }
        onState("connected");
        onOpen?.();
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields = {};
            for (const line of block.split("\n")) {
              const colon = line.indexOf(":");
              if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
            // The mark lets bench/pages.py time an event's arrival to its repaint.
            if (fields.id) { after = Number(fields.id); performance.mark(`arrived:${after}`); onEvent(after, fields.event); }
          }
        }
        if (!stopped) onState("ended");  // the server ended the stream (its timeout, the game's end): open it again
      } catch {
        if (stopped) break;
        onState("reconnecting");
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
    onState(stopped ? "" : "stopped");
  })();
  return () => { stopped = true; controller.abort(); };
}
