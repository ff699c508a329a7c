// Ra: The Dice Game: the drawing (the project's own SVG art). ra-dice.js does layout and
// interaction; this module draws dice, seat pieces, the Sun (Ra) track and the score track.
// Symbols are defined once, in a hidden sprite, and every picture <use>s them (page weight).

import { svg } from '../dom.js';

export { svg };

const INK = 'currentColor';
const SHADE = 'rgba(0,0,0,.38)';

// 24 × 24 pictures: the six die faces, the die-state marks and the seat piece shapes.
const SYMBOLS = {
  sun: () => [
    svg('circle', { cx: 12, cy: 12, r: 5, fill: INK }),
    svg('path', { d: 'M12 1.5v3.5M12 19v3.5M1.5 12H5M19 12h3.5M4.6 4.6l2.5 2.5M16.9 16.9l2.5 2.5M4.6 19.4l2.5-2.5M16.9 7.1l2.5-2.5', stroke: INK, 'stroke-width': 2.2, 'stroke-linecap': 'round', fill: 'none' }),
  ],
  pharaoh: () => [ // a pharaoh's head in the striped nemes headdress, with the beard
    svg('path', { d: 'M12 2C8.2 2 6.4 3.8 5.9 6.6L3.5 19.5c2 .9 3.6 1.1 5.3.9L9.6 16h4.8l.8 4.4c1.7.2 3.3 0 5.3-.9L18.1 6.6C17.6 3.8 15.8 2 12 2Z', fill: INK }),
    svg('path', { d: 'M8.9 7.6h6.2v4.6c0 2.3-1.4 3.9-3.1 3.9s-3.1-1.6-3.1-3.9Z', fill: SHADE }),
    svg('path', { d: 'M11 16.3h2l-.2 5.2h-1.6Z', fill: INK }),
    svg('path', { d: 'M6.6 9.6h1.6M6.1 12.6h2M5.6 15.6h2.2M17.4 9.6h-1.6M17.9 12.6h-2M18.4 15.6h-2.2M7.2 5.4h9.6', stroke: 'rgba(0,0,0,.3)', 'stroke-width': 1.1, fill: 'none' }),
  ],
  nile: () => [ // a boat on the river
    svg('path', { d: 'M12 3v10M12 4l5.5 8H12', stroke: INK, 'stroke-width': 1.8, fill: 'none', 'stroke-linejoin': 'round' }),
    svg('path', { d: 'M2.5 14h19l-3.5 4.5H6Z', fill: INK }),
    svg('path', { d: 'M2 21.5c2.5-1.6 4 1.6 6.5 0s4 1.6 6.5 0 4 1.6 6.5 0', stroke: INK, 'stroke-width': 1.6, fill: 'none', 'stroke-linecap': 'round' }),
  ],
  civ: () => [ // a settlement
    svg('path', { d: 'M2.5 21V12l5-4.5 5 4.5v9Z M11.5 21v-7l5-4.5 5 4.5v7Z', fill: INK }),
    svg('path', { d: 'M6.3 21v-4h2.4v4M15.3 21v-4h2.4v4', fill: 'rgba(0,0,0,.3)' }),
  ],
  mon: () => [ // a pyramid
    svg('path', { d: 'M12 3 22.5 20.5h-21Z', fill: INK }),
    svg('path', { d: 'M12 3 14.5 20.5', stroke: 'rgba(0,0,0,.28)', 'stroke-width': 1.4, fill: 'none' }),
  ],
  ankh: () => [
    svg('path', { d: 'M12 12.5c-2.6-1.8-4-4-4-6.2A4 4 0 0 1 12 2.2a4 4 0 0 1 4 4.1c0 2.2-1.4 4.4-4 6.2ZM12 12.5V22.5M5.5 13.5h13', stroke: INK, 'stroke-width': 2.5, fill: 'none', 'stroke-linecap': 'round' }),
  ],
  lock: () => [
    svg('path', { d: 'M7 11V8a5 5 0 0 1 10 0v3', stroke: INK, 'stroke-width': 2.6, fill: 'none' }),
    svg('rect', { x: 5, y: 11, width: 14, height: 10, rx: 2, fill: INK }),
  ],
  reroll: () => [
    svg('path', { d: 'M19 12a7 7 0 1 1-2.1-5', stroke: INK, 'stroke-width': 2.8, fill: 'none', 'stroke-linecap': 'round' }),
    svg('path', { d: 'M20.5 3v6.5H14Z', fill: INK }),
  ],
  check: () => [svg('path', { d: 'M4 12.5l5 5L20 6.5', stroke: INK, 'stroke-width': 3.2, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })],
  flood: () => [
    svg('path', { d: 'M2 8c2.5-1.8 4 1.8 6.5 0s4 1.8 6.5 0 4 1.8 6.5 0M2 14c2.5-1.8 4 1.8 6.5 0s4 1.8 6.5 0 4 1.8 6.5 0', stroke: INK, 'stroke-width': 2.4, fill: 'none', 'stroke-linecap': 'round' }),
  ],
  ra: () => [ // the Ra figure: a falcon head under the sun disc
    svg('circle', { cx: 12, cy: 6, r: 4.6, fill: '#e8452c', stroke: '#7a1d0c', 'stroke-width': 1 }),
    svg('path', { d: 'M6.5 23c0-6 1.4-10.5 5.5-11.5 3.3-.8 5.6 1.2 5.9 3.6l-2.8.4c.2 1.8-.6 3-1.8 3.6L14 23Z', fill: '#24303f' }),
    svg('path', { d: 'M14.6 14.4l4.6.9-4.1 1.4', fill: '#f0c040' }),
    svg('circle', { cx: 13.3, cy: 14.1, r: 1, fill: '#f0c040' }),
  ],
  // seat pieces: each seat has its own shape as well as its own colour
  p0: () => [svg('circle', { cx: 12, cy: 12, r: 10.5 })],
  p1: () => [svg('rect', { x: 2, y: 2, width: 20, height: 20, rx: 3 })],
  p2: () => [svg('path', { d: 'M12 1.2 23.3 21.8H.7Z', 'stroke-linejoin': 'round' })],
  p3: () => [svg('path', { d: 'M12 .8 23.2 12 12 23.2.8 12Z', 'stroke-linejoin': 'round' })],
};
export const FACES = ['sun', 'pharaoh', 'nile', 'civ', 'mon', 'ankh'];

