// Cards drawn as text and CSS: rank and suit, red and black (or four colours), with names
// a screen reader reads ("queen of hearts").

import { h } from './dom.js';

/** @type {Record<string, string>} */
const RANK_NAMES = {
  2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', T: 'ten',
  L: 'eleven', M: 'twelve', N: 'thirteen', J: 'jack', Q: 'queen', K: 'king', A: 'ace',
};
/** @type {Record<string, string>} */
const RANK_SHOWN = {
  2: '2', 3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', T: '10', L: '11', M: '12', N: '13',
  J: 'J', Q: 'Q', K: 'K', A: 'A',
};
/** @type {Record<string, string>} */
export const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
/** @type {Record<string, string>} */
export const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };

/**
 * A card's name: "queen of hearts", "joker".
 * @param {string} code
 */
export function cardName(code) {
  if (code === 'JK') return 'joker';
  return `${RANK_NAMES[code[0]] || code[0]} of ${SUIT_NAMES[code[1]] || code[1]}`;
}

/**
 * A trump's name: "hearts", "no trump".
 * @param {string | null} trump
 */
export function trumpName(trump) {
  if (trump === null) return 'not named yet';
  return trump === 'NT' ? 'no trump' : SUIT_NAMES[trump] || trump;
}

/**
 * A suit in words with its symbol for the eyes ("♥ hearts"; screen readers read "hearts").
 * @param {string} suit
 */
export function suitEl(suit) {
  return h('span', { class: `suit-name suit-${suit}` },
    h('span', { class: 'sym', 'aria-hidden': 'true' }, SUIT_SYMBOLS[suit] || ''), `\u00a0${SUIT_NAMES[suit] || suit}`);
}

/**
 * A call of an upcard auction in words: "order up hearts", "names spades", "pass"; in Bacon
 * "pick up hearts", "pick up hearts alone".
 * @param {import('./api.js').UpcardCall} call
 * @param {boolean} [bacon] Bacon's calls (successive upcards, each picked up or passed)
 */
export function upcardCallText(call, bacon = false) {
  if (call.trump === null) return 'pass';
  if (bacon) return `pick up ${trumpName(call.trump)}${call.alone ? ' alone' : ''}`;
  return call.round === 1 ? `order up ${trumpName(call.trump)}` : `names ${trumpName(call.trump)}`;
}

/**
 * A partner's answer to a pick-up in words (Bacon): "allow", "veto", "veto going alone".
 * @param {import('./api.js').Answer} answer
 */
export function answerText(answer) {
  return { allow: 'allow', veto: 'veto', veto_alone: 'veto going alone' }[answer] || answer;
}

/**
 * The face of a card: rank and suit symbol, coloured by suit.
 * @param {string} code
 * @param {{ onclick?: EventListener, disabled?: boolean, selected?: boolean, small?: boolean, label?: string }} [options]
 *   with `onclick` the card is a button (disabled ones stay visible but cannot be pressed)
 */
export function cardEl(code, options = {}) {
  const suit = code === 'JK' ? 'joker' : code[1];
  const name = options.label || cardName(code);
  const face = code === 'JK'
    ? [h('span', { class: 'rank', 'aria-hidden': 'true' }, 'Jkr'), h('span', { class: 'suit', 'aria-hidden': 'true' }, '★')]
    : [h('span', { class: 'rank', 'aria-hidden': 'true' }, RANK_SHOWN[code[0]] || code[0]),
      h('span', { class: 'suit', 'aria-hidden': 'true' }, SUIT_SYMBOLS[code[1]] || code[1])];
  const cls = `card suit-${suit}${options.small ? ' small' : ''}${options.selected ? ' selected' : ''}`;
  // The name is the card's text for assistive technology; the face is for the eyes.
  const text = h('span', { class: 'visually-hidden' }, name);
  if (options.onclick) {
    return h('button', {
      type: 'button',
      class: cls,
      'data-card': code,
      'aria-pressed': options.selected === undefined ? undefined : String(options.selected),
      disabled: options.disabled,
      onclick: options.onclick,
    }, face, text);
  }
  return h('span', { class: cls, 'data-card': code }, face, text);
}

/**
 * The back of a card (a card nobody may see).
 * @param {boolean} [small]
 */
export function cardBack(small) {
  return h('span', { class: `card back${small ? ' small' : ''}`, 'aria-hidden': 'true' });
}

/**
 * A bid in words: "4", "little pepper", "pass"; Five Hundred's "7 hearts", "6 no trump",
 * "misère", "open misère".
 * @param {import('./api.js').Bid | null} bid
 */
export function bidText(bid) {
  if (!bid) return 'pass';
  if (bid.pepper) return `${bid.pepper} pepper`;
  if (bid.misere) return bid.misere === 'open' ? 'open misère' : 'misère';
  if (bid.trump) return `${bid.tricks} ${trumpName(bid.trump)}`;
  return String(bid.tricks);
}

/** Five Hundred's strains, low to high. */
export const STRAINS = ['S', 'C', 'D', 'H', 'NT'];

/**
 * A Five Hundred bid's value in points (RULES-FAMILY 5: 40 for 6 spades, 20 a strain and 100 a
 * trick up to 520 for 10 no trump; misère 250, open misère 520), for the reader.
 * @param {import('./api.js').Bid} bid
 */
export function bidValue(bid) {
  if (bid.misere) return bid.misere === 'open' ? 520 : 250;
  return 40 + (bid.tricks - 6) * 100 + 20 * STRAINS.indexOf(bid.trump || 'S');
}
