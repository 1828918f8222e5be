// A real-browser test of the Swagger UI that hasenpfeffer serves.
//
// Headless Debian chromium, driven by playwright-core (no browser download):
// it opens ${BASE_URL}/swagger-ui/, checks that the spec loaded without errors,
// expands `POST /v1/games` (operation `create_game`), clicks "Try it out",
// executes the prefilled example (one open seat and three random bots), then
// replaces the body with `{}` and executes again; both must show a live 201
// response whose body has a `game_id`. Then it expands `GET /v1/games/{id}`:
// nothing may come prefilled (a long poll's `wait_for_version` and `wait_ms` made
// the first click hang 25 s), and with the new game's id the first click must get a
// live 200 within 10 s.
//
// Env:
//   BASE_URL         the server (default http://127.0.0.1:8080)
//   CHROMIUM_PATH    the browser (default /usr/bin/chromium)
//   BROWSER_OUT_DIR  where the screenshots go (default <repo>/target/browser)
//   STEP_TIMEOUT_MS  the bound on every single wait (default 30000)
//   TOTAL_TIMEOUT_MS the bound on the whole run (default 150000)
//
// Exit code: 0 = passed, 1 = an assertion or step failed, 2 = the whole run
// timed out. Screenshots: swagger.png (the whole page) and swagger-op.png (the
// operation only), on success and on failure.

