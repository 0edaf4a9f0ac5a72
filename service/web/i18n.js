// What a person reads on the pages, in their language: one flat JSON catalog per language
// (/viewer/assets/locales/<lang>.json, no build step), loaded once before any page draws
// (top-level await: every module that imports this one reads `t()` synchronously).
// The language: the picker's choice (localStorage), else `?lang=` on the page's address, else
// the first of navigator.languages we have (German if it is German, English otherwise).
// `xx` is a pseudo-locale for tests, made here from English like the server's: each string
// wrapped in ⟦ ⟧ and lengthened ~40 %, so text that did not come from a catalog stands out.
export const LANGUAGES = { en: "English", de: "Deutsch" };
const PSEUDO = "xx";
const STORED = "bootleggers.lang";

function chosen() {
  const known = (tag) => {
    const primary = String(tag || "").toLowerCase().split(/[-_]/)[0];
    return primary in LANGUAGES || primary === PSEUDO ? primary : null;
  };
  let stored = null;
  try { stored = localStorage.getItem(STORED); } catch { stored = null; }
  const asked = new URLSearchParams(location.search).get("lang");
  if (known(asked)) return known(asked);
  if (known(stored)) return known(stored);
  for (const tag of navigator.languages || [navigator.language]) {
    if (known(tag) && known(tag) !== PSEUDO) return known(tag);
  }
  return "en";
}

export const lang = chosen();

async function load(name) {
  try {
    const response = await fetch(`/viewer/assets/locales/${name}.json`, { cache: "no-cache" });
    return response.ok ? await response.json() : {};
  } catch { return {}; }
}

const pseudo = (text) => `⟦${text}${"~".repeat(Math.max(1, Math.round(text.length * 0.4)))}⟧`;
const english = await load("en");
const catalog = lang === "en" ? english : lang === PSEUDO
  ? Object.fromEntries(Object.entries(english).map(([k, v]) => [k, typeof v === "string" ? pseudo(v)
    : Object.fromEntries(Object.entries(v).map(([form, text]) => [form, pseudo(text)]))]))
  : { ...english, ...(await load(lang)) };
const rules = new Intl.PluralRules(lang === PSEUDO ? "en" : lang);
const ordinals = new Intl.PluralRules(lang === PSEUDO ? "en" : lang, { type: "ordinal" });
document.documentElement.lang = lang === PSEUDO ? "en" : lang;

/** The message `key` with `{name}` filled from `params`; a plural message (an object of CLDR
 *  forms) picks its form by `params.n` (or `params.count`), by the ordinal rules ("1st",
 *  "2nd") when `params.ordinal` is set. A missing key reads as the key. */
export function t(key, params = {}) {
  let message = catalog[key];
  if (message === undefined) return key;
  if (typeof message === "object") {
    const n = Number(params.n ?? params.count ?? 0);
    message = message[(params.ordinal ? ordinals : rules).select(n)] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The message `key`, or `fallback` (a value shown as it is) when the catalog has no such key. */
export function either(key, fallback, params = {}) {
  const said = t(key, params);
  return said === key ? fallback : said;
}

/** "1 crate" / "3 crates": the plural message `key` for `n`. */
export const plural = (key, n, params = {}) => t(key, { ...params, n });

/** A list joined as the language does it: "A, B and C" / "A, B und C". */
export function listed(items) {
  const xs = items.filter((x) => x !== undefined && x !== null && x !== "");
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(t("list.separator"))}${t("list.and")}${xs[xs.length - 1]}`;
}

/** Translate the page's own texts: `data-i18n="key"` sets the text, `data-i18n-<attr>="key"`
 *  (placeholder, title, aria-label, value) sets that attribute. */
export function translate(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.getAttribute("data-i18n"));
  for (const attr of ["placeholder", "title", "aria-label"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attr}]`)) node.setAttribute(attr, t(node.getAttribute(`data-i18n-${attr}`)));
  }
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = title.textContent;
}

/** The language picker ("Language / Sprache"): the choice is kept in this browser and the page
 *  is read again in it (the server's sentences too: api.js sends it as Accept-Language). */
export function picker() {
  const label = document.createElement("label");
  label.className = "language";
  const words = document.createElement("span");
  words.className = "visually-hidden";
  words.textContent = "Language / Sprache";
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", "Language / Sprache");
  const names = lang === PSEUDO ? { ...LANGUAGES, [PSEUDO]: pseudo("Pseudo") } : LANGUAGES;
  for (const [code, name] of Object.entries(names)) select.append(new Option(name, code, false, code === lang));
  select.addEventListener("change", () => {
    try { localStorage.setItem(STORED, select.value); } catch { /* a browser that keeps nothing */ }
    const params = new URLSearchParams(location.search);
    if (!params.has("lang")) { location.reload(); return; }
    params.delete("lang");
    location.replace(location.pathname + (params.toString() ? `?${params}` : "") + location.hash);
  });
  label.append(words, select);
  return label;
}

translate();
document.querySelector("header")?.append(picker());
