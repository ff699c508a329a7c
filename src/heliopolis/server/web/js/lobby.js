// The lobby (/): create a game, import a saved game, and lists of open / running / finished games.

import * as api from './api.js';
import { h, $, humanize, timeAgo, seatTitle } from './dom.js';
import { mountAccount } from './account.js';
import { mountSocial } from './social.js';
import { mountTableOptions, tableOptions } from './table-options.js';
import { t, tn, has, num } from './i18n.js';
import { mountTopbar } from './topbar.js';
import { mountGameCards } from './gamecards.js';

const NAME_KEY = 'heliopolis:name';
const REFRESH_MS = 4000;

const L = {
  meta: null,
  game: null, // the selected game's meta entry
  seats: [], // [{kind: 'human' | 'bot', bot, name}] kept across player-count changes
  join: 0, // seat the creator takes, or null to only watch
  listKeys: {},
  timer: null,
};

function toast(message, kind = 'error', ms = 5000) {
  const box = $('#toasts');
  const el = h('div', { class: ['toast', `toast-${kind}`], attrs: { role: 'alert' } },
    h('span', { class: 'toast-text', text: message }),
    h('button', { type: 'button', class: 'toast-close', attrs: { 'aria-label': t('ui.dismiss') }, text: '×', on: { click: () => el.remove() } }));
  box.appendChild(el);
  setTimeout(() => el.classList.add('toast-hide'), ms);
  setTimeout(() => el.remove(), ms + 400);
}

function savedName() {
  try { return localStorage.getItem(NAME_KEY) || ''; } catch { return ''; }
}

function defaultBot() {
  const bots = (L.meta && L.meta.bots) || [];
  return ['medium', 'heuristic'].find((b) => bots.includes(b)) || bots[0] || '';
}

/** A level's name in the reader's language ("Expert", "Experte"), or the spec itself. */
export function botName(b) {
  return has(`ui.bot.${b}`) ? t(`ui.bot.${b}`) : b;
}

/** A bot as a person reads it: a level with its measured rating at this table size, e.g. "Expert — rating 31.2 ± 1.4". */
function botLabel(b) {
  const rated = (((L.game && L.game.bot_ratings) || {})[String(L.seats.length)] || {})[b];
  if (rated) return t('ui.bot.rated', { level: botName(b), rating: num(rated[0]), margin: num(rated[1]) });
  if (has(`ui.bot.${b}`)) return botName(b);
  const labels = ((L.game && L.game.bot_labels) || {})[String(L.seats.length)] || {};
  return labels[b] || t('ui.bot.named', { bot: b });
}

// -- create form ----------------------------------------------------------------------------------
function choiceLabel(v) {
  if (v === true) return t('ui.choice.yes');
  if (v === false) return t('ui.choice.no');
  if (v === null) return t('ui.choice.none');
  const key = `ui.choice.${String(v).toLowerCase()}`;
  return has(key) ? t(key) : String(v);
}

function optionLabel(name) {
  return has(`ui.option.${name}`) ? t(`ui.option.${name}`) : humanize(name);
}

/** A game's name in the reader's language ("Ra: Das Würfelspiel"), else the server's. */
function gameTitle(g) {
  return has(`ui.gamename.${g.id}`) ? t(`ui.gamename.${g.id}`) : g.name;
}

function buildGameSelect() {
  const sel = $('#game-select');
  sel.replaceChildren(...L.meta.games.map((g) => h('option', { value: g.id, text: gameTitle(g) })));
  sel.addEventListener('change', () => selectGame(sel.value));
  selectGame(L.meta.games[0] && L.meta.games[0].id);
}

/** A game card's button: the game in the create form, which comes into view. */
function pickGame(id) {
  $('#game-select').value = id;
  selectGame(id);
  $('#create').scrollIntoView({ block: 'start' });
  $('#game-select').focus({ preventScroll: true });
}

function selectGame(id) {
  const g = L.meta.games.find((x) => x.id === id);
  if (!g) return;
  L.game = g;
  const ps = $('#players-select');
  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n += 1) counts.push(n);
  ps.replaceChildren(...counts.map((n) => h('option', { value: String(n), text: tn('ui.lobby.players_n', n) })));
  ps.value = String(g.default_players || g.min_players);
  ps.onchange = () => { fitSeats(Number(ps.value)); renderSeats(); };
  $('#options').replaceChildren(...(g.options || []).map((o) => {
    const idx = Math.max(0, o.choices.findIndex((c) => c === o.default));
    const s = h('select', { id: `opt-${o.name}`, name: o.name, dataset: { option: o.name } },
      o.choices.map((c, i) => h('option', { value: String(i), text: c === o.default ? t('ui.choice.default', { choice: choiceLabel(c) }) : choiceLabel(c) })));
    s.value = String(idx);
    return h('label', { class: 'field' }, h('span', { text: optionLabel(o.name) }), s);
  }));
  fitSeats(Number(ps.value));
  renderSeats();
}

