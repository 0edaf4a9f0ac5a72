// What every page shares to touch its document: an element by id, and a new HTML element
// with its attributes and children (an attribute or child that is null, undefined or false is
// left out, so a caller can write `cond && child`). svg.js makes the boards' SVG elements.

export const $ = (id) => document.getElementById(id);
/** A table of the page by id, as the table it is (its tHead and tBodies). */
export const tableOf = (id) => /** @type {HTMLTableElement} */ (document.getElementById(id));

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  node.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}
