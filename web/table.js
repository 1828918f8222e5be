// The table: seats around it, the auction, the contract and trump, the trick in play, tricks
// won, scores and the turn clock; a seat acts by clicking (or with the keyboard) one of its
// `legal_actions`, posted as it is. Live through the event stream. Without this tab's seat
// token for the game, it is the spectator view.

import { api, forgetToken, newKey, seatToken } from './api.js';
import { SUIT_NAMES, SUIT_SYMBOLS, answerText, bidText, bidValue, cardBack, cardEl, cardName, suitEl, trumpName, upcardCallText } from './cards.js';
import { announce, fill, h, notify } from './dom.js';
import { follow } from './sse.js';
import { howToPlay, presetTitle } from './help.js';
import { framesBetween, paceMs, playsOf, recordStart, summaryMs } from './pace.js';
import { partnerships, sideSeats, sidesOf } from './sides.js';

/**
 * @typedef {import('./sides.js').Sides} Sides
 * @typedef {import('./api.js').GameView} GameView
 * @typedef {import('./api.js').Action} Action
 * @typedef {import('./dom.js').Child} Child
 * @typedef {import('./api.js').UpcardCall} UpcardCall
 * @typedef {{ seat: number, round: number, kind: 'pass' | 'pick_up' | 'pick_up_alone' | import('./api.js').Answer,
 *   call: UpcardCall }} BaconEvent a call of Bacon's auction, or a partner's answer to a pick-up
 */

