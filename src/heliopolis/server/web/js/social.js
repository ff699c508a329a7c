// Lobby panels: "My games" (logged in: running with your turn first, then open, then finished
// with results) and the leaderboard per game (Ra per edition). Rendered as text.

import * as api from './api.js';
import { h } from './dom.js';
import { t, tn, has, num } from './i18n.js';

const POOLS = ['ra:2009', 'ra:1999', 'ra-dice', 'helios', 'men-nefer'];

/** "ra:2009" -> "Ra (2009)", "ra-dice" -> "Ra: Das Würfelspiel" in German. */
function poolName(pool) {
  const [game, edition] = pool.split(':');
  const name = has(`ui.gamename.${game}`) ? t(`ui.gamename.${game}`) : game;
  return edition ? t('ui.gamename.edition', { game: name, edition }) : name;
}

function lists() {
  return document.querySelector('.lists') || document.querySelector('main');
}

async function renderMine(box) {
  let res;
  try { res = await api.myGames(); } catch { box.hidden = true; return; }
  box.hidden = false;
  const ul = box.querySelector('ul');
  ul.replaceChildren(...res.games.map((g) => {
    let what = has(`ui.status.${g.status}`) ? t(`ui.status.${g.status}`) : g.status;
    if (g.status === 'running' && g.your_turn) what = t('ui.status.your_turn');
    if (g.status === 'finished' && g.won) what = t('ui.status.won');
    return h('li', { class: ['my-game', g.your_turn && 'my-turn'], dataset: { status: g.status } },
      h('a', { href: `/g/${encodeURIComponent(g.id)}`, text: `${poolName(g.game)} · ${g.id}` }), ' ',
      h('span', { class: 'badge', text: what }));
  }));
  if (!res.games.length) ul.replaceChildren(h('li', { class: 'muted', text: t('ui.social.no_games') }));
}

async function renderBoard(box, pool) {
  const ol = box.querySelector('ol');
  try {
    const res = await api.leaderboard(pool);
    ol.replaceChildren(...res.players.map((p) => h('li', { class: 'leader' },
      t('ui.social.leader', { name: p.name, rating: num(p.rating), games: tn('ui.social.games_n', p.games) }))));
    if (!res.players.length) ol.replaceChildren(h('li', { class: 'muted', text: t('ui.social.no_rated') }));
  } catch (e) {
    ol.replaceChildren(h('li', { class: 'muted', text: e.message }));
  }
}

export function mountSocial() {
  const host = lists();
  if (!host) return;
  const mine = h('section', { class: 'panel', id: 'my-games', hidden: true },
    h('div', { class: 'list-head' }, h('h2', { text: t('ui.social.my_games') })), h('ul', { class: 'game-list', id: 'my-games-list' }));
  const select = h('select', { id: 'leader-pool', attrs: { 'aria-label': t('ui.social.leaderboard_game') } },
    POOLS.map((v) => h('option', { value: v, text: poolName(v) })));
  const board = h('section', { class: 'panel', id: 'leaderboard' },
    h('div', { class: 'list-head' }, h('h2', { text: t('ui.social.leaderboard') }), select),
    h('ol', { id: 'leaderboard-list', class: 'leaderboard' }));
  select.addEventListener('change', () => renderBoard(board, select.value));
  host.prepend(mine);
  host.appendChild(board);
  renderBoard(board, select.value);
  window.addEventListener('heliopolis:account', (ev) => { if (ev.detail) renderMine(mine); else mine.hidden = true; });
  setInterval(() => { if (!mine.hidden && !document.hidden) renderMine(mine); }, 10000);
}
