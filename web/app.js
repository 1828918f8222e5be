// The page's router: the URL's hash names the screen.
//   #/                          home: create, join, watch
//   #/join/{id}                 home, with a game to join filled in
//   #/game/{id}                 the table (a seat if this browser holds its token, else spectating)
//   #/game/{id}/watch           the table, a game of house players watched from its first move
//   #/rejoin/{id}/{token}       keeps a seat's token (a private rejoin link), then the table
//   #/replay/{id}/{hand}/{step} a finished hand, step by step
//   #/leaderboards[/{preset}]   home, scrolled to the leaderboards (that preset's)
//   #/bot/{name}                a bot's profile: ratings, recent games
//   #/arenas                    the arenas: running, upcoming, finished
//   #/arena/{id}                an arena: settings, standings, tables to watch

import { notify } from './dom.js';
import { keepToken } from './api.js';
import { PACES, PACE_KEY, paceMs } from './pace.js';
import { mountHome } from './home.js';
import { mountTable } from './table.js';
import { mountReplay } from './replay.js';
import { mountBot } from './boards.js';
import { mountArena, mountArenas } from './arenas.js';

/** @type {(() => void) | null} */
let unmount = null;

function route() {
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  if (unmount) unmount();
  unmount = null;
  notify('');
  main.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, '').split('/').map((p) => decodeURIComponent(p));
  const [screen, id] = parts;
  if (screen === 'rejoin' && id && parts[2]) {
    keepToken(id, parts[2]);
    location.replace(`#/game/${encodeURIComponent(id)}`);
    return;
  }
  if (screen === 'game' && id) {
    unmount = mountTable(main, id, parts[2] === 'watch');
  } else if (screen === 'replay' && id) {
    unmount = mountReplay(main, id, Number(parts[2]) || 0, Number(parts[3]) || 0);
  } else if (screen === 'bot' && id) {
    unmount = mountBot(main, id);
  } else if (screen === 'arenas') {
    unmount = mountArenas(main);
  } else if (screen === 'arena' && id) {
    unmount = mountArena(main, id);
  } else {
    unmount = mountHome(main, screen === 'join' ? id || '' : '', screen === 'leaderboards' ? id || '' : null);
  }
}

function setupColours() {
  const box = /** @type {HTMLInputElement | null} */ (document.getElementById('four-colour'));
  if (!box) return;
  const apply = () => document.body.classList.toggle('four-colour', box.checked);
  box.checked = localStorage.getItem('hasenpfeffer:four-colour') === '1';
  apply();
  box.addEventListener('change', () => {
    localStorage.setItem('hasenpfeffer:four-colour', box.checked ? '1' : '0');
    apply();
  });
}

/** The pace of other seats' moves (ms a move), kept in this browser. */
function setupPace() {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('pace'));
  if (!select) return;
  const words = { 0: 'instant', 250: 'fast', 500: 'normal', 1000: 'slow' };
  const now = paceMs();
  for (const ms of PACES) {
    const option = document.createElement('option');
    option.value = String(ms);
    option.textContent = words[/** @type {0 | 250 | 500 | 1000} */ (ms)];
    option.selected = ms === now;
    select.append(option);
  }
  select.addEventListener('change', () => localStorage.setItem(PACE_KEY, select.value));
}

setupColours();
setupPace();
window.addEventListener('hashchange', route);
route();
