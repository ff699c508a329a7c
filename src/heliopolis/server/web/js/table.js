// The table panel on the game page: each seat's clock (a local countdown from the server's
// deadline), resign / take the seat back, and the game's chat (pushed over the game's WebSocket,
// gaps filled over HTTP; rendered as text).

import * as api from './api.js';
import { h, seatLabel } from './dom.js';
import { t, num } from './i18n.js';
import { boardUrl } from './social.js';
import { reportButton } from './moderation.js';

// Why a game asked to be rated was not (GET .../ratings "decision"; docs/server-api.md "Ratings").
const UNRATED = { guest: 'ui.table.unrated_guest', abort: 'ui.table.unrated_abort', shared: 'ui.table.unrated_shared',
  accounts: 'ui.table.unrated_accounts', abandoned: 'ui.table.unrated_abandoned', legacy: 'ui.table.unrated_legacy' };

const T = { msg: null, S: null, tick: null, chatAfter: -1, chatGen: null, chatClosed: false, replayPly: null, panel: null, busy: false,
  baseTitle: document.title, wasMyTurn: false, ratingsFor: null };

function fmt(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  if (d) return `${d}d ${hh}h`;
  if (hh) return `${hh}:${String(mm).padStart(2, '0')}:${ss}`;
  return `${mm}:${ss}`;
}

function panel() {
  if (T.panel) return T.panel;
  const side = document.querySelector('.side-col');
  if (!side) return null;
  T.panel = h('section', { class: 'panel table-panel', id: 'table-panel' },
    h('div', { id: 'clocks', class: 'clocks', attrs: { 'aria-label': t('ui.table.clocks') } }),
    h('div', { id: 'table-actions', class: 'button-row' }),
    h('h2', { id: 'rating-title', text: t('ui.table.rating_changes'), hidden: true }),
    h('ol', { id: 'rating-changes', class: 'rating-changes', hidden: true }),
    h('p', { id: 'rating-note', class: 'muted small', hidden: true }),
    h('a', { id: 'rating-board-link', class: 'small-link', href: '/leaderboard', text: t('ui.table.leaderboard_link'), hidden: true }),
    h('h2', { text: t('ui.table.chat') }),
    h('ol', { id: 'chat-log', class: 'chat-log', attrs: { 'aria-live': 'polite' } }),
    h('form', { id: 'chat-form', class: 'chat-form', on: { submit: sendChat } },
      h('input', { id: 'chat-input', type: 'text', maxLength: 500, autocomplete: 'off', placeholder: t('ui.table.say_something'), attrs: { 'aria-label': t('ui.table.chat_message') } }),
      h('button', { type: 'submit', class: 'btn btn-small', id: 'chat-send', text: t('ui.table.send') })),
    h('p', { id: 'chat-note', class: 'muted small' }));
  side.prepend(T.panel);
  return T.panel;
}

function renderClocks() {
  const m = T.msg;
  const box = document.getElementById('clocks');
  const clock = m && m.table && m.table.clock;
  if (!box) return;
  if (!clock || !clock.kind) { box.replaceChildren(); box.hidden = true; return; }
  box.hidden = false;
  const now = Date.now() / 1000;
  const rows = (m.seats || []).filter((s) => s.kind === 'human' || s.left).map((s) => {
    const running = clock.running === s.seat;
    let left;
    if (running) left = clock.deadline - now;
    else if (clock.kind === 'fischer') left = (clock.remaining || [])[s.seat];
    else left = clock.per_move + ((clock.bank || [])[s.seat] || 0);
    const text = s.left ? t({ timeout: 'ui.table.out_of_time', banned: 'ui.table.banned' }[s.left.reason] || 'ui.table.resigned') : fmt(left);
    return h('div', { class: ['clock', running && 'clock-running', running && left < 30 && 'clock-low'], dataset: { seat: s.seat } },
      h('span', { class: 'clock-name', text: seatLabel(m.seats, s.seat) }),
      h('span', { class: 'clock-time', text }));
  });
  box.replaceChildren(...rows);
}

