// Arenas on the web page (web/arenas.js), in headless Chromium at 1366x768 and 390x844:
//   - four bots registered through the API (POST /v1/bots), one of them creates a continuous
//     arena of Euchre (house players fill, a 60 s clock: the bots need not play, their table
//     stays running) and the four join it; the test waits until it runs with a table;
//   - `#/arenas` (reached by the site's "Arenas" link from the home page) lists it among the
//     running arenas with its name, kind, friendly game name (no slug, no backtick), bots and
//     leader; a running arena links to its page;
//   - `#/arena/{id}` shows its settings, the standings with the four bots (each linking to
//     `#/bot/{name}`), the round and a table being played whose Watch link opens the game's
//     spectator view (`#/game/{id}`); "How arenas work" and how a bot joins; at phone width no
//     wider than the window; the page reads the arena again while it runs ("How arenas work"
//     kept open), and stops once the view is left;
//   - a duplicate arena (one round of one deal, a 100 ms clock so that the clock plays the bots'
//     seats): once its deal is counted, its page shows the scores as percentages;
//   - axe-core: no serious or critical violation on the list and the arena's page at both sizes;
//     no console error, no page error, no failed request, no HTTP error answer.
// Screenshots: $BROWSER_OUT_DIR/web-arenas-desktop.png, web-arena-desktop.png,
// web-arena-phone.png (full pages) and web-arena-duplicate-desktop.png.
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
const SIZES = [{ name: 'desktop', width: 1366, height: 768 }, { name: 'phone', width: 390, height: 844 }];

const t0 = Date.now();
const log = (msg) => console.log(`[arenas ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const problems = [];
class TestFailure extends Error {}
function check(cond, msg) {
  if (!cond) throw new TestFailure(msg);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function shot(page, name) {
  const path = join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, timeout: 10_000 });
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

/** A tab whose console errors, page errors, failed requests and error answers are problems. */
async function newPage(context) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText || '';
    if (error === 'net::ERR_ABORTED') return; // the page's own reads and streams, stopped on leaving
    problems.push(`request failed: ${r.method()} ${r.url()}: ${error}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
  return page;
}