// ---- Seats and sides, for any number of seats (the replay and home use them too) ----
/** @param {string} s */
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where seat `base + i` sits around the felt (the viewer's seat at the bottom, play clockwise). */
const POSITIONS = {
  2: ['bottom', 'top'],
  3: ['bottom', 'left', 'right'],
  4: ['bottom', 'left', 'top', 'right'],
  5: ['bottom', 'left-low', 'left-high', 'right-high', 'right-low'],
  6: ['bottom', 'left-low', 'left-high', 'top', 'right-high', 'right-low'],
};

/**
 * @param {number} seat
 * @param {number} n seats
 * @param {number} base the seat at the bottom
 */
export function positionOf(seat, n, base) {
  const places = POSITIONS[/** @type {2|3|4|5|6} */ (n)] || POSITIONS[4];
  return places[(seat - base + n) % n] || 'top';
}

/**
 * Who sits in a seat, for people: "You", "Ada (seat 1)", "Expert bot (seat 2)".
 * @param {GameView} v
 * @param {number} s
 */
export function seatName(v, s) {
  if (s === v.seat) return 'You';
  return `${who(v, s)} (seat ${s})`;
}

/**
 * @param {GameView} v
 * @param {number} s
 */
function who(v, s) {
  const info = v.seats[s];
  // A seat claimed without a bot key is a guest's: its name is only what the guest typed.
  if (info?.guest) return `${info.name || 'Player'} (guest)`;
  return info?.name || (info?.kind === 'bot' ? `${cap(info.strategy || 'house')} bot` : info?.claimed ? 'Player' : 'Open seat');
}

/**
 * A side's name: "Team 0 (seats 0 and 2)", or for a player alone "Seat 2 (Bob)", "Seat 0 (you)".
 * @param {GameView} v
 * @param {number} side
 */
export function sideName(v, side) {
  const seats = sideSeats(v.ruleset)[side] || [];
  if (seats.length === 1) return `Seat ${seats[0]} (${seats[0] === v.seat ? 'you' : who(v, seats[0])})`;
  return `Team ${side} (seats ${seats.join(', ').replace(/, (\d+)$/, ' and $1')})`;
}

/**
 * A side in a list: "team 0", "seat 2".
 * @param {Sides} rules
 * @param {number} side
 */
export function sideShort(rules, side) {
  return partnerships(rules) ? `team ${side}` : `seat ${(sideSeats(rules)[side] || [side])[0]}`;
}

/**
 * One value per side, in words: "team 0: 5, team 1: 1" or "seat 0: 3, seat 1: 2, seat 2: 3".
 * @param {Sides} rules
 * @param {(number | string)[]} values
 */
export function perSide(rules, values) {
  return values.map((x, side) => `${sideShort(rules, side)}: ${x}`).join(', ');
}

/**
 * The final scores: "Final score 12 to 8." (two sides), else "Final scores: seat 0: 31, …".
 * @param {Sides} rules
 * @param {number[]} scores
 */
export function finalScores(rules, scores) {
  return scores.length === 2 ? `Final score ${scores[0]} to ${scores[1]}.` : `Final scores: ${perSide(rules, scores)}.`;
}

/**
 * The winner (or the sides tied on the highest score), in words, for this view's reader.
 * @param {GameView} v
 */
export function winnersText(v) {
  const winners = v.winners?.length ? v.winners : v.winner !== null ? [v.winner] : [];
  const sides = sideSeats(v.ruleset).length;
  const mine = v.seat === null ? null : sidesOf(v.ruleset)[v.seat];
  const team = partnerships(v.ruleset);
  if (!winners.length || (winners.length === sides && sides === 2)) return 'a draw';
  // (A team's own name has commas: "Team 1 (seats 1, 3 and 5)"; only the list's last joins with "and".)
  const all = winners.map((w) => sideName(v, w));
  const names = all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}` : all[0];
  if (winners.length > 1) return `a tie for first between ${names}`;
  if (mine === winners[0]) return team ? 'your team wins' : 'you win';
  if (mine !== null && team) return `your team loses; ${names} wins`;
  return `${names} wins`;
}

/** @param {GameView} v */
export function resultText(v) {
  return `Game over: ${winnersText(v)}. ${finalScores(v.ruleset, v.scores)}`;
}

/**
 * Whether the game is Bacon: up to four upcards in turn, each picked up or passed from the
 * dealer's left, a pick-up answered at once by the caller's partner.
 * @param {{ ruleset: { auction: string } }} v
 */
export const baconGame = (v) => v.ruleset.auction === 'successive_upcards';

/**
 * Whether trump is made by an upcard rather than bids: Euchre's calls in two rounds, Bacon's
 * successive upcards.
 * @param {{ ruleset: { auction: string } }} v
 */
export const upcardGame = (v) => v.ruleset.auction === 'upcard' || baconGame(v);

/** How many upcards a Bacon hand may turn before it is thrown in. */
export const BACON_UPCARDS = 4;

/**
 * A seat's partner in Bacon (four players, two partnerships): the seat across the table.
 * @param {number} seat
 * @param {number} n seats
 */
export const partnerOf = (seat, n) => (seat + n / 2) % n;

/**
 * Bacon's auction as it went, in order: each pass or pick-up, each pick-up followed by its
 * caller's partner's answer once given.
 * @param {UpcardCall[]} calls
 * @param {number} n seats
 * @returns {BaconEvent[]}
 */
export function baconEvents(calls, n) {
  /** @type {BaconEvent[]} */
  const out = [];
  for (const call of calls) {
    out.push({ seat: call.seat, round: call.round, kind: call.trump === null ? 'pass' : call.alone ? 'pick_up_alone' : 'pick_up', call });
    if (call.trump !== null && call.answer) out.push({ seat: partnerOf(call.seat, n), round: call.round, kind: call.answer, call });
  }
  return out;
}

/**
 * A Bacon call or answer in words, after its seat's name: "passes", "picks up hearts alone",
 * "vetoes going alone" (or, for "You", "pass", "pick up hearts alone", "veto going alone").
 * @param {BaconEvent} e
 * @param {boolean} [you]
 */
export function baconEventText(e, you = false) {
  const suit = trumpName(e.call.trump);
  switch (e.kind) {
    case 'pass': return you ? 'pass' : 'passes';
    case 'pick_up': return `${you ? 'pick' : 'picks'} up ${suit}`;
    case 'pick_up_alone': return `${you ? 'pick' : 'picks'} up ${suit} alone`;
    case 'allow': return `${you ? 'allow' : 'allows'}${e.call.alone ? ': the caller goes alone' : ''}`;
    case 'veto': return `${you ? 'veto' : 'vetoes'}: as if the caller had passed`;
    default: return `${you ? 'veto' : 'vetoes'} going alone: the pick-up stands, not alone`;
  }
}

/**
 * Bacon: the pick-up waiting for the caller's partner's answer, if any.
 * @param {GameView} v
 */
export function pendingPickUp(v) {
  const last = v.upcard_calls[v.upcard_calls.length - 1];
  return baconGame(v) && v.phase === 'auction' && last && last.trump !== null && !last.answer ? last : null;
}

/**
 * Bacon: the number of the upcard being called, 1 to 4.
 * @param {{ passed_upcards?: string[] }} v
 */
export const upcardNumber = (v) => (v.passed_upcards?.length || 0) + 1;

/**
 * Bacon's scoring in words, for the scoreboard.
 * @param {number} target
 */
export const baconRule = (target) => 'Only a side that takes 3 or more tricks scores: the callers 1 point (2 for all five tricks); '
  + `a caller alone, or the defenders, 2 (4 for all five). The first side to ${target} wins.`;

/**
 * Whether the game is Five Hundred: strain bids and misères, a kitty, with five players a
 * partner called by a card, the joker led at no trump naming a suit.
 * @param {{ ruleset: { scoring?: string } }} v
 */
export const fiveHundred = (v) => v.ruleset.scoring === 'five_hundred';

/**
 * Five Hundred's scoring in words, for the scoreboard.
 * @param {number} target
 */
export const fiveHundredRule = (target) => 'A contract made scores its value (6 spades 40, 20 more a strain up the ladder '
  + 'spades, clubs, diamonds, hearts, no trump, and 100 more a trick, to 520 for 10 no trump; misère 250, open misère 520); '
  + 'failed, it loses it. The opponents score 10 a trick. Only a contract ends the game: made, a declaring side at '
  + `${target} or more wins; failed, at −${target} or less it loses and the highest other score wins.`;

/**
 * A trick's play in words for the eye under a card: the joker led names the suit to follow.
 * @param {import('./api.js').Play} p
 */
export const ledAs = (p) => (p.suit ? ` (led as ${SUIT_SYMBOLS[p.suit] || ''}\u00a0${SUIT_NAMES[p.suit] || p.suit})` : '');

/**
 * The cards a seat chooses among: its hand, and in Bacon's exchange its hand and the upcard
 * (the seat left of the caller discards one of the six).
 * @param {GameView} v
 */
function handChoices(v) {
  const up = v.upcard;
  return up && baconGame(v) && v.turn === v.seat && v.legal_actions.some((a) => a.type === 'take_upcard') ? [...v.hand, up.card] : v.hand;
}

/**
 * Whether scores count down (Buck Euchre): every score starts at the target, the lowest wins.
 * @param {{ ruleset: { game_end: string } }} v
 */
export const countsDown = (v) => v.ruleset.game_end === 'lowest_at_zero';

/**
 * The game's aim in words: "Playing to 5", or "Counting down from 25: the lowest score wins".
 * @param {{ ruleset: { game_end: string, target_score: number } }} v
 */
export const aimText = (v) => (countsDown(v)
  ? `Counting down from ${v.ruleset.target_score}: the lowest score wins`
  : v.ruleset.game_end === 'made_contract' ? `Playing to ${v.ruleset.target_score} by a contract made (or out at −${v.ruleset.target_score})`
  : `Playing to ${v.ruleset.target_score}`);

/**
 * The seats that have decided to stay in or drop out of the declarer's hand (Buck Euchre), in
 * the order they decided (from the declarer's left), each with its decision; empty before.
 * @param {GameView} v
 * @returns {{ seat: number, dropped: boolean }[]}
 */
export function dropOuts(v) {
  const c = v.contract;
  if (!c || v.ruleset.scoring !== 'buck' || !['drop_out', 'play', 'game_over'].includes(v.phase)) return [];
  const n = v.seats.length;
  /** @type {{ seat: number, dropped: boolean }[]} */
  const out = [];
  for (let i = 1; i < n; i++) {
    const s = (c.seat + i) % n;
    // While they decide, only the seats before the one to act have.
    if (v.phase === 'drop_out' && s === v.turn) break;
    out.push({ seat: s, dropped: v.sitting_out.includes(s) });
  }
  return out;
}

/**
 * A hand with trump but nobody who made it (Buck Euchre): a clubs upcard, or everyone passed
 * twice (no trump). Answers the words for it, or null.
 * @param {{ contract: unknown, trump: string | null, upcard?: import('./api.js').Upcard | null }} v
 */
export function noDeclarerText(v) {
  if (v.contract || v.trump === null || !v.upcard) return null;
  return v.trump === 'NT' ? 'No trump: everyone passed twice, nobody declared'
    : `${cap(SUIT_NAMES[v.trump] || v.trump)} turned up: ${SUIT_NAMES[v.trump] || v.trump} are trump, nobody declared`;
}

/**
 * The round of an upcard auction: 1 while the upcard is face up, then 2.
 * @param {GameView} v
 */
const upcardRound = (v) => (v.upcard?.fate === 'face_up' ? 1 : 2);

/** @param {GameView} v */
function phaseVerb(v) {
  switch (v.phase) {
    case 'auction':
      if (baconGame(v)) return pendingPickUp(v) ? 'allow or veto the pick-up' : 'pick up or pass';
      if (!upcardGame(v)) return fiveHundred(v) ? 'bid or pass' : 'bid';
      if (upcardRound(v) === 1) return 'order up or pass';
      // A dealer stuck in round 2 (stick the dealer) may not pass.
      return v.turn === v.seat && v.legal_actions.length && !v.legal_actions.some((a) => a.type === 'pass')
        ? 'name trump' : 'name trump or pass';
    case 'exchange':
      if (baconGame(v)) return 'take the upcard and discard a card face up';
      if (fiveHundred(v)) return 'take the kitty and discard';
      if (!upcardGame(v)) return 'name trump';
      return v.ruleset.dealer_pickup === 'mandatory' ? 'take up the upcard' : 'take up or leave the upcard';
    case 'alone': return fiveHundred(v) ? 'call a partner by a card or play alone' : 'decide on going alone';
    case 'drop_out':
      // The third to decide after two drops may only stay (all_drop: last_must_stay).
      return v.turn === v.seat && v.legal_actions.length && !v.legal_actions.some((a) => a.type === 'drop')
        ? 'stay in' : 'stay in or drop out';
    case 'pass_cards': return v.contract && v.turn === v.contract.seat ? 'discard two cards' : 'pass two cards';
    case 'play': return v.trick.plays.length === 0 ? 'lead' : 'play';
    default: return 'act';
  }
}

/**
 * @param {Action} a
 * @returns {string}
 */
function actionKey(a) {
  switch (a.type) {
    case 'bid': return `bid-${a.tricks}${a.pepper ? '-' + a.pepper : ''}${a.trump ? '-' + a.trump : ''}`;
    case 'open_misere': return 'open-misere';
    case 'call': return `call-${a.card}`;
    case 'exchange': return `exchange-${a.trump}-${(a.discard || []).join('.')}`;
    case 'alone': return `alone-${a.alone}`;
    case 'pass_cards': return `pass-cards-${a.cards.join('.')}`;
    case 'play': return `play-${a.card}${a.suit ? '-' + a.suit : ''}`;
    case 'order_up': return 'order-up';
    case 'name_trump': return `name-trump-${a.trump}`;
    case 'take_upcard': return `take-upcard-${a.discard}`;
    case 'leave_upcard': return 'leave-upcard';
    case 'stay': return 'stay';
    case 'drop': return 'drop';
    case 'pick_up': return 'pick-up';
    case 'pick_up_alone': return 'pick-up-alone';
    case 'veto_alone': return 'veto-alone';
    default: return a.type;
  }
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 * @param {boolean} [watch] a game of house players, watched from its first move: the hands it
 *   has already played are shown (from its log) at the page's pace before the game as it is
 * @returns {() => void}
 */
export function mountTable(main, id, watch = false) {
  const token = seatToken(id);
  /** What the table shows: the game as the server last sent it, or (paced) a view of a move
   * before it. @type {GameView | null} */
  let view = null;
  /** The newest view the server sent, and the newest one shown. @type {GameView | null} */
  let newest = null;
  /** @type {GameView | null} */
  let real = null;
  /** The frame shown, when the table shows a move before the newest view. @type {import('./pace.js').Frame | null} */
  let frame = null;
  /** The hand just over, summed up over the table until the player moves on (or some seconds pass). @type {import('./api.js').HandSummary | null} */
  let summary = null;
  let summaryTimer = 0;
  /** The last hand summed up (its number), so that a hand is summed up once. */
  let summed = -1;
  /** The hands so far (the score sheet), from the game's log. @type {import('./api.js').HandOutcome[]} */
  let sheet = [];
  /** Ends the wait of the frame shown (the summary's "Next hand"). @type {(() => void) | null} */
  let skip = null;
  /** Moves up to this version are not shown one by one ("Skip to now"). */
  let liveFrom = -1;
  /** Presentation, one view after another. */
  let chain = Promise.resolve();
  let closed = false;
  /** The version of our last move posted (a turn of ours that passed without it ran out of time). */
  let movedAt = -1;
  let howOpen = false;
  let busy = false;
  /** The cards chosen to discard or pass, by their place in the hand (a double deck holds twins).
   * @type {Set<number>} */
  let selected = new Set();
  const chosen = () => [...selected].map((i) => (view ? handChoices(view)[i] : '') || '');
  /** @type {string | null} */
  let trumpChoice = null;
  /** Five Hundred: the joker about to be led at no trump, waiting for the suit it names.
   * @type {string | null} */
  let suitFor = null;
  let connection = 'connecting';
  const root = h('section', { class: 'table-view', 'aria-label': 'The table' });
  main.append(root);
  fill(root, h('p', {}, 'Loading the game…'));
  document.title = `Game ${id} · Hasenpfeffer`;

  const clockTick = window.setInterval(() => {
    const deadline = view?.deadline_unix_ms;
    if (deadline) for (const el of root.querySelectorAll('.clock')) el.textContent = clockText(deadline);
  }, 250);

  /** The game's log: its hands so far (for the moves across a hand's end and the score sheet). */
  const readLog = async () => {
    try {
      /** @type {import('./api.js').GameLog} */
      const log = await api(`/v1/games/${encodeURIComponent(id)}/log`);
      if (log.hands.length >= sheet.length) sheet = log.hands;
      return log.hands;
    } catch {
      return [];
    }
  };

  /** @param {number} ms */
  const pause = (ms) => new Promise((resolve) => {
    const timer = window.setTimeout(() => { skip = null; resolve(undefined); }, ms);
    skip = () => { window.clearTimeout(timer); skip = null; resolve(undefined); };
  });

  /**
   * Shows a view: the newest from the server, or a frame of a move before it.
   * @param {GameView} v
   * @param {import('./pace.js').Frame | null} f
   */
  const show = (v, f) => {
    if (closed) return;
    frame = f;
    if (f?.summary) {
      setSummary(f.summary);
    } else if (!f) {
      const prev = real;
      if (prev && (prev.phase !== v.phase || prev.turn !== v.turn || prev.hand_number !== v.hand_number)) {
        selected = new Set();
        trumpChoice = null;
        suitFor = null;
      }
      real = v;
      tell(prev, v);
      // (Unpaced, the hand just over is summed up as soon as it is.)
      if (v.last_hand && v.last_hand.number > summed && (!prev || prev.last_hand?.number !== v.last_hand.number)) setSummary(v.last_hand);
    }
    view = v;
    render();
  };

  /** @param {import('./api.js').HandSummary} hand */
  const setSummary = (hand) => {
    summed = Math.max(summed, hand.number);
    summary = hand;
    if (!sheet.some((x) => x.number === hand.number)) {
      sheet = [...sheet.filter((x) => x.number < hand.number), hand];
      readLog().then(() => render());
    }
    window.clearTimeout(summaryTimer);
    summaryTimer = window.setTimeout(() => { summary = null; render(); }, summaryMs(paceMs()) + 2000);
  };

  /** Shows the game as it is now, the moves not yet shown skipped. */
  const toNow = () => {
    liveFrom = newest?.version ?? -1;
    summary = null;
    if (skip) skip();
  };

  /** Closes the hand's summary (and ends its wait). */
  const moveOn = () => {
    summary = null;
    window.clearTimeout(summaryTimer);
    if (skip) skip();
    render();
  };

  /**
   * Shows `next`, after the moves between the view shown before and it, one at a time.
   * @param {GameView | null} prev
   * @param {GameView} next
   * @param {boolean} [replayed] `prev` is a hand's start rebuilt from the log (same version as `next`)
   */
  const present = async (prev, next, replayed = false) => {
    const pace = paceMs();
    if (prev && pace > 0 && (replayed || next.version > prev.version)) {
      const across = prev.hand_number !== next.hand_number;
      const records = across ? await readLog() : [];
      for (const f of framesBetween(prev, next, pace, records)) {
        if (closed) return;
        if (next.version <= liveFrom) break;
        show(f.view, f);
        await pause(f.ms);
        // The summary held the table; the next hand's moves follow without it.
        if (f.summary) summary = null;
      }
    }
    show(next, null);
  };

  /** @param {GameView} next */
  const accept = (next) => {
    if (newest && next.version < newest.version) return;
    const prev = newest;
    newest = next;
    noticeTimeOut(prev, next);
    chain = chain.then(async () => {
      if (!prev && watch && (next.hand_number > 0 || next.status === 'finished' || playsOf(next.tricks, next.trick).length)) {
        // A game watched from its first move: from the start of its first hand.
        const records = await readLog();
        if (records[0]) {
          const start = recordStart(next, records[0], undefined);
          show(start, { view: start, ms: paceMs() });
          await present(start, next, true);
          return;
        }
      }
      await present(prev, next);
    }).catch(() => show(next, null));
  };

  /**
   * A turn that passed without a move: the clock played it. Says so.
   * @param {GameView | null} prev
   * @param {GameView} next
   */
  const noticeTimeOut = (prev, next) => {
    if (!prev || prev.turn === null || !prev.deadline_unix_ms || next.version <= prev.version) return;
    if (Date.now() < prev.deadline_unix_ms - 200) return;
    if (prev.turn === prev.seat) {
      if (movedAt >= prev.version) return;
      const text = 'Your time ran out: the server made a move for you.';
      notify(text);
      announce(text);
    } else if (prev.seats[prev.turn]?.kind !== 'bot') {
      const text = `${seatName(prev, prev.turn)} ran out of time: the server made a move for them.`;
      notify(text);
      announce(text);
    }
  };

  /** @param {Action} action */
  const act = async (action) => {
    if (busy || !view || frame) return;
    busy = true;
    movedAt = view.version;
    if (summary) moveOn();
    // (The answer may bring our turn again in the same phase: nothing chosen carries over.)
    suitFor = null;
    render();
    try {
      /** @type {GameView} */
      const next = await api(`/v1/games/${encodeURIComponent(id)}/actions`, {
        method: 'POST', body: action, token, ifMatch: view.version, idempotencyKey: newKey(),
      });
      notify('');
      busy = false;
      accept(next);
    } catch (err) {
      busy = false;
      const e = /** @type {import('./api.js').ApiError} */ (err);
      if (e.code === 'version_conflict') {
        notify('The game moved on before your move arrived; here it is now. Try again.', 'error');
        refresh();
      } else {
        notify(`Not done: ${e.message}`, 'error');
      }
      render();
    }
  };

  const refresh = () => {
    api(`/v1/games/${encodeURIComponent(id)}`, { token }).then(accept).catch((e) => notify(e.message, 'error'));
  };

  const stop = follow(`/v1/games/${encodeURIComponent(id)}/events`, token, {
    onEvent: (e) => {
      try {
        accept(JSON.parse(e.data));
      } catch {
        // A malformed event: the next one (or a reconnect) brings the whole view again.
      }
    },
    onState: (s) => {
      connection = s;
      const el = root.querySelector('.connection');
      if (el) el.textContent = connectionText();
    },
    onFatal: (e) => {
      if (token && (e.code === 'invalid_token')) forgetToken(id);
      fill(root, h('h1', {}, 'This game cannot be shown'), h('p', { role: 'alert' }, e.message),
        h('p', {}, h('a', { href: '#/' }, 'Back to the start')));
    },
  });

  // (A game over on the server, still being shown move by move: not "Game over" yet.)
  const connectionText = () => (frame && connection === 'ended' ? 'Shown move by move'
    : ({ live: 'Live', reconnecting: 'Reconnecting…', ended: 'Game over', connecting: 'Connecting…' })[connection] || connection);

  /**
   * Screen-reader news: whose turn, tricks, hands and the game's end.
   * @param {GameView | null} prev
   * @param {GameView} v
   */
  const tell = (prev, v) => {
    /** @type {string[]} */
    const news = [];
    if (prev) {
      if (prev.hand_number === v.hand_number) {
        const before = dropOuts(prev).length;
        for (const d of dropOuts(v).slice(before)) {
          const you = d.seat === v.seat;
          news.push(`${seatName(v, d.seat)} ${d.dropped ? (you ? 'drop out' : 'drops out') : (you ? 'stay in' : 'stays in')}.`);
        }
        if (baconGame(v)) {
          // Bacon: the calls and answers since, the upcards passed, and the upcard taken.
          const n = v.seats.length;
          for (const e of baconEvents(v.upcard_calls, n).slice(baconEvents(prev.upcard_calls, n).length)) {
            news.push(`${seatName(v, e.seat)} ${baconEventText(e, e.seat === v.seat)}.`);
          }
          const passed = v.passed_upcards || [];
          if (passed.length > (prev.passed_upcards || []).length && v.upcard) {
            news.push(`The ${cardName(passed[passed.length - 1])} is discarded face up; upcard ${upcardNumber(v)} is the ${cardName(v.upcard.card)}.`);
          }
          const up = v.upcard;
          if (up && up.fate === 'taken' && prev.upcard?.fate !== 'taken' && up.taken_by != null && up.discard) {
            const you = up.taken_by === v.seat;
            news.push(`${seatName(v, up.taken_by)} ${you ? 'take' : 'takes'} the upcard and ${you ? 'discard' : 'discards'} the ${cardName(up.discard)} face up.`);
          }
        }
      }
      if (v.called && !prev.called && v.contract) {
        const p = v.partner ?? null;
        news.push(`${seatName(v, v.contract.seat)} ${v.contract.seat === v.seat ? 'call' : 'calls'} the ${cardName(v.called)}${p === null ? '' : `: ${lower(seatName(v, p))} ${p === v.seat ? 'are' : 'is'} the partner`}.`);
      }
      if (v.open_hand?.length && !prev.open_hand?.length && v.contract && v.contract.seat !== v.seat) {
        news.push(`${seatName(v, v.contract.seat)} plays open misère: the hand is shown, ${v.open_hand.map(cardName).join(', ')}.`);
      }
      const led = v.trick.plays[0];
      if (led?.suit && prev.trick.plays[0]?.suit !== led.suit) news.push(`${seatName(v, led.seat)} ${led.seat === v.seat ? 'lead' : 'leads'} the joker, naming ${SUIT_NAMES[led.suit] || led.suit}.`);
      if (v.tricks.length > prev.tricks.length) {
        const t = v.tricks[v.tricks.length - 1];
        news.push(`Trick ${v.tricks.length} to ${lower(seatName(v, t.winner))}.`);
      }
      if (v.last_hand && v.last_hand.number !== prev.last_hand?.number && v.last_hand.result === 'acquitted') {
        news.push(`Hand ${v.last_hand.number + 1}: all four upcards passed; ${lower(seatName(v, v.dealer))} ${v.dealer === v.seat ? 'deal' : 'deals'} again.`);
      } else if (v.last_hand && v.last_hand.number !== prev.last_hand?.number) {
        const d = v.last_hand.score_delta;
        news.push(`Hand ${v.last_hand.number + 1} over: ${perSide(v.ruleset, d.map(signed))}. Scores: ${perSide(v.ruleset, v.scores)}.`);
      }
    }
    if (v.status === 'finished' && prev?.status !== 'finished') news.push(resultText(v));
    if (v.seat !== null && v.turn === v.seat && v.legal_actions.length && (prev?.turn !== v.seat || prev?.phase !== v.phase)) {
      news.push(`Your turn to ${phaseVerb(v)}.`);
    }
    if (news.length) announce(news.join(' '));
  };

  const render = () => {
    if (!view) return;
    const v = view;
    // The focus survives the redraw: on the same control, or (the controls themselves focused,
    // as while other seats' moves are shown) on the first control offered.
    const active = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = active ? active.dataset.key || (active.classList.contains('controls') ? '@controls' : undefined) : undefined;
    const n = v.seats.length;
    const base = v.seat ?? 0;
    const mine = v.seat !== null && v.turn === v.seat ? v.legal_actions : [];

    // For tests and scripts: the version shown (the newest the server sent once its moves have
    // been shown), whether a move before it is shown, and what the page waits for.
    root.dataset.version = String(real?.version ?? v.version);
    root.dataset.paced = frame ? 'move' : 'idle';
    const mineNow = v.seat !== null && v.turn === v.seat && v.legal_actions.length > 0 && !frame;
    document.title = `${mineNow ? '(Your turn) ' : ''}${presetTitle(v.ruleset.preset)} · Hasenpfeffer`;
    // The table; docked at the bottom, the controls and the player's seat with its hand (the
    // felt's copy hidden); the hand record beside (wide screens) or below.
    const seated = v.seat !== null && (v.hand.length > 0 || v.discards.length > 0);
    fill(root,
      header(v),
      h('div', { class: 'board' },
        h('div', { class: 'play' },
          scoreboard(v),
          h('div', { class: `felt n${n}${seated ? ' seated' : ''}` },
            v.seats.map((_, s) => seatBox(v, s, positionOf(s, n, base))),
            centre(v),
            summary ? summaryBox(v, summary) : null),
          h('div', { class: 'dock' },
            controls(v, mine),
            seated ? [dockSeat(v), handBox(v, mine)] : null)),
        h('div', { class: 'side', role: 'region', 'aria-label': 'The hand record and this game', tabindex: '0' },
          auctionBox(v), lastHandBox(v), rulesBox(v), seatKeptBox(v))));

    if (focusKey) {
      const again = focusKey === '@controls' ? null : /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="${CSS.escape(focusKey)}"]:not([disabled])`));
      if (again) again.focus({ preventScroll: true });
      else (/** @type {HTMLElement | null} */ (root.querySelector('.controls button:not([disabled]), .hand button.card:not([disabled])')) || root.querySelector('.controls'))?.focus?.({ preventScroll: true });
    }
  };

  /** @param {GameView} v */
  const header = (v) => h('header', { class: 'game-head' },
    h('h1', {}, presetTitle(v.ruleset.preset),
      h('span', { class: 'sub' }, v.status === 'waiting_for_players' ? ' · waiting for players' : ` · hand ${v.hand_number + 1}`)),
    h('p', { class: 'meta' },
      h('span', {}, v.seat === null ? 'Spectating' : `You are seat ${v.seat}${partnerships(v.ruleset) ? ` (team ${sidesOf(v.ruleset)[v.seat]})` : ''}`),
      ' · ', h('span', {}, `${v.seats.length} players${partnerships(v.ruleset) ? ` in ${sideSeats(v.ruleset).length === 3 ? 'three' : 'two'} teams` : ', every player alone'}`),
      ' · ', h('span', { class: 'aim' }, aimText(v)),
      ' · ', h('span', { class: 'connection' }, connectionText()),
      frame && newest && newest.hand_number > v.hand_number
        ? [' · ', h('button', { type: 'button', class: 'live', 'data-key': 'live', onclick: toNow }, 'Skip to now')] : null),
    howToPlay(v.ruleset.preset, { open: howOpen, ontoggle: (open) => { howOpen = open; } }));

  /**
   * The rules of the score, beside the hand record (not above the hand).
   * @param {GameView} v
   */
  const rulesBox = (v) => {
    const text = baconGame(v) ? baconRule(v.ruleset.target_score)
      : fiveHundred(v) ? fiveHundredRule(v.ruleset.target_score)
      : countsDown(v) ? `Scores count down from ${v.ruleset.target_score}, a point a trick taken (+5 for a declarer with fewer than 3 tricks `
        + 'or a player in the hand with none; nothing for dropping out). After a hand that brings a score to 0 or below, '
        + 'the lowest score wins; taking all five tricks wins at once.'
      : null;
    return text ? h('section', { class: 'panel rules', 'aria-label': 'How the score is kept' }, h('h2', {}, 'Scoring'), h('p', { class: 'score-rule hint' }, text)) : null;
  };

  /**
   * Where this seat is kept (this browser), a private link to take it back elsewhere, the game's id.
   * @param {GameView} v
   */
  const seatKeptBox = (v) => {
    const link = `${location.origin}${location.pathname}#/game/${encodeURIComponent(v.game_id)}`;
    return h('section', { class: 'panel seat-kept', 'aria-label': 'This game' },
      h('h2', {}, 'This game'),
      h('p', {}, 'Game ', h('code', {}, v.game_id), '. ', h('a', { href: link }, 'Link to watch it')),
      v.seat !== null && token ? [
        h('p', { class: 'hint' }, 'Your seat is remembered in this browser (its local storage, for this game only), so the game\'s link '
          + 'opened in another tab, or after this one is closed, keeps it. To take the seat on another device, open your private rejoin '
          + 'link there; do not share it.'),
        h('p', {}, h('a', { href: `#/rejoin/${encodeURIComponent(v.game_id)}/${encodeURIComponent(token)}`, 'data-key': 'rejoin', rel: 'nofollow' }, 'Your private rejoin link')),
        h('p', {}, h('button', {
          type: 'button', 'data-key': 'forget-seat',
          onclick: () => {
            if (!window.confirm('Forget your seat in this browser? Without your private rejoin link you cannot take it back.')) return;
            forgetToken(v.game_id);
            location.reload();
          },
        }, 'Forget my seat in this browser')),
      ] : null);
  };

  /**
   * The hand just over: the contract, the tricks and points of each side, and the score sheet.
   * @param {GameView} v
   * @param {import('./api.js').HandSummary} last
   */
  const summaryBox = (v, last) => {
    const sides = sideSeats(v.ruleset);
    const hands = sheet.some((x) => x.number === last.number) ? sheet.filter((x) => x.number <= last.number) : [...sheet, last];
    return h('section', { class: 'summary', role: 'region', 'aria-label': `Hand ${last.number + 1} summary`, 'data-hand': last.number },
      h('h2', {}, `Hand ${last.number + 1} over${verdict(v, last)}`),
      h('p', { class: 'summary-result' }, `${handResult(v, last)}.`),
      h('table', { class: 'sheet' },
        h('caption', {}, 'Score sheet'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Hand'),
          sides.map((_, side) => h('th', { scope: 'col' }, cap(sideShort(v.ruleset, side)))))),
        h('tbody', {}, hands.map((x) => h('tr', { class: x.number === last.number ? 'now' : '' },
          h('th', { scope: 'row' }, String(x.number + 1)),
          sides.map((_, side) => h('td', {}, `${signed(x.score_delta[side] ?? 0)} → ${x.scores[side] ?? 0}`)))))),
      h('button', { type: 'button', class: 'primary', 'data-key': 'next-hand', onclick: moveOn }, v.status === 'finished' && !frame ? 'Close' : 'Next hand'));
  };

  /** @param {GameView} v */
  const scoreboard = (v) => {
    const mine = v.seat === null ? null : sidesOf(v.ruleset)[v.seat];
    const down = countsDown(v);
    // The tricks of the hand: once the game is over, the last hand's (an all_dropped hand's five
    // tricks to the declarer were never played).
    const won = v.status === 'finished' && v.last_hand?.number === v.hand_number ? v.last_hand.tricks_won : v.tricks_won;
    // A player alone who sits this hand out (Buck Euchre: dropped out) takes no trick.
    const out = (/** @type {number[]} */ seats) => seats.length === 1 && v.sitting_out.includes(seats[0]);
    const board = h('div', {
      class: `scoreboard${v.scores.length > 2 ? ' many' : ''}${down ? ' down' : ''}`, role: 'group',
      'aria-label': down ? `Scores, counting down from ${v.ruleset.target_score}: the lowest wins` : 'Scores',
    },
    sideSeats(v.ruleset).map((seats, side) => h('div', { class: `team side-${side}${side === mine ? ' ours' : ''}${out(seats) ? ' out' : ''}`, 'data-side': side },
      h('span', { class: 'team-name' }, sideName(v, side)),
      h('span', { class: 'score', 'aria-label': `score ${v.scores[side] ?? 0}` }, String(v.scores[side] ?? 0)),
      h('span', { class: 'won' }, out(seats) && v.ruleset.scoring === 'buck' ? 'dropped out this hand'
        : `${won[side] ?? 0} trick${won[side] === 1 ? '' : 's'} this hand`))));
    return board;
  };

  /**
   * @param {GameView} v
   * @param {number} s
   * @param {string} pos
   */
  const seatBox = (v, s, pos) => {
    const calls = v.auction.filter((c) => c.seat === s);
    const last = calls[calls.length - 1];
    const upcalls = v.upcard_calls.filter((c) => c.seat === s);
    const lastUp = upcalls[upcalls.length - 1];
    const upcard = upcardGame(v);
    const badges = [];
    if (s === v.dealer) badges.push('dealer');
    const buck = v.ruleset.scoring === 'buck';
    const bacon = baconGame(v);
    if (v.contract?.seat === s) badges.push(buck ? 'declarer' : bacon ? 'caller' : upcard ? 'maker' : `declarer: ${bidText(v.contract.bid)}`);
    // The upcard taken: by the dealer (Euchre), by the seat left of the caller (Bacon), who
    // discarded a card face up (perhaps the upcard itself).
    const taken = v.upcard?.fate === 'taken' ? v.upcard : null;
    if (taken && s === (bacon ? taken.taken_by : v.dealer)) {
      if (taken.discard !== taken.card && !playedCards(v).includes(taken.card)) badges.push('holds the upcard');
      else if (bacon) badges.push('took the upcard');
    }
    if (v.alone === s || v.defender_alone === s) badges.push('alone');
    if (v.seat !== null && s !== v.seat && partnerships(v.ruleset) && sidesOf(v.ruleset)[s] === sidesOf(v.ruleset)[v.seat]) badges.push('your partner');
    if (v.partner === s && v.called) badges.push(`partner: holds the ${cardName(v.called)}`);
    const decided = dropOuts(v).find((d) => d.seat === s);
    if (decided) badges.push(decided.dropped ? 'dropped out' : 'stays in');
    else if (v.sitting_out.includes(s)) badges.push('sits out');
    if (v.joker_revealed_by === s) badges.push('showed the joker');
    const toAct = v.turn === s;
    const size = v.hand_sizes[s] ?? 0;
    return h('div', {
      class: `seat pos-${pos} side-${sidesOf(v.ruleset)[s]}${toAct ? ' to-act' : ''}${s === v.seat ? ' me' : ''}${v.sitting_out.includes(s) ? ' out' : ''}${v.seat !== null && s !== v.seat && sidesOf(v.ruleset)[s] === sidesOf(v.ruleset)[v.seat] ? ' partner' : ''}`,
      'data-seat': s, 'data-decision': decided ? (decided.dropped ? 'drop' : 'stay') : null,
    },
      h('div', { class: 'seat-name' }, seatName(v, s), toAct ? h('span', { class: 'turn-mark' }, ` · to ${phaseVerb(v)}`) : null),
      h('div', { class: 'badges' }, badges.map((b) => h('span', { class: `badge${b === 'dealer' ? ' dealer-badge' : ''}` }, b))),
      v.phase === 'auction' && last ? h('div', { class: 'call' }, `Bid: ${bidText(last.bid)}`) : null,
      v.phase === 'auction' && lastUp && !bacon ? h('div', { class: 'call' }, `Round ${lastUp.round}: ${upcardCallText(lastUp)}`) : null,
      v.phase === 'auction' && bacon ? lastBaconCall(v, s) : null,
      s === v.seat ? null : v.open_hand?.length && v.contract?.seat === s
        ? h('div', { class: 'cards open-hand', role: 'group', 'aria-label': `Open misère: the hand of ${seatName(v, s)}` }, v.open_hand.map((c) => cardEl(c, { small: true })))
        : h('div', { class: 'backs', role: 'img', 'aria-label': `${size} card${size === 1 ? '' : 's'} in hand` }, Array.from({ length: Math.min(size, 12) }, () => cardBack(true))),
      toAct && v.deadline_unix_ms ? h('div', { class: 'clock', role: 'timer', 'aria-live': 'off' }, clockText(v.deadline_unix_ms)) : null);
  };

  /** The player's seat in the dock: name, badges, the hand's facts, discards. @param {GameView} v */
  const dockSeat = (v) => {
    const el = seatBox(v, v.seat ?? 0, 'bottom');
    el.removeAttribute('data-seat');
    el.classList.add('in-dock');
    for (const x of el.querySelectorAll('.backs, .turn-mark, .clock')) x.remove();
    el.append(h('span', { class: 'facts' },
      h('span', { class: 'fact-dealer' }, v.dealer === v.seat ? 'You deal' : `Dealer: ${seatName(v, v.dealer)}`),
      ' · ', h('span', { class: 'fact-contract' }, contractFact(v))));
    if (v.discards.length) el.append(h('span', { class: 'discards hint' }, 'Your discards: ', v.discards.map((c) => cardEl(c, { small: true }))));
    return el;
  };

  /** The contract and trump in a few words. @param {GameView} v */
  const contractFact = (v) => {
    const c = v.contract;
    const trump = v.trump ? `trump: ${trumpName(v.trump)}` : fiveHundred(v) && c?.bid ? `trump: ${trumpName(c.bid.trump || 'NT')}` : '';
    const by = c ? lower(seatName(v, c.seat)) : '';
    const what = !c ? (trump ? '' : upcardGame(v) ? 'Trump not made yet' : 'No contract yet')
      : upcardGame(v) ? `${v.ruleset.scoring === 'buck' ? 'Declarer' : baconGame(v) ? 'Caller' : 'Maker'}: ${by}`
      : `Contract: ${by}, ${bidText(c.bid)}`;
    return [what, trump].filter(Boolean).map((x, i) => (i ? x : cap(x))).join(' · ');
  };

  /** @param {GameView} v */
  const centre = (v) => {
    const done = v.tricks.length ? v.tricks[v.tricks.length - 1]
      : v.phase !== 'play' || v.trick.plays.length === 0 ? v.last_hand?.tricks[v.last_hand.tricks.length - 1] : undefined;
    const upcard = upcardGame(v);
    const five = fiveHundred(v);
    // A trick shown whole with its winner marked, before it is gathered (paced play).
    const gather = frame?.gather ?? null;
    return h('div', { class: 'centre' },
      h('div', { class: 'centre-top' }, h('div', { class: 'contract' },
        upcard
          ? (v.contract ? [`${v.ruleset.scoring === 'buck' ? 'Declarer' : baconGame(v) ? 'Caller' : 'Maker'}: ${seatName(v, v.contract.seat)}${v.alone === v.contract.seat ? ', alone' : ''}`, h('br')]
            : noDeclarerText(v) ? [h('span', { class: 'no-declarer' }, noDeclarerText(v)), h('br')] : null)
          : [v.contract ? `Contract: ${seatName(v, v.contract.seat)} bid ${bidText(v.contract.bid)}${v.contract.forced ? ' (forced)' : ''}`
            : five && (v.phase === 'play' || v.phase === 'game_over') && v.trump === 'NT' ? h('span', { class: 'no-declarer' }, 'Everyone passed: no trump, each for himself')
            : 'No contract yet', h('br')],
        `Trump: ${upcard && v.trump === null ? 'not made yet'
          : five && v.trump === null && v.contract?.bid ? trumpName(v.contract.bid.trump || 'NT') : trumpName(v.trump)}`,
        five && v.called ? [h('br'), h('span', { class: 'called', 'data-card': v.called, 'data-partner': v.partner ?? null },
          `Called: the ${cardName(v.called)}${v.partner != null ? `, held by ${lower(seatName(v, v.partner))}` : ''}`)] : null,
        five && v.contract && v.alone === v.contract.seat ? [h('br'), `${seatName(v, v.contract.seat)} ${v.contract.seat === v.seat ? 'play' : 'plays'} alone`] : null,
        v.widow_size ? [h('br'), `${upcard ? 'Stub' : five ? 'Kitty' : 'Widow'}: ${v.widow_size} card${v.widow_size > 1 ? 's' : ''}${upcard ? ' face down' : ''}`] : null),
      v.upcard && baconGame(v) ? baconUpcards(v, v.upcard) : v.upcard ? upcardBox(v, v.upcard) : null),
      h('div', { class: `trick n${v.seats.length}${v.phase !== 'play' && !v.trick.plays.length ? ' idle' : ''}`, role: 'group', 'aria-label': gather === null ? 'The trick in play' : `The trick, won by ${lower(seatName(v, gather))}` },
        done && gather === null && !v.trick.plays.length ? lastTrick(v, done) : null,
        v.trick.plays.length
          ? v.trick.plays.map((p) => h('figure', {
            class: `played at-${positionOf(p.seat, v.seats.length, v.seat ?? 0)}${gather === p.seat ? ' winner' : ''}`,
            'data-suit': p.suit || null, 'data-seat': p.seat,
          }, cardEl(p.card), h('figcaption', { title: seatName(v, p.seat) },
            // (Short: the card lies in front of its seat, which has the full name.)
            p.seat === v.seat ? 'You' : v.seats[p.seat]?.name || `Seat ${p.seat}`, ledAs(p),
            gather === p.seat ? h('strong', { class: 'takes' }, p.seat === v.seat ? ' take the trick' : ' takes the trick') : null)))
          : h('p', { class: 'empty' }, v.phase === 'play' ? `${v.turn !== null ? seatName(v, v.turn) : 'Nobody'} to lead` : '')));
  };

  /** @param {GameView} v @param {import('./api.js').Trick} done */
  const lastTrick = (v, done) => h('div', { class: 'previous', role: 'group', 'aria-label': 'The last trick' },
    h('span', {}, `Last trick, to ${lower(seatName(v, done.winner))}:`),
    done.plays.map((p) => h('figure', {},
      cardEl(p.card, { small: true, label: `${cardName(p.card)}${ledAs(p)} from ${seatName(v, p.seat)}` }),
      h('figcaption', { 'aria-hidden': 'true' }, p.seat === v.seat ? 'you' : `seat ${p.seat}`))));

  /**
   * Bacon: what a seat last said in this hand's auction, a call or an answer, with the upcard's
   * number: "Upcard 2: pick up hearts alone", "Upcard 2: veto".
   * @param {GameView} v
   * @param {number} s
   */
  const lastBaconCall = (v, s) => {
    // (On the upcard being called: the calls on those passed are in the calls panel.)
    const said = baconEvents(v.upcard_calls, v.seats.length).filter((e) => e.seat === s && e.round === upcardNumber(v));
    const e = said[said.length - 1];
    if (!e) return null;
    const words = e.kind === 'pass' || e.kind === 'pick_up' || e.kind === 'pick_up_alone' ? upcardCallText(e.call, true) : answerText(e.kind);
    return h('div', { class: 'call', 'data-call': e.kind }, `Upcard ${e.round}: ${words}`);
  };

  /**
   * Bacon's upcards: the one being called (or picked up, or taken) with its number, those that
   * everybody passed (discarded face up), and the face-up discard of the seat that took it.
   * @param {GameView} v
   * @param {import('./api.js').Upcard} up
   */
  const baconUpcards = (v, up) => {
    const k = upcardNumber(v);
    const passed = v.passed_upcards || [];
    const taker = up.taken_by != null ? lower(seatName(v, up.taken_by)) : '';
    const c = v.contract;
    const pending = pendingPickUp(v);
    const left = c ? (c.seat + 1) % v.seats.length : -1;
    const fate = up.fate === 'taken' ? `taken by ${taker}`
      : up.fate === 'turned_down' ? 'passed by everyone'
      : c ? `picked up: ${lower(seatName(v, left))}, on the caller's left, ${left === v.seat ? 'take' : 'takes'} it`
      : pending ? `picked up by ${lower(seatName(v, pending.seat))}, waiting for the partner's answer`
      : 'face up';
    return h('div', { class: 'upcards' },
      h('figure', { class: `upcard fate-${up.fate}`, 'data-fate': up.fate, 'data-number': k },
        cardEl(up.card, { small: up.fate !== 'face_up', label: `Upcard ${k}, the ${cardName(up.card)}` }),
        h('figcaption', {}, `Upcard ${k} of ${BACON_UPCARDS}, ${fate}`)),
      passed.length ? h('figure', { class: 'passed-upcards' },
        h('div', { class: 'cards', role: 'group', 'aria-label': 'Upcards passed' },
          passed.map((card, i) => cardEl(card, { small: true, label: `Upcard ${i + 1}, the ${cardName(card)}, passed` }))),
        h('figcaption', {}, `${passed.length === 1 ? 'Upcard 1' : `Upcards 1 to ${passed.length}`}: passed, face up`)) : null,
      up.discard && up.taken_by != null ? h('figure', { class: 'face-up-discard', 'data-card': up.discard, 'data-seat': up.taken_by },
        cardEl(up.discard, { small: true, label: `The ${cardName(up.discard)}, discarded face up` }),
        h('figcaption', {}, `Discarded face up by ${taker}`)) : null);
  };

  /**
   * The upcard on the stub and what became of it.
   * @param {GameView} v
   * @param {import('./api.js').Upcard} up
   */
  const upcardBox = (v, up) => {
    const dealer = lower(seatName(v, v.dealer));
    const fate = {
      // (A clubs upcard in Buck Euchre stays face up: it made clubs trump.)
      face_up: v.trump === up.card[1] && !v.contract ? `face up on the stub: it made ${trumpName(v.trump)} trump` : 'face up on the stub',
      turned_down: 'turned down: its suit cannot be named',
      taken: `taken up by ${dealer}`,
      left: 'left on the stub',
    }[up.fate];
    return h('figure', { class: `upcard fate-${up.fate}`, 'data-fate': up.fate },
      cardEl(up.card, { small: up.fate !== 'face_up', label: `The upcard, the ${cardName(up.card)}` }),
      h('figcaption', {}, `Upcard, ${fate}`));
  };

  /**
   * @param {GameView} v
   * @param {Action[]} mine
   */
  const controls = (v, mine) => {
    const box = h('section', {
      class: 'controls', 'aria-label': 'Your move', tabindex: '-1',
      'data-state': v.status !== 'playing' ? v.status : busy ? 'busy' : mine.length ? `act-${v.phase}` : 'waiting',
    });
    if (v.status === 'waiting_for_players') {
      const open = v.seats.filter((s) => !s.claimed).map((s) => s.seat);
      const link = `${location.origin}${location.pathname}#/join/${encodeURIComponent(v.game_id)}`;
      fill(box, h('p', { class: 'prompt' }, `Waiting for players in seat${open.length > 1 ? 's' : ''} ${open.join(', ')}.`),
        h('p', {}, 'Invite them with this link: ', h('a', { href: link, 'data-key': 'invite' }, link), ' ',
          h('button', {
            type: 'button', 'data-key': 'copy-invite',
            onclick: (/** @type {Event} */ e) => {
              const b = /** @type {HTMLButtonElement} */ (e.currentTarget);
              navigator.clipboard.writeText(link).then(() => { b.textContent = 'Copied'; }, () => { b.textContent = 'Copy failed: select the link'; });
            },
          }, 'Copy the invite link')));
      return box;
    }
    if (v.status === 'finished') {
      fill(box, h('p', { class: 'prompt result', role: 'status', 'data-winners': (v.winners || []).join(' ') }, resultText(v)),
        h('p', {}, h('a', { href: '#/', 'data-key': 'again' }, 'Start another game')));
      return box;
    }
    if (!mine.length) {
      fill(box, h('p', { class: 'prompt' }, v.turn === null ? '' : `Waiting for ${seatName(v, v.turn)} to ${phaseVerb(v)}.`));
      return box;
    }
    const prompt = h('p', { class: 'prompt' }, `Your turn to ${phaseVerb(v)}.`,
      v.deadline_unix_ms ? [' ', h('span', { class: 'clock' }, clockText(v.deadline_unix_ms))] : null);
    const button = (/** @type {Action} */ a, /** @type {Child | Child[]} */ label, cls = '') =>
      h('button', { type: 'button', class: cls, 'data-key': actionKey(a), disabled: busy, onclick: () => act(a) }, label);
    const phase = v.phase;
    const up = v.upcard;
    const has = (/** @type {string[]} */ ...types) => mine.some((a) => types.includes(a.type));
    if (up && has('pick_up', 'pick_up_alone')) {
      // Bacon's calls: the upcard picked up (its suit trump; the seat left of the caller takes
      // it), picked up alone, or passed; the dealer's pass turns the next upcard, or after the
      // fourth throws the hand in.
      const suit = up.card[1];
      const k = upcardNumber(v);
      const last = k === BACON_UPCARDS;
      const left = lower(seatName(v, ((v.seat ?? 0) + 1) % v.seats.length));
      const explain = `Upcard ${k} of ${BACON_UPCARDS}: the ${cardName(up.card)}. Pick it up to make ${trumpName(suit)} trump: `
        + `${left}, on your left, then takes the upcard, discards a card face up and leads.`
        + (has('pick_up_alone') ? ' Pick it up alone and your partner sits the hand out.' : '')
        + ' Your partner may veto a pick-up.'
        + (v.dealer !== v.seat ? (last ? ' This is the last upcard: if everyone passes, the same dealer deals again.' : '')
          : last ? ' This is the last upcard: if you pass, the hand is thrown in and you deal again.'
          : ` If you pass, the ${cardName(up.card)} is discarded face up and the next card is turned.`);
      fill(box, prompt, h('p', {}, explain), h('div', { class: 'buttons bacon-calls', role: 'group', 'aria-label': `Upcard ${k}: pick up or pass` },
        mine.map((a) => (a.type === 'pass' ? button(a, 'Pass', 'pass')
          : a.type === 'pick_up' ? button(a, ['Pick up ', suitEl(suit)], `pick-up suit-${suit}`)
          : a.type === 'pick_up_alone' ? button(a, ['Pick up ', suitEl(suit), ' alone'], `pick-up-alone suit-${suit}`) : null))));
    } else if (up && has('allow', 'veto', 'veto_alone')) {
      // Bacon: the caller's partner answers the pick-up at once.
      const call = pendingPickUp(v);
      const caller = call ? seatName(v, call.seat) : 'your partner';
      const alone = !!call?.alone;
      const explain = `Your partner, ${caller}, picked up the ${cardName(up.card)}${alone ? ' to go alone' : ''}: ${trumpName(call?.trump ?? up.card[1])} would be trump. `
        + `Allow it${alone ? ' (you sit this hand out)' : ''}, or veto it: as if your partner had passed.`
        + (has('veto_alone') ? ' Or veto going alone: the pick-up stands and you play the hand too.' : '');
      fill(box, prompt, h('p', {}, explain), h('div', { class: 'buttons answers', role: 'group', 'aria-label': `Answer ${caller}'s pick-up` },
        mine.map((a) => (a.type === 'allow' ? button(a, alone ? 'Allow: partner goes alone' : 'Allow', 'allow')
          : a.type === 'veto' ? button(a, 'Veto', 'veto')
          : a.type === 'veto_alone' ? button(a, 'Veto going alone', 'veto-alone') : null))));
    } else if (up && baconGame(v) && has('take_upcard')) {
      // Bacon's exchange: the seat left of the caller takes the upcard and discards any one of
      // its six cards (the upcard too), face up.
      const takes = /** @type {Extract<Action, { type: 'take_upcard' }>[]} */ (mine.filter((a) => a.type === 'take_upcard'));
      const [discard] = chosen();
      const choice = takes.find((a) => a.discard === discard);
      const caller = v.contract ? seatName(v, v.contract.seat) : 'The caller';
      fill(box, prompt,
        h('div', { class: 'upcard-offer' }, h('span', {}, 'The upcard: '), cardEl(up.card, { small: true }),
          h('span', {}, ` ${caller} picked it up: ${trumpName(v.trump)} are trump.`)),
        h('p', {}, 'You sit on the caller\'s left: you take the upcard. Choose one of your six cards (your five and the upcard) '
          + `to discard face up, for everyone to see (${selected.size} chosen); then you lead.`),
        h('div', { class: 'buttons' }, h('button', {
          type: 'button', class: 'primary', 'data-key': 'confirm-take-upcard', disabled: busy || !choice,
          onclick: () => choice && act(choice),
        }, !choice ? `Take the ${cardName(up.card)}: choose a card to discard`
          : choice.discard === up.card ? `Take the ${cardName(up.card)} and discard it face up`
          : `Take the ${cardName(up.card)}, discard the ${cardName(choice.discard)} face up`)));
    } else if (up && has('order_up', 'name_trump')) {
      // The calls of an upcard auction: round 1 orders the upcard up (its suit trump), round 2
      // names another suit; a pass where it is allowed.
      const suit = up.card[1];
      const dealer = v.dealer === v.seat;
      const stuck = !mine.some((a) => a.type === 'pass');
      const explain = upcardRound(v) === 1
        ? `Round 1: the upcard is the ${cardName(up.card)}. Order it up to make ${trumpName(suit)} trump (${dealer ? 'you take it up' : 'the dealer may take it up'}), or pass.`
        : `Round 2: the ${cardName(up.card)} was turned down. Name another suit trump${stuck ? ': as the dealer you may not pass' : ', or pass'}.`;
      fill(box, prompt, h('p', {}, explain), h('div', { class: 'buttons calls', role: 'group', 'aria-label': 'Trump calls' },
        mine.map((a) => (a.type === 'pass' ? button(a, 'Pass', 'pass')
          : a.type === 'order_up' ? button(a, [dealer ? 'Take it up: ' : 'Order up ', suitEl(suit)], `call order-up suit-${suit}`)
          : a.type === 'name_trump' ? button(a, ['Name ', suitEl(a.trump)], `call name-trump suit-${a.trump}`) : null))));
    } else if (up && has('take_upcard', 'leave_upcard')) {
      // The dealer's exchange: a card of the hand to discard for the upcard, or (where allowed)
      // the upcard left on the stub.
      const takes = /** @type {Extract<Action, { type: 'take_upcard' }>[]} */ (mine.filter((a) => a.type === 'take_upcard'));
      const leave = mine.find((a) => a.type === 'leave_upcard');
      const [discard] = chosen();
      const choice = takes.find((a) => a.discard === discard);
      fill(box, prompt,
        h('div', { class: 'upcard-offer' }, h('span', {}, 'The upcard: '), cardEl(up.card, { small: true }),
          h('span', {}, ` ${v.contract ? `${seatName(v, v.contract.seat)} made ${trumpName(v.trump)} trump.` : ''}`)),
        takes.length ? h('p', {}, `To take it up, choose a card from your hand to discard face down (${selected.size} chosen).`) : null,
        h('div', { class: 'buttons' },
          takes.length ? h('button', {
            type: 'button', class: 'primary', 'data-key': 'confirm-take-upcard', disabled: busy || !choice,
            onclick: () => choice && act(choice),
          }, choice ? `Take up the ${cardName(up.card)}, discard the ${cardName(choice.discard)}` : `Take up the ${cardName(up.card)}`) : null,
          leave ? button(leave, 'Leave it on the stub', 'leave-upcard') : null));
    } else if (has('stay', 'drop')) {
      // Buck Euchre's drop-outs: after the declarer made trump, each other player stays in the
      // hand or drops out of it (the third after two drops may have to stay).
      const c = v.contract;
      const drops = dropOuts(v).filter((d) => d.dropped).length;
      const canDrop = has('drop');
      const explain = `${c ? `${seatName(v, c.seat)} declared${v.trump ? ` ${trumpName(v.trump)}` : ''} and must take 3 tricks. ` : ''}`
        + 'Stay in to play the hand (a point off your score a trick, +5 if you take none), or drop out to sit it out (no change).'
        + (drops ? ` ${drops} player${drops > 1 ? 's have' : ' has'} dropped out.` : '')
        + (canDrop ? '' : ' You must stay in: the declarer may not have the hand to themselves.');
      fill(box, prompt, h('p', {}, explain), h('div', { class: 'buttons drop-outs', role: 'group', 'aria-label': 'Stay in or drop out' },
        mine.map((a) => (a.type === 'stay' ? button(a, 'Stay in', 'stay primary')
          : a.type === 'drop' ? button(a, 'Drop out', 'drop') : null))));
    } else if (phase === 'auction' && fiveHundred(v)) {
      // Five Hundred: the strain bids offered, a row per number of tricks (a column per strain,
      // low to high), then the misères and the pass.
      const bids = /** @type {Extract<Action, { type: 'bid' }>[]} */ (mine.filter((a) => a.type === 'bid'));
      const standing = [...v.auction].reverse().find((c) => c.bid);
      const label = (/** @type {Extract<Action, { type: 'bid' }>} */ a) => [
        h('span', { 'aria-hidden': 'true' }, String(a.tricks), h('span', { class: `sym suit-${a.trump}` }, a.trump === 'NT' ? 'NT' : SUIT_SYMBOLS[a.trump || ''] || ''),
          h('small', {}, ` ${bidValue(a)}`)),
        h('span', { class: 'visually-hidden' }, `Bid ${bidText(a)}, ${bidValue(a)} points`)];
      fill(box, prompt,
        h('p', {}, standing ? `The bid to beat: ${bidText(standing.bid)} (${bidValue(/** @type {import('./api.js').Bid} */ (standing.bid))}) by ${lower(seatName(v, standing.seat))}. ` : 'Nobody has bid yet. ',
          'A pass is not final: you may bid again when your turn comes round. Misère ranks above 7 no trump and below 8 spades.'),
        bids.length ? h('div', { class: 'bid-grid', role: 'group', 'aria-label': 'Bids: tricks and trump' },
          [...new Set(bids.map((a) => a.tricks))].map((t) => h('div', { class: 'bid-row', role: 'group', 'aria-label': `${t} tricks` },
            h('span', { class: 'bid-tricks', 'aria-hidden': 'true' }, `${t}:`),
            bids.filter((a) => a.tricks === t).map((a) => button(a, label(a), `bid strain-${a.trump}`))))) : null,
        h('div', { class: 'buttons bids', role: 'group', 'aria-label': 'Misère and pass' },
          mine.map((a) => (a.type === 'misere' ? button(a, 'Misère (250)', 'bid misere')
            : a.type === 'open_misere' ? button(a, 'Open misère (520)', 'bid open-misere')
            : a.type === 'pass' ? button(a, 'Pass', 'pass') : null))));
    } else if (phase === 'exchange' && fiveHundred(v)) {
      // Five Hundred: the kitty is in the declarer's hand; trump is the strain bid; choose the
      // cards to discard (legal_actions lists every combination: the choice is one of them).
      const exchanges = /** @type {Extract<Action, { type: 'exchange' }>[]} */ (mine.filter((a) => a.type === 'exchange'));
      const k = exchanges[0]?.discard?.length || 0;
      const trump = exchanges[0]?.trump ?? v.trump;
      const choice = exchanges.find((a) => sameCards(a.discard || [], chosen()));
      const bid = v.contract ? bidText(v.contract.bid) : '';
      fill(box, prompt,
        h('p', {}, `You won the auction with ${bid}: ${trump === 'NT' ? 'you play at no trump' : `${trumpName(trump)} are trump`}. `
          + `The kitty is in your hand (its cards are marked). Choose ${k} card${k === 1 ? '' : 's'} to discard face down (${selected.size} chosen).`),
        h('button', {
          type: 'button', class: 'primary', 'data-key': 'confirm-exchange', disabled: busy || !choice,
          onclick: () => choice && act(choice),
        }, choice ? `Discard these ${k}` : `Choose ${k} cards to discard`));
    } else if (phase === 'alone' && has('call')) {
      // Five Hundred for five: call a card (its holder is the partner), or play alone.
      const calls = /** @type {Extract<Action, { type: 'call' }>[]} */ (mine.filter((a) => a.type === 'call'));
      const alone = mine.find((a) => a.type === 'alone' && a.alone);
      fill(box, prompt,
        h('p', {}, 'Call a card you do not hold: whoever holds it becomes your partner for this hand, shown at once. Or play alone.'),
        ['S', 'C', 'D', 'H'].map((suit) => {
          const cs = calls.filter((a) => a.card[1] === suit);
          return cs.length ? h('div', { class: 'call-suit', role: 'group', 'aria-label': `Call a card of ${SUIT_NAMES[suit]}` },
            h('span', { class: 'call-suit-name', 'aria-hidden': 'true' }, suitEl(suit)),
            cs.map((a) => {
              const el = cardEl(a.card, { small: true, disabled: busy, onclick: () => act(a), label: `Call the ${cardName(a.card)}` });
              el.dataset.key = actionKey(a);
              return el;
            })) : null;
        }),
        alone ? h('div', { class: 'buttons' }, button(alone, 'Play alone', 'alone')) : null);
    } else if (phase === 'play' && suitFor && mine.some((a) => a.type === 'play' && a.card === suitFor && a.suit)) {
      // Five Hundred at no trump: the joker led names the suit the others must follow.
      const card = suitFor;
      const leads = /** @type {Extract<Action, { type: 'play' }>[]} */ (mine.filter((a) => a.type === 'play' && a.card === card && a.suit));
      fill(box, prompt,
        h('p', {}, 'You lead the joker at no trump: name the suit the others must follow.'),
        h('div', { class: 'buttons joker-suits', role: 'group', 'aria-label': 'The suit the joker names' },
          leads.map((a) => button(a, ['Lead it as ', suitEl(a.suit || '')], `joker-suit suit-${a.suit}`)),
          h('button', { type: 'button', 'data-key': 'joker-cancel', disabled: busy, onclick: () => { suitFor = null; render(); } }, 'Play another card')));
    } else if (phase === 'auction') {
      fill(box, prompt, h('div', { class: 'buttons bids', role: 'group', 'aria-label': 'Bids' },
        mine.map((a) => (a.type === 'pass' ? button(a, 'Pass', 'pass')
          : a.type === 'bid' ? button(a, a.pepper ? `${cap(a.pepper)} pepper (${a.tricks})` : `Bid ${a.tricks}`, 'bid') : null))));
    } else if (phase === 'alone') {
      fill(box, prompt, h('div', { class: 'buttons', role: 'group', 'aria-label': 'Going alone' },
        mine.map((a) => (a.type === 'alone' ? button(a, a.alone ? 'Play alone' : 'Play with my partner') : null))));
    } else if (phase === 'exchange') {
      const exchanges = /** @type {Extract<Action, { type: 'exchange' }>[]} */ (mine.filter((a) => a.type === 'exchange'));
      const trumps = [...new Set(exchanges.map((a) => a.trump))];
      const k = exchanges[0]?.discard?.length || 0;
      const choice = exchanges.find((a) => a.trump === trumpChoice && sameCards(a.discard || [], chosen()));
      fill(box, prompt,
        h('div', { class: 'buttons trumps', role: 'group', 'aria-label': 'Trump' },
          trumps.map((t) => h('button', {
            type: 'button', class: `trump suit-${t}`, 'data-key': `trump-${t}`, 'aria-pressed': String(trumpChoice === t), disabled: busy,
            onclick: () => { trumpChoice = t; render(); },
          }, `Trump: ${trumpName(t)}`))),
        k ? h('p', {}, `Choose ${k} card${k > 1 ? 's' : ''} from your hand to discard face down (${selected.size} chosen).`) : null,
        h('button', {
          type: 'button', class: 'primary', 'data-key': 'confirm-exchange', disabled: busy || !choice,
          onclick: () => choice && act(choice),
        }, trumpChoice === null ? 'Choose trump first' : k ? `Name ${trumpName(trumpChoice)} and discard` : `Name ${trumpName(trumpChoice)}`));
    } else if (phase === 'pass_cards') {
      const passes = /** @type {Extract<Action, { type: 'pass_cards' }>[]} */ (mine.filter((a) => a.type === 'pass_cards'));
      const choice = passes.find((a) => sameCards(a.cards, chosen()));
      const declarer = v.contract?.seat === v.seat;
      fill(box, prompt,
        h('p', {}, declarer ? `Choose two cards to discard face down (${selected.size} chosen).` : `Choose two cards to pass to your partner (${selected.size} chosen).`),
        h('button', { type: 'button', class: 'primary', 'data-key': 'confirm-pass', disabled: busy || !choice, onclick: () => choice && act(choice) },
          declarer ? 'Discard these two' : 'Pass these two'));
    } else {
      prompt.append(h('span', { class: 'hint' }, ' Choose a card; the greyed ones cannot be played.'));
      fill(box, prompt);
    }
    return box;
  };

  /**
   * @param {GameView} v
   * @param {Action[]} mine
   */
  const handBox = (v, mine) => {
    const plays = new Set(mine.flatMap((a) => (a.type === 'play' ? [a.card] : [])));
    /** The play of a card: one action, or (the joker led at no trump) the suit to name first. */
    const playCard = (/** @type {string} */ c) => {
      const ps = mine.filter((a) => a.type === 'play' && a.card === c);
      if (ps.length > 1) {
        suitFor = c;
        render();
        /** @type {HTMLElement | null} */ (root.querySelector('.joker-suits button'))?.focus({ preventScroll: true });
      } else if (ps[0]) act(ps[0]);
    };
    const exchange = /** @type {Extract<Action, { type: 'exchange' }> | undefined} */ (mine.find((a) => a.type === 'exchange'));
    // How many cards to choose: two to pass, as many as the widow held to discard, or the one
    // the dealer discards for the upcard.
    const choosing = v.phase === 'pass_cards' ? 2
      : mine.some((a) => a.type === 'take_upcard') ? 1 : exchange?.discard?.length || 0;
    const choosable = mine.length > 0 && choosing > 0;
    const widow = new Set(v.widow);
    // The upcard the dealer (in Bacon the seat left of the caller) took up: known to all until
    // it is played.
    const taken = v.upcard?.fate === 'taken' ? v.upcard : null;
    const upcard = taken && (baconGame(v) ? taken.taken_by === v.seat && taken.discard !== taken.card : v.seat === v.dealer) ? taken.card : null;
    // Bacon's exchange: the upcard is offered beside the hand, the sixth card to choose from.
    const cards = handChoices(v);
    const offered = cards.length > v.hand.length ? v.hand.length : -1;
    const isUpcard = (/** @type {string} */ c, /** @type {number} */ i) => i === offered || (offered < 0 && c === upcard);
    // The cards in the order they are held, each with its place in `cards`.
    const order = handOrder(v, cards);
    const label = (/** @type {string} */ c, /** @type {number} */ i) => `${cardName(c)}${widow.has(c) ? ` (from the ${fiveHundred(v) ? 'kitty' : 'widow'})` : isUpcard(c, i) ? ' (the upcard)' : ''}`;
    const name = offered >= 0 ? 'Your hand and the upcard' : 'Your hand';
    const fan = h('div', { class: `cards fan${plays.size ? ' playing' : ''}`, role: 'group', 'aria-label': name }, order.map(([c, i]) => {
        const key = `card-${c}-${i}`;
        if (plays.size) {
          const naming = mine.filter((a) => a.type === 'play' && a.card === c).length > 1;
          return cardEl(c, { onclick: () => playCard(c), disabled: busy || !plays.has(c), selected: suitFor === c || undefined, label: naming ? `Lead ${cardName(c)}, naming a suit` : `Play ${cardName(c)}` });
        }
        if (choosable) {
          const on = selected.has(i);
          const el = cardEl(c, {
            selected: on,
            label: label(c, i),
            onclick: () => {
              if (on) selected.delete(i);
              else if (selected.size < choosing) selected.add(i);
              // One card to choose: another click changes the choice.
              else if (choosing === 1) selected = new Set([i]);
              render();
            },
          });
          el.dataset.key = key;
          return el;
        }
        return cardEl(c, { label: label(c, i) });
      }).map((el, j) => {
        const i = order[j][1];
        if (!el.dataset.key) el.dataset.key = `card-${cards[i]}-${i}`;
        if (widow.has(cards[i]) || isUpcard(cards[i], i)) el.classList.add('from-widow');
        if (i === offered) el.dataset.upcard = 'offered';
        return el;
      }));
    fanOut(fan);
    return h('section', { class: 'hand', 'aria-labelledby': 'hand-title' },
      h('h2', { class: 'visually-hidden', id: 'hand-title' }, name),
      fan);
  };

  /** @param {GameView} v */
  const auctionBox = (v) => {
    if (upcardGame(v)) return upcardCallsBox(v);
    return h('section', { class: 'auction panel', 'aria-label': 'The auction' },
      h('h2', {}, 'Auction'),
      v.auction.length
        ? h('ol', {}, v.auction.map((c) => h('li', {}, `${seatName(v, c.seat)}: ${bidText(c.bid)}`)))
        : h('p', { class: 'hint' }, 'No calls yet.'));
  };

  /**
   * The calls of an upcard auction, by round: "You: pass", "Seat 1: order up ♥ hearts".
   * @param {GameView} v
   */
  const upcardCallsBox = (v) => {
    if (baconGame(v)) return baconCallsBox(v);
    const up = v.upcard;
    /** @param {import('./api.js').UpcardCall} c */
    const call = (c) => (c.trump === null ? 'pass' : [c.round === 1 ? 'order up ' : 'names ', suitEl(c.trump)]);
    const rounds = [1, 2].flatMap((round) => {
      const calls = v.upcard_calls.filter((c) => c.round === round);
      if (!calls.length) return [];
      return [
        h('h3', {}, round === 1 ? `Round 1${up ? `: the ${cardName(up.card)} face up` : ''}` : 'Round 2: another suit'),
        h('ol', { 'data-round': round }, calls.map((c) => h('li', {}, `${seatName(v, c.seat)}: `, call(c)))),
      ];
    });
    // Buck Euchre: the drop-outs after a declarer made trump, or why nobody declared.
    const decisions = dropOuts(v);
    const none = noDeclarerText(v);
    return h('section', { class: 'auction panel', 'aria-label': 'The trump calls' },
      h('h2', {}, 'Trump calls'),
      v.upcard_calls.length ? rounds : h('p', { class: 'hint' }, none ? 'No calls.' : 'No calls yet.'),
      none ? h('p', { class: 'no-declarer' }, `${none}.`) : null,
      decisions.length ? [
        h('h3', {}, 'Stay in or drop out'),
        h('ol', { class: 'drop-outs' }, decisions.map((d) => h('li', { 'data-seat': d.seat, 'data-decision': d.dropped ? 'drop' : 'stay' },
          `${seatName(v, d.seat)}: ${d.dropped ? 'drops out' : 'stays in'}`))),
      ] : null);
  };

  /**
   * Bacon's calls, by upcard: each upcard with what became of it, each call with the caller's
   * partner's answer to a pick-up; who goes alone; who took the upcard and what they discarded.
   * @param {GameView} v
   */
  const baconCallsBox = (v) => {
    const up = v.upcard;
    const n = v.seats.length;
    const passed = v.passed_upcards || [];
    const current = upcardNumber(v);
    const rounds = Array.from({ length: BACON_UPCARDS }, (_, i) => i + 1).flatMap((round) => {
      const calls = v.upcard_calls.filter((c) => c.round === round);
      const card = round <= passed.length ? passed[round - 1] : round === current && up ? up.card : null;
      if (!calls.length || !card) return [];
      const fate = round <= passed.length ? 'passed by everyone, discarded face up'
        : v.contract ? (up?.fate === 'taken' ? 'picked up' : 'picked up, to be taken') : 'face up';
      return [
        h('h3', {}, `Upcard ${round}: the ${cardName(card)}, ${fate}`),
        h('ol', { 'data-round': round }, calls.map((c) => {
          const partner = partnerOf(c.seat, n);
          const pickUp = c.trump === null ? null : c.alone ? 'pick_up_alone' : 'pick_up';
          return h('li', { 'data-seat': c.seat, 'data-call': pickUp || 'pass', 'data-answer': c.answer || null },
            `${seatName(v, c.seat)}: `, c.trump === null ? 'pass' : ['pick up ', suitEl(c.trump), c.alone ? ' alone' : ''],
            c.trump === null ? null
              : c.answer ? `; ${seatName(v, partner)} answered: ${answerText(c.answer)}`
              : `; waiting for ${lower(seatName(v, partner))} to allow or veto`);
        })),
      ];
    });
    const c = v.contract;
    const taken = up?.fate === 'taken' && up.taken_by != null ? up : null;
    return h('section', { class: 'auction panel', 'aria-label': 'The trump calls' },
      h('h2', {}, 'Trump calls'),
      v.upcard_calls.length ? rounds : h('p', { class: 'hint' }, 'No calls yet.'),
      c && v.alone !== null ? h('p', { class: 'alone-note' }, `${seatName(v, v.alone)} ${v.alone === v.seat ? 'go' : 'goes'} alone; ${lower(seatName(v, partnerOf(v.alone, n)))} ${partnerOf(v.alone, n) === v.seat ? 'sit' : 'sits'} out.`) : null,
      taken && taken.discard ? h('p', { class: 'taker-note' },
        `${seatName(v, taken.taken_by ?? 0)} took the upcard and discarded the ${cardName(taken.discard)} face up${taken.discard === taken.card ? ' (the upcard itself)' : ''}.`) : null);
  };

  /** @param {GameView} v */
  const lastHandBox = (v) => {
    const last = v.last_hand;
    if (!last) return null;
    return h('section', { class: 'last-hand panel', 'aria-label': 'The last hand', 'data-result': last.result },
      h('h2', {}, `Hand ${last.number + 1}`),
      h('p', {}, handResult(v, last) + '.'),
      h('p', {}, h('a', { href: `#/replay/${encodeURIComponent(v.game_id)}/${last.number}/0`, class: 'replay-link', 'data-key': 'replay-link' }, `Replay hand ${last.number + 1}`)));
  };

  /**
   * A finished hand's verdict for the heading: ": contract made", ": contract failed" (by the
   * makers' points: Buck Euchre's countdown has none of it), or nothing.
   * @param {GameView} v
   * @param {import('./api.js').HandOutcome} last
   */
  const verdict = (v, last) => {
    if (!last.contract || last.result !== 'played' || countsDown(v)) return '';
    const side = sidesOf(v.ruleset)[last.contract.seat];
    const mine = v.seat !== null && sidesOf(v.ruleset)[v.seat] === side;
    const made = (last.score_delta[side] ?? 0) > 0;
    return `: ${mine ? (partnerships(v.ruleset) ? 'your side\'s' : 'your') : 'the'} contract ${made ? 'made' : 'failed'}`;
  };

  /**
   * A finished hand in words: the contract or its absence, tricks and points per side.
   * @param {GameView} v
   * @param {import('./api.js').HandOutcome} last
   */
  const handResult = (v, last) => {
    const buck = v.ruleset.scoring === 'buck';
    const c = last.contract;
    const maker = c ? seatName(v, c.seat) : null;
    const points = `points: ${perSide(v.ruleset, last.score_delta.map(signed))}`;
    const result = last.result === 'played'
      ? `${c ? `${maker} ${buck ? 'declared' : baconGame(v) ? 'picked up the upcard' : upcardGame(v) ? 'made trump' : `bid ${bidText(c.bid)}`}; ` : buck ? 'Nobody declared; ' : fiveHundred(v) ? 'Everyone passed: played at no trump, each for himself; ' : ''}tricks: ${perSide(v.ruleset, last.tricks_won)}; ${points}`
      : last.result === 'acquitted' ? `All four upcards passed: the hand is thrown in, and the same dealer, ${lower(seatName(v, v.dealer))}, deals again`
      : last.result === 'all_dropped' ? `${maker || 'The declarer'} declared and everyone else dropped out: all five tricks to ${lower(maker || 'the declarer')}; ${points}`
      : last.result === 'thrown_in' ? `Everyone passed${upcardGame(v) ? ' twice' : ''}: thrown in` : 'Void: the joker was in the widow';
    return result;
  };

  return () => {
    closed = true;
    if (skip) skip();
    stop();
    window.clearInterval(clockTick);
    window.clearTimeout(summaryTimer);
    document.title = 'Hasenpfeffer';
  };
}

