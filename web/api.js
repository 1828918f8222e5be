// The public API as the page uses it: fetch with the seat token, problem documents as readable
// errors, and the types of what the server sends (see openapi/openapi.json).

/**
 * @typedef {'C' | 'D' | 'H' | 'S'} Suit
 * @typedef {'S' | 'C' | 'D' | 'H' | 'NT'} Strain
 * @typedef {{ tricks: number, pepper?: 'little' | 'big', trump?: Strain, misere?: 'closed' | 'open' }} Bid
 *   (Five Hundred: `trump` the strain bid, or `misere` with `tricks` 0)
 * @typedef {{ seat: number, bid: Bid | null }} Call
 * @typedef {{ seat: number, bid: Bid, forced?: 'joker_holder' | 'dealer' }} Contract
 * @typedef {{ seat: number, card: string, suit?: Suit }} Play (Five Hundred: `suit` the one a led joker named)
 * @typedef {{ leader: number, plays: Play[], winner: number }} Trick
 * @typedef {{ type: 'pass' }
 *   | { type: 'bid', tricks: number, pepper?: 'little' | 'big', trump?: Strain }
 *   | { type: 'misere' }
 *   | { type: 'open_misere' }
 *   | { type: 'call', card: string }
 *   | { type: 'exchange', trump: string, discard?: string[] }
 *   | { type: 'alone', alone: boolean }
 *   | { type: 'pass_cards', cards: string[] }
 *   | { type: 'play', card: string, suit?: Suit }
 *   | { type: 'order_up' }
 *   | { type: 'name_trump', trump: string }
 *   | { type: 'take_upcard', discard: string }
 *   | { type: 'leave_upcard' }
 *   | { type: 'stay' }
 *   | { type: 'drop' }
 *   | { type: 'pick_up' }
 *   | { type: 'pick_up_alone' }
 *   | { type: 'allow' }
 *   | { type: 'veto' }
 *   | { type: 'veto_alone' }} Action
 * @typedef {'face_up' | 'turned_down' | 'taken' | 'left'} UpcardFate
 * @typedef {{ card: string, fate: UpcardFate, taken_by?: number | null, discard?: string | null }} Upcard
 *   (Bacon: `taken_by` the seat left of the caller that took it, `discard` its face-up discard)
 * @typedef {'allow' | 'veto' | 'veto_alone'} Answer a partner's answer to a pick-up (Bacon)
 * @typedef {{ seat: number, round: number, trump: string | null, alone?: boolean,
 *   answer?: Answer | null }} UpcardCall (Bacon: `round` is the upcard's number, 1 to 4)
 * @typedef {{ seat: number, kind: 'open' | 'bot', claimed: boolean, guest: boolean, name?: string, strategy?: string, account?: string }} SeatInfo
 * @typedef {{ preset: string, deck: string, players: number, bowers: boolean, auction: string,
 *   min_bid: number, pepper_bids: boolean, no_trump: boolean, all_pass: string, alone: string,
 *   first_lead: string, set_penalty: string, target_score: number, game_end: string,
 *   dealer_pickup?: string, stick_the_dealer?: boolean, scoring?: string, all_drop?: string,
 *   sides?: 'teams_of_3' | 'teams_of_2', joker?: boolean }} Ruleset
 * @typedef {{ number: number, result: string, contract: Contract | null, tricks_won: number[],
 *   score_delta: number[], scores: number[] }} HandOutcome
 * @typedef {HandOutcome & { tricks: Trick[] }} HandSummary
 * @typedef {{ game_id: string, version: number, status: 'waiting_for_players' | 'playing' | 'finished',
 *   seats: SeatInfo[], deal: string, ranked_eligible: boolean, turn_time_limit_ms: number | null,
 *   deadline_unix_ms: number | null, seat: number | null, ruleset: Ruleset, phase: string,
 *   turn: number | null, dealer: number, hand_number: number, hand: string[], hand_sizes: number[],
 *   widow_size: number, widow: string[], discards: string[], passed_cards: string[],
 *   legal_actions: Action[], auction: Call[], contract: Contract | null, trump: string | null,
 *   alone: number | null, defender_alone: number | null, sitting_out: number[],
 *   trick: { leader: number | null, plays: Play[] }, tricks: Trick[], tricks_won: number[],
 *   scores: number[], winner: number | null, winners: number[], draw: boolean, joker_revealed_by: number | null,
 *   voids: string[][], last_hand: HandSummary | null,
 *   upcard: Upcard | null, upcard_calls: UpcardCall[], passed_upcards?: string[],
 *   called?: string | null, partner?: number | null, open_hand?: string[] }} GameView
 * @typedef {HandOutcome & { dealer: number, deal: string[][], widow: string[], auction: Call[],
 *   trump: string | null, discards: string[], alone: number | null, defender_alone: number | null,
 *   lone_discards: string[], passed_cards: string[], tricks: Trick[],
 *   upcard?: Upcard, upcard_calls?: UpcardCall[], dropped?: number[], called?: string, partner?: number }} HandRecord
 * @typedef {{ game_id: string, version: number, hands: HandRecord[] }} GameLog
 * @typedef {{ name: string, description: string, players: number[], options: string[], rules: Ruleset }} PresetInfo
 * @typedef {{ presets: PresetInfo[], options: { name: string, values: string, description: string }[] }} Catalog
 * @typedef {{ game_id: string, version: number, status: string, seats: SeatInfo[] }} CreatedGame
 * @typedef {{ game_id: string, seat: number, token: string }} ClaimedSeat
 * @typedef {{ rank: number, name: string, house: boolean, rating: number, uncertainty: number,
 *   conservative: number, provisional: boolean, games: number }} LeaderboardEntry
 * @typedef {{ pool: string, preset: string, players: number, total: number, entries: LeaderboardEntry[],
 *   next_cursor: string | null }} Leaderboard
 * @typedef {{ pool: string, preset: string, players: number, leaderboard: string }} PoolInfo
 * @typedef {{ pool: string, preset: string, players: number, rating: number, uncertainty: number,
 *   conservative: number, provisional: boolean, games: number, history: string }} PoolRating
 * @typedef {{ game_id: string, joined_unix_ms: number, game: string, log: string,
 *   finished_unix_ms: number | null, outcome: 'won' | 'lost' | 'draw' | null, place: number | null,
 *   scores: number[] | null }} RecentGame
 * @typedef {{ name: string, house: boolean, strategy: string | null, created_unix_ms: number | null,
 *   games_played: number, ratings: PoolRating[], recent_games: RecentGame[] }} BotProfile
 * @typedef {'continuous' | 'duplicate'} ArenaKind
 * @typedef {'upcoming' | 'running' | 'finished'} ArenaStatus
 * @typedef {'random' | 'heuristic' | 'expert' | 'mixed' | 'expert_v1'} HouseFill
 * @typedef {{ rank: number, bot: string, score: number, ci95: [number, number] | null, games: number,
 *   wins: number, forfeits: number, status: 'active' | 'left' | 'withdrawn', playing: boolean }} ArenaStanding
 * @typedef {{ game_id: string | null, round: number, deal: number, seats: string[], finished: boolean,
 *   points: number[] | null, forfeit: number | null, paired_unix_ms: number,
 *   ended_unix_ms: number | null }} ArenaTable
 * @typedef {{ arena_id: string, name: string, created_by: string, kind: ArenaKind, status: ArenaStatus,
 *   ruleset: Ruleset, rated: boolean, house: HouseFill | null, turn_time_limit_ms: number,
 *   starts_unix_ms: number, ends_unix_ms: number | null, rounds: number | null,
 *   deals_per_round: number | null, round: number, finished_unix_ms: number | null,
 *   max_players: number, standings: ArenaStanding[], tables: ArenaTable[], join: string,
 *   leave: string }} Arena
 * @typedef {{ arena_id: string, name: string, kind: ArenaKind, status: ArenaStatus, preset: string,
 *   players: number, rated: boolean, starts_unix_ms: number, ends_unix_ms: number | null,
 *   rounds: number | null, bots: number, leader: string | null, created_by: string }} ArenaSummary
 * @typedef {{ arenas: ArenaSummary[], next_cursor: string | null }} ArenaPage
 */

