// Home: start a game against house players in any preset, the lobby (open games to join, live
// games to watch, from GET /v1/games), join a seat, watch a game, open a replay, the leaderboards
// (boards.js).

import { api, claimSeat } from './api.js';
import { howToPlay, plain, presetTitle } from './help.js';
import { append, h, notify } from './dom.js';
import { partnerships, sideSeats, sidesOf } from './sides.js';
import { leaderboardPanel } from './boards.js';

const STRATEGIES = ['random', 'heuristic', 'expert', 'expert_v1'];

/** How many games of each listing the lobby panel shows at first (more on demand). */
const LOBBY_PAGE = 8;
/** How often the lobby panel reads the listings again, in ms. */
const LOBBY_REFRESH_MS = 10000;

/**
 * A game as `GET /v1/games` lists it, and a page of them.
 * @typedef {{ game_id: string, preset: string, players: number, status: 'open' | 'live' | 'finished',
 *   seats: import('./api.js').SeatInfo[], free_seats: number[], version: number,
 *   created_unix_ms: number, updated_unix_ms: number, hand_number: number, scores: number[],
 *   target_score: number, turn_time_limit_ms: number | null, deal: string }} LobbyGame
 * @typedef {{ games: LobbyGame[], next_cursor: string | null }} LobbyPage
 */

/**
 * @param {HTMLElement} main
 * @param {string} joinId a game to join, filled in
 * @param {string | null} [board] the leaderboard to show (`#/leaderboards/{preset}`; '' for the
 *   one last chosen), scrolled to; null for none
 * @returns {() => void}
 */