function fitSeats(n) {
  while (L.seats.length < n) {
    const i = L.seats.length;
    L.seats.push(i === 0 ? { kind: 'human', bot: null, name: savedName() } : { kind: 'bot', bot: defaultBot(), name: '' });
  }
  L.seats.length = n;
  if (L.join !== null && L.join >= n) L.join = 0;
}

function renderSeats() {
  const bots = (L.meta && L.meta.bots) || [];
  const rows = L.seats.map((s, i) => {
    const kindSel = h('select', { id: `seat-kind-${i}`, class: 'seat-kind', attrs: { 'aria-label': t('ui.lobby.seat_player', { no: i }) } },
      h('option', { value: 'human', text: t('ui.lobby.human') }),
      h('optgroup', { label: t('ui.lobby.bots') }, bots.map((b) => h('option', { value: `bot:${b}`, text: botLabel(b) }))));
    kindSel.value = s.kind === 'human' ? 'human' : `bot:${s.bot}`;
    kindSel.addEventListener('change', () => {
      if (kindSel.value === 'human') { s.kind = 'human'; s.bot = null; } else { s.kind = 'bot'; s.bot = kindSel.value.slice(4); }
      if (s.kind === 'bot' && L.join === i) L.join = null;
      renderSeats();
    });
    const name = h('input', {
      type: 'text', id: `seat-name-${i}`, class: 'seat-name-input', maxLength: 40, value: s.name || '',
      placeholder: s.kind !== 'bot' && i === L.join ? t('ui.lobby.your_name_optional') : t('ui.lobby.name_optional'),
      attrs: { 'aria-label': t('ui.lobby.seat_name', { no: i }) },
    });
    name.addEventListener('input', () => { s.name = name.value; });
    const radio = h('input', { type: 'radio', name: 'join', id: `join-${i}`, value: String(i), checked: L.join === i, disabled: s.kind !== 'human' });
    radio.addEventListener('change', () => { if (radio.checked) { L.join = i; renderSeats(); } });
    return h('div', { class: ['seat-row', L.join === i && 'is-me'], dataset: { seat: i } },
      h('span', { class: 'seat-no', text: t('ui.seat', { no: i }) }),
      kindSel,
      name,
      h('label', { class: 'take', for: `join-${i}`, title: s.kind !== 'human' ? t('ui.lobby.bots_play_seat') : t('ui.lobby.take_seat') }, radio, t('ui.lobby.i_take_it')));
  });
  $('#seats').replaceChildren(...rows);
  $('#join-none').checked = L.join === null;
}

async function onCreate(ev) {
  ev.preventDefault();
  const g = L.game;
  if (!g) return;
  const btn = $('#create-btn');
  const options = {};
  for (const o of g.options || []) {
    const sel = $(`#opt-${CSS.escape(o.name)}`);
    options[o.name] = o.choices[Number(sel.value)];
  }
  const seats = L.seats.map((s) => {
    const out = { kind: s.kind };
    if (s.kind === 'bot') out.bot = s.bot;
    const name = (s.name || '').trim();
    if (name) out.name = name.slice(0, 40);
    return out;
  });
  const body = { game: g.id, players: L.seats.length, options, seats };
  const table = tableOptions(); // private, clock, takeover bot (table-options.js)
  if (table) body.table = table;
  if (L.join !== null) {
    body.join = L.join;
    const mine = (L.seats[L.join].name || '').trim();
    try { if (mine) localStorage.setItem(NAME_KEY, mine); } catch { /* private mode */ }
  }
  btn.disabled = true;
  $('#create-error').textContent = '';
  try {
    const res = await api.createGame(body);
    if (res.token) api.saveToken(res.id, res.token, res.seat);
    location.href = res.url || `/g/${encodeURIComponent(res.id)}`;
  } catch (e) {
    $('#create-error').textContent = e.message;
    toast(e.message);
    btn.disabled = false;
  }
}

async function onImport(ev) {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  try {
    const text = await file.text();
    try { JSON.parse(text); } catch { throw new Error(t('ui.lobby.not_json')); }
    const res = await api.importGame(text);
    location.href = res.url || `/g/${encodeURIComponent(res.id)}`;
  } catch (e) {
    toast(t('ui.lobby.import_failed', { error: e.message }));
  } finally {
    ev.target.value = '';
  }
}

