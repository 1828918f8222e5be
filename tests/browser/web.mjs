// A real-browser test of the web page that hasenpfeffer serves at `/` (web/, embedded).
//
// Headless Debian chromium, driven by playwright-core:
//   1. `/` answers HTML with its Content-Security-Policy and no framing;
//   2. for EVERY preset of `GET /v1/rulesets`, a person creates a game on the home page against
//      three house players (with a low target score, an option every preset has) and plays it to
//      the end by clicking legal cards and the bid, exchange, alone and pass-cards controls, and
//      in upcard games (euchre) the calls (order up, name trump) and the dealer's exchange (take
//      the upcard up discarding a card, or leave it); one preset is played with the keyboard
//      alone (Tab to a control, Enter); an upcard game's table shows the upcard and its fate and
//      the calls by round; in buck-euchre (every player alone, scores counting down) the
//      drop-out controls (stay in, drop out) are clicked too, and its table is checked against
//      the API: four seats each with its score, the countdown's words, who stayed and who
//      dropped out, the end naming the API's `winners`, and its replay tells each stay or drop;
//      from chosen deals and seeds, everybody dropping out of our hand (all five tricks ours
//      without play, the game won), our dropping out (with the keyboard), and the third after
//      two drops offered 'Stay in' only (`all_drop: last_must_stay`); in bacon (four in two
//      partnerships, up to four upcards) the calls (pick up, pick up alone, pass), the partner's
//      answers (allow, veto, veto going alone) and the exchange of the seat left of the caller
//      (six cards offered, the upcard among them, one discarded face up) are clicked, and its
//      table is checked against the API: the scores and Bacon's scoring rule, the upcard with
//      its number and fate, the upcards passed face up, the face-up discard and its taker, the
//      calls by upcard with each answer, the caller, the loner and the seat sitting out; from
//      chosen deals (at desktop and phone widths) our partner picks up alone and we veto going
//      alone (with the keyboard, then play that game to the end), veto, and allow (sitting
//      out); we take the upcard left of a caller alone and discard the upcard itself; we pick
//      up alone; all four upcards are passed (one pass with the keyboard), the hand is
//      acquitted and the same dealer deals again; the replays of those hands tell each call,
//      answer, upcard discarded face up, the taker's discard and the acquittal;
//      in five-hundred (strain bids, misère, a kitty) the preset loop's game for four bids from
//      the grid of tricks by strain, misère (the first time it is offered) or passes, discards
//      the kitty's count of cards, and its table is checked against the API (a score per side,
//      the scoring rule, the auction in words, the contract, the called card and its holder, an
//      open hand, the seats sitting out, a led joker's suit); for five players (every player
//      alone) we declare with the highest bid, take the kitty, call a partner by a card (the
//      log's `called` the card we clicked) and play to the end (tied winners named as the API's
//      `winners`); from a chosen deal we bid open misère holding the joker, our partner sits
//      out, a spectator's tab sees our open hand, and we lead the joker naming hearts with the
//      keyboard (the suit chooser offers the four suits of legal_actions); five players again at
//      phone width; the replays of the called-partner and open-misère hands tell the kitty, each
//      bid, the call, who sits out, the joker's suit and the scores;
//   2b. the home page offers each preset's player counts as the API's `players` option has them
//      (pepper 3 or 4, double-hasenpfeffer 4 or 6), the seat pickers following; a person plays
//      pepper for three (every player alone) against two house players to the end, at desktop
//      and phone widths: three seats, a score and tricks per player, the end naming the winner
//      or the tied winners of the API's final view (`winners`); its replay;
//   3. a second tab joins a game with an open seat by the host's invite link, and the host's
//      table goes live by its event stream; a spectator page (its own tab, no token) follows a game of four expert house players live
//      and ends on the final score, which matches the API's;
//   4. a replay steps through a finished hand forwards and back, and its deep link opens the
//      same step in a fresh tab; the four-colour deck recolours the suits;
//   5. axe-core finds no serious or critical violation on home, table and replay, at desktop
//      (1280 wide) and phone (390 wide) widths;
//   6. a problem document (joining a game that does not exist) shows as a readable sentence;
//   7. no console errors, no uncaught errors, no failed requests, no HTTP errors (but the one
//      provoked on purpose).
//   8. the leaderboards: three matchmade games (a bot account each, queued with house players of
//      one strategy at once, its seat played by this test through the API in the background:
//      only the server's own tables are rated); the home page's panel (`#/leaderboards/{preset}`)
//      offers every pool (each preset at each player count) and shows the API's ranking (rank,
//      the name linking to the profile, rating, uncertainty, games; `house-` rows marked as
//      reference players, ratings of fewer than 10 games as provisional), a pool nobody is
//      rated in reads 'No rated games yet'; a house player's profile shows the API's ratings
//      and its recent games (More games, a rated one finished, its seats), whose Replay opens the
//      replay, and a rating links back to its leaderboard; axe on the panel and the profile, at
//      desktop and phone widths (no wider than the window);
//   9. Five Hundred for six in three teams of two (`sides: teams_of_2`) chosen on the form (the
//      control shown only for six), the seat pickers naming the teams, the table three sides;
//  10. the page's bytes, each file gzipped alone, printed and under 80 KB; the run's time
//      against its budget (TOTAL_TIMEOUT_MS).
// Screenshots: target/browser/web-*.png (desktop and phone: home, table, finished table,
// spectator, replay; table3-*, finished3-* and replay3-desktop for pepper for three;
// euchre-calls-desktop, euchre-exchange-desktop, euchre-table-desktop and euchre-replay-desktop
// for an upcard game in its calls, the dealer's exchange, mid-hand and replayed; buck-drop-out-,
// buck-table-, buck-finished-, buck-replay-, buck-all-dropped- and buck-must-stay-desktop for
// Buck Euchre; bacon-table-desktop, bacon-replay-, bacon-acquitted-replay-desktop and, at desktop
// and phone widths, bacon-answer-, bacon-taken-, bacon-finished-, bacon-alone-, bacon-exchange-,
// bacon-calls-, bacon-passed- and bacon-acquitted- for Bacon, and bacon-replay-phone;
// five-hundred-bids-, -exchange-, -call-, -table-, -finished-, -replay-, -open-misere-exchange-,
// -open-misere-spectator- and -joker-desktop, and five-hundred-bids-, -table- and -finished-phone
// and five-hundred-six-desktop, five-hundred-six-form-desktop for Five Hundred;
// leaderboards-desktop, -phone (the panel) and leaderboards-profile-desktop, -phone), on success
// and on failure.
//
// Env: BASE_URL, CHROMIUM_PATH, BROWSER_OUT_DIR, STEP_TIMEOUT_MS (default 30000),
// TOTAL_TIMEOUT_MS (default 600000), TARGET_SCORE (default 3).
// Exit code: 0 = passed, 1 = failed, 2 = the whole run timed out.

import { chromium } from 'playwright-core';
import { mkdirSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const OUT_DIR = resolve(process.env.BROWSER_OUT_DIR || join(here, '..', '..', 'target', 'browser'));
const STEP_MS = Number(process.env.STEP_TIMEOUT_MS || 30_000);
const TOTAL_MS = Number(process.env.TOTAL_TIMEOUT_MS || 600_000);
const TARGET = Number(process.env.TARGET_SCORE || 3);
const MAX_MOVES = 400;
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const log = (msg) => console.log(`[web ${elapsed()}] ${msg}`);

const diag = { consoleErrors: [], pageErrors: [], failedRequests: [], httpErrors: [] };
let browser;
let step = 'start';
/** The page a failure screenshot is taken of. */
let current;

/** The URLs of error answers the test provokes on purpose. */
const expectedErrors = [];

class TestFailure extends Error {}
function check(cond, msg) {
  if (!cond) throw new TestFailure(msg);
}

let timedOut = false;
const watchdog = setTimeout(async () => {
  timedOut = true;
  console.error(`\nFAIL: the whole run exceeded ${TOTAL_MS} ms (stuck in step: ${step})`);
  printDiagnostics();
  await Promise.race([shot(current, 'failure'), new Promise((r) => setTimeout(r, 10_000))]);
  try { await Promise.race([browser?.close(), new Promise((r) => setTimeout(r, 5_000))]); } catch {}
  process.exit(2);
}, TOTAL_MS);

function printDiagnostics() {
  const show = (title, items) => {
    if (items.length) {
      console.error(`  ${title}:`);
      for (const i of items.slice(0, 20)) console.error(`    - ${i}`);
      if (items.length > 20) console.error(`    ... and ${items.length - 20} more`);
    }
  };
  console.error('Diagnostics:');
  console.error(`  base url: ${BASE_URL}; page url: ${current ? current.url() : '(no page)'}`);
  show('browser console errors', diag.consoleErrors);
  show('uncaught page errors', diag.pageErrors);
  show('failed requests', diag.failedRequests);
  show('HTTP error responses', diag.httpErrors);
}

const shotAs = (page, name) => shot(page, name);
async function shot(page, name) {
  if (!page) return;
  const path = join(OUT_DIR, `web-${name}.png`);
  try {
    await page.screenshot({ path, fullPage: true, timeout: 10_000 });
    log(`screenshot: ${path}`);
  } catch (e) {
    console.error(`could not take ${path}: ${e.message}`);
  }
}

/** A new tab of `context` whose problems are recorded. */
async function newPage(context) {
  const page = await context.newPage();
  // These tests want speed: other seats' moves shown at once (tests/browser/table.mjs paces them).
  await page.addInitScript(() => localStorage.setItem('hasenpfeffer:pace', '0'));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every error answer; those the test provokes are expected.
    if (m.text().startsWith('Failed to load resource') && expectedErrors.some((re) => re.test(m.location()?.url || ''))) return;
    diag.consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => diag.pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText || '';
    // The page stops its own event stream when it leaves a table (or the tab closes): an abort
    // it asked for, not a failure.
    if (error === 'net::ERR_ABORTED' && /\/v1\/games\/[^/]+\/events$/.test(new URL(r.url()).pathname)) return;
    // Likewise the home page's lobby reads when the tab closes.
    if (error === 'net::ERR_ABORTED' && new URL(r.url()).pathname === '/v1/games' && r.method() === 'GET') return;
    diag.failedRequests.push(`${r.method()} ${r.url()}: ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !expectedErrors.some((re) => re.test(r.url()))) {
      diag.httpErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    }
  });
  current = page;
  return page;
}

/** axe-core on the page as it is (or the part `include` selects): no serious or critical violations. */
async function axe(page, label, include) {
  step = `axe: ${label}`;
  await page.evaluate(AXE);
  const violations = await page.evaluate(async (include) => {
    // eslint-disable-next-line no-undef
    const r = await window.axe.run(include ? { include: [include] } : document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, include);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of violations) log(`axe ${label}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.join('; ')})`);
  check(bad.length === 0, `axe finds ${bad.length} serious or critical violation(s) on ${label}: ${JSON.stringify(bad)}`);
  log(`axe ${label}: no serious or critical violations (${violations.length} minor)`);
}

/** The table's state: what the controls wait for, and the version shown. */
async function tableState(page) {
  return page.evaluate(() => {
    const root = document.querySelector('.table-view');
    const controls = document.querySelector('.controls');
    return {
      version: Number(root?.getAttribute('data-version') || -1),
      state: controls?.getAttribute('data-state') || 'none',
      error: document.querySelector('.status .error')?.textContent || '',
    };
  });
}

/** Waits until the table shows an action for us, or the end (or a problem). */
async function waitForTurn(page) {
  const handle = await page.waitForFunction(() => {
    const state = document.querySelector('.controls')?.getAttribute('data-state') || '';
    if (state.startsWith('act-') || state === 'finished') return state;
    const error = document.querySelector('.status .error')?.textContent;
    return error ? `error: ${error}` : false;
  }, null, { timeout: STEP_MS, polling: 50 });
  return handle.jsonValue();
}

/** Presses Tab until `locator` has the focus, then Enter. */
async function keyboardPress(page, locator) {
  const target = await locator.elementHandle({ timeout: STEP_MS });
  for (let i = 0; i < 200; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press('Enter');
      return i;
    }
    await page.keyboard.press('Tab');
  }
  throw new TestFailure(`200 Tabs never reached ${await target.evaluate((el) => el.outerHTML.slice(0, 200))}`);
}

const pick = (n) => Math.floor(Math.random() * n);
/** A preset's name as the page shows it (web/help.js). */
const TITLES = { hasenpfeffer: 'Hasenpfeffer', 'hasenpfeffer-open': 'Hasenpfeffer (open auction)', pepper: 'Pepper', 'double-hasenpfeffer': 'Double Hasenpfeffer', euchre: 'Euchre', 'buck-euchre': 'Buck Euchre', bacon: 'Bacon', 'five-hundred': 'Five Hundred' };
const title = (preset) => TITLES[preset] || preset;

/** Every control used, over all the games played. */
const totals = {
  bid: 0, pass: 0, exchange: 0, alone: 0, pass_cards: 0, play: 0,
  order_up: 0, name_trump: 0, take_upcard: 0, leave_upcard: 0, stay: 0, drop: 0,
  pick_up: 0, pick_up_alone: 0, allow: 0, veto: 0, veto_alone: 0, bacon_exchange: 0,
  misere: 0, open_misere: 0, call: 0, joker_suit: 0,
};
/** Five Hundred: the card we last called a partner by. */
let lastCalled = null;

/**
 * Plays the game on `page` to its end: at each turn one of the offered controls, clicked (or
 * reached with Tab and pressed with Enter). Answers what was done. With `declare`, take the
 * contract: the highest bid, and going alone; in an upcard game, take the upcard up as the
 * dealer (else pass round 1, once some game has ordered up) and name a suit in round 2.
 * `onUpcard(kind)` is awaited before the first upcard call (`call`) and the first dealer's
 * exchange (`exchange`) of the game; `onDropOut()` before the first drop-out decision (Buck
 * Euchre: stay in or drop out), where we stay in mostly and drop out now and then (at least
 * once over all the games). In Bacon: pick up (alone), or pass, an upcard; as the caller's partner
 * allow, veto or veto going alone; as the seat left of the caller take the upcard, discarding
 * one of six cards face up (now and then the upcard itself); `onBacon(kind)` is awaited before
 * the first call (`call`), answer (`answer`) and exchange (`exchange`) of the game.
 */
async function playToTheEnd(page, label, { keyboard = false, declare = false, onFirstPlay, onUpcard, onDropOut, onBacon, onFive } = {}) {
  const press = async (locator) => {
    if (keyboard) await keyboardPress(page, locator);
    else await locator.click({ timeout: STEP_MS });
  };
  const done = {
    bid: 0, pass: 0, exchange: 0, alone: 0, pass_cards: 0, play: 0,
    order_up: 0, name_trump: 0, take_upcard: 0, leave_upcard: 0, stay: 0, drop: 0,
    pick_up: 0, pick_up_alone: 0, allow: 0, veto: 0, veto_alone: 0, bacon_exchange: 0,
    misere: 0, open_misere: 0, call: 0, joker_suit: 0,
  };
  const upcardSeen = new Set();
  // Five Hundred: its bids by tricks and strain, the kitty's exchange, the call of a partner.
  const five = /^Five Hundred/.test(await page.locator('.game-head h1').innerText());
  const fiveSeen = new Set();
  const baconSeen = new Set();
  const used = (k) => totals[k] + done[k];
  for (let move = 0; move < MAX_MOVES; move++) {
    step = `${label}: move ${move}`;
    const state = await waitForTurn(page);
    check(!state.startsWith('error'), `${label}: the page shows ${state}`);
    if (state === 'finished') return done;
    const before = (await tableState(page)).version;
    const phase = state.slice(4);
    const calls = page.locator('.controls button.call');
    const nCalls = phase === 'auction' ? await calls.count() : 0;
    const takeUp = page.locator('.controls button[data-key="confirm-take-upcard"]');
    const leave = page.locator('.controls button[data-key="leave-upcard"]');
    const upcardExchange = phase === 'exchange' && (await takeUp.count() + await leave.count()) > 0;
    // Bacon: its calls, its answers, and its exchange (the upcard offered beside the hand).
    const baconCall = phase === 'auction' && (await page.locator('.controls .bacon-calls').count()) > 0;
    const baconAnswer = phase === 'auction' && (await page.locator('.controls .answers').count()) > 0;
    const baconExchange = upcardExchange && (await page.locator('.hand [data-upcard="offered"]').count()) > 0;
    const baconKind = baconCall ? 'call' : baconAnswer ? 'answer' : baconExchange ? 'exchange' : null;
    if (baconKind && onBacon && !baconSeen.has(baconKind)) {
      baconSeen.add(baconKind);
      await onBacon(baconKind);
    }
    if ((nCalls > 0 || upcardExchange) && onUpcard) {
      const kind = nCalls > 0 ? 'call' : 'exchange';
      if (!upcardSeen.has(kind)) {
        upcardSeen.add(kind);
        await onUpcard(kind);
      }
    }
    const fiveKind = !five ? null : phase === 'auction' ? 'bids' : phase === 'exchange' ? 'exchange' : phase === 'alone' ? 'call' : null;
    if (fiveKind && onFive && !fiveSeen.has(fiveKind)) {
      fiveSeen.add(fiveKind);
      await onFive(fiveKind);
    }
    if (five && phase === 'auction') {
      // Five Hundred: the strain bids in a grid (a row per number of tricks), misère, open
      // misère and pass. Declaring: the highest strain bid (only open misère overcalls it);
      // else misère the first time of the run, now and then the lowest bid, mostly pass.
      const grid = page.locator('.controls .bid-grid button.bid');
      const nGrid = await grid.count();
      const misere = page.locator('.controls button[data-key="misere"]');
      const pass = page.locator('.controls button[data-key="pass"]');
      check((await pass.count()) === 1, `${label}: Five Hundred's bids offer no pass`);
      for (const key of await grid.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')))) {
        check(/^bid-(6|7|8|9|10)-(S|C|D|H|NT)$/.test(key || ''), `${label}: a bid button's key is ${key}`);
      }
      if (nGrid) check(/^Bid \d+ (spades|clubs|diamonds|hearts|no trump), \d+ points$/.test(await grid.first().locator('.visually-hidden').innerText()), `${label}: a bid reads "${await grid.first().innerText()}"`);
      if (declare && nGrid) {
        await press(grid.last());
        done.bid++;
      } else if (!declare && (await misere.count()) && used('misere') === 0) {
        check((await misere.innerText()).trim() === 'Misère (250)', `${label}: the misère button reads "${await misere.innerText()}"`);
        await press(misere);
        done.misere++;
      } else if (!declare && nGrid && Math.random() < 0.25) {
        await press(grid.first());
        done.bid++;
      } else {
        await press(pass);
        done.pass++;
      }
    } else if (five && phase === 'exchange') {
      // Five Hundred: the kitty is in our hand; choose as many cards as it held, then confirm.
      const confirm = page.locator('.controls button[data-key="confirm-exchange"]');
      const need = Number((await confirm.innerText()).match(/Choose (\d+) cards/)?.[1] || 0);
      check(need >= 2 && need <= 4, `${label}: the kitty's exchange asks for ${need} cards ("${await confirm.innerText()}")`);
      check(!(await confirm.isEnabled()), `${label}: the exchange can be confirmed before choosing`);
      const cards = page.locator('.hand button.card');
      const n = await cards.count();
      check((await page.locator('.hand .card.from-widow').count()) === need, `${label}: the kitty's ${need} cards are not marked in the hand`);
      const chosen = new Set();
      while (chosen.size < need) chosen.add(pick(n));
      for (const i of chosen) await press(cards.nth(i));
      check(await confirm.isEnabled(), `${label}: the exchange cannot be confirmed after choosing ${need} cards`);
      check((await confirm.innerText()).trim() === `Discard these ${need}`, `${label}: the exchange's button reads "${await confirm.innerText()}"`);
      await press(confirm);
      done.exchange++;
    } else if (five && phase === 'alone') {
      // Five Hundred for five: call a partner by a card (or, now and then, play alone).
      const calls = page.locator('.controls .call-suit button.card');
      const n = await calls.count();
      const alone = page.locator('.controls button[data-key="alone-true"]');
      check(n > 0 && (await alone.count()) === 1, `${label}: the call offers ${n} cards and ${await alone.count()} 'Play alone'`);
      if (used('call') > 0 && Math.random() < 0.2) {
        await press(alone);
        done.alone++;
      } else {
        const card = calls.nth(pick(n));
        lastCalled = await card.getAttribute('data-card');
        check((await card.getAttribute('data-key')) === `call-${lastCalled}`, `${label}: a called card's key is ${await card.getAttribute('data-key')}`);
        await press(card);
        done.call++;
      }
    } else if (baconCall) {
      // Bacon: pick up (the first time of all, and when declaring), pick up alone (the first
      // time after that, and now and then), or pass.
      const pass = page.locator('.controls button[data-key="pass"]');
      const pickUp = page.locator('.controls button[data-key="pick-up"]');
      const alone = page.locator('.controls button[data-key="pick-up-alone"]');
      check((await pass.count()) === 1 && (await pickUp.count()) === 1, `${label}: Bacon's calls offer ${await page.locator('.controls button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')))}`);
      check(/^Pick up \S+\s(clubs|diamonds|hearts|spades)$/.test((await pickUp.innerText()).trim()), `${label}: the pick-up button reads "${await pickUp.innerText()}"`);
      const canAlone = (await alone.count()) > 0;
      if (canAlone) check(/^Pick up \S+\s\w+ alone$/.test((await alone.innerText()).trim()), `${label}: the pick-up-alone button reads "${await alone.innerText()}"`);
      const r = Math.random();
      if (canAlone && (declare ? used('pick_up_alone') === 0 || r < 0.5 : used('pick_up') > 0 && used('pick_up_alone') === 0 || r < 0.08)) {
        await press(alone);
        done.pick_up_alone++;
      } else if (declare || used('pick_up') === 0 || r < 0.3) {
        await press(pickUp);
        done.pick_up++;
      } else {
        await press(pass);
        done.pass++;
      }
    } else if (baconAnswer) {
      // Bacon: our partner picked up: allow (mostly), veto, or veto going alone.
      const keys = await page.locator('.controls .answers button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')));
      check(JSON.stringify(keys) === '["allow","veto"]' || JSON.stringify(keys) === '["allow","veto","veto-alone"]', `${label}: Bacon's answers are ${keys}`);
      const text = await page.locator('.controls').innerText();
      check(/Your partner, .+ \(seat 2\), picked up the /.test(text), `${label}: the answer's words do not say whose pick-up: "${text}"`);
      const r = Math.random();
      const key = keys.includes('veto-alone') && (used('veto_alone') === 0 || r < 0.2) ? 'veto-alone'
        : used('veto') === 0 || r < 0.3 ? 'veto' : 'allow';
      await press(page.locator(`.controls button[data-key="${key}"]`));
      done[{ 'veto-alone': 'veto_alone', veto: 'veto', allow: 'allow' }[key]]++;
    } else if (baconExchange) {
      // Bacon: we sit left of the caller: the upcard is offered beside our five cards; one of
      // the six is discarded face up (the upcard itself the first time, then any).
      const cards = page.locator('.hand button.card');
      check((await cards.count()) === 6, `${label}: Bacon's exchange offers ${await cards.count()} cards, not six`);
      check(!(await takeUp.isEnabled()), `${label}: the upcard can be taken before a discard is chosen`);
      const offered = page.locator('.hand button.card[data-upcard="offered"]');
      const target = used('bacon_exchange') === 0 ? offered : cards.nth(pick(6));
      const card = await target.getAttribute('data-card');
      await press(target);
      check(await takeUp.isEnabled(), `${label}: the upcard cannot be taken after choosing a discard`);
      check(/face up$/.test((await takeUp.innerText()).trim()), `${label}: the exchange's button reads "${await takeUp.innerText()}" (the ${card})`);
      await press(takeUp);
      done.bacon_exchange++;
    } else if (nCalls > 0) {
      // An upcard game's calls: round 1 orders the upcard up (the dealer takes it up), round 2
      // names a suit; or a pass.
      const pass = page.locator('.controls button.pass');
      const orderUp = page.locator('.controls button.call[data-key="order-up"]');
      const round1 = (await orderUp.count()) > 0;
      const dealer = round1 && /^Take it up/.test(await orderUp.innerText());
      const canPass = (await pass.count()) > 0;
      // Declaring: round 1 as the dealer (or until some game has ordered up), round 2 always.
      const first = totals.order_up + done.order_up === 0;
      const call = !canPass || (declare ? !round1 || dealer || first : Math.random() < 0.4);
      if (call) {
        const target = round1 ? orderUp : calls.nth(pick(nCalls));
        const key = await target.getAttribute('data-key');
        check(round1 ? key === 'order-up' : /^name-trump-[CDHS]$/.test(key || ''), `${label}: a call button's key is ${key}`);
        await press(target);
        done[round1 ? 'order_up' : 'name_trump']++;
      } else {
        await press(pass);
        done.pass++;
      }
    } else if (upcardExchange) {
      // The dealer's exchange: the upcard taken up for a card of the hand, or left on the stub
      // (once it has been taken up in some game, now and then, and at least once).
      const taken = totals.take_upcard + done.take_upcard;
      const left = totals.leave_upcard + done.leave_upcard;
      if ((await leave.count()) > 0 && taken > 0 && (left === 0 || Math.random() < 0.3)) {
        await press(leave);
        done.leave_upcard++;
      } else {
        const cards = page.locator('.hand button.card');
        const n = await cards.count();
        check(n > 0, `${label}: the dealer's exchange offers no card to discard`);
        check(!(await takeUp.isEnabled()), `${label}: the upcard can be taken up before a discard is chosen`);
        await press(cards.nth(pick(n)));
        check(await takeUp.isEnabled(), `${label}: the upcard cannot be taken up after choosing a discard`);
        await press(takeUp);
        done.take_upcard++;
      }
    } else if (phase === 'auction') {
      const pass = page.locator('.controls button.pass');
      const bids = page.locator('.controls button.bid');
      const nBids = await bids.count();
      if (declare && nBids > 0) {
        // The highest bid: nobody overcalls it, so the exchange (and going alone) is ours.
        await press(bids.last());
        done.bid++;
      } else if (nBids > 0 && ((await pass.count()) === 0 || Math.random() < 0.4)) {
        // Bid now and then (the lowest bid, so that hands are made and the game ends), else pass.
        await press(bids.first());
        done.bid++;
      } else {
        await press(pass);
        done.pass++;
      }
    } else if (phase === 'exchange') {
      const trumps = page.locator('.controls button.trump');
      await press(trumps.nth(pick(await trumps.count())));
      const discards = await page.locator('.hand button.card').count();
      // As many cards as the widow held (none without a widow): choose from the end of the hand.
      const need = Number((await page.locator('.controls p').filter({ hasText: 'Choose' }).first()
        .textContent({ timeout: 1_000 }).catch(() => 'Choose 0'))?.match(/Choose (\d+)/)?.[1] || 0);
      for (let k = 0; k < need; k++) await press(page.locator('.hand button.card').nth(discards - 1 - k));
      const confirm = page.locator('.controls button[data-key="confirm-exchange"]');
      check(await confirm.isEnabled(), `${label}: the exchange cannot be confirmed after choosing trump and ${need} card(s)`);
      await press(confirm);
      done.exchange++;
    } else if (phase === 'drop_out') {
      if (onDropOut && done.stay + done.drop === 0) await onDropOut();
      const stay = page.locator('.controls button[data-key="stay"]');
      const drop = page.locator('.controls button[data-key="drop"]');
      check((await stay.count()) === 1, `${label}: the drop-out controls offer no 'Stay in'`);
      check((await stay.innerText()).trim() === 'Stay in', `${label}: the stay button reads "${await stay.innerText()}"`);
      const canDrop = (await drop.count()) > 0;
      if (canDrop) check((await drop.innerText()).trim() === 'Drop out', `${label}: the drop button reads "${await drop.innerText()}"`);
      // The first decision of all, with the keyboard (Tab to it, Enter).
      const decide = totals.stay + totals.drop + done.stay + done.drop === 0 ? (l) => keyboardPress(page, l) : press;
      if (canDrop && (totals.drop + done.drop === 0 || Math.random() < 0.25)) {
        await decide(drop);
        done.drop++;
      } else {
        await decide(stay);
        done.stay++;
      }
    } else if (phase === 'alone') {
      const options = page.locator(declare ? '.controls button[data-key="alone-true"]' : '.controls button[data-key^="alone-"]');
      await press(options.nth(pick(await options.count())));
      done.alone++;
    } else if (phase === 'pass_cards') {
      const cards = page.locator('.hand button.card');
      await press(cards.nth(0));
      await press(cards.nth(1));
      const confirm = page.locator('.controls button[data-key="confirm-pass"]');
      check(await confirm.isEnabled(), `${label}: passing two cards cannot be confirmed`);
      await press(confirm);
      done.pass_cards++;
    } else if (phase === 'play') {
      if (onFirstPlay && done.play === 0) await onFirstPlay();
      const legal = page.locator('.hand button.card:not([disabled])');
      const n = await legal.count();
      check(n > 0, `${label}: it is our turn to play but no card can be pressed`);
      const all = await page.locator('.hand button.card').count();
      check(all >= n, `${label}: more legal cards than cards`);
      await press(legal.nth(pick(n)));
      done.play++;
      // Five Hundred at no trump: the joker led asks which suit it names.
      if (five && (await page.locator('.controls .joker-suits').count())) {
        const suits = page.locator('.controls .joker-suits button.joker-suit');
        check((await suits.count()) >= 1, `${label}: the joker's suits are not offered`);
        await press(suits.nth(pick(await suits.count())));
        done.joker_suit++;
      }
    } else {
      throw new TestFailure(`${label}: unknown state ${state}`);
    }
    // The answer (a new version) or a problem shown.
    await page.waitForFunction((v) => {
      const root = document.querySelector('.table-view');
      return Number(root?.getAttribute('data-version') || -1) > v || !!document.querySelector('.status .error');
    }, before, { timeout: STEP_MS, polling: 50 });
    const after = await tableState(page);
    check(!after.error, `${label}: after a ${phase} move the page shows: ${after.error}`);
  }
  throw new TestFailure(`${label}: not over after ${MAX_MOVES} moves`);
}

