// Lobby panels: "My games" (logged in: running with your turn first, then open, then finished
// with results) and the leaderboard per game (Ra per edition). Rendered as text.

import * as api from './api.js';
import { h } from './dom.js';

const POOLS = [['ra:2009', 'Ra (2009)'], ['ra:1999', 'Ra (1999)'], ['ra-dice', 'Ra: The Dice Game'], ['helios', 'Helios'], ['men-nefer', 'Men-Nefer']];

function lists() {
  return document.querySelector('.lists') || document.querySelector('main');
}

async function renderMine(box) {
  let res;
  try { res = await api.myGames(); } catch { box.hidden = true; return; }
  box.hidden = false;
  const ul = box.querySelector('ul');
  ul.replaceChildren(...res.games.map((g) => {
    let what = g.status;
    if (g.status === 'running') what = g.your_turn ? 'your turn' : 'running';
    if (g.status === 'finished') what = g.won ? 'won' : 'finished';
    return h('li', { class: ['my-game', g.your_turn && 'my-turn'], dataset: { status: g.status } },
      h('a', { href: `/g/${encodeURIComponent(g.id)}`, text: `${g.game} · ${g.id}` }), ' ',
      h('span', { class: 'badge', text: what }));
  }));
  if (!res.games.length) ul.replaceChildren(h('li', { class: 'muted', text: 'No games yet.' }));
}

async function renderBoard(box, pool) {
  const ol = box.querySelector('ol');
  try {
    const res = await api.leaderboard(pool);
    ol.replaceChildren(...res.players.map((p) => h('li', { class: 'leader' },
      `${p.name} — ${p.rating.toFixed(1)} (${p.games} game${p.games === 1 ? '' : 's'})`)));
    if (!res.players.length) ol.replaceChildren(h('li', { class: 'muted', text: 'No rated games yet.' }));
  } catch (e) {
    ol.replaceChildren(h('li', { class: 'muted', text: e.message }));
  }
}

export function mountSocial() {
  const host = lists();
  if (!host) return;
  const mine = h('section', { class: 'panel', id: 'my-games', hidden: true },
    h('div', { class: 'list-head' }, h('h2', { text: 'My games' })), h('ul', { class: 'game-list', id: 'my-games-list' }));
  const select = h('select', { id: 'leader-pool', attrs: { 'aria-label': 'Leaderboard game' } },
    POOLS.map(([v, t]) => h('option', { value: v, text: t })));
  const board = h('section', { class: 'panel', id: 'leaderboard' },
    h('div', { class: 'list-head' }, h('h2', { text: 'Leaderboard' }), select),
    h('ol', { id: 'leaderboard-list', class: 'leaderboard' }));
  select.addEventListener('change', () => renderBoard(board, select.value));
  host.prepend(mine);
  host.appendChild(board);
  renderBoard(board, select.value);
  window.addEventListener('heliopolis:account', (ev) => { if (ev.detail) renderMine(mine); else mine.hidden = true; });
  setInterval(() => { if (!mine.hidden && !document.hidden) renderMine(mine); }, 10000);
}
