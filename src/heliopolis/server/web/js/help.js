// Rules help on the game page: the rules panel (a player's guide per game and language, from
// /static/guides/<lang>/<game>.json, plus the options in force), hover/focus/tap help on board
// elements, and the "since your last move" box. Texts: the `help` catalog domain.
//
//   mountHelp(host)        once: host = { game(), summary(), seat(), seatName(i) }
//   updateHelp(frame)      after every render: the panel's game, the box, the board hooks

import { t, has, lang, initI18n } from './i18n.js';

// -- i18n: the page may not have loaded the catalogs yet (game.js loads them for its chrome) --------
let ready = null;
function ensureI18n() {
  if (!ready) ready = has('help.rules.button') ? Promise.resolve() : initI18n().catch(() => {});
  return ready;
}

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') e.textContent = v;
    else if (k === 'class') e.className = v;
    else if (k === 'on') for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of kids.flat()) if (c) e.append(c);
  return e;
}

const H = { host: null, game: null, guide: null, guideFor: null, boxKey: null };

// -- rules panel -------------------------------------------------------------------------------
// The options a game page states, per game: [option name, catalog key prefix]. Values become
// keys (help.opt.<game>.<name>.<value>); a value with no key is shown as it is.
const OPTION_KEYS = {
  ra: ['edition', 'hidden_scores'],
  'ra-dice': ['score_floor_zero'],
  helios: [],
  'men-nefer': ['question_mark_without_numeral', 'two_scarabs_condition', 'temple_basket_spaces',
    'mastaba_ware_icon', 'supply_recycle_timing', 'boat_activations_split'],
};

function optionLines(game, summary) {
  const out = [];
  if (!summary) return out;
  const players = summary.players ?? (summary.seats || []).length;
  if (players) out.push(t('help.opt.players', { n: players }));
  const opts = summary.options || {};
  for (const name of OPTION_KEYS[game] || []) {
    if (!(name in opts)) continue;
    const v = String(opts[name]);
    const key = `help.opt.${game}.${name}.${v}`;
    out.push(has(key) ? t(key) : `${name} = ${v}`);
  }
  if (game === 'ra' && players) {
    const need = { 2: 6, 3: 8, 4: 9, 5: 10 }[players];
    if (need) out.push(t('help.opt.ra.ra_tiles', { n: need }));
  }
  if (game === 'helios' && players) out.push(t('help.opt.helios.rounds', { n: players === 3 ? 3 : 4 }));
  if (opts.start_player !== null && opts.start_player !== undefined && H.host) {
    out.push(t('help.opt.start_player', { seat: H.host.seatName(Number(opts.start_player)) }));
  }
  return out;
}

