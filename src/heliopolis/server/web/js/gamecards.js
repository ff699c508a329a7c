// The lobby's shelf of games: for each game a small picture drawn here from its own components
// (SVG made for this project), two lines on what it is, players and length, a link to its rules
// guide (/rules/<game>), its tutorial (/learn/<game>, where it has one), and a button that picks it in the create form.
//
//   mountGameCards(meta.games, (id) => selectGame(id));

import { h, svg } from './dom.js';
import { t, tn } from './i18n.js';

const s = svg;

const text = (x, y, str, attrs = {}) => s('text', { x, y, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, ...attrs }, str);

/** A sun disc as in Ra: a gold disc with its number, rays around it. */
function sunDisc(cx, cy, n) {
  const rays = [];
  for (let k = 0; k < 8; k += 1) {
    const a = (k * Math.PI) / 4;
    rays.push(s('line', { x1: cx + 13 * Math.cos(a), y1: cy + 13 * Math.sin(a), x2: cx + 17 * Math.cos(a), y2: cy + 17 * Math.sin(a), stroke: '#b7791f', 'stroke-width': 2 }));
  }
  return s('g', null, ...rays, s('circle', { cx, cy, r: 11, fill: '#f6c744', stroke: '#8a5a12', 'stroke-width': 1.5 }), text(cx, cy + 4, String(n), { fill: '#4a3300' }));
}

const tile = (x, y, fill, glyph) => s('g', null, s('rect', { x, y, width: 22, height: 22, rx: 3, fill, stroke: '#5b4526' }), text(x + 11, y + 15, glyph, { fill: '#fff', 'font-size': 12 }));

function drawRa() {
  return [s('rect', { x: 4, y: 44, width: 112, height: 30, rx: 5, fill: '#ead9b0', stroke: '#a88a52' }),
    tile(10, 48, '#2b6cb0', '☥'), tile(36, 48, '#c05621', '♛'), tile(62, 48, '#2f855a', '≈'), tile(88, 48, '#742a2a', '✶'),
    sunDisc(28, 22, 9), sunDisc(66, 22, 13), sunDisc(100, 22, 5)];
}

/** A die face with pips (Ra: The Dice Game rolls eight of them). */
function die(x, y, pips, fill) {
  const at = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[pips];
  return s('g', null, s('rect', { x, y, width: 30, height: 30, rx: 6, fill, stroke: '#3d2c12', 'stroke-width': 1.5 }),
    ...at.map(([i, j]) => s('circle', { cx: x + 7 + 8 * i, cy: y + 7 + 8 * j, r: 2.6, fill: '#1a1206' })));
}

function drawRaDice() {
  return [s('rect', { x: 4, y: 60, width: 112, height: 12, rx: 3, fill: '#ead9b0', stroke: '#a88a52' }),
    ...[0, 1, 2, 3, 4, 5].map((k) => s('rect', { x: 8 + 18 * k, y: 63, width: 14, height: 6, fill: k < 3 ? '#b7791f' : '#fff8e6' })),
    die(8, 10, 5, '#fff8e6'), die(44, 20, 3, '#f6c744'), die(80, 8, 6, '#fff8e6')];
}

