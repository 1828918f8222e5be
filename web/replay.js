// Replay: a finished hand from the game's log, step by step, every hand face up, forwards and
// backwards. `#/replay/{id}/{hand}/{step}` opens that hand at that step.

import { api } from './api.js';
import { presetTitle } from './help.js';
import { SUIT_NAMES, bidText, cardEl, cardName, trumpName, upcardCallText } from './cards.js';
import { announce, fill, h, notify } from './dom.js';
import { BACON_UPCARDS, ledAs, partnerOf, perSide, positionOf, seatName, signed } from './table.js';
import { sideSeats, sidesOf } from './sides.js';

/**
 * @typedef {import('./api.js').HandRecord} HandRecord
 * @typedef {import('./api.js').GameView} GameView
 * @typedef {{ text: string, hands: string[][], widow: string[], calls: import('./api.js').Call[],
 *   trump: string | null, contract: import('./api.js').Contract | null, trick: import('./api.js').Play[],
 *   winner: number | null, won: number[], scores: number[] | null, acting: number | null,
 *   upcard: import('./api.js').Upcard | null, out: number[], number: number, passed: string[],
 *   discard: { seat: number, card: string } | null, stub: number, partner: number | null }} Snapshot
 *   (Bacon: `number` the upcard's, `passed` the upcards passed face up, `discard` the taker's
 *   face-up discard, `stub` the cards left face down; Five Hundred: `partner` the called card's holder)
 */

/**
 * Takes one copy of each of `cards` out of `hand`.
 * @param {string[]} hand
 * @param {string[]} cards
 */