async function loadGuide(game) {
  const key = `${lang()}/${game}`;
  if (H.guideFor === key) return H.guide;
  const safe = /^[a-z0-9-]+$/.test(game) ? game : 'unknown';
  const res = await fetch(`/static/guides/${lang()}/${safe}.json`, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}`);
  H.guide = await res.json();
  H.guideFor = key;
  return H.guide;
}

async function renderGuide() {
  const body = document.getElementById('rules-body');
  const game = H.host && H.host.game();
  if (!body || !game) return;
  let guide;
  try {
    guide = await loadGuide(game);
  } catch {
    body.replaceChildren(el('p', { class: 'muted', text: t('help.rules.missing') }));
    return;
  }
  const parts = [el('h2', { class: 'rules-title', text: guide.title })];
  for (const s of guide.sections || []) {
    const sec = el('section', { class: 'rules-section' }, el('h3', { text: s.h }));
    for (const p of s.p || []) sec.append(el('p', { text: p }));
    if (s.ul && s.ul.length) sec.append(el('ul', {}, s.ul.map((li) => el('li', { text: li }))));
    parts.push(sec);
  }
  const opts = optionLines(game, H.host.summary());
  if (opts.length) {
    parts.push(el('section', { class: 'rules-section rules-options' },
      el('h3', { text: t('help.rules.options') }), el('ul', {}, opts.map((o) => el('li', { text: o })))));
  }
  body.replaceChildren(...parts);
}

function mountRulesPanel() {
  const anchor = document.getElementById('board');
  if (!anchor || document.getElementById('rules-panel')) return;
  // Scrolling regions take keyboard focus (WCAG 2.1.1; axe scrollable-region-focusable).
  const body = el('div', { id: 'rules-body', class: 'rules-body', tabindex: '0', role: 'region', 'aria-labelledby': 'rules-toggle' });
  const details = el('details', { id: 'rules-panel', class: 'panel rules-panel' },
    el('summary', { id: 'rules-toggle', class: 'rules-summary', text: t('help.rules.button') }), body);
  details.addEventListener('toggle', () => {
    if (details.open) renderGuide();
    try { localStorage.setItem('heliopolis:rules-open', details.open ? '1' : '0'); } catch { /* not kept */ }
  });
  let open = false;
  try { open = localStorage.getItem('heliopolis:rules-open') === '1'; } catch { /* default closed */ }
  details.open = open;
  anchor.before(details); // above the board, in the main column (the side column has a fixed height)
}

// -- board help: hover, keyboard focus and tap -----------------------------------------------------
// Per game: CSS selector -> help key. The first match of each selector in the board gets the text
// (title for mouse users, aria-describedby for screen readers, a tooltip on focus and on tap).
export const BOARD_HELP = {
  ra: [
    ['.auction-track', 'help.ra.auction_track'],
    ['.ra-track-label', 'help.ra.ra_track'], // not the slots: they invoke Ra when that is legal
    ['.auction-box', 'help.ra.centre_sun'],
    ['.suns', 'help.ra.suns'],
    ['.ra-player .tile', 'help.ra.tiles'],
    ['.auction-space .tile', 'help.ra.tiles'],
  ],
  'ra-dice': [
    ['.rd-sun-track', 'help.ra-dice.sun_track'],
    ['.rd-lanes', 'help.ra-dice.lanes'],
    ['.rd-mon-grid', 'help.ra-dice.monuments'],
    ['.rd-disasters', 'help.ra-dice.disasters'],
    ['.rd-slot', 'help.ra-dice.dice'],
  ],
  helios: [
    ['#he-columns', 'help.helios.columns'],
    ['#he-land', 'help.helios.land'],
    ['.he-hexboard', 'help.helios.board'],
    ['#he-persons', 'help.helios.persons'],
    ['.he-sun', 'help.helios.sun'],
  ],
  'men-nefer': [
    ['.mn-houses', 'help.men-nefer.houses'],
    ['.mn-display', 'help.men-nefer.display'],
    ['.mn-gp', 'help.men-nefer.great_pyramid'],
    ['.mn-queens', 'help.men-nefer.queens'],
    ['.mn-necro', 'help.men-nefer.necropolis'],
    ['.mn-rooms', 'help.men-nefer.temple'],
    ['.mn-river', 'help.men-nefer.nile'],
    ['.mn-avenues', 'help.men-nefer.sphinxes'],
    ['.mn-market', 'help.men-nefer.markets'],
    ['.mn-tas', 'help.men-nefer.agreements'],
  ],
};

function descId(key) { return `hd-${key.replace(/[^a-z0-9-]/gi, '-')}`; }

function ensureDescriptions(game) {
  let box = document.getElementById('help-descs');
  if (!box) {
    box = el('div', { id: 'help-descs', hidden: true });
    document.body.append(box);
  }
  for (const [, key] of BOARD_HELP[game] || []) {
    if (!document.getElementById(descId(key))) box.append(el('span', { id: descId(key), text: t(key) }));
  }
}

export function decorateBoard(game) {
  try { decorate(game); } catch (e) { console.error(e); } // help never breaks the board
}

function decorate(game) {
  const root = document.getElementById('board');
  if (!root) return;
  ensureDescriptions(game);
  for (const [sel, key] of BOARD_HELP[game] || []) {
    const target = root.querySelector(sel);
    if (!target || target.dataset.help === key) continue;
    target.dataset.help = key;
    target.title = t(key);
    target.setAttribute('aria-describedby', descId(key));
    target.classList.add('has-help');
    // Keyboard users reach the help by Tab: only where the element is not itself interactive.
    if (!target.matches('button, a, input, select, textarea, [tabindex]')) target.tabIndex = 0;
  }
}

let tip = null;
function showTip(target) {
  const key = target.dataset.help;
  if (!key) return;
  if (!tip) {
    tip = el('div', { id: 'help-tip', class: 'help-tip', role: 'tooltip' });
    document.body.append(tip);
  }
  tip.textContent = t(key);
  tip.hidden = false;
  const r = target.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${w}px`;
  const left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left + window.scrollX));
  tip.style.left = `${left}px`;
  tip.style.top = `${r.top + window.scrollY - 8}px`;
  tip.style.transform = 'translateY(-100%)';
  if (r.top < 80) { tip.style.top = `${r.bottom + window.scrollY + 8}px`; tip.style.transform = 'none'; }
}
function hideTip() { if (tip) tip.hidden = true; }

function helpTarget(ev) {
  const tgt = ev.target && ev.target.closest ? ev.target.closest('[data-help]') : null;
  return tgt && tgt.closest('#board') ? tgt : null;
}

