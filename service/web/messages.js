// Messages that must outlive the redraws a live page makes many times a second: a new token
// shown once, "Your dispute is filed.". Each stays until its reader closes it (a transient
// notice, by contrast, is replaced by the next one).
import { t } from "./i18n.js";
export function keep(list, text, { key = "", kind = "info", copy = "" } = {}) {
  if (key) list.querySelector(`li[data-key="${CSS.escape(key)}"]`)?.remove();
  const item = document.createElement("li");
  item.className = `message ${kind}`;
  item.dataset.key = key;
  item.append(document.createTextNode(text));
  if (copy) {  // a secret to copy: selectable in an input, never re-rendered away
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = copy;
    field.setAttribute("aria-label", t("messages.copy"));
    field.addEventListener("focus", () => field.select());
    item.append(" ", field);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.textContent = t("messages.dismiss");
  close.addEventListener("click", () => item.remove());
  item.append(" ", close);
  list.append(item);
  return item;
}
