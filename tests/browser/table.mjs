// The card table as a person meets it (issue 40), in headless Chromium at 1366x768 and at
// 390x844 (a phone):
//   - a hand of hasenpfeffer, euchre, bacon and five-hundred for four, played by clicking against
//     three house players, asserting at every decision that the whole hand and every offered
//     action are inside the viewport with the page not scrolled (nothing to scroll to), that the
//     hand is a fan (a group named "Your hand" of overlapping cards turned outwards, each pressed
//     where it shows, the playable ones set apart), that the scores, the contract and trump, the
//     dealer and the trick's cards are in view and not under the dock, that the tab's title says
//     it is our turn, that the partner is marked; in Five Hundred we bid 10 no trump, so that the
//     kitty's discard from 13 cards is one of the decisions; then the hand's summary with its
//     score sheet over the table; a screenshot of each kind of decision and of the summary (and
//     of any decision that fails these checks: table-failed-*.png);
//   - paced play (desktop): with the pace at "normal" (500 ms), the other seats' cards appear
//     one at a time (never two in one step, at least 300 ms apart), the trick's winner is marked
//     before the cards are gathered, and the pace setting set to "instant" turns it off;
//   - seats never lost: the tab closed, the game's link opened in a new tab of the same browser
//     keeps the seat; the private rejoin link keeps it in another browser (a new context);
//   - a turn played by the clock says so;
//   - a game of four house players started to be watched (it is over in the server before the
//     page has loaded) is shown being played: cards appear in the trick one by one; the home
//     page's "Watch live" box opens the same paced view;
//   - words: friendly game names and no backticks on the home page; "How to play" per preset is
//     the preset's section of docs/RULES*.md (its first rule as the docs write it), drawn from
//     the markdown with no backtick or ** left;
//   - axe-core: no serious or critical violation on the table, the summary and the phone.
// Screenshots: $BROWSER_OUT_DIR/table-*.png (viewport-sized: what a person sees).
//
// Env: BASE_URL (the server), CHROMIUM_PATH, BROWSER_OUT_DIR, STEP_TIMEOUT_MS.

import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const OUT_DIR = resolve(process.env.BROWSER_OUT_DIR || join(here, '..', '..', 'target', 'browser'));
const STEP_MS = Number(process.env.STEP_TIMEOUT_MS || 30_000);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PRESETS = ['hasenpfeffer', 'euchre', 'bacon', 'five-hundred'];
const SIZES = [{ name: 'desktop', width: 1366, height: 768 }, { name: 'phone', width: 390, height: 844 }];

const t0 = Date.now();
const log = (msg) => console.log(`[table ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const problems = [];
class TestFailure extends Error {}
function check(cond, msg) {
  if (!cond) throw new TestFailure(msg);
}
const pick = (n) => Math.floor(Math.random() * n);

async function shot(page, name) {
  const path = join(OUT_DIR, `table-${name}.png`);
  await page.screenshot({ path, timeout: 10_000 });
  log(`screenshot: ${path}`);
}

async function axe(page, label) {
  await page.evaluate(AXE);
  const bad = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  check(bad.length === 0, `axe: ${bad.length} serious or critical violation(s) on ${label}: ${JSON.stringify(bad)}`);
  log(`axe ${label}: no serious or critical violation`);
}

/** A tab whose console errors, page errors and failed requests are problems; `pace` set first. */
async function newPage(context, pace = 0) {
  const page = await context.newPage();
  await page.addInitScript((p) => {
    localStorage.setItem('hasenpfeffer:pace', String(p));
  }, pace);
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText || '';
    if (error === 'net::ERR_ABORTED') return; // the page's own event streams and reads, stopped on leaving
    problems.push(`request failed: ${r.method()} ${r.url()}: ${error}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
  return page;
}

