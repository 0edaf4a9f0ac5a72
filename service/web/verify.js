// In-browser verification of a finished game's public record with WebCrypto, written from
// docs/verification.md alone: the hash chain, the seed against its commitment, every die
// and every shuffle. Nothing here trusts the server that served the record.
import { STARTING_DECKS } from "./decks.js";

const enc = new TextEncoder();
const ZERO = "0".repeat(64);
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const bytesOf = (h) => new Uint8Array(h.match(/../g).map((b) => parseInt(b, 16)));

/** Canonical JSON: sorted keys, no whitespace, UTF-8, only the JSON-mandatory escapes. */
export function canonical(value) {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isInteger(value)) throw new Error("a record holds integers only");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
}

async function sha256(bytes) { return hex(await crypto.subtle.digest("SHA-256", bytes)); }

async function hmacKey(seedHex) {
  return crypto.subtle.importKey("raw", bytesOf(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function hmacInt(key, message) {
  return BigInt("0x" + hex(await crypto.subtle.sign("HMAC", key, enc.encode(message))));
}

async function checkChain(events) {
  let prev = ZERO;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.version !== i + 1) return { ok: false, bad: i + 1, text: `event ${i + 1} has version ${e.version}` };
    if (e.game_id !== events[0].game_id) return { ok: false, bad: e.version, text: `event ${e.version} belongs to another game` };
    if (typeof e.hash !== "string") return { ok: false, bad: e.version, text: `event ${e.version} has no hash (is the game finished?)` };
    if (e.prev_hash !== prev) return { ok: false, bad: e.version, text: `event ${e.version} does not link to the one before` };
    const { hash, ...rest } = e;
    const buffer = new Uint8Array([...enc.encode(prev), ...enc.encode(canonical(rest))]);
    if ((await sha256(buffer)) !== hash) return { ok: false, bad: e.version, text: `event ${e.version}'s hash does not match its content` };
    prev = hash;
  }
  return { ok: true, text: `${events.length} events, each linked to the one before; head ${prev.slice(0, 4)}…${prev.slice(-4)}` };
}

function batchStarts(events) {
  const first = new Map();
  return events.map((e) => {
    if (e.command_id === null || e.command_id === undefined) return 1;
    if (!first.has(e.command_id)) first.set(e.command_id, e.version);
    return first.get(e.command_id);
  });
}

async function seededShuffle(key, v, deck, start) {
  const out = [...start];
  for (let i = out.length - 1; i >= 1; i--) {
    const j = Number((await hmacInt(key, `${v}:shuffle:${deck}:${i}`)) % BigInt(i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const sortedIds = (list) => [...list].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));

/** Verify a record ({events: [...]} or a bare list). Answers {ok, partial, firstBad, lines}:
 *  `partial` when nothing failed but something could not be checked (that does not verify);
 *  `notRecord` when it is no game record at all. The lines are the verifier's own, in English
 *  like the server's (`bootleggers verify`): the page says the verdict in the reader's words. */
export async function verifyRecord(record) {
  const events = Array.isArray(record) ? record : record?.events;
  if (!Array.isArray(events) || !events.length || events[0].type !== "game_created") {
    return { ok: false, notRecord: true, firstBad: null, lines: ["not a game record: no events, or event 1 is not game_created"] };
  }
  const lines = [];
  let firstBad = null;
  const fail = (name, result) => {
    lines.push(`${name.padEnd(9)} FAILED: ${result.text}`);
    if (result.bad && (firstBad === null || result.bad < firstBad)) firstBad = result.bad;
  };
  const chain = await checkChain(events);
  chain.ok ? lines.push(`chain     ok: ${chain.text}`) : fail("chain", chain);

  const created = events[0].payload || {};
  const ruleset = created.ruleset || record.ruleset;
  const script = created.script || {};
  const revealed = events.find((e) => e.type === "seed_revealed");
  let key = null;
  if (created.seed_commitment) {
    if (!revealed) fail("seed", { text: "the record has no seed_revealed event (has the game ended?)", bad: events.length });
    else if ((await sha256(bytesOf(revealed.payload.seed))) !== created.seed_commitment) {
      fail("seed", { text: `the seed of event ${revealed.version} does not match the commitment of event 1`, bad: revealed.version });
    } else {
      lines.push(`seed      ok: the seed of event ${revealed.version} matches the commitment of event 1`);
      key = await hmacKey(revealed.payload.seed);
    }
  } else lines.push("seed      none: a scripted game commits to no seed");

  const starts = batchStarts(events);
  // Dice.
  let dice = 0, rolls = 0, diceBad = null;
  const scriptedDice = Array.isArray(script.dice) ? script.dice : null;
  const counters = new Map();
  for (let i = 0; i < events.length && !diceBad; i++) {
    const e = events[i];
    if (e.type !== "dice_rolled") continue;
    rolls += 1;
    const purpose = e.payload.purpose;
    for (const die of e.payload.dice || []) {
      let expected = null;
      if (scriptedDice) expected = scriptedDice[dice];
      else if (key) {
        const slot = `${starts[i]}:${purpose}`;
        const n = counters.get(slot) || 0;
        counters.set(slot, n + 1);
        expected = Number((await hmacInt(key, `${starts[i]}:${purpose}:${n}`)) % 6n) + 1;
      }
      dice += 1;
      if (expected !== die) { diceBad = { text: `a die of event ${e.version} is ${die}, the ${scriptedDice ? "script" : "seed"} gives ${expected}`, bad: e.version }; break; }
    }
  }
  if (!key && !scriptedDice && rolls) lines.push("dice      NOT CHECKED: no seed to check them against");
  else diceBad ? fail("dice", diceBad) : lines.push(`dice      ok: ${dice} dice in ${rolls} rolls, each the ${scriptedDice ? "script's" : "seed's"}`);

  // Shuffles.
  const decks = STARTING_DECKS[ruleset];
  let shuffles = 0, shuffleBad = null, unchecked = false;
  for (let i = 0; i < events.length && !shuffleBad; i++) {
    const e = events[i];
    if (e.type !== "deck_shuffled") continue;
    shuffles += 1;
    const { deck, order, reason } = e.payload;
    const start = reason === "reshuffle_discard" ? sortedIds(order) : decks?.[deck];
    const scripted = script.decks?.[deck];
    let expected;
    if (scripted && sameList(sortedIds(scripted), sortedIds(order))) expected = scripted;
    else if (!start) { unchecked = true; continue; }
    else expected = key ? await seededShuffle(key, starts[i], deck, start) : start;
    if (!sameList(expected, order)) shuffleBad = { text: `the shuffle of ${deck} in event ${e.version} is not the ${key ? "seed's" : "script's"}`, bad: e.version };
  }
  if (shuffleBad) fail("shuffles", shuffleBad);
  else if (unchecked) lines.push(`shuffles  NOT CHECKED: this viewer does not know the starting decks of ${ruleset}`);
  else lines.push(`shuffles  ok: ${shuffles} shuffles, each the ${key ? "seed's shuffle" : "script's order"} of the deck's starting order`);

  const failed = firstBad !== null || lines.some((l) => l.includes("FAILED"));
  const partial = !failed && lines.some((l) => l.includes("NOT CHECKED"));
  const ok = !failed && !partial;
  lines.unshift(`game ${events[0].game_id} (${ruleset}): ${events.length} events`);
  lines.push(ok ? "VERIFIED: the chain, the seed, every die and every shuffle"
    : failed ? `NOT VERIFIED: the first bad version is ${firstBad}`
      : "NOT VERIFIED: nothing failed, but not everything could be checked here (see NOT CHECKED)");
  return { ok, partial, firstBad, lines };
}
