// The shapes the pages' modules pass each other, as JSDoc types for the type check
// (tests/web/test_pages_types.py runs `tsc --checkJs` over service/web). Nothing here runs:
// a module names a shape with `import("./types.js").Name`; no page loads this file.

/** What an API call answered: the HTTP status (0: no answer came) and the JSON body (null when
 *  there was none; the problem's {code, detail} on a refusal).
 *  @typedef {{ status: number, body: any }} Answer */

/** follow()'s options: `onOpen` runs at each (re)connection; `retryMs` is the wait before the next.
 *  @typedef {{ onOpen?: () => void, retryMs?: number }} FollowOptions */

/** One choice of the lobby's game options: the option's name in the game's `options` (and the
 *  select's id), its label, its [value, words] choices (the first one chosen), and whether its
 *  value is sent as a number.
 *  @typedef {{ name: string, label: string, choices: [string, string][], number?: boolean }} LobbyOption */

/** A ruleset's options in the lobby's "Create a game" form, under a legend of their own.
 *  @typedef {{ legend: string, options: LobbyOption[] }} LobbyOptions */

/** A ruleset's module (ruleset-*.js, registered in rulesets.js): what the pages draw it with.
 *  @typedef {object} Ruleset
 *  @property {string} title
 *  @property {[number, number]} seats the fewest and the most seats a game may have
 *  @property {Function} board draws the board (SVG)
 *  @property {Function} text the board in words
 *  @property {Function} hand the seat's hand
 *  @property {() => [string, string][]} legend the board's signs and what they mean
 *  @property {Function} stepAbout what the step is about, for this seat
 *  @property {Record<string, string>} [steps] a step named its own way (its catalog key)
 *  @property {Record<string, Function>} [values] a command's value shown the ruleset's way
 *  @property {boolean} [phases] the line under the board names the phase
 *  @property {boolean} [deals] players make deals
 *  @property {() => LobbyOptions} [lobby] the game options the lobby offers for it
 */

export {};
