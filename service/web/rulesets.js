// The rulesets the pages know, in one place: each one's module says its title, seat range, board,
// board in words, hand, legend, step words and any options the lobby offers for a new game
// (ruleset-*.js; the shape is `Ruleset` in types.js). A new ruleset is one more module and one
// more line here.
import bootleggers from "./ruleset-bootleggers.js";
import prohibition from "./ruleset-prohibition.js";
import boozeBaron from "./ruleset-booze-baron.js";

/** @type {Record<string, import("./types.js").Ruleset>} */
export const RULESETS = { bootleggers, prohibition, booze_baron: boozeBaron };

/** A ruleset's module by its name (undefined for a name the pages do not know).
 *  @type {(name: string) => import("./types.js").Ruleset | undefined} */
export const rulesetOf = (name) => (Object.hasOwn(RULESETS, name) ? RULESETS[name] : undefined);
export const rulesetTitle = (name) => rulesetOf(name)?.title || String(name || "a game");
