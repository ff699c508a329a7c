// The "My games" page (/my): an account's games from any device — your turn first, then games
// waiting for the others, then open invitations (tables waiting for players, rematches offered to
// you), then finished games with their results and rating changes. Refreshed every 10 s.

import * as api from './api.js';
import { h, $ } from './dom.js';
import { mountAccount } from './account.js';
import { myGameItem, acceptRematch } from './social.js';
import { t } from './i18n.js';
import { mountTopbar } from './topbar.js';

const REFRESH_MS = 10000;
const P = { names: {}, timer: null };

function toast(message) {
  const el = h('div', { class: 'toast toast-error', attrs: { role: 'alert' } }, h('span', { class: 'toast-text', text: message }));
  $('#toasts').appendChild(el);
  setTimeout(() => el.remove(), 5000);
}

async function accept(g) {
  try { await acceptRematch(g); } catch (e) { toast(e.message); }
}

function fill(id, countId, games, empty) {
  $(`#${countId}`).textContent = games.length ? String(games.length) : '';
  const ul = $(`#${id}`);
  ul.replaceChildren(...games.map((g) => myGameItem(g, P.names, accept)));
  if (!games.length) ul.replaceChildren(h('li', { class: 'empty-list', text: empty }));
}

async function refresh() {
  clearTimeout(P.timer);
  let res;
  try {
    res = await api.myGames();
  } catch (e) {
    $('#my-sections').hidden = true;
    $('#my-login').hidden = false;
    return;
  }
  $('#my-login').hidden = true;
  $('#my-sections').hidden = false;
  const all = res.games;
  const offers = all.filter((g) => g.status === 'finished' && g.rematch && !g.rematch.accepted);
  fill('my-turn-list', 'count-turn', all.filter((g) => g.status === 'running' && g.your_turn), t('ui.my.no_turn'));
  fill('my-running-list', 'count-running', all.filter((g) => g.status === 'running' && !g.your_turn), t('ui.my.no_running'));
  fill('my-invites-list', 'count-invites', [...offers, ...all.filter((g) => g.status === 'open')], t('ui.my.no_invitations'));
  fill('my-finished-list', 'count-finished', all.filter((g) => g.status === 'finished'), t('ui.lobby.no_finished'));
  const turns = all.filter((g) => g.your_turn).length;
  document.title = (turns ? `▶ ${turns} · ` : '') + t('ui.my.page_title');
  if (!document.hidden) P.timer = setTimeout(refresh, REFRESH_MS);
}

async function main() {
  await mountTopbar('my'); // the catalogs too: before the first text is drawn
  try { for (const g of (await api.getMeta()).games) P.names[g.id] = g.name; } catch { /* ids then */ }
  window.addEventListener('heliopolis:account', () => refresh());
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
  await mountAccount(); // announces the account: the first refresh
}

main();
