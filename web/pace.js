// Paced play: the server answers a move with the game as it stands after every house player
// has answered too (and a spectator's stream may skip versions), so the page rebuilds the moves
// in between, as views of the table, and shows them one at a time: each call, each card played,
// the trick with its winner before it is gathered, and at a hand's end its summary. The moves
// come from the two views themselves (the calls and the cards played are public) and, across
// a hand's end, from the game's log (`GET /v1/games/{id}/log`: every finished hand in full).
//
// Nothing here talks to the server; `framesBetween` is a pure function of its arguments.

import { sidesOf } from './sides.js';

/**
 * @typedef {import('./api.js').GameView} GameView
 * @typedef {import('./api.js').Play} Play
 * @typedef {import('./api.js').Trick} Trick
 * @typedef {import('./api.js').HandRecord} HandRecord
 * @typedef {import('./api.js').HandSummary} HandSummary
 * @typedef {{ view: GameView, ms: number, gather?: number, summary?: HandSummary }} Frame
 *   a view to show for `ms`; `gather`: the seat that won the trick shown whole; `summary`: the
 *   hand just over, to sum up
 */

/** The pace setting's key in localStorage (milliseconds a move; 0: no pacing). */
export const PACE_KEY = 'hasenpfeffer:pace';
/** The default pace: about half a second a move. */
export const DEFAULT_PACE = 500;
/** The paces offered, in milliseconds a move. */
export const PACES = [0, 250, 500, 1000];

/** The pace chosen in this browser (ms a move). */
export function paceMs() {
  const stored = localStorage.getItem(PACE_KEY);
  const n = stored === null ? DEFAULT_PACE : Number(stored);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 5000) : DEFAULT_PACE;
}

/**
 * How long a hand's summary holds the table before the next hand's moves are shown (unless the
 * player moves on sooner).
 * @param {number} pace
 */
export const summaryMs = (pace) => Math.max(4000, pace * 10);

/**
 * The cards of a hand in the order played: its finished tricks, then the trick in play.
 * @param {Trick[]} tricks
 * @param {{ plays: Play[] } | null} [trick]
 * @returns {Play[]}
 */
export const playsOf = (tricks, trick) => [...tricks.flatMap((t) => t.plays), ...(trick?.plays || [])];

/**
 * Tricks won per side.
 * @param {GameView} v
 * @param {Trick[]} tricks
 */
function wonBy(v, tricks) {
  const sides = sidesOf(v.ruleset);
  const out = new Array(Math.max(0, ...sides) + 1).fill(0);
  for (const t of tricks) out[sides[t.winner] ?? 0]++;
  return out;
}

/**
 * `base`, whose hands are as they were after `from` cards of `all` were played, as it was after
 * `k` of them: the finished tricks (from `done`), the trick in play, the cards in each hand,
 * whose turn it is.
 * @param {GameView} base
 * @param {Trick[]} done every finished trick of the hand, in order
 * @param {Play[]} all every card of the hand played, in order
 * @param {number} k
 * @param {number} from
 * @returns {GameView}
 */
export function atPlay(base, done, all, k, from) {
  /** @type {Trick[]} */
  const tricks = [];
  let i = 0;
  for (const t of done) {
    if (i + t.plays.length > k) break;
    tricks.push(t);
    i += t.plays.length;
  }
  const current = all.slice(i, k);
  const back = k < from ? all.slice(k, from) : [];
  const gone = k > from ? all.slice(from, k) : [];
  const count = (/** @type {Play[]} */ ps, /** @type {number} */ s) => ps.filter((p) => p.seat === s).length;
  const hand = [...base.hand, ...back.filter((p) => p.seat === base.seat).map((p) => p.card)];
  for (const p of gone) {
    if (p.seat !== base.seat) continue;
    const j = hand.indexOf(p.card);
    if (j >= 0) hand.splice(j, 1);
  }
  const next = all[k];
  return {
    ...base,
    phase: 'play',
    status: 'playing',
    legal_actions: [],
    deadline_unix_ms: null,
    tricks,
    trick: { leader: current[0]?.seat ?? next?.seat ?? null, plays: current },
    tricks_won: wonBy(base, tricks),
    hand_sizes: base.hand_sizes.map((x, s) => Math.max(0, x + count(back, s) - count(gone, s))),
    hand,
    turn: next ? next.seat : null,
  };
}

