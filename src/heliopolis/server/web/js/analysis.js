// The analysis of a finished game on the game page (issue 29; server/learn/analysis_jobs.py): "Analyse
// the game" starts it in the server's bot workers (or shows the stored one: every viewer shares
// it), the panel follows its progress, then draws each seat's expected final margin over the game
// (an SVG chart), the three costliest decisions of each seat with the better move in the game's
// words and notation, and every decision with the points it gave away. "Show" steps the replay to
// the decision's position, where the board marks the better move (``legalFor``). game.js passes:
//
//   const analysis = createAnalysis({ id, live: () => S.msg, go: (ply) => replay.go(ply) });

import * as api from './api.js';
import { $, h, svg, lineText, seatLabel } from './dom.js';
import { t, num } from './i18n.js';

const POLL_MS = 1000;
const COSTLY = 3; // decisions highlighted per seat
const MIN_LOSS = 0.05; // points: a loss below this is noise, not a mistake
const W = 600;
const H = 220;
const PAD = { l: 44, r: 10, t: 10, b: 28 };

const enc = encodeURIComponent;
const getAnalysis = (id) => api.request(`/api/games/${enc(id)}/analysis`);
const startAnalysis = (id) => api.request(`/api/games/${enc(id)}/analysis`, { method: 'POST', body: {} });

