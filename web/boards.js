// The leaderboards: a panel of the home page (a pool's ranking, a preset at a player count, a
// page at a time, from GET /v1/leaderboards/{pool}) and a bot's profile (`#/bot/{name}`, from GET /v1/bots/{name}):
// its ratings and its recent games, each to watch or replay.

import { api } from './api.js';
import { presetTitle } from './help.js';
import { h, notify } from './dom.js';
import { sidesOf } from './sides.js';

/** How many bots a page of the ranking shows. */
const BOARD_PAGE = 20;
/** How many of a bot's recent games the profile shows at first (more on demand). */
const RECENT_PAGE = 10;
const BOARD_KEY = 'hasenpfeffer:board';

/** @param {unknown} err */
const why = (err) => (err instanceof Error ? err.message : String(err));
/** @param {number} x */
const fixed = (x) => x.toFixed(1);
/** A score, negative with a minus sign. @param {number} x */
const points = (x) => (x < 0 ? `\u2212${-x}` : String(x));
/** @param {string} name */
export const botHref = (name) => `#/bot/${encodeURIComponent(name)}`;
/** @param {string} pool a pool (`euchre-4`), or a preset for its usual pool */
export const boardHref = (pool) => `#/leaderboards/${encodeURIComponent(pool)}`;
/** A pool's name for people. @param {{ preset: string, players: number }} p */
const poolTitle = (p) => `${presetTitle(p.preset)}, ${p.players} players`;

/** The uncertainty's column header: the word, or '±' where the table is narrow (the word still read). */
const uncertaintyHeader = () => h('th', { scope: 'col', class: 'num' },
  h('span', { class: 'long' }, 'Uncertainty'), h('span', { class: 'short', 'aria-hidden': 'true' }, '±'));

/** The mark of a house account: a reference player, the same one every game. */
const referenceMark = () => h('span', { class: 'badge reference', title: 'A house player: the same player every game, a reference point for the ratings' }, 'reference');
/** The mark of a rating from fewer than 10 rated games: still a guess. */
const provisionalMark = () => h('span', { class: 'badge provisional', title: 'Fewer than 10 rated games in this pool: the rating is still a guess' }, 'provisional');

/**
 * The leaderboards panel: a preset chooser and its ranking (rank, bot, rating, uncertainty,
 * rated games), a page at a time ("More bots"), until `signal` aborts. The presets arrive with
 * the catalogue: `setPresets`.
 * @param {AbortSignal} signal
 * @param {string | null} wanted a preset to open (from `#/leaderboards/{preset}`; '' for the one
 *   last chosen), the panel scrolled to and focused; null: not asked for
 * @returns {{ panel: HTMLElement, setPresets: (names: string[]) => void }}
 */
