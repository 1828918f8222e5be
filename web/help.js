// Words for people: each preset's friendly name, and a short "How to play" per preset, from
// docs/RULES.md and docs/RULES-FAMILY.md (the deck, the trump ranking, the auction, the play,
// the scoring).

import { h } from './dom.js';

/** @type {Record<string, string>} */
const TITLES = {
  hasenpfeffer: 'Hasenpfeffer',
  'hasenpfeffer-open': 'Hasenpfeffer (open auction)',
  pepper: 'Pepper',
  'double-hasenpfeffer': 'Double Hasenpfeffer',
  euchre: 'Euchre',
  'buck-euchre': 'Buck Euchre',
  bacon: 'Bacon',
  'five-hundred': 'Five Hundred',
};

/**
 * A preset's name for people: "Buck Euchre" for `buck-euchre` (any other slug in words).
 * @param {string} preset
 */
export function presetTitle(preset) {
  return TITLES[preset] || preset.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * Text written for the API (with `code` in backticks) made plain for the page.
 * @param {string} text
 */
export const plain = (text) => text.replace(/`([^`]*)`/g, (_, slug) => TITLES[slug] || slug).replace(/`/g, '');

/** @typedef {{ deck: string, trump: string, auction: string, play: string, scoring: string }} HowTo */

const BOWERS = 'Trumps rank right bower (the jack of trumps), left bower (the other jack of the same colour, a trump for every purpose), then A K Q 10 9';

