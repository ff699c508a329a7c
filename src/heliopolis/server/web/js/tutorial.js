// A game's tutorial (/learn/<game>, docs/tutorials.md): a scripted first game on the real board.
// The server replays the script on the engine and sends each step as {say, expect, show, state,
// score}; `state` is a state message of the game page, drawn by the game's own view module
// (js/views/<game>.js). The piece of the expected move (data-action="<notation>", as every view
// marks its clickable pieces) is highlighted; any other move is sent too and refused by the
// server with the step's explanation, the position unchanged.

import * as api from './api.js';
import { h, $, seatTitle } from './dom.js';
import { t, has, lang, render as renderLine, renderTexts, loadGameMessages } from './i18n.js';
import { mountTopbar } from './topbar.js';

const game = (location.pathname.split('/').filter(Boolean)[1] || '').replace(/[^a-z-]/g, '');
const KEY = `heliopolis:tutorial:${game}`;
const S = { frame: null, view: null, busy: false };

function savedStep() {
  try { return Math.max(0, parseInt(sessionStorage.getItem(KEY) || '0', 10) || 0); } catch { return 0; }
}

function saveStep(n) {
  try { sessionStorage.setItem(KEY, String(n)); } catch { /* no storage: a reload starts again */ }
}

function toast(message) {
  const box = $('#toasts');
  box.replaceChildren(h('div', { class: ['toast', 'toast-error'], attrs: { role: 'alert' } }, h('span', { class: 'toast-text', text: message })));
  setTimeout(() => box.replaceChildren(), 6000);
}

// The player's seat is named in the reader's language ("You", "Du"); the others by the script.
function named(state) {
  const seats = (state.seats || []).map((s) => (s.kind === 'human' ? { ...s, name: t('tutorial.ui.you') } : s));
  return { ...state, seats };
}

function gameName() {
  return has(`ui.gamename.${game}`) ? t(`ui.gamename.${game}`) : game;
}

async function loadView() {
  if (!S.view) S.view = await import(`./views/${game}.js`);
  return S.view;
}

// A seat's name without "(bot level)": the script plays the others.
const nameOf = (seats) => (i) => seatTitle((seats || []).find((s) => s.seat === i), i);

// -- the board ----------------------------------------------------------------------------------
function ctxFor(frame) {
  const legal = frame.legal || [];
  const byNotation = new Map(legal.map((l) => [l.notation, l]));
  return {
    act: (id) => attempt(id),
    seat: frame.seat,
    seats: frame.seats || [],
    seatName: nameOf(frame.seats),
    legal,
    action: (notation) => byNotation.get(notation) || null,
    showHelper: false,
    replay: null,
    busy: S.busy,
    toast,
  };
}

/** Scrolls ``el`` into the part of the screen the coach leaves free (above it on a phone, below it elsewhere). */
function reveal(el) {
  const coach = $('#coach').getBoundingClientRect();
  const fixed = getComputedStyle($('#coach')).position === 'fixed';
  const top = fixed ? 0 : Math.max(0, coach.bottom);
  const bottom = fixed ? coach.top : window.innerHeight;
  const r = el.getBoundingClientRect();
  if (r.top >= top && r.bottom <= bottom) return;
  const tall = r.height > bottom - top; // a part larger than the free room: its top at the top
  window.scrollBy({ top: tall ? r.top - top - 8 : r.top + r.height / 2 - (top + bottom) / 2, behavior: 'instant' });
}

/** Marks what the step is about: the expected move's pieces (and ``also``, e.g. Ra Dice's Roll
 * button), else the part of the board it shows. Returns the marked elements. */
function mark(step) {
  const board = $('#board');
  let targets = [];
  if (step.expect) {
    targets = [...board.querySelectorAll('[data-action]')].filter((el) => el.dataset.action === step.expect);
    if (step.also) targets.push(...board.querySelectorAll(step.also));
  } else if (step.show) targets = [...board.querySelectorAll(step.show)];
  for (const el of targets) {
    el.classList.add(step.expect ? 'tutorial-target' : 'tutorial-show');
    if (step.expect) el.setAttribute('aria-describedby', 'coach-text');
  }
  document.body.dataset.tutorialTarget = targets.length ? 'shown' : 'none';
  return targets;
}