async function run(fn, okText) {
  if (T.busy) return;
  T.busy = true;
  try {
    await fn();
    if (okText) document.getElementById('chat-note').textContent = okText;
  } catch (e) {
    document.getElementById('chat-note').textContent = e.message;
  } finally {
    T.busy = false;
  }
}

function renderActions() {
  const m = T.msg;
  const box = document.getElementById('table-actions');
  const seat = m && m.seat;
  const out = [];
  if (seat !== null && seat !== undefined && m.status === 'finished') {
    const offered = m.table && m.table.rematch;
    out.push(h('button', { type: 'button', class: 'btn btn-small btn-primary', id: 'rematch-btn',
      text: offered ? t('ui.table.accept_rematch') : t('ui.table.rematch'),
      on: { click: () => run(async () => {
        const res = await api.rematch(T.S.id, T.S.token);
        if (res.token) api.saveToken(res.id, res.token, res.seat);
        location.href = res.url;
      }) } }));
  }
  if (m && m.table && m.table.rematch && (seat === null || seat === undefined)) {
    out.push(h('a', { class: 'btn btn-small', href: `/g/${encodeURIComponent(m.table.rematch)}`, text: t('ui.table.watch_rematch') }));
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'default' && seat !== null && seat !== undefined && m.status !== 'finished') {
    out.push(h('button', { type: 'button', class: 'btn btn-small btn-ghost', id: 'notify-btn', text: t('ui.table.alert_me'),
      on: { click: () => Notification.requestPermission().then(renderActions) } }));
  }
  if (seat !== null && seat !== undefined && m.table && m.table.creator_seat === seat && m.status !== 'finished') {
    const box = h('input', { type: 'checkbox', id: 'spectator-chat-toggle', checked: !!m.table.spectator_chat,
      on: { change: (ev) => run(() => api.setSpectatorChat(T.S.id, T.S.token, ev.target.checked)) } });
    out.push(h('label', { class: 'check-row small' }, box, ' ', t('ui.table.spectators_may_chat')));
  }
  if (seat !== null && seat !== undefined && m.status === 'running') {
    const mine = (m.seats || [])[seat] || {};
    if (mine.kind === 'human') {
      out.push(h('button', { type: 'button', class: 'btn btn-small btn-danger', id: 'resign-btn', text: t('ui.table.resign'),
        on: { click: () => { if (window.confirm(t('ui.table.resign_confirm'))) run(() => api.resign(T.S.id, T.S.token)); } } }));
    } else if (mine.left && m.table && m.table.allow_retake
      && !(mine.left.reason === 'timeout' && m.table.clock && m.table.clock.kind === 'fischer')) { // lost on time
      out.push(h('button', { type: 'button', class: 'btn btn-small', id: 'retake-btn', text: t('ui.table.retake'),
        on: { click: () => run(() => api.retake(T.S.id, T.S.token)) } }));
    }
  }
  box.replaceChildren(...out);
}

function showChat(c) {
  if (c.n <= T.chatAfter) return; // already shown (a push and a fetch may overlap)
  T.chatAfter = c.n;
  const log = document.getElementById('chat-log');
  const later = T.replayPly !== null && c.ply > T.replayPly;
  log.appendChild(h('li', { class: ['chat-line', c.seat === null && 'chat-spectator', later && 'chat-later'], dataset: { n: c.n, ply: c.ply } },
    h('strong', { class: 'chat-name', text: c.name }), ' ', h('span', { class: 'chat-text', text: c.text }), ' ',
    reportButton({ kind: 'chat', game: T.S.id, n: c.n }, t('ui.report.line_title', { name: c.name }), t('ui.report.line_label', { name: c.name }))));
  log.scrollTop = log.scrollHeight;
}

/** Fetches what this page has not shown yet (after a (re)connect, or a gap in the pushes). */
async function fetchChat() {
  if (!T.S) return;
  try {
    const res = await api.getChat(T.S.id, T.chatAfter, T.S.token);
    T.chatClosed = false;
    for (const c of res.messages) showChat(c);
  } catch (e) {
    if (e.status === 403) {
      T.chatClosed = true;
      document.getElementById('chat-note').textContent = t('ui.table.chat_players_only');
    }
  }
}

