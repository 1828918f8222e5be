// Cards drawn as text and CSS: rank and suit, red and black (or four colours), with names
// a screen reader reads ("queen of hearts").

import { h } from './dom.js';

/** @type {Record<string, string>} */
const RANK_NAMES = { 9: 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
/** @type {Record<string, string>} */
const RANK_SHOWN = { 9: '9', T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
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
 * A bid in words: "4", "little pepper", "pass".
 * @param {import('./api.js').Bid | null} bid
 */
export function bidText(bid) {
  if (!bid) return 'pass';
  if (bid.pepper) return `${bid.pepper} pepper`;
  return String(bid.tricks);
}
