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
  const r = { ply: null, plies: null, frame: null, cache: new Map(), seq: 0, loading: false };

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
    slider.max = String(plies);
    if (document.activeElement !== slider) slider.value = String(r.ply ?? plies);
    const ply = r.ply ?? plies;
    $('#replay-ply').textContent = r.plies === null ? t('ui.replay.loading') : t('ui.replay.ply', { ply, plies });
    $('#replay-first').disabled = r.plies === null || ply <= 0;
    $('#replay-prev').disabled = r.plies === null || ply <= 0;
    $('#replay-next').disabled = r.plies === null || ply >= plies;
    $('#replay-last').disabled = r.plies === null || ply >= plies;
    const mv = $('#replay-move');
    if (r.frame && r.frame.ply === ply) {
      const mod = page.view(r.frame.view && r.frame.view.game);
      const raw = r.frame.move; // a catalog message, or notation from an older server
      const text = raw && typeof raw === 'object' ? lineText(raw, live.seats || [])
        : raw && mod && mod.describeMove ? mod.describeMove(raw) : raw;
      mv.textContent = ply === 0 ? t('ui.replay.start') : text ? t('ui.replay.last_move', { move: text }) : '';
    } else {
      mv.textContent = r.loading ? t('ui.replay.loading') : '';
    }
    bar.classList.toggle('replay-active', active());
  }

  function initControls() {
    $('#replay-first').addEventListener('click', () => go(0));
    $('#replay-prev').addEventListener('click', () => go((r.ply ?? 0) - 1));
    $('#replay-next').addEventListener('click', () => go((r.ply ?? 0) + 1));
    $('#replay-last').addEventListener('click', () => go(r.plies ?? 0));
    const slider = $('#replay-slider');
    let timer = null;
    slider.addEventListener('input', () => {
      clearTimeout(timer);
      const v = Number(slider.value);
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
      if (k) { ev.preventDefault(); go((r.ply ?? 0) + k); }
      else if (ev.key === 'Home') { ev.preventDefault(); go(0); }
      else if (ev.key === 'End') { ev.preventDefault(); go(r.plies); }
    });
  }

  return { active, message, restart, renderBar, initControls };
}