async function api(path, init) {
  const r = await fetch(`${BASE_URL}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init?.headers || {}) } });
  if (!r.ok) throw new TestFailure(`${init?.method || 'GET'} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** Starts a game from the home page's form: `seats` as the seat pickers take them. */
async function startGame(page, preset, seats, { target = null, clock } = {}) {
  await page.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
  await page.locator(`#preset option[value="${preset}"]`).waitFor({ state: 'attached' });
  await page.selectOption('#preset', preset);
  for (const [i, s] of seats.entries()) await page.selectOption(`#seat-${i}`, s);
  if (target) await page.fill('#target', String(target));
  if (clock) await page.fill('#clock', String(clock));
  await page.fill('#name', 'Tester');
  await page.click('#create button[type=submit]');
  await page.waitForURL(/#\/game\/[^/]+(\/watch)?$/, { timeout: STEP_MS });
  await page.locator('.table-view[data-version]').waitFor({ timeout: STEP_MS });
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
}

/** Waits for our turn (the controls offer actions, the table shows no move before it) or the hand's end. */
async function waitForTurnOr(page, handOver) {
  const h = await page.waitForFunction((hand) => {
    const root = document.querySelector('.table-view');
    const state = document.querySelector('.controls')?.getAttribute('data-state') || '';
    if (document.querySelector('.status .error')) return `error: ${document.querySelector('.status .error')?.textContent}`;
    if (hand !== null && document.querySelector(`.summary[data-hand="${hand}"]`)) return 'summary';
    if (state === 'finished') return state;
    return state.startsWith('act-') && root?.getAttribute('data-paced') === 'idle' ? state : false;
  }, handOver, { timeout: STEP_MS, polling: 50 });
  return h.jsonValue();
}

/**
 * Everything a decision needs is on screen: the page is not scrolled, and every card of the
 * hand and every button of the controls lies inside the viewport.
 */
async function assertInView(page, label) {
  const r = await page.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const out = [];
    const els = [...document.querySelectorAll('.hand .card, .controls button, .controls .prompt')];
    for (const el of els) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 && b.height === 0) continue;
      if (b.top < 0 || b.left < 0 || b.bottom > vh + 0.5 || b.right > vw + 0.5) {
        out.push(`${el.getAttribute('data-key') || el.getAttribute('data-card') || el.className} at ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)}`);
      }
    }
    // The hand is a fan: a group named "Your hand" of overlapping cards, turned outwards from
    // the middle, each one pressable where it shows (the point a third across it, not covered
    // by its neighbour); in a play, the cards that may be played stand apart from the others.
    const group = document.querySelector('.hand [role="group"][aria-label^="Your hand"]');
    const cards = [...document.querySelectorAll('.hand .cards.fan > .card')];
    const box = (/** @type {Element} */ el) => el.getBoundingClientRect();
    const covered = cards.filter((el) => {
      const b = box(el);
      const at = document.elementFromPoint(b.left + b.width * 0.3, b.top + b.height * 0.45);
      return !(at && el.contains(at));
    }).map((el) => el.getAttribute('data-card'));
    const tilts = cards.map((el) => {
      const m = new DOMMatrix(getComputedStyle(el).transform);
      return Math.atan2(m.b, m.a) * 180 / Math.PI;
    });
    const overlapping = cards.slice(1).every((el, i) => box(el).left < box(cards[i]).right - 2);
    const looks = (/** @type {Element} */ el) => `${getComputedStyle(el).filter}|${getComputedStyle(el).getPropertyValue('--lift').trim()}`;
    const playable = [...new Set(cards.filter((el) => el.matches('button:not([disabled])')).map(looks))];
    const unplayable = [...new Set(cards.filter((el) => el.matches('button[disabled]')).map(looks))];
    // Always in view, not under the dock: the scores, the contract and trump, the dealer.
    // (Each in one of its places: the felt, or the facts beside our name in the dock; the felt's
    // copy of our own seat is hidden.)
    const seen = (/** @type {Element} */ el) => {
      const b = box(el);
      if (!el.getClientRects().length || b.top < 0 || b.bottom > vh + 0.5) return false;
      const at = document.elementFromPoint(b.left + Math.min(b.width / 2, 20), b.top + Math.min(b.height / 2, 8));
      return !!at && el.contains(at);
    };
    const hidden = [['the scores', '.scoreboard'], ['the contract and trump', '.centre .contract, .dock .facts .fact-contract'],
      ['the dealer', '.seat .badge.dealer-badge, .dock .facts .fact-dealer']]
      .filter(([, sel]) => ![...document.querySelectorAll(sel)].some(seen)).map(([what]) => what);
    // The trick's cards are not under the dock.
    for (const f of document.querySelectorAll('.centre .trick figure.played .card')) {
      const b = box(f);
      const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (b.bottom > vh + 0.5 || !(at && f.contains(at))) hidden.push(`the trick's ${f.getAttribute('data-card')}`);
    }
    return {
      out, scrolled: window.scrollY, cards: document.querySelectorAll('.hand .card').length, buttons: document.querySelectorAll('.controls button').length,
      grouped: !!group && cards.length > 0 && cards.every((el) => group.contains(el)), covered, tilts, overlapping, playable, unplayable, hidden,
    };
  });
  if (r.scrolled || r.out.length || r.covered.length || r.hidden.length) await shot(page, `failed-${label.replace(/[^a-z0-9]+/gi, '-')}`);
  check(r.scrolled === 0, `${label}: the page is scrolled by ${r.scrolled} px at a decision`);
  check(r.cards > 0 && r.buttons + r.cards > 0, `${label}: no hand (${r.cards} cards) or action shown`);
  check(r.out.length === 0, `${label}: outside the ${page.viewportSize().width}x${page.viewportSize().height} viewport: ${r.out.join('; ')}`);
  check(r.grouped, `${label}: the hand's cards are not in a group named "Your hand"`);
  check(r.covered.length === 0, `${label}: cards of the fan covered where they show: ${r.covered.join(', ')}`);
  if (r.tilts.length >= 3) {
    check(r.overlapping, `${label}: the hand's cards do not overlap as a fan`);
    check(r.tilts[0] < -0.5 && r.tilts[r.tilts.length - 1] > 0.5, `${label}: the fan's cards are not turned outwards: ${r.tilts.map((t) => t.toFixed(1)).join(', ')}`);
  }
  if (r.playable.length && r.unplayable.length) {
    check(r.playable.every((x) => !r.unplayable.includes(x)), `${label}: playable cards look like the others (${r.playable} / ${r.unplayable})`);
  }
  check(r.hidden.length === 0, `${label}: not in view: ${r.hidden.join(', ')}`);
  return r;
}