/**
 * The frames of the cards played after `a` of `all` up to `b`: each card, and a trick that
 * closes shown whole, then with its winner marked. With `last` false the view after the `b`th
 * card is left to the caller (it is the view that comes next), unless it closes a trick.
 * @param {GameView} base as it was after `from` cards
 * @param {Trick[]} done
 * @param {Play[]} all
 * @param {number} from
 * @param {number} a
 * @param {number} b
 * @param {number} pace
 * @param {boolean} last
 * @returns {Frame[]}
 */
function playFrames(base, done, all, from, a, b, pace, last) {
  /** @type {Frame[]} */
  const out = [];
  for (let k = a + 1; k <= b; k++) {
    const v = atPlay(base, done, all, k, from);
    const closed = v.trick.plays.length === 0 && v.tricks.length > 0 ? v.tricks[v.tricks.length - 1] : null;
    if (closed) {
      // The trick in the middle, whole; then its winner marked, before it is gathered.
      const whole = { ...v, trick: { leader: closed.leader, plays: closed.plays }, turn: null };
      out.push({ view: whole, ms: pace });
      out.push({ view: whole, ms: Math.round(pace * 1.8), gather: closed.winner });
    } else if (k < b || last) {
      out.push({ view: v, ms: pace });
    }
  }
  return out;
}

/**
 * The upcard after `i` calls (`pending`: the i-th, a pick-up, awaits its answer), Bacon's upcards
 * passed before it (a call's `round` is its upcard) and the cards left face down; Euchre's upcard
 * turns down when the dealer passes round 1.
 * @param {{ ruleset: { auction: string } }} v the table (its rules)
 * @param {number} dealer the hand's dealer
 * @param {string[]} upcards the upcards turned in this hand, in order, as far as known
 * @param {number} undealt the cards not dealt (upcards and stub)
 * @param {import('./api.js').UpcardCall[]} calls the hand's calls, as far as known
 * @param {number} i
 * @param {boolean} pending
 * @param {boolean} acquitted every call is known and every upcard was passed
 * @returns {Partial<GameView>}
 */
export function upcardsAt(v, dealer, upcards, undealt, calls, i, pending, acquitted) {
  if (!upcards.length) return {};
  if (v.ruleset.auction !== 'successive_upcards') {
    const down = calls.slice(0, i).some((c) => c.round === 2 || (c.round === 1 && c.trump === null && c.seat === dealer));
    return { upcard: { card: upcards[0], fate: down ? 'turned_down' : 'face_up' }, widow_size: Math.max(0, undealt - 1) };
  }
  const k = Math.max(1, Math.min(upcards.length, pending || !calls[i] ? (calls[i - 1]?.round ?? 1) : calls[i].round));
  return {
    upcard: { card: upcards[k - 1], fate: acquitted && i >= calls.length ? 'turned_down' : 'face_up' },
    passed_upcards: upcards.slice(0, k - 1),
    widow_size: Math.max(0, undealt - k),
  };
}

/** `upcardsAt` of a live view. @param {GameView} next @returns {(i: number, pending: boolean) => Partial<GameView>} */
const liveUpcards = (next) => {
  const upcards = [...(next.passed_upcards || []), ...(next.upcard ? [next.upcard.card] : [])];
  return (i, pending) => upcardsAt(next, next.dealer, upcards, next.widow_size + upcards.length, next.upcard_calls, i, pending, false);
};

/**
 * The frames of the calls made after `base`'s up to `target`'s (a bid auction's or an upcard
 * auction's), each shown with the next caller to act; in Bacon a pick-up first alone, waiting
 * for the partner's answer, then answered. `table` gives the upcards after a number of calls.
 * @param {GameView} base
 * @param {{ auction: import('./api.js').Call[], upcard_calls: import('./api.js').UpcardCall[] }} target
 * @param {number} pace
 * @param {boolean} last whether the last call gets a frame (else the view that comes next shows it)
 * @param {(i: number, pending: boolean) => Partial<GameView>} table
 * @returns {Frame[]}
 */
