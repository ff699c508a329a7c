// The game page (/g/<id>): connection, page chrome, seat bar, legal-move list, undo, move log,
// toasts, and the replay bar (replay.js). Everything here is game-agnostic; the board is drawn by the game's
// view module js/views/<game>.js, which exports render(root, msg, ctx) (and may export refused(error):
// told when the server refuses an action).

import * as api from './api.js';
import { h, $, humanize, seatTitle, seatLabel, namedFrame, lineText, botLevel } from './dom.js';
import { tableUpdate, chatPush, chatDeleted } from './table.js';
import { reportButton } from './moderation.js';
import { mountAccount } from './account.js';
import { mountHelp, updateHelp, decorateBoard } from './help.js';
import { t, tn, has, render as renderLine, renderTexts, loadGameMessages, gameMessagesReady } from './i18n.js';
import { mountTopbar } from './topbar.js';
import { createReplay } from './replay.js';
import { createAnalysis } from './analysis.js';
import { createHints } from './hints.js';

const parts = location.pathname.split('/').filter(Boolean);
const gameId = decodeURIComponent(parts[0] === 'g' && parts[1] ? parts[1] : parts[parts.length - 1] || '');

const S = {
  id: gameId,
  token: api.getToken(gameId),
  seat: api.getSeat(gameId),
  msg: null, // the last live state message
  summary: null,
  gameNames: {},
  ws: null,
  wsGen: 0,
  retries: 0,
  reconnectTimer: null,
  pingTimer: null,
  busy: false,
  busyTimer: null,
  watching: sessionStorage.getItem(`heliopolis:watch:${gameId}`) === '1',
  showHelper: localStorage.getItem('heliopolis:helper') === '1',
  views: new Map(), // game -> Promise<module>
  loaded: new Map(), // game -> module, once imported
  wasMyTurn: false,
  tokenRejected: false,
  stopped: false,
};
const replay = createReplay({ id: S.id, live: () => S.msg, view: (game) => S.loaded.get(game), render, toast });
const analysis = createAnalysis({ id: S.id, live: () => S.msg, go: (ply) => replay.go(ply) }); // issue 29
const hints = createHints({ id: S.id, live: () => S.msg, token: () => S.token });

// -- toasts ---------------------------------------------------------------------------------------
export function toast(message, kind = 'error', ms = 5000) {
  const box = $('#toasts');
  const el = h('div', { class: ['toast', `toast-${kind}`], attrs: { role: kind === 'error' ? 'alert' : 'status' } },
    h('span', { class: 'toast-text', text: message }),
    h('button', { type: 'button', class: 'toast-close', attrs: { 'aria-label': t('ui.dismiss') }, text: '×', on: { click: () => el.remove() } }));
  box.appendChild(el);
  while (box.children.length > 4) box.firstElementChild.remove();
  setTimeout(() => el.classList.add('toast-hide'), ms);
  setTimeout(() => el.remove(), ms + 400);
}

// -- seats ----------------------------------------------------------------------------------------
function listNames(seats, list) {
  return list.map((i) => seatLabel(seats, i)).join(', ');
}

// -- connection -------------------------------------------------------------------------------
function setConn(state, text) {
  const el = $('#conn');
  el.dataset.state = state;
  el.textContent = text;
}