/** Fills the home page's form for a new game of `preset` and starts it; answers the game id. */
async function startGame(page, preset, seats, { target = TARGET, name, players, sides, beforeStart } = {}) {
  step = `start a ${preset} game`;
  await page.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
  await page.locator(`#preset option[value="${preset}"]`).waitFor({ state: 'attached' });
  await page.selectOption('#preset', preset);
  if (players) await page.selectOption('#players', String(players));
  if (sides) await page.selectOption('#sides', sides);
  const pickers = await page.locator('select[id^="seat-"]').count();
  check(pickers === seats.length, `the home page offers ${pickers} seat pickers for ${preset}${players ? ` with ${players} players` : ''}, not ${seats.length}`);
  if (target) await page.fill('#target', String(target));
  if (name) await page.fill('#name', name);
  for (const [i, s] of seats.entries()) await page.selectOption(`#seat-${i}`, s);
  if (beforeStart) await beforeStart();
  await page.click('#create button[type=submit]');
  await page.waitForURL(/#\/game\/[^/]+(\/watch)?$/, { timeout: STEP_MS });
  await page.locator('.table-view[data-version]').waitFor({ timeout: STEP_MS });
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
}

/**
 * A person plays pepper for three (every player alone) against two house players to the end;
 * the table shows three seats and a score and tricks per player, and the end names the winner
 * or the tied winners as the API's final view has them. Screenshot and axe at the first card.
 */
async function playThree(page, label) {
  const id = await startGame(page, 'pepper', ['you', 'heuristic', 'expert'], { name: 'Trio', players: 3 });
  step = `pepper for three (${label}): the table`;
  check((await page.locator('.felt.n3 .seat').count()) === 3, `the 3-player table of ${id} shows ${await page.locator('.seat').count()} seats`);
  const names = await page.locator('.scoreboard .team-name').allInnerTexts();
  check(JSON.stringify(names) === JSON.stringify(['Seat 0 (you)', 'Seat 1 (Heuristic bot)', 'Seat 2 (Expert bot)']),
    `the 3-player scoreboard names ${JSON.stringify(names)}`);
  check((await page.locator('.scoreboard .won').count()) === 3, 'the 3-player scoreboard does not count tricks per player');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  const width = page.viewportSize()?.width || 0;
  check(wide <= width, `the 3-player table is ${wide} px wide in a ${width} px window`);
  let shotTaken = false;
  const done = await playToTheEnd(page, `pepper for three (${label})`, {
    onFirstPlay: async () => {
      if (shotTaken) return;
      shotTaken = true;
      await axe(page, `3-player table (${label})`);
      await shot(page, `table3-${label}`);
    },
  });
  step = `pepper for three (${label}): the end`;
  const final = await api(`/v1/games/${id}`);
  check(final.status === 'finished' && final.scores.length === 3 && final.winners.length > 0, `the API's final view of ${id}: ${JSON.stringify({ status: final.status, scores: final.scores, winners: final.winners })}`);
  const result = page.locator('.controls .result');
  const text = await result.innerText();
  check((await result.getAttribute('data-winners')) === final.winners.join(' '), `the page's winners are "${await result.getAttribute('data-winners')}", the API's ${final.winners}`);
  if (final.winners.length === 1 && final.winners[0] === 0) {
    check(/Game over: you win\./.test(text), `we won, and the end reads "${text}"`);
  } else {
    for (const w of final.winners) check(text.includes(w === 0 ? 'Seat 0 (you)' : `Seat ${w} (`), `the end "${text}" does not name seat ${w} among the winners`);
    check(final.winners.length === 1 ? / wins\./.test(text) : /a tie for first/.test(text), `the end reads "${text}" for winners ${final.winners}`);
  }
  check(text.includes(`Final scores: seat 0: ${final.scores[0]}, seat 1: ${final.scores[1]}, seat 2: ${final.scores[2]}.`), `the end "${text}" does not show the API's scores ${final.scores}`);
  await shot(page, `finished3-${label}`);
  log(`pepper for three (${label}): game ${id} played to the end (${Object.entries(done).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ')}): ${text}`);
  const log0 = await api(`/v1/games/${id}/log`);
  const hand = log0.hands.find((x) => x.result === 'played' && x.tricks.length > 0);
  check(hand, `game ${id} has no played hand in its log`);
  return { id, hand };
}

/**
 * An upcard game's table as the page shows it, against the API's spectator view: the upcard
 * and its fate on the stub, the calls by round, the maker.
 */
async function checkUpcardTable(page, preset) {
  const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
  const view = await api(`/v1/games/${id}`);
  check(view.upcard && typeof view.upcard.card === 'string', `${preset}: the API's view of ${id} has no upcard: ${JSON.stringify(view.upcard)}`);
  const version = Number(await page.locator('.table-view').getAttribute('data-version'));
  if (version !== view.version) return; // the house players moved on meanwhile: nothing to compare
  const figure = page.locator('.centre figure.upcard');
  check((await figure.count()) === 1, `${preset}: the table shows ${await figure.count()} upcards`);
  check((await figure.getAttribute('data-fate')) === view.upcard.fate, `${preset}: the upcard is ${await figure.getAttribute('data-fate')} on the page, ${view.upcard.fate} in the API`);
  check((await figure.locator('.card').getAttribute('data-card')) === view.upcard.card, `${preset}: the page's upcard is not the API's ${view.upcard.card}`);
  const items = await page.locator('.auction ol[data-round] li').allInnerTexts();
  check(items.length === view.upcard_calls.length, `${preset}: the page lists ${items.length} calls, the API ${view.upcard_calls.length}`);
  for (const [i, c] of view.upcard_calls.entries()) {
    const want = c.trump === null ? /: pass$/ : c.round === 1 ? /: order up .+$/ : /: names .+$/;
    check(want.test(items[i]), `${preset}: call ${i} reads "${items[i]}" for ${JSON.stringify(c)}`);
  }
  if (view.contract) check(/^(Maker|Declarer): /.test(await page.locator('.centre .contract').innerText()), `${preset}: the maker is not shown`);
}

/**
 * The replay of an upcard game's played hand: the deal names the upcard, the calls are steps
 * (a pass, an order up or a suit named), the dealer's exchange is told, and it ends on the
 * hand's result.
 */
async function replayUpcardHand(page, preset, id) {
  step = `${preset}: the replay`;
  const log0 = await api(`/v1/games/${id}/log`);
  const hand = log0.hands.find((x) => x.result === 'played' && x.tricks.length > 0);
  check(hand && hand.upcard, `${preset}: game ${id} has no played hand with an upcard in its log`);
  await page.goto(`${BASE_URL}/#/replay/${id}/${hand.number}/0`);
  const stepText = page.locator('.step-text');
  await stepText.waitFor();
  const first = await stepText.innerText();
  check(first.includes('The upcard is the'), `${preset}: the replay's deal reads "${first}"`);
  const texts = [];
  for (let i = 0; i < hand.upcard_calls.length + 1; i++) {
    await page.click('button[data-step="forward"]');
    texts.push(await stepText.innerText());
  }
  for (const [i, c] of hand.upcard_calls.entries()) {
    const want = c.trump === null ? /: pass\./ : c.round === 1 ? /: order up \w+\./ : /: names \w+\./;
    check(want.test(texts[i]), `${preset}: replay step ${i + 1} reads "${texts[i]}" for the call ${JSON.stringify(c)}`);
  }
  const exchange = texts[hand.upcard_calls.length];
  const told = !hand.contract ? /nobody declare/
    : { taken: /takes up the .* and discards /, left: /leaves the .* on the stub/ }[hand.upcard.fate] || /made \w+ trump/;
  check(told.test(exchange), `${preset}: after the calls the replay reads "${exchange}" (the upcard ${hand.upcard.fate})`);
  check((await page.locator('.replay .upcard-shown').count()) === 1, `${preset}: the replay does not show the upcard`);
  await page.click('button[data-step="last"]');
  const end = await stepText.innerText();
  check(/Hand over/.test(end), `${preset}: the replay ends on "${end}"`);
  await page.click('button[data-step="first"]');
  for (let i = 0; i < hand.upcard_calls.length + 1; i++) await page.click('button[data-step="forward"]');
  await axe(page, `${preset} replay (desktop)`);
  await shot(page, `${preset}-replay-desktop`);
  log(`${preset}: replay of hand ${hand.number} of ${id}: ${hand.upcard_calls.length} calls, then "${exchange}"`);
}

/**
 * Buck Euchre's table against the API's spectator view (when the page shows the same version):
 * a score per player as the API's, the countdown in words, each decided seat's stay or drop
 * (dropped seats from `sitting_out`), and a hand nobody declared said so; in the drop-out phase
 * on our turn, 'Stay in' (and 'Drop out' where it may) with their keys.
 */
async function checkBuckTable(page, preset) {
  const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
  const view = await api(`/v1/games/${id}`);
  const version = Number(await page.locator('.table-view').getAttribute('data-version'));
  if (version !== view.version) return false; // the house players moved on meanwhile
  check(view.scores.length === 4 && view.ruleset.game_end === 'lowest_at_zero', `${preset}: the API's view: ${JSON.stringify({ scores: view.scores, ruleset: view.ruleset })}`);
  const names = await page.locator('.scoreboard .team-name').allInnerTexts();
  check(names.length === 4 && names[0] === 'Seat 0 (you)', `${preset}: the scoreboard names ${JSON.stringify(names)}`);
  const scores = await page.locator('.scoreboard .score').allInnerTexts();
  check(JSON.stringify(scores.map(Number)) === JSON.stringify(view.scores), `${preset}: the page's scores ${scores}, the API's ${view.scores}`);
  const head = await page.locator('.game-head').innerText();
  check(head.includes(`Counting down from ${view.ruleset.target_score}: the lowest score wins`) && head.includes('every player alone'), `${preset}: the header reads "${head}"`);
  check((await page.locator('.score-rule').count()) === 1, `${preset}: the countdown's rule is not shown`);
  for (let s = 0; s < 4; s++) {
    const seat = page.locator(`.felt .seat[data-seat="${s}"]`);
    const out = view.sitting_out.includes(s);
    check((await seat.evaluate((el) => el.classList.contains('out'))) === out, `${preset}: seat ${s} is ${out ? '' : 'not '}out in the API, the page differs`);
    const decision = await seat.getAttribute('data-decision');
    if (out) check(decision === 'drop' && (await seat.innerText()).includes('dropped out'), `${preset}: seat ${s} dropped out, the page says ${decision}`);
    if (decision === 'stay') check(!out && (await seat.innerText()).includes('stays in'), `${preset}: seat ${s} stays in, the page says otherwise`);
  }
  const decided = await page.locator('.auction ol.drop-outs li').evaluateAll((ls) => ls.map((l) => [Number(l.getAttribute('data-seat')), l.getAttribute('data-decision')]));
  for (const [s, d] of decided) check((d === 'drop') === view.sitting_out.includes(s), `${preset}: the calls panel says seat ${s} ${d}s, sitting_out is ${view.sitting_out}`);
  if (view.phase === 'play') {
    // Every other seat has decided once play starts after a declarer.
    if (view.contract) check(decided.length === 3, `${preset}: ${decided.length} decisions shown in play`);
    const contract = await page.locator('.centre .contract').innerText();
    if (!view.contract) {
      const want = view.trump === 'NT' ? /No trump: everyone passed twice, nobody declared/ : /Clubs turned up: clubs are trump, nobody declared/;
      check(want.test(contract), `${preset}: a hand nobody declared (trump ${view.trump}) reads "${contract}"`);
    } else {
      check(contract.startsWith('Declarer: '), `${preset}: the declarer is not shown: "${contract}"`);
    }
  }
  if (view.phase === 'drop_out' && view.turn === 0) {
    const keys = await page.locator('.controls .drop-outs button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')));
    check(keys.includes('stay') && keys.every((k) => k === 'stay' || k === 'drop'), `${preset}: the drop-out controls are ${keys}`);
    check(/stay in or drop out|stay in/.test(await page.locator('.controls .prompt').innerText()), `${preset}: the prompt reads "${await page.locator('.controls .prompt').innerText()}"`);
  }
  return true;
}

