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

// ---- The table's corners rebuilt exactly: the kitty through a replayed auction, Bacon's
// ---- upcards passed one after another, a pick-up and its answer, Euchre's upcard turned down.

const call = (seat, round, trump = null, extra = {}) => ({ seat, round, trump, ...extra });
const baconRules = { players: 4, preset: 'bacon', auction: 'successive_upcards', scoring: 'bacon' };

test('Bacon across a hand\'s end: each upcard passed is discarded face up and the next turned, a pick-up waits for its answer', () => {
  // Hand 0: the dealer (3) passes upcards 1 and 2; seat 1 picks up the third, its partner (3) allows.
  const widow = ['2C', '3D', '4H', ...Array.from({ length: 28 }, (_, i) => `x${i}`)];
  const calls = [
    call(0, 1), call(1, 1), call(2, 1), call(3, 1),
    call(0, 2), call(1, 2), call(2, 2), call(3, 2),
    call(0, 3), call(1, 3, 'H', { answer: 'allow' }),
  ];
  const plays = [play(2, 'AS'), play(3, 'KS'), play(0, 'QS'), play(1, 'JS')];
  const record = {
    number: 0, result: 'played', dealer: 3, deal: [['QS'], ['JS'], ['AS'], ['KS']], widow, auction: [],
    upcard_calls: calls, upcard: { card: '4H', fate: 'taken', taken_by: 2, discard: '9C' },
    contract: { seat: 1, bid: null }, trump: 'H', discards: [], alone: null, defender_alone: null, lone_discards: [], passed_cards: [],
    tricks: [{ leader: 2, plays, winner: 2 }], tricks_won: [1, 0], score_delta: [0, 0], scores: [0, 0],
  };
  const prev = {
    ...base, ruleset: baconRules, phase: 'auction', dealer: 3, turn: 0, hand: ['QS'], hand_sizes: [1, 1, 1, 1], legal_actions: [],
    auction: [], upcard_calls: [], contract: null, trump: null, upcard: { card: '2C', fate: 'face_up' }, passed_upcards: [], widow_size: 30,
    tricks: [], trick: { leader: null, plays: [] },
  };
  const next = { ...prev, version: 30, hand_number: 1, dealer: 0, turn: 1, upcard: { card: '5D', fate: 'face_up' }, hand: ['2S'], last_hand: { ...record } };
  const frames = framesBetween(prev, next, 500, [record]);
  const calling = frames.filter((f) => f.view.phase === 'auction' && f.view.hand_number === 0);
  const seen = calling.map((f) => [f.view.upcard_calls.length, f.view.upcard.card, f.view.passed_upcards.join(' '), f.view.widow_size, f.view.turn]);
  assert.deepEqual(seen, [
    [1, '2C', '', 30, 1], [2, '2C', '', 30, 2], [3, '2C', '', 30, 3],
    // The dealer passed: the first upcard is discarded face up, the second turned.
    [4, '3D', '2C', 29, 0], [5, '3D', '2C', 29, 1], [6, '3D', '2C', 29, 2], [7, '3D', '2C', 29, 3],
    [8, '4H', '2C 3D', 28, 0], [9, '4H', '2C 3D', 28, 1],
    // Seat 1 picks up the third: seat 3 is to answer; then it allows.
    [10, '4H', '2C 3D', 28, 3], [10, '4H', '2C 3D', 28, null],
  ]);
  assert.equal(calling[9].view.upcard_calls[9].answer, null);
  assert.equal(calling[10].view.upcard_calls[9].answer, 'allow');
  // Played: the upcard taken by the seat left of the caller, the two passed still face up.
  const first = frames.find((f) => f.view.phase === 'play');
  assert.deepEqual(first.view.upcard, record.upcard);
  assert.deepEqual(first.view.passed_upcards, ['2C', '3D']);
  assert.equal(first.view.widow_size, 28);
  // The next hand starts with its own upcard, none passed.
  const after = frames.filter((f) => f.view.hand_number === 1);
  assert.ok(after.every((f) => f.view.upcard.card === '5D' && f.view.passed_upcards.length === 0), 'the next hand shows the last hand\'s upcards');
});

test('Bacon within a hand: the calls since the view shown pass the upcard on as they happened', () => {
  const prev = {
    ...base, ruleset: baconRules, phase: 'auction', dealer: 3, turn: 1, hand: ['QS'], legal_actions: [], auction: [],
    upcard_calls: [call(0, 1)], contract: null, trump: null, upcard: { card: '2C', fate: 'face_up' }, passed_upcards: [], widow_size: 30,
    tricks: [], trick: { leader: null, plays: [] },
  };
  const next = {
    ...prev, version: 9, turn: 2, legal_actions: [],
    upcard_calls: [call(0, 1), call(1, 1), call(2, 1), call(3, 1, 'C', { answer: 'veto' }), call(0, 2), call(1, 2)],
    upcard: { card: '3D', fate: 'face_up' }, passed_upcards: ['2C'], widow_size: 29,
  };
  const frames = framesBetween(prev, next, 500, []);
  // The dealer's pick-up waits for the answer on the first upcard; the veto passes it on: the
  // second upcard is called (the last call is shown by the view itself).
  assert.deepEqual(frames.map((f) => [f.view.upcard_calls.length, f.view.upcard.card, f.view.passed_upcards.length, f.view.widow_size, f.view.turn]),
    [[2, '2C', 0, 30, 2], [3, '2C', 0, 30, 3], [4, '2C', 0, 30, 1], [4, '3D', 1, 29, 0], [5, '3D', 1, 29, 1]]);
  assert.equal(frames[2].view.upcard_calls[3].answer, null);
  assert.equal(frames[3].view.upcard_calls[3].answer, 'veto');
});