function connect() {
  if (S.stopped) return;
  clearTimeout(S.reconnectTimer);
  const gen = ++S.wsGen;
  if (S.ws) {
    try { S.ws.close(); } catch { /* already closed */ }
  }
  setConn('connecting', t('ui.conn.connecting'));
  let ws;
  try {
    ws = new WebSocket(api.wsUrl(S.id), api.wsProtocols(S.token));
  } catch (e) {
    scheduleReconnect();
    return;
  }
  S.ws = ws;
  ws.onopen = () => {
    if (gen !== S.wsGen) return;
    S.retries = 0;
    setConn('live', t('ui.conn.live'));
    clearInterval(S.pingTimer);
    S.pingTimer = setInterval(() => send({ type: 'ping' }), 25000);
  };
  ws.onmessage = (ev) => {
    if (gen !== S.wsGen) return;
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    if (m.type === 'state') onState(m);
    else if (m.type === 'delta') onDelta(m);
    else if (m.type === 'error') onError(m);
    else if (m.type === 'chat') chatPush(m);
    else if (m.type === 'chat_deleted') chatDeleted(m);
  };
  ws.onclose = (ev) => {
    if (gen !== S.wsGen) return;
    clearInterval(S.pingTimer);
    S.ws = null;
    setBusy(false);
    if (ev.code === 4404) { showNotFound(); return; }
    if (S.token && (S.tokenRejected || ev.code === 4403)) {
      dropToken();
      connect();
      return;
    }
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (S.stopped) return;
  const base = Math.min(15000, 500 * 2 ** S.retries);
  const delay = Math.round(base * (0.75 + Math.random() * 0.5));
  S.retries += 1;
  const until = Date.now() + delay;
  const tick = () => {
    const left = Math.ceil((until - Date.now()) / 1000);
    if (!S.ws && left > 0) setConn('offline', t('ui.conn.retrying', { n: left }));
  };
  tick();
  clearTimeout(S.reconnectTimer);
  const iv = setInterval(tick, 1000);
  S.reconnectTimer = setTimeout(() => { clearInterval(iv); connect(); }, delay);
}

function reconnectNow() {
  if (!S.ws && !S.stopped) { S.retries = 0; connect(); }
}

function send(obj) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) {
    S.ws.send(JSON.stringify(obj));
    return true;
  }
  return false;
}

function onError(m) {
  setBusy(false);
  if (m.code === 'forbidden' && S.token && !S.msg) { S.tokenRejected = true; return; } // see onclose
  if (m.code === 'not_found') return; // the close that follows shows the page
  tellViewRefused(m);
  toast(api.errorText(m.code, m.message, m.msg));
}

// A refused action brings no new state: the board's view module hears of it (an optional export
// refused(error)), so a move it holds pending (Ra: The Dice Game's roll) is let go at once.
function tellViewRefused(err) {
  const game = S.msg && ((S.msg.view && S.msg.view.game) || S.msg.game);
  const mod = game ? S.loaded.get(game) : null;
  if (mod && typeof mod.refused === 'function') mod.refused(err);
}

function dropToken() {
  api.forgetToken(S.id);
  S.token = null;
  S.seat = null;
  S.tokenRejected = false;
  toast(t('ui.game.token_invalid'), 'info');
}

function onState(m) {
  if (m.game_id && m.game_id !== S.id) return;
  // A token this server does not know (e.g. a reset database): drop it and watch instead.
  if (S.token && (m.seat === null || m.seat === undefined)) {
    dropToken();
    connect();
    return;
  }
  if (m.seat !== null && m.seat !== undefined) {
    S.seat = m.seat;
    if (S.token) api.saveToken(S.id, S.token, m.seat);
  }
  const prev = S.msg;
  S.msg = m;
  setBusy(false);
  const finished = m.status === 'finished' || m.status === 'imported';
  if (finished && (!prev || prev.version !== m.version || prev.status !== m.status)) {
    replay.restart();
  }
  const myTurn = m.legal && m.legal.length > 0;
  if (myTurn && !S.wasMyTurn && document.hidden) {
    try { navigator.vibrate && navigator.vibrate(80); } catch { /* not supported */ }
  }
  S.wasMyTurn = myTurn;
  render();
  // main() loads the game's messages before connecting; when it could not tell the game, draw again once they are in.
  const game = m.game || (m.view && m.view.game);
  if (game && !gameMessagesReady(game)) loadGameMessages(game).then(render);
  tableUpdate(m, S); // clocks, resign, chat (table.js)
}

// A delta carries what changed since version `base` (docs/server-api.md): applied only on top of
// exactly that version; a gap (a missed message) asks the server for the whole state again.
function onDelta(d) {
  const prev = S.msg;
  if (d.game_id !== S.id) return;
  if (prev && d.version <= prev.version) return; // already seen (e.g. a sync overtook it)
  if (!prev || d.base !== prev.version) {
    send({ type: 'sync' });
    return;
  }
  const m = Object.assign({}, prev, d.set || {}, { type: 'state', version: d.version });
  if (d.view || d.view_del) {
    m.view = Object.assign({}, prev.view, d.view || {});
    for (const k of d.view_del || []) delete m.view[k];
  }
  if (d.log) m.log = (prev.log || []).concat(d.log);
  onState(m);
}