export function mountHome(main, joinId, board = null) {
  document.title = 'Hasenpfeffer';
  const abort = new AbortController();
  const presetSelect = h('select', { id: 'preset', name: 'preset' });
  const presetInfo = h('p', { id: 'preset-info', class: 'hint' });
  const presetHelp = h('div', { class: 'preset-help' });
  const playersSelect = h('select', { id: 'players', name: 'players' });
  const playersRow = h('div', { class: 'field', hidden: true },
    h('label', { for: 'players' }, 'Players'), playersSelect);
  // Five Hundred for six: two teams of three or three teams of two (the `sides` option).
  const sidesSelect = h('select', { id: 'sides', name: 'sides' },
    h('option', { value: 'teams_of_3' }, 'Two teams of three (alternate seats)'),
    h('option', { value: 'teams_of_2' }, 'Three teams of two (partners facing)'));
  const sidesRow = h('div', { class: 'field', hidden: true },
    h('label', { for: 'sides' }, 'Sides'), sidesSelect);
  const targetLabel = h('label', { for: 'target' }, 'Play to (points)');
  const target = h('input', { id: 'target', name: 'target', type: 'number', min: 1, inputmode: 'numeric' });
  const clock = h('input', { id: 'clock', name: 'clock', type: 'number', min: 1, max: 3600, inputmode: 'numeric', placeholder: 'none' });
  const name = h('input', { id: 'name', name: 'name', type: 'text', maxlength: 64, autocomplete: 'nickname', value: sessionStorage.getItem('hasenpfeffer:name') || '' });
  const seatsBox = h('fieldset', { class: 'seats' }, h('legend', {}, 'Seats'));
  /** @type {HTMLSelectElement[]} */
  let seatSelects = [];
  /** @type {import('./api.js').PresetInfo[]} */
  let presets = [];

  const presetOf = () => presets.find((p) => p.name === presetSelect.value);
  const players = () => Number(playersSelect.value) || presetOf()?.rules.players || 4;
  // The sides option, where the preset has it and the table is of six (else the preset's).
  const sidesApply = () => !!presetOf()?.options?.includes('sides') && players() === 6;
  const sides = () => (sidesApply() ? sidesSelect.value : presetOf()?.rules.sides);

  const drawSeats = () => {
    const n = players();
    const old = seatSelects.map((s) => s.value);
    seatSelects = [];
    // (Buck Euchre is every player alone at four: the preset decides too.)
    sidesRow.hidden = !sidesApply();
    const rules = { players: n, preset: presetOf()?.name, sides: sides() };
    const sideOf = sidesOf(rules);
    const teams = sideSeats(rules);
    const teamsText = teams.length === 2 ? 'even seats against odd seats' : `seats ${teams.map((t) => t.join(' and ')).join(', ')}`;
    seatsBox.replaceChildren(h('legend', {}, partnerships(rules) ? `Seats (teams: ${teamsText})` : 'Seats (every player alone)'));
    for (let i = 0; i < n; i++) {
      const select = h('select', { id: `seat-${i}`, name: `seat-${i}` },
        h('option', { value: 'you' }, 'You'),
        h('option', { value: 'open' }, 'Open seat (another player or bot)'),
        STRATEGIES.map((s) => h('option', { value: s }, `House player: ${s}`)));
      select.value = old[i] || (i === 0 ? 'you' : 'heuristic');
      select.addEventListener('change', () => {
        // At most one seat is yours: choosing it here frees the others.
        if (select.value === 'you') for (const other of seatSelects) if (other !== select && other.value === 'you') other.value = 'heuristic';
      });
      seatSelects.push(select);
      seatsBox.append(h('div', { class: 'field' },
        h('label', { for: `seat-${i}` }, partnerships(rules) ? `Seat ${i} (team ${sideOf[i]})` : `Seat ${i}`), select));
    }
  };

  const presetChanged = () => {
    const p = presetOf();
    if (!p) return;
    presetInfo.textContent = plain(p.description);
    presetHelp.replaceChildren(howToPlay(p.name) || '');
    target.value = String(p.rules.target_score);
    // Scores that count down (Buck Euchre) start from the target.
    targetLabel.textContent = p.rules.game_end === 'lowest_at_zero' ? 'Count down from (points)' : 'Play to (points)';
    target.max = String(p.rules.target_score * 10);
    const sizes = playerCounts(p);
    playersSelect.replaceChildren(...sizes.map((n) => h('option', { value: n }, String(n))));
    playersSelect.value = String(p.rules.players);
    sidesSelect.value = p.rules.sides || 'teams_of_3';
    playersRow.hidden = sizes.length < 2;
    drawSeats();
  };
  presetSelect.addEventListener('change', presetChanged);
  playersSelect.addEventListener('change', drawSeats);
  sidesSelect.addEventListener('change', drawSeats);

  const create = async (/** @type {Event} */ e) => {
    e.preventDefault();
    const p = presetOf();
    if (!p) return;
    /** @type {Record<string, unknown>} */
    const ruleset = { preset: p.name };
    if (target.value && Number(target.value) !== p.rules.target_score) ruleset.target_score = Number(target.value);
    if (players() !== p.rules.players) ruleset.players = players();
    if (sidesApply() && sidesSelect.value !== p.rules.sides) ruleset.sides = sidesSelect.value;
    const seats = seatSelects.map((s) => (STRATEGIES.includes(s.value) ? { kind: 'bot', strategy: s.value } : { kind: 'open' }));
    /** @type {Record<string, unknown>} */
    const body = { ruleset, seats };
    if (clock.value) body.turn_time_limit_ms = Math.round(Number(clock.value) * 1000);
    const mine = seatSelects.findIndex((s) => s.value === 'you');
    try {
      notify('Creating the game…');
      /** @type {import('./api.js').CreatedGame} */
      const game = await api('/v1/games', { method: 'POST', body, signal: abort.signal });
      if (mine >= 0) {
        sessionStorage.setItem('hasenpfeffer:name', name.value.trim());
        await claimSeat(game.game_id, { seat: mine, ...(name.value.trim() ? { name: name.value.trim() } : {}) });
      }
      // With no seat of ours: watched from its first move (house players play at once).
      location.hash = `#/game/${encodeURIComponent(game.game_id)}${mine >= 0 ? '' : '/watch'}`;
    } catch (err) {
      if (!abort.signal.aborted) notify(`Could not create the game: ${err instanceof Error ? err.message : err}`, 'error');
    }
  };

  const lobby = lobbyPanel(abort.signal, () => joinName.value.trim());
  const boards = leaderboardPanel(abort.signal, board);

  const joinInput = h('input', { id: 'join-id', name: 'join-id', type: 'text', required: true, value: joinId, autocomplete: 'off', spellcheck: 'false' });
  const joinName = h('input', { id: 'join-name', name: 'join-name', type: 'text', maxlength: 64, autocomplete: 'nickname', value: name.value });
  const join = async (/** @type {Event} */ e) => {
    e.preventDefault();
    const id = joinInput.value.trim();
    if (!id) return;
    try {
      await claimSeat(id, joinName.value.trim() ? { name: joinName.value.trim() } : {});
      location.hash = `#/game/${encodeURIComponent(id)}`;
    } catch (err) {
      notify(`Could not join: ${err instanceof Error ? err.message : err}`, 'error');
    }
  };
  const watchInput = h('input', { id: 'watch-id', name: 'watch-id', type: 'text', required: true, autocomplete: 'off', spellcheck: 'false' });
  const watch = (/** @type {Event} */ e) => {
    e.preventDefault();
    const id = watchInput.value.trim();
    // The watch view: the game paced from its first move (house players may have played it
    // already), then live.
    if (id) location.hash = `#/game/${encodeURIComponent(id)}/watch`;
  };
  const replay = (/** @type {Event} */ e) => {
    e.preventDefault();
    const id = watchInput.value.trim();
    if (id) location.hash = `#/replay/${encodeURIComponent(id)}/0/0`;
  };

  main.append(
    h('h1', {}, 'Play Hasenpfeffer'),
    h('div', { class: 'home' },
      h('section', { class: 'panel', 'aria-labelledby': 'new-title' },
        h('h2', { id: 'new-title' }, 'New game'),
        h('form', { id: 'create', onsubmit: create },
          h('div', { class: 'field' }, h('label', { for: 'preset' }, 'Game'), presetSelect),
          presetInfo,
          presetHelp,
          playersRow,
          sidesRow,
          h('div', { class: 'field' }, targetLabel, target),
          h('div', { class: 'field' }, h('label', { for: 'clock' }, 'Turn clock (seconds)'), clock),
          h('div', { class: 'field' }, h('label', { for: 'name' }, 'Your name'), name),
          seatsBox,
          h('p', { class: 'hint' }, 'With no seat of yours you watch the house players.'),
          h('button', { type: 'submit', class: 'primary' }, 'Start the game'))),
      h('section', { class: 'panel', 'aria-labelledby': 'join-title' },
        h('h2', { id: 'join-title' }, 'Join a game'),
        h('form', { id: 'join', onsubmit: join },
          h('div', { class: 'field' }, h('label', { for: 'join-id' }, 'Game id'), joinInput),
          h('div', { class: 'field' }, h('label', { for: 'join-name' }, 'Your name'), joinName),
          h('button', { type: 'submit' }, 'Take the next free seat'))),
      h('section', { class: 'panel', 'aria-labelledby': 'watch-title' },
        h('h2', { id: 'watch-title' }, 'Watch or replay'),
        h('form', { id: 'watch', onsubmit: watch },
          h('div', { class: 'field' }, h('label', { for: 'watch-id' }, 'Game id'), watchInput),
          h('div', { class: 'buttons' },
            h('button', { type: 'submit' }, 'Watch live'),
            h('button', { type: 'button', onclick: replay }, 'Replay its hands'))),
        h('p', { class: 'hint' }, 'A spectator sees what every player may see: the cards played, never a hand.')),
      lobby,
      boards.panel));

  api('/v1/rulesets', { signal: abort.signal }).then((/** @type {import('./api.js').Catalog} */ catalog) => {
    presets = catalog.presets;
    presetSelect.replaceChildren(...presets.map((p) => h('option', { value: p.name }, presetTitle(p.name))));
    presetChanged();
    boards.setPresets(presets.map((p) => p.name));
  }).catch((err) => {
    if (!abort.signal.aborted) notify(`Could not load the rulesets: ${err.message}`, 'error');
  });
  if (joinId) joinInput.focus();
  return () => abort.abort();
}

