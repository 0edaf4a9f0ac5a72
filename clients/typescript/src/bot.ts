// A bot for one seat, typed by the document (src/schema.d.ts, `npm run generate`):
// ask for the legal actions, send one of the examples with If-Match, until the game ends.
import type { components } from "./schema";

type LegalActions = components["schemas"]["LegalActions"];
type Command = components["schemas"]["Command"];
type GameState = components["schemas"]["GameState"];
type Problem = components["schemas"]["ProblemDetail"];

export async function playSeat(url: string, game: string, token: string): Promise<number> {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  for (;;) {
    const state = (await (await fetch(`${url}/v1/games/${game}`, { headers })).json()) as GameState;
    if (state.status === "finished") return state.version;
    const legal = (await (await fetch(`${url}/v1/games/${game}/legal-actions`, { headers })).json()) as LegalActions;
    const examples: Command[] = legal.actions.filter((a) => a.type !== "say").flatMap((a) => a.examples);
    if (examples.length === 0) { await new Promise((r) => setTimeout(r, 500)); continue; }
    const command = examples[Math.floor(Math.random() * examples.length)];
    const sent = await fetch(`${url}/v1/games/${game}/commands`, {
      method: "POST", headers: { ...headers, "If-Match": String(legal.version) }, body: JSON.stringify(command) });
    if (!sent.ok && sent.status !== 412) throw new Error(((await sent.json()) as Problem).detail);
  }
}
