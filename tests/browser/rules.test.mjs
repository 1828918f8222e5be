// "How to play" is the docs' own text: web/rules.js is what scripts/rules-web.mjs cuts from
// docs/RULES.md and docs/RULES-FAMILY.md now (no drift), and the page's markdown reader
// (in web/help.js) reads every line of it: each list item, each table row, no markup left over.
//   node --test tests/browser/rules.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { blocks, spans } from '../../web/help.js';
import { PRESET_RULES, SECTIONS } from '../../web/rules.js';
import { generate } from '../../scripts/rules-web.mjs';

const PRESETS = ['hasenpfeffer', 'hasenpfeffer-open', 'pepper', 'double-hasenpfeffer', 'euchre', 'buck-euchre', 'bacon', 'five-hundred'];

test('web/rules.js is what the docs give now', () => {
  assert.equal(readFileSync(new URL('../../web/rules.js', import.meta.url), 'utf8'), generate());
});

test('every preset has its own section first, then the common core', () => {
  for (const p of PRESETS) {
    const ids = PRESET_RULES[p];
    assert.ok(ids && ids.length >= 2, `${p}: ${ids}`);
    assert.ok(SECTIONS[ids[0]].title.includes(`\`${p}\``), `${p}'s first section is "${SECTIONS[ids[0]].title}"`);
    assert.equal(ids[ids.length - 1], 'core');
  }
  // Euchre's own words, as RULES-FAMILY.md writes them.
  const family = readFileSync(new URL('../../docs/RULES-FAMILY.md', import.meta.url), 'utf8');
  const line = family.split('\n').find((l) => l.startsWith('- **Round 1**'));
  assert.ok(line && SECTIONS['family:euchre'].text.includes(line), 'Euchre\'s round 1 is not in its section');
});

test('the markdown reader keeps every list item and table row, and leaves no markup in the text', () => {
  for (const [id, s] of Object.entries(SECTIONS)) {
    const bs = blocks(s.text);
    const items = bs.flatMap((b) => (b.type === 'ul' ? b.items : []));
    const lines = s.text.split('\n');
    assert.equal(items.length, lines.filter((l) => l.startsWith('- ')).length, `${id}: list items`);
    const rows = bs.flatMap((b) => (b.type === 'table' ? [b.head, ...b.rows] : []));
    assert.equal(rows.length, lines.filter((l) => /^\|/.test(l) && !/^\|[\s:|-]+$/.test(l)).length, `${id}: table rows`);
    for (const b of bs) if (b.type === 'table') for (const r of b.rows) assert.equal(r.length, b.head.length, `${id}: a row of ${r.length} cells under ${b.head.length}`);
    const texts = bs.flatMap((b) => (b.type === 'ul' ? b.items : b.type === 'table' ? [...b.head, ...b.rows.flat()] : [b.text]));
    /** @param {string} t */
    const leftover = (t) => spans(t).flatMap((x) => (x.type === 'strong' ? spans(x.text) : [x])).filter((x) => x.type !== 'code' && /`|\*\*/.test(x.text));
    for (const t of texts) assert.deepEqual(leftover(t), [], `${id}: markup left in "${t}"`);
    // Nothing lost: the words of the section are all in its blocks.
    const words = (t) => t.replace(/[`*|#-]/g, ' ').split(/\s+/).filter(Boolean).join(' ');
    assert.equal(words(texts.join(' ')), words(lines.filter((l) => !/^\|[\s:|-]+$/.test(l)).join(' ')), `${id}: words lost`);
  }
});

test('spans: strong, emphasis and code', () => {
  assert.deepEqual(spans('a **b `c`** *d* `e`'), [
    { type: 'text', text: 'a ' }, { type: 'strong', text: 'b `c`' }, { type: 'text', text: ' ' },
    { type: 'em', text: 'd' }, { type: 'text', text: ' ' }, { type: 'code', text: 'e' }]);
  const five = blocks(SECTIONS['family:five-hundred'].text).filter((b) => b.type === 'table');
  const values = five.find((b) => b.head.join() === 'tricks,S,C,D,H,NT');
  assert.deepEqual(values?.rows[4], ['10', '440', '460', '480', '500', '520']);
});