export function createAnalysis(page) {
  const a = { data: null, timer: null, asked: false, error: null, key: '' };

  function panel() {
    let p = $('#analysis-panel');
    if (!p) {
      p = h('section', { id: 'analysis-panel', class: 'panel analysis-panel', hidden: true,
        attrs: { 'aria-labelledby': 'analysis-title' } });
      $('#board').after(p); // below the board: the replay bar and the board stay together
    }
    return p;
  }

  async function fetchIt(start) {
    clearTimeout(a.timer);
    try {
      a.data = start ? await startAnalysis(page.id) : await getAnalysis(page.id);
      a.error = null;
    } catch (e) {
      a.error = e.message;
    }
    draw();
    if (a.data && a.data.status === 'running') a.timer = setTimeout(() => fetchIt(false), POLL_MS);
  }

  /** Called on every render: shows the panel for a finished game, loads what is stored once. */
  function update(live) {
    const on = !!live && (live.status === 'finished' || live.status === 'imported');
    const p = panel();
    p.hidden = !on;
    if (!on) return;
    if (!a.asked) {
      a.asked = true;
      fetchIt(false);
    }
  }

  function seats() { return (page.live() || {}).seats || []; }

  function draw() {
    const d = a.data;
    const key = JSON.stringify([d && d.status, d && d.done, a.error]);
    if (key === a.key) return; // nothing new: the panel keeps its scroll and focus
    a.key = key;
    const p = panel();
    const running = d && d.status === 'running';
    const done = d && d.status === 'done';
    const parts = [h('h2', { id: 'analysis-title', text: t('ui.analysis.title') }),
      h('p', { class: 'muted small', text: t('ui.analysis.intro') })];
    if (!done && !running) {
      parts.push(h('button', { id: 'analyse-btn', type: 'button', class: 'btn', text: t('ui.analysis.start'),
        on: { click: () => fetchIt(true) } }));
      if (d && (d.status === 'stopped' || d.status === 'failed')) {
        parts.push(h('p', { class: 'muted', text: t(`ui.analysis.${d.status}`) }));
      }
    }
    if (a.error) parts.push(h('p', { class: 'analysis-error', attrs: { role: 'alert' }, text: a.error }));
    if (running) {
      parts.push(h('div', { class: 'analysis-progress', attrs: { role: 'status' } },
        h('progress', { max: d.total || 1, value: d.done, attrs: { 'aria-label': t('ui.analysis.title') } }),
        h('span', { text: t('ui.analysis.progress', { done: d.done, total: d.total }) })));
    }
    if (done) {
      parts.push(h('p', { class: 'muted small', text: t('ui.analysis.done', { total: d.total, budget: d.budget }) }),
        chart(d.decisions), costliest(d.decisions), table(d.decisions));
    }
    p.replaceChildren(...parts);
    markLog();
  }

  function move(dec, which) {
    const text = dec[`${which}_text`];
    const notation = dec[which];
    const words = text ? lineText(text, seats()) : notation;
    return words === notation ? notation : `${words} (${notation})`;
  }

  function showButton(dec) {
    return h('button', { type: 'button', class: 'btn btn-small btn-ghost analysis-show',
      text: t('ui.analysis.show', { ply: dec.ply }), on: { click: () => show(dec.ply) } });
  }

  /** Steps the replay to the decision at ``ply`` and brings the board into view. */
  function show(ply) {
    page.go(ply);
    $('#replay-bar').scrollIntoView({ block: 'start' });
  }

  function costliest(decisions) {
    const bySeat = new Map();
    for (const dec of decisions) {
      if (!bySeat.has(dec.seat)) bySeat.set(dec.seat, []);
      bySeat.get(dec.seat).push(dec);
    }
    const blocks = [...bySeat.keys()].sort((x, y) => x - y).map((seat) => {
      const who = seatLabel(seats(), seat);
      const worst = bySeat.get(seat).filter((x) => x.loss >= MIN_LOSS).sort((x, y) => y.loss - x.loss).slice(0, COSTLY);
      return h('div', { class: `analysis-costly an-seat-${seat}` },
        h('h3', { text: t('ui.analysis.costliest', { who }) }),
        worst.length ? h('ol', null, worst.map((dec) => h('li', { dataset: { ply: dec.ply } },
          h('span', { text: t('ui.analysis.lost', { ply: dec.ply, played: move(dec, 'played'),
            loss: num(dec.loss), best: move(dec, 'best') }) }), ' ', showButton(dec))))
          : h('p', { class: 'muted', text: t('ui.analysis.none_lost', { who }) }));
    });
    return h('div', { class: 'analysis-costliest' }, blocks);
  }

  function table(decisions) {
    const costly = costlySet(decisions);
    const rows = decisions.map((dec) => h('tr', { class: costly.has(dec.ply) ? 'an-costly' : null, dataset: { ply: dec.ply } },
      h('td', null, h('button', { type: 'button', class: 'link-button', text: String(dec.ply),
        attrs: { 'aria-label': t('ui.analysis.show', { ply: dec.ply }) }, on: { click: () => show(dec.ply) } })),
      h('td', { text: seatLabel(seats(), dec.seat) }),
      h('td', { text: move(dec, 'played') }),
      h('td', { class: 'num an-loss', text: dec.loss >= MIN_LOSS ? `−${num(dec.loss)}` : num(0) }),
      h('td', { class: 'num', text: num(dec.margin, 1, true) })));
    const head = h('tr', null, ['col_move', 'col_seat', 'col_played', 'col_loss', 'col_margin'].map((k) =>
      h('th', { attrs: { scope: 'col' }, text: t(`ui.analysis.${k}`) })));
    return h('div', { class: 'analysis-moves', attrs: { tabindex: '0', role: 'region', 'aria-label': t('ui.analysis.moves') } },
      h('table', { class: 'analysis-table' }, h('caption', { text: t('ui.analysis.moves') }),
        h('thead', null, head), h('tbody', null, rows)));
  }

  function costlySet(decisions) {
    const out = new Set();
    for (const seat of new Set(decisions.map((x) => x.seat))) {
      decisions.filter((x) => x.seat === seat && x.loss >= MIN_LOSS).sort((x, y) => y.loss - x.loss)
        .slice(0, COSTLY).forEach((x) => out.add(x.ply));
    }
    return out;
  }

  function chart(decisions) {
    const plies = decisions.map((x) => x.ply);
    const margins = decisions.map((x) => x.margin);
    const x0 = 0;
    const x1 = Math.max(1, ...plies);
    const lo = Math.min(0, ...margins);
    const hi = Math.max(0, ...margins, lo + 1);
    const X = (ply) => PAD.l + ((ply - x0) / (x1 - x0)) * (W - PAD.l - PAD.r);
    const Y = (m) => PAD.t + ((hi - m) / (hi - lo)) * (H - PAD.t - PAD.b);
    const lines = [...new Set(decisions.map((x) => x.seat))].sort((p, q) => p - q).map((seat) => {
      const pts = decisions.filter((x) => x.seat === seat).map((x) => `${X(x.ply).toFixed(1)},${Y(x.margin).toFixed(1)}`);
      return svg('polyline', { class: `an-line an-seat-${seat}`, points: pts.join(' '), fill: 'none' });
    });
    const ticks = [lo, 0, hi].filter((v, i, all) => all.indexOf(v) === i).map((v) => svg('g', null,
      svg('line', { x1: PAD.l, x2: W - PAD.r, y1: Y(v), y2: Y(v), class: v === 0 ? 'an-zero' : 'an-grid' }),
      svg('text', { x: PAD.l - 4, y: Y(v) + 4, 'text-anchor': 'end', class: 'an-tick' }, num(v, 0))));
    const title = t('ui.analysis.chart');
    const figure = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'analysis-chart', role: 'img', 'aria-label': title },
      svg('title', null, title), ticks, lines,
      svg('text', { x: W - PAD.r, y: H - 6, 'text-anchor': 'end', class: 'an-tick' }, t('ui.analysis.axis_move')),
      svg('text', { x: PAD.l + 6, y: PAD.t + 2, class: 'an-tick', 'dominant-baseline': 'hanging' }, t('ui.analysis.axis_margin')));
    const legend = h('ul', { class: 'analysis-legend' }, [...new Set(decisions.map((x) => x.seat))].sort((p, q) => p - q)
      .map((seat) => h('li', { class: `an-seat-${seat}` }, h('span', { class: 'an-swatch', attrs: { 'aria-hidden': 'true' } }),
        seatLabel(seats(), seat))));
    return h('figure', { class: 'analysis-figure' }, figure, h('figcaption', null, h('span', { text: title }), legend));
  }

  /** The legal list of a replay frame at ``ply``: the better move, so the board draws it marked. */
  function legalFor(ply) {
    const d = a.data;
    if (!d || d.status !== 'done') return [];
    const dec = d.decisions.find((x) => x.ply === ply);
    if (!dec || dec.loss < MIN_LOSS) return [];
    return [{ id: -1, notation: dec.best, text: move(dec, 'best'), better: true }];
  }

  /** Marks the board's element of the better move (drawn as a button by ``legalFor``). */
  function markBoard(root, better) {
    for (const b of better) {
      for (const el of root.querySelectorAll('[data-action]')) {
        if (el.dataset.action !== b.notation) continue;
        el.classList.add('analysis-better');
        el.setAttribute('aria-label', t('ui.analysis.better', { move: el.title || b.notation }));
      }
    }
  }

  /** Puts each decision's loss beside its line in the move log (called after the log is drawn). */
  function markLog() {
    const d = a.data;
    if (!d || d.status !== 'done') return;
    const lines = [...document.querySelectorAll('#log li.log-line')];
    const costly = costlySet(d.decisions);
    for (const dec of d.decisions) {
      const li = dec.line === null || dec.line === undefined ? null : lines[dec.line];
      if (!li || li.querySelector('.an-log-loss') || dec.loss < MIN_LOSS) continue;
      li.append(' ', h('span', { class: ['an-log-loss', costly.has(dec.ply) && 'an-log-costly'],
        title: t('ui.analysis.col_loss'), text: `−${num(dec.loss)}` }));
    }
  }

  return { update, legalFor, markBoard, markLog };
}
