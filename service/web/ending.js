// The end of a game at the seat: the final ranking (GET /result: every seat's place and score as
// the ruleset ranks them, forfeits marked, the bot's seats said), the winners by name (Booze
// Baron: the winning Mob and its players), how it was decided (the log's last lines tell the
// tie-break), a link to the replay in the viewer, and Rematch: the same players and options at a
// new game (POST /rematch). Every seat's page looks for the rematch (GET /rematch) and follows
// to it; the same token opens the same seat there.
import { t } from "./i18n.js";
import { gameId, get, getToken, post } from "./api.js";
import { listed, mobName, mobWord, plural } from "./seat-words.js";
import { endingEntries, split } from "./seat-log.js";

const SCORES = { cash: (n) => t("hand.cash_value", { n }), bankrolls: (n) => plural(n, "Bankroll"), coins: (n) => plural(n, "Coin") };
// How often a finished game's page asks whether a rematch was made: every 2 s for the first
// 5 minutes (players deciding at the table), then every 20 s.
const POLL_MS = 2000, POLL_LATER_MS = 20000, POLL_FAST_FOR_MS = 5 * 60 * 1000;

const node = (tag, attrs = {}, text) => {
  const made = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) made.setAttribute(k, v);
  if (text !== undefined) made.textContent = text;
  return made;
};

const ordinal = (n) => t("end.ordinal", { n, ordinal: true });

/** Who won, in words, from the result. */
export function winnersWords(result) {
  if (result.annulled) return t("end.annulled");
  const names = result.ranking.filter((r) => result.winners.includes(r.seat)).map((r) => r.name);
  if ((result.winning_mobs || []).length) {
    const mobs = listed(result.winning_mobs.map(mobName)).replace(/^./, (c) => c.toUpperCase());
    return t("end.mobs_win", { n: result.winning_mobs.length, mobs, names: listed(names) });
  }
  if (!names.length) return t("end.nobody");
  return names.length > 1 ? t("end.share", { names: listed(names) }) : t("end.wins", { name: names[0] });
}

function table(result, me) {
  const score = SCORES[result.score_name] || String;
  const out = node("table", { class: "ranking" });
  out.append(node("caption", {}, t("end.final_ranking")));
  const head = node("tr");
  const scoreName = result.score_name ? (t(`end.score.${result.score_name}`) !== `end.score.${result.score_name}` ? t(`end.score.${result.score_name}`)
    : result.score_name[0].toUpperCase() + result.score_name.slice(1)) : t("end.score");
  for (const h of [t("end.place"), t("end.player"), scoreName, ...(result.winning_mobs ? [t("end.mob")] : []), t("end.notes")]) head.append(node("th", { scope: "col" }, h));
  const thead = node("thead");
  thead.append(head);
  out.append(thead);
  const body = node("tbody");
  for (const row of result.ranking) {
    const tr = node("tr", { "data-seat": row.seat, "data-place": row.place ?? "" });
    if (row.seat === me) tr.classList.add("me");
    const notes = [row.seat === me ? t("end.you") : "", result.winners.includes(row.seat) ? t("end.winner") : "",
      row.forfeited ? t("end.forfeited") : "", row.bot ? t("end.bot") : ""].filter(Boolean).join(", ");
    tr.append(node("td", {}, row.place ? ordinal(row.place) : "–"), node("th", { scope: "row" }, row.name),
      node("td", {}, row.score === null || row.score === undefined ? "–" : score(row.score)),
      ...(result.winning_mobs ? [node("td", {}, row.mob ? mobWord(row.mob) : "–")] : []),
      node("td", {}, notes));
    body.append(tr);
  }
  out.append(body);
  return out;
}

export function createEnding(panel, { onRematch }) {
  let shown = null, polling = null, asking = false;

  let since = 0;
  async function look() {
    const { status, body } = await get(`/v1/games/${gameId}/rematch`);
    if (!polling) return;
    if (status === 200 && body?.rematch) { stop(); onRematch(body.rematch); return; }
    polling = setTimeout(look, Date.now() - since < POLL_FAST_FOR_MS ? POLL_MS : POLL_LATER_MS);
  }
  const stop = () => { clearTimeout(polling); polling = null; };

  async function rematch(button, refusal) {
    if (asking) return;
    asking = true;
    button.disabled = true;
    refusal.textContent = "";
    const answer = await post(`/v1/games/${gameId}/rematch`, {});
    asking = false;
    button.disabled = false;
    if (answer.status === 200 || answer.status === 201) { stop(); onRematch(answer.body.game_id, true); return; }
    refusal.textContent = answer.body?.detail || t("seat.refused", { status: answer.status });
    button.focus();
  }

  return {
    /** Draw the end once the game is over (the log's `entries` tell how it was decided). */
    async show(state, entries) {
      if (state.status !== "finished") { panel.hidden = true; stop(); return; }
      if (shown === state.version) return;
      const { status, body: result } = await get(`/v1/games/${gameId}/result`);
      if (status !== 200) return;  // read again at the next event or reconnection
      shown = state.version;
      const me = state.viewer?.seat;
      const heading = node("h2", { id: "ending-title", tabindex: "-1" }, t("end.over"));
      const won = node("p", { class: "winners" }, winnersWords(result));
      const ended = endingEntries(entries).filter((e) => e.actor?.kind !== "organizer" || !/seed/i.test(e.text))
        .map((e) => split(e).sentence).filter((s) => !/^The seed is revealed/.test(s));
      const how = ended.length ? node("p", { class: "how" }, ended.join(" ")) : "";
      const links = node("p", { class: "after" });
      const replay = node("a", { href: `/viewer/${encodeURIComponent(gameId)}#token=${encodeURIComponent(getToken())}` },
        t("end.replay"));
      const refusal = node("p", { class: "refusal", role: "alert" });
      const again = node("button", { type: "button", id: "rematch" }, t("end.rematch"));
      again.addEventListener("click", () => rematch(again, refusal));
      links.append(replay, " ", again);
      const tournament = state.tournament ? node("p", { class: "muted" }, t("end.tournament")) : "";
      if (state.tournament) again.hidden = true;
      panel.replaceChildren(heading, won, result.annulled ? "" : table(result, me), how, links, refusal, tournament);
      panel.hidden = false;
      if (!polling && !state.tournament) { since = Date.now(); polling = setTimeout(look, 0); }
    },
  };
}
