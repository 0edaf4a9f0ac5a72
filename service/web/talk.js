// Table talk: the lines said so far (GET /talk, paged by `next_after`) and new ones as the
// stream tells of them. Talk is not part of the state, so it is fetched on its own.
import { t } from "./i18n.js";
import { gameId, get } from "./api.js";

const talk = { after: 0, lines: [] };

/** Fetch the lines said since the last call; answers whether any came. */
export async function loadTalk() {
  let added = false;
  for (let page = 0; page < 20; page++) {
    const { status, body } = await get(`/v1/games/${gameId}/talk?after=${talk.after}&limit=200`);
    if (status !== 200 || !body) break;
    talk.lines.push(...(body.entries || []));
    added = added || (body.entries || []).length > 0;
    if (body.next_after === null || body.next_after === undefined || body.next_after <= talk.after) break;
    talk.after = body.next_after;
    if (!(body.entries || []).length) break;
  }
  return added;
}

export function drawTalk(list) {
  const items = talk.lines.slice(-100).map((line) => {
    const item = document.createElement("li");
    item.dataset.version = line.version;
    const who = document.createElement("b");
    who.textContent = `${line.name ?? (line.seat ? t("talk.seat", { seat: line.seat }) : t("talk.organizer"))}: `;
    item.append(who, document.createTextNode(line.text));
    return item;
  });
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}