/** The hidden sprite with every symbol, added to the page once. */
export function ensureSprite() {
  if (typeof document === 'undefined' || document.getElementById('rd-sprite')) return;
  const defs = svg('defs', null, Object.entries(SYMBOLS).map(([id, make]) => svg('symbol', { id: `rd-s-${id}`, viewBox: '0 0 24 24' }, make())));
  const sprite = svg('svg', { id: 'rd-sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false', class: 'rd-sprite' }, defs);
  document.body.appendChild(sprite);
}

const use = (name, attrs) => svg('use', { href: `#rd-s-${name}`, ...attrs });

/** A small decorative picture (the text beside it says what it is). */
export function icon(name, cls = 'rd-icon') {
  ensureSprite();
  return svg('svg', { viewBox: '0 0 24 24', class: cls, 'aria-hidden': 'true', focusable: 'false' }, use(name, { width: 24, height: 24 }));
}

/** A picture that stands alone: it carries its own name. */
export function namedIcon(name, label, cls = 'rd-icon') {
  ensureSprite();
  return svg('svg', { viewBox: '0 0 24 24', class: cls, role: 'img', 'aria-label': label, focusable: 'false' },
    svg('title', null, label), use(name, { width: 24, height: 24 }));
}

/**
 * One die as it lies on the table: its colour, the face symbol and a mark for its state that is a
 * shape, not only a colour: a padlock (locked sun), circling arrows and a dashed rim (to reroll), a
 * tick and a faded face (used), a question mark (still rolling). `ui`: 'keep' | 'reroll' | null.
 */
export function dieArt(d, ui) {
  ensureSprite();
  const state = ui === 'reroll' ? 'reroll' : d.state;
  const kids = [
    svg('rect', { class: 'rd-die-body', x: 3, y: 3, width: 58, height: 58, rx: 11 }),
    svg('rect', { class: 'rd-die-shine', x: 7, y: 6, width: 50, height: 20, rx: 8 }),
    svg('rect', { class: 'rd-die-rim', x: 3, y: 3, width: 58, height: 58, rx: 11 }),
  ];
  if (d.face) kids.push(use(d.face, { class: 'rd-die-sym', x: 14, y: 13, width: 36, height: 36 }));
  else kids.push(svg('text', { class: 'rd-die-sym rd-die-q', x: 32, y: 43, 'text-anchor': 'middle' }, '?'));
  const mark = { sun: 'lock', reroll: 'reroll', chosen: 'reroll', used: 'check' }[state];
  if (mark) {
    kids.push(svg('g', { class: `rd-die-mark mark-${mark}` },
      svg('circle', { cx: 52, cy: 12, r: 10 }), use(mark, { x: 45, y: 5, width: 14, height: 14 })));
  }
  return svg('svg', { class: 'rd-die-art', viewBox: '0 0 64 64', 'aria-hidden': 'true', focusable: 'false' }, kids);
}

/** A seat's piece: its own shape, colour and letter. */
export function piece(seat, letter, label, cls = 'rd-piece') {
  ensureSprite();
  const shape = `p${seat % 4}`;
  const attrs = { class: `${cls} seat-c${seat}`, viewBox: '0 0 24 24', focusable: 'false', 'data-seat': seat };
  const kids = [use(shape, { class: 'rd-piece-shape', width: 24, height: 24 }),
    svg('text', { class: 'rd-piece-letter', x: 12, y: shape === 'p2' ? 18.5 : 16.3, 'text-anchor': 'middle' }, letter)];
  if (label) return svg('svg', { ...attrs, role: 'img', 'aria-label': label }, svg('title', null, label), kids);
  return svg('svg', { ...attrs, 'aria-hidden': 'true' }, kids);
}

