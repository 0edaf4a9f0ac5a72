// The replay's landmarks for the desk: the version after each move and where each round and
// phase begins, so the desk steps through a game by what people did instead of one event at a
// time (a round of Bootleggers is some 70 events).
//
// A move is one command a player sent (or the clock sent for them when their time ran out):
// every event a command appends shares its `command_id`, and the move's version is the last
// of them — the board once the command and everything it set off has been applied. Talk and
// disputes are commands too, but not moves. Rounds and phases come from the log's entries,
// which carry the round and phase each event left the game in.
import { gameId, get } from "./api.js";

const NOT_MOVES = new Set(["said", "dispute_filed", "dispute_withdrawn"]);

/** The move index, read from `/events` and then only what is new: `{after, moves, open}`. */
export function emptyMoves() { return { after: 0, moves: [], open: null, ready: false }; }

/** Read the events after `index.after` into the index (pages of 1,000). A command's events
 *  are appended at once, so the last group at the head is complete; one cut by a page is
 *  carried over (`open`) to the next page. Returns false when the events cannot be read. */
export async function loadMoves(index) {
  for (let page = 0; page < 100; page++) {
    const { status, body } = await get(`/v1/games/${gameId}/events?after=${index.after}&limit=1000`);
    if (status !== 200 || !body) return false;
    const events = body.events || [];
    for (const event of events) {
      const key = event.command_id || `v${event.version}`;
      if (index.open && index.open.key !== key) close(index);
      if (!index.open) index.open = { key, last: event.version, move: false };
      index.open.last = event.version;
      const actor = event.actor || {};
      if ((actor.kind === "seat" && !NOT_MOVES.has(event.type)) || event.type === "timed_out") index.open.move = true;
      index.after = Math.max(index.after, event.version);
    }
    if (!events.length || body.next_after === null || body.next_after === undefined) break;
    index.after = Math.max(index.after, body.next_after);
  }
  close(index);
  index.ready = true;
  return true;
}

function close(index) {
  const group = index.open;
  index.open = null;
  if (group?.move && index.moves.at(-1) !== group.last) index.moves.push(group.last);
}

/** Where each round and each phase begins, from the log's entries (in version order). */
export function chapters(entries) {
  const rounds = [], phases = [];
  let round, phase;
  for (const e of entries || []) {
    if (e.round === null || e.round === undefined) continue;  // the lobby: before the game
    if (e.round !== round) rounds.push(e.version);
    if (e.round !== round || e.phase !== phase) phases.push(e.version);
    round = e.round;
    phase = e.phase;
  }
  return { rounds, phases };
}

/** The landmark after `at` (or null), and the one before it: the latest strictly before `at`,
 *  so "previous round" from inside a round goes to its start, and from its start to the
 *  round before (as a player's chapters do). */
export const after = (marks, at) => marks.find((v) => v > at) ?? null;
export function before(marks, at) {
  for (let i = marks.length - 1; i >= 0; i--) if (marks[i] < at) return marks[i];
  return null;
}
