// The page's paced play (web/pace.js) under Node: the moves between two views of a game, one
// frame each; a trick shown whole and then with its winner before it is gathered; across a
// hand's end, the rest of the hand from the log and its summary, then the next hand's calls.
//   node --test tests/browser/pace.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { framesBetween, playsOf } from '../../web/pace.js';

const seats = [0, 1, 2, 3].map((seat) => ({ seat, kind: seat ? 'bot' : 'open', claimed: true }));
const base = {
  game_id: 'g', version: 1, status: 'playing', seats, seat: 0, ruleset: { players: 4, preset: 'hasenpfeffer' },
  phase: 'play', turn: 0, dealer: 3, hand_number: 0, hand: ['AS', 'KS', 'QS'], hand_sizes: [3, 3, 3, 3],
  legal_actions: [{ type: 'play', card: 'AS' }], auction: [{ seat: 0, bid: { tricks: 3 } }], upcard_calls: [],
  contract: { seat: 0, bid: { tricks: 3 } }, trump: 'S', trick: { leader: 0, plays: [] }, tricks: [], tricks_won: [0, 0],
  scores: [0, 0], last_hand: null, deadline_unix_ms: null, sitting_out: [],
};
const play = (seat, card) => ({ seat, card });
const trick1 = { leader: 0, plays: [play(0, 'AS'), play(1, '9S'), play(2, 'TS'), play(3, 'JH')], winner: 3 };

test('the cards between two views of a hand come one a frame, the trick whole and then its winner', () => {
  // We played the ace; the three house players answered and seat 3 led again.
  const next = {
    ...base, version: 5, turn: 0, hand: ['KS', 'QS'], hand_sizes: [2, 2, 2, 1], legal_actions: [],
    tricks: [trick1], trick: { leader: 3, plays: [play(3, 'QH')] }, tricks_won: [0, 1],
  };
  const frames = framesBetween(base, next, 500, []);
  const shown = frames.map((f) => [f.view.trick.plays.length, f.gather ?? null]);
  assert.deepEqual(shown, [[1, null], [2, null], [3, null], [4, null], [4, 3]]);
  // Before the trick closes, the cards still in hand are counted in each seat.
  assert.deepEqual(frames[0].view.hand_sizes, [2, 3, 3, 3]);
  assert.deepEqual(frames[0].view.hand, ['KS', 'QS']);
  assert.equal(frames[0].view.turn, 1);
  assert.deepEqual(frames[4].view.tricks_won, [0, 1]);
  assert.ok(frames.every((f) => f.view.legal_actions.length === 0), 'a frame offers an action');
  assert.ok(frames[4].ms > frames[0].ms, 'the winner is not shown longer than a card');
});

test('the calls of an auction come one a frame, the next caller to act', () => {
  const prev = { ...base, phase: 'auction', auction: [], contract: null, trump: null, tricks: [], turn: 1 };
  const calls = [{ seat: 1, bid: null }, { seat: 2, bid: { tricks: 2 } }, { seat: 3, bid: null }];
  const next = { ...prev, version: 4, auction: calls, turn: 0, legal_actions: [{ type: 'pass' }] };
  const frames = framesBetween(prev, next, 500, []);
  // The last call is shown by the view itself.
  assert.deepEqual(frames.map((f) => [f.view.auction.length, f.view.turn]), [[1, 2], [2, 3]]);
});

test('across a hand\'s end: the rest of the hand from the log, its summary, the next hand\'s calls', () => {
  const prev = { ...base, hand: ['AS'], hand_sizes: [1, 1, 1, 1], tricks: [], trick: { leader: 0, plays: [] } };
  const last = { leader: 0, plays: [play(0, 'AS'), play(1, '9S'), play(2, 'TS'), play(3, 'JH')], winner: 0 };
  const record = {
    number: 0, result: 'played', dealer: 3, deal: [['AS'], ['9S'], ['TS'], ['JH']], widow: [], auction: base.auction,
    contract: base.contract, trump: 'S', discards: [], alone: null, defender_alone: null, lone_discards: [], passed_cards: [],
    tricks: [last], tricks_won: [1, 0], score_delta: [1, 0], scores: [1, 0],
  };
  const next = {
    ...base, version: 9, hand_number: 1, dealer: 0, phase: 'auction', hand: ['KD'], hand_sizes: [1, 1, 1, 1],
    auction: [{ seat: 1, bid: null }, { seat: 2, bid: null }], contract: null, trump: null, turn: 3, scores: [1, 0],
    tricks: [], trick: { leader: null, plays: [] }, last_hand: { ...record },
  };
  const frames = framesBetween(prev, next, 500, [record]);
  const kinds = frames.map((f) => (f.summary ? 'summary' : f.gather !== undefined ? 'winner' : f.view.phase === 'play' ? `card ${f.view.trick.plays.length}` : `call ${f.view.auction.length}`));
  assert.deepEqual(kinds, ['card 1', 'card 2', 'card 3', 'card 4', 'winner', 'summary', 'call 1']);
  const summary = frames[5];
  assert.equal(summary.summary.number, 0);
  assert.deepEqual(summary.view.scores, [1, 0]);
  assert.ok(summary.ms >= 4000, 'the summary does not hold the table for some seconds');
  // Our card leaves our hand as it is played.
  assert.deepEqual(frames[0].view.hand, []);
  assert.equal(playsOf(frames[3].view.tricks).length, 4);
});

test('no pacing between equal views', () => {
  assert.deepEqual(framesBetween(base, { ...base }, 500, []), []);
});