// -- game lists -----------------------------------------------------------------------------------
function gameName(id) {
  const g = L.meta && L.meta.games.find((x) => x.id === id);
  return g ? gameTitle(g) : humanize(id || 'game');
}

function seatPill(s, winners, status) {
  const open = s.kind === 'human' && !s.taken && status === 'open';
  const named = seatTitle(s, s.seat) !== t('ui.seat', { no: s.seat });
  let label;
  if (s.kind === 'bot') label = named ? `${s.name} (${botName(s.bot)})` : t('ui.lobby.bot_seat', { bot: botName(s.bot) });
  else label = open ? t('ui.lobby.open_seat') : named ? s.name : t('ui.seat', { no: s.seat });
  const win = winners && winners.includes(s.seat);
  return h('span', { class: ['seat-pill', open && 'open', s.kind === 'bot' && 'bot', win && 'win'], dataset: { seat: s.seat }, text: (win ? '★ ' : '') + label });
}

function optionText(options) {
  return Object.entries(options || {}).filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => (typeof v === 'boolean' ? (v ? optionLabel(k) : '') : `${optionLabel(k)}: ${choiceLabel(v)}`)).filter(Boolean).join(' · ');
}

function gameItem(g) {
  const mine = !!api.getToken(g.id);
  const href = `/g/${encodeURIComponent(g.id)}`;
  let label;
  let link;
  if (g.status === 'open') { label = t(mine ? 'ui.lobby.link_open' : 'ui.lobby.link_join'); link = 'join'; }
  else if (g.status === 'running') { label = t(mine ? 'ui.lobby.link_play' : 'ui.lobby.link_watch'); link = mine ? 'play' : 'watch'; }
  else { label = t('ui.lobby.link_replay'); link = 'replay'; }
  const meta = [
    tn('ui.lobby.players_n', g.players),
    optionText(g.options),
    g.status === 'open' ? null : tn('ui.lobby.moves_n', g.moves),
    g.status === 'imported' ? t('ui.lobby.imported') : timeAgo(g.updated),
  ].filter(Boolean).join(' · ');
  return h('li', { class: ['game-item', mine && 'mine'], dataset: { gameId: g.id, status: g.status } },
    h('div', { class: 'gi-main' },
      h('div', null, h('span', { class: 'gi-title', text: gameName(g.game) }), h('span', { class: 'gi-id', text: `#${g.id}` }),
        mine ? h('span', { class: 'badge badge-you', text: t('ui.lobby.your_seat') }) : null),
      h('div', { class: 'gi-seats' }, (g.seats || []).map((s) => seatPill(s, g.winners, g.status))),
      h('div', { class: 'gi-meta', text: meta })),
    h('a', { class: ['btn', 'game-link', link === 'join' || link === 'play' ? 'btn-primary' : ''], href, dataset: { link }, text: label }));
}

function renderList(status, games) {
  const ul = $(`#games-${status}`);
  const key = JSON.stringify(games.map((g) => [g.id, g.status, g.moves, g.seats, g.winners, Math.round((Date.now() / 1000 - (g.updated || 0)) / 60)]));
  if (L.listKeys[status] === key) return;
  L.listKeys[status] = key;
  $(`#count-${status}`).textContent = games.length ? String(games.length) : '';
  if (!games.length) {
    ul.replaceChildren(h('li', { class: 'empty-list', text: t(`ui.lobby.no_${status}`) }));
    return;
  }
  ul.replaceChildren(...games.map(gameItem));
}

async function refresh() {
  clearTimeout(L.timer);
  try {
    const [open, running, finished, imported] = await Promise.all(['open', 'running', 'finished', 'imported'].map((s) =>
      api.listGames(s).then((r) => r.games || []).catch(() => [])));
    renderList('open', open);
    renderList('running', running);
    const done = [...finished, ...imported].sort((a, b) => (b.updated || 0) - (a.updated || 0));
    renderList('finished', done);
  } finally {
    if (!document.hidden) L.timer = setTimeout(refresh, REFRESH_MS);
  }
}

async function main() {
  await mountTopbar('lobby'); // the catalogs too: before the first text is drawn
  mountSocial(); // my games, leaderboard (social.js); before the account box announces the login
  mountAccount();
  $('#create-form').addEventListener('submit', onCreate);
  $('#join-none').addEventListener('change', (ev) => { if (ev.target.checked) { L.join = null; renderSeats(); } });
  $('#import-file').addEventListener('change', onImport);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
  try {
    L.meta = await api.getMeta();
    buildGameSelect();
    mountGameCards(L.meta.games, gameTitle, pickGame);
    mountTableOptions(L.meta.bots || [], botName);
  } catch (e) {
    toast(t('ui.lobby.meta_failed', { error: e.message }));
  }
  refresh();
}

main();
