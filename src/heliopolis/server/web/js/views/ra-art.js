// Ra's pieces drawn as SVG (the project's own art: no publisher's images). Each icon is a <symbol>
// defined once in a hidden sprite and drawn with <use>, so a board of 60 pieces costs a few bytes
// per piece. Every meaningful drawing is role="img" with a <title> (the accessible name); colour
// is never the only cue: every tile kind has its own symbol, disasters a striped red frame, a
// face-down sun hatching and a dashed rim.

import { svg } from '../dom.js';

export { svg };

// Icons on a 48 × 48 grid, drawn in currentColor (the tile's ink); s = stroke only, f = filled.
const ICONS = {
  god: 'f:M24 10c-9 0-16 7-18 14 2 7 9 14 18 14s16-7 18-14c-2-7-9-14-18-14zm0 6a8 8 0 1 1 0 16 8 8 0 0 1 0-16z|f:M24 20a4 4 0 1 1 0 8 4 4 0 0 1 0-8z|s:M18 38l-4 6M30 38l6 4',
  gold: 'f:M3 42l3-9h17l3 9zM22 42l3-9h17l3 9zM12 30l3-9h17l3 9z|s:M24 6v6M16 9l3 4M32 9l-3 4',
  pharaoh: 'f:M24 4c-9 0-14 5-14 12v6L5 43h38l-5-21v-6c0-7-5-12-14-12z|k:M24 12c-4 0-6.5 3-6.5 7v5c0 5 3 9 6.5 9s6.5-4 6.5-9v-5c0-4-2.5-7-6.5-7z|b:M8.5 30h7M32.5 30h7M7 37h9M32 37h9|k:M23 5h2v5h-2z|f:M22 29h4l-.6 8h-2.8z',
  nile: 's:M4 16c5-5 9 5 14 0s9 5 14 0 9 5 14 0M4 26c5-5 9 5 14 0s9 5 14 0 9 5 14 0M4 36c5-5 9 5 14 0s9 5 14 0 9 5 14 0',
  flood: 's:M4 30c5-5 9 5 14 0s9 5 14 0 9 5 14 0M4 40c5-5 9 5 14 0s9 5 14 0 9 5 14 0|f:M24 4l9 12h-6v8h-6v-8h-6z',
  art: 'f:M24 6a18 16 0 1 0 2 32c3 0 3-3 1-5s0-5 3-5h6c4 0 6-3 6-7 0-9-8-15-18-15z|b:M15 18a3 3 0 1 0 .1 0zM24 13a3 3 0 1 0 .1 0zM33 18a3 3 0 1 0 .1 0z',
  agriculture: 's:M24 44V12M24 20c-6-2-8-8-8-12 5 1 8 5 8 12zM24 20c6-2 8-8 8-12-5 1-8 5-8 12zM24 30c-6-2-8-8-8-12 5 1 8 5 8 12zM24 30c6-2 8-8 8-12-5 1-8 5-8 12z',
  religion: 's:M24 20c-5 0-7-4-7-7s3-7 7-7 7 4 7 7-2 7-7 7zM12 22h24M24 20v24',
  astronomy: 'f:M20 6a16 16 0 1 0 16 24A13 13 0 1 1 20 6z|f:M36 6l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  writing: 's:M10 8h24a4 4 0 0 1 4 4v28H14a4 4 0 0 1-4-4zM16 16h16M16 23h16M16 30h10M38 40a4 4 0 0 1-4-4',
  fortress: 'f:M6 42V14h6v5h5v-5h6v5h2v-5h6v5h5v-5h6v28H28v-9a4 4 0 0 0-8 0v9z',
  obelisk: 'f:M24 4l5 6 3 34H16l3-34z|s:M10 44h28',
  palace: 'f:M24 6L4 18h40z|f:M8 20h5v18H8zM17 20h5v18h-5zM26 20h5v18h-5zM35 20h5v18h-5zM4 40h40v4H4z',
  pyramid: 'f:M24 8L2 42h44z|s:M24 8l6 34',
  sphinx: 'f:M3 42v-7c0-3 2-5 5-5h19v-8c0-7 4-12 9-12s9 5 9 12v20z|k:M32 17h8v6c0 2-2 4-4 4s-4-2-4-4z|b:M12 36h12',
  statue: 'f:M24 4a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM18 16h12l2 16h-4v8h-8v-8h-4z|f:M14 40h20v4H14z',
  'step-pyramid': 'f:M18 8h12v8h6v8h6v8h4v10H2V32h4v-8h6v-8h6z',
  temple: 'f:M4 12l8-4v36H4zM44 12l-8-4v36h8zM14 16h20v28h-6V30h-8v14h-6z',
  funeral: 'f:M18 4h12l6 10-4 30H16l-4-30z|b:M20 14h8M24 10v14',
  drought: 'f:M24 8a8 8 0 1 1 0 16 8 8 0 0 1 0-16z|s:M24 2v3M36 16h3M9 16h3M32 7l2-2M16 7l-2-2M4 32h40M4 32l8 12M20 32l-4 12M28 32l4 12M44 32l-8 12',
  unrest: 's:M8 40L40 8M40 40L8 8|f:M36 4h8v8zM12 4H4v8z',
  earthquake: 's:M4 28l10-8 6 10 8-16 6 12 10-8|s:M4 40h40M22 40l4-6-4-4',
  ra: 'f:M24 12a12 12 0 1 1 0 24 12 12 0 0 1 0-24z|s:M24 2v6M24 40v6M2 24h6M40 24h6M8 8l5 5M35 35l5 5M8 40l5-5M35 13l5-5',
  bag: 'f:M16 12h16l-3 5c8 3 13 11 13 18 0 6-5 9-18 9S6 41 6 35c0-7 5-15 13-18z|s:M16 12c2-4 4-6 8-6s6 2 8 6M18 17h12',
  sun: 's:M24 2v5M24 41v5M2 24h5M41 24h5M8.5 8.5l3.5 3.5M36 36l3.5 3.5M8.5 39.5l3.5-3.5M36 12l3.5-3.5',
};