/** @type {Record<string, HowTo>} */
const HOW_TO = {
  hasenpfeffer: {
    deck: '25 cards: 9 to ace in four suits and the joker. Four players in two partnerships (partners sit across). Six cards each; one card face down is the widow.',
    trump: `The joker is the highest trump. ${BOWERS}. Other suits rank A K Q J 10 9.`,
    auction: 'One round from the dealer\'s left, the dealer last: pass or bid 1 to 6 tricks, higher than the bid to beat. If all pass, the joker\'s holder shows it and must bid 3. The high bidder takes the widow, names trump and discards one card.',
    play: 'The high bidder leads. Follow the suit led if you can (the left bower and the joker follow trumps); the highest trump wins, else the highest card of the suit led. The winner leads next.',
    scoring: 'Making the bid scores a point a trick taken; failing it loses the bid. The defenders score a point a trick. The first side to 10 wins (the bidders on a tie).',
  },
  'hasenpfeffer-open': {
    deck: 'As Hasenpfeffer: 25 cards with the joker, six each, one in the widow.',
    trump: `The joker is the highest trump. ${BOWERS}.`,
    auction: 'The auction goes round until three players have passed; a pass is final. The high bidder takes the widow, names trump, discards one, and may go alone (a defender may too): the partner sits out.',
    play: 'The player left of the dealer leads (left of a lone player when someone is alone). Follow suit if you can.',
    scoring: 'As Hasenpfeffer; a lone player\'s side scores double, up or down. The first side to 10 wins.',
  },
  pepper: {
    deck: '24 cards, 9 to ace, no joker, six each (eight each with two or three players).',
    trump: `${BOWERS}. At no trump every suit ranks A K Q J 10 9.`,
    auction: 'From the dealer\'s left, pass or bid higher: 1 to 5 tricks, little pepper (all six) or big pepper (all six, doubled). A player who passed may bid again; a bid followed by three passes wins. The high bidder names a suit or no trump.',
    play: 'The high bidder leads. Follow suit if you can; the highest trump wins, else the highest card of the suit led.',
    scoring: 'Making the bid scores a point a trick; failing it costs 6. Big pepper scores 12 or loses 12. The defenders score a point a trick. Game is 30.',
  },
  'double-hasenpfeffer': {
    deck: '48 cards: two of each 9 to ace, no joker, no bowers. Four or six players in two partnerships; all the cards are dealt.',
    trump: 'Jacks rank in their natural place: A K Q J 10 9 in every suit. Of two identical cards the first played wins.',
    auction: 'One round, the dealer last, bids of 3 or more; if all others pass the dealer must bid 3. The high bidder names trump and may go alone: they discard two, and their partner passes them two cards and sits out.',
    play: 'The high bidder leads. Follow suit if you can.',
    scoring: 'Making the bid scores a point a trick; failing it loses the bid (a forced dealer loses half). A lone player wins or loses double. Defenders score a point a trick. Game is 32.',
  },
  euchre: {
    deck: '32 cards, 7 to ace. Four players in two partnerships; five cards each; one card is turned up.',
    trump: `${BOWERS} 8 7. Other suits rank A K Q J 10 9 8 7.`,
    auction: 'Round 1: from the dealer\'s left, order the upcard up (its suit is trump, the dealer may take it) or pass. Round 2, if all passed: name another suit or pass. The maker may then go alone: the partner sits out.',
    play: 'The first seat left of the dealer leads. Follow suit if you can; the highest trump wins, else the highest card of the suit led.',
    scoring: 'The makers score 1 for three or four tricks, 2 for all five (4 alone). Held to two or fewer, they are euchred: the defenders score 2. The first side to 5 wins.',
  },
  'buck-euchre': {
    deck: '24 cards, 9 to ace; four players, each for themselves; five cards each and an upcard. Every score starts at 25.',
    trump: `${BOWERS}. A clubs upcard makes clubs trump at once.`,
    auction: 'Round 1: order the upcard up (the dealer takes it) or pass; round 2: name another suit or pass. Whoever makes trump is the declarer; the others then stay in or drop out. If all pass twice, the hand is played at no trump.',
    play: 'The first active seat left of the dealer leads. Follow suit if you can.',
    scoring: 'Scores count down: a point off a trick taken. A declarer with fewer than three tricks, or a player in the hand with none, gets 5 added. Dropping out changes nothing. At 0 or below, the lowest score wins; all five tricks win at once.',
  },
  bacon: {
    deck: '52 cards, 2 to ace, no bowers: every suit ranks A K Q J 10 … 2. Four players in two partnerships; five cards each; one upcard.',
    trump: 'The upcard\'s suit, when someone picks it up, ranks like any other suit but beats them all.',
    auction: 'Up to four upcards. For each, from the dealer\'s left: pick it up, pick it up alone, or pass. The caller\'s partner answers at once: allow, veto, or veto going alone. If all four upcards pass, the same dealer deals again.',
    play: 'The seat left of the caller takes the upcard, discards any one of its six cards face up, and leads. Follow suit if you can.',
    scoring: 'Only a side with three or more tricks scores: the callers 1 (2 for all five); a lone caller, or the defenders, 2 (4 for all five). The first side to 10 wins.',
  },
  'five-hundred': {
    deck: 'Ten cards each plus a kitty of three (with the joker); four players play in partnerships, five or three each for themselves, six in teams.',
    trump: `The joker is the highest trump, then the bowers and the trump suit. At no trump and misère there are no bowers: the joker is the only trump.`,
    auction: 'From the dealer\'s left, pass or bid tricks (6 to 10) and a strain: spades, clubs, diamonds, hearts, no trump, low to high; or misère (take no trick, 250) or open misère (520). A pass is not final; a bid followed by passes from all the others wins. The declarer takes the kitty and discards as many. With five players the declarer calls a partner by a card.',
    play: 'The declarer leads. At no trump the joker led names the suit to follow.',
    scoring: 'A contract made scores its value (6 spades 40, up to 10 no trump 520); failed, it loses it. The opponents score 10 a trick. Only a made contract ends the game, at 500 (or a failed one at −500).',
  },
};

/**
 * The "How to play" panel of a preset: a disclosure, closed until asked for.
 * @param {string} preset
 * @param {{ open?: boolean, ontoggle?: (open: boolean) => void }} [options] (the page redraws the
 *   table often: `ontoggle` lets it keep the panel open)
 */
export function howToPlay(preset, options = {}) {
  const t = HOW_TO[preset];
  if (!t) return null;
  const { ontoggle } = options;
  return h('details', {
    class: 'how-to', 'data-preset': preset, open: options.open || undefined,
    ontoggle: ontoggle ? (/** @type {Event} */ e) => ontoggle(/** @type {HTMLDetailsElement} */ (e.currentTarget).open) : undefined,
  },
    h('summary', {}, `How to play ${presetTitle(preset)}`),
    h('dl', {},
      h('dt', {}, 'The deck'), h('dd', {}, t.deck),
      h('dt', {}, 'Trumps'), h('dd', {}, t.trump),
      h('dt', {}, 'The auction'), h('dd', {}, t.auction),
      h('dt', {}, 'The play'), h('dd', {}, t.play),
      h('dt', {}, 'Scoring'), h('dd', {}, t.scoring)));
}
