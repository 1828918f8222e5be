// Arenas, the tournaments bots join: the list (`#/arenas`: running, upcoming and finished, a
// page at a time, from GET /v1/arenas) and an arena's page (`#/arena/{id}`, from
// GET /v1/arenas/{id}): its settings, its standings, its round and its tables to watch, read
// again every few seconds until it is finished.

import { api } from './api.js';
import { presetTitle } from './help.js';
import { h, notify } from './dom.js';
import { sidesOf } from './sides.js';
import { botHref } from './boards.js';

/** @typedef {import('./dom.js').Child | import('./dom.js').Child[]} Part some of an element's children */

/** How many arenas of each status the list shows at first (more on demand). */
const LIST_PAGE = 10;
/** How often the list reads the arenas again, in ms. */
const LIST_REFRESH_MS = 15000;
/** How often an arena's page reads it again while it is not finished, in ms. */
const ARENA_REFRESH_MS = 4000;
/** How many finished tables an arena's page shows at first (more on demand). */
const FINISHED_TABLES = 12;

/** @param {unknown} err */
const why = (err) => (err instanceof Error ? err.message : String(err));
/** @param {string} id */
export const arenaHref = (id) => `#/arena/${encodeURIComponent(id)}`;
/** A score, negative with a minus sign. @param {number} x */
const points = (x) => (x < 0 ? `\u2212${-x}` : String(x));
/** @param {number} n @param {string} one @param {string} [many] */
const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Each kind in a few plain words. */
const KIND_WORDS = {
  continuous: 'Continuous: a bot is seated again as soon as its game is over, until the end; 2 points a win.',
  duplicate: 'Duplicate: rounds in which every table plays the same cards; each player is scored against the others who held the same hand.',
};
/** @param {import('./api.js').ArenaKind} kind */
const kindName = (kind) => (kind === 'duplicate' ? 'Duplicate' : 'Continuous');

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'long' });

/**
 * "in 3 min", "2 h ago": a moment from now, in the largest unit that fits.
 * @param {number} ms since the epoch
 */
export function fromNow(ms) {
  const s = Math.round((ms - Date.now()) / 1000);
  const a = Math.abs(s);
  if (a < 45) return s >= 0 ? 'in a moment' : 'just now';
  if (a < 3600) return relative.format(Math.round(s / 60), 'minute');
  if (a < 86400 * 2) return relative.format(Math.round(s / 3600), 'hour');
  return relative.format(Math.round(s / 86400), 'day');
}

/**
 * A moment in local time: the time alone today, else with the date.
 * @param {number} ms
 */
