// Seats and sides: which side each seat is on, for any number of seats. The table, the replay,
// the home page, the boards and the pacing all ask here.

/**
 * @typedef {{ players: number, preset?: string, sides?: string }} Sides what decides the sides: see `sidesOf`
 */

/**
 * The side of each seat. THE one place that decides it (as the engine's `Ruleset::sides`):
 * partnerships with four or more players (even seats against odd seats), else every player
 * alone (each seat its own side); Buck Euchre is every player for themselves at four; Five
 * Hundred for five is every player alone, and for six two teams of three (seat % 2) or, with
 * `sides: teams_of_2`, three teams of two (seat % 3).
 * @param {Sides} rules
 * @returns {number[]}
 */
export function sidesOf(rules) {
  const n = rules.players;
  const five = rules.preset === 'five-hundred';
  const teams = n < 4 || rules.preset === 'buck-euchre' || (five && n === 5) ? 0
    : five && n === 6 && rules.sides === 'teams_of_2' ? 3 : 2;
  return Array.from({ length: n }, (_, s) => (teams ? s % teams : s));
}

/**
 * The seats of each side: `[[0, 2], [1, 3]]`, or `[[0], [1], [2]]` when everyone plays alone.
 * @param {Sides} rules
 * @returns {number[][]}
 */
export function sideSeats(rules) {
  /** @type {number[][]} */
  const out = [];
  sidesOf(rules).forEach((side, seat) => (out[side] ||= []).push(seat));
  return out;
}

/** @param {Sides} rules */
export const partnerships = (rules) => sideSeats(rules).some((seats) => seats.length > 1);
