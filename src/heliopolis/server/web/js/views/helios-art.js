// Helios pieces drawn as SVG (the project's own art: no publisher's images). As in ra-art.js every
// icon is a <symbol> defined once in a hidden sprite and drawn with <use>. Colour is never the only
// cue: each resource colour has its own token shape and land icon, each piece kind its own outline
// (land tiles hexagons, action tiles squares, buildings a gabled card, persons a round medallion).

import { svg } from '../dom.js';

// Icons on a 48 × 48 grid in currentColor; s = stroke, f = fill, k = fill in the piece's background.
const ICONS = {
  // the five resources (the land tiles' icons): spring, sequoia, granite, bamboo, obsidian
  blue: 'f:M24 5C16 17 11 24 11 31a13 13 0 0 0 26 0c0-7-5-14-13-26z|k:M18 31a6 6 0 0 0 6 6v-3a3 3 0 0 1-3-3z',
  brown: 'f:M24 3l13 18h-6l9 13H8l9-13h-6z|f:M21 33h6v11h-6z',
  grey: 'f:M3 42l11-20 7 8 9-19 15 31z|k:M30 17l3 8-5-2z',
  green: 's:M17 45V5M31 45V3|s:M13 17h8M13 30h8M27 14h8M27 28h8|s:M17 23l-9-6M31 20l9-7',
  black: 'f:M24 3l15 15-15 27L9 18z|k:M14 18h20l-10 20z',
  // the special tiles: free fields, created land, resources, temples
  free: 's:M24 7l14 8v17l-14 8-14-8V15z|f:M24 21a3 3 0 1 1 0 6 3 3 0 0 1 0-6z',
  created: 'f:M24 5l16 9v20l-16 9-16-9V14z|k:M22 14h4v8h8v4h-8v8h-4v-8h-8v-4h8z',
  resources: 'f:M6 26h14v14H6zM28 26h14v14H28zM17 8h14v14H17z',
  temples: 'f:M24 4L4 16h40z|f:M8 18h5v18H8zM17 18h5v18h-5zM26 18h5v18h-5zM35 18h5v18h-5zM4 38h40v5H4z',
  temple: 'f:M24 4L4 16h40z|f:M8 18h5v18H8zM17 18h5v18h-5zM26 18h5v18h-5zM35 18h5v18h-5zM4 38h40v5H4z',
  // the action tiles' symbols: create land, build, move the sun
  land: 'f:M24 4l17 10v20L24 44 7 34V14z|k:M24 13l9 5v11l-9 5-9-5V18z',
  build: 'f:M8 40l18-18 5 5-18 18zM24 8l14-2 6 6-2 14-8-8-4 4-6-6 4-4z',
  sun: 'f:M24 14a10 10 0 1 1 0 20 10 10 0 0 1 0-20z|s:M24 3v6M24 39v6M3 24h6M39 24h6M9 9l4 4M35 35l4 4M9 39l4-4M35 13l4-4',
  mana: 'f:M24 3l6 15 15 6-15 6-6 15-6-15-15-6 15-6z',
  dragon: 'f:M6 34c4-12 14-20 26-20l10-8-2 12c4 4 4 10 0 14-6-4-14-4-20 2-4-2-9-2-14 0z|k:M34 18a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
  // the buildings
  observatory: 'f:M8 42V26a16 16 0 0 1 32 0v16z|k:M22 14l14-8 3 5-14 8z',
  sun_lodge: 'f:M6 42V26l18-12 18 12v16z|s:M24 2v5M12 7l3 4M36 7l-3 4',
  power_plant: 'f:M28 2L10 28h12l-4 18 20-28H26z',
  council: 'f:M10 12a5 5 0 1 1 0 .1zM24 8a5 5 0 1 1 0 .1zM38 12a5 5 0 1 1 0 .1z|f:M4 40c0-9 3-16 6-16s6 7 6 16zM18 40c0-10 3-18 6-18s6 8 6 18zM32 40c0-9 3-16 6-16s6 7 6 16z',
  citadel: 'f:M6 44V12h7v6h5v-6h12v6h5v-6h7v32H29v-9a5 5 0 0 0-10 0v9z',
  watchtower: 'f:M14 6h20l-3 8h-3v30h-8V14h-3z|f:M10 4h28v4H10z',
  sanctuary: 'f:M24 4c6 8 8 12 8 17a8 8 0 0 1-16 0c0-5 2-9 8-17z|f:M8 32h32v5H8zM13 37h22v7H13z',
  sacred_grove: 'f:M14 6a9 10 0 0 1 9 10 9 9 0 0 1-18 0 9 10 0 0 1 9-10zM34 10a9 10 0 0 1 9 10 9 9 0 0 1-18 0 9 10 0 0 1 9-10z|f:M12 24h4v20h-4zM32 28h4v16h-4z',
  bazaar: 's:M24 6v34M10 12h28M16 42h16|s:M10 12L4 26h12zM38 12l-6 14h12z',
  warehouse: 'f:M6 18L24 8l18 10v26H6z|k:M13 24h22v16H13z|s:M13 32h22M24 24v16',
  land_office: 'f:M10 6h24l6 6v30H10z|k:M16 16h18v3H16zM16 24h18v3H16zM16 32h12v3H16z',
  palace: 'f:M24 4a9 9 0 0 1 9 9H15a9 9 0 0 1 9-9z|f:M6 16h36v4H6zM9 22h5v16H9zM19 22h10v16H19zM34 22h5v16h-5zM4 40h40v4H4z',
  // the persons
  architect: 's:M24 6L10 42M24 6l14 36M15 30h18|f:M20 4h8v6h-8z',
  prophetess: 's:M3 24c8-12 34-12 42 0-8 12-34 12-42 0z|f:M24 17a7 7 0 1 1 0 14 7 7 0 0 1 0-14z',
  inventor: 'f:M21 3h6l1 6 5 2 5-4 4 4-4 5 2 5 6 1v6l-6 1-2 5 4 5-4 4-5-4-5 2-1 6h-6l-1-6-5-2-5 4-4-4 4-5-2-5-6-1v-6l6-1 2-5-4-5 4-4 5 4 5-2z|k:M24 17a7 7 0 1 1 0 14 7 7 0 0 1 0-14z',
  cartographer: 's:M24 4a20 20 0 1 1 0 40 20 20 0 0 1 0-40z|f:M24 8l5 16-5 16-5-16z',
  priestess: 's:M24 20c-6 0-8-5-8-8s3-8 8-8 8 4 8 8-2 8-8 8zM12 22h24M24 20v24',
  princess: 'f:M4 38L8 12l9 12 7-16 7 16 9-12 4 26z|f:M4 40h40v4H4z',
  explorer: 's:M10 44V4|f:M12 5h26l-6 8 6 8H12z',
  treasurer: 'f:M12 30a12 5 0 1 0 24 0 12 5 0 0 0-24 0zM12 22a12 5 0 1 0 24 0 12 5 0 0 0-24 0zM12 14a12 5 0 1 0 24 0 12 5 0 0 0-24 0z|k:M18 14a6 2 0 1 0 12 0 6 2 0 0 0-12 0z',
};