test('Five Hundred across a hand\'s end: the kitty lies face down through the replayed auction, taken once it is won', () => {
  const rules = { players: 4, preset: 'five-hundred', auction: 'consecutive_passes', scoring: 'five_hundred' };
  const deal = [['AS', 'KS'], ['9S', '8S'], ['TS', '7S'], ['JH', '6S']];
  const bid = { tricks: 6, trump: 'S' };
  const record = {
    number: 0, result: 'played', dealer: 3, deal, widow: ['JK', '4D', '5C'], auction: [{ seat: 0, bid }, { seat: 1, bid: null }, { seat: 2, bid: null }, { seat: 3, bid: null }],
    contract: { seat: 0, bid }, trump: 'S', discards: ['4D', '5C', 'KS'], alone: null, defender_alone: null, lone_discards: [], passed_cards: [],
    tricks: [{ leader: 0, plays: [play(0, 'JK'), play(1, '9S'), play(2, 'TS'), play(3, '6S')], winner: 0 },
      { leader: 0, plays: [play(0, 'AS'), play(1, '8S'), play(2, '7S'), play(3, 'JH')], winner: 0 }],
    tricks_won: [2, 0], score_delta: [40, 0], scores: [40, 0],
  };
  const hand1 = { ...record, number: 1, dealer: 0, auction: [{ seat: 1, bid }, { seat: 2, bid: null }, { seat: 3, bid: null }, { seat: 0, bid: null }],
    contract: { seat: 1, bid }, scores: [40, 40], score_delta: [0, 40] };
  const view = {
    ...base, ruleset: rules, seat: null, hand: [], version: 50, hand_number: 2, dealer: 1, phase: 'auction', turn: 2, widow_size: 3,
    auction: [], contract: null, trump: null, tricks: [], trick: { leader: null, plays: [] }, scores: [40, 40], upcard: null,
  };
  // A spectator's view of hand 0 at its start (its first call not made), then hand 2.
  const prev = { ...view, hand_number: 0, dealer: 3, turn: 0, scores: [0, 0], hand_sizes: [2, 2, 2, 2] };
  const frames = framesBetween(prev, view, 500, [record, hand1]);
  const auction = frames.filter((f) => f.view.phase === 'auction' && f.view.hand_number === 1);
  assert.equal(auction.length, 4, 'hand 1\'s calls are not shown one a frame');
  assert.ok(auction.every((f) => f.view.widow_size === 3), `the kitty during hand 1's auction: ${auction.map((f) => f.view.widow_size)}`);
  assert.ok(auction.every((f) => f.view.hand_sizes.join() === '2,2,2,2'), 'the hands during the auction are not as dealt');
  const playing = frames.filter((f) => f.view.phase === 'play');
  assert.ok(playing.length > 0 && playing.every((f) => f.view.widow_size === 0), 'the kitty is still face down once the declarer took it');
  const first = frames.find((f) => f.view.phase === 'play' && f.view.hand_number === 1);
  assert.deepEqual(first.view.contract, hand1.contract);
  assert.deepEqual(first.view.sitting_out, []);
});

test('Euchre: the upcard is turned down when the dealer passes round 1, then taken as the record says', () => {
  const rules = { players: 4, preset: 'euchre', auction: 'upcard', scoring: 'euchre' };
  const calls = [call(0, 1), call(1, 1), call(2, 1), call(3, 1), call(0, 2, 'S')];
  const record = {
    number: 0, result: 'played', dealer: 3, deal: [['AS'], ['9S'], ['TS'], ['KS']], widow: ['9H', ...Array.from({ length: 11 }, (_, i) => `s${i}`)],
    auction: [], upcard_calls: calls, upcard: { card: '9H', fate: 'turned_down' }, contract: { seat: 0, bid: null }, trump: 'S',
    discards: [], alone: 0, defender_alone: null, lone_discards: [], passed_cards: [],
    tricks: [{ leader: 1, plays: [play(1, '9S'), play(3, 'KS'), play(0, 'AS')], winner: 0 }], tricks_won: [1, 0], score_delta: [1, 0], scores: [1, 0],
  };
  const prev = { ...base, ruleset: rules, seat: null, hand: [], phase: 'auction', turn: 0, dealer: 3, auction: [], upcard_calls: [], contract: null, trump: null,
    upcard: { card: '9H', fate: 'face_up' }, widow_size: 11, tricks: [], trick: { leader: null, plays: [] } };
  const next = { ...prev, version: 20, hand_number: 1, dealer: 0, upcard: { card: 'QD', fate: 'face_up' }, last_hand: { ...record } };
  const frames = framesBetween(prev, next, 500, [record]);
  const fates = frames.filter((f) => f.view.hand_number === 0 && f.view.phase === 'auction').map((f) => f.view.upcard.fate);
  assert.deepEqual(fates, ['face_up', 'face_up', 'face_up', 'turned_down', 'turned_down']);
  const first = frames.find((f) => f.view.phase === 'play');
  // Alone: the maker's partner (seat 2) plays no card and sits out; the calls stay shown.
  assert.deepEqual(first.view.sitting_out, [2]);
  assert.deepEqual(first.view.upcard_calls, calls);
  assert.equal(first.view.widow_size, 11);
});