function setBusy(on) {
  S.busy = on;
  document.body.classList.toggle('busy', on);
  clearTimeout(S.busyTimer);
  if (on) S.busyTimer = setTimeout(() => setBusy(false), 8000);
}

// -- acting -------------------------------------------------------------------------------------
function act(actionId) {
  const m = S.msg;
  if (!m || S.busy || replay.active()) return;
  const entry = (m.legal || []).find((l) => l.id === actionId);
  if (!entry) return;
  setBusy(true);
  if (!send({ type: 'act', action: actionId, version: m.version })) {
    api.postAction(S.id, S.token, actionId, m.version).then(onState).catch((e) => {
      setBusy(false);
      tellViewRefused(e);
      toast(e.message);
    });
  }
}

function undoRequest() {
  if (!send({ type: 'undo' })) {
    api.postUndo(S.id, S.token).then(onState).catch((e) => toast(e.message));
  }
}

function undoReply(accept) {
  if (!send({ type: 'undo_reply', accept })) {
    api.postUndo(S.id, S.token, accept).then(onState).catch((e) => toast(e.message));
  }
}

// -- rendering ------------------------------------------------------------------------------------
function render() {
  const live = S.msg;
  if (!live) return;
  const raw = replay.active() ? replay.message(live) : live;
  const frame = namedFrame(raw);
  document.body.classList.toggle('my-turn', !frame.replay && (live.legal || []).length > 0);
  document.body.classList.toggle('in-replay', !!frame.replay);
  renderTitle(live);
  renderStatus(live);
  renderSeatbar(frame);
  renderJoin(live);
  replay.renderBar();
  renderMoves(frame);
  renderTools(live);
  analysis.update(live);
  hints.update(live);
  renderLog(raw, live);
  analysis.markLog(); // each decision's loss beside its move
  renderBoard(frame);
  updateHelp(frame, S.id, renderLine); // rules panel, since-your-last-move box (help.js)
}

function gameName(game) {
  if (has(`ui.gamename.${game}`)) return t(`ui.gamename.${game}`);
  return S.gameNames[game] || humanize(game || 'game');
}

function renderTitle(live) {
  const game = live.game || (live.view && live.view.game);
  const name = gameName(game);
  $('#game-title').textContent = `${name} · ${S.id}`;
  const mine = (live.legal || []).length > 0;
  document.title = mine ? t('ui.your_turn_title', { title: `${name} · Heliopolis` }) : `${name} · Heliopolis`;
}

function statusText(live) {
  const seats = live.seats || [];
  const view = live.view || {};
  const winners = view.winners || (S.summary && S.summary.winners) || null;
  if (live.status === 'finished' || live.status === 'imported' || view.terminal) return overText(seats, winners || []);
  if (live.status === 'open') {
    const humans = seats.filter((s) => s.kind === 'human');
    const free = humans.filter((s) => !s.taken).length;
    return { text: tn('ui.status.waiting_for_players', free, { taken: humans.length - free, humans: humans.length }), kind: 'wait' };
  }
  if ((live.legal || []).length > 0) return { text: t('ui.your_turn'), kind: 'mine' };
  if (live.to_move !== null && live.to_move !== undefined) {
    if (live.to_move === S.seat) return { text: t('ui.your_turn'), kind: 'mine' };
    return { text: t('ui.status.to_move', { who: seatLabel(seats, live.to_move) }), kind: 'other' };
  }
  return { text: t('ui.status.waiting'), kind: 'other' };
}