function wireTips() {
  document.addEventListener('focusin', (ev) => {
    const tgt = helpTarget(ev);
    if (tgt && ev.target === tgt) showTip(tgt); else hideTip();
  });
  document.addEventListener('focusout', hideTip);
  // A tap on a board element shows its help; a tap elsewhere (or on a control inside) hides it.
  document.addEventListener('pointerup', (ev) => {
    if (ev.pointerType === 'mouse') return;
    const tgt = helpTarget(ev);
    if (tgt && !ev.target.closest('button, a, input, select')) showTip(tgt); else hideTip();
  });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') hideTip(); });
}

// -- since your last move ---------------------------------------------------------------------
// The log lines after the last line that names the seat as the actor (the log is public; moves are
// logged as "<seat name> ..." or structured lines whose args.seat is the seat). "Dismiss" hides it
// until the seat's next move (per browser tab).
export function sinceLastMove(log, seat, seatName) {
  if (seat === null || seat === undefined || !Array.isArray(log)) return null;
  const name = seatName(seat);
  const p = `P${seat}`;
  const mine = (line) => {
    if (line && typeof line === 'object') return line.a && line.a.seat === seat;
    const s = String(line);
    return s.startsWith(`${name} `) || s.startsWith(`${p} `) || s.startsWith(`${p}:`);
  };
  let last = -1;
  for (let i = log.length - 1; i >= 0; i -= 1) if (mine(log[i])) { last = i; break; }
  if (last < 0) return null;
  let end = last + 1;
  // The rest of the seat's own move (its continuation lines) belongs to it.
  while (end < log.length && mine(log[end])) end += 1;
  return { from: end, lines: log.slice(end) };
}

function boxStoreKey(gameId) { return `heliopolis:since:${gameId}`; }

function renderSince(frame, gameId, render) {
  let box = document.getElementById('since-box');
  const live = !frame.replay && frame.status !== 'finished' && frame.status !== 'imported';
  const res = live ? sinceLastMove(frame.log || [], H.host.seat(), H.host.seatName) : null;
  // The first view of the page fixes which lines are "new": the box is for returning to a game,
  // not a second live log.
  if (H.boxKey === null && (frame.log || []).length) H.boxKey = res ? String(res.from) : 'none';
  if (!res || !res.lines.length) { if (box) box.hidden = true; return; }
  // Shown when the page opens (returning to a game); dismissed until the seat's next move.
  let dismissed = null;
  try { dismissed = sessionStorage.getItem(boxStoreKey(gameId)); } catch { /* not kept */ }
  const id = String(res.from);
  if (dismissed === id || H.boxKey !== id) { if (box) box.hidden = true; return; }
  if (!box) {
    box = el('section', { id: 'since-box', class: 'panel since-box', 'aria-labelledby': 'since-title' });
    const status = document.getElementById('status');
    if (status) status.after(box); else document.body.prepend(box);
  }
  const shown = res.lines.slice(-12);
  box.replaceChildren(...[
    el('div', { class: 'since-head' },
      el('h2', { id: 'since-title', text: t('help.since.title', { n: res.lines.length }) }),
      el('button', {
        type: 'button', id: 'since-close', class: 'btn btn-ghost btn-small', text: t('help.since.dismiss'),
        on: { click: () => {
          try { sessionStorage.setItem(boxStoreKey(gameId), id); } catch { /* not kept */ }
          box.hidden = true;
        } },
      })),
    res.lines.length > shown.length ? el('p', { class: 'muted', text: t('help.since.more', { n: res.lines.length - shown.length }) }) : null,
    el('ol', { class: 'since-lines', tabindex: '0', 'aria-labelledby': 'since-title' }, shown.map((l) => el('li', { text: render(l) }))),
  ].filter(Boolean));
  box.hidden = false;
}

// -- entry points -----------------------------------------------------------------------------------
export async function mountHelp(host) {
  H.host = host;
  if (!document.querySelector('link[href$="/css/help.css"]')) {
    document.head.append(el('link', { rel: 'stylesheet', href: '/static/css/help.css' }));
  }
  await ensureI18n();
  mountRulesPanel();
  wireTips();
  // Regions that scroll (the move log; the seat bar on phones) take keyboard focus too.
  for (const id of ['log', 'seatbar']) {
    const region = document.getElementById(id);
    if (region && !region.hasAttribute('tabindex')) region.tabIndex = 0;
  }
}

export function updateHelp(frame, gameId, renderLine = (l) => String(l)) {
  if (!H.host) return;
  const game = (frame.view && frame.view.game) || frame.game;
  if (game && game !== H.game) {
    H.game = game;
    const panel = document.getElementById('rules-panel');
    if (panel && panel.open) renderGuide();
  }
  const summary = document.getElementById('rules-toggle');
  if (summary) summary.textContent = t('help.rules.button');
  if (game) decorateBoard(game);
  renderSince(frame, gameId, renderLine);
}