/**
 * Buck Euchre's replay, of hands of the games `ids`: a hand a declarer made (one with drop-outs
 * if any) tells, after the calls and the step that made trump, each other player's stay or drop
 * as the log's `dropped` has them; an all_dropped hand ends with the declarer taking every
 * trick; a hand nobody declared says so.
 */
async function replayBuckHand(page, preset, ids) {
  step = `${preset}: the replay`;
  const hands = [];
  for (const id of ids) for (const hand of (await api(`/v1/games/${id}/log`)).hands) hands.push({ id, hand });
  const stepText = page.locator('.step-text');
  let id = '';
  const open = async (hand) => {
    await page.goto(`${BASE_URL}/#/replay/${id}/${hand.number}/0`);
    await stepText.waitFor();
    // The steps after the deal: the calls, then with a declarer the step that made trump (the
    // dealer's taking up the upcard, or the suit named) and the three drop-out decisions; or
    // the words for a hand nobody declared.
    const texts = [];
    const n = (hand.upcard_calls || []).length + (hand.contract ? 4 : 1);
    for (let i = 0; i < n; i++) {
      await page.click('button[data-step="forward"]');
      texts.push(await stepText.innerText());
    }
    return texts;
  };
  const pick = (f) => {
    const found = hands.find((x) => f(x.hand));
    if (found) id = found.id;
    return found?.hand;
  };
  const declared = pick((x) => x.result === 'played' && x.dropped) || pick((x) => x.dropped) || pick((x) => x.contract);
  check(declared, `${preset}: no hand of games ${ids} had a declarer`);
  {
    const texts = await open(declared);
    const seats = [1, 2, 3].map((i) => (declared.contract.seat + i) % 4);
    const told = texts.slice(-3);
    for (const [i, s] of seats.entries()) {
      const drops = (declared.dropped || []).includes(s);
      check(new RegExp(`\\(seat ${s}\\) ${drops ? 'drops out' : 'stays in'}\\.$`).test(told[i]), `${preset}: replay of hand ${declared.number}: seat ${s} ${drops ? 'dropped' : 'stayed'}, the step reads "${told[i]}"`);
    }
    check((await page.locator('.replay .seat.out').count()) === (declared.dropped || []).length, `${preset}: the replay shows ${await page.locator('.replay .seat.out').count()} seats out, ${(declared.dropped || []).length} dropped`);
    if (declared.dropped) await shot(page, `buck-replay-desktop`);
    await page.click('button[data-step="last"]');
    const end = await stepText.innerText();
    const want = declared.result === 'all_dropped' ? /Everyone else dropped out: .* takes all five tricks without play\./ : /Hand over/;
    check(want.test(end) && end.includes(`Scores: seat 0: ${declared.scores[0]}, seat 1: ${declared.scores[1]}, seat 2: ${declared.scores[2]}, seat 3: ${declared.scores[3]}.`), `${preset}: the replay of hand ${declared.number} ends on "${end}"`);
    log(`${preset}: replay of hand ${declared.number} of ${id}: ${told.join(' ')} … ${end}`);
    await axe(page, `${preset} replay (desktop)`);
  }
  const nobody = pick((x) => !x.contract);
  if (nobody) {
    const texts = await open(nobody);
    check(/nobody declare/.test(texts[texts.length - 1]), `${preset}: the replay of hand ${nobody.number} (no declarer, trump ${nobody.trump}) reads "${texts[texts.length - 1]}"`);
    log(`${preset}: replay of hand ${nobody.number} of ${id}: "${texts[texts.length - 1]}"`);
  }
  if (!declared.dropped) await shot(page, 'buck-replay-desktop');
}

/**
 * Bacon's table against the API's spectator view (when the page shows the same version): the
 * scores, Bacon's scoring rule in words, the upcard being called with its number and fate, the
 * upcards passed (face up), the taker's face-up discard and who took it, the calls panel by
 * upcard with each pick-up's answer, the caller, who goes alone and who sits out. Answers
 * whether it compared (false when the house players moved on meanwhile).
 */
async function checkBaconTable(page, label) {
  const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
  const view = await api(`/v1/games/${id}`);
  const version = Number(await page.locator('.table-view').getAttribute('data-version'));
  if (version !== view.version) return false;
  check(view.ruleset.auction === 'successive_upcards' && view.scores.length === 2, `${label}: the API's view: ${JSON.stringify({ ruleset: view.ruleset, scores: view.scores })}`);
  const scores = await page.locator('.scoreboard .score').allInnerTexts();
  check(JSON.stringify(scores.map(Number)) === JSON.stringify(view.scores), `${label}: the page's scores ${scores}, the API's ${view.scores}`);
  const rule = await page.locator('.score-rule').innerText();
  check(rule.includes('Only a side that takes 3 or more tricks scores') && rule.includes(`The first side to ${view.ruleset.target_score} wins`), `${label}: the scoring rule reads "${rule}"`);
  const passed = await page.locator('.centre .passed-upcards .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-card')));
  check(JSON.stringify(passed) === JSON.stringify(view.passed_upcards), `${label}: the page's passed upcards ${passed}, the API's ${view.passed_upcards}`);
  const discard = page.locator('.centre .face-up-discard');
  const up = view.upcard;
  if (view.status !== 'finished') {
    const figure = page.locator('.centre figure.upcard');
    check((await figure.count()) === 1 && up, `${label}: the table shows ${await figure.count()} upcards, the API ${JSON.stringify(up)}`);
    check((await figure.getAttribute('data-fate')) === up.fate, `${label}: the upcard is ${await figure.getAttribute('data-fate')} on the page, ${up.fate} in the API`);
    check((await figure.locator('.card').getAttribute('data-card')) === up.card, `${label}: the page's upcard is not the API's ${up.card}`);
    check(Number(await figure.getAttribute('data-number')) === view.passed_upcards.length + 1, `${label}: the page's upcard is number ${await figure.getAttribute('data-number')}, ${view.passed_upcards.length} were passed`);
    const caption = await figure.locator('figcaption').innerText();
    check(caption.startsWith(`Upcard ${view.passed_upcards.length + 1} of 4`), `${label}: the upcard's caption reads "${caption}"`);
    if (up.discard) {
      check((await discard.getAttribute('data-card')) === up.discard && Number(await discard.getAttribute('data-seat')) === up.taken_by, `${label}: the face-up discard on the page is ${await discard.getAttribute('data-card')} by ${await discard.getAttribute('data-seat')}, the API's ${up.discard} by ${up.taken_by}`);
      check(caption.includes('taken by'), `${label}: the taken upcard's caption reads "${caption}"`);
      const taker = await page.locator(`.felt .seat[data-seat="${up.taken_by}"] .badges`).innerText();
      check(/holds the upcard|took the upcard/.test(taker), `${label}: the taker's seat ${up.taken_by} reads "${taker}"`);
    } else {
      check((await discard.count()) === 0, `${label}: a face-up discard is shown before the upcard is taken`);
    }
  }
  const items = await page.locator('.auction ol[data-round] li').evaluateAll((ls) => ls.map((l) => ({
    seat: Number(l.getAttribute('data-seat')), call: l.getAttribute('data-call'), answer: l.getAttribute('data-answer'), text: l.textContent || '',
  })));
  if (view.status !== 'finished') {
    check(items.length === view.upcard_calls.length, `${label}: the calls panel lists ${items.length} calls, the API ${view.upcard_calls.length}`);
    for (const [i, c] of view.upcard_calls.entries()) {
      const want = c.trump === null ? 'pass' : c.alone ? 'pick_up_alone' : 'pick_up';
      const it = items[i];
      check(it.seat === c.seat && it.call === want && (it.answer || null) === (c.answer || null), `${label}: call ${i} on the page is ${JSON.stringify(it)}, the API's ${JSON.stringify(c)}`);
      if (c.answer) check(it.text.includes(`answered: ${{ allow: 'allow', veto: 'veto', veto_alone: 'veto going alone' }[c.answer]}`), `${label}: call ${i} reads "${it.text}"`);
    }
    const rounds = await page.locator('.auction ol[data-round]').evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('data-round'))));
    check(JSON.stringify(rounds) === JSON.stringify([...new Set(view.upcard_calls.map((c) => c.round))]), `${label}: the calls panel's upcards are ${rounds}`);
  }
  const contract = await page.locator('.centre .contract').innerText();
  if (view.contract && view.status !== 'finished') {
    const caller = view.contract.seat === 0 ? 'Caller: You' : `(seat ${view.contract.seat})`;
    check(contract.startsWith('Caller: ') && contract.includes(caller), `${label}: the caller, seat ${view.contract.seat}, is shown as "${contract}"`);
  }
  for (let s = 0; s < 4; s++) {
    const seat = page.locator(`.felt .seat[data-seat="${s}"]`);
    const out = view.sitting_out.includes(s);
    check((await seat.evaluate((el) => el.classList.contains('out'))) === out, `${label}: seat ${s} is ${out ? '' : 'not '}sitting out in the API, the page differs`);
    // Each badge's own text, spaced: the player's own seat on the felt is hidden (its copy is in
    // the dock), and a hidden element's innerText runs its badges together.
    const badges = await seat.locator('.badges').evaluate((el) => [...el.children].map((c) => c.textContent?.trim() ?? '').join(' ') || (el.textContent ?? ''));
    if (out) check(badges.includes('sits out'), `${label}: seat ${s} sits out, its badges read "${badges}"`);
    if (view.alone === s) check(/\balone\b/.test(badges), `${label}: seat ${s} goes alone, its badges read "${badges}"`);
    check(badges.includes('dealer') === (view.dealer === s), `${label}: the dealer is seat ${view.dealer}, seat ${s}'s badges read "${badges}"`);
  }
  if (view.alone !== null && view.status !== 'finished') {
    const note = await page.locator('.auction .alone-note').innerText();
    check(note.includes(`(seat ${view.alone}) goes alone`) || (view.alone === 0 && note.startsWith('You go alone')), `${label}: the calls panel reads "${note}" of the loner`);
  }
  return true;
}

/** A Bacon deal: the four hands (seat 0 first) and the first upcards; the rest of the 52 cards follow in order. */
function baconDeal(dealer, hands, upcards) {
  const all = ['C', 'D', 'H', 'S'].flatMap((s) => '23456789TJQKA'.split('').map((r) => r + s));
  const used = new Set([...hands.flat(), ...upcards]);
  return { dealer, hands, widow: [...upcards, ...all.filter((c) => !used.has(c))] };
}

/**
 * Bacon's replay of `hand` of game `id`: each call and answer a step (the caller's partner's
 * words), each upcard the dealer passed discarded face up and the next turned, the taker's
 * face-up discard, and the end (an acquitted hand said so). Answers the step texts.
 */