// Tile kind -> the category that colours its frame (the five rows of a display + disasters + Ra).
export const CATEGORY = {
  god: 'god', gold: 'god', pharaoh: 'pharaoh', nile: 'nile', flood: 'nile',
  art: 'civ', agriculture: 'civ', religion: 'civ', astronomy: 'civ', writing: 'civ',
  fortress: 'monument', obelisk: 'monument', palace: 'monument', pyramid: 'monument', sphinx: 'monument',
  statue: 'monument', 'step-pyramid': 'monument', temple: 'monument',
  funeral: 'disaster', drought: 'disaster', unrest: 'disaster', earthquake: 'disaster', ra: 'ra',
};

function symbol(name, spec) {
  const parts = spec.split('|').map((p) => {
    const [kind, d] = [p.slice(0, 1), p.slice(2)];
    if (kind === 's') return svg('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    if (kind === 'b') return svg('path', { d, class: 'ra-ink-bg', fill: 'none', 'stroke-width': 3, 'stroke-linecap': 'round' });
    if (kind === 'k') return svg('path', { d, class: 'ra-ink-bgf' });
    return svg('path', { d, fill: 'currentColor' });
  });
  return svg('symbol', { id: `ra-i-${name}`, viewBox: '0 0 48 48' }, parts);
}

/** The sprite: every symbol once, in a hidden <svg> at the end of <body> (idempotent). */
export function ensureSprite() {
  if (typeof document === 'undefined' || document.getElementById('ra-sprite')) return;
  const stripes = svg('pattern', { id: 'ra-stripes', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    svg('rect', { width: 3, height: 6, fill: 'rgba(0,0,0,.28)' }));
  const hatch = svg('pattern', { id: 'ra-hatch', width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(-45)' },
    svg('rect', { width: 2, height: 5, fill: 'rgba(60,40,10,.25)' }));
  const sprite = svg('svg', { id: 'ra-sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false', class: 'ra-sprite' },
    svg('defs', null, stripes, hatch, Object.entries(ICONS).map(([n, s]) => symbol(n, s))));
  document.body.appendChild(sprite);
}

function titled(attrs, label, ...children) {
  return svg('svg', { ...attrs, role: 'img', 'aria-label': label, focusable: 'false' }, svg('title', null, label), ...children);
}

const use = (name, x = 0, y = 0, size = 48) => svg('use', { href: `#ra-i-${name}`, x, y, width: size, height: size });

/** A tile: a square of its category's colour with its own symbol (disasters: striped red frame). */
export function tileArt(kind, label, { decorative = false } = {}) {
  const cat = CATEGORY[kind] || 'other';
  const frame = [
    svg('rect', { class: 'ra-tile-bg', x: 1, y: 1, width: 46, height: 46, rx: 6 }),
    cat === 'disaster' ? svg('rect', { x: 1, y: 1, width: 46, height: 46, rx: 6, fill: 'url(#ra-stripes)' }) : null,
    cat === 'disaster' ? svg('rect', { class: 'ra-tile-inner', x: 7, y: 7, width: 34, height: 34, rx: 4 }) : null,
    cat === 'god' ? svg('rect', { x: 4.5, y: 4.5, width: 39, height: 39, rx: 4, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }) : null,
    use(ICONS[kind] ? kind : 'ra', cat === 'disaster' ? 11 : 7, cat === 'disaster' ? 11 : 7, cat === 'disaster' ? 26 : 34),
  ];
  const attrs = { class: ['ra-art', 'ra-tile-art', `art-${cat}`].join(' '), viewBox: '0 0 48 48', dataset: null };
  if (decorative) return svg('svg', { ...attrs, 'aria-hidden': 'true', focusable: 'false' }, frame);
  return titled(attrs, label, frame);
}

/** A sun disk: rays, a disk and its number; face down (used this epoch): hatched, dashed rim. */
export function sunArt(value, label, { down = false, centre = false } = {}) {
  return titled({ class: ['ra-art', 'ra-sun-art', down ? 'down' : 'up', centre ? 'centre' : ''].join(' '), viewBox: '0 0 48 48' }, label,
    down ? null : use('sun'),
    svg('circle', { class: 'ra-sun-disk', cx: 24, cy: 24, r: down ? 20 : 16 }),
    down ? svg('circle', { cx: 24, cy: 24, r: 20, fill: 'url(#ra-hatch)' }) : null,
    svg('text', { class: 'ra-sun-num', x: 24, y: 25, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(value)));
}

/** The bag (2009) or the face-down pool (1999), with the number of tiles left on it. */
export function bagArt(n, label) {
  return titled({ class: 'ra-art ra-bag-art', viewBox: '0 0 48 48' }, label, use('bag'),
    svg('text', { class: 'ra-bag-num', x: 24, y: 33, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(n)));
}

/** The epoch marker: a cartouche with the epoch in Roman numerals (I, II, III). */
export function epochArt(epoch, label) {
  return titled({ class: 'ra-art ra-epoch-art', viewBox: '0 0 48 28' }, label,
    svg('rect', { x: 2, y: 2, width: 44, height: 24, rx: 12, class: 'ra-epoch-bg' }),
    svg('text', { x: 24, y: 15, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'ra-epoch-num' }, ['I', 'II', 'III'][epoch - 1] || String(epoch)));
}

/** A Ra track space: blocked (crossed), empty, or holding a Ra tile (the last one ends the epoch). */
export function raSpaceArt(state, label) {
  const parts = [svg('rect', { class: `ra-space-bg ${state}`, x: 1, y: 1, width: 46, height: 46, rx: 6 })];
  if (state === 'filled') parts.push(use('ra', 7, 7, 34));
  if (state === 'blocked') parts.push(svg('path', { d: 'M12 12l24 24M36 12L12 36', stroke: 'currentColor', 'stroke-width': 4, 'stroke-linecap': 'round' }));
  return label ? titled({ class: 'ra-art ra-space-art', viewBox: '0 0 48 48' }, label, parts)
    : svg('svg', { class: 'ra-art ra-space-art', viewBox: '0 0 48 48', 'aria-hidden': 'true', focusable: 'false' }, parts);
}