/**
 * The lobby panel: the open games (a Join button takes a free seat) and the live games (Watch),
 * newest first, read from `GET /v1/games` now, every [LOBBY_REFRESH_MS] and on demand, until
 * `signal` aborts.
 * @param {AbortSignal} signal
 * @param {() => string} playerName the name to claim a seat with ('' for none)
 * @returns {HTMLElement}
 */
function lobbyPanel(signal, playerName) {
  /** @param {'open' | 'live'} status @param {string} title */
  const listing = (status, title) => {
    const list = h('ul', { id: `lobby-${status}`, class: 'lobby-list', 'aria-labelledby': `lobby-${status}-title` });
    const more = h('button', { type: 'button', hidden: true }, `More ${status} games`);
    const box = h('div', { class: 'lobby-listing' },
      h('h3', { id: `lobby-${status}-title` }, title), list, more);
    /** @type {string | null} */
    let cursor = null;
    /** @param {boolean} extend add the next page (else read the first again) */
    const load = async (extend) => {
      const query = new URLSearchParams({ status, limit: String(LOBBY_PAGE) });
      if (extend && cursor) query.set('cursor', cursor);
      // Not aborted when the page moves on: a read in flight finishes and is dropped.
      /** @type {LobbyPage} */
      const page = await api(`/v1/games?${query}`);
      if (signal.aborted) return;
      const items = page.games.map((g) => lobbyItem(g, signal, playerName));
      if (extend) list.append(...items);
      else list.replaceChildren(...items);
      if (!list.children.length) list.append(h('li', { class: 'hint' }, status === 'open' ? 'No game is waiting for players.' : 'No game is being played.'));
      cursor = page.next_cursor;
      more.hidden = !cursor;
    };
    more.addEventListener('click', () => load(true).catch(failed));
    return { box, load };
  };
  const failed = (/** @type {unknown} */ err) => {
    if (!signal.aborted) notify(`Could not load the lobby: ${err instanceof Error ? err.message : err}`, 'error');
  };
  const open = listing('open', 'Open games');
  const live = listing('live', 'Live games');
  const refresh = () => Promise.all([open.load(false), live.load(false)]).catch(failed);
  const panel = h('section', { class: 'panel lobby', id: 'lobby', 'aria-labelledby': 'lobby-title' });
  // The lists are redrawn on a timer, except while focus is in the panel (a keyboard user's
  // place would be lost).
  const timer = setInterval(() => { if (!panel.contains(document.activeElement)) refresh(); }, LOBBY_REFRESH_MS);
  signal.addEventListener('abort', () => clearInterval(timer));
  refresh();
  append(panel, [
    h('div', { class: 'lobby-head' },
      h('h2', { id: 'lobby-title' }, 'Lobby'),
      h('button', { type: 'button', onclick: () => { refresh(); } }, 'Refresh')),
    open.box,
    live.box]);
  return panel;
}