export function leaderboardPanel(signal, wanted) {
  const select = h('select', { id: 'board-preset', name: 'board-preset' });
  const caption = h('caption', {});
  const rows = h('tbody', {});
  const table = h('table', { class: 'board', id: 'board', hidden: true },
    caption,
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', class: 'num' }, 'Rank'),
      h('th', { scope: 'col' }, 'Bot'),
      h('th', { scope: 'col', class: 'num' }, 'Rating'),
      uncertaintyHeader(),
      h('th', { scope: 'col', class: 'num' }, 'Games'))),
    rows);
  const message = h('p', { class: 'hint board-message', id: 'board-message' }, 'Loading…');
  const more = h('button', { type: 'button', hidden: true }, 'More bots');
  /** @type {string | null} */
  let cursor = null;
  // Each load has a number: an answer for a preset no longer chosen is dropped.
  let seq = 0;

  /** @param {boolean} extend add the next page (else read the first again) */
  const load = async (extend) => {
    const preset = select.value;
    if (!preset) return;
    const mine = ++seq;
    const query = new URLSearchParams({ limit: String(BOARD_PAGE) });
    if (extend && cursor) query.set('cursor', cursor);
    try {
      /** @type {import('./api.js').Leaderboard} */
      const board = await api(`/v1/leaderboards/${encodeURIComponent(preset)}?${query}`);
      if (signal.aborted || mine !== seq) return;
      const items = board.entries.map(boardRow);
      if (extend) rows.append(...items);
      else rows.replaceChildren(...items);
      cursor = board.next_cursor;
      more.hidden = !cursor;
      const empty = board.total === 0;
      table.hidden = empty;
      caption.textContent = `${poolTitle(board)}: ${board.total} ${board.total === 1 ? 'bot' : 'bots'} rated${cursor ? `, the top ${rows.children.length} shown` : ''}`;
      message.classList.remove('error');
      message.textContent = empty
        ? `No rated games yet in ${poolTitle(board)}. Rated games are the server's own tables (matchmaking, accepted rated challenges) with a turn clock, the preset's own rules and no bot in two seats.`
        : '';
      message.hidden = !empty;
    } catch (err) {
      if (signal.aborted || mine !== seq) return;
      message.hidden = false;
      message.classList.add('error');
      message.textContent = `Could not load the leaderboard: ${why(err)}`;
      notify(`Could not load the leaderboard: ${why(err)}`, 'error');
    }
  };
  select.addEventListener('change', () => {
    sessionStorage.setItem(BOARD_KEY, select.value);
    cursor = null;
    load(false);
  });
  more.addEventListener('click', () => load(true));

  const panel = h('section', { class: 'panel boards', id: 'leaderboards', 'aria-labelledby': 'boards-title' },
    h('div', { class: 'lobby-head' },
      h('h2', { id: 'boards-title' }, 'Leaderboards'),
      h('button', { type: 'button', onclick: () => { load(false); } }, 'Refresh')),
    h('p', { class: 'hint' }, 'Bots ranked in each game and player count by their rating less three uncertainties (a bot ranks high once it is surely good), from the server\'s own tables. ',
      h('span', { class: 'badge reference' }, 'reference'), ' marks the house players: the same player every game, to read the others against; ',
      h('span', { class: 'badge provisional' }, 'provisional'), ' a rating of fewer than 10 games.'),
    h('div', { class: 'field board-choice' }, h('label', { for: 'board-preset' }, 'Game'), select),
    message,
    table,
    more);

  return {
    panel,
    setPresets(names) {
      // The pools of the catalogue's presets, in its order: each preset at each player count.
      api('/v1/leaderboards').then((/** @type {import('./api.js').PoolInfo[]} */ all) => {
        if (signal.aborted) return;
        const pools = names.flatMap((n) => all.filter((p) => p.preset === n));
        const values = pools.map((p) => p.pool);
        select.replaceChildren(...pools.map((p) => h('option', { value: p.pool }, poolTitle(p))));
        // A preset's name opens its usual pool (four players where it has them).
        /** @param {string | null} w */
        const pick = (w) => (w && values.includes(w) ? w
          : w && values.includes(`${w}-4`) ? `${w}-4`
            : w ? pools.find((p) => p.preset === w)?.pool ?? '' : '');
        const remembered = sessionStorage.getItem(BOARD_KEY) || '';
        select.value = pick(wanted) || pick(remembered) || values[0] || '';
        load(false);
        if (wanted !== null) {
          panel.scrollIntoView();
          select.focus();
        }
      }).catch((err) => {
        if (signal.aborted) return;
        message.classList.add('error');
        message.textContent = `Could not load the leaderboards: ${why(err)}`;
      });
    },
  };
}

/**
 * One bot's place in a ranking.
 * @param {import('./api.js').LeaderboardEntry} e
 */
function boardRow(e) {
  return h('tr', { 'data-bot': e.name, class: e.house ? 'house' : null },
    h('td', { class: 'num' }, e.rank),
    h('th', { scope: 'row' }, h('a', { href: botHref(e.name) }, e.name), e.house ? [' ', referenceMark()] : null,
      e.provisional ? [' ', provisionalMark()] : null),
    h('td', { class: 'num' }, fixed(e.rating)),
    h('td', { class: 'num' }, `±${fixed(e.uncertainty)}`),
    h('td', { class: 'num' }, e.games));
}