function callFrames(base, target, pace, last, table) {
  /** @type {Frame[]} */
  const out = [];
  /**
   * @param {Partial<GameView>} change
   * @param {number | null} turn
   */
  const frame = (change, turn) => out.push({ view: { ...base, phase: 'auction', legal_actions: [], deadline_unix_ms: null, ...change, turn }, ms: pace });
  const bids = target.auction;
  for (let i = base.auction.length + 1; i <= bids.length; i++) {
    if (i === bids.length && !last) continue;
    frame({ auction: bids.slice(0, i) }, bids[i]?.seat ?? null);
  }
  const calls = target.upcard_calls;
  const n = base.seats.length;
  const bacon = base.ruleset.auction === 'successive_upcards';
  const from = base.upcard_calls.length;
  /** The calls shown by each frame, and whether the last of them waits for its answer. @type {[number, boolean][]} */
  const events = [];
  if (bacon && from > 0 && !base.upcard_calls[from - 1].answer && calls[from - 1]?.answer) events.push([from, false]);
  for (let i = from + 1; i <= calls.length; i++) {
    if (bacon && calls[i - 1].trump !== null && calls[i - 1].answer) events.push([i, true]);
    events.push([i, false]);
  }
  events.forEach(([i, pending], e) => {
    if (e === events.length - 1 && !last) return;
    const shown = calls.slice(0, i);
    if (pending) shown[i - 1] = { ...shown[i - 1], answer: null };
    frame({ upcard_calls: shown, ...table(i, pending) }, pending ? (calls[i - 1].seat + n / 2) % n : calls[i]?.seat ?? null);
  });
  return out;
}

/** A record's upcards and face-down cards: after `i` calls, and after the exchange. @param {GameView} v @param {HandRecord} r */
function recorded(v, r) {
  const bacon = v.ruleset.auction === 'successive_upcards';
  const upcards = bacon ? r.widow.slice(0, 4) : r.upcard ? [r.upcard.card] : [];
  const calls = r.upcard_calls || [];
  /** @type {(i: number, pending: boolean) => Partial<GameView>} */
  const at = (i, pending) => upcardsAt(v, r.dealer, upcards, r.widow.length, calls, i, pending, r.result === 'acquitted');
  // After: the upcard as the record leaves it; a widow or kitty taken by a declarer who discarded.
  const end = at(calls.length, false);
  /** @type {Partial<GameView>} */
  const after = upcards.length
    ? { ...end, upcard: r.upcard || end.upcard || null, widow_size: bacon ? end.widow_size : r.widow.length - 1 }
    : { widow_size: r.contract && r.discards.length ? 0 : r.widow.length };
  return { at, after };
}

/**
 * A hand of the log at its start, on the table of `v`: dealt, nothing called or played; the
 * scores before it.
 * @param {GameView} v
 * @param {HandRecord} r
 * @param {HandRecord | undefined} before the hand before it, if any
 * @returns {GameView}
 */
export function recordStart(v, r, before) {
  const n = v.seats.length;
  const all = playsOf(r.tricks);
  return {
    ...v,
    status: 'playing',
    phase: 'auction',
    hand_number: r.number,
    dealer: r.dealer,
    // The cards as dealt (the widow, kitty or upcards face down or on the table).
    hand: v.seat === null ? [] : [...(r.deal[v.seat] || all.filter((p) => p.seat === v.seat).map((p) => p.card))],
    hand_sizes: Array.from({ length: n }, (_, s) => r.deal[s]?.length ?? all.filter((p) => p.seat === s).length),
    legal_actions: [],
    auction: [],
    upcard_calls: [],
    contract: null,
    trump: null,
    alone: null,
    defender_alone: null,
    sitting_out: [],
    trick: { leader: null, plays: [] },
    tricks: [],
    tricks_won: wonBy(v, []),
    scores: r.scores.map((x, i) => x - (r.score_delta[i] ?? 0)),
    winner: null,
    winners: [],
    deadline_unix_ms: null,
    turn: null,
    last_hand: before ? { ...before } : null,
    upcard: null,
    passed_upcards: [],
    widow_size: r.widow.length,
    called: null,
    partner: null,
    open_hand: [],
    discards: [],
    widow: [],
    joker_revealed_by: null,
    ...recorded(v, r).at(0, false),
  };
}

/**
 * The frames to show between two views of a game (`prev` shown, `next` arrived): the calls and
 * cards in between, one at a time; across hands, the rest of `prev`'s hand, any whole hands
 * between (from `records`, the log's hands), each hand's summary, and the start of `next`'s.
 * `next` itself is not among them.
 * @param {GameView} prev
 * @param {GameView} next
 * @param {number} pace ms a move
 * @param {HandRecord[]} records the log's hands (needed only across a hand's end)
 * @returns {Frame[]}
 */