import { chromium } from 'playwright-core';
import { mkdirSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const OUT_DIR = resolve(process.env.BROWSER_OUT_DIR || join(here, '..', '..', 'target', 'browser'));
const STEP_MS = Number(process.env.STEP_TIMEOUT_MS || 30_000);
const TOTAL_MS = Number(process.env.TOTAL_TIMEOUT_MS || 150_000);
const SHOT = join(OUT_DIR, 'swagger.png');
const OP_SHOT = join(OUT_DIR, 'swagger-op.png');

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const log = (msg) => console.log(`[browser ${elapsed()}] ${msg}`);

// What the page did, for the diagnostics printed on failure.
const diag = { consoleErrors: [], pageErrors: [], failedRequests: [], httpErrors: [] };
let browser;
let page;
let step = 'start';

class TestFailure extends Error {}
function check(cond, msg) {
  if (!cond) throw new TestFailure(msg);
}

async function screenshots() {
  if (!page) return;
  try {
    await page.screenshot({ path: SHOT, fullPage: true, timeout: 10_000 });
    log(`screenshot: ${SHOT}`);
  } catch (e) {
    console.error(`could not take ${SHOT}: ${e.message}`);
  }
  try {
    const op = page.locator(opSelector);
    if ((await op.count()) > 0) {
      await op.first().screenshot({ path: OP_SHOT, timeout: 10_000 });
      log(`screenshot: ${OP_SHOT}`);
    }
  } catch (e) {
    console.error(`could not take ${OP_SHOT}: ${e.message}`);
  }
}

// The `POST /v1/games` block, found by method and exact path (not by tag).
const opSelector = '.opblock.opblock-post:has(.opblock-summary-path[data-path="/v1/games"])';

// Hard stop: whatever hangs, the run ends.
let timedOut = false;
const watchdog = setTimeout(async () => {
  timedOut = true;
  console.error(`\nFAIL: the whole run exceeded ${TOTAL_MS} ms (stuck in step: ${step})`);
  printDiagnostics();
  await Promise.race([screenshots(), new Promise((r) => setTimeout(r, 10_000))]);
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
  console.error(`  base url: ${BASE_URL}; page url: ${page ? page.url() : '(no page)'}`);
  show('browser console errors', diag.consoleErrors);
  show('uncaught page errors', diag.pageErrors);
  show('failed requests', diag.failedRequests);
  show('HTTP error responses', diag.httpErrors);
}

async function swaggerErrors() {
  // Swagger UI keeps every spec fetch, parse and $ref resolution error here.
  return page.evaluate(() => {
    try {
      return window.ui.errSelectors.allErrors().toJS().map((e) =>
        `${e.source || ''}/${e.level || ''}: ${e.message}${e.path ? ` at ${[].concat(e.path).join('.')}` : ''}`);
    } catch (e) {
      return [`could not read window.ui.errSelectors: ${e}`];
    }
  });
}

async function execute(op, label, expectedBody) {
  step = `execute (${label})`;
  const responseP = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/games',
    { timeout: STEP_MS },
  );
  await op.locator('button.execute').click({ timeout: STEP_MS });
  const response = await responseP;
  const sent = response.request().postData();
  log(`${label}: browser sent ${response.request().method()} ${response.url()} body=${String(sent).replace(/\s+/g, '')}`);
  if (expectedBody !== undefined) {
    check(JSON.stringify(JSON.parse(sent)) === JSON.stringify(expectedBody),
      `${label}: the browser sent ${sent}, expected ${JSON.stringify(expectedBody)}`);
  }

  step = `live response (${label})`;
  const live = op.locator('.live-responses-table');
  await live.waitFor({ state: 'visible', timeout: STEP_MS });
  const statusCell = live.locator('tbody .response .response-col_status').first();
  await statusCell.waitFor({ state: 'visible', timeout: STEP_MS });
  // The cell reads "201", or e.g. "500\nUndocumented" for a status the spec does not list.
  const status = (await statusCell.innerText({ timeout: STEP_MS })).trim().split(/\s+/)[0];
  const bodyText = (await live.locator('.response-col_description pre').first()
    .innerText({ timeout: STEP_MS })).trim();
  const requestUrl = (await op.locator('.request-url pre').first().innerText({ timeout: STEP_MS }).catch(() => '?')).trim();
  log(`${label}: Swagger UI shows status ${status} for ${requestUrl}: ${bodyText.replace(/\s+/g, ' ')}`);
  check(status === '201', `${label}: Swagger UI shows status "${status}", expected 201; body: ${bodyText}`);
  check(response.status() === 201, `${label}: the server answered ${response.status()}, expected 201`);
  let body;
  try {
    body = JSON.parse(bodyText);
  } catch (e) {
    throw new TestFailure(`${label}: the response body shown is not JSON (${e.message}): ${bodyText}`);
  }
  check(typeof body.game_id === 'string' && body.game_id.length > 0,
    `${label}: the response body shown has no game_id: ${bodyText}`);
  const headers = (await live.locator('.response-col_description .headers-wrapper, .response-col_description .microlight')
    .allInnerTexts().catch(() => [])).join(' ').toLowerCase();
  check(headers.includes(`/v1/games/${body.game_id.toLowerCase()}`),
    `${label}: the response headers shown have no location /v1/games/${body.game_id}`);
  return body;
}

// The first click on GET /v1/games/{id}: nothing prefilled but the game's id (no long-poll
// parameters, so it cannot hang for `wait_ms`), and a live 200 with the view, well within the
// 25 s a prefilled long poll used to wait.
async function firstClickOnGetGame(gameId) {
  step = 'expand GET /v1/games/{id}';
  const get = page.locator('.opblock.opblock-get:has(.opblock-summary-path[data-path="/v1/games/{id}"])');
  check((await get.count()) === 1, `expected one GET /v1/games/{id} block, found ${await get.count()}`);
  await get.locator('.opblock-summary-control').click();
  await get.locator('.opblock-body').waitFor({ state: 'visible' });
  await get.locator('button.try-out__btn').click();
  step = 'GET /v1/games/{id}: the prefilled parameters';
  const inputs = get.locator('.parameters input[type=text], .parameters input:not([type])');
  const prefilled = [];
  for (let i = 0; i < await inputs.count(); i++) {
    const input = inputs.nth(i);
    const name = await input.getAttribute('placeholder');
    const value = await input.inputValue();
    if (value !== '') prefilled.push(`${name}=${value}`);
  }
  check(prefilled.length === 0, `GET /v1/games/{id} comes prefilled with ${prefilled.join(', ')}`);
  await get.locator('tr[data-param-name="id"] input').fill(gameId);
  step = 'GET /v1/games/{id}: execute';
  const started = Date.now();
  const responseP = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/v1/games/${gameId}`,
    { timeout: 10_000 },
  );
  await get.locator('button.execute').click();
  const response = await responseP;
  const ms = Date.now() - started;
  log(`GET /v1/games/{id}: the browser got ${response.status()} for ${response.url()} in ${ms} ms`);
  check(response.status() === 200, `GET /v1/games/${gameId} answered ${response.status()}, expected 200`);
  check(!new URL(response.url()).search, `the first click sent query parameters: ${response.url()}`);
  const status = (await get.locator('.live-responses-table tbody .response .response-col_status').first()
    .innerText({ timeout: STEP_MS })).trim().split(/\s+/)[0];
  check(status === '200', `Swagger UI shows status "${status}" for GET /v1/games/{id}, expected 200`);
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  check(existsSync(CHROMIUM), `no browser at ${CHROMIUM} (apt-get install -y chromium)`);
  let pwVersion = '?';
  try {
    pwVersion = JSON.parse(readFileSync(join(here, 'node_modules', 'playwright-core', 'package.json'), 'utf8')).version;
  } catch {}

  step = 'redirect /swagger-ui';
  {
    const r = await fetch(`${BASE_URL}/swagger-ui`, { redirect: 'manual', signal: AbortSignal.timeout(STEP_MS) });
    const loc = r.headers.get('location') || '';
    check(r.status >= 300 && r.status < 400 && loc.endsWith('/swagger-ui/'),
      `GET /swagger-ui answered ${r.status} location=${loc}, expected a redirect to /swagger-ui/`);
  }

  step = 'launch chromium';
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // playwright gives every launch a fresh temporary user-data-dir and removes it on close.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
    timeout: STEP_MS,
  });
  log(`chromium ${browser.version()} via playwright-core ${pwVersion}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(STEP_MS);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') diag.consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => diag.pageErrors.push(e.message));
  page.on('requestfailed', (r) => diag.failedRequests.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) diag.httpErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`); });

  step = 'open Swagger UI';
  const specP = page.waitForResponse((r) => new URL(r.url()).pathname === '/openapi.json', { timeout: STEP_MS });
  const nav = await page.goto(`${BASE_URL}/swagger-ui/`, { waitUntil: 'domcontentloaded' });
  check(nav && nav.ok(), `GET /swagger-ui/ answered ${nav?.status()}`);
  const spec = await specP;

  step = 'wait for the operation list';
  // Either the operations render or Swagger UI reports that it could not load the spec.
  await page.waitForSelector('.opblock, .loading-container .title, .errors-wrapper', { timeout: STEP_MS });
  const errs = await swaggerErrors();
  const pageText = await page.locator('#swagger-ui').innerText();
  check(!pageText.includes('Failed to load API definition'),
    `Swagger UI says "Failed to load API definition" (GET /openapi.json answered ${spec.status()}):` +
    `\n    ${errs.join('\n    ')}`);
  check(spec.ok(), `the spec /openapi.json answered ${spec.status()}`);
  check(errs.length === 0, `Swagger UI reports ${errs.length} spec error(s):\n    ${errs.join('\n    ')}`);
  check((await page.locator('.errors-wrapper').count()) === 0, 'Swagger UI shows an errors box');
  const info = await page.evaluate(() => ({
    swaggerUi: window.versions?.swaggerUI?.version,
    title: document.querySelector('.info .title')?.textContent,
    ops: document.querySelectorAll('.opblock').length,
  }));
  log(`Swagger UI ${info.swaggerUi}: "${info.title}" with ${info.ops} operations`);
  check(info.ops > 0, 'no operations rendered');

  step = 'expand POST /v1/games';
  const op = page.locator(opSelector);
  check((await op.count()) === 1, `expected one POST /v1/games block, found ${await op.count()}`);
  const opId = await op.getAttribute('id');
  check(/-create_game$/.test(opId || ''), `the POST /v1/games block's id is ${opId}, expected operation create_game`);
  await op.locator('.opblock-summary-control').click();
  await op.locator('.opblock-body').waitFor({ state: 'visible' });

  step = 'check the documented 201 response';
  // An unresolvable $ref does not show as a spec error: Swagger UI silently renders "string".
  const documented = op.locator('.responses-wrapper table.responses-table:not(.live-responses-table) tr.response[data-code="201"]');
  await documented.waitFor({ state: 'visible' });
  const docExample = (await documented.locator('.example, .highlight-code, pre').first().innerText()).trim();
  check(/"game_id"/.test(docExample),
    `the documented 201 example of POST /v1/games shows no game_id (an unresolved $ref?): ${docExample}`);

  step = 'Try it out';
  await op.locator('button.try-out__btn').click();
  const textarea = op.locator('textarea.body-param__text');
  await textarea.waitFor({ state: 'visible' });

  step = 'check the prefilled example';
  const exampleText = await textarea.inputValue();
  let example;
  try {
    example = JSON.parse(exampleText);
  } catch (e) {
    throw new TestFailure(`the prefilled request body is not JSON (${e.message}): ${exampleText}`);
  }
  log(`prefilled example: ${JSON.stringify(example)}`);
  const seats = example.seats || [];
  check(seats.length === 4 &&
    seats.filter((s) => s.kind === 'open').length === 1 &&
    seats.filter((s) => s.kind === 'bot' && s.strategy === 'random').length === 3,
    `the prefilled example is not one open seat and three random bots: ${exampleText}`);

  const first = await execute(op, 'example body', example);

  step = 'clear the response and set the body to {}';
  await op.locator('button.btn-clear').click();
  await op.locator('.live-responses-table').waitFor({ state: 'detached' });
  await textarea.fill('{}');
  const second = await execute(op, 'empty body', {});
  check(second.game_id !== first.game_id, `both executions returned game ${first.game_id}`);

  step = 'screenshot';
  await op.locator('.live-responses-table').scrollIntoViewIfNeeded();
  await screenshots();

  await firstClickOnGetGame(first.game_id);
  log(`PASS: Swagger UI created games ${first.game_id} (example) and ${second.game_id} ({}) with a live 201, ` +
    'and its first click on GET /v1/games/{id} answered at once');
}

let code = 0;
try {
  await main();
  console.log('browser: 1 passed, 0 failed');
} catch (e) {
  // Once the watchdog fired it owns the ending (exit 2); the step it interrupted just fails.
  if (timedOut) await new Promise(() => {});
  code = 1;
  const cause = e?.cause ? ` (cause: ${e.cause.code || ''} ${e.cause.message || e.cause})` : '';
  console.error(`\nFAIL in step "${step}": ${e instanceof TestFailure ? e.message : (e.stack || e)}${cause}`);
  printDiagnostics();
  if (page) {
    // What a person would see: the live response if there is one, else the top of the operation.
    const live = await page.locator(`${opSelector} .live-responses-table`).first()
      .innerText({ timeout: 2_000 }).catch(() => '');
    const opText = live || await page.locator(opSelector).first().innerText({ timeout: 2_000 }).catch(() => '');
    if (opText) {
      console.error(`  the POST /v1/games ${live ? 'live response' : 'block'} reads:\n` +
        opText.slice(0, 1500).replace(/^/gm, '    | '));
    }
  }
  await screenshots();
  console.log('browser: 0 passed, 1 failed');
} finally {
  try { await Promise.race([browser?.close(), new Promise((r) => setTimeout(r, 10_000))]); } catch {}
  clearTimeout(watchdog);
}
process.exit(code);