/**
 * Spreads a hand as a fan: each card turned about its foot and dropped along an arc (CSSOM
 * custom properties: the Content-Security-Policy allows them).
 * @param {HTMLElement} fan
 */
function fanOut(fan) {
  const cards = [...fan.children].filter((el) => el instanceof HTMLElement);
  const n = cards.length;
  const mid = (n - 1) / 2;
  const step = Math.min(3.5, 21 / Math.max(1, n - 1));
  fan.style.setProperty('--n', String(n));
  cards.forEach((el, j) => {
    const k = j - mid;
    const edge = mid ? (k / mid) ** 2 : 0;
    if (!(el instanceof HTMLElement)) return;
    el.style.setProperty('--tilt', `${(k * step).toFixed(2)}deg`);
    el.style.setProperty('--arc', `${(edge * 0.55).toFixed(3)}rem`);
  });
}

const RANK_ORDER = 'AKQJNMLT98765432';
/** @type {Record<string, string>} */
const SAME_COLOUR = { C: 'S', S: 'C', D: 'H', H: 'D' };

/**
 * A hand in the order it is held: trumps first once trump is known (the joker, the right and
 * left bowers, then the trump suit), then the other suits alternating colours, each high to low.
 * The upcard offered (Bacon's exchange) stays last. Answers each card with its place in `cards`.
 * @param {GameView} v
 * @param {string[]} cards
 * @returns {[string, number][]}
 */