/**
 * Pressed as a person does, where it shows on the screen, without scrolling to it: a card of the
 * fan a third across (its right part lies under the next card), a button in its middle. (A
 * locator's click scrolls first, and Chromium scrolls the page for an element of the docked
 * controls when the dock sticks over the felt; the point must be in the viewport and the element
 * the one found there.)
 */
async function tap(el, card = false) {
  await el.waitFor({ state: 'visible', timeout: STEP_MS });
  await el.page().waitForFunction((e) => !e.disabled, await el.elementHandle(), { timeout: STEP_MS });
  const b = await el.boundingBox();
  const vp = el.page().viewportSize();
  check(b, 'tap: the element has no box');
  const x = b.x + b.width * (card ? 0.3 : 0.5);
  const y = b.y + b.height * (card ? 0.45 : 0.5);
  check(x >= 0 && y >= 0 && x <= vp.width && y <= vp.height, `tap: ${await el.getAttribute('data-key')} at ${Math.round(x)},${Math.round(y)} is outside the viewport`);
  check(await el.evaluate((e, [px, py]) => e.contains(document.elementFromPoint(px, py)), [x, y]), `tap: ${await el.getAttribute('data-key')} is covered at ${Math.round(x)},${Math.round(y)}`);
  await el.page().mouse.click(x, y);
}
const press = (card) => tap(card, true);

