// The leaderboard page (/leaderboard?game=ra&edition=2009): the ratings of one pool — a game, Ra
// per edition — over accounts and bot levels, best first (rating = mu - 3 sigma). The game and
// edition live in the URL, so a leaderboard can be linked to.

import * as api from './api.js';
import { h, $ } from './dom.js';
import { mountAccount, account } from './account.js';
import { t, has, num } from './i18n.js';
import { mountTopbar } from './topbar.js';
import { gameName } from './social.js';

const B = { meta: null };

function pool() {
  const game = $('#board-game').value;
  const g = B.meta.games.find((x) => x.id === game);
  const hasEdition = g && (g.options || []).some((o) => o.name === 'edition');
  return hasEdition ? `${game}:${$('#board-edition').value}` : game;
}

function syncEditions() {
  const g = B.meta.games.find((x) => x.id === $('#board-game').value);
  const opt = g && (g.options || []).find((o) => o.name === 'edition');
  $('#board-edition-field').hidden = !opt;
  if (opt) {
    const cur = $('#board-edition').value;
    $('#board-edition').replaceChildren(...opt.choices.map((c) => h('option', { value: String(c), text: String(c) })));
    $('#board-edition').value = opt.choices.map(String).includes(cur) ? cur : String(opt.default ?? opt.choices[0]);
  }
}

function playerName(p) {
  if (!p.player.startsWith('bot:')) return p.name;
  const level = p.player.slice(4);
  return t('ui.bot.named', { bot: has(`ui.bot.${level}`) ? t(`ui.bot.${level}`) : level });
}

async function render() {
  const body = $('#leaderboard-rows');
  const me = account();
  const mine = me ? `account:${me.id}` : null;
  try {
    const res = await api.leaderboard(pool());
    body.replaceChildren(...res.players.map((p) => h('tr', { class: ['leader', p.player === mine && 'leader-me'], dataset: { player: p.player } },
      h('td', { text: String(p.rank) }),
      h('td', { class: 'leader-name', text: p.player === mine ? t('ui.my.you', { name: playerName(p) }) : playerName(p) }),
      // One scale with the lobby's bot figures: skill mu ± its 95 % margin; ranked by mu - 3 sigma.
      h('td', { class: 'leader-rating', text: num(p.mu) }),
      h('td', { class: 'muted', text: `± ${num(1.96 * p.sigma)} · ${num(p.rating)}` }),
      h('td', { text: String(p.games) }))));
    if (!res.players.length) body.replaceChildren(h('tr', null, h('td', { class: 'muted', colSpan: 5, text: t('ui.social.no_rated') })));
  } catch (e) {
    body.replaceChildren(h('tr', null, h('td', { class: 'muted', colSpan: 5, text: e.message })));
  }
}

function onChange() {
  syncEditions();
  const [game, edition] = pool().split(':');
  const q = new URLSearchParams({ game });
  if (edition) q.set('edition', edition);
  history.replaceState(null, '', `/leaderboard?${q}`);
  render();
}

async function main() {
  await mountTopbar('leaderboard'); // the catalogs too: before the first text is drawn
  try { B.meta = await api.getMeta(); } catch (e) { $('#leaderboard-rows').replaceChildren(h('tr', null, h('td', { text: e.message }))); return; }
  const q = new URLSearchParams(location.search);
  const games = B.meta.games;
  $('#board-game').replaceChildren(...games.map((g) => h('option', { value: g.id, text: gameName(g.id, g.name) })));
  $('#board-game').value = games.some((g) => g.id === q.get('game')) ? q.get('game') : games[0].id;
  syncEditions();
  if (q.get('edition')) $('#board-edition').value = q.get('edition');
  if ($('#board-edition').selectedIndex < 0) syncEditions();
  $('#board-game').addEventListener('change', onChange);
  $('#board-edition').addEventListener('change', onChange);
  window.addEventListener('heliopolis:account', () => render());
  await mountAccount(); // announces the account: render (marks your row)
}

main();