/**
 * A bot's profile: what it is, its rating in each preset (each linking to that leaderboard), and
 * its recent games, each with what the game is, how it stands or ended, and links to watch it
 * and to replay its hands.
 * @param {HTMLElement} main
 * @param {string} name
 * @returns {() => void}
 */
export function mountBot(main, name) {
  document.title = `${name} · Hasenpfeffer`;
  const abort = new AbortController();
  const root = h('section', { class: 'profile', 'aria-labelledby': 'bot-title' },
    h('h1', { id: 'bot-title' }, name),
    h('p', { class: 'hint' }, 'Loading the profile…'));
  main.append(root);
  api(`/v1/bots/${encodeURIComponent(name)}`).then((/** @type {import('./api.js').BotProfile} */ bot) => {
    if (abort.signal.aborted) return;
    document.title = `${bot.name} · Hasenpfeffer`;
    const when = bot.created_unix_ms ? new Date(bot.created_unix_ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
    const about = bot.house
      ? `A house player (strategy ${bot.strategy}): it plays every house seat of its strategy, so it is a reference for the other bots' ratings.`
      : `A bot registered ${when}.`;
    const ratings = bot.ratings.length
      ? h('table', { class: 'board ratings', id: 'bot-ratings' },
        h('caption', { class: 'visually-hidden' }, `${bot.name}'s ratings`),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, 'Game'),
          h('th', { scope: 'col', class: 'num' }, 'Rating'),
          uncertaintyHeader(),
          h('th', { scope: 'col', class: 'num' }, 'Games'))),
        h('tbody', {}, bot.ratings.map((r) => h('tr', {},
          h('th', { scope: 'row' }, h('a', { href: boardHref(r.pool), 'aria-label': `${poolTitle(r)} leaderboard` }, poolTitle(r)),
            r.provisional ? [' ', provisionalMark()] : null),
          h('td', { class: 'num' }, fixed(r.rating)),
          h('td', { class: 'num' }, `±${fixed(r.uncertainty)}`),
          h('td', { class: 'num' }, r.games)))))
      : h('p', { class: 'hint' }, 'No rated games yet.');
    const list = h('ul', { class: 'lobby-list', id: 'bot-games', 'aria-labelledby': 'bot-games-title' });
    const more = h('button', { type: 'button', hidden: true }, 'More games');
    let shown = 0;
    const showMore = () => {
      const next = bot.recent_games.slice(shown, shown + RECENT_PAGE);
      shown += next.length;
      list.append(...next.map((g) => recentGame(g, bot.name, abort.signal)));
      more.hidden = shown >= bot.recent_games.length;
    };
    more.addEventListener('click', showMore);
    root.replaceChildren(
      h('p', { class: 'crumbs' }, h('a', { href: '#/leaderboards' }, '← Leaderboards')),
      h('h1', { id: 'bot-title' }, bot.name, bot.house ? [' ', referenceMark()] : null),
      h('p', {}, about, ` Seated in ${bot.games_played} ${bot.games_played === 1 ? 'game' : 'games'}.`),
      h('div', { class: 'profile-grid' },
        h('section', { class: 'panel', 'aria-labelledby': 'bot-ratings-title' },
          h('h2', { id: 'bot-ratings-title' }, 'Ratings'), ratings),
        h('section', { class: 'panel', 'aria-labelledby': 'bot-games-title' },
          h('h2', { id: 'bot-games-title' }, 'Recent games'),
          bot.recent_games.length ? [list, more] : h('p', { class: 'hint' }, 'No games yet.'))));
    showMore();
  }).catch((err) => {
    if (abort.signal.aborted) return;
    root.replaceChildren(h('h1', { id: 'bot-title' }, name),
      h('p', { class: 'error-text', role: 'alert' }, why(err)),
      h('p', {}, h('a', { href: '#/leaderboards' }, 'Back to the leaderboards')));
  });
  return () => abort.abort();
}

