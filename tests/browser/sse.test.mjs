// The page's event-stream reader (web/sse.js) under Node (which has fetch and the streams the
// browser has): its Server-Sent-Events parser, and that it reconnects with Last-Event-ID after
// the server drops the stream, gives up on a refusal, and stops at `game_over`.
//   node --test tests/browser/sse.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { follow, sseParser } from '../../web/sse.js';

test('the parser reads events split anywhere, CRLF or LF, skipping comments', () => {
  const got = [];
  const feed = sseParser((e) => got.push({ ...e }));
  const text = ': keep-alive\r\nid: 7\r\nevent: view\r\ndata: {"a":1}\r\n\r\n' +
    'id: 8\nevent: game_over\ndata: line one\ndata: line two\n\n: another comment\n\n' +
    'data:no space\n\n';
  for (let i = 0; i < text.length; i += 3) feed(text.slice(i, i + 3));
  assert.deepEqual(got, [
    { id: '7', event: 'view', data: '{"a":1}' },
    { id: '8', event: 'game_over', data: 'line one\nline two' },
    // The id is kept from the last event that set one, as EventSource does.
    { id: '8', event: 'message', data: 'no space' },
  ]);
});

/** A server that answers each request of the stream with `answers[i]` (status, body) and records the headers. */
function server(answers) {
  const seen = [];
  const srv = http.createServer((req, res) => {
    seen.push({ lastEventId: req.headers['last-event-id'], auth: req.headers.authorization });
    const [status, body] = answers[Math.min(seen.length - 1, answers.length - 1)];
    res.writeHead(status, { 'content-type': status === 200 ? 'text/event-stream' : 'application/problem+json' });
    res.end(body);
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({ srv, seen, url: `http://127.0.0.1:${srv.address().port}/events` })));
}

test('it reconnects with Last-Event-ID after the stream drops, and stops at game_over', async () => {
  const { srv, seen, url } = await server([
    [200, 'id: 3\nevent: view\ndata: {"v":3}\n\n'],
    [503, '{"code":"store_unavailable","status":503,"detail":"the store is unavailable"}'],
    [200, 'id: 9\nevent: game_over\ndata: {"v":9}\n\n'],
  ]);
  const events = [];
  const states = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no end: ${JSON.stringify({ events, states, seen })}`)), 10_000);
    follow(url, 'hp_token', {
      onEvent: (e) => events.push(e.id),
      onState: (s) => { states.push(s); if (s === 'ended') { clearTimeout(timer); resolve(); } },
      onFatal: (e) => reject(e),
    });
  });
  srv.close();
  assert.deepEqual(events, ['3', '9']);
  assert.deepEqual(seen.map((s) => s.lastEventId), [undefined, '3', '3']);
  assert.ok(seen.every((s) => s.auth === 'Bearer hp_token'));
  assert.deepEqual(states, ['live', 'reconnecting', 'reconnecting', 'live', 'ended']);
});

test('a refusal ends it with the problem as a readable error', async () => {
  const { srv, seen, url } = await server([
    [403, '{"code":"invalid_token","status":403,"detail":"the token is not valid for any seat of this game"}'],
  ]);
  const err = await new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no refusal')), 5_000);
    follow(url, null, { onEvent: () => {}, onFatal: resolve });
  });
  srv.close();
  assert.equal(err.code, 'invalid_token');
  assert.equal(err.message, 'The token is not valid for any seat of this game.');
  assert.equal(seen.length, 1);
});