// The result on the board, and the rule the ratings follow: a seat whose player left (resigned, ran
// out of time) counts as last there, whatever its takeover bot scored; so such a seat is never "you
// won", and the line says why the ratings rank it last.
function overText(seats, winners) {
  const w = winners.length ? listNames(seats, winners) : '—';
  const leftWinners = winners.filter((i) => seats[i] && seats[i].left);
  if (leftWinners.length) {
    return { text: t('ui.status.game_over_left', { winners: w, left: listNames(seats, leftWinners) }), kind: 'over' };
  }
  const youWon = S.seat !== null && winners.includes(S.seat);
  return { text: t(youWon ? 'ui.status.game_over_you' : 'ui.status.game_over', { winners: w }), kind: 'over' };
}

function renderStatus(live) {
  const st = statusText(live);
  const el = $('#status');
  el.textContent = st.text;
  el.dataset.kind = st.kind;
}

function renderSeatbar(frame) {
  const bar = $('#seatbar');
  const seats = frame.seats || [];
  const toMove = frame.replay ? null : frame.to_move;
  const winners = (frame.view && frame.view.winners) || [];
  bar.replaceChildren(...seats.map((s) => {
    const you = s.seat === S.seat;
    const open = s.kind === 'human' && !s.taken && frame.status === 'open';
    const kind = s.kind === 'bot' ? t('ui.seatbar.bot', { bot: botLevel(s.bot) }) : open ? t('ui.seatbar.open') : t('ui.seatbar.human');
    return h('div', {
      class: ['seat-chip', you && 'you', open && 'open', s.kind === 'bot' && 'bot', toMove === s.seat && 'to-move', winners.includes(s.seat) && 'winner'],
      dataset: { seat: s.seat },
      title: toMove === s.seat ? t('ui.seatbar.to_move') : '',
    },
      h('span', { class: 'seat-chip-name', text: seatTitle(s, s.seat) }),
      you ? h('span', { class: 'badge badge-you', text: t('ui.you') }) : null,
      winners.includes(s.seat) ? h('span', { class: 'badge badge-win', text: t('ui.winner') }) : null,
      h('span', { class: 'seat-chip-kind', text: kind }),
      !you && !frame.replay && (s.kind === 'human' ? s.taken : !!s.left)
        ? reportButton({ kind: 'player', game: S.id, seat: s.seat }, t('ui.report.player_title', { name: seatTitle(s, s.seat) }),
          t('ui.report.player_label', { name: seatTitle(s, s.seat) }))
        : null);
  }));
}

function freeHumanSeats(live) {
  return (live.seats || []).filter((s) => s.kind === 'human' && !s.taken).map((s) => s.seat);
}

// A private game's invitation code: from the link it was opened with, kept in this browser so the
// creator who reopens the game (from /my, the lobby, history) still has the link to pass on.
const INVITE_KEY = `heliopolis:invite:${gameId}`;
function keepInvite() {
  const params = new URLSearchParams(location.search);
  const code = params.get('invite');
  try {
    if (code) { localStorage.setItem(INVITE_KEY, code); return; }
    const kept = localStorage.getItem(INVITE_KEY);
    if (!kept) return;
    params.set('invite', kept);
    history.replaceState(history.state, '', `${location.pathname}?${params}${location.hash}`);
  } catch { /* no storage: the link as opened */ }
}

keepInvite(); // at once, before any await: a page left right after it opened has kept the code too

function inviteCode() {
  return new URLSearchParams(location.search).get('invite');
}

/** A private game opened without its code: its seats cannot be joined from here. */
function lockedOut(live) {
  return !!(live.table && live.table.private) && !inviteCode() && !S.token && S.seat === null;
}

function renderJoin(live) {
  const free = freeHumanSeats(live);
  const panel = $('#join-panel');
  const locked = lockedOut(live);
  $('#private-note').hidden = !(locked && free.length > 0 && live.status === 'open');
  const show = !locked && !S.token && !S.watching && free.length > 0 && live.status === 'open';
  panel.hidden = !show;
  if (show) {
    const box = $('#join-seats');
    const cur = [...box.querySelectorAll('[data-join-seat]')].map((b) => b.dataset.joinSeat).join(',');
    if (cur !== free.join(',')) {
      box.replaceChildren(...free.map((seat) => h('button', {
        type: 'button', class: 'btn btn-primary', id: `join-seat-${seat}`, dataset: { joinSeat: seat },
        text: t('ui.game.join_seat', { no: seat }), on: { click: () => join(seat) },
      })));
    }
  }
  const invite = $('#invite');
  invite.hidden = live.status !== 'open' || (!!(live.table && live.table.private) && !inviteCode());
  if (!invite.hidden) $('#invite-link').value = location.href;
}