/** Makes one decision by clicking: any legal one (a bid now and then, mostly passes). */
async function decide(page, state, label) {
  const c = page.locator('.controls');
  const click = (l) => tap(l.first());
  const phase = state.slice(4);
  const choose = async (n) => {
    const cards = page.locator('.hand button.card');
    const count = await cards.count();
    const chosen = new Set();
    while (chosen.size < n) chosen.add(pick(count));
    for (const i of chosen) await press(cards.nth(i));
  };
  if (phase === 'play') {
    const legal = page.locator('.hand button.card:not([disabled])');
    await press(legal.nth(pick(await legal.count())));
    const suits = page.locator('.controls .joker-suits button.joker-suit');
    if (await suits.count()) await click(suits.first());
    return;
  }
  if (phase === 'auction') {
    const keys = await c.locator('button[data-key]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')));
    // Five Hundred: 10 no trump, so that we take the kitty (13 cards to discard from).
    if (keys.includes('bid-10-NT') && label.startsWith('five-hundred')) return click(c.locator('button[data-key="bid-10-NT"]'));
    const passable = keys.includes('pass');
    const others = keys.filter((k) => k !== 'pass' && k !== 'misere' && k !== 'open-misere' && k !== 'veto' && k !== 'veto-alone' && k !== 'pick-up-alone');
    const key = !passable || (others.length && Math.random() < 0.35) ? others[0] || keys[0] : 'pass';
    await click(c.locator(`button[data-key="${key}"]`).first());
    return;
  }
  if (phase === 'exchange') {
    const trumps = c.locator('button.trump');
    if (await trumps.count()) await click(trumps.nth(pick(await trumps.count())));
    const leave = c.locator('button[data-key="leave-upcard"]');
    if (await leave.count() && Math.random() < 0.3) return click(leave);
    const confirm = c.locator('button[data-key="confirm-exchange"], button[data-key="confirm-take-upcard"]');
    const text = await c.innerText();
    const need = Number(text.match(/Choose (\d+) card/)?.[1] || (/choose a card|Choose one of your six/i.test(text) ? 1 : 0));
    await choose(need);
    check(await confirm.isEnabled(), `${label}: the exchange cannot be confirmed after choosing ${need}`);
    return click(confirm);
  }
  if (phase === 'alone') {
    const opts = c.locator('button[data-key^="alone-"]');
    return click(opts.nth(pick(await opts.count())));
  }
  if (phase === 'pass_cards') {
    await choose(2);
    return click(c.locator('button[data-key="confirm-pass"]'));
  }
  throw new TestFailure(`${label}: unknown decision ${state}`);
}

/**
 * A hand of `preset` for four at `size`, played by clicking; every decision checked in view.
 */