function hex(cx, cy, r, fill) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) { const a = Math.PI / 6 + (k * Math.PI) / 3; pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`); }
  return s('polygon', { points: pts.join(' '), fill, stroke: '#5b4526', 'stroke-width': 1.2 });
}

function drawHelios() {
  const r = 13;
  const w = r * Math.sqrt(3);
  const cells = [[0, 0, '#68a357'], [1, 0, '#d9b45a'], [2, 0, '#8ab4d8'], [0.5, 1, '#c9795b'], [1.5, 1, '#68a357'], [1, 2, '#d9b45a']];
  return [...cells.map(([i, j, f]) => hex(30 + i * w, 18 + j * r * 1.5, r, f)),
    s('rect', { x: 48, y: 34, width: 12, height: 12, fill: '#f2efe6', stroke: '#3d2c12' }), // a building
    s('circle', { cx: 102, cy: 58, r: 10, fill: '#f6c744', stroke: '#8a5a12', 'stroke-width': 1.5 }), // the sun on its track
    s('path', { d: 'M4 74 Q60 52 116 74', fill: 'none', stroke: '#b7791f', 'stroke-width': 2, 'stroke-dasharray': '3 3' })];
}

function drawMenNefer() {
  return [s('rect', { x: 0, y: 58, width: 120, height: 18, fill: '#8ab4d8' }), // the Nile
    s('path', { d: 'M0 64 q10 -4 20 0 t20 0 t20 0 t20 0 t20 0 t20 0', fill: 'none', stroke: '#2b6cb0', 'stroke-width': 1.5 }),
    s('path', { d: 'M70 62 h26 l-5 7 h-16 z', fill: '#7b4a1e' }), s('line', { x1: 83, y1: 62, x2: 83, y2: 50, stroke: '#3d2c12', 'stroke-width': 1.5 }), // a boat
    s('path', { d: 'M8 56 L34 16 L60 56 z', fill: '#e0c27a', stroke: '#8a6a2a', 'stroke-width': 1.5 }), // the great pyramid
    s('path', { d: 'M34 16 L60 56 L44 56 z', fill: '#c9a55a' }),
    s('rect', { x: 92, y: 18, width: 8, height: 36, fill: '#d8c7a0', stroke: '#8a6a2a' }), s('path', { d: 'M92 18 L96 10 L100 18 z', fill: '#f6c744' })]; // an obelisk
}

const PICTURES = { ra: drawRa, 'ra-dice': drawRaDice, helios: drawHelios, 'men-nefer': drawMenNefer };

/** The picture of one game (an SVG element), or null for a game without one. */
export function gamePicture(id) {
  const draw = PICTURES[id];
  if (!draw) return null;
  return s('svg', { class: 'game-pic', viewBox: '0 0 120 78', width: 120, height: 78, 'aria-hidden': 'true', focusable: 'false' },
    s('rect', { x: 0, y: 0, width: 120, height: 78, rx: 8, fill: '#fbf3df' }), ...draw());
}

function players(g) {
  return g.min_players === g.max_players ? tn('ui.lobby.players_n', g.min_players)
    : t('ui.games.players_range', { low: g.min_players, high: g.max_players });
}

function card(g, name, pick) {
  const key = (k) => `ui.games.${g.id}.${k}`;
  return h('li', { class: 'game-card', dataset: { game: g.id } },
    gamePicture(g.id),
    h('div', { class: 'game-card-body' },
      h('div', { class: 'game-card-head' }, h('h3', { text: name }),
        h('span', { class: 'game-card-facts muted small', text: `${players(g)} · ${t(key('length'))}` })),
      h('p', { class: 'game-card-what', text: t(key('what')) }),
      h('div', { class: 'game-card-links' },
        h('button', { type: 'button', class: 'btn btn-small', text: t('ui.games.pick'), on: { click: () => pick(g.id) } }),
        h('a', { href: `/rules/${g.id}`, class: 'small-link', text: t('ui.games.rules') }),
        g.tutorial ? h('a', { href: `/learn/${g.id}`, class: 'small-link tutorial-link', id: `learn-${g.id}`,
          title: t('tutorial.ui.link_title', { game: name }), text: t('tutorial.ui.link') }) : null)));
}

/** Draws the shelf into #game-shelf: one card per game of the server's meta. */
export function mountGameCards(games, gameName, pick) {
  const host = document.getElementById('game-shelf');
  if (!host) return;
  host.replaceChildren(h('h2', { id: 'games-title', text: t('ui.games.title') }),
    h('ul', { class: 'game-cards' }, games.map((g) => card(g, gameName(g), pick))));
}