async function replayBaconHand(page, label, id, hand) {
  step = `${label}: the replay of hand ${hand.number}`;
  await page.goto(`${BASE_URL}/#/replay/${id}/${hand.number}/0`);
  const stepText = page.locator('.step-text');
  await stepText.waitFor();
  const texts = [await stepText.innerText()];
  check(texts[0].includes(`The first upcard is the `), `${label}: the replay's deal reads "${texts[0]}"`);
  const calls = hand.upcard_calls;
  const answers = calls.filter((c) => c.answer).length;
  const taken = hand.contract && hand.upcard?.fate === 'taken';
  for (let i = 0; i < calls.length + answers + (taken ? 1 : 0); i++) {
    await page.click('button[data-step="forward"]');
    texts.push(await stepText.innerText());
  }
  let at = 1;
  for (const c of calls) {
    const t = texts[at++];
    check(c.trump === null ? / passes the .+\./.test(t) : new RegExp(` picks up the .+${c.alone ? ' alone' : ''}: \\w+ would be trump\\.`).test(t), `${label}: the replay's step for ${JSON.stringify(c)} reads "${t}"`);
    const vetoed = c.answer === 'veto';
    if (c.answer) {
      const a = texts[at++];
      const want = { allow: / allows: \w+ are trump/, veto: / vetoes: as if .+ had passed\./, veto_alone: / vetoes going alone: the pick-up stands/ }[c.answer];
      check(want.test(a) && a.includes(`(seat ${(c.seat + 2) % 4})`), `${label}: the replay's answer step for ${JSON.stringify(c)} reads "${a}"`);
      if (c.alone && c.answer === 'allow') check(a.includes('goes alone') && a.includes('sits out'), `${label}: the replay's allow of a pick-up alone reads "${a}"`);
    }
    if ((c.trump === null || vetoed) && c.seat === hand.dealer) {
      const t2 = texts[at - 1];
      check(c.round < 4 ? /is discarded face up; upcard \d is the / .test(t2) : /All four upcards passed: the hand is acquitted/.test(t2), `${label}: the dealer's pass of upcard ${c.round} reads "${t2}"`);
    }
  }
  if (taken) {
    const t = texts[at];
    const discard = hand.upcard.discard;
    check(/on the caller's left, takes the upcard, the .+, and discards .+ face up/.test(t) && t.includes(`(seat ${hand.upcard.taken_by})`), `${label}: the replay's exchange step reads "${t}"`);
    check(discard === hand.upcard.card ? t.includes('discards it face up') : t.includes(`discards the `), `${label}: the exchange step "${t}" for the discard ${discard}`);
    check((await page.locator('.replay .face-up-discard').getAttribute('data-card')) === discard, `${label}: the replay's face-up discard is not the log's ${discard}`);
  }
  await page.click('button[data-step="last"]');
  const end = await stepText.innerText();
  const scores = `Scores: team 0: ${hand.scores[0]}, team 1: ${hand.scores[1]}.`;
  const want = hand.result === 'acquitted' ? /^All four upcards passed: the hand is acquitted, with no points; .+ deals again\./ : /^Hand over\. Tricks: /;
  check(want.test(end) && end.includes(scores), `${label}: the replay of hand ${hand.number} (${hand.result}) ends on "${end}"`);
  texts.push(end);
  log(`${label}: replay of hand ${hand.number} of ${id} (${hand.result}, ${calls.length} calls, ${answers} answers): ${texts.slice(1, at + (taken ? 1 : 0)).join(' | ')} … ${end}`);
  return texts;
}

/**
 * Bacon from chosen deals (house players are heuristic, whose calls on these deals are checked
 * through the API first):
 *   - our partner (seat 2) picks up the nine of hearts alone with the five best hearts: the
 *     answer controls (Allow, Veto, Veto going alone) name whose pick-up; in three games we veto
 *     going alone (with the keyboard; that game is played to the end), veto, and allow (we sit
 *     out, our partner alone);
 *   - seat 3 picks up alone and its partner allows: we, on its left, take the upcard, offered
 *     beside our five cards, and discard the upcard itself face up;
 *   - we pick up alone with the five best spades;
 *   - everybody passes all four upcards (we with the keyboard once): the passed upcards lie face
 *     up, the hand is acquitted and the same dealer deals again; then we pick up;
 *   - the replays of the vetoed-going-alone, allowed-alone and acquitted hands.
 * Answers the controls used and the ids of the games.
 */
async function baconHands(context, preset, { phone = false } = {}) {
  const page = await newPage(context);
  const width = phone ? 'phone' : 'desktop';
  /** A screenshot, at phone width once the page is checked no wider than the window. */
  const shot = async (p, name) => {
    if (phone) {
      const wide = await p.evaluate(() => document.documentElement.scrollWidth);
      check(wide <= 390, `${preset}: the page is ${wide} px wide at phone width before ${name}`);
    }
    await shotAs(p, name);
  };
  const done = { pick_up: 0, pick_up_alone: 0, allow: 0, veto: 0, veto_alone: 0, bacon_exchange: 0, pass: 0 };
  const post = async (path, body) => {
    const r = await fetch(`${BASE_URL}${path}`, {
      method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(STEP_MS), headers: { 'content-type': 'application/json' },
    });
    check(r.ok, `POST ${path} answered ${r.status}`);
    return r.json();
  };
  /** A game of the deal, with three heuristic house players, whose seat 0 this page joins; answers its id. */
  const join = async (deal, expect) => {
    const { game_id: id } = await post('/v1/games', {
      ruleset: { preset, target_score: TARGET }, seed: 1, scenario: deal,
      seats: [{ kind: 'open' }, ...[1, 2, 3].map(() => ({ kind: 'bot', strategy: 'heuristic' }))],
    });
    await page.goto(`${BASE_URL}/#/join/${id}`);
    await page.fill('#join-name', 'Tester');
    await page.click('#join button[type=submit]');
    await page.waitForURL(new RegExp(`#/game/${id}$`));
    await page.locator('.table-view[data-version]').waitFor();
    // The house players' calls before ours, as the deal expects (they move once we sit down).
    let v = await api(`/v1/games/${id}`);
    for (let i = 0; i < 50 && !expect(v); i++) {
      await new Promise((r) => setTimeout(r, 100));
      v = await api(`/v1/games/${id}`);
    }
    check(expect(v), `${preset}: the house players did not call as this deal expects (game ${id}): ${JSON.stringify({ turn: v.turn, phase: v.phase, calls: v.upcard_calls })}`);
    return id;
  };
  const moved = async (before) => {
    await page.waitForFunction((v) => Number(document.querySelector('.table-view')?.getAttribute('data-version') || -1) > v, before, { timeout: STEP_MS });
  };
  const junk = [['2C', '3D', '4S', '5C', '7D'], ['2D', '3S', '4C', '5D', '7S'], ['2S', '3C', '4D', '5S', '7C']];
  const hearts = ['AH', 'KH', 'QH', 'JH', 'TH'];

  // ---- our partner picks up alone: veto going alone, veto, allow ----
  const partnerAlone = baconDeal(1, [junk[0], junk[1], hearts, junk[2]], ['9H', '6C', '6D', '6S']);
  const pickedAlone = (v) => v.turn === 0 && v.upcard_calls.length === 1 && v.upcard_calls[0].seat === 2 && v.upcard_calls[0].alone;
  const games = {};
  for (const answer of ['veto_alone', 'veto', 'allow']) {
    step = `${preset} (${width}): our answer ${answer}`;
    const id = await join(partnerAlone, pickedAlone);
    games[answer] = id;
    check((await waitForTurn(page)) === 'act-auction', `${preset}: game ${id} does not start with our answer`);
    const offered = await page.locator('.controls .answers button').evaluateAll((bs) => bs.map((b) => `${b.getAttribute('data-key')}:${b.textContent}`));
    check(JSON.stringify(offered) === '["allow:Allow: partner goes alone","veto:Veto","veto-alone:Veto going alone"]', `${preset}: the answer controls are ${offered}`);
    const words = await page.locator('.controls').innerText();
    check(words.includes('Your turn to allow or veto the pick-up.') && words.includes('Your partner, Heuristic bot (seat 2), picked up the nine of hearts to go alone'), `${preset}: the answer controls read "${words}"`);
    check((await page.locator('.controls .answers').getAttribute('aria-label')) === 'Answer Heuristic bot (seat 2)\'s pick-up', `${preset}: the answers' group is labelled "${await page.locator('.controls .answers').getAttribute('aria-label')}"`);
    check(await checkBaconTable(page, `${preset} answer`), `${preset}: the table of ${id} is not the API's`);
    if (answer === 'veto_alone') {
      await axe(page, `${preset} answer (${width})`);
      await shot(page, `bacon-answer-${width}`);
    }
    const before = (await tableState(page)).version;
    const key = { veto_alone: 'veto-alone', veto: 'veto', allow: 'allow' }[answer];
    if (answer === 'veto_alone') await keyboardPress(page, page.locator(`.controls button[data-key="${key}"]`));
    else await page.click(`.controls button[data-key="${key}"]`);
    done[answer]++;
    await moved(before);
    const log0 = await api(`/v1/games/${id}/log`);
    const view = await api(`/v1/games/${id}`);
    const first = log0.hands[0] ? log0.hands[0].upcard_calls[0] : view.upcard_calls[0];
    check(first.answer === answer, `${preset}: we answered ${answer}, the API has ${JSON.stringify(first)}`);
    if (answer === 'veto_alone') {
      check(view.hand_number === 0 && view.contract?.seat === 2 && view.alone === null && view.upcard.taken_by === 3 && view.upcard.discard, `${preset}: after veto going alone the API's view of ${id}: ${JSON.stringify({ contract: view.contract, alone: view.alone, upcard: view.upcard })}`);
      check(await checkBaconTable(page, `${preset} vetoed alone`), `${preset}: the table of ${id} after our veto going alone is not the API's`);
      const item = await page.locator('.auction ol[data-round="1"] li').first().innerText();
      check(/^Heuristic bot \(seat 2\): pick up \S+\s?hearts alone; You answered: veto going alone$/.test(item), `${preset}: the calls panel reads "${item}"`);
      await shot(page, `bacon-taken-${width}`);
      // This game to the end, by clicking.
      const rest = await playToTheEnd(page, `${preset} (${width}, after veto going alone)`, { onBacon: undefined });
      for (const [k, n] of Object.entries(rest)) if (k in done) done[k] += n;
      const final = await api(`/v1/games/${id}`);
      check(final.status === 'finished', `${preset}: game ${id} is ${final.status}`);
      check((await page.locator('.controls .result').getAttribute('data-winners')) === final.winners.join(' '), `${preset}: the page's winners are not the API's ${final.winners}`);
      const result = await page.locator('.controls .result').innerText();
      check(result.includes(`Final score ${final.scores[0]} to ${final.scores[1]}`), `${preset}: the end reads "${result}", the API's scores ${final.scores}`);
      await shot(page, `bacon-finished-${width}`);
      log(`${preset} (${width}): we vetoed our partner going alone with the keyboard (game ${id}), then played it to the end: ${result}`);
    } else if (answer === 'veto') {
      check(view.upcard_calls[0].answer === 'veto' && view.contract?.seat !== 2, `${preset}: after our veto the API's view of ${id}: ${JSON.stringify({ calls: view.upcard_calls, contract: view.contract })}`);
      await checkBaconTable(page, `${preset} vetoed`);
      log(`${preset} (${width}): we vetoed our partner's pick-up (game ${id}): then ${JSON.stringify(view.upcard_calls.slice(1).map((c) => [c.seat, c.trump, c.answer]))}`);
    } else {
      // We sit out: the house players may have played the whole hand already.
      const hand = log0.hands[0];
      check(hand ? hand.alone === 2 : view.alone === 2 && view.sitting_out.includes(0), `${preset}: after allowing our partner alone, the API: ${JSON.stringify(hand ? { alone: hand.alone } : { alone: view.alone, out: view.sitting_out })}`);
      if (!hand) {
        check(await checkBaconTable(page, `${preset} allowed alone`), `${preset}: the table of ${id} is not the API's`);
        check((await page.locator('.felt .seat[data-seat="0"] .badges').innerText()).includes('sits out'), `${preset}: we sit out and our seat does not say so`);
      }
      await shot(page, `bacon-alone-${width}`);
      log(`${preset} (${width}): we allowed our partner to go alone (game ${id})`);
    }
  }

  // ---- we take the upcard, left of a caller alone, and discard the upcard itself ----
  step = `${preset} (${width}): our exchange`;
  const takerDeal = baconDeal(2, [junk[0], junk[1], junk[2], hearts], ['9H', '6C', '6D', '6S']);
  const takeId = await join(takerDeal, (v) => v.phase === 'exchange' && v.turn === 0 && v.contract?.seat === 3 && v.alone === 3);
  games.take = takeId;
  check((await waitForTurn(page)) === 'act-exchange', `${preset}: game ${takeId} does not start with our exchange`);
  const six = await page.locator('.hand button.card').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')));
  // (The page holds the hand in its own order, trumps first: the same five, the upcard last.)
  check(JSON.stringify(six.slice(0, 5).sort()) === JSON.stringify(junk[0].slice().sort()) && six[5] === '9H', `${preset}: the exchange offers ${six}`);
  check((await page.locator('.hand button.card[data-upcard="offered"]').getAttribute('data-card')) === '9H', `${preset}: the upcard is not marked among the six`);
  const exchangeWords = await page.locator('.controls').innerText();
  check(exchangeWords.includes('Heuristic bot (seat 3) picked it up: hearts are trump.') && exchangeWords.includes('Choose one of your six cards (your five and the upcard) to discard face up, for everyone to see'), `${preset}: the exchange reads "${exchangeWords}"`);
  const confirm = page.locator('.controls button[data-key="confirm-take-upcard"]');
  check(!(await confirm.isEnabled()), `${preset}: the upcard can be taken before a discard is chosen`);
  await page.locator('.hand button.card[data-upcard="offered"]').click();
  check((await confirm.innerText()) === 'Take the nine of hearts and discard it face up', `${preset}: the exchange's button reads "${await confirm.innerText()}"`);
  await axe(page, `${preset} exchange (${width})`);
  await shot(page, `bacon-exchange-${width}`);
  {
    const before = (await tableState(page)).version;
    await confirm.click();
    done.bacon_exchange++;
    await moved(before);
    const v = await api(`/v1/games/${takeId}`);
    check(v.upcard.fate === 'taken' && v.upcard.taken_by === 0 && v.upcard.discard === '9H', `${preset}: after our exchange the API's upcard is ${JSON.stringify(v.upcard)}`);
    await checkBaconTable(page, `${preset} our exchange`);
    check((await page.locator('.centre .face-up-discard').getAttribute('data-card')) === '9H', `${preset}: our face-up discard is not shown`);
    check(!(await page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-card')))).includes('9H'), `${preset}: the discarded upcard is still in our hand`);
    log(`${preset} (${width}): we took the upcard left of a caller alone and discarded it face up (game ${takeId})`);
  }

  // ---- we pick up alone ----
  step = `${preset} (${width}): we pick up alone`;
  const spades = ['AS', 'KS', 'QS', 'JS', 'TS'];
  const aloneId = await join(baconDeal(3, [spades, junk[0], junk[1], ['2H', '3H', '4H', '5H', '7H']], ['9S', '6C', '6D', '6H']), (v) => v.turn === 0 && v.upcard_calls.length === 0);
  games.pickUpAlone = aloneId;
  check((await waitForTurn(page)) === 'act-auction', `${preset}: game ${aloneId} does not start with our call`);
  const calls = await page.locator('.controls .bacon-calls button').evaluateAll((bs) => bs.map((b) => `${b.getAttribute('data-key')}:${b.textContent}`));
  check(JSON.stringify(calls) === '["pass:Pass","pick-up:Pick up ♠\u00a0spades","pick-up-alone:Pick up ♠\u00a0spades alone"]', `${preset}: the calls offered are ${calls}`);
  const callWords = await page.locator('.controls').innerText();
  check(callWords.includes('Upcard 1 of 4: the nine of spades. Pick it up to make spades trump: Heuristic bot (seat 1), on your left, then takes the upcard, discards a card face up and leads.'), `${preset}: the calls read "${callWords}"`);
  await axe(page, `${preset} calls (${width})`);
  await shot(page, `bacon-calls-${width}`);
  {
    const before = (await tableState(page)).version;
    await page.click('.controls button[data-key="pick-up-alone"]');
    done.pick_up_alone++;
    await moved(before);
    const log0 = await api(`/v1/games/${aloneId}/log`);
    const call = (log0.hands[0] || await api(`/v1/games/${aloneId}`)).upcard_calls[0];
    check(call.seat === 0 && call.alone && call.trump === 'S' && call.answer, `${preset}: our pick-up alone is ${JSON.stringify(call)} in the API`);
    log(`${preset} (${width}): we picked up alone (game ${aloneId}); our partner answered ${call.answer}`);
  }

  // ---- everybody passes all four upcards: acquitted, the same dealer deals again ----
  step = `${preset} (${width}): an acquitted hand`;
  const acquitId = await join(baconDeal(3, [['2C', '3D', '4H', '5S', '7C'], ['2D', '3H', '4S', '5C', '7D'], ['2H', '3S', '4C', '5D', '7H'], ['2S', '3C', '4D', '5H', '7S']], ['6C', '6D', '6H', '6S']),
    (v) => v.turn === 0 && v.upcard_calls.length === 0);
  games.acquitted = acquitId;
  for (let k = 1; k <= 4; k++) {
    check((await waitForTurn(page)) === 'act-auction', `${preset}: game ${acquitId}: not our call on upcard ${k}`);
    const view = await api(`/v1/games/${acquitId}`);
    check(view.passed_upcards.length === k - 1 && view.upcard.card === ['6C', '6D', '6H', '6S'][k - 1], `${preset}: game ${acquitId} at upcard ${k}: ${JSON.stringify({ passed: view.passed_upcards, upcard: view.upcard })}`);
    check(await checkBaconTable(page, `${preset} upcard ${k}`), `${preset}: the table of ${acquitId} at upcard ${k} is not the API's`);
    if (k === 4) {
      const words = await page.locator('.controls').innerText();
      check(words.includes('This is the last upcard: if everyone passes, the same dealer deals again.'), `${preset}: the last upcard's calls read "${words}"`);
      await axe(page, `${preset} passed upcards (${width})`);
      await shot(page, `bacon-passed-${width}`);
    }
    const before = (await tableState(page)).version;
    if (k === 2) await keyboardPress(page, page.locator('.controls button[data-key="pass"]'));
    else await page.click('.controls button[data-key="pass"]');
    done.pass++;
    await moved(before);
  }
  {
    check((await waitForTurn(page)) === 'act-auction', `${preset}: game ${acquitId}: not our call after the acquitted hand`);
    const view = await api(`/v1/games/${acquitId}`);
    check(view.hand_number === 1 && view.dealer === 3 && view.last_hand?.result === 'acquitted' && view.passed_upcards.length === 0, `${preset}: after four upcards passed, the API's view of ${acquitId}: ${JSON.stringify({ hand: view.hand_number, dealer: view.dealer, last: view.last_hand?.result })}`);
    const last = page.locator('.last-hand');
    check((await last.getAttribute('data-result')) === 'acquitted', `${preset}: the last hand's result on the page is ${await last.getAttribute('data-result')}`);
    const text = await last.innerText();
    check(text.includes('All four upcards passed: the hand is thrown in, and the same dealer, Heuristic bot (seat 3), deals again.'), `${preset}: the acquitted hand reads "${text}"`);
    check((await page.locator('.game-head h1').innerText()).includes('hand 2'), `${preset}: the header does not say hand 2`);
    check(await checkBaconTable(page, `${preset} after the acquitted hand`), `${preset}: the table after the acquitted hand is not the API's`);
    await page.waitForFunction(() => /all four upcards passed/.test(document.getElementById('announcer')?.textContent || ''), null, { timeout: 5_000 });
    await axe(page, `${preset} acquitted (${width})`);
    await shot(page, `bacon-acquitted-${width}`);
    // Hand 2: we pick up.
    const before = (await tableState(page)).version;
    await page.click('.controls button[data-key="pick-up"]');
    done.pick_up++;
    await moved(before);
    log(`${preset} (${width}): all four upcards passed in game ${acquitId}: "${text.match(/All four upcards passed[^\n]*/)?.[0]}"; in hand 2 we picked up`);
  }
  await page.close();
  return { done, games };
}

/**
 * The lobby panel of the home page: a game created with an open seat (through the API) is listed
 * among the open games; its Join button takes the seat (the table says so, and the API lists the
 * game as live with the name given); back home, the game is among the live games, and Watch
 * opens its table. Axe and a screenshot of the panel.
 */
async function lobbyJoin(context, preset) {
  step = 'lobby: an open game listed';
  const r = await fetch(`${BASE_URL}/v1/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset: { preset }, seats: [{ kind: 'open' }, { kind: 'bot', strategy: 'heuristic' }, { kind: 'bot', strategy: 'random' }, { kind: 'bot', strategy: 'expert' }] }),
    signal: AbortSignal.timeout(STEP_MS),
  });
  check(r.status === 201, `POST /v1/games answered ${r.status}`);
  const { game_id: id } = await r.json();
  const page = await newPage(context);
  await page.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
  const item = page.locator(`#lobby-open li[data-game="${id}"]`);
  await item.waitFor();
  const text = await item.innerText();
  check(text.includes(title(preset)) && text.includes('seat 0: free') && text.includes('seat 1: house player (heuristic)'), `the lobby shows "${text}"`);
  await axe(page, 'home with the lobby (desktop)');
  await shot(page, 'lobby-desktop');
  step = 'lobby: join';
  await page.fill('#join-name', 'Lobbyist');
  await item.getByRole('button', { name: /^Join seat 0/ }).click();
  await page.waitForURL(new RegExp(`#/game/${id}$`));
  await page.locator('.table-view[data-version]').waitFor();
  check((await page.locator('.game-head').innerText()).includes('You are seat 0'), 'the lobby\'s Join did not seat the player in seat 0');
  const live = await api('/v1/games?status=live&limit=100');
  const listed = live.games.find((g) => g.game_id === id);
  check(listed && listed.seats[0].name === 'Lobbyist' && listed.free_seats.length === 0, `the API lists ${JSON.stringify(listed)} as live`);
  step = 'lobby: watch';
  await page.goto(`${BASE_URL}/#/`, { waitUntil: 'domcontentloaded' });
  const watch = page.locator(`#lobby-live li[data-game="${id}"]`).getByRole('link', { name: /^Watch/ });
  await watch.waitFor();
  check((await page.locator(`#lobby-open li[data-game="${id}"]`).count()) === 0, 'a full game is still listed as open');
  await watch.click();
  await page.waitForURL(new RegExp(`#/game/${id}$`));
  await page.locator('.table-view[data-version]').waitFor();
  log(`lobby: ${id} listed open, joined by its Join button (seat 0), then listed live and watched`);
  await page.close();
}

/**
 * Buck Euchre's rarer cases, from a chosen deal (a `scenario`) and a `seed` that fixes the
 * random house players' choices (found through the API first, then played on the page):
 *   - we declare with the five best hearts and everyone drops out: the hand ends `all_dropped`,
 *     every trick ours without play, and we win at once; the table, the last hand and the
 *     replay say so;
 *   - we drop out of another's hand, with the keyboard;
 *   - under `all_drop: last_must_stay`, two drop out of another's hand and we, the third, are
 *     offered 'Stay in' only.
 * Answers the drop-out controls used, and the finished game's id.
 */
async function buckRareHands(context, preset) {
  const hands = [
    ['JH', 'JD', 'AH', 'KH', 'QH'], ['9C', 'TC', '9S', 'TS', '9D'],
    ['QC', 'KC', 'QS', 'KS', 'TD'], ['AC', 'AS', 'QD', 'KD', 'AD'],
  ];
  const widow = ['9H', 'TH', 'JC', 'JS'];
  const post = async (path, body, token) => {
    const r = await fetch(`${BASE_URL}${path}`, {
      method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(STEP_MS),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    check(r.ok, `POST ${path} answered ${r.status}`);
    return r.json();
  };
  const create = (ruleset, dealer, seed) => post('/v1/games', {
    ruleset: { preset, ...ruleset }, seed, scenario: { dealer, hands, widow },
    seats: [{ kind: 'open' }, ...[1, 2, 3].map(() => ({ kind: 'bot', strategy: 'random' }))],
  });
  /** The first seed (of 100) whose game, with seat 0 moving by `moves` through the API, `wanted`. */
  const seek = async (what, ruleset, dealer, moves, wanted) => {
    step = `${preset}: a seed for ${what}`;
    for (let seed = 1; seed <= 100; seed++) {
      const { game_id: id } = await create(ruleset, dealer, seed);
      const { token } = await post(`/v1/games/${id}/seats`, { seat: 0 });
      const view = await moves(id, token);
      if (await wanted(id, view)) return seed;
    }
    throw new TestFailure(`${preset}: no seed of 100 gives ${what}`);
  };
  /** A game of `seed` whose seat 0 this page joins; answers its id. */
  const join = async (page, ruleset, dealer, seed) => {
    const { game_id: id } = await create(ruleset, dealer, seed);
    await page.goto(`${BASE_URL}/#/join/${id}`);
    await page.fill('#join-name', 'Tester');
    await page.click('#join button[type=submit]');
    await page.waitForURL(new RegExp(`#/game/${id}$`));
    await page.locator('.table-view[data-version]').waitFor();
    return id;
  };
  const page = await newPage(context);

  // ---- everybody drops out of our hand ----
  const allDropped = await seek('everybody dropping out', {}, 3,
    (id, token) => post(`/v1/games/${id}/actions`, { type: 'order_up' }, token),
    async (id) => (await api(`/v1/games/${id}/log`)).hands[0]?.result === 'all_dropped');
  step = `${preset}: everybody drops out`;
  const id = await join(page, {}, 3, allDropped);
  check((await waitForTurn(page)) === 'act-auction', `${preset}: game ${id} does not start with our call`);
  await page.click('.controls button[data-key="order-up"]');
  check((await waitForTurn(page)) === 'finished', `${preset}: game ${id} is not over after everybody dropped out`);
  const view = await api(`/v1/games/${id}`);
  check(JSON.stringify(view.winners) === '[0]' && view.scores[0] === view.ruleset.target_score - 5, `${preset}: the API's end of ${id}: ${JSON.stringify({ winners: view.winners, scores: view.scores })}`);
  const result = await page.locator('.controls .result').innerText();
  check(/^Game over: you win\./.test(result), `${preset}: everybody dropped out of our hand, and the end reads "${result}"`);
  const last = await page.locator('.last-hand').innerText();
  check(last.includes('You declared and everyone else dropped out: all five tricks to you'), `${preset}: the last hand reads "${last}"`);
  check(await checkBuckTable(page, preset), `${preset}: the table of ${id} is not the API's`);
  check((await page.locator('.felt .seat.out').count()) === 3, `${preset}: ${await page.locator('.felt .seat.out').count()} seats are shown out`);
  const ourTricks = await page.locator('.scoreboard .team[data-side="0"] .won').innerText();
  check(ourTricks === '5 tricks this hand', `${preset}: all five tricks were ours without play, and the scoreboard says "${ourTricks}"`);
  await axe(page, `${preset} all dropped (desktop)`);
  await shot(page, 'buck-all-dropped-desktop');
  await page.goto(`${BASE_URL}/#/replay/${id}/0/0`);
  await page.locator('.step-text').waitFor();
  await page.click('button[data-step="last"]');
  const end = await page.locator('.step-text').innerText();
  check(/^Everyone else dropped out: Tester \(guest\) \(seat 0\) takes all five tricks without play\./.test(end), `${preset}: the replay of ${id} ends on "${end}"`);
  check(/Step 6 of 6/.test(await page.locator('.steps .counter').innerText()), `${preset}: the replay of ${id} has ${await page.locator('.steps .counter').innerText()} (the deal, a call, the dealer's exchange, three drops, the end)`);
  log(`${preset}: everybody dropped out of our hand (seed ${allDropped}): "${result}"; the replay ends on "${end}"`);

  // ---- we drop out, with the keyboard ----
  const ours = await seek('our choice to stay in or drop out', {}, 0,
    async (id, token) => {
      const v = await (await fetch(`${BASE_URL}/v1/games/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
      return v.phase === 'exchange' && v.turn === 0 ? post(`/v1/games/${id}/actions`, v.legal_actions[0], token) : v;
    },
    async (_, v) => v.phase === 'drop_out' && v.turn === 0 && v.legal_actions.length === 2);
  step = `${preset}: we drop out`;
  const id1 = await join(page, {}, 0, ours);
  let state = await waitForTurn(page);
  if (state === 'act-exchange') {
    await page.locator('.hand button.card').first().click();
    await page.click('.controls button[data-key="confirm-take-upcard"]');
    state = await waitForTurn(page);
  }
  check(state === 'act-drop_out', `${preset}: game ${id1}: not our turn to stay in or drop out (${state})`);
  const offered = await page.locator('.controls .drop-outs button').evaluateAll((bs) => bs.map((b) => `${b.getAttribute('data-key')}:${b.textContent}`));
  check(JSON.stringify(offered) === '["stay:Stay in","drop:Drop out"]', `${preset}: the drop-out controls are ${offered}`);
  check(await checkBuckTable(page, preset), `${preset}: the table of ${id1} is not the API's`);
  await axe(page, `${preset} drop-outs (desktop)`);
  await shot(page, 'buck-drop-out-desktop');
  const before1 = (await tableState(page)).version;
  await keyboardPress(page, page.locator('.controls button[data-key="drop"]'));
  await page.waitForFunction((v) => Number(document.querySelector('.table-view')?.getAttribute('data-version') || -1) > v, before1, { timeout: STEP_MS });
  const me = page.locator('.felt .seat[data-seat="0"]');
  await page.waitForFunction(() => document.querySelector('.felt .seat[data-seat="0"]')?.getAttribute('data-decision') === 'drop', null, { timeout: STEP_MS });
  check((await me.innerText()).includes('dropped out'), `${preset}: our seat reads "${await me.innerText()}" after dropping out`);
  log(`${preset}: we dropped out of game ${id1} (seed ${ours}) with the keyboard`);

  // ---- the third after two drops must stay ----
  const mustStay = { all_drop: 'last_must_stay' };
  const third = await seek('the third to decide after two drops', mustStay, 0,
    async (id, token) => {
      const v = await (await fetch(`${BASE_URL}/v1/games/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
      // As the dealer, take the upcard up if it was ordered.
      return v.phase === 'exchange' && v.turn === 0 ? post(`/v1/games/${id}/actions`, v.legal_actions[0], token) : v;
    },
    async (_, v) => v.phase === 'drop_out' && v.turn === 0 && v.sitting_out.length === 2);
  step = `${preset}: the third must stay`;
  const id2 = await join(page, mustStay, 0, third);
  check((await waitForTurn(page)) === 'act-exchange', `${preset}: game ${id2} does not start with our exchange`);
  await page.locator('.hand button.card').first().click();
  await page.click('.controls button[data-key="confirm-take-upcard"]');
  check((await waitForTurn(page)) === 'act-drop_out', `${preset}: game ${id2}: not our turn to stay in`);
  const keys = await page.locator('.controls .drop-outs button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')));
  check(JSON.stringify(keys) === '["stay"]', `${preset}: the third after two drops is offered ${keys}`);
  const controls = await page.locator('.controls').innerText();
  check(controls.includes('Your turn to stay in.') && controls.includes('You must stay in'), `${preset}: the controls read "${controls}"`);
  check(await checkBuckTable(page, preset), `${preset}: the table of ${id2} is not the API's`);
  await axe(page, `${preset} must stay (desktop)`);
  await shot(page, 'buck-must-stay-desktop');
  const before = (await tableState(page)).version;
  await page.click('.controls button[data-key="stay"]');
  await page.waitForFunction((v) => Number(document.querySelector('.table-view')?.getAttribute('data-version') || -1) > v, before, { timeout: STEP_MS });
  log(`${preset}: the third after two drops (seed ${third}) was offered 'Stay in' only, and stayed`);
  await page.close();
  return { done: { stay: 1, drop: 1 }, games: [id] };
}

/** Five Hundred's bid in the page's words: "7 hearts", "10 no trump", "misère", "open misère". */
const STRAIN_WORDS = { S: 'spades', C: 'clubs', D: 'diamonds', H: 'hearts', NT: 'no trump' };
const fiveBidWords = (bid) => (bid.misere ? (bid.misere === 'open' ? 'open misère' : 'misère') : `${bid.tricks} ${STRAIN_WORDS[bid.trump]}`);

/**
 * Five Hundred's table against the API's view (when the page shows the API's version): a score
 * per side (two teams at four, every player alone at five), the scoring rule, the auction, the
 * contract, the called card and its holder (the partner badge), an open misère's hand on its
 * seat, the seats sitting out, the trick in play with a led joker's suit. Answers whether it
 * compared (false when the house players moved on meanwhile).
 */
async function checkFiveHundredTable(page, label) {
  const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
  const view = await api(`/v1/games/${id}`);
  const version = Number(await page.locator('.table-view').getAttribute('data-version'));
  if (version !== view.version) return false;
  const n = view.seats.length;
  check(view.ruleset.scoring === 'five_hundred' && view.scores.length === (n === 4 ? 2 : n), `${label}: the API's view: ${JSON.stringify({ ruleset: view.ruleset, scores: view.scores })}`);
  const names = await page.locator('.scoreboard .team-name').allInnerTexts();
  const want = n === 4 ? ['Team 0 (seats 0 and 2)', 'Team 1 (seats 1 and 3)'] : view.seats.map((x, s) => (s === 0 ? 'Seat 0 (you)' : `Seat ${s} (Heuristic bot)`));
  check(JSON.stringify(names) === JSON.stringify(want), `${label}: the scoreboard names ${JSON.stringify(names)}`);
  const scores = await page.locator('.scoreboard .score').allInnerTexts();
  check(JSON.stringify(scores.map(Number)) === JSON.stringify(view.scores), `${label}: the page's scores ${scores}, the API's ${view.scores}`);
  const rule = await page.locator('.score-rule').innerText();
  check(rule.includes('The opponents score 10 a trick') && rule.includes(`made, a declaring side at ${view.ruleset.target_score} or more wins`), `${label}: the scoring rule reads "${rule}"`);
  const head = await page.locator('.game-head .meta').innerText();
  check(head.includes(n === 4 ? '4 players in two teams' : `${n} players, every player alone`), `${label}: the header reads "${head}"`);
  const calls = await page.locator('.auction li').allInnerTexts();
  check(calls.length === view.auction.length, `${label}: the auction shows ${calls.length} calls, the API ${view.auction.length}`);
  for (const [i, c] of view.auction.entries()) {
    check(calls[i].endsWith(`: ${c.bid ? fiveBidWords(c.bid) : 'pass'}`), `${label}: call ${i} reads "${calls[i]}" for ${JSON.stringify(c)}`);
  }
  const contract = await page.locator('.centre .contract').innerText();
  if (view.contract) {
    check(contract.includes(`bid ${fiveBidWords(view.contract.bid)}`), `${label}: the contract reads "${contract}", the API's ${JSON.stringify(view.contract)}`);
  } else if (view.phase === 'play') {
    check(contract.includes('Everyone passed: no trump, each for himself'), `${label}: a hand everyone passed reads "${contract}"`);
  }
  const called = page.locator('.centre .called');
  check((await called.count()) === (view.called ? 1 : 0), `${label}: the page shows ${await called.count()} called cards, the API ${view.called}`);
  if (view.called) {
    check((await called.getAttribute('data-card')) === view.called && (await called.getAttribute('data-partner')) === (view.partner === null ? null : String(view.partner)),
      `${label}: the page's call ${await called.getAttribute('data-card')} held by ${await called.getAttribute('data-partner')}, the API's ${view.called} by ${view.partner}`);
    check((await page.locator(`.felt .seat[data-seat="${view.partner}"] .badges`).innerText()).includes('partner: holds the '), `${label}: seat ${view.partner} is not shown as the partner`);
  }
  if (view.open_hand.length && view.contract && view.contract.seat !== view.seat) {
    const shown = await page.locator(`.felt .seat[data-seat="${view.contract.seat}"] .open-hand .card`).evaluateAll((cs) => cs.map((c) => c.getAttribute('data-card')));
    check(JSON.stringify(shown) === JSON.stringify(view.open_hand), `${label}: the open hand shows ${shown}, the API's ${view.open_hand}`);
  }
  const out = await page.locator('.felt .seat.out').evaluateAll((ss) => ss.map((x) => Number(x.getAttribute('data-seat'))));
  check(JSON.stringify(out) === JSON.stringify(view.sitting_out), `${label}: the page shows seats ${out} out, the API ${view.sitting_out}`);
  if (view.phase === 'play') {
    const suits = await page.locator('.centre .trick figure.played').evaluateAll((fs) => fs.map((f) => f.getAttribute('data-suit')));
    check(JSON.stringify(suits) === JSON.stringify(view.trick.plays.map((p) => p.suit || null)), `${label}: the trick's named suits ${suits}, the API's plays ${JSON.stringify(view.trick.plays)}`);
  }
  return true;
}

/** A Five Hundred deal for four (the 43 cards: 5 to A, the red fours, the joker): our hand first, the rest in order, the kitty last. */
function fiveHundredDeal(dealer, ours) {
  const all = [...['C', 'D', 'H', 'S'].flatMap((s) => '56789TJQKA'.split('').map((r) => r + s)), '4D', '4H', 'JK'];
  const rest = all.filter((c) => !ours.includes(c));
  return { dealer, hands: [ours, rest.slice(0, 10), rest.slice(10, 20), rest.slice(20, 30)], widow: rest.slice(30) };
}

/**
 * Five Hundred's replay of `hand` of game `id`, stepped through to the end: the deal with the
 * kitty, each call, the declarer taking the kitty, the partner called, each play (a led joker
 * naming its suit), the end's scores. Answers the step texts.
 */
async function replayFiveHundredHand(page, label, id, hand) {
  step = `${label}: the replay of hand ${hand.number}`;
  await page.goto(`${BASE_URL}/#/replay/${id}/${hand.number}/0`);
  const text = page.locator('.step-text');
  await text.waitFor();
  const texts = [await text.innerText()];
  let callStep = -1;
  for (let i = 0; i < 200 && !(await page.locator('button[data-step="forward"]').isDisabled()); i++) {
    await page.click('button[data-step="forward"]');
    texts.push(await text.innerText());
    if (/ calls the /.test(texts[texts.length - 1])) {
      callStep = texts.length - 1;
      const partner = await page.locator('.replay .seat').evaluateAll((ss) => ss.filter((x) => [...x.querySelectorAll('.badge')].some((b) => b.textContent === 'partner')).map((x) => Number(x.getAttribute('data-seat'))));
      check(JSON.stringify(partner) === JSON.stringify([hand.partner]), `${label}: the replay's call step shows seats ${partner} as the partner, the log ${hand.partner}`);
    }
  }
  check(texts[0].includes(`The kitty: ${hand.widow.length} cards face down.`), `${label}: the replay's deal reads "${texts[0]}"`);
  for (const [i, c] of hand.auction.entries()) {
    check(texts[i + 1].endsWith(c.bid ? ` bids ${fiveBidWords(c.bid)}.` : ' passes.'), `${label}: replay step ${i + 1} reads "${texts[i + 1]}" for ${JSON.stringify(c)}`);
  }
  const after = texts[hand.auction.length + 1];
  if (hand.contract) {
    check(after.includes(`won the auction with ${fiveBidWords(hand.contract.bid)}, takes the kitty (`) && after.includes(hand.trump === 'NT' ? 'the hand is played at no trump' : `${STRAIN_WORDS[hand.trump]} are trump`), `${label}: after the auction the replay reads "${after}"`);
  } else {
    check(after.startsWith('Everyone passed: the hand is played at no trump, each for himself'), `${label}: a hand everyone passed: the replay reads "${after}"`);
  }
  if (hand.called) check(callStep === hand.auction.length + 2 && /: .+ holds it and is the partner\.$/.test(texts[callStep]), `${label}: the call of the ${hand.called} reads "${texts[callStep]}" (step ${callStep})`);
  const jokers = hand.tricks.flatMap((t) => t.plays).filter((p) => p.suit);
  check(texts.filter((x) => /leads joker, naming (clubs|diamonds|hearts|spades)\./.test(x)).length === jokers.length, `${label}: the replay names ${jokers.length} led jokers' suits differently`);
  const end = texts[texts.length - 1];
  check(end.startsWith('Hand over. Tricks: ') && end.endsWith(`Scores: ${hand.scores.map((x, s) => `${hand.scores.length === 2 ? 'team' : 'seat'} ${s}: ${x}`).join(', ')}.`), `${label}: the replay ends on "${end}"`);
  return texts;
}

/**
 * Five Hundred beyond the preset loop's game for four: five players, where we declare (the
 * highest bid), take the kitty and call a partner by a card, played to the end and replayed;
 * open misère from a chosen deal holding the joker, which we lead naming a suit with the
 * keyboard (a spectator's tab sees our open hand), played to the end and replayed; five players
 * at phone width.
 */
async function fiveHundredGames(context, preset) {
  const page = await newPage(context);
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  phoneContext.setDefaultTimeout(STEP_MS);
  const all = {};
  const add5 = (done) => { for (const [k, n] of Object.entries(done)) all[k] = (all[k] || 0) + n; };
  const finish = async (id, label, shotName) => {
    step = `${label}: the end`;
    const view = await api(`/v1/games/${id}`);
    check(view.status === 'finished', `${label}: game ${id} is ${view.status}`);
    const result = await page.locator('.controls .result').innerText();
    check((await page.locator('.controls .result').getAttribute('data-winners')) === view.winners.join(' '), `${label}: the page's winners are not the API's ${view.winners}`);
    const words = view.scores.length === 2 ? `Final score ${view.scores[0]} to ${view.scores[1]}` : `Final scores: ${view.scores.map((x, s) => `seat ${s}: ${x}`).join(', ')}.`;
    check(result.includes(words), `${label}: the end reads "${result}", the API's scores ${view.scores}`);
    if (view.winners.length > 1) check(result.includes('a tie for first between'), `${label}: tied winners ${view.winners} read "${result}"`);
    check(await checkFiveHundredTable(page, `${label} finished`), `${label}: the finished table is not the API's`);
    if (shotName) await shot(page, shotName);
    log(`${label}: game ${id} played to the end: ${result}`);
    return view;
  };

  // ---- five players: we declare, take the kitty, call a partner by a card ----
  step = `${preset} for five`;
  const id5 = await startGame(page, preset, ['you', 'heuristic', 'heuristic', 'heuristic', 'heuristic'], { name: 'Tester', players: 5 });
  check((await page.locator('.felt.n5 .seat').count()) === 5, `${preset} for five: the table of ${id5} does not show 5 seats`);
  lastCalled = null;
  let tableShot = false;
  const done5 = await playToTheEnd(page, `${preset} for five (declaring)`, {
    declare: true,
    onFive: async (kind) => {
      if (!(await checkFiveHundredTable(page, `${preset} for five ${kind}`))) return;
      await axe(page, `${preset} for five ${kind} (desktop)`);
      await shot(page, `five-hundred-${kind}-desktop`);
    },
    onFirstPlay: async () => {
      if (tableShot || !(await checkFiveHundredTable(page, `${preset} for five play`))) return;
      tableShot = true;
      await axe(page, `${preset} for five table (desktop)`);
      await shot(page, 'five-hundred-table-desktop');
    },
  });
  add5(done5);
  await finish(id5, `${preset} for five`, 'five-hundred-finished-desktop');
  const log5 = await api(`/v1/games/${id5}/log`);
  const ours = log5.hands.find((x) => x.contract?.seat === 0);
  if (done5.call) {
    check(ours && ours.called === lastCalled && Number.isInteger(ours.partner), `${preset} for five: we called the ${lastCalled}, the log has ${JSON.stringify(ours && { called: ours.called, partner: ours.partner })}`);
  }
  const replayed = ours || log5.hands[log5.hands.length - 1];
  const texts5 = await replayFiveHundredHand(page, `${preset} for five`, id5, replayed);
  await page.click('button[data-step="first"]');
  for (let i = 0; i <= replayed.auction.length; i++) await page.click('button[data-step="forward"]');
  await axe(page, `${preset} replay (desktop)`);
  await shot(page, 'five-hundred-replay-desktop');
  log(`${preset} for five: replay of hand ${replayed.number} of ${id5} (${texts5.length} steps): ${texts5.slice(replayed.auction.length + 1, replayed.auction.length + 3).join(' ')} … ${texts5[texts5.length - 1]}`);

  // ---- open misère holding the joker: we lead it, naming a suit (keyboard) ----
  step = `${preset}: open misère and the joker`;
  const deal = fiveHundredDeal(3, ['JK', '5C', '6C', '7C', '5D', '6D', '5H', '6H', '5S', '6S']);
  const r = await fetch(`${BASE_URL}/v1/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(STEP_MS),
    body: JSON.stringify({ ruleset: { preset, target_score: TARGET }, seed: 1, scenario: deal, seats: [{ kind: 'open' }, ...[1, 2, 3].map(() => ({ kind: 'bot', strategy: 'heuristic' }))] }),
  });
  check(r.ok, `POST /v1/games with a Five Hundred deal answered ${r.status}: ${await r.clone().text()}`);
  const { game_id: idm } = await r.json();
  await page.goto(`${BASE_URL}/#/join/${idm}`);
  await page.fill('#join-name', 'Tester');
  await page.click('#join button[type=submit]');
  await page.waitForURL(new RegExp(`#/game/${idm}$`));
  check((await waitForTurn(page)) === 'act-auction', `${preset}: game ${idm} does not start with our bid`);
  const offered = await page.locator('.controls .bid-grid button').count();
  check(offered === 25, `${preset}: the first bid offers ${offered} strain bids, not 25`);
  const open = page.locator('.controls button[data-key="open-misere"]');
  check((await open.innerText()).trim() === 'Open misère (520)', `${preset}: the open misère button reads "${await open.innerText()}"`);
  await checkFiveHundredTable(page, `${preset} open misère bids`);
  await open.click();
  all.open_misere = (all.open_misere || 0) + 1;
  check((await waitForTurn(page)) === 'act-exchange', `${preset}: after our open misère (game ${idm}) it is not our exchange`);
  const v1 = await api(`/v1/games/${idm}`);
  check(v1.contract?.seat === 0 && v1.contract.bid.misere === 'open', `${preset}: after our open misère the API: ${JSON.stringify({ contract: v1.contract })}`);
  await checkFiveHundredTable(page, `${preset} open misère exchange`);
  await axe(page, `${preset} exchange (desktop)`);
  await shot(page, 'five-hundred-open-misere-exchange-desktop');
  // Discard three cards that are not the joker.
  for (const c of ['7C', '6D', '6H']) await page.click(`.hand button.card[data-card="${c}"]`);
  await page.click('.controls button[data-key="confirm-exchange"]');
  all.exchange = (all.exchange || 0) + 1;
  check((await waitForTurn(page)) === 'act-play', `${preset}: after our exchange (game ${idm}) it is not our lead`);
  const vp = await api(`/v1/games/${idm}`);
  check(JSON.stringify(vp.sitting_out) === '[2]' && vp.open_hand.length === 10, `${preset}: in play at our open misère the API: ${JSON.stringify({ out: vp.sitting_out, open: vp.open_hand })}`);
  // A spectator's tab (another browser: in this one the game's link keeps our seat) sees our
  // hand, open.
  const specContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const spectator = await newPage(specContext);
  await spectator.goto(`${BASE_URL}/#/game/${idm}`);
  await spectator.locator('.table-view[data-version]').waitFor();
  const openHand = await spectator.locator('.felt .seat[data-seat="0"] .open-hand .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-card')));
  check(JSON.stringify(openHand) === JSON.stringify((await api(`/v1/games/${idm}`)).open_hand) && openHand.length === 10, `${preset}: the spectator sees our open hand as ${openHand}`);
  check((await spectator.locator('.felt .seat[data-seat="2"]').evaluate((el) => el.classList.contains('out'))), `${preset}: our partner does not sit out on the spectator's table`);
  await axe(spectator, `${preset} open misère, spectating (desktop)`);
  await shot(spectator, 'five-hundred-open-misere-spectator-desktop');
  await spectator.close();
  await specContext.close();
  current = page;
  // The joker, led: which suit it names, asked, chosen with the keyboard.
  const joker = page.locator('.hand button.card[data-card="JK"]');
  check((await joker.innerText()).includes('Lead joker, naming a suit'), `${preset}: the joker reads "${await joker.innerText()}"`);
  const before = (await tableState(page)).version;
  await joker.click();
  const suits = await page.locator('.controls .joker-suits button.joker-suit').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key')));
  check(JSON.stringify([...suits].sort()) === JSON.stringify(['play-JK-C', 'play-JK-D', 'play-JK-H', 'play-JK-S']), `${preset}: the joker's suits offered are ${suits}`);
  await axe(page, `${preset} joker's suit (desktop)`);
  await shot(page, 'five-hundred-joker-desktop');
  await keyboardPress(page, page.locator('.controls button[data-key="play-JK-H"]'));
  all.joker_suit = (all.joker_suit || 0) + 1;
  await page.waitForFunction((v) => Number(document.querySelector('.table-view')?.getAttribute('data-version') || -1) > v, before, { timeout: STEP_MS });
  const v2 = await api(`/v1/games/${idm}`);
  const led = v2.trick.plays[0] || v2.tricks[0]?.plays[0];
  check(led && led.seat === 0 && led.card === 'JK' && led.suit === 'H', `${preset}: our joker lead in the API: ${JSON.stringify(led)}`);
  if (v2.trick.plays.length) {
    await checkFiveHundredTable(page, `${preset} joker led`);
    check((await page.locator('.centre .trick figure.played').first().innerText()).includes('(led as ♥\u00a0hearts)'), `${preset}: the led joker reads "${await page.locator('.centre .trick figure.played').first().innerText()}"`);
  }
  const doneM = await playToTheEnd(page, `${preset} open misère`, {});
  add5(doneM);
  await finish(idm, `${preset} open misère`, null);
  const handM = (await api(`/v1/games/${idm}/log`)).hands[0];
  const textsM = await replayFiveHundredHand(page, `${preset} open misère`, idm, handM);
  check(textsM.some((x) => x.includes('Heuristic bot (seat 2) sits out.') && x.includes('hand is shown to all')), `${preset}: the open misère's replay does not say who sits out and that the hand is shown`);
  await page.click('button[data-step="first"]');
  await page.click('button[data-step="next-trick"]');
  check((await page.locator('.replay .trick figure').first().innerText()).includes('(led as ♥\u00a0hearts)'), `${preset}: the replay's first trick does not show the joker's suit`);
  log(`${preset}: open misère holding the joker (game ${idm}), the joker led naming hearts with the keyboard, replayed (${textsM.length} steps)`);

  // ---- five players at phone width ----
  step = `${preset} for five (phone)`;
  const phone = await newPage(phoneContext);
  const idp = await startGame(phone, preset, ['you', 'heuristic', 'heuristic', 'heuristic', 'heuristic'], { name: 'Phone', players: 5 });
  const narrow = async (name) => {
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 390, `${preset}: the page is ${wide} px wide at phone width before ${name}`);
    await shot(phone, name);
  };
  let phoneTable = false;
  const doneP = await playToTheEnd(phone, `${preset} for five (phone)`, {
    declare: true,
    onFive: async (kind) => {
      if (kind !== 'bids') return;
      await axe(phone, `${preset} bids (phone)`);
      await narrow('five-hundred-bids-phone');
    },
    onFirstPlay: async () => {
      if (phoneTable) return;
      phoneTable = true;
      await axe(phone, `${preset} table (phone)`);
      await narrow('five-hundred-table-phone');
    },
  });
  add5(doneP);
  await narrow('five-hundred-finished-phone');
  const final = await api(`/v1/games/${idp}`);
  check(final.status === 'finished' && (await phone.locator('.controls .result').getAttribute('data-winners')) === final.winners.join(' '), `${preset} (phone): the page's winners are not the API's ${final.winners}`);
  await phoneContext.close();
  current = page;
  return all;
}

/**
 * The page's bytes as the server sends them, each file gzipped alone (as a browser fetches
 * them; images left out): printed, and under 80 KB (issue 40's bound).
 */
async function pageSize() {
  step = 'the page\'s size';
  const names = readdirSync(join(here, '..', '..', 'web')).filter((n) => !n.endsWith('.svg')).sort();
  let raw = 0;
  let gz = 0;
  for (const name of names) {
    const r = await fetch(`${BASE_URL}${name === 'index.html' ? '/' : `/web/${name}`}`, { signal: AbortSignal.timeout(STEP_MS) });
    check(r.ok, `GET /web/${name} answered ${r.status}`);
    const bytes = Buffer.from(await r.arrayBuffer());
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  log(`the page: ${names.length} files, ${raw} bytes, ${gz} bytes gzipped (${(gz / 1024).toFixed(1)} KB, each file alone; the limit 80 KB)`);
  check(gz < 80 * 1024, `the page is ${gz} bytes gzipped, over 80 KB`);
}

/** The house players of the rated games: one strategy a game, every strategy once. */
const RATED_HOUSES = ['expert', 'heuristic', 'random'];

/** `method path` with a JSON body, as the bot of `key` if given: the answer's JSON. */
async function send(method, path, body, key) {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (key) headers.authorization = `Bot ${key}`;
  const r = await fetch(`${BASE_URL}${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(STEP_MS),
  });
  check(r.ok, `${method} ${path} answered ${r.status}: ${await r.clone().text()}`);
  return r.json();
}

/** Plays a bot's seat to the end by the API (each turn its first legal action). */
async function playSeat({ id, seat, token }) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let n = 0; n < 5000; n++) {
    const v = await (await fetch(`${BASE_URL}/v1/games/${id}`, { headers: auth, signal: AbortSignal.timeout(STEP_MS) })).json();
    if (v.status === 'finished') return;
    if (v.turn !== seat) {
      await fetch(`${BASE_URL}/v1/games/${id}?wait_for_version=${v.version}`, { headers: auth, signal: AbortSignal.timeout(STEP_MS) });
      continue;
    }
    await fetch(`${BASE_URL}/v1/games/${id}/actions`, { method: 'POST', headers: auth, body: JSON.stringify(v.legal_actions[0]), signal: AbortSignal.timeout(STEP_MS) });
  }
  check(false, `game ${id} did not end`);
}

/**
 * Rated games: only the server's own tables are rated, so a bot account per game queues for
 * `preset` with house players of one strategy at once (every strategy once), and this test
 * plays the bot's seat by the API (in the background, while the page is tested).
 */
async function startRatedGames(preset) {
  step = 'rated games: create';
  const ids = [];
  const seats = [];
  const tag = Math.random().toString(36).slice(2, 8);
  for (const [i, house] of RATED_HOUSES.entries()) {
    const { api_key: key } = await send('POST', '/v1/bots', { name: `web-rated-${tag}-${i}` });
    await send('POST', '/v1/queue', { ruleset: { preset }, fill_with_house_after_ms: 0, house_strategy: house }, key);
    let seated = null;
    for (const deadline = Date.now() + STEP_MS; !seated && Date.now() < deadline;) {
      const entries = await send('GET', '/v1/bots/me/events?after=0&wait=2', undefined, key);
      seated = entries.find((e) => e.type === 'seated') ?? null;
    }
    check(seated, `bot ${i} was not seated from the queue`);
    ids.push(seated.game_id);
    seats.push({ id: seated.game_id, seat: seated.seat, token: seated.token });
  }
  const played = Promise.all(seats.map(playSeat));
  played.catch(() => {});
  log(`rated games: ${ids.length} matchmade ${preset} games, a bot and house players each (${ids.join(', ')})`);
  return { preset, ids, played };
}

/**
 * The leaderboards panel and a bot's profile, once the rated games are over: the panel offers
 * every preset and shows the API's ranking of the rated preset (rank, the name linking to the
 * profile, rating, uncertainty, games; house players marked as reference), the empty state of a
 * preset without rated games; the profile of a house player shows its ratings and its recent
 * games, and a finished one replays. Axe, and screenshots at desktop and phone widths.
 */
async function leaderboards(context, presets, { preset, ids, played }) {
  step = 'leaderboards: the rated games end';
  await played;
  const deadline = Date.now() + 120_000;
  for (const id of ids) {
    for (;;) {
      const v = await api(`/v1/games/${id}`);
      if (v.status === 'finished') break;
      check(Date.now() < deadline, `the rated game ${id} is still ${v.status} (hand ${v.hand_number + 1}) after 120 s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const board = await api(`/v1/leaderboards/${preset}?limit=20`);
  // The pools the panel offers: each preset's, in the catalogue's order.
  const allPools = await api('/v1/leaderboards');
  const pools = presets.flatMap((p) => allPools.filter((x) => x.preset === p).map((x) => x.pool));
  const poolTitle = (b) => `${title(b.preset)}, ${b.players} players`;
  const houses = board.entries.filter((e) => e.house).map((e) => e.name);
  for (const s of ['random', 'heuristic', 'expert']) check(houses.includes(`house-${s}`), `the ${preset} leaderboard lacks house-${s}: ${JSON.stringify(board)}`);

  step = 'leaderboards: the panel';
  const page = await newPage(context);
  await page.goto(`${BASE_URL}/#/leaderboards/${preset}`, { waitUntil: 'domcontentloaded' });
  const panel = page.locator('#leaderboards');
  await panel.locator('#board tbody tr').first().waitFor();
  const offered = await page.locator('#board-preset option').evaluateAll((os) => os.map((o) => o.value));
  check(JSON.stringify(offered) === JSON.stringify(pools), `the leaderboards offer ${offered}, the API ${pools}`);
  check((await page.inputValue('#board-preset')) === board.pool, `#/leaderboards/${preset} opens ${await page.inputValue('#board-preset')}, not ${board.pool}`);
  check(await page.evaluate(() => document.activeElement?.id === 'board-preset'), '#/leaderboards does not move the focus to the panel');
  const rows = await panel.locator('#board tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    bot: tr.getAttribute('data-bot'),
    cells: [...tr.children].map((c) => c.textContent.trim()),
    reference: tr.querySelector('.badge.reference') !== null,
    href: tr.querySelector('th[scope=row] a')?.getAttribute('href'),
  })));
  check(rows.length === board.entries.length, `the panel shows ${rows.length} rows, the API ${board.entries.length}`);
  board.entries.forEach((e, i) => {
    const row = rows[i];
    const want = [String(e.rank), `${e.name}${e.house ? ' reference' : ''}${e.provisional ? ' provisional' : ''}`, e.rating.toFixed(1), `±${e.uncertainty.toFixed(1)}`, String(e.games)];
    check(row.bot === e.name && JSON.stringify(row.cells) === JSON.stringify(want), `row ${i} reads ${JSON.stringify(row.cells)}, the API ${JSON.stringify(want)}`);
    check(row.reference === e.house, `${e.name} is ${row.reference ? '' : 'not '}marked as a reference player`);
    check(row.href === `#/bot/${encodeURIComponent(e.name)}`, `${e.name} links to ${row.href}`);
  });
  check(rows.some((r) => r.bot.startsWith('house-')), 'no house- row');
  const headers = await panel.locator('#board thead th[scope=col]').allTextContents();
  check(headers.length === 5 && headers[0] === 'Rank' && headers[1] === 'Bot', `the ranking's column headers: ${headers}`);
  const caption = await panel.locator('#board caption').innerText();
  check(caption.startsWith(`${poolTitle(board)}: ${board.total} bot`), `the ranking's caption reads "${caption}"`);
  check((await panel.getByRole('button', { name: 'More bots' }).isVisible()) === (board.next_cursor !== null), 'the More bots button does not follow next_cursor');
  await axe(page, 'leaderboards panel (desktop)', '#leaderboards');
  await panel.screenshot({ path: join(OUT_DIR, 'web-leaderboards-desktop.png') });
  log(`screenshot: ${join(OUT_DIR, 'web-leaderboards-desktop.png')}`);
  log(`leaderboards: ${preset} shows the API's ${rows.length} rows (${rows.map((r) => `${r.cells[0]}. ${r.bot} ${r.cells[2]}${r.cells[3]} in ${r.cells[4]}`).join(', ')})`);

  // A preset nobody is rated in: the empty state.
  step = 'leaderboards: the empty state';
  let empty = null;
  for (const p of pools) {
    if (p !== board.pool && (await api(`/v1/leaderboards/${p}?limit=1`)).total === 0) { empty = p; break; }
  }
  if (empty) {
    await page.selectOption('#board-preset', empty);
    const message = panel.locator('#board-message');
    await message.filter({ hasText: 'No rated games yet' }).waitFor();
    check(await panel.locator('#board').isHidden(), `the empty ${empty} leaderboard shows a table`);
    await axe(page, `leaderboards panel, empty (desktop)`, '#leaderboards');
    log(`leaderboards: ${empty} reads "${await message.innerText()}"`);
    await page.selectOption('#board-preset', board.pool);
    await panel.locator(`#board tbody tr[data-bot="${rows[0].bot}"]`).waitFor();
  }

  // A house player's profile: its ratings, its recent games.
  step = 'leaderboards: a profile';
  // (A house player whose 50 recent games still hold a rated game: house players sit in every
  // house seat of the run.)
  let name = null;
  let ratedId = null;
  for (const r of rows.filter((x) => x.reference)) {
    const recent = (await api(`/v1/bots/${encodeURIComponent(r.bot)}`)).recent_games.map((g) => g.game_id);
    ratedId = ids.find((id) => recent.includes(id));
    if (ratedId) { name = r.bot; break; }
  }
  check(name, `no house player's recent games hold a rated game (${ids})`);
  await panel.locator(`#board tbody tr[data-bot="${name}"] th a`).click();
  await page.waitForURL(new RegExp(`#/bot/${name}$`));
  await page.locator('#bot-ratings').waitFor();
  const profile = await api(`/v1/bots/${encodeURIComponent(name)}`);
  check((await page.locator('h1').innerText()).startsWith(name), `the profile's heading reads "${await page.locator('h1').innerText()}"`);
  const ratingRows = await page.locator('#bot-ratings tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  check(JSON.stringify(ratingRows) === JSON.stringify(profile.ratings.map((r) => [`${poolTitle(r)}${r.provisional ? ' provisional' : ''}`, r.rating.toFixed(1), `±${r.uncertainty.toFixed(1)}`, String(r.games)])), `the profile's ratings read ${JSON.stringify(ratingRows)}, the API's ${JSON.stringify(profile.ratings)}`);
  const games = page.locator('#bot-games > li');
  check((await games.count()) === Math.min(10, profile.recent_games.length), `the profile lists ${await games.count()} games of ${profile.recent_games.length}`);
  check((await games.first().getAttribute('data-game')) === profile.recent_games[0].game_id, 'the profile\'s first game is not the most recent');
  // A rated game (older: shown with More games), finished, with its seats and a replay link.
  const item = page.locator(`#bot-games > li[data-game="${ratedId}"]`);
  for (let i = 0; i < 5 && !(await item.count()); i++) await page.getByRole('button', { name: 'More games' }).click();
  await item.filter({ hasText: /(Won|Lost|Tied for first), |Finished: / }).waitFor();
  const itemText = await item.innerText();
  check(itemText.includes(`${title(preset)}, 4 players`) && /Seats? \d/.test(itemText), `the rated game reads "${itemText}"`);
  await page.waitForFunction(() => [...document.querySelectorAll('#bot-games > li strong')].every((s) => s.textContent !== 'Game'), null, { timeout: STEP_MS });
  await page.evaluate(() => window.scrollTo(0, 0));
  await axe(page, 'bot profile (desktop)');
  await shot(page, 'leaderboards-profile-desktop');
  log(`profile: ${name} with ${profile.ratings.length} rating(s), ${profile.recent_games.length} recent games; ${ratedId} reads "${itemText.replace(/\s+/g, ' ')}"`);
  await item.getByRole('link', { name: /^Replay/ }).click();
  await page.waitForURL(new RegExp(`#/replay/${ratedId}/0/0$`));
  await page.locator('.step-text').waitFor();
  // The profile's ratings link to their leaderboard.
  await page.goBack();
  await page.locator('#bot-ratings').waitFor();
  await page.locator(`#bot-ratings a[href="#/leaderboards/${board.pool}"]`).click();
  await panel.locator('#board tbody tr').first().waitFor();
  check((await page.inputValue('#board-preset')) === board.pool, 'the rating\'s link does not open its leaderboard');
  await page.close();

  // At phone width: the panel and the profile fit the window.
  step = 'leaderboards: phone';
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  phone.setDefaultTimeout(STEP_MS);
  const mobile = await newPage(phone);
  await mobile.goto(`${BASE_URL}/#/leaderboards/${preset}`, { waitUntil: 'domcontentloaded' });
  await mobile.locator('#board tbody tr').first().waitFor();
  const wide = await mobile.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `the leaderboards are ${wide} px wide at phone width`);
  await axe(mobile, 'leaderboards panel (phone)', '#leaderboards');
  await mobile.locator('#leaderboards').screenshot({ path: join(OUT_DIR, 'web-leaderboards-phone.png') });
  log(`screenshot: ${join(OUT_DIR, 'web-leaderboards-phone.png')}`);
  await mobile.locator(`#board tbody tr[data-bot="${name}"] th a`).click();
  await mobile.locator('#bot-ratings').waitFor();
  await mobile.waitForFunction(() => [...document.querySelectorAll('#bot-games > li strong')].every((s) => s.textContent !== 'Game'), null, { timeout: STEP_MS });
  const wideProfile = await mobile.evaluate(() => document.documentElement.scrollWidth);
  check(wideProfile <= 390, `the profile is ${wideProfile} px wide at phone width`);
  await axe(mobile, 'bot profile (phone)');
  await shot(mobile, 'leaderboards-profile-phone');
  await phone.close();
  current = null;
}

/**
 * Five Hundred for six in three teams of two, chosen on the home page's form (`sides`): the
 * seat pickers name the teams (0 and 3, 1 and 4, 2 and 5), the game's ruleset has it, and its
 * table shows three sides.
 */
async function fiveHundredSix(page, preset) {
  step = `${preset} for six, teams of two`;
  const id = await startGame(page, preset, Array(6).fill('heuristic'), {
    players: 6,
    sides: 'teams_of_2',
    beforeStart: async () => {
      const legend = await page.locator('fieldset.seats legend').innerText();
      check(legend.includes('0 and 3, 1 and 4, 2 and 5'), `the seats' legend for three teams of two reads "${legend}"`);
      check((await page.locator('label[for="seat-3"]').innerText()) === 'Seat 3 (team 0)', `seat 3's label reads "${await page.locator('label[for="seat-3"]').innerText()}"`);
      await axe(page, `${preset} for six, teams of two, the form (desktop)`);
      await page.locator('#create').screenshot({ path: join(OUT_DIR, 'web-five-hundred-six-form-desktop.png') });
    },
  });
  const view = await api(`/v1/games/${id}`);
  check(view.ruleset.players === 6 && view.ruleset.sides === 'teams_of_2', `the game ${id} has ${JSON.stringify({ players: view.ruleset.players, sides: view.ruleset.sides })}`);
  const teams = await page.locator('.scoreboard .team').count();
  check(teams === 3, `the table of ${id} shows ${teams} sides, not 3`);
  await axe(page, `${preset} for six, teams of two (desktop)`);
  await shot(page, 'five-hundred-six-desktop');
  log(`${preset} for six: game ${id} created from the form with sides teams_of_2; its table shows 3 teams`);
}

async function api(path) {
  const r = await fetch(`${BASE_URL}${path}`, { signal: AbortSignal.timeout(STEP_MS) });
  check(r.ok, `GET ${path} answered ${r.status}`);
  return r.json();
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  check(existsSync(CHROMIUM), `no browser at ${CHROMIUM} (apt-get install -y chromium)`);

  step = 'GET /: the page and its headers';
  {
    const r = await fetch(`${BASE_URL}/`, { signal: AbortSignal.timeout(STEP_MS) });
    check(r.status === 200, `GET / answered ${r.status}`);
    check((r.headers.get('content-type') || '').startsWith('text/html'), `GET / is ${r.headers.get('content-type')}`);
    const csp = r.headers.get('content-security-policy') || '';
    check(/default-src 'self'/.test(csp) && /frame-ancestors 'none'/.test(csp) && !/unsafe-inline/.test(csp),
      `GET / has the Content-Security-Policy "${csp}"`);
    check(r.headers.get('x-frame-options') === 'DENY', 'GET / may be framed');
  }
  await pageSize();
  const catalog = await api('/v1/rulesets');
  const presets = catalog.presets.map((p) => p.name);
  log(`presets: ${presets.join(', ')}`);
  check(presets.length > 0, 'no presets');
  // Rated games for the leaderboards, played by the house players on the server meanwhile.
  const rated = await startRatedGames(presets[0]);

  step = 'launch chromium';
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
    timeout: STEP_MS,
  });
  log(`chromium ${browser.version()}`);
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  desktop.setDefaultTimeout(STEP_MS);
  desktop.setDefaultNavigationTimeout(STEP_MS);

  // ---- home ----
  const page = await newPage(desktop);
  step = 'open the home page';
  const nav = await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
  check(nav && nav.ok(), `GET / answered ${nav?.status()}`);
  await page.locator('#preset option').first().waitFor({ state: 'attached' });
  const offered = await page.locator('#preset option').evaluateAll((os) => os.map((o) => o.value));
  check(JSON.stringify(offered) === JSON.stringify(presets), `the home page offers ${offered}, the API ${presets}`);
  // The player counts offered per preset (the API's `players` of each preset, 6 only where the
  // preset's deck is pinochle48): the seat pickers follow.
  step = 'home: player counts';
  /** @type {Record<string, number[]>} */
  const expectedCounts = Object.fromEntries(catalog.presets.map((p) => [p.name, p.players.filter((n) => n !== 6 || p.rules.deck === 'pinochle48' || p.rules.deck.startsWith('five_hundred'))]));
  check(JSON.stringify(expectedCounts.pepper) === '[2,3,4]', `pepper is played by ${expectedCounts.pepper}`);
  for (const p of catalog.presets) {
    await page.selectOption('#preset', p.name);
    const counts = await page.locator('#players option').evaluateAll((os) => os.map((o) => Number(o.value)));
    const want = expectedCounts[p.name] || [p.rules.players];
    check(JSON.stringify(counts) === JSON.stringify(want), `the home page offers ${p.name} for ${counts.join(', ')} players, expected ${want.join(', ')}`);
    check((await page.locator('#players').isVisible()) === (want.length > 1), `the player count of ${p.name} is ${want.length > 1 ? 'hidden' : 'shown'}`);
    for (const n of want) {
      if (want.length > 1) await page.selectOption('#players', String(n));
      const pickers = await page.locator('select[id^="seat-"]').count();
      check(pickers === n, `${p.name} with ${n} players shows ${pickers} seat pickers`);
      const sidesShown = await page.locator('#sides').isVisible();
      check(sidesShown === (p.options.includes('sides') && n === 6), `the sides control is ${sidesShown ? 'shown' : 'hidden'} for ${p.name} with ${n} players`);
    }
  }
  log(`home: player counts ${catalog.presets.map((p) => `${p.name} ${(expectedCounts[p.name] || [p.rules.players]).join('/')}`).join(', ')}`);
  await page.selectOption('#preset', presets[0]);
  await axe(page, 'home (desktop)');
  await shot(page, 'home-desktop');

  // A problem document reads as a sentence: joining a game that does not exist.
  step = 'a problem shown';
  expectedErrors.push(/\/v1\/games\/nosuchgame0000000\/seats$/);
  await page.fill('#join-id', 'nosuchgame0000000');
  await page.click('#join button[type=submit]');
  const alert = page.locator('.status [role=alert]');
  await alert.waitFor();
  const alertText = await alert.innerText();
  check(/^Could not join: No game with id `nosuchgame0000000`/.test(alertText), `the page shows "${alertText}"`);
  log(`a problem document, as the page shows it: "${alertText}"`);
  expectedErrors.push(/\/v1\/games\/nosuchgame0000000\/events$/);
  await page.goto(`${BASE_URL}/#/game/nosuchgame0000000`);
  const gone = page.locator('.table-view [role=alert]');
  await gone.waitFor();
  check(/^No game with id `nosuchgame0000000`/.test(await gone.innerText()), `the table of an unknown game shows "${await gone.innerText()}"`);

  // ---- every preset, played to the end by a person ----
  const keyboardPreset = presets.includes('hasenpfeffer-open') ? 'hasenpfeffer-open' : presets[0];
  const rulesOf = Object.fromEntries(catalog.presets.map((p) => [p.name, p.rules]));
  const upcardPresets = presets.filter((p) => rulesOf[p].auction === 'upcard');
  const baconPresets = presets.filter((p) => rulesOf[p].auction === 'successive_upcards');
  const add = (done) => { for (const [k, n] of Object.entries(done)) totals[k] += n; };
  // Buck Euchre's games (their replays are checked once all are played), and its drop-out
  // controls the first time we decide: checked, axe and a screenshot.
  const buckGames = [];
  const baconGames = [];
  let droppedShot = false;
  const dropOutShot = async (preset) => {
    if (droppedShot || !(await checkBuckTable(page, preset))) return;
    droppedShot = true;
    await axe(page, `${preset} drop-outs (desktop)`);
    await shot(page, 'buck-drop-out-desktop');
  };
  const summary = (done) => Object.entries(done).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ');
  for (const preset of presets) {
    const keyboard = preset === keyboardPreset;
    const id = await startGame(page, preset, ['you', 'heuristic', 'heuristic', 'heuristic'], { name: 'Tester' });
    const text = await page.locator('.game-head').innerText();
    check(text.includes('You are seat 0'), `the table of ${id} does not say we are seat 0: ${text}`);
    if (preset === presets[0]) {
      await waitForTurn(page);
      await page.waitForFunction(() => /Your turn to/.test(document.getElementById('announcer')?.textContent || ''),
        null, { timeout: 5_000 });
    }
    let checkedTable = false;
    const upcard = preset === upcardPresets[0];
    const buck = rulesOf[preset].scoring === 'buck';
    const bacon = baconPresets.includes(preset);
    const five = rulesOf[preset].scoring === 'five_hundred';
    let fiveTable = false;
    let buckTable = false;
    let baconTable = false;
    const done = await playToTheEnd(page, `${preset}${keyboard ? ' (keyboard)' : ''}`, {
      keyboard,
      onDropOut: buck ? () => dropOutShot(preset) : undefined,
      // Bacon: the table against the API at our first call, answer and exchange.
      onBacon: bacon ? async (kind) => {
        if (await checkBaconTable(page, `${preset} ${kind}`)) await axe(page, `${preset} ${kind} (desktop)`);
      } : undefined,
      onFirstPlay: async () => {
        if (five && !fiveTable) fiveTable = await checkFiveHundredTable(page, preset);
        if (bacon && !baconTable) {
          baconTable = await checkBaconTable(page, preset);
          if (baconTable) {
            await axe(page, `${preset} table (desktop)`);
            await shot(page, 'bacon-table-desktop');
          }
        }
        if (buck && !buckTable) {
          buckTable = await checkBuckTable(page, preset);
          if (buckTable) {
            await axe(page, `${preset} table (desktop)`);
            await shot(page, 'buck-table-desktop');
          }
        }
        if (checkedTable || (preset !== presets[0] && !upcard)) return;
        checkedTable = true;
        if (upcard) {
          await checkUpcardTable(page, preset);
          await axe(page, `${preset} table (desktop)`);
          await shot(page, `${preset}-table-desktop`);
          return;
        }
        await axe(page, 'table (desktop)');
        await shot(page, 'table-desktop');
      },
      onUpcard: !upcard ? undefined : async (kind) => {
        await checkUpcardTable(page, preset);
        await axe(page, `${preset} ${kind === 'call' ? 'calls' : 'dealer\'s exchange'} (desktop)`);
        await shot(page, `${preset}-${kind === 'call' ? 'calls' : 'exchange'}-desktop`);
      },
    });
    step = `${preset}: the end`;
    // The screen reader's live region says it too.
    await page.waitForFunction(() => /Game over/.test(document.getElementById('announcer')?.textContent || ''),
      null, { timeout: 5_000 });
    const result = await page.locator('.controls .result').innerText();
    const view = await api(`/v1/games/${id}`);
    check(view.status === 'finished', `${preset}: the page says "${result}" but the game is ${view.status}`);
    const finalWords = view.scores.length === 2 ? `Final score ${view.scores[0]} to ${view.scores[1]}`
      : `Final scores: ${view.scores.map((x, s) => `seat ${s}: ${x}`).join(', ')}.`;
    check(result.includes(finalWords), `${preset}: the page says "${result}", the API's scores are ${view.scores}`);
    check((await page.locator('.controls .result').getAttribute('data-winners')) === view.winners.join(' '),
      `${preset}: the page's winners are "${await page.locator('.controls .result').getAttribute('data-winners')}", the API's ${view.winners}`);
    if (buck) {
      // Counting down, the winners are the API's (the lowest score, or all five tricks), named.
      for (const w of view.winners) check(result.includes(w === 0 ? (view.winners.length === 1 ? 'you win' : 'Seat 0 (you)') : `Seat ${w} (`), `${preset}: the end "${result}" does not name seat ${w} among the winners ${view.winners}`);
      await shot(page, 'buck-finished-desktop');
    }
    // (A partner of a lone player sits out, so a short game may pass without our playing a card.)
    check(Object.values(done).some((n) => n > 0), `${preset}: we made no move`);
    add(done);
    log(`${preset}${keyboard ? ' with the keyboard alone' : ''}: game ${id} played to the end (${summary(done)}): ${result}`);
    if (preset === presets[0]) await shot(page, 'finished-desktop');
    if (upcard) await replayUpcardHand(page, preset, id);
    if (five) check(await checkFiveHundredTable(page, `${preset} finished`), `${preset}: the finished table is not the API's last version`);
    if (bacon) {
      check(await checkBaconTable(page, `${preset} finished`), `${preset}: the finished table is not the API's last version`);
      baconGames.push(id);
    }
    if (buck) {
      // The finished table too: the scores, the countdown, who sat the last hand out.
      check(await checkBuckTable(page, preset), `${preset}: the finished table is not the API's last version`);
      buckGames.push(id);
    }
  }

  // ---- pepper for three: every player alone, against two house players ----
  step = 'pepper for three';
  const three = await playThree(page, 'desktop');
  await page.goto(`${BASE_URL}/#/replay/${three.id}/${three.hand.number}/0`);
  {
    const stepText = page.locator('.step-text');
    await stepText.waitFor();
    check((await page.locator('.replay .seat').count()) === 3, `the replay of ${three.id} shows ${await page.locator('.replay .seat').count()} seats`);
    const faceUp = await page.locator('.seat .cards.face-up .card').count();
    check(faceUp === three.hand.deal.flat().length, `the 3-player replay's first step shows ${faceUp} cards, ${three.hand.deal.flat().length} were dealt`);
    await page.click('button[data-step="next-trick"]');
    check(/Trick 1 to /.test(await stepText.innerText()), `"Next trick" in the 3-player replay shows "${await stepText.innerText()}"`);
    check((await page.locator('.replay .contract').innerText()).includes('seat 2'), 'the 3-player replay does not count tricks per player');
    await page.click('button[data-step="last"]');
    const end = await stepText.innerText();
    check(/Hand over|thrown in/.test(end) && end.includes(`Scores: seat 0: ${three.hand.scores[0]}, seat 1: ${three.hand.scores[1]}, seat 2: ${three.hand.scores[2]}.`), `the 3-player replay ends on "${end}"`);
    await axe(page, 'replay of pepper for three (desktop)');
    await shot(page, 'replay3-desktop');
    log(`pepper for three: replay of hand ${three.hand.number} of ${three.id} ends on "${end}"`);
  }

  // ---- six seats in two teams of three still lay out and play ----
  step = 'double-hasenpfeffer for six';
  {
    const id = await startGame(page, 'double-hasenpfeffer', ['you', 'heuristic', 'heuristic', 'heuristic', 'heuristic', 'heuristic'], { name: 'Tester', players: 6 });
    check((await page.locator('.felt.n6 .seat').count()) === 6, `the 6-player table of ${id} does not show 6 seats`);
    const teams = await page.locator('.scoreboard .team-name').allInnerTexts();
    check(JSON.stringify(teams) === JSON.stringify(['Team 0 (seats 0, 2 and 4)', 'Team 1 (seats 1, 3 and 5)']), `the 6-player scoreboard names ${JSON.stringify(teams)}`);
    let shot6 = false;
    const done = await playToTheEnd(page, 'double-hasenpfeffer for six', {
      onFirstPlay: async () => { if (!shot6) { shot6 = true; await shot(page, 'table6-desktop'); } },
    });
    const view = await api(`/v1/games/${id}`);
    const result = await page.locator('.controls .result').innerText();
    check(result.includes(`Final score ${view.scores[0]} to ${view.scores[1]}`), `double-hasenpfeffer for six: the page says "${result}", the API's scores are ${view.scores}`);
    // A team of three named whole: "Team 1 (seats 1, 3 and 5) wins".
    if (JSON.stringify(view.winners) === '[1]') check(result.includes('your team loses; Team 1 (seats 1, 3 and 5) wins.'), `double-hasenpfeffer for six: the end reads "${result}"`);
    log(`double-hasenpfeffer for six: game ${id} played to the end (${summary(done)}): ${result}`);
  }

  // ---- Buck Euchre's rarer cases, from chosen deals: everybody dropping out of our hand, our
  // dropping out, the third after two drops who must stay ----
  if (presets.some((p) => rulesOf[p].scoring === 'buck')) {
    const rare = await buckRareHands(desktop, presets.find((p) => rulesOf[p].scoring === 'buck'));
    add(rare.done);
    buckGames.push(...rare.games);
  }

  // ---- Bacon from chosen deals: every answer (veto going alone with the keyboard), our
  // exchange of six cards, our pick-up alone, an acquitted hand; then their replays ----
  for (const preset of baconPresets) {
    const rare = await baconHands(desktop, preset);
    add(rare.done);
    baconGames.push(...Object.values(rare.games));
    const stepped = [];
    for (const [what, id] of [['veto_alone', rare.games.veto_alone], ['allow', rare.games.allow], ['acquitted', rare.games.acquitted]]) {
      const hand = (await api(`/v1/games/${id}/log`)).hands[0];
      check(hand, `${preset}: game ${id} has no finished hand`);
      const texts = await replayBaconHand(page, `${preset} (${what})`, id, hand);
      stepped.push(`${what}: ${texts.length} steps`);
      if (what === 'veto_alone') {
        // Back to the exchange: the taker's face-up discard, on the board.
        await page.click('button[data-step="first"]');
        for (let i = 0; i < 3; i++) await page.click('button[data-step="forward"]');
        check((await page.locator('.replay .face-up-discard').count()) === 1, `${preset}: the replay's exchange step does not show the face-up discard`);
        await axe(page, `${preset} replay (desktop)`);
        await shot(page, 'bacon-replay-desktop');
      }
      if (what === 'allow') {
        await page.click('button[data-step="first"]');
        for (let i = 0; i < 2; i++) await page.click('button[data-step="forward"]');
        const out = await page.locator('.replay .seat.out').evaluateAll((ss) => ss.map((x) => Number(x.getAttribute('data-seat'))));
        check(JSON.stringify(out) === '[0]', `${preset}: the replay of our partner alone shows seats ${out} out`);
      }
      if (what === 'acquitted') {
        check(/Step 17 of 17/.test(await page.locator('.steps .counter').innerText()), `${preset}: the acquitted hand's replay has ${await page.locator('.steps .counter').innerText()} (the deal, 16 passes, the end)`);
        await page.click('button[data-step="first"]');
        for (let i = 0; i < 12; i++) await page.click('button[data-step="forward"]');
        const passed = await page.locator('.replay .passed-upcards .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-card')));
        check(JSON.stringify(passed) === '["6C","6D","6H"]', `${preset}: after three upcards passed the replay shows ${passed} passed`);
        await shot(page, 'bacon-acquitted-replay-desktop');
      }
    }
    log(`${preset}: replays of chosen hands (${stepped.join(', ')})`);
  }

  // ---- Five Hundred: five players with a partner called, open misère with the joker led
  // naming a suit, five players at phone width; their replays ----
  const fivePresets = presets.filter((p) => rulesOf[p].scoring === 'five_hundred');
  for (const preset of fivePresets) add(await fiveHundredGames(desktop, preset));
  // Five Hundred for six in three teams of two, the `sides` option chosen on the form.
  for (const preset of fivePresets.filter((p) => catalog.presets.find((x) => x.name === p).options.includes('sides'))) {
    await fiveHundredSix(page, preset);
  }
  if (fivePresets.length) {
    for (const control of ['call', 'open_misere', 'joker_suit']) check(totals[control] > 0, `no Five Hundred game used the ${control} control`);
  }

  // ---- every control at least once: where the random games did not reach one, games in which
  // we always take the contract with the highest bid and go alone where the rules allow (in
  // upcard games: take the upcard up as the dealer, name a suit in round 2) ----
  const wanted = {
    exchange: presets.filter((p) => rulesOf[p].auction !== 'upcard' && !baconPresets.includes(p)),
    alone: presets.filter((p) => rulesOf[p].alone !== 'none' && !baconPresets.includes(p)),
    pass_cards: presets.filter((p) => rulesOf[p].alone === 'exchange_two'),
    order_up: upcardPresets,
    name_trump: upcardPresets,
    take_upcard: upcardPresets,
    leave_upcard: upcardPresets.filter((p) => rulesOf[p].dealer_pickup !== 'mandatory'),
    stay: presets.filter((p) => rulesOf[p].scoring === 'buck'),
    drop: presets.filter((p) => rulesOf[p].scoring === 'buck'),
    pick_up: baconPresets,
    pick_up_alone: baconPresets,
    allow: baconPresets,
    veto: baconPresets,
    veto_alone: baconPresets,
    bacon_exchange: baconPresets,
  };
  for (const [control, where] of Object.entries(wanted)) {
    for (let attempt = 0; totals[control] === 0 && where.length && attempt < 6 * where.length; attempt++) {
      const preset = where[attempt % where.length];
      const id = await startGame(page, preset, ['you', 'heuristic', 'heuristic', 'heuristic'], { name: 'Tester' });
      // (Staying in or dropping out is for those who did not declare.)
      const declare = control !== 'stay' && control !== 'drop';
      const done = await playToTheEnd(page, `${preset}${declare ? ' (declaring)' : ''}`, {
        declare, onDropOut: rulesOf[preset].scoring === 'buck' ? () => dropOutShot(preset) : undefined,
      });
      add(done);
      if (rulesOf[preset].scoring === 'buck') buckGames.push(id);
      log(`${preset}${declare ? ', declaring' : ''}: game ${id} played to the end (${summary(done)})`);
    }
    check(!where.length || totals[control] > 0, `no game reached the ${control} control`);
  }
  for (const control of ['bid', 'pass', 'play']) check(totals[control] > 0, `no game used the ${control} control`);
  log(`controls used: ${summary(totals)}`);
  const buckPreset = presets.find((p) => rulesOf[p].scoring === 'buck');
  if (buckPreset) await replayBuckHand(page, buckPreset, buckGames);

  // ---- two people: one creates a game with an open seat, the other joins by its link ----
  step = 'join';
  const host = await newPage(desktop);
  const joined = await startGame(host, presets[0], ['you', 'open', 'heuristic', 'heuristic'], { name: 'Host' });
  const invite = await host.locator('.controls a').first().getAttribute('href');
  check(invite?.endsWith(`#/join/${joined}`), `the invite link is ${invite}`);
  check((await host.locator('.controls').getAttribute('data-state')) === 'waiting_for_players', 'the host is not waiting for players');
  const guest = await newPage(desktop);
  await guest.goto(invite);
  check((await guest.inputValue('#join-id')) === joined, 'the invite link does not fill in the game id');
  await guest.fill('#join-name', 'Guest');
  await guest.click('#join button[type=submit]');
  await guest.waitForURL(new RegExp(`#/game/${joined}$`));
  await guest.locator('.table-view[data-version]').waitFor();
  check((await guest.locator('.game-head').innerText()).includes('You are seat 1'), 'the guest is not seat 1');
  // The host's table learns of it through its event stream.
  await host.waitForFunction(() => document.querySelector('.controls')?.getAttribute('data-state') !== 'waiting_for_players',
    null, { timeout: STEP_MS });
  check((await host.locator('.seat[data-seat="1"] .seat-name').innerText()).startsWith('Guest'), 'the host does not see the guest\'s name');
  log(`join: a second tab took seat 1 of ${joined} by the invite link, and the host's table went live`);
  await guest.close();
  await host.close();

  // ---- the lobby: join an open game by its button, then find it among the live ones ----
  await lobbyJoin(desktop, presets[0]);

  // ---- a spectator follows four expert house players ----
  step = 'spectator';
  const watcher = await newPage(desktop);
  const spectated = await startGame(watcher, presets[0], ['expert', 'expert', 'expert', 'expert'], { target: 60 });
  // Record every version the page shows until the game is over.
  const seen = await watcher.evaluate(() => new Promise((resolve) => {
    const versions = new Set();
    const root = document.querySelector('.table-view');
    const look = () => {
      versions.add(root.getAttribute('data-version'));
      if (document.querySelector('.controls')?.getAttribute('data-state') === 'finished') {
        obs.disconnect();
        resolve([...versions]);
      }
    };
    const obs = new MutationObserver(look);
    obs.observe(root, { attributes: true, attributeFilter: ['data-version'], childList: true });
    look();
  }));
  const final = await api(`/v1/games/${spectated}`);
  const spectatorText = await watcher.locator('.table-view').innerText();
  check(spectatorText.includes('Spectating'), 'the spectator page does not say Spectating');
  check((await watcher.locator('.hand').count()) === 0, 'the spectator page shows a hand');
  check(spectatorText.includes(`Final score ${final.scores[0]} to ${final.scores[1]}`),
    `the spectator page ends on "${await watcher.locator('.controls').innerText()}", the API's scores are ${final.scores}`);
  check(seen.length >= 3, `the spectator page showed only versions ${seen.join(', ')}: not live`);
  log(`spectator: followed game ${spectated} live through ${seen.length} versions to the final score ${final.scores.join(' to ')}`);
  await axe(watcher, 'spectator table (desktop)');
  await shot(watcher, 'spectator-desktop');

  // ---- replay ----
  step = 'replay';
  const log0 = await api(`/v1/games/${spectated}/log`);
  const hand = log0.hands.find((x) => x.result === 'played' && x.tricks.length > 0);
  check(hand, `game ${spectated} has no played hand in its log`);
  await watcher.goto(`${BASE_URL}/#/replay/${spectated}/${hand.number}/0`);
  const stepText = watcher.locator('.step-text');
  const counter = watcher.locator('.steps .counter');
  await stepText.waitFor();
  check((await counter.innerText()).startsWith('Step 0 of'), `the replay opens at ${await counter.innerText()}`);
  const faceUp = await watcher.locator('.seat .cards.face-up .card').count();
  const dealt = hand.deal.flat().length;
  check(faceUp === dealt, `the replay's first step shows ${faceUp} cards face up, ${dealt} were dealt`);
  const texts = [await stepText.innerText()];
  for (let i = 0; i < 8; i++) {
    await watcher.click('button[data-step="forward"]');
    texts.push(await stepText.innerText());
  }
  check(new Set(texts).size === texts.length, `stepping forward repeats a step: ${texts.join(' | ')}`);
  check((await counter.innerText()).startsWith('Step 8 of'), `after 8 steps forward: ${await counter.innerText()}`);
  await watcher.click('button[data-step="back"]');
  await watcher.click('button[data-step="back"]');
  check((await stepText.innerText()) === texts[6], `two steps back shows "${await stepText.innerText()}", expected "${texts[6]}"`);
  await watcher.click('button[data-step="last"]');
  const lastText = await stepText.innerText();
  check(/Hand over|thrown in|void/.test(lastText), `the last step says "${lastText}"`);
  await watcher.click('button[data-step="first"]');
  await watcher.click('button[data-step="next-trick"]');
  check(/Trick 1 to /.test(await stepText.innerText()), `"Next trick" shows "${await stepText.innerText()}"`);
  await watcher.click('button[data-step="next-trick"]');
  check(/Trick 2 to /.test(await stepText.innerText()), `"Next trick" again shows "${await stepText.innerText()}"`);
  await watcher.click('button[data-step="previous-trick"]');
  check(/Trick 1 to /.test(await stepText.innerText()), `"Previous trick" shows "${await stepText.innerText()}"`);
  await watcher.click('button[data-step="first"]');
  for (let i = 0; i < 6; i++) await watcher.click('button[data-step="forward"]');
  const deep = await watcher.locator('a.deep-link').getAttribute('href');
  check(deep === `#/replay/${spectated}/${hand.number}/6`, `the deep link is ${deep}`);
  // The four-colour deck: clubs turn green, diamonds blue (and back).
  const colours = () => watcher.evaluate(() => ['C', 'D', 'H', 'S'].map((suit) => {
    const card = document.querySelector(`.card.suit-${suit}`);
    return card ? getComputedStyle(card).color : null;
  }));
  const two = await colours();
  await watcher.check('#four-colour');
  const four = await colours();
  check(new Set(four.filter(Boolean)).size > new Set(two.filter(Boolean)).size,
    `the four-colour deck shows the suits in ${four.join(', ')} (two colours: ${two.join(', ')})`);
  await watcher.uncheck('#four-colour');
  await axe(watcher, 'replay (desktop)');
  await shot(watcher, 'replay-desktop');
  const fresh = await newPage(desktop);
  await fresh.goto(`${BASE_URL}/${deep}`);
  await fresh.locator('.step-text').waitFor();
  check((await fresh.locator('.steps .counter').innerText()).startsWith('Step 6 of'),
    `the deep link opens ${await fresh.locator('.steps .counter').innerText()}`);
  check((await fresh.locator('.step-text').innerText()) === texts[6], 'the deep link opens another step');
  log(`replay: hand ${hand.number} of ${spectated}: 8 steps forward, 2 back, trick by trick, and the deep link ${deep} opens step 6`);
  await fresh.close();

  // ---- the leaderboards: the panel, a house player's profile, its games ----
  await leaderboards(desktop, presets, rated);

  // ---- phone width ----
  step = 'phone';
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  phone.setDefaultTimeout(STEP_MS);
  phone.setDefaultNavigationTimeout(STEP_MS);
  const mobile = await newPage(phone);
  await mobile.goto(`${BASE_URL}/`);
  await mobile.locator('#preset option').first().waitFor({ state: 'attached' });
  await axe(mobile, 'home (phone)');
  await shot(mobile, 'home-phone');
  await startGame(mobile, presets[0], ['you', 'heuristic', 'heuristic', 'heuristic'], { name: 'Phone' });
  const wide = await mobile.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `the table is ${wide} px wide at phone width`);
  let phoneShot = false;
  await playToTheEnd(mobile, `${presets[0]} (phone)`, {
    onFirstPlay: async () => {
      if (phoneShot) return;
      phoneShot = true;
      await axe(mobile, 'table (phone)');
      await shot(mobile, 'table-phone');
    },
  });
  await playThree(mobile, 'phone');
  // Buck Euchre at phone width: four players alone, the countdown's rule under the scores.
  const buckPhone = presets.find((p) => rulesOf[p].scoring === 'buck');
  if (buckPhone) {
    const id = await startGame(mobile, buckPhone, ['you', 'heuristic', 'heuristic', 'heuristic'], { name: 'Phone' });
    let buckShot = false;
    const done = await playToTheEnd(mobile, `${buckPhone} (phone)`, {
      onFirstPlay: async () => {
        if (buckShot) return;
        buckShot = true;
        const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
        check(width <= 390, `the ${buckPhone} table is ${width} px wide at phone width`);
        await axe(mobile, `${buckPhone} table (phone)`);
        await shot(mobile, 'buck-table-phone');
      },
    });
    const view = await api(`/v1/games/${id}`);
    check((await mobile.locator('.controls .result').getAttribute('data-winners')) === view.winners.join(' '), `${buckPhone} (phone): the page's winners are not the API's ${view.winners}`);
    log(`${buckPhone} (phone): game ${id} played to the end (${summary(done)})`);
  }
  // Bacon at phone width: the chosen deals again (every control, the table no wider than the
  // window, axe, screenshots), one game played to the end, and a replay.
  for (const preset of baconPresets) {
    const rare = await baconHands(phone, preset, { phone: true });
    add(rare.done);
    const hand = (await api(`/v1/games/${rare.games.veto_alone}/log`)).hands[0];
    await replayBaconHand(mobile, `${preset} (phone)`, rare.games.veto_alone, hand);
    const wideReplay = await mobile.evaluate(() => document.documentElement.scrollWidth);
    check(wideReplay <= 390, `the ${preset} replay is ${wideReplay} px wide at phone width`);
    await axe(mobile, `${preset} replay (phone)`);
    await shot(mobile, 'bacon-replay-phone');
  }
  await mobile.goto(`${BASE_URL}/${deep}`);
  await mobile.locator('.step-text').waitFor();
  await axe(mobile, 'replay (phone)');
  await shot(mobile, 'replay-phone');

  step = 'diagnostics';
  const problems = [...diag.consoleErrors, ...diag.pageErrors, ...diag.failedRequests, ...diag.httpErrors];
  check(problems.length === 0, `the pages had ${problems.length} problem(s):\n    ${problems.join('\n    ')}`);
  log(`PASS: ${presets.length} presets played to the end (${keyboardPreset} with the keyboard), a spectator, a replay, the leaderboards; ${elapsed()} of the ${TOTAL_MS / 1000} s budget`);
}

let code = 0;
try {
  await main();
  console.log('web: 1 passed, 0 failed');
} catch (e) {
  if (timedOut) await new Promise(() => {});
  code = 1;
  const cause = e?.cause ? ` (cause: ${e.cause.code || ''} ${e.cause.message || e.cause})` : '';
  console.error(`\nFAIL in step "${step}": ${e instanceof TestFailure ? e.message : (e.stack || e)}${cause}`);
  printDiagnostics();
  if (current) {
    const text = await current.locator('main').innerText({ timeout: 2_000 }).catch(() => '');
    if (text) console.error(`  the page reads:\n${text.slice(0, 1500).replace(/^/gm, '    | ')}`);
  }
  await shot(current, 'failure');
  console.log('web: 0 passed, 1 failed');
} finally {
  try { await Promise.race([browser?.close(), new Promise((r) => setTimeout(r, 10_000))]); } catch {}
  clearTimeout(watchdog);
}
process.exit(code);