// A resource token's shape (colour is never the only cue): the rulebook's cubes, told apart here.
const TOKEN = {
  blue: (x, y, r) => svg('circle', { cx: x, cy: y, r }),
  brown: (x, y, r) => svg('rect', { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8 }),
  grey: (x, y, r) => svg('path', { d: `M${x} ${y - r * 1.1}L${x + r * 1.1} ${y + r * 0.8}H${x - r * 1.1}z` }),
  green: (x, y, r) => svg('path', { d: `M${x} ${y - r * 1.15}L${x + r * 1.15} ${y}L${x} ${y + r * 1.15}L${x - r * 1.15} ${y}z` }),
  black: (x, y, r) => svg('path', { d: hexPath(x, y, r * 1.05, Math.PI / 6) }),
};

export const RESOURCES = Object.keys(TOKEN);
export const SPECIAL_ICONS = ['free', 'created', 'resources', 'temples'];

/** The path of a regular hexagon around (x, y); `turn` 0 = flat-topped. */
export function hexPath(x, y, r, turn = 0) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) {
    const a = turn + (Math.PI / 3) * k;
    pts.push(`${(x + r * Math.cos(a)).toFixed(2)} ${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join('L')}z`;
}

function symbol(name, spec) {
  const parts = spec.split('|').map((p) => {
    const [kind, d] = [p.slice(0, 1), p.slice(2)];
    if (kind === 's') return svg('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 3.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    if (kind === 'k') return svg('path', { d, class: 'he-ink-bg' });
    return svg('path', { d, fill: 'currentColor' });
  });
  return svg('symbol', { id: `he-i-${name}`, viewBox: '0 0 48 48' }, parts);
}

/** The sprite: every symbol once, in a hidden <svg> at the end of <body> (idempotent). */
export function ensureSprite() {
  if (typeof document === 'undefined' || document.getElementById('he-sprite')) return;
  document.body.appendChild(svg('svg', { id: 'he-sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false', class: 'he-sprite' },
    svg('defs', null, Object.entries(ICONS).map(([n, s]) => symbol(n, s)))));
}

export const use = (name, x, y, size, cls) => svg('use', { href: `#he-i-${name}`, x, y, width: size, height: size, class: cls });

/** A resource token (on a hex, in a cost, in the legend), its shape by colour. */
export function token(colour, x, y, r) {
  const el = (TOKEN[colour] || TOKEN.blue)(x, y, r);
  el.setAttribute('class', `he-token tok-${colour}`);
  return el;
}

function art(cls, viewBox, label, parts) {
  if (!label) return svg('svg', { class: `he-art ${cls}`, viewBox, 'aria-hidden': 'true', focusable: 'false' }, parts);
  return svg('svg', { class: `he-art ${cls}`, viewBox, role: 'img', 'aria-label': label, focusable: 'false' }, svg('title', null, label), parts);
}

/** A land tile (or a special one: gold rim and its icon) as a hexagon; `null` colour = an empty stack. */
export function landArt(colour, label, { special = null } = {}) {
  const kind = special || colour;
  return art(`he-land-art ${special ? 'sp' : `res-${colour || 'none'}`}`, '0 0 48 48', label, [
    svg('path', { class: 'he-land-bg', d: hexPath(24, 24, 22.5, Math.PI / 6) }),
    kind ? use(kind, 11, 11, 26) : null,
  ]);
}

/** An action tile: a square in its colour (grey is the wild one, hatched) with its column's symbol. */
export function actionTileArt(colour, sym, label) {
  return art(`he-atile-art at-${colour}`, '0 0 48 48', label, [
    svg('rect', { class: 'he-atile-bg', x: 2, y: 2, width: 44, height: 44, rx: 7 }),
    colour === 'grey' ? svg('path', { class: 'he-wild', d: 'M2 14L14 2M2 26L26 2M22 46l24-24M34 46l12-12' }) : null,
    use(sym, 10, 10, 28),
  ]);
}

/** A building: a gabled card with its icon. */
export function buildingArt(id, label) {
  return art('he-building-art', '0 0 48 48', label, [
    svg('path', { class: 'he-building-bg', d: 'M3 18L24 2l21 16v27H3z' }), use(id, 11, 15, 26)]);
}

/** A person: a round medallion with its icon; an inactive one has a dashed rim. */
export function personArt(id, label, { active = true } = {}) {
  return art(`he-person-art ${active ? 'on' : 'off'}`, '0 0 48 48', label, [
    svg('circle', { class: 'he-person-bg', cx: 24, cy: 24, r: 21.5 }), use(id, 11, 11, 26)]);
}

/** A small icon alone (mana, the sun, a temple, the dragon) with its name. */
export function iconArt(name, label, cls = '') {
  return art(`he-icon-art ${cls}`, '0 0 48 48', label, [use(name, 0, 0, 48)]);
}

/** A resource token alone (legend, costs). */
export function tokenArt(colour, label) {
  return art(`he-token-art res-${colour}`, '0 0 16 16', label, [token(colour, 8, 8, 6)]);
}
