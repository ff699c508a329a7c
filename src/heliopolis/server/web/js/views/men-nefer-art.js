// Men-Nefer's pieces and board spaces drawn as SVG (the project's own art: no publisher's images).
// Each icon is a <symbol> defined once in a hidden sprite and drawn with <use>. Every piece is
// role="img" with a <title> naming its owner and kind; colour is never the only cue: each kind of
// piece has its own shape, and a player's pieces carry the seat number.

import { svg } from '../dom.js';

// Icons on a 24 × 24 grid, drawn in currentColor; s = stroke only, f = filled, e = filled even-odd.
const ICONS = {
  apprentice: 'f:M12 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM4.5 22.5c0-7 3.2-11 7.5-11s7.5 4 7.5 11z',
  scarab: 'f:M9 4.5C9 3 10.3 2 12 2s3 1 3 2.5zM5.5 8.5C5.5 7 8.5 6 12 6s6.5 1 6.5 2.5v7c0 4-3.2 6.5-6.5 6.5s-6.5-2.5-6.5-6.5z|s:M6 11 2.5 9.5M6 15l-3.5 1.5M18 11l3.5-1.5M18 15l3.5 1.5',
  boat: 'f:M11 2v11H4l4-9zm2 2 6 9h-6zM1.5 15h21L19 21H5z',
  sarcophagus: 'f:M8 1.5h8c2 0 3.2 2 3.2 4.2L18 20.5c0 1.2-1 2-2.2 2H8.2c-1.2 0-2.2-.8-2.2-2L4.8 5.7C4.8 3.5 6 1.5 8 1.5z',
  sphinx: 'f:M1.5 21v-3.5c0-1.5 1-2.5 2.5-2.5h9.5v-4C13.5 7.5 15.5 5 18 5s4.5 2.5 4.5 6v10z',
  basket: 'f:M2.5 10h19l-2.6 12H5.1z|s:M7 10c0-4.5 2.4-7 5-7s5 2.5 5 7',
  priestess: 'f:M12 1.5a3.2 3.2 0 1 1 0 6.4 3.2 3.2 0 0 1 0-6.4zM8 9h8l3.5 13.5h-15z',
  block: 'f:M2 6h20v13H2z|s:M2 12.5h20M12 6v6.5',
  disc: 'f:M12 6a6 6 0 1 1 0 12 6 6 0 0 1 0-12z|s:M12 1v3M12 20v3M1 12h3M20 12h3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1',
  heart: 'f:M12 21s-7.5-4.6-9.5-9.1C1 8.3 3.2 4.5 6.8 4.5c2.2 0 3.8 1.2 5.2 3 1.4-1.8 3-3 5.2-3 3.6 0 5.8 3.8 4.3 7.4C19.5 16.4 12 21 12 21z',
  feather: 'f:M20.5 3.5c-6 0-12 3.5-13.5 11l-3.5 6 1.4.8 3.1-5.2c6.6-.5 11.4-5.1 12.5-12.6z',
  eye: 'e:M1.5 12c3-5 7-7.5 10.5-7.5s7.5 2.5 10.5 7.5c-3 5-7 7.5-10.5 7.5S4.5 17 1.5 12zm10.5-4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  // wares
  ring: 'e:M12 5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17zm0 3.5a5 5 0 1 0 0 10 5 5 0 0 0 0-10z|f:M9.5 1.5h5L12 5z',
  collar: 'e:M2 4h20c0 8-4.5 14-10 14S2 12 2 4zm4 0c.5 5 3 9 6 9s5.5-4 6-9z',
  amulet: 'e:M12 1.5a4.5 4.5 0 0 1 2.6 8.2L19 22.5H5L9.4 9.7A4.5 4.5 0 0 1 12 1.5zm0 2.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  statuette: 'f:M12 1.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM8.5 8.5h7l1 8h-2.5v4.5h-4v-4.5H7.5zM6 21h12v2H6z',
  vase: 'f:M8 1.5h8v2.5l-1.5 1.5c3.5 1.5 5.5 5 5.5 8.5 0 5-3.5 8.5-8 8.5s-8-3.5-8-8.5c0-3.5 2-7 5.5-8.5L8 4z',
  // papyrus drawings
  lotus: 'f:M12 2c2.5 3 3.5 6.5 3.5 10S14 19 12 20c-2-1-3.5-4.5-3.5-8S9.5 5 12 2zM2.5 8c4 0 7 3.5 8 11-4.5-.5-8-4.5-8-11zm19 0c0 6.5-3.5 10.5-8 11 1-7.5 4-11 8-11z|s:M5 22.5h14',
  ibis: 'f:M9 7c3.5 0 7 2.5 8 7l4 1-4.5 1.5C15 19 12 20 9 20c-2.5 0-5-1.5-6-4l3-1c-1-2.5 0-5.5 3-8z|s:M9 7C8 4 5 3 3 4.5M10 20v3M13 19.5v3.5',
  cobra: 'f:M12 1.5c3 0 5 2.5 5 5.5 0 2.5-1.5 4.5-3.5 5.5v3c3 .5 6 2 6 4.5 0 2-3.5 3-7.5 3s-7.5-1-7.5-3c0-2 2-3.5 4.5-4.2V12.5C7 11.5 7 9 7 7c0-3 2-5.5 5-5.5z',
  // hieroglyphs on the action tiles
  ankh: 'e:M12 1.5c2.8 0 4.5 2.3 4.5 4.8 0 1.9-1 3.6-2.3 4.7h6.3v3h-7.5v8.5h-2v-8.5H3.5v-3h6.3C8.5 9.9 7.5 8.2 7.5 6.3c0-2.5 1.7-4.8 4.5-4.8zm0 2.5c-1.2 0-2 1-2 2.3 0 1.6 1 3.3 2 4.2 1-.9 2-2.6 2-4.2 0-1.3-.8-2.3-2-2.3z',
  djed: 'f:M9.5 10h5v12.5h-5zM5 8h14v2H5zM5 5h14v2H5zM5 2h14v2H5zM7 20.5h10v2H7z',
  was: 'f:M11 8h2v14.5h-2zM8 22l3-3v3.5zM16 22l-3-3v3.5z|s:M12 8c0-3 1-5.5 4-5.5L20 5',
  reed: 'f:M11 9h2v13.5h-2z|f:M12 1.5c2.5 1.5 4 4.5 3.5 8h-7C8 6 9.5 3 12 1.5z|s:M9 14l-4-2M15 17l4-2',
  water: 's:M2 6l2.5-2.5L7 6l2.5-2.5L12 6l2.5-2.5L17 6l2.5-2.5L22 6M2 12.5 4.5 10 7 12.5 9.5 10l2.5 2.5 2.5-2.5 2.5 2.5 2.5-2.5 2.5 2.5M2 19l2.5-2.5L7 19l2.5-2.5L12 19l2.5-2.5L17 19l2.5-2.5L22 19',
  papyrus: 'f:M4 3h14a3 3 0 0 1 0 6h-1v12H6a3 3 0 0 1 0-6V6a3 3 0 0 0-2-3z|s:M8 11h6M8 14h6',
  food: 'f:M12 2c3 3 4 6 4 9s-1.8 5-4 5-4-2-4-5 1-6 4-9zM11 16h2v6.5h-2z',
  moon: 'f:M15.5 2a10 10 0 1 0 6.5 17.6A8.2 8.2 0 1 1 15.5 2z',
  heka: 'e:M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12z|f:M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6z',
};