/**
 * The Sun track as on the board: a row of sun spaces from the start space to the last, the Ra
 * figure on its space, the sun dice of this turn in front of it (shown as small suns), and the
 * three epochs as discs, the current one ringed.
 */
export function sunTrackArt(st, ghosts, epoch, epochs, label, narrow = false) {
  ensureSprite();
  const n = st.last + 1;
  // On a phone the spaces are taller than wide (15 of them share 350 px) and the epochs are a chip.
  const W = 40; const top = 3; const H = narrow ? 66 : 38;
  const lead = narrow ? 0 : 26 * epochs + 12;
  const kids = [];
  for (let e = 1; e <= (narrow ? 0 : epochs); e += 1) {
    const cx = 13 + 26 * (e - 1);
    kids.push(svg('g', { class: ['rd-epoch', e < epoch && 'done', e === epoch && 'now'].filter(Boolean).join(' ') },
      svg('circle', { cx, cy: top + H / 2, r: 11 }),
      svg('text', { x: cx, y: top + H / 2 + 4.5, 'text-anchor': 'middle' }, ['I', 'II', 'III', 'IV'][e - 1] || String(e))));
  }
  for (let i = 0; i < n; i += 1) {
    const x = lead + i * W;
    const cls = ['rd-sun-cell', i < st.start && 'unused', i === st.start && 'start', i === st.last && 'last', i >= st.start && i < st.ra && 'passed', i === st.ra && 'ra'];
    kids.push(svg('g', { class: cls.filter(Boolean).join(' '), 'data-index': i },
      svg('rect', { x: x + 1, y: top, width: W - 3, height: H, rx: 6 }),
      i !== st.ra ? svg('text', { class: 'rd-sun-no', x: x + W / 2 - 0.5, y: top + H - 4, 'text-anchor': 'middle' }, String(i)) : null,
      i > st.ra && i <= st.ra + ghosts ? use('sun', { class: 'rd-sun-ghost', x: x + 9, y: top + 3, width: 20, height: 20 }) : null,
      i === st.last ? use('ra', { class: 'rd-sun-goal', x: x + 10.5, y: top + 3, width: 16, height: 16, opacity: 0.35 }) : null));
  }
  const rx = lead + st.ra * W;
  kids.push(svg('g', { class: 'rd-ra-figure' }, use('ra', { x: rx + 4, y: top + 2, width: 30, height: narrow ? 44 : 34 })));
  const width = lead + n * W;
  return svg('svg', { id: 'sun-art', class: 'rd-sun-art', viewBox: `0 0 ${width} ${H + 2 * top}`, role: 'img', 'aria-label': label, preserveAspectRatio: 'xMinYMid meet' },
    svg('title', null, label), kids);
}

/**
 * The score track: a ruler of points with every seat's piece on its score (pieces on one score
 * stack). Seats whose points are hidden (`null`) have no piece on it.
 */
export function scoreTrackArt(points, letters, label) {
  const known = points.filter((p) => p !== null && p !== undefined);
  const max = Math.max(40, ...known.map((p) => Math.ceil((p + 1) / 10) * 10));
  const min = Math.min(0, ...known.map((p) => Math.floor(p / 10) * 10));
  const W = 420; const X0 = 10; const X1 = W - 10;
  const x = (p) => X0 + ((p - min) / (max - min)) * (X1 - X0);
  const kids = [svg('rect', { class: 'rd-score-band', x: X0 - 6, y: 17, width: X1 - X0 + 12, height: 8, rx: 4 })];
  for (let p = min; p <= max; p += 1) {
    const big = p % 10 === 0;
    const mid = p % 5 === 0;
    kids.push(svg('line', { class: big ? 'rd-tick big' : 'rd-tick', x1: x(p), x2: x(p), y1: big ? 14 : mid ? 16 : 18, y2: big ? 29 : mid ? 27 : 24 }));
    if (big) kids.push(svg('text', { class: 'rd-score-no', x: x(p), y: 39, 'text-anchor': 'middle' }, String(p)));
  }
  // Pieces closer than their width stand on each other, as stacked cubes do on the board.
  const seats = points.map((p, seat) => [p, seat]).filter(([p]) => p !== null && p !== undefined).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let lastX = -99; let level = 0;
  for (const [p, seat] of seats) {
    level = x(p) - lastX < 15 ? level + 1 : 0;
    lastX = x(p);
    const s = piece(seat, letters[seat], null, 'rd-piece');
    for (const [k, val] of [['x', x(p) - 7.5], ['y', 7 - level * 11], ['width', 15], ['height', 15]]) s.setAttribute(k, val);
    kids.push(s);
  }
  return svg('svg', { id: 'score-art', class: 'rd-score-art', viewBox: `0 ${-4 - 11 * Math.max(0, points.length - 2)} ${W} ${44 + 11 * Math.max(0, points.length - 2)}`, role: 'img', 'aria-label': label, preserveAspectRatio: 'xMinYMid meet' },
    svg('title', null, label), kids);
}