async function api(path, init = {}) {
  const headers = { 'content-type': 'application/json', ...(init.key ? { authorization: `Bot ${init.key}` } : {}) };
  const r = await fetch(`${BASE_URL}${path}`, { method: init.method || 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (!r.ok) throw new TestFailure(`${init.method || 'GET'} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** Polls the arena through the API until `ok(arena)`. */
async function waitArena(id, ok, what, ms = 60_000) {
  const until = Date.now() + ms;
  let a;
  while (Date.now() < until) {
    a = await api(`/v1/arenas/${id}`);
    if (ok(a)) return a;
    await sleep(300);
  }
  throw new TestFailure(`arena ${id}: not ${what} within ${ms} ms (status ${a?.status}, ${a?.tables.length} tables, standings ${JSON.stringify(a?.standings)})`);
}

/** The page is no wider than its window. */
async function fits(page, label) {
  const r = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  check(r.scroll <= r.width, `${label}: the page is ${r.scroll} px wide in a window of ${r.width}`);
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const tag = Math.random().toString(36).slice(2, 7);
  const bots = [];
  for (let i = 1; i <= 4; i++) {
    const name = `arena-${tag}-${i}`;
    const { api_key: key } = await api('/v1/bots', { method: 'POST', body: { name } });
    bots.push({ name, key });
  }
  log(`registered ${bots.map((b) => b.name).join(', ')}`);
  const arena = await api('/v1/arenas', {
    method: 'POST', key: bots[0].key,
    body: { name: 'Browser arena', kind: 'continuous', ruleset: { preset: 'euchre' }, starts_in_ms: 0, duration_ms: 60000, house: 'random' },
  });
  const id = arena.arena_id;
  for (const b of bots) await api(`/v1/arenas/${id}/join`, { method: 'POST', key: b.key });
  const running = await waitArena(id, (a) => a.status === 'running' && a.tables.some((t) => !t.finished && t.game_id), 'running with a table');
  log(`continuous arena ${id} running: ${running.tables.length} table(s), standings ${running.standings.map((s) => s.bot).join(', ')}`);
  // The duplicate arena: one round of one deal, the bots' seats played by a 100 ms clock.
  const dup = await api('/v1/arenas', {
    method: 'POST', key: bots[1].key,
    body: { name: 'Browser duplicate', kind: 'duplicate', ruleset: { preset: 'euchre' }, starts_in_ms: 2000, rounds: 1, deals_per_round: 1, house: 'random', turn_time_limit_ms: 100 },
  });
  for (const b of bots) await api(`/v1/arenas/${dup.arena_id}/join`, { method: 'POST', key: b.key });

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
      const page = await newPage(context);

      // The list, from the home page's link.
      await page.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: 'Arenas', exact: true }).click();
      await page.waitForURL(/#\/arenas$/);
      const item = page.locator(`#arenas-running [data-arena="${id}"]`);
      await item.waitFor();
      const text = await item.innerText();
      for (const want of ['Browser arena', 'Continuous', 'Euchre, 4 players', '4 bots joined', 'Not rated', 'Started']) {
        check(text.includes(want), `${size.name}: the list's arena reads "${text}", without "${want}"`);
      }
      const words = await page.locator('main').innerText();
      check(!words.includes('`'), `${size.name}: the arenas list shows a backtick`);
      check(!/\beuchre\b/.test(words), `${size.name}: the arenas list shows the slug "euchre"`);
      check(await page.locator('#arenas-upcoming').count() === 1 && await page.locator('#arenas-finished').count() === 1, 'the list has no upcoming or finished section');
      await fits(page, `${size.name} arenas list`);
      await axe(page, `arenas list (${size.name})`);
      if (size.name === 'desktop') await shot(page, 'web-arenas-desktop');

      // The arena's page.
      await item.locator('a.arena-name').click();
      await page.waitForURL(new RegExp(`#/arena/${id}$`));
      await page.locator('#arena-standings tbody tr').nth(3).waitFor();
      const rows = await page.locator('#arena-standings tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-bot')));
      check(rows.length === 4 && bots.every((b) => rows.includes(b.name)), `${size.name}: the standings list ${rows}, not the four bots`);
      const link = await page.locator(`#arena-standings a[href="#/bot/${bots[0].name}"]`).count();
      check(link === 1, `${size.name}: the standings do not link to the bot's profile`);
      check(await page.locator('#arena-standings caption').count() === 1, 'the standings have no caption');
      const state = await page.locator('#arena-state').innerText();
      check(/Running/.test(state), `${size.name}: the arena's state reads "${state}"`);
      const settings = await page.locator('.arena-settings').innerText();
      for (const want of ['Continuous', 'Euchre, 4 players', 'house players (random)']) {
        check(settings.includes(want), `${size.name}: the settings read "${settings}", without "${want}"`);
      }
      check(await page.locator('details.arena-how summary', { hasText: 'How arenas work' }).count() === 1, 'no "How arenas work"');
      check((await page.locator('.join-steps').innerText()).includes(`/v1/arenas/${id}/join`), 'no join step');
      const watch = page.locator('#arena-tables-playing a.watch').first();
      await watch.waitFor();
      await fits(page, `${size.name} arena page`);
      await axe(page, `arena page (${size.name})`);
      await shot(page, `web-arena-${size.name}`);

      // It is read again while it runs; "How arenas work", opened, stays open.
      let reads = 0;
      const counter = (r) => { if (r.url().endsWith(`/v1/arenas/${id}`)) reads++; };
      page.on('request', counter);
      await page.locator('details.arena-how summary').click();
      await sleep(9_000);
      check(reads >= 1, `${size.name}: the arena's page did not read the arena again in 9 s`);
      check(await page.locator('details.arena-how[open]').count() === 1, `${size.name}: "How arenas work" closed when the page was read again`);

      // A table's Watch link opens the game's spectator view.
      const href = await watch.getAttribute('href');
      check(/^#\/game\/[^/]+$/.test(href || ''), `the watch link is ${href}`);
      await watch.click();
      await page.waitForURL(/#\/game\/[^/]+$/);
      await page.locator('.table-view[data-version]').waitFor();
      log(`${size.name}: the watch link opened ${href}`);
      // Once the view is left, the arena is not read any more.
      reads = 0;
      await sleep(6_000);
      check(reads === 0, `${size.name}: the arena was read ${reads} times after its page was left`);
      page.off('request', counter);

      if (size.name === 'desktop') {
        // The duplicate arena: once its deal is counted, the scores are percentages.
        const counted = await waitArena(dup.arena_id, (a) => a.standings.some((s) => s.games > 0), 'counted', 90_000);
        log(`duplicate arena ${dup.arena_id}: ${counted.status}, standings ${counted.standings.map((s) => `${s.bot} ${s.score}`).join(', ')}`);
        await page.goto(`${BASE_URL}/#/arena/${dup.arena_id}`, { waitUntil: 'domcontentloaded' });
        await page.locator('#arena-standings tbody tr').first().waitFor();
        await page.waitForFunction(() => [...document.querySelectorAll('#arena-standings td.score')].some((td) => /%/.test(td.textContent || '')));
        const caption = await page.locator('#arena-standings caption').innerText();
        check(/percentage/.test(caption), `the duplicate standings' caption reads "${caption}"`);
        await axe(page, 'duplicate arena page (desktop)');
        await shot(page, 'web-arena-duplicate-desktop');
      }
      await context.close();
    }
    check(problems.length === 0, `problems in the browser:\n${problems.join('\n')}`);
  } finally {
    await browser.close();
  }
  log('passed');
}

main().catch((e) => {
  console.error(`[arenas] FAIL: ${e instanceof TestFailure ? e.message : e.stack || e}`);
  if (problems.length) console.error(problems.join('\n'));
  process.exit(1);
});