export function handOrder(v, cards) {
  const trump = v.trump && v.trump !== 'NT' ? v.trump : null;
  const bowers = !!trump && v.ruleset.bowers;
  const suits = ['S', 'H', 'C', 'D'];
  const order = trump ? [trump, ...suits.filter((x) => x !== trump && x !== SAME_COLOUR[trump]).slice(0, 1), SAME_COLOUR[trump], ...suits.filter((x) => x !== trump && x !== SAME_COLOUR[trump]).slice(1)] : suits;
  /** @param {string} c */
  const key = (c) => {
    if (c === 'JK') return -1;
    if (bowers && c === `J${trump}`) return 0;
    if (bowers && trump && c === `J${SAME_COLOUR[trump]}`) return 1;
    return 2 + order.indexOf(c[1]) * 20 + RANK_ORDER.indexOf(c[0]);
  };
  const offered = cards.length > v.hand.length ? cards.length - 1 : -1;
  /** @type {[string, number][]} */
  const out = cards.map((c, i) => [c, i]);
  return out.sort((a, b) => (a[1] === offered ? 1 : b[1] === offered ? -1 : key(a[0]) - key(b[0]) || a[1] - b[1]));
}

/**
 * The cards played this hand so far (finished tricks and the trick in play).
 * @param {GameView} v
 */
function playedCards(v) {
  return [...v.tricks.flatMap((t) => t.plays), ...v.trick.plays].map((p) => p.card);
}

/**
 * "You" inside a sentence.
 * @param {string} name
 */
function lower(name) {
  return name === 'You' ? 'you' : name;
}

/** @param {number} n */
export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * @param {string[]} a
 * @param {string[]} b
 */
function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

/** @param {number} deadline */
function clockText(deadline) {
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  return `${left} s left`;
}