/**
 * One game of the lobby: what it is, who sits where, and Join (a free seat) or Watch.
 * @param {LobbyGame} g
 * @param {AbortSignal} signal
 * @param {() => string} playerName
 * @returns {HTMLElement}
 */
function lobbyItem(g, signal, playerName) {
  const who = g.seats.map((s) => {
    if (s.kind === 'bot') return `seat ${s.seat}: house player (${s.strategy})`;
    if (!s.claimed) return `seat ${s.seat}: free`;
    if (s.guest) return `seat ${s.seat}: ${s.name || 'a player'} (guest)`;
    return `seat ${s.seat}: ${s.name || 'a player'}`;
  }).join(', ');
  const score = g.scores.join('–');
  const summary = `${presetTitle(g.preset)}, ${g.players} players`;
  const detail = g.status === 'open'
    ? `${who}.`
    : `${who}. Hand ${g.hand_number + 1}, scores ${score} (to ${g.target_score}).`;
  /** @type {HTMLElement} */
  let action;
  if (g.status === 'open' && g.free_seats.length) {
    const seat = g.free_seats[0];
    action = h('button', {
      type: 'button',
      class: 'primary',
      'aria-label': `Join seat ${seat} of ${summary}, game ${g.game_id}`,
      onclick: async () => {
        const name = playerName();
        try {
          await claimSeat(g.game_id, { seat, ...(name ? { name } : {}) });
          if (name) sessionStorage.setItem('hasenpfeffer:name', name);
          location.hash = `#/game/${encodeURIComponent(g.game_id)}`;
        } catch (err) {
          if (!signal.aborted) notify(`Could not join: ${err instanceof Error ? err.message : err}`, 'error');
        }
      },
    }, `Join seat ${seat}`);
  } else {
    action = h('a', {
      class: 'button',
      href: `#/game/${encodeURIComponent(g.game_id)}`,
      'aria-label': `Watch ${summary}, game ${g.game_id}`,
    }, 'Watch');
  }
  return h('li', { class: 'lobby-game', 'data-game': g.game_id },
    h('div', {},
      h('strong', {}, summary), ' ',
      h('code', { class: 'game-id' }, g.game_id),
      h('p', { class: 'hint' }, detail)),
    action);
}

/**
 * The player counts a preset may be played with, as `GET /v1/rulesets` lists them for it
 * (`players`), less 6 unless its own deck is `pinochle48` (the page keeps the preset's deck) or
 * the pack follows the players (Five Hundred's).
 * @param {import('./api.js').PresetInfo} p
 * @returns {number[]}
 */
export function playerCounts(p) {
  const fits = (/** @type {number} */ n) => n !== 6 || p.rules.deck === 'pinochle48' || p.rules.deck.startsWith('five_hundred');
  return [...new Set([...(p.players || []).filter(fits), p.rules.players])].sort((a, b) => a - b);
}