async function playHand(context, size, preset) {
  const label = `${preset} at ${size.name}`;
  const page = await newPage(context, 0);
  const id = await startGame(page, preset, ['you', 'heuristic', 'heuristic', 'heuristic']);
  const shotOf = new Set();
  let decisions = 0;
  // The hand whose summary ends the test: the first one we took a decision in (a hand we sat
  // out, our partner alone, passes by).
  let hand = 0;
  for (let i = 0; i < 120; i++) {
    const state = await waitForTurnOr(page, hand);
    check(!String(state).startsWith('error'), `${label}: ${state}`);
    if (state === 'summary' && decisions === 0) {
      log(`${label}: hand ${hand + 1} passed without a decision of ours`);
      hand++;
      continue;
    }
    if (state === 'summary' || state === 'finished') break;
    await assertInView(page, `${label}, ${state}`);
    decisions++;
    if (decisions === 1) {
      const title = await page.title();
      check(title.startsWith('(Your turn)'), `${label}: the tab's title at our turn is "${title}"`);
      const partner = await page.locator('.felt .seat.partner[data-seat="2"]').innerText();
      check(partner.includes('your partner'), `${label}: the partner's seat reads "${partner}"`);
      const how = page.locator('.game-head details.how-to');
      check((await how.getAttribute('data-preset')) === preset, `${label}: no How to play for ${preset}`);
    }
    if (!shotOf.has(state)) {
      shotOf.add(state);
      await shot(page, `${size.name}-${preset}-${state.slice(4)}`);
      if (size.name === 'phone' && shotOf.size === 1 && preset === 'five-hundred') await axe(page, label);
    }
    await decide(page, state, label);
  }
  check(decisions > 0, `${label}: no decision was ours`);
  if (preset === 'five-hundred') check(shotOf.has('act-exchange'), `${label}: we never discarded from the kitty (decisions: ${[...shotOf].join(', ')})`);
  // The hand's summary: the result, the score sheet with a row for hand 1.
  const summary = page.locator(`.summary[data-hand="${hand}"]`);
  await summary.waitFor({ timeout: STEP_MS });
  const text = await summary.innerText();
  const view = await api(`/v1/games/${encodeURIComponent(id)}`);
  const last = view.last_hand?.number === hand ? view.last_hand : (await api(`/v1/games/${encodeURIComponent(id)}/log`)).hands[hand];
  check(text.startsWith(`Hand ${hand + 1} over`), `${label}: the summary reads "${text}"`);
  const row = await summary.locator('table.sheet tbody tr.now').innerText();
  for (const [side, x] of last.scores.entries()) check(row.includes(`→ ${x}`), `${label}: the score sheet's row "${row}" lacks side ${side}'s ${x}`);
  await shot(page, `${size.name}-${preset}-summary`);
  if (preset === 'hasenpfeffer') await axe(page, `${label}: the hand's summary`);
  if (preset === 'hasenpfeffer' && size.name === 'desktop') {
    // The hand's replay steps with the arrow keys.
    await page.goto(`${BASE_URL}/#/replay/${encodeURIComponent(id)}/0/0`, { waitUntil: 'domcontentloaded' });
    const counter = page.locator('.steps .counter');
    await counter.filter({ hasText: /^Step 0 of/ }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await counter.filter({ hasText: /^Step 2 of/ }).waitFor({ timeout: 5_000 });
    await page.keyboard.press('ArrowLeft');
    await counter.filter({ hasText: /^Step 1 of/ }).waitFor({ timeout: 5_000 });
    log(`${label}: the replay steps with the arrow keys`);
  }
  log(`${label}: game ${id}, ${decisions} decisions in view, the summary: ${text.split('\n').slice(0, 2).join(' / ')}`);
  await page.close();
}

/** Paced play, the pace setting, seats kept across tabs and browsers, a clocked turn. */
async function pacedAndKept(browser, context) {
  const page = await newPage(context, 500);
  const id = await startGame(page, 'hasenpfeffer', ['you', 'heuristic', 'heuristic', 'heuristic']);
  // Every change of the table, stamped: how many cards lie in the trick, and the winner marked.
  await page.evaluate(() => {
    window.__samples = [];
    const sample = () => window.__samples.push({
      t: performance.now(),
      n: document.querySelectorAll('.centre .trick figure.played').length,
      winner: document.querySelector('.centre .trick figure.played.winner')?.getAttribute('data-seat') ?? null,
      seats: [...document.querySelectorAll('.centre .trick figure.played')].map((f) => f.getAttribute('data-seat')),
      paced: document.querySelector('.table-view')?.getAttribute('data-paced'),
    });
    new MutationObserver(sample).observe(document.querySelector('.table-view'), { childList: true, subtree: true });
  });
  let played = 0;
  for (let i = 0; i < 40 && played < 2; i++) {
    const state = await waitForTurnOr(page, null);
    check(state.startsWith('act-'), `paced: ${state}`);
    if (state === 'act-play') played++;
    if (played === 2) {
      // The second card with the keyboard: the focus stays in the controls while the others'
      // cards are shown, and is on a control again at our next turn.
      await page.locator('.hand button.card:not([disabled])').first().focus();
      await page.keyboard.press('Enter');
    } else {
      await decide(page, state, 'paced');
    }
  }
  const after = await waitForTurnOr(page, 0);
  if (after.startsWith('act-')) {
    const focused = await page.evaluate(() => document.activeElement?.closest('.dock') ? document.activeElement.getAttribute('data-key') || document.activeElement.className : `outside: ${document.activeElement?.tagName}`);
    check(!focused.startsWith('outside'), `paced: after a move with the keyboard the focus is ${focused}`);
    log(`paced: the keyboard's focus is on ${focused} at our next turn`);
  }
  const samples = await page.evaluate(() => window.__samples);
  // The counts as they changed: each step at most one card more (or the trick gathered).
  const steps = samples.filter((s, i) => i === 0 || s.n !== samples[i - 1].n);
  const jumps = steps.filter((s, i) => i > 0 && s.n > steps[i - 1].n + 1);
  check(jumps.length === 0, `paced: cards appeared more than one at a time: ${JSON.stringify(steps.map((s) => s.n))}`);
  // (Our own card shows at once: the other seats' cards are paced.)
  const adds = steps.filter((s, i) => i > 0 && s.n === steps[i - 1].n + 1 && s.n > 1 && s.seats[s.n - 1] !== '0');
  check(adds.length >= 3, `paced: only ${adds.length} single cards added in sight: ${JSON.stringify(steps.map((s) => s.n))}`);
  const gaps = adds.map((s) => s.t - steps[steps.indexOf(s) - 1].t);
  check(gaps.length > 0, 'paced: no card of another seat was added in sight');
  check(gaps.every((g) => g >= 300), `paced: cards came faster than the pace: ${gaps.map(Math.round).join(', ')} ms`);
  check(samples.some((s) => s.n === 4 && s.winner !== null), 'paced: no trick was shown whole with its winner marked');
  check(samples.some((s) => s.paced === 'move'), 'paced: the table never showed a move before the newest view');
  log(`paced: the trick's cards by step ${JSON.stringify(steps.map((s) => s.n))}, ${gaps.length} cards ${Math.round(Math.min(...gaps))}-${Math.round(Math.max(...gaps))} ms apart, the winner marked`);
  await shot(page, 'desktop-paced');

  // The pace setting: "instant" turns pacing off.
  await page.selectOption('#pace', '0');
  await page.evaluate(() => { window.__samples = []; });
  const state = await waitForTurnOr(page, 0);
  if (state.startsWith('act-')) {
    await decide(page, state, 'instant');
    await waitForTurnOr(page, 0);
    const moved = await page.evaluate(() => window.__samples.filter((s) => s.paced === 'move').length);
    check(moved === 0, `instant: the table still showed ${moved} moves one at a time`);
  }

  // The tab closed; the game's link in a new tab of the same browser keeps the seat.
  await page.close();
  const again = await newPage(context, 0);
  await again.goto(`${BASE_URL}/#/game/${encodeURIComponent(id)}`, { waitUntil: 'domcontentloaded' });
  await again.locator('.table-view[data-version]').waitFor();
  const head = await again.locator('.game-head').innerText();
  check(head.includes('You are seat 0'), `a new tab of the game's link is not seat 0: "${head}"`);
  const rejoin = await again.locator('a[data-key="rejoin"]').getAttribute('href');
  check(/^#\/rejoin\//.test(rejoin || ''), `the private rejoin link is ${rejoin}`);
  log('seat kept: the game\'s link in a new tab (the first one closed) is seat 0');
  // Another browser: the private rejoin link.
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const there = await newPage(other, 0);
  const spectator = await newPage(other, 0);
  await spectator.goto(`${BASE_URL}/#/game/${encodeURIComponent(id)}`, { waitUntil: 'domcontentloaded' });
  await spectator.locator('.table-view[data-version]').waitFor();
  check((await spectator.locator('.game-head').innerText()).includes('Spectating'), 'another browser without the rejoin link is not a spectator');
  await there.goto(`${BASE_URL}/${rejoin}`, { waitUntil: 'domcontentloaded' });
  await there.waitForURL(/#\/game\/[^/]+$/);
  await there.locator('.table-view[data-version]').waitFor();
  check((await there.locator('.game-head').innerText()).includes('You are seat 0'), 'the rejoin link does not give seat 0 in another browser');
  log('seat kept: the private rejoin link gives seat 0 in another browser');
  await other.close();
  // Forgetting the seat (asked first) makes this browser a spectator of the game.
  again.once('dialog', (d) => d.accept());
  await again.click('button[data-key="forget-seat"]');
  await again.locator('.game-head').filter({ hasText: 'Spectating' }).waitFor();
  check(await again.evaluate((g) => localStorage.getItem(`hasenpfeffer:token:${g}`) === null, id), 'the forgotten seat\'s token is still kept');
  log('seat forgotten: this browser spectates the game');
  await again.close();

  // A turn played by the clock says so.
  const clocked = await newPage(context, 0);
  await startGame(clocked, 'euchre', ['you', 'heuristic', 'heuristic', 'heuristic'], { clock: 1 });
  await waitForTurnOr(clocked, null);
  await clocked.locator('.status').filter({ hasText: 'Your time ran out' }).waitFor({ timeout: 10_000 });
  log(`clock: "${(await clocked.locator('.status').innerText()).trim()}"`);
  await clocked.close();
}

/** Four house players, started from the form to be watched: shown being played. */
async function watchHouse(context) {
  const page = await newPage(context, 250);
  const id = await startGame(page, 'euchre', ['heuristic', 'expert', 'heuristic', 'expert'], { target: 5 });
  check(/\/watch$/.test(page.url()), `a game of house players opens at ${page.url()}`);
  await page.evaluate(() => {
    window.__counts = [];
    window.__heads = new Set();
    new MutationObserver(() => {
      window.__counts.push(document.querySelectorAll('.centre .trick figure.played').length);
      window.__heads.add(`${document.querySelector('.game-head h1')?.textContent} ${document.querySelector('.table-view')?.getAttribute('data-paced')}`);
    }).observe(document.querySelector('.table-view'), { childList: true, subtree: true });
  });
  // Until the trick has filled card by card four times (at 250 ms a move, about 5 s).
  await page.waitForFunction(() => window.__counts.filter((n, i) => i > 0 && n === window.__counts[i - 1] + 1).length >= 4,
    null, { timeout: STEP_MS, polling: 100 });
  const counts = await page.evaluate(() => window.__counts);
  const heads = await page.evaluate(() => [...window.__heads]);
  check(heads.includes('Euchre · hand 1 move'), `watching: the first hand was not shown move by move: ${JSON.stringify(heads)}`);
  const distinct = counts.filter((n, i) => i === 0 || n !== counts[i - 1]);
  const view = await api(`/v1/games/${encodeURIComponent(id)}`);
  check(distinct.filter((n, i) => i > 0 && n === distinct[i - 1] + 1).length >= 4, `watching: the trick did not fill card by card: ${JSON.stringify(distinct)}`);
  check(distinct.every((n, i) => i === 0 || n <= distinct[i - 1] + 1), `watching: cards came more than one at a time: ${JSON.stringify(distinct)}`);
  await shot(page, 'desktop-watch');
  log(`watching: game ${id} (${view.status} on the server) shown card by card: ${JSON.stringify(distinct.slice(0, 16))}…`);
  await page.close();

  // The home page's "Watch live" box opens the same paced watch view, not the plain table.
  const home = await newPage(context, 250);
  await home.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
  await home.fill('#watch-id', id);
  await home.click('#watch button[type=submit]');
  await home.waitForURL(new RegExp(`#/game/${id}/watch$`), { timeout: STEP_MS });
  await home.locator('.table-view[data-version]').waitFor();
  await home.evaluate(() => {
    window.__counts = [];
    new MutationObserver(() => window.__counts.push(document.querySelectorAll('.centre .trick figure.played').length))
      .observe(document.querySelector('.table-view'), { childList: true, subtree: true });
  });
  // (The game is over on the server: the plain table would show its end, and no card come.)
  await home.waitForFunction(() => window.__counts.filter((n, i) => i > 0 && n === window.__counts[i - 1] + 1).length >= 2,
    null, { timeout: STEP_MS, polling: 100 });
  log(`watch live box: game ${id} opened at #/game/${id}/watch, its cards shown one at a time`);
  // "Skip to now": the hands not yet shown are skipped, and the table shows the game as it is.
  const live = home.locator('.game-head button[data-key=live]');
  await live.waitFor({ timeout: STEP_MS });
  await live.click();
  const now = await api(`/v1/games/${encodeURIComponent(id)}`);
  await home.waitForFunction((v) => {
    const t = document.querySelector('.table-view');
    return t?.getAttribute('data-paced') === 'idle' && t.getAttribute('data-version') === String(v);
  }, now.version, { timeout: 5000, polling: 100 });
  const head = await home.locator('.game-head h1').textContent();
  check(head?.includes(`hand ${now.hand_number + 1}`), `skip to now: the table shows ${head}, the game is at hand ${now.hand_number + 1}`);
  check(await live.count() === 0, 'skip to now: the button stays after the table caught up');
  await shot(home, 'desktop-watch-now');
  log(`skip to now: game ${id} shown at version ${now.version} (${head}) at once`);
  await home.close();
}

const TITLES = { hasenpfeffer: 'Hasenpfeffer', euchre: 'Euchre', 'buck-euchre': 'Buck Euchre', bacon: 'Bacon', 'five-hundred': 'Five Hundred' };

/** The first rule of a preset's own section in docs/RULES*.md, its markup taken out. */
function docsFirstRule(preset) {
  const docs = ['RULES.md', 'RULES-FAMILY.md'].map((f) => readFileSync(join(here, '..', '..', 'docs', f), 'utf8')).join('\n').split('\n');
  const at = docs.findIndex((l) => /^#+ /.test(l) && l.includes(`\`${preset}\``));
  const line = docs.slice(at + 1).find((l) => l.startsWith('- '));
  check(at >= 0 && line, `docs: no section of ${preset}`);
  return line.slice(2).replace(/\*\*|`|\*/g, '').slice(0, 40);
}

/** The home page's words: friendly names, no backticks or placeholders; How to play. */
async function words(context) {
  const page = await newPage(context, 0);
  await page.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
  await page.locator('#preset option[value="buck-euchre"]').waitFor({ state: 'attached' });
  check((await page.locator('#preset option[value="buck-euchre"]').innerText()) === 'Buck Euchre', 'the home page shows a slug for Buck Euchre');
  for (const p of ['hasenpfeffer', 'euchre', 'buck-euchre', 'bacon', 'five-hundred']) {
    await page.selectOption('#preset', p);
    const text = await page.locator('main').innerText();
    check(!text.includes('`'), `the home page shows a backtick with ${p}`);
    check(!/not named yet|undefined|null/.test(text), `the home page shows a placeholder with ${p}`);
    // How to play: the preset's own section of the docs, drawn from their markdown (no markup
    // left), its first rule as the docs write it.
    await page.locator('.preset-help summary').click();
    const rules = await page.locator('.preset-help .rules-text').innerText();
    const first = docsFirstRule(p);
    check(rules.includes(first), `How to play ${p} lacks the docs' "${first}": ${rules.slice(0, 300)}`);
    check(!/`|\*\*/.test(rules), `How to play ${p} shows markdown: ${rules.match(/.{0,40}(`|\*\*).{0,40}/)?.[0]}`);
    check((await page.locator('.preset-help .rules-text h3').first().innerText()) === TITLES[p], `How to play ${p} opens on "${await page.locator('.preset-help .rules-text h3').first().innerText()}"`);
  }
  await shot(page, 'desktop-home');
  await page.close();
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    timeout: STEP_MS,
  });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, ...(size.name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      context.setDefaultTimeout(STEP_MS);
      if (size.name === 'desktop') {
        await words(context);
        await pacedAndKept(browser, context);
        await watchHouse(context);
      }
      for (const preset of PRESETS) await playHand(context, size, preset);
      await context.close();
    }
    check(problems.length === 0, `problems in the browser:\n${problems.join('\n')}`);
  } finally {
    await browser.close();
  }
  log('passed');
}

main().catch((e) => {
  console.error(`[table] FAIL: ${e instanceof TestFailure ? e.message : e.stack || e}`);
  if (problems.length) console.error(problems.join('\n'));
  process.exit(1);
});