/** A replay shows move `ply`: messages said after it are marked (dimmed), as the replay frames say. */
export function chatAtPly(ply) {
  T.replayPly = ply;
  for (const li of document.querySelectorAll('#chat-log .chat-line')) {
    li.classList.toggle('chat-later', Number(li.dataset.ply) > ply);
  }
}

/** An admin deleted a line (type "chat_deleted"): it goes from the page too. */
export function chatDeleted(m) {
  if (!m || !T.S || m.game_id !== T.S.id) return;
  const li = document.querySelector(`#chat-log .chat-line[data-n="${Number(m.n)}"]`);
  if (li) li.remove();
}

/** A message pushed over the game's WebSocket (type "chat"). */
export function chatPush(m) {
  const c = m && m.message;
  if (!c || !T.S || m.game_id !== T.S.id) return;
  if (c.n > T.chatAfter + 1) fetchChat(); // missed one: fetch the gap (and this one)
  else showChat(c);
}

async function sendChat(ev) {
  ev.preventDefault();
  const input = document.getElementById('chat-input');
  const text = input.value.trim();
  if (!text) return;
  await run(async () => {
    const said = await api.postChat(T.S.id, T.S.token, text);
    chatPush({ game_id: T.S.id, message: said }); // also pushed; shown once
    input.value = '';
    document.getElementById('chat-note').textContent = '';
  });
}

async function renderRatings() {
  const m = T.msg;
  const list = document.getElementById('rating-changes');
  if (!m.table || !m.table.rated || m.status !== 'finished' || T.ratingsFor === m.version) return;
  T.ratingsFor = m.version;
  let changes = [];
  let decision = null;
  for (let i = 0; i < 10 && !changes.length && !(decision && !decision.rated); i += 1) { // rated right after the end
    try { ({ changes, decision } = await api.gameRatings(T.S.id)); } catch { return; }
    if (!changes.length) await new Promise((r) => setTimeout(r, 500));
  }
  const note = document.getElementById('rating-note');
  const why = decision && !decision.rated ? UNRATED[decision.reason] : null;
  note.hidden = !why;
  note.textContent = why ? t(why) : '';
  list.hidden = !changes.length;
  document.getElementById('rating-title').hidden = !changes.length;
  const link = document.getElementById('rating-board-link');
  const game = T.S.summary && T.S.summary.game;
  if (game) link.href = boardUrl(game === 'ra' ? `ra:${(T.S.summary.options || {}).edition || '2009'}` : game);
  link.hidden = !changes.length;
  list.replaceChildren(...changes.map((c) => {
    const d = c.after - c.before;
    return h('li', { class: 'rating-change', dataset: { seat: c.seat } },
      t('ui.table.rating_change', { name: c.name, place: c.place, before: num(c.before), after: num(c.after), delta: num(d, 1, true) }));
  }));
}

function turnAlert(m) {
  const myTurn = !!(m.legal && m.legal.length);
  document.title = myTurn ? t('ui.your_turn_title', { title: T.baseTitle }) : T.baseTitle;
  if (myTurn && !T.wasMyTurn && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try { new Notification(t('ui.table.notify_title'), { body: t('ui.table.notify_body', { id: T.S.id }), tag: `heliopolis-${T.S.id}` }); } catch { /* not allowed here */ }
  }
  T.wasMyTurn = myTurn;
}

/** Called with every state message the game page receives. */
export function tableUpdate(m, S) {
  T.msg = m;
  T.S = S;
  if (!panel()) return;
  renderClocks();
  renderActions();
  turnAlert(m);
  renderRatings();
  document.getElementById('chat-form').hidden = m.status === 'imported'; // a saved game's chat is its record
  if (!T.tick) T.tick = setInterval(renderClocks, 250);
  // The first state of each connection: pushes flow from here on, so fetch what came before.
  if (T.chatGen !== S.wsGen || (T.chatClosed && m.status === 'finished')) {
    T.chatGen = S.wsGen;
    fetchChat();
  }
}