function without(hand, cards) {
  const out = [...hand];
  for (const c of cards) {
    const i = out.indexOf(c);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/**
 * Every step of a hand, as snapshots of the table.
 * @param {HandRecord} r
 * @param {(s: number) => string} name
 * @param {import('./api.js').Ruleset} rules
 * @returns {Snapshot[]}
 */
export function steps(r, name, rules) {
  const sideOf = sidesOf(rules);
  /** @type {Snapshot[]} */
  const out = [];
  // Bacon: up to four upcards in turn, the undealt cards in order; the stub stays face down.
  const bacon = rules.auction === 'successive_upcards';
  // Five Hundred: a kitty for the declarer (untouched when everyone passes).
  const five = rules.scoring === 'five_hundred';
  // Upcard games: the first undealt card is the upcard, the rest the stub.
  const up = bacon ? r.widow[0] ?? null : r.upcard ? r.upcard.card : null;
  /** @type {Snapshot} */
  let s = {
    text: `The deal: ${name(r.dealer)} deals.${up ? ` The ${bacon ? 'first ' : ''}upcard is the ${cardName(up)}.` : ''}${five ? ` The kitty: ${r.widow.length} cards face down.` : ''}`,
    hands: r.deal.map((x) => [...x]), widow: bacon ? [] : up ? r.widow.slice(1) : [...r.widow], calls: [],
    trump: null, contract: null, trick: [], winner: null, won: sideSeats(rules).map(() => 0), scores: null, acting: null,
    upcard: up ? { card: up, fate: 'face_up' } : null, out: [],
    number: 1, passed: [], discard: null, stub: bacon ? r.widow.length - 1 : 0, partner: null,
  };
  out.push(s);
  /** @param {Partial<Snapshot>} change */
  const next = (change) => {
    s = { ...s, winner: null, acting: null, ...change };
    out.push(s);
  };
  for (const call of r.auction) {
    next({ calls: [...s.calls, call], acting: call.seat, text: `${name(call.seat)} ${call.bid ? `bids ${bidText(call.bid)}` : 'passes'}.` });
  }
  if (bacon) baconSteps(r, name, () => s, next);
  for (const call of bacon ? [] : r.upcard_calls || []) {
    const down = up && call.round === 1 && call.trump === null && call.seat === r.dealer;
    next({
      acting: call.seat,
      upcard: down && up ? { card: up, fate: 'turned_down' } : s.upcard,
      text: `${name(call.seat)}: ${upcardCallText(call)}.${down ? ' The upcard is turned down.' : ''}`,
    });
  }
  const c = r.contract;
  const buck = rules.scoring === 'buck';
  if (!c && up && r.trump !== null && !bacon) {
    // Buck Euchre: trump with nobody who made it.
    next({
      trump: r.trump,
      text: r.trump === 'NT' ? 'Everyone passed twice: the hand is played at no trump, and nobody declared.'
        : `The upcard is a club: ${trumpName(r.trump)} are trump, nobody declares and all ${r.deal.length} play.`,
    });
  }
  if (bacon) {
    // (Told by baconSteps: the calls, the answers and the taker's face-up discard.)
  } else if (c && up && r.upcard) {
    // The maker's call made trump; the dealer took the upcard up (discarding one) or left it.
    const d = r.dealer;
    const taken = r.upcard.fate === 'taken';
    const hands = s.hands.map((x) => [...x]);
    if (taken) hands[d] = without([...hands[d], up], r.discards);
    next({
      contract: c, trump: r.trump, hands, acting: taken || r.upcard.fate === 'left' ? d : c.seat, upcard: r.upcard,
      text: r.upcard.fate === 'taken' ? `${name(d)} takes up the ${cardName(up)} and discards the ${r.discards.map(cardName).join(', ')}.`
        : r.upcard.fate === 'left' ? `${name(d)} leaves the ${cardName(up)} on the stub.`
        : `${name(c.seat)} made ${trumpName(r.trump)} trump.`,
    });
    if (r.alone !== null) next({ acting: r.alone, text: `${name(r.alone)} goes alone.` });
    if (r.defender_alone !== null) next({ acting: r.defender_alone, text: `${name(r.defender_alone)} defends alone.` });
    if (buck) {
      // The others, from the declarer's left, stay in or drop out (the log's `dropped`).
      const dropped = r.dropped || [];
      const n = r.deal.length;
      for (let i = 1; i < n; i++) {
        const seat = (c.seat + i) % n;
        const drops = dropped.includes(seat);
        next({ acting: seat, out: drops ? [...s.out, seat] : s.out, text: `${name(seat)} ${drops ? 'drops out' : 'stays in'}.` });
      }
    }
  } else if (five && c) {
    // Five Hundred: the declarer takes the kitty and discards as many; with five a partner is
    // called by a card (or the declarer plays alone); at a misère the declarer's partners sit out.
    const d = c.seat;
    const hands = s.hands.map((x) => [...x]);
    hands[d] = without([...hands[d], ...r.widow], r.discards);
    const played = new Set((r.tricks[0]?.plays || []).map((p) => p.seat));
    const out = r.tricks.length ? r.deal.map((_, seat) => seat).filter((seat) => !played.has(seat)) : [];
    next({
      contract: c, trump: r.trump, hands, widow: [], acting: d, out,
      text: `${name(d)} won the auction with ${bidText(c.bid)}, takes the kitty (${r.widow.map(cardName).join(', ')}) and discards `
        + `${r.discards.map(cardName).join(', ')}; ${r.trump === 'NT' ? 'the hand is played at no trump' : `${trumpName(r.trump)} are trump`}.`
        + (out.length ? ` ${out.map(name).join(' and ')} ${out.length > 1 ? 'sit' : 'sits'} out.` : '')
        + (c.bid.misere === 'open' ? ` ${name(d)}'s hand is shown to all.` : ''),
    });
    if (r.called) next({ acting: d, partner: r.partner ?? null, text: `${name(d)} calls the ${cardName(r.called)}${r.partner !== undefined ? `: ${name(r.partner)} holds it and is the partner` : ''}.` });
    else if (r.alone !== null && !c.bid.misere) next({ acting: d, text: `${name(d)} plays alone.` });
  } else if (five) {
    next({ trump: r.trump, text: 'Everyone passed: the hand is played at no trump, each for himself; the kitty stays face down.' });
  } else if (c) {
    const d = c.seat;
    const hands = s.hands.map((x) => [...x]);
    hands[d] = without([...hands[d], ...r.widow], r.discards);
    const took = r.widow.length ? `takes the widow (${r.widow.map(cardName).join(', ')}), ` : '';
    const discarded = r.discards.length ? ` and discards ${r.discards.map(cardName).join(', ')}` : '';
    next({
      contract: c, trump: r.trump, hands, widow: [], acting: d,
      text: `${name(d)} won the auction with ${bidText(c.bid)}${c.forced ? ' (forced)' : ''}, ${took}names ${trumpName(r.trump)}${discarded}.`,
    });
    if (r.alone !== null) next({ acting: r.alone, text: `${name(r.alone)} goes alone.` });
    if (r.defender_alone !== null) next({ acting: r.defender_alone, text: `${name(r.defender_alone)} defends alone.` });
    if (r.lone_discards.length || r.passed_cards.length) {
      const hs = s.hands.map((x) => [...x]);
      const passer = hs.findIndex((hand, i) => i !== d && r.passed_cards.every((p) => hand.includes(p)));
      hs[d] = [...without(hs[d], r.lone_discards), ...r.passed_cards];
      if (passer >= 0) hs[passer] = without(hs[passer], r.passed_cards);
      next({
        hands: hs, acting: d,
        text: `${name(d)} discards ${r.lone_discards.map(cardName).join(' and ') || 'nothing'}; ${passer >= 0 ? name(passer) : 'the partner'} passes ${r.passed_cards.map(cardName).join(' and ')}.`,
      });
    }
  }
  for (const [t, trick] of r.tricks.entries()) {
    /** @type {import('./api.js').Play[]} */
    let plays = [];
    for (const [i, p] of trick.plays.entries()) {
      plays = [...plays, p];
      const last = i === trick.plays.length - 1;
      const won = last ? s.won.map((w, side) => w + (side === sideOf[trick.winner] ? 1 : 0)) : s.won;
      next({
        hands: s.hands.map((x, seat) => (seat === p.seat ? without(x, [p.card]) : x)),
        trick: plays, acting: p.seat, won,
        text: `${name(p.seat)} ${i === 0 ? 'leads' : 'plays'} ${cardName(p.card)}${p.suit ? `, naming ${SUIT_NAMES[p.suit]}` : ''}.${last ? ` Trick ${t + 1} to ${name(trick.winner)}.` : ''}`,
      });
      if (last) s = { ...s, winner: trick.winner };
      out[out.length - 1] = s;
    }
  }
  const points = `Points: ${perSide(rules, r.score_delta.map(signed))}.`;
  const end = r.result === 'played'
    ? `Hand over. Tricks: ${perSide(rules, r.tricks_won)}. ${points}`
    : r.result === 'all_dropped'
      ? `Everyone else dropped out: ${c ? name(c.seat) : 'the declarer'} takes all five tricks without play. ${points}`
      : r.result === 'acquitted' ? `All four upcards passed: the hand is acquitted, with no points; ${name(r.dealer)} deals again.`
      : r.result === 'thrown_in' ? `Everyone passed${up ? ' twice' : ''}: the hand is thrown in.` : 'The joker was in the widow: the hand is void.';
  next({
    trick: [], scores: r.scores, won: r.result === 'all_dropped' ? [...r.tricks_won] : s.won,
    text: `${end} Scores: ${perSide(rules, r.scores)}.`,
  });
  return out;
}

/**
 * Bacon's auction and exchange as steps: each pass or pick-up of each upcard, the caller's
 * partner's answer, each upcard the dealer passes discarded face up and the next turned (or,
 * after the fourth, the hand acquitted), then the seat left of the caller taking the upcard
 * and discarding a card face up.
 * @param {HandRecord} r
 * @param {(s: number) => string} name
 * @param {() => Snapshot} now the snapshot so far
 * @param {(change: Partial<Snapshot>) => void} next
 */
function baconSteps(r, name, now, next) {
  const n = r.deal.length;
  /**
   * The dealer passed upcard `k` (or was vetoed): it is discarded face up and the next turned,
   * or after the fourth the hand is acquitted.
   * @param {number} k
   * @returns {{ text: string, change: Partial<Snapshot> }}
   */
  const dealerPassed = (k) => {
    const card = r.widow[k - 1];
    if (k >= BACON_UPCARDS) {
      return { text: ` All four upcards passed: the hand is acquitted, and ${name(r.dealer)} deals again.`, change: { upcard: { card, fate: 'turned_down' } } };
    }
    const s = now();
    return {
      text: ` The ${cardName(card)} is discarded face up; upcard ${k + 1} is the ${cardName(r.widow[k])}.`,
      change: { passed: [...s.passed, card], upcard: { card: r.widow[k], fate: 'face_up' }, number: k + 1, stub: s.stub - 1 },
    };
  };
  for (const call of r.upcard_calls || []) {
    const k = call.round;
    const card = r.widow[k - 1];
    if (call.trump === null) {
      const end = call.seat === r.dealer ? dealerPassed(k) : null;
      next({ acting: call.seat, ...end?.change, text: `${name(call.seat)} passes the ${cardName(card)}.${end ? end.text : ''}` });
      continue;
    }
    next({ acting: call.seat, text: `${name(call.seat)} picks up the ${cardName(card)}${call.alone ? ' alone' : ''}: ${trumpName(call.trump)} would be trump.` });
    const partner = partnerOf(call.seat, n);
    if (call.answer === 'veto') {
      const end = call.seat === r.dealer ? dealerPassed(k) : null;
      next({ acting: partner, ...end?.change, text: `${name(partner)} vetoes: as if ${name(call.seat)} had passed.${end ? end.text : ''}` });
    } else if (call.answer) {
      const alone = call.alone && call.answer === 'allow';
      next({
        acting: partner, trump: call.trump, contract: r.contract, out: alone ? [partner] : [],
        text: call.answer === 'allow'
          ? `${name(partner)} allows: ${trumpName(call.trump)} are trump${alone ? `; ${name(call.seat)} goes alone and ${name(partner)} sits out` : ''}.`
          : `${name(partner)} vetoes going alone: the pick-up stands, ${trumpName(call.trump)} are trump, and ${name(call.seat)} plays with ${name(partner)}.`,
      });
    }
  }
  const c = r.contract;
  const taken = r.upcard;
  if (!c || !taken) return;
  const taker = taken.taken_by ?? (c.seat + 1) % n;
  const discard = taken.discard ?? r.discards[0];
  if (!discard) return;
  const hands = now().hands.map((x) => [...x]);
  hands[taker] = without([...hands[taker], taken.card], [discard]);
  next({
    hands, acting: taker, upcard: { card: taken.card, fate: 'taken' }, discard: { seat: taker, card: discard },
    text: `${name(taker)}, on the caller's left, takes the upcard, the ${cardName(taken.card)}, and discards `
      + `${discard === taken.card ? 'it' : `the ${cardName(discard)}`} face up; ${name(taker)} leads.`,
  });
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 * @param {number} handNumber
 * @param {number} step
 * @returns {() => void}
 */
export function mountReplay(main, id, handNumber, step) {
  document.title = `Replay · game ${id} · Hasenpfeffer`;
  const abort = new AbortController();
  const root = h('section', { class: 'replay', 'aria-label': 'Replay' }, h('p', {}, 'Loading the log…'));
  main.append(root);
  const enc = encodeURIComponent(id);

  Promise.all([
    api(`/v1/games/${enc}/log`, { signal: abort.signal }),
    api(`/v1/games/${enc}`, { signal: abort.signal }),
  ]).then(([logBody, viewBody]) => {
    /** @type {import('./api.js').GameLog} */
    const log = logBody;
    /** @type {GameView} */
    const view = viewBody;
    if (!log.hands.length) {
      fill(root, h('h1', {}, 'Nothing to replay yet'),
        h('p', {}, 'No hand of this game has finished. '), h('p', {}, h('a', { href: `#/game/${enc}` }, 'Watch the game')));
      return;
    }
    let hand = log.hands.find((x) => x.number === handNumber) || log.hands[0];
    const bacon = view.ruleset.auction === 'successive_upcards';
    const five = view.ruleset.scoring === 'five_hundred';
    /** @param {number} s */
    const name = (s) => seatName({ ...view, seat: null }, s);
    let snaps = steps(hand, name, view.ruleset);
    let at = Math.min(Math.max(0, step), snaps.length - 1);

    const picker = h('select', { id: 'replay-hand' }, log.hands.map((x) => h('option', { value: x.number }, `Hand ${x.number + 1}`)));
    picker.value = String(hand.number);
    picker.addEventListener('change', () => {
      hand = log.hands.find((x) => x.number === Number(picker.value)) || hand;
      snaps = steps(hand, name, view.ruleset);
      go(0);
    });
    const slider = h('input', { type: 'range', id: 'replay-step', min: 0, max: snaps.length - 1, value: at, 'aria-label': 'Step' });
    slider.addEventListener('input', () => go(Number(slider.value), false));
    const counter = h('span', { class: 'counter', 'aria-hidden': 'true' });
    const text = h('p', { class: 'step-text', 'aria-live': 'polite' });
    const board = h('div', { class: 'board' });
    const link = h('a', { class: 'deep-link' }, 'Link to this step');
    const first = h('button', { type: 'button', 'data-step': 'first', onclick: () => go(0) }, 'First');
    const back = h('button', { type: 'button', 'data-step': 'back', onclick: () => go(at - 1) }, '◀ Back');
    const forward = h('button', { type: 'button', 'data-step': 'forward', onclick: () => go(at + 1) }, 'Forward ▶');
    const last = h('button', { type: 'button', 'data-step': 'last', onclick: () => go(snaps.length - 1) }, 'Last');
    // The steps that end a trick: jump from trick to trick.
    const trickEnds = () => snaps.flatMap((x, i) => (x.winner !== null ? [i] : []));
    const prevTrick = h('button', { type: 'button', 'data-step': 'previous-trick', onclick: () => go([...trickEnds()].reverse().find((i) => i < at) ?? 0) }, 'Previous trick');
    const nextTrick = h('button', { type: 'button', 'data-step': 'next-trick', onclick: () => go(trickEnds().find((i) => i > at) ?? snaps.length - 1) }, 'Next trick');

    /** @param {number} to @param {boolean} [fromButtons] */
    function go(to, fromButtons = true) {
      at = Math.min(Math.max(0, to), snaps.length - 1);
      const snap = snaps[at];
      slider.max = String(snaps.length - 1);
      if (fromButtons) slider.value = String(at);
      counter.textContent = `Step ${at} of ${snaps.length - 1}`;
      text.textContent = snap.text;
      first.disabled = back.disabled = prevTrick.disabled = at === 0;
      forward.disabled = last.disabled = nextTrick.disabled = at === snaps.length - 1;
      const href = `#/replay/${enc}/${hand.number}/${at}`;
      link.href = href;
      history.replaceState(null, '', href);
      drawBoard(snap);
      // Keep the focus on a button that still works.
      if (document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled) {
        (at === 0 ? forward : back).focus();
      }
    }

    /** @param {Snapshot} snap */
    function drawBoard(snap) {
      const n = snap.hands.length;
      fill(board, h('div', { class: `felt n${n}` },
        snap.hands.map((cards, s) => h('div', { class: `seat pos-${positionOf(s, n, 0)} side-${sidesOf(view.ruleset)[s]}${snap.acting === s ? ' to-act' : ''}${snap.out.includes(s) ? ' out' : ''}`, 'data-seat': s },
          h('div', { class: 'seat-name' }, name(s), s === hand.dealer ? h('span', { class: 'badge' }, 'dealer') : null,
            snap.out.includes(s) ? h('span', { class: 'badge' }, bacon || five ? 'sits out' : 'dropped out') : null,
            five && snap.contract?.seat === s ? h('span', { class: 'badge' }, `declarer: ${bidText(snap.contract.bid)}`) : null,
            snap.partner === s ? h('span', { class: 'badge' }, 'partner') : null,
            bacon && snap.contract?.seat === s ? h('span', { class: 'badge' }, hand.alone === s && snap.out.length ? 'caller, alone' : 'caller') : null),
          h('div', { class: 'cards face-up', role: 'group', 'aria-label': `Hand of ${name(s)}` }, cards.map((c) => cardEl(c, { small: true }))))),
        h('div', { class: 'centre' },
          h('div', { class: 'contract' },
            snap.contract
              ? (snap.upcard ? `${view.ruleset.scoring === 'buck' ? 'Declarer' : bacon ? 'Caller' : 'Maker'}: ${name(snap.contract.seat)}` : `Contract: ${name(snap.contract.seat)} bid ${bidText(snap.contract.bid)}`)
              : snap.upcard ? (snap.trump !== null ? 'No declarer' : 'Trump calls') : 'Auction',
            h('br'), `Trump: ${trumpName(snap.trump)}`,
            h('br'), `Tricks: ${perSide(view.ruleset, snap.won)}`),
          snap.upcard ? h('div', { class: 'widow upcard-shown', role: 'group', 'aria-label': 'The upcard' },
            `Upcard${bacon ? ` ${snap.number} of ${BACON_UPCARDS}` : ''} (${snap.upcard.fate.replace('_', ' ')}): `, cardEl(snap.upcard.card, { small: true })) : null,
          snap.passed.length ? h('div', { class: 'widow passed-upcards', role: 'group', 'aria-label': 'Upcards passed' },
            'Passed, face up: ', snap.passed.map((c) => cardEl(c, { small: true }))) : null,
          snap.discard ? h('div', { class: 'widow face-up-discard', role: 'group', 'aria-label': 'The face-up discard', 'data-card': snap.discard.card },
            `Discarded face up by ${name(snap.discard.seat)}: `, cardEl(snap.discard.card, { small: true })) : null,
          snap.stub ? h('p', { class: 'stub' }, `Stub: ${snap.stub} cards face down`) : null,
          snap.widow.length ? h('div', { class: 'widow', role: 'group', 'aria-label': snap.upcard ? 'The stub' : five ? 'The kitty' : 'The widow' },
            snap.upcard ? 'Stub: ' : five ? 'Kitty: ' : 'Widow: ', snap.widow.map((c) => cardEl(c, { small: true }))) : null,
          h('div', { class: 'trick', role: 'group', 'aria-label': 'The trick' },
            snap.trick.map((p) => h('figure', { class: `played${snap.winner === p.seat ? ' winner' : ''}` }, cardEl(p.card), h('figcaption', {}, name(p.seat), ledAs(p))))))));
    }

    fill(root,
      h('h1', {}, `Replay of a game of ${presetTitle(view.ruleset.preset)}`), h('p', { class: 'hint' }, 'Game ', h('code', {}, id), '. The arrow keys step back and forward.'),
      h('div', { class: 'replay-bar' },
        h('label', { for: 'replay-hand' }, 'Hand '), picker,
        h('a', { href: `#/game/${enc}` }, 'Back to the game')),
      h('div', { class: 'buttons steps', role: 'group', 'aria-label': 'Steps' }, first, back, counter, forward, last),
      h('div', { class: 'buttons tricks', role: 'group', 'aria-label': 'Tricks' }, prevTrick, nextTrick),
      slider, text, board, h('p', {}, link));
    go(at);
    announce(`Replay of hand ${hand.number + 1}, step ${at}: ${snaps[at].text}`);
    // The arrow keys step (left and right), Home and End jump to the first and last step;
    // not while a field or the slider (which has its own keys) has the focus.
    document.addEventListener('keydown', (e) => {
      const t = e.target;
      if (e.altKey || e.ctrlKey || e.metaKey || (t instanceof HTMLElement && t.closest('input, select, textarea'))) return;
      const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: snaps.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    }, { signal: abort.signal });
  }).catch((err) => {
    if (!abort.signal.aborted) {
      notify(`Could not load the replay: ${err.message}`, 'error');
      fill(root, h('p', {}, h('a', { href: '#/' }, 'Back to the start')));
    }
  });
  return () => abort.abort();
}
