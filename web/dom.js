// Small DOM helpers: building elements without innerHTML, and the screen-reader announcer.

/**
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * An element with attributes (`on...` keys become listeners, `class` the class name, `false`,
 * `null` and `undefined` values are left out) and children (strings become text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'class') {
      el.className = String(value);
    } else if (value === true) {
      el.setAttribute(key, '');
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

/**
 * Appends children (nested arrays flattened; empty values skipped).
 * @param {Element} el
 * @param {(Child | Child[])[]} children
 */
export function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
}

/**
 * Replaces an element's children.
 * @param {Element} el
 * @param {...(Child | Child[])} children
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * Says `text` to screen readers (the page's polite live region), once.
 * @param {string} text
 */
export function announce(text) {
  const region = document.getElementById('announcer');
  if (!region || !text) return;
  // A change of text is what a live region reads; clear first so a repeat is read again.
  region.textContent = '';
  window.setTimeout(() => { region.textContent = text; }, 30);
}

/**
 * Shows a message in the page's status bar (an error as an alert).
 * @param {string} text
 * @param {'error' | 'info'} [kind]
 */
export function notify(text, kind = 'info') {
  const bar = document.getElementById('status');
  if (!bar) return;
  fill(bar, text ? h('p', { class: kind, role: kind === 'error' ? 'alert' : 'status' }, text) : null);
}