function highlight(step) {
  const targets = mark(step);
  if (step.score) $('#coach').scrollIntoView({ block: 'start', behavior: 'instant' });
  else if (targets.length) reveal(targets[0]);
}

// A view may redraw itself between two steps (Ra Dice: a tapped die is picked, nothing sent yet):
// the new pieces are marked again.
function watchBoard() {
  if (!window.MutationObserver) return;
  new MutationObserver(() => { if (S.frame) mark(S.frame); }).observe($('#board'), { childList: true, subtree: true });
}

async function drawBoard(step) {
  const mod = await loadView();
  const raw = named(step.state);
  const seatName = nameOf(raw.seats);
  const name = (line) => (line && typeof line === 'object' ? renderLine(line, seatName) : line);
  const frame = { ...raw, log: (raw.log || []).map(name), legal: (raw.legal || []).map((l) => ({ ...l, text: name(l.text) })) };
  const ctx = ctxFor(frame);
  mod.render($('#board'), { ...frame, view: renderTexts(frame.view, ctx.seatName) }, ctx);
  highlight(step);
  $('#log').replaceChildren(...frame.log.map((line, i) => h('li', { class: 'log-line', dataset: { i }, text: line })));
  const ol = $('#log');
  ol.scrollTop = ol.scrollHeight;
}

// -- the coach ----------------------------------------------------------------------------------
function drawCoach(step) {
  $('#coach-step').textContent = t('tutorial.ui.step', { n: step.step + 1, steps: step.steps });
  $('#coach-text').textContent = step.say; // worded by the server in the page's language
  $('#coach-refusal').hidden = true;
  const next = $('#coach-next');
  const last = step.step + 1 >= step.steps;
  next.hidden = !!step.expect || last;
  const score = $('#coach-score');
  score.hidden = !step.score;
  $('#coach-lines').replaceChildren(...(step.score || []).map((line) => h('li', { text: line })));
  document.body.dataset.tutorialStep = String(step.step);
  document.body.classList.toggle('tutorial-over', last);
}

async function show(step) {
  S.frame = step;
  saveStep(step.step);
  drawCoach(step);
  await drawBoard(step);
  // The piece just clicked was drawn anew: the keyboard goes on to what this step asks for.
  const lost = !document.activeElement || document.activeElement === document.body;
  if (lost) {
    const next = step.expect ? document.querySelector('#board .tutorial-target') : $('#coach-next');
    if (next && !next.hidden) next.focus({ preventScroll: true });
  }
}

async function attempt(action) {
  const f = S.frame;
  if (!f || S.busy) return;
  S.busy = true;
  try {
    const res = await api.request(`/api/tutorials/${game}/${f.step}?lang=${lang()}`, { method: 'POST', body: { action } });
    if (res.ok) await show(res.next);
    else refuse(res.why);
  } catch (e) {
    toast(e.message);
  } finally {
    S.busy = false;
  }
}

function refuse(why) {
  const el = $('#coach-refusal');
  el.hidden = false;
  el.replaceChildren(h('strong', { text: `${t('tutorial.ui.refused')} ` }), why, ' ', t('tutorial.ui.do_this'));
  const target = document.querySelector('#board .tutorial-target');
  if (target) reveal(target); // the longer coach may cover it now
  document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
}

async function load(n) {
  try {
    await show(await api.request(`/api/tutorials/${game}/${n}?lang=${lang()}`));
  } catch (e) {
    if (e.status === 404 && n > 0) { await load(0); return; } // a step kept from an older script
    $('#coach-text').textContent = e.status === 404 ? t('tutorial.ui.none') : e.message;
  }
}

async function main() {
  const words = loadGameMessages(game); // beside the shared part: the board's and moves' words
  await mountTopbar('rules');
  await words;
  const title = t('tutorial.ui.title', { game: gameName() });
  $('#game-title').textContent = title;
  document.title = `${title} · Heliopolis`;
  $('#coach-next').addEventListener('click', () => attempt('next'));
  $('#coach-restart').addEventListener('click', () => load(0));
  watchBoard();
  await load(savedStep());
}

main();