/** The ware kinds, papyrus drawings and hieroglyphs that have an icon of their own. */
export const HAS_ICON = (name) => Object.prototype.hasOwnProperty.call(ICONS, name);

function symbol(name, spec) {
  const parts = spec.split('|').map((p) => {
    const [kind, d] = [p.slice(0, 1), p.slice(2)];
    if (kind === 's') return svg('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    if (kind === 'e') return svg('path', { d, fill: 'currentColor', 'fill-rule': 'evenodd' });
    return svg('path', { d, fill: 'currentColor' });
  });
  return svg('symbol', { id: `mn-i-${name}`, viewBox: '0 0 24 24' }, parts);
}

/** The sprite: every symbol once, in a hidden <svg> at the end of <body> (idempotent). */
export function ensureSprite() {
  if (typeof document === 'undefined' || document.getElementById('mn-sprite')) return;
  document.body.appendChild(svg('svg', { id: 'mn-sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false', class: 'mn-sprite' },
    svg('defs', null, Object.entries(ICONS).map(([n, s]) => symbol(n, s)))));
}

export const use = (name, x, y, size, cls = null) => svg('use', { href: `#mn-i-${name}`, x, y, width: size, height: size, class: cls });

/** A text in the picture (centred unless told). */
export function txt(x, y, text, cls = 'mn-t', anchor = 'middle') {
  return svg('text', { x, y, class: cls, 'text-anchor': anchor, 'dominant-baseline': 'central' }, String(text));
}

/** Words wrapped into lines of at most `width` characters, at most `max` lines (the last one cut with …). */
export function wrap(text, width, max = 3) {
  const lines = [];
  let cur = '';
  const words = [];
  for (const w of String(text).split(/\s+/)) { // a word longer than a line is cut with a hyphen
    let rest = w;
    while (rest.length > width) { words.push(`${rest.slice(0, width - 1)}-`); rest = rest.slice(width - 1); }
    words.push(rest);
  }
  for (const w of words) {
    if (cur && `${cur} ${w}`.length > width) { lines.push(cur); cur = w; } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  if (lines.length > max) return [...lines.slice(0, max - 1), `${lines[max - 1].slice(0, width - 1)}…`];
  return lines;
}

/** A block of wrapped text lines centred on x, starting at y, `lh` apart. */
export function lines(x, y, text, width, { max = 3, lh = 9, cls = 'mn-t mn-t-s' } = {}) {
  return wrap(text, width, max).map((l, k) => txt(x, y + k * lh, l, cls));
}

/**
 * A piece: the kind's icon in the owner's colour with the seat number on it (neutral pieces: grey,
 * no number). `key` names it for the placement animation (men-nefer.js `markFresh`).
 */
export function piece(kind, seat, label, x, y, size, { key = null, rotate = 0 } = {}) {
  const neutral = seat === 'n';
  const g = svg('g', {
    class: `mn-pc ${neutral ? 'mn-cn' : `mn-c${seat}`}`,
    role: 'img', 'aria-label': label, 'data-piece': kind, 'data-seat': neutral ? 'n' : seat, 'data-key': key,
    transform: rotate ? `rotate(${rotate} ${x + size / 2} ${y + size / 2})` : null,
  }, svg('title', null, label), use(kind, x, y, size, 'mn-pc-icon'));
  if (!neutral) {
    const num = txt(x + size / 2, y + size * 0.62, String(seat), 'mn-pc-num');
    num.setAttribute('font-size', String(Math.max(4, Math.min(6.5, size * 0.5))));
    g.append(num);
  }
  return g;
}

/** The picture of one area: a scalable <svg> (a group: its spaces and pieces are named one by one). */
export function picture(w, hgt, label, ...children) {
  return svg('svg', { class: 'mn-pic', viewBox: `0 0 ${w} ${hgt}`, role: 'group', 'aria-label': label, focusable: 'false' }, children.flat(Infinity));
}

/**
 * A space of the board: a rounded rectangle and what is drawn on it; a legal move not placed
 * elsewhere yet makes it a button (role="button", focusable, Enter or Space), recorded in `placed`.
 * `info` is the space's name and printed text (its <title> when it is no move).
 */
export function space(notation, ctx, placed, { x, y, w, h, cls = '', info = '', rx = 4 }, ...children) {
  const g = svg('g', { class: `mn-sp ${cls}`.trim() },
    svg('rect', { class: 'mn-sp-bg', x, y, width: w, height: h, rx }), children.flat(Infinity));
  const entry = notation && !placed.has(notation) ? ctx.action(notation) : null;
  if (!entry) {
    if (info) g.prepend(svg('title', null, info));
    return g;
  }
  placed.add(notation);
  const label = info ? `${entry.text || notation} — ${info}` : entry.text || notation;
  g.classList.add('mn-act', 'mn-svg-act');
  for (const [k, v] of Object.entries({ 'data-action': notation, 'data-action-id': entry.id, role: 'button', tabindex: '0', 'aria-label': label })) g.setAttribute(k, v);
  g.prepend(svg('title', null, label));
  g.addEventListener('click', (ev) => { ev.stopPropagation(); ctx.act(entry.id); });
  g.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); ctx.act(entry.id); } });
  return g;
}