export function localTime(ms) {
  const d = new Date(ms);
  const today = d.toDateString() === new Date().toDateString();
  return today ? d.toLocaleTimeString(undefined, { timeStyle: 'short' })
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A `<time>` of a moment, local, with how far it is from now.
 * @param {number} ms
 */
const when = (ms) => h('time', { datetime: new Date(ms).toISOString(), title: new Date(ms).toLocaleString() },
  `${localTime(ms)} (${fromNow(ms)})`);

/** @param {number} ms */
const duration = (ms) => {
  const min = Math.round(ms / 60000);
  if (ms < 10000) return `${Number((ms / 1000).toFixed(1))} s`;
  if (ms < 60000) return `${Math.round(ms / 1000)} s`;
  if (min < 120) return `${min} min`;
  return `${(min / 60).toFixed(min % 60 ? 1 : 0)} h`;
};

/**
 * "How arenas work": the rules in plain words (from the platform's `arenas` module), a
 * disclosure closed until asked for.
 * @param {boolean} [open]
 * @param {(open: boolean) => void} [ontoggle] (an arena's page is redrawn often: it keeps the
 *   disclosure open)
 */
export function howArenasWork(open = false, ontoggle) {
  return h('details', {
    class: 'how-to arena-how', open: open || undefined,
    ontoggle: ontoggle ? (/** @type {Event} */ e) => ontoggle(/** @type {HTMLDetailsElement} */ (e.currentTarget).open) : undefined,
  },
    h('summary', {}, 'How arenas work'),
    h('dl', {},
      h('dt', {}, 'Continuous arenas'),
      h('dd', {}, 'From the start to the end, every bot that is not at a table waits, and the waiting bots are seated as soon as a table can be made. A game scores 2 points for first place down to 0 for last (2 a win, 1 a middle place of three); a seat that forfeits scores nothing. A game that started before the end still counts.'),
      h('dt', {}, 'Duplicate arenas'),
      h('dd', {}, 'Rounds. In each, every table plays the same deals (one hand a deal), each deal with the seats turned, so luck of the cards cancels out. A player\'s points on a deal are compared with everyone\'s who held the same cards at another table: 1 for each one beaten, ½ for each tie. The score is the mean percentage over the deals, with its 95% interval. A deal\'s games stay hidden until every table has played it.'),
      h('dt', {}, 'Pairing'),
      h('dd', {}, 'Best score first: each table takes the first bot left, then the next ones who were not at its last table; the seats are shuffled. House players fill the empty seats when the arena has them.'),
      h('dt', {}, 'Leaving and withdrawals'),
      h('dd', {}, 'A bot that leaves is not seated again, and its games under way still count; it may join again while the arena runs. A bot that forfeits twice (its clock ran out three turns in a row) is withdrawn: not seated again, and its games that end afterwards score nothing for it.')));
}

/**
 * The arenas list: running, upcoming and finished arenas, a page at a time, read again every
 * [LIST_REFRESH_MS] (not while focus is in the list) and on demand.
 * @param {HTMLElement} main
 * @returns {() => void}
 */
export function mountArenas(main) {
  document.title = 'Arenas · Hasenpfeffer';
  const abort = new AbortController();
  const signal = abort.signal;
  /** @type {{ status: import('./api.js').ArenaStatus, title: string, empty: string }[]} */
  const kinds = [
    { status: 'running', title: 'Running now', empty: 'No arena is running.' },
    { status: 'upcoming', title: 'Starting soon', empty: 'No arena is about to start.' },
    { status: 'finished', title: 'Finished', empty: 'No arena finished today.' },
  ];
  const failed = (/** @type {unknown} */ err) => {
    if (!signal.aborted) notify(`Could not load the arenas: ${why(err)}`, 'error');
  };
  const listings = kinds.map(({ status, title, empty }) => {
    const list = h('ul', { class: 'arena-list', id: `arenas-${status}`, 'aria-labelledby': `arenas-${status}-title` },
      h('li', { class: 'hint' }, 'Loading…'));
    const more = h('button', { type: 'button', hidden: true }, `More ${status} arenas`);
    const box = h('section', { class: 'panel arena-listing', 'aria-labelledby': `arenas-${status}-title`, 'data-status': status },
      h('h2', { id: `arenas-${status}-title` }, title), list, more);
    /** @type {string | null} */
    let cursor = null;
    /** @param {boolean} extend add the next page (else read the first again) */
    const load = async (extend) => {
      const query = new URLSearchParams({ status, limit: String(LIST_PAGE) });
      if (extend && cursor) query.set('cursor', cursor);
      /** @type {import('./api.js').ArenaPage} */
      const page = await api(`/v1/arenas?${query}`);
      if (signal.aborted) return;
      const items = page.arenas.map(arenaItem);
      if (extend) list.append(...items);
      else list.replaceChildren(...items);
      if (!list.children.length) list.append(h('li', { class: 'hint' }, empty));
      cursor = page.next_cursor;
      more.hidden = !cursor;
    };
    more.addEventListener('click', () => load(true).catch(failed));
    return { box, load };
  });
  const refresh = () => Promise.all(listings.map((l) => l.load(false))).catch(failed);
  const body = h('div', { class: 'arena-lists' }, listings.map((l) => l.box));
  const timer = setInterval(() => { if (!body.contains(document.activeElement)) refresh(); }, LIST_REFRESH_MS);
  signal.addEventListener('abort', () => clearInterval(timer));
  main.append(
    h('div', { class: 'lobby-head' },
      h('h1', {}, 'Arenas'),
      h('button', { type: 'button', onclick: () => { refresh(); } }, 'Refresh')),
    h('p', { class: 'intro' }, 'Tournaments for bots: bots join an arena, the server seats them at its tables and keeps the standings. Open one to follow its standings and watch its games.'),
    howArenasWork(),
    body);
  refresh();
  return () => abort.abort();
}

/**
 * One arena of the list: its name (a link to its page), kind, game, when, bots and leader.
 * @param {import('./api.js').ArenaSummary} a
 */
function arenaItem(a) {
  const game = `${presetTitle(a.preset)}, ${a.players} players`;
  /** @type {Part[]} */
  const timing = [];
  timing.push(a.status === 'upcoming' ? 'Starts ' : 'Started ', when(a.starts_unix_ms));
  if (a.ends_unix_ms !== null) timing.push(a.status === 'finished' || a.ends_unix_ms < Date.now() ? ', ended ' : ', ends ', when(a.ends_unix_ms));
  if (a.rounds !== null) timing.push(`, ${count(a.rounds, 'round')}`);
  const leader = a.leader
    ? [a.status === 'finished' ? 'Winner ' : 'Leader ', h('a', { href: botHref(a.leader) }, a.leader)]
    : [a.status === 'upcoming' ? 'Not started yet' : 'No result yet'];
  return h('li', { class: 'arena-item', 'data-arena': a.arena_id },
    h('div', { class: 'arena-item-head' },
      h('h3', {}, h('a', { href: arenaHref(a.arena_id), class: 'arena-name' }, a.name)),
      h('span', { class: `badge kind kind-${a.kind}`, title: KIND_WORDS[a.kind] }, kindName(a.kind)),
      h('span', { class: `badge ${a.rated ? 'rated' : 'unrated'}` }, a.rated ? 'Rated' : 'Not rated')),
    h('p', { class: 'arena-game' }, game, ' · ', count(a.bots, 'bot'), ' joined'),
    h('p', { class: 'hint' }, ...timing),
    h('p', { class: 'arena-leader' }, leader));
}

/**
 * An arena's page: its settings, the standings, the round, its tables to watch; read again
 * every [ARENA_REFRESH_MS] until it is finished or the page moves on.
 * @param {HTMLElement} main
 * @param {string} id
 * @returns {() => void}
 */
export function mountArena(main, id) {
  document.title = 'Arena · Hasenpfeffer';
  const abort = new AbortController();
  const signal = abort.signal;
  const root = h('section', { class: 'arena', 'aria-labelledby': 'arena-title' },
    h('p', { class: 'crumbs' }, h('a', { href: '#/arenas' }, '← Arenas')),
    h('h1', { id: 'arena-title' }, 'Arena'),
    h('p', { class: 'hint' }, 'Loading the arena…'));
  main.append(root);
  /** @type {number | undefined} */
  let timer;
  let showAllFinished = false;
  let howOpen = false;
  /** @type {import('./api.js').Arena | null} */
  let last = null;
  signal.addEventListener('abort', () => clearTimeout(timer));

  /** @param {import('./api.js').Arena} a */
  const draw = (a) => {
    last = a;
    // A redraw keeps the keyboard's place: the element focused, found again by its key.
    const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement)
      ? document.activeElement.getAttribute('data-focus-key') : null;
    document.title = `${a.name} · Arenas · Hasenpfeffer`;
    root.replaceChildren(...arenaView(a, showAllFinished, howOpen, (open) => { howOpen = open; }, () => {
      showAllFinished = true;
      if (last) draw(last);
      // The keyboard goes on from the first table the button showed.
      /** @type {HTMLElement | null} */ (root.querySelector(`#arena-tables-finished > li:nth-child(${FINISHED_TABLES + 1}) a.watch`))?.focus();
    }));
    if (focused) /** @type {HTMLElement | null} */ (root.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`))?.focus();
  };
  const load = async () => {
    try {
      /** @type {import('./api.js').Arena} */
      const a = await api(`/v1/arenas/${encodeURIComponent(id)}`, { signal });
      if (signal.aborted) return;
      draw(a);
      if (a.status !== 'finished') timer = window.setTimeout(load, ARENA_REFRESH_MS);
    } catch (err) {
      if (signal.aborted) return;
      if (last) {
        // A read that failed while following: said, and tried again.
        notify(`Could not refresh the arena: ${why(err)}`, 'error');
        timer = window.setTimeout(load, ARENA_REFRESH_MS * 2);
        return;
      }
      root.replaceChildren(
        h('p', { class: 'crumbs' }, h('a', { href: '#/arenas' }, '← Arenas')),
        h('h1', { id: 'arena-title' }, 'Arena'),
        h('p', { class: 'error-text', role: 'alert' }, why(err)),
        h('p', {}, h('a', { href: '#/arenas' }, 'See the arenas')));
    }
  };
  load();
  return () => abort.abort();
}

/**
 * What an arena's page shows.
 * @param {import('./api.js').Arena} a
 * @param {boolean} allFinished every finished table (else the latest [FINISHED_TABLES])
 * @param {boolean} howOpen "How arenas work" open
 * @param {(open: boolean) => void} howToggled
 * @param {() => void} showMore
 * @returns {HTMLElement[]}
 */
function arenaView(a, allFinished, howOpen, howToggled, showMore) {
  const game = `${presetTitle(a.ruleset.preset)}, ${a.ruleset.players} players`;
  const now = Date.now();
  /** @type {Part[]} */
  let state;
  if (a.status === 'upcoming') state = ['Starts ', when(a.starts_unix_ms), '. Bots may join now.'];
  else if (a.status === 'running') {
    state = a.kind === 'duplicate'
      ? [`Running: round ${a.round} of ${a.rounds ?? '?'}.`]
      : ['Running', a.ends_unix_ms !== null ? [a.ends_unix_ms > now ? ', ends ' : ', ended ', when(a.ends_unix_ms), a.ends_unix_ms > now ? '' : ': the last games are being played'] : '', '.'];
  } else state = ['Finished', a.finished_unix_ms !== null ? [' ', when(a.finished_unix_ms)] : '', '. The standings are final.'];

  const settings = h('dl', { class: 'arena-settings' },
    h('dt', {}, 'Kind'), h('dd', {}, KIND_WORDS[a.kind]),
    h('dt', {}, 'Game'), h('dd', {}, game, a.kind === 'duplicate' ? ', one hand a deal' : `, to ${a.ruleset.target_score}`),
    h('dt', {}, 'Rated'), h('dd', {}, a.rated ? 'Yes: its games count for the leaderboards' : 'No'),
    h('dt', {}, 'Starts'), h('dd', {}, when(a.starts_unix_ms)),
    a.kind === 'continuous' && a.ends_unix_ms !== null
      ? [h('dt', {}, 'Ends'), h('dd', {}, when(a.ends_unix_ms), `, ${duration(a.ends_unix_ms - a.starts_unix_ms)} after the start. A game started before the end still counts.`)]
      : [h('dt', {}, 'Rounds'), h('dd', {}, `${a.rounds ?? '?'}, ${count(a.deals_per_round ?? 1, 'deal')} each`)],
    h('dt', {}, 'Turn clock'), h('dd', {}, `${duration(a.turn_time_limit_ms)} a decision`),
    h('dt', {}, 'Empty seats'), h('dd', {}, a.house ? `Filled by house players (${a.house})` : 'None filled: bots only'),
    h('dt', {}, 'Bots'), h('dd', {}, `${a.standings.length} of at most ${a.max_players}`),
    h('dt', {}, 'Created by'), h('dd', {}, a.created_by === 'server' ? 'the server' : h('a', { href: botHref(a.created_by) }, a.created_by)));

  return [
    h('p', { class: 'crumbs' }, h('a', { href: '#/arenas' }, '← Arenas')),
    h('div', { class: 'arena-title' },
      h('h1', { id: 'arena-title' }, a.name),
      h('span', { class: `badge kind kind-${a.kind}` }, kindName(a.kind)),
      h('span', { class: `badge status-${a.status}` }, a.status === 'running' ? 'Running' : a.status === 'upcoming' ? 'Upcoming' : 'Finished')),
    h('p', { class: 'arena-state', id: 'arena-state', 'data-status': a.status, 'data-round': a.round }, ...state),
    h('div', { class: 'arena-grid' },
      h('div', { class: 'arena-main' },
        h('section', { class: 'panel arena-standings', 'aria-labelledby': 'standings-title' },
          h('h2', { id: 'standings-title' }, 'Standings'),
          standings(a)),
        tablesPanel(a, allFinished, showMore)),
      h('div', { class: 'arena-side' },
        h('section', { class: 'panel', 'aria-labelledby': 'settings-title' },
          h('h2', { id: 'settings-title' }, 'Settings'), settings),
        joinHelp(a),
        howArenasWork(howOpen, howToggled))),
  ];
}

/**
 * The standings: rank, bot (linking to its profile, marked while playing), score (a duplicate
 * arena's a percentage with its 95% interval), games, wins, forfeits, status.
 * @param {import('./api.js').Arena} a
 */
function standings(a) {
  if (!a.standings.length) return h('p', { class: 'hint', id: 'arena-standings-empty' }, a.status === 'finished' ? 'No bot played.' : 'No bot has joined yet.');
  const dup = a.kind === 'duplicate';
  const statusWords = { active: 'Active', left: 'Left', withdrawn: 'Withdrawn' };
  const scoreCell = (/** @type {import('./api.js').ArenaStanding} */ s) => {
    if (!dup) return h('td', { class: 'num score' }, Number.isInteger(s.score) ? s.score : s.score.toFixed(1));
    if (!s.games) return h('td', { class: 'num score' }, h('span', { class: 'hint' }, '–'));
    return h('td', { class: 'num score' }, `${s.score.toFixed(1)}%`,
      s.ci95 ? h('span', { class: 'ci', title: '95% interval' }, h('span', { class: 'visually-hidden' }, ', 95% interval '),
        `${Math.max(0, s.ci95[0]).toFixed(0)}–${Math.min(100, s.ci95[1]).toFixed(0)}%`) : null);
  };
  return h('table', { class: 'standings', id: 'arena-standings' },
    h('caption', {}, dup
      ? 'Mean matchpoint percentage over the deals played, with its 95% interval (50% is average)'
      : 'Points: 2 for a win down to 0 for last place'),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', class: 'num' }, h('abbr', { title: 'Rank' }, '#')),
      h('th', { scope: 'col' }, 'Bot'),
      h('th', { scope: 'col', class: 'num' }, 'Score'),
      h('th', { scope: 'col', class: 'num' }, dup ? 'Deals' : 'Games'),
      h('th', { scope: 'col', class: 'num opt' }, 'Wins'),
      h('th', { scope: 'col', class: 'num opt' }, 'Forfeits'),
      h('th', { scope: 'col', class: 'opt' }, 'Status'))),
    h('tbody', {}, a.standings.map((s) => h('tr', { 'data-bot': s.bot, class: s.status === 'active' ? null : `gone ${s.status}` },
      h('td', { class: 'num' }, s.rank),
      h('th', { scope: 'row' },
        h('a', { href: botHref(s.bot), 'data-focus-key': `bot:${s.bot}` }, s.bot),
        s.playing ? [' ', h('span', { class: 'badge playing', title: 'At a table of the arena now' }, 'playing')] : null,
        // Where the status column is hidden (a phone), a bot not active says so by its name.
        s.status === 'active' ? null : [' ', h('span', { class: 'badge gone-mark' }, statusWords[s.status].toLowerCase())]),
      scoreCell(s),
      h('td', { class: 'num' }, s.games),
      h('td', { class: 'num opt' }, s.wins),
      h('td', { class: 'num opt' }, s.forfeits),
      h('td', { class: 'opt' }, statusWords[s.status])))));
}

/**
 * How a bot joins this arena: two requests of the API.
 * @param {import('./api.js').Arena} a
 */
function joinHelp(a) {
  if (a.status === 'finished') return null;
  return h('section', { class: 'panel', 'aria-labelledby': 'join-arena-title' },
    h('h2', { id: 'join-arena-title' }, 'How a bot joins'),
    h('ol', { class: 'join-steps' },
      h('li', {}, 'Send ', h('code', {}, `POST ${a.join}`), ' with the bot\'s key in the header ', h('code', {}, 'Authorization: Bot <key>'), ' (',
        h('code', {}, 'POST /v1/bots'), ' registers a bot and gives its key).'),
      h('li', {}, 'Follow the bot\'s inbox, ', h('code', {}, 'GET /v1/bots/me/events'), ': each ', h('code', {}, 'seated'),
        ' event names a game of the arena and the seat to play, until ', h('code', {}, 'arena_finished'), '.')),
    h('p', { class: 'hint' }, 'To stop being seated: ', h('code', {}, `POST ${a.leave}`), '. ', h('a', { href: '/swagger-ui/' }, 'The API\'s reference')));
}

/**
 * The arena's tables: those being played first (each with a link to watch it; a duplicate
 * deal's as "being played", without one, until every table has played it), then the finished
 * ones, newest first.
 * @param {import('./api.js').Arena} a
 * @param {boolean} allFinished
 * @param {() => void} showMore
 */
function tablesPanel(a, allFinished, showMore) {
  const playing = a.tables.filter((t) => !t.finished);
  const done = a.tables.filter((t) => t.finished).reverse();
  const shown = allFinished ? done : done.slice(0, FINISHED_TABLES);
  const sides = sidesOf(a.ruleset);
  const round = a.kind !== 'duplicate' ? ''
    : a.status === 'finished' ? `${count(a.round, 'round')} of ${a.rounds ?? '?'} played. ` : `Round ${a.round} of ${a.rounds ?? '?'}. `;
  return h('section', { class: 'panel arena-tables', 'aria-labelledby': 'tables-title' },
    h('h2', { id: 'tables-title' }, 'Tables'),
    h('p', { class: 'hint' }, a.status === 'upcoming' ? 'The first tables are made when the arena starts.'
      : `${round}${count(playing.length, 'table')} being played, ${done.length} finished.`),
    a.status === 'upcoming' || (a.status === 'finished' && !playing.length) ? null : [
      h('h3', { id: 'tables-playing-title' }, 'Being played'),
      playing.length
        ? h('ul', { class: 'arena-tables-list', id: 'arena-tables-playing', 'aria-labelledby': 'tables-playing-title' }, playing.map((t) => tableItem(a, t, sides)))
        : h('p', { class: 'hint' }, 'No table right now: the bots not playing wait to be paired.')],
    done.length ? [
      h('h3', { id: 'tables-finished-title' }, 'Finished'),
      h('ul', { class: 'arena-tables-list', id: 'arena-tables-finished', 'aria-labelledby': 'tables-finished-title' }, shown.map((t) => tableItem(a, t, sides))),
      shown.length < done.length ? h('button', { type: 'button', onclick: showMore, 'data-focus-key': 'more-tables' }, `Show all ${done.length} finished tables`) : null,
    ] : null);
}

/**
 * One table: its round (and deal), its seats, how it stands, and a link to watch it.
 * @param {import('./api.js').Arena} a
 * @param {import('./api.js').ArenaTable} t
 * @param {number[]} sides the side of each seat
 */
function tableItem(a, t, sides) {
  const label = a.kind === 'duplicate' ? `Round ${t.round}, deal ${t.deal + 1}` : `Pairing ${t.round}`;
  const teams = new Set(sides).size < sides.length;
  const seats = h('ol', { class: 'arena-seats', start: 0, 'aria-label': 'Seats' },
    t.seats.map((name, seat) => h('li', { class: `side-${sides[seat] ?? seat}`, title: `Seat ${seat}${teams ? `, team ${(sides[seat] ?? seat) + 1}` : ''}` },
      name.startsWith('house-') ? h('span', { class: 'house-seat' }, name) : h('a', { href: botHref(name) }, name),
      t.forfeit === seat ? [' ', h('span', { class: 'badge forfeit' }, 'forfeited')] : null)));
  /** @type {Part[]} */
  let how;
  if (!t.finished) how = [t.game_id ? 'Being played, paired ' : 'Being played at every table, paired ', when(t.paired_unix_ms)];
  else if (t.points) {
    const bySide = t.points.map(points);
    how = [`Points ${bySide.join(t.points.length > 2 ? ', ' : ' to ')}`, t.ended_unix_ms ? ['; ended ', when(t.ended_unix_ms)] : ''];
  } else how = ['Finished; its points are shown once every table has played the deal.'];
  const names = t.seats.join(', ');
  /** @type {HTMLElement} */
  let action;
  if (t.game_id) {
    action = h('a', {
      class: 'button watch', href: `#/game/${encodeURIComponent(t.game_id)}`, 'data-focus-key': `game:${t.game_id}`,
      'aria-label': `${t.finished ? 'See the final table of' : 'Watch'} ${label}: ${names}`,
    }, t.finished ? 'Final table' : 'Watch');
  } else {
    action = h('span', { class: 'hidden-deal', title: 'A duplicate deal\'s games are shown once every table has played it' },
      t.finished ? 'Done here; the deal is still being played' : 'Being played');
  }
  return h('li', { class: 'arena-table', 'data-game': t.game_id || '', 'data-finished': t.finished ? 'true' : 'false' },
    h('div', { class: 'arena-table-what' },
      h('strong', {}, label),
      seats,
      h('p', { class: 'hint' }, ...how)),
    action);
}
