// Follows a game's event stream (`GET /v1/games/{id}/events`). EventSource cannot send an
// Authorization header, so this reads the stream with fetch and parses Server-Sent Events
// itself; it reconnects by itself with Last-Event-ID until the game is over or it is stopped.

import { problemError } from './api.js';

/**
 * @typedef {{ id: string, event: string, data: string }} ServerEvent
 * @typedef {{ onEvent: (e: ServerEvent) => void, onState?: (state: 'live' | 'reconnecting' | 'ended') => void,
 *   onFatal?: (e: import('./api.js').ApiError) => void }} Handlers
 */

/**
 * Feeds text to an SSE parser; calls `emit` for each complete event.
 * @param {(e: ServerEvent) => void} emit
 */
export function sseParser(emit) {
  let buffer = '';
  /** @type {ServerEvent} */
  let current = { id: '', event: 'message', data: '' };
  let hasData = false;
  /** @param {string} chunk */
  return (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A CR at the end may be the first half of a CRLF split between chunks: wait for more.
      if (buffer[nl] === '\r' && nl === buffer.length - 1) break;
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
      if (line === '') {
        if (hasData) emit(current);
        current = { id: current.id, event: 'message', data: '' };
        hasData = false;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') {
        current.data = hasData ? current.data + '\n' + value : value;
        hasData = true;
      } else if (field === 'event') {
        current.event = value;
      } else if (field === 'id') {
        current.id = value;
      }
    }
  };
}

/**
 * Follows the stream at `path` (with the seat token if any) until stopped or the stream sends
 * `game_over`. Answers the function that stops it.
 * @param {string} path
 * @param {string | null} token
 * @param {Handlers} handlers
 * @returns {() => void}
 */
export function follow(path, token, handlers) {
  const abort = new AbortController();
  let lastId = '';
  let ended = false;
  let delay = 500;

  const run = async () => {
    while (!abort.signal.aborted && !ended) {
      /** @type {Record<string, string>} */
      const headers = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastId) headers['Last-Event-ID'] = lastId;
      try {
        const res = await fetch(path, { headers, signal: abort.signal, cache: 'no-store' });
        if (!res.ok || !res.body) {
          const body = await res.json().catch(() => null);
          const err = problemError(res.status, body);
          // A refusal (a bad token, an unknown game) will not mend by retrying.
          if (res.status >= 400 && res.status < 500 && res.status !== 429) {
            ended = true;
            handlers.onFatal?.(err);
            return;
          }
          throw err;
        }
        handlers.onState?.('live');
        delay = 500;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        const feed = sseParser((e) => {
          if (e.id) lastId = e.id;
          if (e.event === 'game_over') ended = true;
          handlers.onEvent(e);
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        if (e instanceof Error && e.name === 'AbortError') return;
      }
      if (ended || abort.signal.aborted) break;
      handlers.onState?.('reconnecting');
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
    if (ended) handlers.onState?.('ended');
  };
  run();
  return () => abort.abort();
}