/**
 * One of a bot's recent games: its id and when the bot sat down, then (from the game's view,
 * read now) the preset, the bot's seat and how the game stands or how it ended for the bot;
 * links to watch it and to replay its hands.
 * @param {import('./api.js').RecentGame} g
 * @param {string} botName
 * @param {AbortSignal} signal
 */
function recentGame(g, botName, signal) {
  const enc = encodeURIComponent(g.game_id);
  const detail = h('p', { class: 'hint' }, `Joined ${new Date(g.joined_unix_ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.`);
  const watch = h('a', { class: 'button', href: `#/game/${enc}`, 'aria-label': `Watch game ${g.game_id}` }, 'Watch');
  const title = h('strong', {}, 'Game');
  const replay = h('a', { class: 'button', href: `#/replay/${enc}/0/0`, 'aria-label': `Replay game ${g.game_id}` }, 'Replay');
  const item = h('li', { class: 'lobby-game', 'data-game': g.game_id },
    h('div', {}, title, ' ', h('code', { class: 'game-id' }, g.game_id), detail),
    h('div', { class: 'buttons' },
      watch,
      replay));
  // Not aborted when the page moves on (as the lobby's reads): an answer too late is dropped.
  api(g.game).then((/** @type {import('./api.js').GameView} */ v) => {
    if (signal.aborted) return;
    title.textContent = `${presetTitle(v.ruleset.preset)}, ${v.ruleset.players} players`;
    const fold = botName.toLowerCase();
    const seats = v.seats.filter((s) => (s.kind === 'bot' ? `house-${s.strategy}` : (s.name || '').toLowerCase()) === fold).map((s) => s.seat);
    const sides = sidesOf(v.ruleset);
    const own = [...new Set(seats.map((s) => sides[s]))];
    const winners = v.winners?.length ? v.winners : v.winner !== null ? [v.winner] : [];
    const where = seats.length ? `${seats.length > 1 ? 'Seats' : 'Seat'} ${seats.join(', ')}. ` : '';
    // The scores, the bot's side's first where it has one side ("3 to −5"), else in side order.
    const mine = own.length === 1 ? own[0] : null;
    const all = v.scores.map(points);
    const scores = mine === null ? all.join(all.length > 2 ? ', ' : ' to ')
      : `${all[mine]} to ${all.filter((_, i) => i !== mine).join(', ')}`;
    let how = `In play, hand ${v.hand_number + 1}: ${scores} (target ${v.ruleset.target_score}).`;
    if (v.status === 'waiting_for_players') how = 'Waiting for players.';
    else if (v.status === 'finished') {
      const outcome = mine === null || !winners.length ? 'Finished' : winners.includes(mine) ? (winners.length > 1 ? 'Tied for first' : 'Won') : 'Lost';
      how = `${outcome}${mine === null ? ':' : ','} ${scores}.`;
      watch.textContent = 'Final table';
      watch.setAttribute('aria-label', `The final table of game ${g.game_id}`);
    }
    detail.textContent = `${where}${how} ${detail.textContent}`;
    // Nothing to replay before a hand is over.
    replay.hidden = v.hand_number === 0 && v.status !== 'finished';
  }).catch((err) => {
    if (signal.aborted) return;
    // A game is kept some time after its last move: one gone is said so, its links dropped;
    // the archive (the profile's own answer) still says how it ended.
    const ended = g.outcome === null || g.scores === null ? ''
      : `${g.outcome === 'won' ? 'Won' : g.outcome === 'lost' ? 'Lost' : 'Draw'}, ${g.scores.map(points).join(' to ')}. `;
    detail.textContent = `${ended}${why(err)} ${detail.textContent}`;
    item.querySelector('.buttons')?.remove();
  });
  return item;
}