async function join(seat) {
  const name = $('#join-name').value.trim();
  try {
    const res = await api.joinGame(S.id, seat, name || undefined);
    api.saveToken(S.id, res.token, res.seat);
    S.token = res.token;
    S.seat = res.seat;
    toast(t('ui.game.took_seat', { no: res.seat }), 'info', 3000);
    connect();
  } catch (e) {
    toast(e.message);
  }
}

function renderMoves(frame) {
  const legal = frame.legal || [];
  const list = $('#legal');
  const wait = $('#moves-wait');
  $('#moves-title').textContent = legal.length ? t('ui.moves.yours') : t('ui.moves.title');
  $('#moves-panel').classList.toggle('active', legal.length > 0);
  if (frame.replay) wait.textContent = t('ui.moves.replay');
  else if (legal.length) wait.textContent = '';
  else if (frame.status === 'finished' || frame.status === 'imported') wait.textContent = t('ui.moves.over');
  else if (S.seat === null) wait.textContent = t('ui.moves.watching');
  else if (frame.status === 'open') wait.textContent = t('ui.moves.starts');
  else if (frame.to_move !== null && frame.to_move !== undefined) wait.textContent = t('ui.moves.waiting_for', { who: seatLabel(frame.seats, frame.to_move) });
  else wait.textContent = '';
  wait.hidden = !wait.textContent;
  list.replaceChildren(...legal.map((l) => h('button', {
    type: 'button', class: 'btn legal-btn', dataset: { action: l.notation, actionId: l.id },
    title: `${l.text} (${l.notation})`, text: l.text || l.notation, on: { click: () => act(l.id) },
  })));
  renderUndo(frame);
}

function renderUndo(frame) {
  const area = $('#undo-area');
  const u = frame.undo || {};
  const nodes = [];
  if (!frame.replay && u.allowed) {
    nodes.push(h('button', { type: 'button', id: 'undo-btn', class: 'btn btn-ghost', text: t('ui.undo.button'), on: { click: undoRequest } }));
  }
  const p = !frame.replay && u.pending;
  if (p) {
    const awaiting = Array.isArray(p.awaiting) ? p.awaiting : [];
    const by = seatLabel(frame.seats, p.by);
    if (S.seat !== null && awaiting.includes(S.seat)) {
      nodes.push(h('div', { id: 'undo-pending', class: 'undo-pending ask' },
        h('p', { text: t('ui.undo.asks', { who: by }) }),
        h('div', { class: 'button-row' },
          h('button', { type: 'button', id: 'undo-accept', class: 'btn btn-primary', text: t('ui.undo.accept'), on: { click: () => undoReply(true) } }),
          h('button', { type: 'button', id: 'undo-decline', class: 'btn', text: t('ui.undo.decline'), on: { click: () => undoReply(false) } }))));
    } else if (p.by === S.seat) {
      nodes.push(h('p', { id: 'undo-pending', class: 'undo-pending muted', text: t('ui.undo.requested', { who: listNames(frame.seats, awaiting) || t('ui.undo.the_others') }) }));
    } else {
      nodes.push(h('p', { id: 'undo-pending', class: 'undo-pending muted', text: t('ui.undo.asked', { who: by, others: listNames(frame.seats, awaiting) }) }));
    }
  }
  area.replaceChildren(...nodes);
}

function renderTools(live) {
  const has = !!live.helper;
  $('#helper-label').hidden = !has;
  $('#helper-toggle').checked = S.showHelper;
}