/** A refused request, with the problem document's code and a message for a person. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {number | undefined} [currentVersion]
   */
  constructor(status, code, message, currentVersion) {
    super(message);
    this.status = status;
    this.code = code;
    this.currentVersion = currentVersion;
  }
}

/**
 * @typedef {{ method?: string, body?: unknown, token?: string | null, ifMatch?: number,
 *   idempotencyKey?: string, signal?: AbortSignal }} RequestOptions
 */

/**
 * Calls the API and answers the JSON body; a problem document (or any failure) throws an
 * [ApiError] whose message a person can read.
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
export async function api(path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.ifMatch !== undefined) headers['If-Match'] = `"${options.ifMatch}"`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let res;
  try {
    res = await fetch(path, {
      method: options.method || 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await res.text();
  /** @type {any} */
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw problemError(res.status, body);
  return body;
}

/**
 * An [ApiError] from a problem document (or from a status alone).
 * @param {number} status
 * @param {any} problem
 */
export function problemError(status, problem) {
  if (problem && typeof problem.code === 'string') {
    return new ApiError(status, problem.code, readable(problem), problem.current_version);
  }
  return new ApiError(status, 'http_' + status, `The server answered ${status}.`);
}

/**
 * A problem document as a sentence: its detail with its first letter capitalised.
 * @param {{ title?: string, detail?: string }} problem
 */
function readable(problem) {
  const text = problem.detail || problem.title || 'Something went wrong.';
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : sentence + '.';
}

/** A fresh Idempotency-Key. */
export function newKey() {
  return 'web-' + crypto.randomUUID();
}

/** @param {string} id */
export function tokenKey(id) {
  return `hasenpfeffer:token:${id}`;
}

/**
 * The seat token this browser holds for a game: this tab's own (a tab that claimed a seat keeps
 * it, even when another tab of the browser claims another seat of the game), else the one kept
 * in localStorage, so that the game's link opened in a new tab, or after the tab was closed,
 * keeps the seat.
 * @param {string} id
 */
export function seatToken(id) {
  return sessionStorage.getItem(tokenKey(id)) || localStorage.getItem(tokenKey(id));
}

/**
 * Keeps a seat's token, in this tab and in this browser (localStorage, keyed by the game).
 * @param {string} id
 * @param {string} token
 */
export function keepToken(id, token) {
  sessionStorage.setItem(tokenKey(id), token);
  localStorage.setItem(tokenKey(id), token);
}

/**
 * Forgets a game's seat token, in this tab and in this browser.
 * @param {string} id
 */
export function forgetToken(id) {
  sessionStorage.removeItem(tokenKey(id));
  localStorage.removeItem(tokenKey(id));
}

/**
 * Claims a seat of a game and keeps its token (see `keepToken`).
 * @param {string} id
 * @param {{ seat?: number, name?: string }} request
 * @returns {Promise<ClaimedSeat>}
 */
export async function claimSeat(id, request) {
  /** @type {ClaimedSeat} */
  const claimed = await api(`/v1/games/${encodeURIComponent(id)}/seats`, { method: 'POST', body: request });
  keepToken(id, claimed.token);
  return claimed;
}
