// The API as the viewer uses it: the bearer token lives in memory (typed in or read from
// the URL fragment `#token=…`) and goes only into the Authorization header, never a query.
// (The lobby, at "/", has no game: its gameId is "".)
export const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let token = new URLSearchParams(location.hash.slice(1)).get("token") || "";

export const getToken = () => token;
export function setToken(value) {
  token = value.trim();
  const params = new URLSearchParams(location.hash.slice(1));
  if (token) params.set("token", token); else params.delete("token");
  history.replaceState(null, "", location.pathname + (params.toString() ? "#" + params : ""));
}

function headers(extra = {}) {
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** GET a JSON resource: {status, body}; never throws on an HTTP error status. */
export async function get(path) {
  const response = await fetch(path, { headers: headers({ Accept: "application/json" }), cache: "no-store" });  // always the game as it is now, for this token
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  return { status: response.status, body };
}

/** POST JSON to `path` with this page's token, or with `asToken` when given ("" = none):
 *  {status, body}; never throws on an HTTP error status (body is then the problem). */
export async function post(path, body, asToken) {
  const bearer = asToken === undefined ? token : asToken;
  const extra = { "Content-Type": "application/json", Accept: "application/json" };
  if (bearer) extra.Authorization = `Bearer ${bearer}`;
  let response;
  try {
    response = await fetch(path, { method: "POST", headers: extra, body: JSON.stringify(body ?? {}) });
  } catch (error) {
    return { status: 0, body: { detail: `the server could not be reached (${error.message})` } };
  }
  let answer = null;
  try { answer = await response.json(); } catch { answer = null; }
  return { status: response.status, body: answer };
}

/** POST a command; answers {status, body} (body is the problem on a refusal). */
export async function command(body) {
  return post(`/v1/games/${gameId}/commands`, body);
}

/** Follow the SSE stream with fetch() (EventSource cannot send the Authorization header).
 *  Calls onEvent(version, type) for each event; reconnects after `after` until stopped. */
export function follow(after, onEvent, onState) {
  let stopped = false;
  const controller = new AbortController();
  (async () => {
    while (!stopped) {
      try {
        onState("connected");
        const response = await fetch(`/v1/games/${gameId}/events/stream?after=${after}`, {
          headers: headers({ Accept: "text/event-stream" }), signal: controller.signal,
        });
        if (!response.ok) { onState(`stream answered ${response.status}`); break; }
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
      } catch (error) {
        if (stopped) break;
        onState("reconnecting");
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    onState(stopped ? "" : "stopped");
  })();
  return () => { stopped = true; controller.abort(); };
}
