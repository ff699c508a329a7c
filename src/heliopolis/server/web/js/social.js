// "My games" and leaderboards: the lobby's short panels (your games, links to each leaderboard)
// and what the pages /my and /leaderboard share. Everything is rendered as text.

import * as api from './api.js';
import { h, timeAgo } from './dom.js';

/** Leaderboard pools: a game, Ra per edition (the server's ``ratings.pool_of``). */
export const POOLS = [['ra:2009', 'Ra (2009)'], ['ra:1999', 'Ra (1999)'], ['ra-dice', 'Ra: The Dice Game'], ['helios', 'Helios'], ['men-nefer', 'Men-Nefer']];

/** The leaderboard page of a pool: /leaderboard?game=ra&edition=2009. */
export function boardUrl(pool) {
  const [game, edition] = pool.split(':');
  return `/leaderboard?game=${encodeURIComponent(game)}` + (edition ? `&edition=${encodeURIComponent(edition)}` : '');
}

/** "in 3 min", "in 2 h", "in 1 d 4 h": how long until a deadline (Unix seconds). */
export function timeLeft(deadline) {
  const s = Math.max(0, Math.round(deadline - Date.now() / 1000));
  if (s < 60) return `${s} s left`;
  if (s < 3600) return `${Math.floor(s / 60)} min left`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min left`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h left`;
}

function seatName(s) {
  if (s.left) return `${s.name || `Seat ${s.seat}`} (${s.left === 'timeout' ? 'out of time' : 'resigned'})`;
  if (s.kind === 'bot') return s.name && s.name !== s.bot ? `${s.name} (bot ${s.bot})` : `bot ${s.bot}`;
  return s.name || `Seat ${s.seat}`;
}

function place(n) {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** What a finished game meant for me: "won", "2nd place", "lost", and the rating change. */
function result(g) {
  const parts = [];
  if (g.left) parts.push(g.left === 'timeout' ? 'ran out of time' : 'resigned');
  if (g.rating) parts.push(g.won ? 'won' : place(g.rating.place) + ' place');
  else if (!g.left) parts.push(g.won ? 'won' : 'lost');
  if (g.rating) {
    const d = g.rating.after - g.rating.before;
    parts.push(`rating ${g.rating.before.toFixed(1)} → ${g.rating.after.toFixed(1)} (${d >= 0 ? '+' : ''}${d.toFixed(1)})`);
  }
  return parts.join(' · ');
}

/** One row of "My games"; ``onAccept`` answers a rematch offer. */
export function myGameItem(g, gameNames, onAccept) {
  const href = `/g/${encodeURIComponent(g.id)}`;
  let badge = g.status;
  let badgeClass = 'badge';
  if (g.status === 'running') { badge = g.your_turn ? 'your turn' : 'running'; if (g.your_turn) badgeClass = 'badge badge-turn'; }
  if (g.status === 'open') badge = 'waiting for players';
  if (g.status === 'finished') { badge = g.won ? 'won' : 'finished'; if (g.won) badgeClass = 'badge badge-win'; }
  const who = (g.seats || []).map((s) => (s.seat === g.seat ? `${seatName(s)} (you)` : seatName(s))).join(', ');
  const winners = (g.winners || []).map((w) => seatName((g.seats || [])[w] || { seat: w })).join(', ');
  const meta = [
    `${g.players || (g.seats || []).length} players`, g.private ? 'private' : null, g.rated ? 'rated' : null,
    g.deadline ? timeLeft(g.deadline) : null, timeAgo(g.updated),
  ].filter(Boolean).join(' · ');
  const name = gameNames[g.game] || g.game;
  const edition = g.pool && g.pool.includes(':') ? ` (${g.pool.split(':')[1]})` : '';
  const extra = [];
  if (g.status === 'finished') {
    extra.push(h('div', { class: 'my-result', text: `${result(g)}${winners ? ` · winners: ${winners}` : ''}` }));
  }
  const offer = g.rematch && !g.rematch.accepted;
  if (offer && onAccept) {
    extra.push(h('button', { type: 'button', class: 'btn btn-small btn-primary my-accept', dataset: { gameId: g.id },
      text: 'Accept the rematch', on: { click: () => onAccept(g) } }));
  }
  return h('li', { class: ['game-item', 'my-game', g.your_turn && 'my-turn'], dataset: { gameId: g.id, status: g.status, offer: offer ? 'rematch' : null } },
    h('div', { class: 'gi-main' },
      h('div', null, h('a', { class: 'gi-title', href, text: name + edition }), h('span', { class: 'gi-id', text: `#${g.id}` }),
        ' ', h('span', { class: badgeClass, text: offer ? 'rematch offered' : badge })),
      h('div', { class: 'gi-seats', text: who }),
      h('div', { class: 'gi-meta', text: meta }),
      ...extra),
    h('a', { class: ['btn', 'game-link', g.your_turn && 'btn-primary'], href, text: g.your_turn ? 'Play' : g.status === 'finished' ? 'Replay' : 'Open' }));
}

/** Accepts the rematch of a finished game (the account is the seat's holder): opens it. */
export async function acceptRematch(g) {
  const res = await api.rematch(g.id, api.getToken(g.id));
  if (res.token) api.saveToken(res.id, res.token, res.seat);
  location.href = res.url;
}

// -- lobby panels ---------------------------------------------------------------------------------
function lists() {
  return document.querySelector('.lists') || document.querySelector('main');
}

async function renderMine(box) {
  let res;
  try { res = await api.myGames(); } catch { box.hidden = true; return; }
  box.hidden = false;
  const ul = box.querySelector('ul');
  const names = {};
  try { for (const g of (await api.getMeta()).games) names[g.id] = g.name; } catch { /* ids then */ }
  // The lobby shows what needs you: your turns, open tables and offers; the page has everything.
  const now = res.games.filter((g) => g.status !== 'finished' || (g.rematch && !g.rematch.accepted)).slice(0, 5);
  ul.replaceChildren(...now.map((g) => myGameItem(g, names, acceptRematch)));
  if (!now.length) ul.replaceChildren(h('li', { class: 'muted', text: 'Nothing waiting for you.' }));
}

export function mountSocial() {
  const host = lists();
  if (!host) return;
  const mine = h('section', { class: 'panel', id: 'my-games', hidden: true },
    h('div', { class: 'list-head' }, h('h2', { text: 'My games' }), h('a', { href: '/my', id: 'my-games-all', text: 'All my games →' })),
    h('ul', { class: 'game-list', id: 'my-games-list' }));
  const board = h('section', { class: 'panel', id: 'leaderboards' },
    h('div', { class: 'list-head' }, h('h2', { text: 'Leaderboards' })),
    h('ul', { class: 'board-links' }, POOLS.map(([pool, text]) => h('li', null, h('a', { href: boardUrl(pool), dataset: { pool }, text })))));
  host.prepend(mine);
  host.appendChild(board);
  window.addEventListener('heliopolis:account', (ev) => { if (ev.detail) renderMine(mine); else mine.hidden = true; });
  setInterval(() => { if (!mine.hidden && !document.hidden) renderMine(mine); }, 10000);
}
