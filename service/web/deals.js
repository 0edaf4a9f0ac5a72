// Bootleggers' deals: the open proposals in words, each with the answers the seat may give now
// (accept, reject, withdraw: from legal-actions' examples), and a composer for a new proposal
// (what you give and what you ask: cash, crates, trucks sold or rented, Thug cards, a promise)
// shown only while legal-actions lists `propose_deal`.
import { t } from "./i18n.js";
import { nameOf } from "./svg.js";
import { STARTING_DECKS } from "./decks.js";
import { rulesetOf } from "./rulesets.js";
import { cardName, listed, plural, truckName, who } from "./seat-words.js";

export const DEAL_ACTIONS = new Set(["propose_deal", "accept_deal", "reject_deal", "withdraw_deal"]);
const ANSWERS = { accept_deal: t("deal.accept"), reject_deal: t("deal.reject"), withdraw_deal: t("deal.withdraw") };
// The other side's Thug cards are hidden: a proposal names them by kind ("thug:hit").
const THUG_KINDS = [...new Set(STARTING_DECKS.bootleggers.men_of_action.filter((c) => c.startsWith("thug:"))
  .map((c) => c.replace(/#\d+$/, "")))];

const node = (tag, attrs = {}, text) => {
  const made = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) made.setAttribute(k, v);
  if (text !== undefined) made.textContent = text;
  return made;
};

function side(goods) {
  const parts = [];
  if (goods.cash) parts.push(t("deal.cash", { n: goods.cash }));
  if (goods.crates) parts.push(plural(goods.crates, "crate"));
  if ((goods.trucks || []).length) parts.push(t("deal.the_trucks", { trucks: listed(goods.trucks.map(truckName)) }));
  if ((goods.rent_trucks || []).length) parts.push(t("deal.rented", { trucks: listed(goods.rent_trucks.map(truckName)) }));
  if ((goods.thug_cards || []).length) parts.push(t("deal.thug_cards", { n: goods.thug_cards.length, cards: listed(goods.thug_cards.map(cardName)) }));
  return listed(parts) || t("deal.nothing");
}

/** "deal 5", from the deal's id "d5". */
export const dealName = (id) => t("deal.name", { n: String(id).replace(/^d/, "") });

export function describeDeal(state, d) {
  const words = { from: who(state, d.from, true), to: who(state, d.to, true), give: side(d.give || {}), get: side(d.get || {}) };
  return t(d.from === state.viewer?.seat ? "deal.you_offer" : "deal.offers", words) +
    (d.promise ? t("deal.promises", { promise: d.promise }) : "");
}

/** Draw the deals panel; `send(body, refusalNode, button)` sends. Hidden when nothing to show. */
export function drawDeals(panel, container, legal, state, send) {
  const actions = Object.fromEntries((legal?.actions || []).filter((a) => DEAL_ACTIONS.has(a.type)).map((a) => [a.type, a]));
  const deals = state.deals || [];
  const parts = [];
  if (deals.length) {
    const list = node("ul", { class: "deals" });
    for (const d of deals) {
      const item = node("li", { "data-deal": d.deal });
      item.append(node("span", {}, `${t("deal.title", { n: String(d.deal).replace(/^d/, "") })}: ${describeDeal(state, d)} `));
      const refusal = node("p", { class: "refusal", role: "alert" });
      for (const [type, words] of Object.entries(ANSWERS)) {
        const example = (actions[type]?.examples || []).find((e) => e.deal === d.deal);
        if (!example) continue;
        const button = node("button", { type: "button", "data-command": JSON.stringify(example),
          "aria-label": t("deal.answer_label", { answer: words, deal: dealName(d.deal), name: nameOf(state, d.from) }) }, words);
        button.addEventListener("click", () => send(example, refusal, button));
        item.append(button);
      }
      item.append(refusal);
      list.append(item);
    }
    parts.push(list);
  } else parts.push(node("p", { class: "muted" }, t("deal.none_open")));
  // A proposal being written survives the redraws that other seats' moves cause.
  const editing = container.querySelector("form.propose[data-dirty]");
  if (actions.propose_deal) parts.push(editing || composer(actions.propose_deal, state, send));
  container.replaceChildren(...parts);
  panel.hidden = !rulesetOf(state.ruleset)?.deals || (!deals.length && !actions.propose_deal);
}

function checkboxes(legend, items, words) {
  const set = node("fieldset", { class: "choices" });
  set.append(node("legend", {}, legend));
  const boxes = items.map((id) => {
    const box = node("input", { type: "checkbox", value: id });
    const wrap = node("label", {}, " " + (words ? words(id) : id));
    wrap.prepend(box);
    set.append(wrap);
    return box;
  });
  if (!items.length) set.append(node("span", { class: "muted" }, t("deal.none")));
  return { set, read: () => boxes.filter((b) => b.checked).map((b) => b.value) };
}

const freeTrucks = (p) => (p?.trucks || []).filter((t) => !t.load && !t.at && t.rented_from === undefined && !t.favor)
  .map((t) => t.id);

function composer(action, state, send) {
  const me = (state.players || []).find((p) => p.seat === state.viewer?.seat) || {};
  const form = node("form", { class: "propose", "aria-label": t("deal.propose_title") });
  form.append(node("h3", {}, t("deal.propose_title")));
  const to = node("select", { name: "to" });
  for (const seat of action.params?.to?.choices || []) to.append(new Option(nameOf(state, seat), seat));
  const toLabel = node("label", {}, `${t("deal.to")} `);
  toLabel.append(to);
  form.append(toLabel);
  const number = (labelText, max) => {
    const input = node("input", { type: "number", min: 0, max, value: 0 });
    const wrap = node("label", {}, `${labelText} `);
    wrap.append(input);
    return { wrap, read: () => Number(input.value) || 0 };
  };
  // What you give: from what you hold.
  const give = node("fieldset", { class: "side" });
  give.append(node("legend", {}, t("deal.you_give")));
  const giveCash = number(t("deal.cash_field"), me.cash), giveCrates = number(t("deal.crates"), me.crates);
  const giveTrucks = checkboxes(t("deal.trucks_sold"), freeTrucks(me), truckName);
  const giveRent = checkboxes(t("deal.trucks_rented"), freeTrucks(me), truckName);
  const giveThugs = checkboxes(t("deal.thug_cards_field"), Array.isArray(me.thug_cards) ? me.thug_cards : [], cardName);
  give.append(giveCash.wrap, giveCrates.wrap, giveTrucks.set, giveRent.set, giveThugs.set);
  // What you ask: what the other seat shows (its Thug cards only by kind).
  const get = node("fieldset", { class: "side" });
  get.append(node("legend", {}, t("deal.you_ask")));
  const getCash = number(t("deal.cash_field")), getCrates = number(t("deal.crates"));
  // Their trucks, as the state shows them (trucks are public), for the seat chosen in "To".
  const theirs = node("div", { class: "theirs" });
  let getTrucks = checkboxes(t("deal.their_trucks"), []), getRent = checkboxes(t("deal.their_rented"), []);
  const showTheirs = () => {
    const other = (state.players || []).find((p) => p.seat === Number(to.value));
    getTrucks = checkboxes(t("deal.their_trucks"), freeTrucks(other), truckName);
    getRent = checkboxes(t("deal.their_rented"), freeTrucks(other), truckName);
    theirs.replaceChildren(getTrucks.set, getRent.set);
  };
  showTheirs();
  to.addEventListener("change", showTheirs);
  const getThug = node("select");
  getThug.append(new Option("—", ""));
  for (const kind of THUG_KINDS) getThug.append(new Option(cardName(kind), kind));
  const thugLabel = node("label", {}, `${t("deal.a_thug_card")} `);
  thugLabel.append(getThug);
  get.append(getCash.wrap, getCrates.wrap, theirs, thugLabel);
  const promise = node("input", { maxlength: 500, placeholder: t("deal.promise_placeholder") });
  const promiseLabel = node("label", {}, `${t("deal.promise")} `);
  promiseLabel.append(promise);
  const button = node("button", { type: "submit" }, t("deal.propose"));
  const refusal = node("p", { class: "refusal", role: "alert" });
  form.append(give, get, promiseLabel, button, refusal);
  const body = () => {
    const offered = { cash: giveCash.read(), crates: giveCrates.read(), trucks: giveTrucks.read(),
      rent_trucks: giveRent.read(), thug_cards: giveThugs.read() };
    const asked = { cash: getCash.read(), crates: getCrates.read(), trucks: getTrucks.read(), rent_trucks: getRent.read(),
      thug_cards: getThug.value ? [getThug.value] : [] };
    const trim = (goods) => Object.fromEntries(Object.entries(goods).filter(([, v]) => (Array.isArray(v) ? v.length : v)));
    return { type: "propose_deal", to: Number(to.value), give: trim(offered), get: trim(asked), promise: promise.value };
  };
  const update = () => { button.dataset.command = JSON.stringify(body()); };
  form.addEventListener("input", () => { form.dataset.dirty = "true"; });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
  form.addEventListener("submit", (event) => { event.preventDefault(); send(body(), refusal, button); });
  return form;
}