let lastLogKey = '';
// The log follows its newest line unless the reader scrolls up to read older ones. The lines'
// height settles only after layout (its scroll bar appearing rewraps them), and a scroll event then
// is not the reader's: only a scroll after the reader's own wheel, touch, click or key stops following.
let logFollow = true;
let logTouched = false;
let logObserved = false;
function followLog(ol) {
  logTouched = false;
  ol.scrollTop = ol.scrollHeight;
  requestAnimationFrame(() => { if (logFollow) ol.scrollTop = ol.scrollHeight; });
  if (logObserved) return;
  logObserved = true;
  for (const ev of ['wheel', 'touchstart', 'pointerdown', 'keydown']) ol.addEventListener(ev, () => { logTouched = true; }, { passive: true });
  ol.addEventListener('scroll', () => {
    const bottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
    if (bottom) logFollow = true;
    else if (logTouched) logFollow = false;
    else ol.scrollTop = ol.scrollHeight; // the lines grew under us: still following
  }, { passive: true });
  if (window.ResizeObserver) new ResizeObserver(() => { if (logFollow) ol.scrollTop = ol.scrollHeight; }).observe(ol);
}

// The log's lines with the seats' events (resign, time-out, retake: table.events, each after the
// log line it followed) between them; every line names a seat as it was then: a move made before
// its player left is the player's ("Ann passes"), one after it the bot's ("Ann (medium) passes").
function logItems(frame, live) {
  const seats = frame.seats || [];
  const lines = frame.log || [];
  const events = ((live.table && live.table.events) || []).filter((e) => (frame.replay ? e.ply <= frame.replay.ply : true));
  const held = seats.map((s) => {
    const first = events.find((e) => e.seat === s.seat);
    return first && first.kind !== 'retake' ? { ...s, kind: 'human', bot: null } : s; // before its first leave
  });
  const items = [];
  let next = 0;
  const flush = (upto) => {
    while (next < events.length && events[next].line <= upto) {
      const e = events[next++];
      const who = seatTitle({ ...seats[e.seat], name: e.name }, e.seat);
      items.push({ text: t(`ui.log.${e.kind}`, { who, bot: e.bot || '?' }), kind: 'event' });
      held[e.seat] = e.kind === 'retake' ? { ...held[e.seat], kind: 'human', bot: null } : { ...held[e.seat], kind: 'bot', bot: e.bot };
    }
  };
  lines.forEach((line, i) => {
    flush(i);
    items.push({ text: lineText(line, held), kind: 'line' });
  });
  flush(Infinity);
  return items;
}

function renderLog(frame, live) {
  const items = logItems(frame, live);
  const last = items[items.length - 1];
  const key = `${items.length}:${last ? last.text : ''}:${frame.replay ? frame.replay.ply : 'live'}`;
  if (key === lastLogKey) return;
  lastLogKey = key;
  const ol = $('#log');
  ol.replaceChildren(...items.map((it, i) => h('li', {
    class: ['log-line', it.kind === 'event' && 'log-event', /^\s*[—-]{1,2}\s/.test(it.text) && 'log-epoch'], dataset: { i }, text: it.text,
  })));
  if (frame.replay) logFollow = true; // a replay step shows the move it reached
  if (logFollow) followLog(ol);
  // A line that still names a seat "P0" (one digit, as withSeatNames reads it: "P01" is a papyrus of
  // Men-Nefer, not a seat): say who is who.
  const legend = $('#log-legend');
  const seats = frame.seats || [];
  const texts = items.map((it) => it.text);
  const usesP = texts.some((l) => /\bP\d\b/.test(l)) && seats.some((s) => seatLabel(seats, s.seat) !== `P${s.seat}`);
  legend.hidden = !usesP || !seats.length;
  legend.textContent = usesP ? seats.map((s) => `P${s.seat} = ${seatLabel(seats, s.seat)}`).join(' · ') : '';
}

// -- the view module ----------------------------------------------------------------------------
function loadView(game) {
  if (!S.views.has(game)) {
    const safe = /^[a-z0-9_-]+$/i.test(game) ? game : 'unknown';
    S.views.set(game, import(`./views/${safe}.js`).catch((e) => {
      console.error(e);
      return { render: fallbackRender };
    }).then((mod) => { S.loaded.set(game, mod); return mod; }));
  }
  return S.views.get(game);
}

