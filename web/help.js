// Words for people: each preset's friendly name, and "How to play" per preset: its rules as
// docs/RULES.md and docs/RULES-FAMILY.md write them (web/rules.js, generated from the docs by
// scripts/rules-web.mjs and checked against them in CI), drawn from their markdown: headings,
// paragraphs, "- " lists, tables, **strong**, *emphasis*, `code`; elements, never HTML from text.

import { h } from './dom.js';
import { PRESET_RULES, SECTIONS } from './rules.js';

/** @type {Record<string, string>} */
const TITLES = {
  hasenpfeffer: 'Hasenpfeffer',
  'hasenpfeffer-open': 'Hasenpfeffer (open auction)',
  pepper: 'Pepper',
  'double-hasenpfeffer': 'Double Hasenpfeffer',
  euchre: 'Euchre',
  'buck-euchre': 'Buck Euchre',
  bacon: 'Bacon',
  'five-hundred': 'Five Hundred',
};

/**
 * A preset's name for people: "Buck Euchre" for `buck-euchre` (any other slug in words).
 * @param {string} preset
 */
export function presetTitle(preset) {
  return TITLES[preset] || preset.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * Text written for the API (with `code` in backticks) made plain for the page.
 * @param {string} text
 */
export const plain = (text) => text.replace(/`([^`]*)`/g, (_, slug) => TITLES[slug] || slug).replace(/`/g, '');

/**
 * A line of the rules drawn: **strong**, *emphasis*, `code`; a preset's name in code reads as
 * the game's name ("`hasenpfeffer`" is "Hasenpfeffer").
 * @param {string} text
 * @returns {(Node | string)[]}
 */
function inline(text) {
  return spans(text).map((s) => (s.type === 'text' ? s.text
    : s.type === 'strong' ? h('strong', {}, inline(s.text))
    : s.type === 'em' ? h('em', {}, s.text)
    : TITLES[s.text] ? TITLES[s.text] : h('code', {}, s.text)));
}

/**
 * A heading of the docs for people: without its number and its sources ("1. `euchre` (seed
 * 001)" is "Euchre"; "`hasenpfeffer` (default; seeds 000/001)" is "Hasenpfeffer").
 * @param {string} title
 */
export const sectionTitle = (title) => title.replace(/^\d+\.\s*/, '').replace(/\s*\((?:default; )?seeds? [^)]*\)/, '').trim();

/**
 * Markdown blocks drawn as elements.
 * @param {string} md
 * @param {number} level the level of the docs' own headings inside (### is h4 under an h3)
 */
function rulesBlocks(md, level) {
  return blocks(md).map((b) => {
    switch (b.type) {
      case 'h': return h(/** @type {'h4' | 'h5'} */ (`h${Math.min(5, level + b.level - 2)}`), {}, inline(b.text));
      case 'ul': return h('ul', {}, b.items.map((item) => h('li', {}, inline(item))));
      case 'table': return h('div', { class: 'rules-table' }, h('table', {},
        h('thead', {}, h('tr', {}, b.head.map((c) => h('th', { scope: 'col' }, inline(c))))),
        h('tbody', {}, b.rows.map((r) => h('tr', {}, r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, inline(c)) : h('td', {}, inline(c)))))))));
      default: return h('p', {}, inline(b.text));
    }
  });
}

/**
 * The "How to play" panel of a preset: a disclosure, closed until asked for, holding the
 * preset's rules as docs/RULES.md and docs/RULES-FAMILY.md write them (web/rules.js, cut from
 * them by scripts/rules-web.mjs): the game's own section, then what it shares with its family.
 * @param {string} preset
 * @param {{ open?: boolean, ontoggle?: (open: boolean) => void }} [options] (the page redraws the
 *   table often: `ontoggle` lets it keep the panel open)
 */
export function howToPlay(preset, options = {}) {
  const ids = PRESET_RULES[preset];
  if (!ids) return null;
  const { ontoggle } = options;
  const title = `How to play ${presetTitle(preset)}`;
  return h('details', {
    class: 'how-to', 'data-preset': preset, open: options.open || undefined,
    ontoggle: ontoggle ? (/** @type {Event} */ e) => ontoggle(/** @type {HTMLDetailsElement} */ (e.currentTarget).open) : undefined,
  },
    h('summary', {}, title),
    // (Scrolled inside when long: focusable, so that the keyboard scrolls it too.)
    h('div', { class: 'rules-text', role: 'region', 'aria-label': title, tabindex: '0' },
      ids.map((id) => {
        const s = SECTIONS[id];
        return h('section', { class: 'rules-section', 'data-section': id },
          h('h3', {}, inline(sectionTitle(s.title))),
          rulesBlocks(s.text, 3),
          h('p', { class: 'rules-source' }, `From ${s.source}, the rules the server plays by.`));
      })));
}

// ---- The markdown reader (pure: tests/browser/rules.test.mjs runs it under Node) ----

/**
 * @typedef {{ type: 'h', level: number, text: string } | { type: 'p', text: string }
 *   | { type: 'ul', items: string[] } | { type: 'table', head: string[], rows: string[][] }} Block
 * @typedef {{ type: 'text' | 'strong' | 'em' | 'code', text: string }} Span
 */

/** @param {string} row "| a | b |" */
const cells = (row) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

/** @param {string} md @returns {Block[]} */
export function blocks(md) {
  /** @type {Block[]} */
  const out = [];
  /** @type {Block | null} the block that lines are added to */
  let open = null;
  for (const line of md.split('\n')) {
    const heading = line.match(/^(#{1,6}) (.*)$/);
    if (!line.trim()) {
      open = null;
    } else if (heading) {
      out.push({ type: 'h', level: heading[1].length, text: heading[2].trim() });
      open = null;
    } else if (/^\s*\|/.test(line)) {
      if (open?.type !== 'table') {
        open = { type: 'table', head: cells(line), rows: [] };
        out.push(open);
      } else if (!/^\s*\|[\s:|-]+\|?\s*$/.test(line)) {
        open.rows.push(cells(line));
      }
    } else if (/^- /.test(line)) {
      if (open?.type !== 'ul') {
        open = { type: 'ul', items: [] };
        out.push(open);
      }
      open.items.push(line.slice(2).trim());
    } else if (open?.type === 'ul' && /^\s/.test(line)) {
      open.items[open.items.length - 1] += ` ${line.trim()}`;
    } else if (open?.type === 'p') {
      open.text += ` ${line.trim()}`;
    } else {
      open = { type: 'p', text: line.trim() };
      out.push(open);
    }
  }
  return out;
}

/** A line's spans (a strong span's text is read again). @param {string} text @returns {Span[]} */
export function spans(text) {
  /** @type {Span[]} */
  const out = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`|\*([^*\s][^*]*?)\*/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    if (i > at) out.push({ type: 'text', text: text.slice(at, i) });
    if (m[1] !== undefined) out.push({ type: 'strong', text: m[1] });
    else if (m[2] !== undefined) out.push({ type: 'code', text: m[2] });
    else out.push({ type: 'em', text: m[3] });
    at = i + m[0].length;
  }
  if (at < text.length) out.push({ type: 'text', text: text.slice(at) });
  return out;
}
