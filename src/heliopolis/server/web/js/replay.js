// The replay of a finished or imported game on the game page: the frames (GET
// /api/games/<id>/replay, kept per move), the bar's controls (buttons, slider, arrow keys,
// Home/End) and the state message the page draws for a past move. game.js owns the page and
// passes what the replay reads of it:
//
//   const replay = createReplay({ id, live: () => S.msg, view: (game) => module, render, toast });

import * as api from './api.js';
import { $, lineText } from './dom.js';
import { chatAtPly } from './table.js';
import { t } from './i18n.js';

export function createReplay(page) {
  // Steps by decision (a player's move with the chance it caused: dice, drawn tiles) unless the
  // reader asks for every chance event (the toggle, kept in this browser).
  const r = { ply: null, plies: null, frame: null, cache: new Map(), seq: 0, loading: false, steps: null,
    every: localStorage.getItem('heliopolis:replay-every') === '1' };

  /** The plies the bar steps through: every ply, or the frames' decision steps. */
  function stops() {
    if (r.plies === null) return [];
    if (r.every || !r.steps || !r.steps.length) return Array.from({ length: r.plies + 1 }, (_, i) => i);
    return r.steps;
  }

  /** The index of the stop at or before ``ply``. */
  function stopIndex(ply) {
    const s = stops();
    let k = 0;
    while (k + 1 < s.length && s[k + 1] <= ply) k += 1;
    return k;
  }

  function step(delta) {
    const s = stops();
    const here = r.ply ?? r.plies ?? 0;
    let k = stopIndex(here);
    if (delta < 0 && s[k] < here) k += 1; // between two stops: "back" goes to the one before
    go(s[Math.max(0, Math.min(s.length - 1, k + delta))]);
  }

  /** Whether the page shows a past move (not the live position). */
  function active() {
    return r.frame !== null && r.plies !== null && r.ply !== null && r.ply !== r.plies;
  }

  async function load(ply) {
    const seq = ++r.seq;
    if (ply !== null && r.cache.has(ply)) {
      applyFrame(r.cache.get(ply));
      return;
    }
    r.loading = true;
    renderBar();
    try {
      const frame = await api.getReplay(page.id, ply);
      r.cache.set(frame.ply, frame);
      if (seq === r.seq) applyFrame(frame);
    } catch (e) {
      if (seq === r.seq) page.toast(t('ui.replay.failed', { error: e.message }));
    } finally {
      if (seq === r.seq) { r.loading = false; renderBar(); }
    }
  }

  function applyFrame(frame) {
    r.frame = frame;
    r.ply = frame.ply;
    r.plies = frame.plies;
    if (frame.steps && frame.steps.length) r.steps = frame.steps;
    page.render();
    chatAtPly(frame.ply); // the chat as it stood at this move (said later: dimmed)
  }

  function go(ply) {
    if (r.plies === null) return;
    const k = Math.max(0, Math.min(r.plies, ply));
    r.ply = k;
    renderBar();
    load(k);
  }

  /** The state message to draw for the shown move, from the live one ``live``. */
  function message(live) {
    const frame = r.frame;
    return {
      type: 'state', game_id: page.id, version: live.version, seat: live.seat, status: live.status,
      game: frame.view && frame.view.game, seats: live.seats, to_move: null, view: frame.view, legal: [],
      log: frame.log || [], undo: { allowed: false, pending: null }, helper: null,
      replay: { ply: frame.ply, plies: frame.plies, move: frame.move },
    };
  }

  /** A finished game's new final state: the replay starts again from its last move. */
  function restart() {
    r.cache.clear();
    r.plies = null;
    r.ply = null;
    r.frame = null;
    r.steps = null;
    load(null);
  }

  function renderBar() {
    const live = page.live();
    const bar = $('#replay-bar');
    const on = !!live && (live.status === 'finished' || live.status === 'imported');
    bar.hidden = !on;
    if (!on) return;
    $('#download').href = api.exportUrl(page.id);
    $('#download').setAttribute('download', `heliopolis-${page.id}.json`);
    const slider = $('#replay-slider');
    const plies = r.plies ?? 0;
    const s = stops();
    const ply = r.ply ?? plies;
    const k = stopIndex(ply);
    slider.max = String(Math.max(0, s.length - 1));
    if (document.activeElement !== slider) slider.value = String(k);
    $('#replay-every').checked = r.every;
    $('#replay-ply').textContent = r.plies === null ? t('ui.replay.loading')
      : r.every ? t('ui.replay.ply', { ply, plies }) : t('ui.replay.step', { step: k, steps: s.length - 1 });
    $('#replay-first').disabled = r.plies === null || ply <= s[0];
    $('#replay-prev').disabled = r.plies === null || ply <= s[0];
    $('#replay-next').disabled = r.plies === null || ply >= plies;
    $('#replay-last').disabled = r.plies === null || ply >= plies;
    const mv = $('#replay-move');
    if (r.frame && r.frame.ply === ply) {
      const mod = page.view(r.frame.view && r.frame.view.game);
      const raw = !r.every && r.frame.decision ? r.frame.decision : r.frame.move; // catalog message, or notation (older server)
      const text = raw && typeof raw === 'object' ? lineText(raw, live.seats || [])
        : raw && mod && mod.describeMove ? mod.describeMove(raw) : raw;
      mv.textContent = ply === 0 ? t('ui.replay.start') : text ? t('ui.replay.last_move', { move: text }) : '';
    } else {
      mv.textContent = r.loading ? t('ui.replay.loading') : '';
    }
    bar.classList.toggle('replay-active', active());
  }

  function initControls() {
    $('#replay-first').addEventListener('click', () => go(stops()[0] ?? 0));
    $('#replay-prev').addEventListener('click', () => step(-1));
    $('#replay-next').addEventListener('click', () => step(1));
    $('#replay-last').addEventListener('click', () => go(r.plies ?? 0));
    $('#replay-every').addEventListener('change', (ev) => {
      r.every = ev.target.checked;
      localStorage.setItem('heliopolis:replay-every', r.every ? '1' : '0');
      renderBar();
    });
    const slider = $('#replay-slider');
    let timer = null;
    slider.addEventListener('input', () => {
      clearTimeout(timer);
      const v = stops()[Number(slider.value)] ?? 0;
      r.ply = v;
      renderBar();
      timer = setTimeout(() => go(v), 60);
    });
    document.addEventListener('keydown', (ev) => {
      if ($('#replay-bar').hidden || r.plies === null) return;
      const tag = (ev.target && ev.target.tagName) || '';
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(tag) && ev.target.id !== 'replay-slider') return;
      if (ev.target.id === 'replay-slider') return; // the slider handles its own keys
      const k = { ArrowLeft: -1, ArrowRight: 1 }[ev.key];
      if (k) { ev.preventDefault(); step(k); }
      else if (ev.key === 'Home') { ev.preventDefault(); go(stops()[0] ?? 0); }
      else if (ev.key === 'End') { ev.preventDefault(); go(r.plies); }
    });
  }

  return { active, message, restart, renderBar, initControls, go };
}
