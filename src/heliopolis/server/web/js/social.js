// "My games" and leaderboards: the lobby's short panels (your games, links to each leaderboard)
// and what the pages /my and /leaderboard share. Everything is rendered as text.

import * as api from './api.js';
import { h, timeAgo, botLevel } from './dom.js';
import { t, tn, has, num, lang } from './i18n.js';

/** Leaderboard pools: a game, Ra per edition (the server's ``ratings.pool_of``). */
export const POOLS = ['ra:2009', 'ra:1999', 'ra-dice', 'helios', 'men-nefer'];

/** A game's name in the page's language ("ra-dice" -> "Ra: Das Würfelspiel" in German), else the server's. */
export function gameName(game, fallback) {
  return has(`ui.gamename.${game}`) ? t(`ui.gamename.${game}`) : fallback || game;
}

/** "ra:2009" -> "Ra (2009)". */
export function poolName(pool) {
  const [game, edition] = pool.split(':');
  const name = gameName(game);
  return edition ? t('ui.gamename.edition', { game: name, edition }) : name;
}

/** The leaderboard page of a pool: /leaderboard?game=ra&edition=2009. */
export function boardUrl(pool) {
  const [game, edition] = pool.split(':');
  return `/leaderboard?game=${encodeURIComponent(game)}` + (edition ? `&edition=${encodeURIComponent(edition)}` : '');
}

/** "3 min left", "1 d 4 h left": how long until a deadline (Unix seconds). */
export function timeLeft(deadline) {
  const s = Math.max(0, Math.round(deadline - Date.now() / 1000));
  if (s < 60) return t('ui.my.left_s', { s });
  if (s < 3600) return t('ui.my.left_min', { min: Math.floor(s / 60) });
  if (s < 86400) return t('ui.my.left_h', { h: Math.floor(s / 3600), min: Math.floor((s % 3600) / 60) });
  return t('ui.my.left_d', { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
}

function seatName(s) {
  const name = s.name || t('ui.seat', { no: s.seat });
  if (s.left) return t('ui.my.seat_left', { name, why: t(s.left === 'timeout' ? 'ui.table.out_of_time' : 'ui.table.resigned') });
  if (s.kind === 'bot') return s.name && s.name !== s.bot ? t('ui.my.seat_named_bot', { name: s.name, bot: botLevel(s.bot) }) : t('ui.lobby.bot_seat', { bot: botLevel(s.bot) });
  return name;
}

/** "2nd place" / "2. Platz": the language's ordinal form (Intl.PluralRules, type ordinal). */
function place(n) {
  const form = new Intl.PluralRules(lang(), { type: 'ordinal' }).select(n);
  return t(has(`ui.my.place_${form}`) ? `ui.my.place_${form}` : 'ui.my.place_other', { n });
}

/** What a finished game meant for me: "won", "2nd place", "lost", and the rating change. */
function result(g) {
  const parts = [];
  if (g.left) parts.push(t(g.left === 'timeout' ? 'ui.my.ran_out_of_time' : 'ui.table.resigned'));
  if (g.rating) parts.push(g.won ? t('ui.status.won') : place(g.rating.place));
  else if (!g.left) parts.push(g.won ? t('ui.status.won') : t('ui.my.lost'));
  if (g.rating) {
    const d = g.rating.after - g.rating.before;
    parts.push(t('ui.my.rating_change', { before: num(g.rating.before), after: num(g.rating.after), delta: num(d, 1, true) }));
  }
  return parts.join(' · ');
}

/** One row of "My games"; ``onAccept`` answers a rematch offer. */
export function myGameItem(g, gameNames, onAccept) {
  const href = `/g/${encodeURIComponent(g.id)}`;
  let badge = has(`ui.status.${g.status}`) ? t(`ui.status.${g.status}`) : g.status;
  let badgeClass = 'badge';
  if (g.status === 'running') { badge = t(g.your_turn ? 'ui.status.your_turn' : g.left ? 'ui.my.bot_plays' : 'ui.status.running'); if (g.your_turn) badgeClass = 'badge badge-turn'; }
  if (g.status === 'open') badge = t('ui.my.waiting_for_players');
  if (g.status === 'finished') { badge = t(g.won ? 'ui.status.won' : 'ui.status.finished'); if (g.won) badgeClass = 'badge badge-win'; }
  const who = (g.seats || []).map((s) => (s.seat === g.seat ? t('ui.my.you', { name: seatName(s) }) : seatName(s))).join(', ');
  const winners = (g.winners || []).map((w) => seatName((g.seats || [])[w] || { seat: w })).join(', ');
  const meta = [
    tn('ui.lobby.players_n', g.players || (g.seats || []).length), g.private ? t('ui.my.private') : null, g.rated ? t('ui.my.rated') : null,
    g.deadline ? timeLeft(g.deadline) : null, timeAgo(g.updated),
  ].filter(Boolean).join(' · ');
  const name = gameName(g.game, gameNames[g.game]);
  const edition = g.pool && g.pool.includes(':') ? ` (${g.pool.split(':')[1]})` : '';
  const extra = [];
  if (g.status === 'finished') {
    extra.push(h('div', { class: 'my-result', text: result(g) + (winners ? ` · ${t('ui.my.winners', { winners })}` : '') }));
  }
  const offer = g.rematch && !g.rematch.accepted;
  if (offer && onAccept) {
    extra.push(h('button', { type: 'button', class: 'btn btn-small btn-primary my-accept', dataset: { gameId: g.id },
      text: t('ui.table.accept_rematch'), on: { click: () => onAccept(g) } }));
  }
  const link = g.your_turn ? 'ui.lobby.link_play' : g.status === 'finished' ? 'ui.lobby.link_replay' : 'ui.lobby.link_open';
  return h('li', { class: ['game-item', 'my-game', g.your_turn && 'my-turn'], dataset: { gameId: g.id, status: g.status, offer: offer ? 'rematch' : null } },
    h('div', { class: 'gi-main' },
      h('div', null, h('a', { class: 'gi-title', href, text: name + edition }), h('span', { class: 'gi-id', text: `#${g.id}` }),
        ' ', h('span', { class: badgeClass, text: offer ? t('ui.my.rematch_offered') : badge })),
      h('div', { class: 'gi-seats', text: who }),
      h('div', { class: 'gi-meta', text: meta }),
      ...extra),
    h('a', { class: ['btn', 'game-link', g.your_turn && 'btn-primary'], href, text: t(link) }));
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
  if (!now.length) ul.replaceChildren(h('li', { class: 'muted', text: t('ui.social.nothing_waiting') }));
}

export function mountSocial() {
  const host = lists();
  if (!host) return;
  const mine = h('section', { class: 'panel', id: 'my-games', hidden: true },
    h('div', { class: 'list-head' }, h('h2', { text: t('ui.social.my_games') }), h('a', { href: '/my', id: 'my-games-all', text: t('ui.social.all_my_games') })),
    h('ul', { class: 'game-list', id: 'my-games-list' }));
  const board = h('section', { class: 'panel', id: 'leaderboards' },
    h('div', { class: 'list-head' }, h('h2', { text: t('ui.social.leaderboards') })),
    h('ul', { class: 'board-links' }, POOLS.map((pool) => h('li', null, h('a', { href: boardUrl(pool), dataset: { pool }, text: poolName(pool) })))));
  host.prepend(mine);
  host.appendChild(board);
  window.addEventListener('heliopolis:account', (ev) => { if (ev.detail) renderMine(mine); else mine.hidden = true; });
  setInterval(() => { if (!mine.hidden && !document.hidden) renderMine(mine); }, 10000);
}