export function framesBetween(prev, next, pace, records) {
  /** @type {Frame[]} */
  const out = [];
  const nextPlays = playsOf(next.tricks, next.trick);
  // (A game over ends with its last hand: that hand is in the log, summed up like the others.)
  const ended = next.status === 'finished';
  if (prev.hand_number === next.hand_number && !ended) {
    if (prev.phase === 'auction') out.push(...callFrames(prev, next, pace, next.phase !== 'auction', liveUpcards(next)));
    const before = playsOf(prev.tricks, prev.trick).length;
    out.push(...playFrames(next, next.tricks, nextPlays, nextPlays.length, before, nextPlays.length, pace, false));
    return out;
  }
  // Across hands: every hand from prev's to the one before next's, from the log.
  const upTo = ended ? next.hand_number + 1 : next.hand_number;
  /** @type {(HandRecord | HandSummary)[]} */
  let hands = records.filter((r) => r.number >= prev.hand_number && r.number < upTo);
  if (!hands.length && next.last_hand && next.last_hand.number === prev.hand_number) hands = [next.last_hand];
  if (!hands.length && ended) return out;
  for (const r of hands) {
    const record = 'deal' in r ? /** @type {HandRecord} */ (r) : null;
    const first = r.number === prev.hand_number;
    const before = records.find((x) => x.number === r.number - 1);
    const start = first ? prev : record ? recordStart(next, record, before) : null;
    if (!start) continue;
    const told = record ? recorded(next, record) : null;
    if (record && told && start.phase === 'auction') out.push(...callFrames(start, { auction: record.auction, upcard_calls: record.upcard_calls || [] }, pace, true, told.at));
    const all = playsOf(r.tricks);
    const from = first ? playsOf(prev.tricks, prev.trick).length : 0;
    // Who sits out: the seats that play no card (a loner's partner, a misère's partners, the
    // drop-outs); once the exchange is over, the cards each seat holds are those it plays.
    const active = new Set(all.map((p) => p.seat));
    const seats = start.seats.map((_, s) => s);
    /** @type {GameView} */
    const playing = {
      ...start,
      ...(told ? told.after : {}),
      // (The calls stay on the table through the play, as in a live view.)
      ...(record ? { auction: record.auction, upcard_calls: record.upcard_calls || [] } : {}),
      contract: r.contract,
      trump: record ? record.trump : start.trump,
      alone: record ? record.alone : start.alone,
      defender_alone: record ? record.defender_alone : start.defender_alone,
      sitting_out: record?.dropped?.length || !all.length ? record?.dropped || start.sitting_out : seats.filter((s) => !active.has(s)),
      called: record?.called ?? start.called ?? null,
      partner: record?.partner ?? start.partner ?? null,
      ...(!first && all.length ? {
        hand: start.seat === null ? [] : all.filter((p) => p.seat === start.seat).map((p) => p.card),
        hand_sizes: seats.map((s) => (active.has(s) ? all.filter((p) => p.seat === s).length : start.hand_sizes[s] ?? 0)),
      } : {}),
    };
    out.push(...playFrames(playing, r.tricks, all, from, from, all.length, pace, true));
    const end = out.length ? out[out.length - 1].view : playing;
    out.push({
      view: { ...end, scores: [...r.scores], turn: null, trick: { leader: null, plays: [] }, last_hand: { ...r, tricks: r.tricks } },
      ms: summaryMs(pace),
      summary: { ...r, tricks: r.tricks },
    });
  }
  // The start of next's hand: its calls and cards so far.
  const start = {
    ...next,
    phase: 'auction',
    auction: [],
    upcard_calls: [],
    legal_actions: [],
    turn: null,
    trick: { leader: null, plays: [] },
    tricks: [],
    tricks_won: wonBy(next, []),
    contract: next.auction.length || next.upcard_calls.length ? null : next.contract,
    trump: next.auction.length || next.upcard_calls.length ? null : next.trump,
    alone: null,
    defender_alone: null,
  };
  if (next.status !== 'finished') {
    const table = liveUpcards(next);
    out.push(...callFrames({ ...start, ...table(0, false) }, next, pace, next.phase !== 'auction', table));
    out.push(...playFrames(next, next.tricks, nextPlays, nextPlays.length, 0, nextPlays.length, pace, false));
  }
  return out;
}