function fallbackRender(root, msg) {
  root.replaceChildren(
    h('p', { class: 'muted', text: t('ui.game.no_view') }),
    h('pre', { class: 'raw-view', text: JSON.stringify(msg.view, null, 2) }));
}

let renderSeq = 0;
async function renderBoard(frame) {
  const seq = ++renderSeq;
  const game = (frame.view && frame.view.game) || frame.game;
  const mod = await loadView(game);
  if (seq !== renderSeq) return;
  const root = $('#board');
  const legal = frame.legal || [];
  const better = frame.replay ? analysis.legalFor(frame.replay.ply) : []; // the analysis's better move, drawn
  const byNotation = new Map([...legal, ...better].map((l) => [l.notation, l]));
  const ctx = {
    act,
    seat: S.seat,
    seats: frame.seats || [],
    seatName: (i) => seatLabel(frame.seats, i),
    legal,
    action: (notation) => byNotation.get(notation) || null,
    showHelper: S.showHelper && !!frame.helper,
    replay: frame.replay || null,
    busy: S.busy,
    toast,
  };
  try {
    mod.render(root, { ...frame, view: renderTexts(frame.view, ctx.seatName) }, ctx); // views hold catalog messages
    decorateBoard(game);
    analysis.markBoard(root, better);
    hints.markBoard(root);
  } catch (e) {
    console.error(e);
    fallbackRender(root, frame);
  }
}

function showNotFound() {
  S.stopped = true;
  setConn('offline', t('ui.conn.not_found'));
  $('#not-found').hidden = false;
  $('#status').textContent = t('ui.game.not_found');
  $('#board').replaceChildren();
  for (const sel of ['#join-panel', '#invite', '#private-note', '#replay-bar']) $(sel).hidden = true;
}

// -- start ----------------------------------------------------------------------------------------
async function main() {
  await mountTopbar('game'); // the catalogs too: before the first text is drawn
  $('#game-title').textContent = t('ui.game.title', { id: S.id });
  replay.initControls();
  $('#helper-toggle').addEventListener('change', (ev) => {
    S.showHelper = ev.target.checked;
    localStorage.setItem('heliopolis:helper', S.showHelper ? '1' : '0');
    render();
  });
  $('#watch-btn').addEventListener('click', () => {
    S.watching = true;
    sessionStorage.setItem(`heliopolis:watch:${S.id}`, '1');
    render();
  });
  $('#copy-invite').addEventListener('click', async () => {
    const input = $('#invite-link');
    input.value = location.href;
    try {
      await navigator.clipboard.writeText(location.href);
      toast(t('ui.game.copied'), 'info', 2500);
    } catch {
      input.select();
      try {
        document.execCommand('copy');
        toast(t('ui.game.copied'), 'info', 2500);
      } catch {
        toast(t('ui.game.copy_yourself'), 'info', 3000);
      }
    }
  });
  $('#invite-link').addEventListener('focus', (ev) => ev.target.select());
  window.addEventListener('online', reconnectNow);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) reconnectNow(); });

  if (!S.id) { showNotFound(); return; }
  api.getMeta().then((meta) => {
    for (const g of meta.games || []) S.gameNames[g.id] = g.name;
    if (S.msg) renderTitle(S.msg);
  }).catch(() => {});
  try {
    S.summary = await api.getGame(S.id);
  } catch (e) {
    if (e.status === 404) { showNotFound(); return; }
  }
  const words = S.summary ? loadGameMessages(S.summary.game) : null; // the board's, log's and moves' words
  await mountAccount();
  await mountHelp({
    game: () => S.msg && (S.msg.game || (S.msg.view && S.msg.view.game)),
    summary: () => S.summary,
    seat: () => S.seat,
    seatName: (i) => seatLabel(S.msg && S.msg.seats, i),
  });
  await words; // before the first state is drawn
  connect();
  // Logged in or out here: the account's seats (no token needed) change, so look again.
  window.addEventListener('heliopolis:account', () => { if (!S.token) connect(); });
}

main();
