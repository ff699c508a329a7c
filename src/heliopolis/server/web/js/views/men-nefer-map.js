// Men-Nefer: the main board drawn as pictures of its areas (houses of life, action tiles, markets,
// Nile, Great Pyramid, queens' pyramids, necropolis, sphinx avenues, temple, obelisk, Duat), the
// pieces on them, and the legal moves made on the spaces and pieces themselves (men-nefer-art.js
// `space`). Each area is one <svg> 320 units wide: on a phone one unit is about one pixel, so every
// space that can be a move is at least 40 units in both directions (a 36 px tap target).

import { t } from '../i18n.js';
import { AVENUES, FAVOUR_LABEL, ROMAN, TABLES, agreementText, area, cityName, drawingName, glyphName, houseName, name, note, wareKind } from './men-nefer-common.js';
import { HAS_ICON, lines, picture, piece, space, txt, use } from './men-nefer-art.js';
import { h, svg } from '../dom.js';

const W = 320;
const TRACK_H = 38; // a track space: its number, its printed text and the scarabs on it

/** Pieces of several owners in a row from (x, y): [{kind, seat, label, key}]. */
function row(list, x, y, size, gap = 1) {
  return list.map((p, k) => piece(p.kind, p.seat, p.label, x + k * (size + gap), y, size, { key: p.key, rotate: p.rotate || 0 }));
}

function ownerOf(key) {
  return key === 'neutral' ? 'n' : Number(String(key).replace(/^p/, ''));
}

const who = (ctx, p) => (p === 'n' ? t('mnui.neutral') : name(ctx, p));
const pieceLabel = (ctx, p, kind) => `${kind} — ${who(ctx, p)}`;

// -- houses of life ---------------------------------------------------------------------------------
function houseSide(v, ctx, placed, house, side, { x, y, w, h: hgt }) {
  const map = (v.houses[house] || {})[side] || {};
  const n = Object.values(map).reduce((a, b) => a + b, 0);
  const c = TABLES.occupancy_cost;
  const cost = c[Math.min(n, c.length - 1)];
  const list = [];
  for (const [owner, k] of Object.entries(map)) {
    for (let j = 0; j < k; j++) list.push({ kind: 'apprentice', seat: ownerOf(owner), label: pieceLabel(ctx, ownerOf(owner), t('mnui.apprentice')), key: `h:${house}:${side}:${owner}:${j}` });
  }
  const info = `${houseName(house)} — ${t(side === 'sun' ? 'mnui.sun_space' : 'mnui.moon_space')}: ${cost ? t('mnui.next_cost', { n: cost }) : t('mnui.next_free')}`;
  const size = Math.min(13.5, (w - 4) / 4 - 1);
  return space(side === 'sun' ? `house:${house}` : `raise:${house}`, ctx, placed, { x, y, w, h: hgt, cls: `mn-sp-${side}`, info },
    use(side === 'sun' ? 'disc' : 'moon', x + 2, y + 2, 11, 'mn-sp-mark'),
    txt(x + w - 8, y + 8, cost ? `−${cost}` : '0', 'mn-t mn-t-s'),
    row(list.slice(0, 4), x + 2, y + hgt - size - 3, size, 1));
}

// Two drawings of the houses: five columns (a phone: every space a 36 px tap target) or five
// rows, as on the printed board (wider screens: the whole area on the first screen).
const HOUSE_GEO = {
  cols: {
    w: 320, h: 122 + 6 * TRACK_H,
    name: (i) => [i * 64 + 32, 8, 'middle'],
    side: (i, side) => ({ x: i * 64 + 2, y: side === 'sun' ? 16 : 58, w: 60, h: 40 }),
    cell: (i, k) => (k ? { x: i * 64 + 2, y: 122 + (k - 1) * TRACK_H, w: 60, h: TRACK_H - 2 } : { x: i * 64 + 2, y: 100, w: 60, h: 20 }),
    chars: 13, text: (x, y, w) => [x + 8 + (w - 8) / 2, y + 7], lines: 2,
  },
  rows: {
    w: 440, h: 5 * 52,
    name: (i) => [2, i * 52 + 25, 'start'],
    side: (i, side) => ({ x: side === 'sun' ? 62 : 110, y: i * 52, w: 46, h: 50 }),
    cell: (i, k) => (k ? { x: 182 + (k - 1) * 43, y: i * 52, w: 41, h: 50 } : { x: 158, y: i * 52, w: 22, h: 50 }),
    chars: 10, text: (x, y, w) => [x + w / 2, y + 16], lines: 3,
  },
};

function housesPic(v, ctx, placed, wide) {
  const d = v.decision || {};
  const G = HOUSE_GEO[wide ? 'rows' : 'cols'];
  const kids = [];
  TABLES.houses.forEach((house, i) => {
    const [nx, ny, anchor] = G.name(i);
    kids.push(txt(nx, ny, houseName(house), 'mn-t mn-t-h', anchor));
    kids.push(houseSide(v, ctx, placed, house, 'sun', G.side(i, 'sun')), houseSide(v, ctx, placed, house, 'moon', G.side(i, 'moon')));
    const here = (k) => v.players.map((p, s) => (p.scarabs[house] === k ? s : -1)).filter((s) => s >= 0);
    for (let k = 0; k <= TABLES.track_len; k++) {
      const { x, y, w, h: hgt } = G.cell(i, k);
      const text = k ? TABLES.tracks[house][k - 1] : t('mnui.track_start');
      const notation = k && d.kind === 'track' && d.house === house ? `track:${k}` : null;
      const scarabs = here(k).map((s) => ({ kind: 'scarab', seat: s, label: pieceLabel(ctx, s, t('mnui.scarab')), key: `s:${house}:${s}:${k}` }));
      const size = k ? 11 : Math.min(11, hgt - 4, w - 4);
      kids.push(space(notation, ctx, placed, { x, y, w, h: hgt, cls: 'mn-sp-track', info: `${houseName(house)} ${k}: ${text}` },
        txt(x + 5, y + 7, k, 'mn-t mn-t-n'),
        k ? lines(...G.text(x, y, w), text, G.chars, { max: G.lines, lh: 8, cls: 'mn-t mn-t-xs' }) : null,
        k ? row(scarabs, x + 2, y + hgt - 12, 11) : wide ? scarabs.map((sc, j) => piece(sc.kind, sc.seat, sc.label, x + 6, y + 12 + j * 9.5, 9, { key: sc.key })) : row(scarabs, x + 13, y + (hgt - size) / 2, size)));
    }
  });
  return picture(G.w, G.h, t('mnui.area.houses'), kids);
}

// -- action tiles ----------------------------------------------------------------------------------
function tilesPic(v, ctx, placed) {
  const mine = myTiles(v, ctx, placed, 0);
  const oy = mine.length ? 76 : 0; // your own tiles above the display: a visit starts there
  const kids = [mine];
  TABLES.display.forEach((slot, i) => {
    const x = i * 64 + 2;
    const id = v.display[i];
    const tile = id ? TABLES.tiles[id] || { number: '?', glyph: '', text: '' } : null;
    kids.push(use('food', x + 14, oy + 1, 11, 'mn-sp-mark'), txt(x + 34, oy + 7, slot.food > 0 ? `+${slot.food}` : slot.food < 0 ? `−${-slot.food}` : '0', slot.food < 0 ? 'mn-t mn-t-pay' : 'mn-t mn-t-gain'));
    kids.push(space(id ? `take:${i + 1}` : null, ctx, placed, { x, y: oy + 15, w: 60, h: 96, cls: 'mn-sp-tile', info: tile ? `${id}: ${glyphName(tile.glyph)} · ${tile.text}` : t('mnui.empty') },
      tile ? [txt(x + 9, oy + 25, tile.number, 'mn-t mn-t-n'), HAS_ICON(tile.glyph) ? use(tile.glyph, x + 20, oy + 18, 20, 'mn-glyph-icon') : null,
        txt(x + 30, oy + 46, glyphName(tile.glyph), 'mn-t mn-t-s'), lines(x + 30, oy + 58, tile.text, 13, { max: 5 })] : txt(x + 30, oy + 60, '—')));
    kids.push(space(`row:${i + 1}`, ctx, placed, { x, y: oy + 114, w: 60, h: 44, cls: 'mn-sp-row', info: `${t('mnui.row_title', { n: i + 1 })}: ${slot.text}` },
      lines(x + 30, oy + 122, slot.text, 13, { max: 4, lh: 8 })));
  });
  return picture(W, oy + 160, t('mnui.area.tiles'), kids);
}

/** The acting player's own action tiles, where a visit starts: a tile with its apprentice at home. */
function myTiles(v, ctx, placed, y) {
  const me = ctx.seat;
  const pl = me !== null && me !== undefined && me >= 0 ? v.players[me] : null;
  if (!pl) return [];
  const kids = [txt(4, y + 6, `${t('mnui.your_tiles')} (${name(ctx, me)})`, 'mn-t mn-t-h', 'start')];
  pl.tile_slots.forEach((sl, k) => {
    const x = k * 106 + 2;
    const tile = sl.tile ? TABLES.tiles[sl.tile] || { number: '?', glyph: '', text: '' } : null;
    const home = t(sl.apprentice_home ? 'mnui.apprentice_home' : 'mnui.apprentice_out', { n: k + 1 });
    kids.push(space(sl.tile ? `visit:${sl.tile.toLowerCase()}` : null, ctx, placed, { x, y: y + 14, w: 102, h: 56, cls: ['mn-sp-tile', 'mn-sp-own', sl.apprentice_home ? '' : 'away'].join(' '),
      info: tile ? `${home} — ${sl.tile}: ${glyphName(tile.glyph)} · ${tile.text}` : `${home} — ${t('mnui.empty_tile_slot')}` },
    sl.apprentice_home ? piece('apprentice', me, `${t('mnui.apprentice')} — ${name(ctx, me)}`, x + 3, y + 17, 16) : null,
    tile ? [txt(x + 28, y + 24, tile.number, 'mn-t mn-t-n'), HAS_ICON(tile.glyph) ? use(tile.glyph, x + 36, y + 16, 16, 'mn-glyph-icon') : null,
      txt(x + 76, y + 24, glyphName(tile.glyph), 'mn-t mn-t-s'), lines(x + 51, y + 42, tile.text, 21, { max: 3, lh: 9 })] : txt(x + 51, y + 42, '—')));
  });
  return kids;
}

// -- markets ---------------------------------------------------------------------------------------
function wareArt(id, x, y) {
  const w = TABLES.wares[id];
  if (!w) return txt(x + 38, y + 30, '—');
  return [use(HAS_ICON(w.kind) ? w.kind : 'vase', x + 4, y + 3, 18, `mn-ware-icon k-${w.kind}`), txt(x + 48, y + 12, wareKind(w.kind), 'mn-t mn-t-s'),
    w.levels.map((lv, k) => txt(x + 4, y + 30 + k * 10, `${ROMAN[k + 1]} ${lv}`, 'mn-t mn-t-s', 'start'))];
}

function papyrusArt(id, x, y) {
  const p = TABLES.papyri[id];
  if (!p) return txt(x + 38, y + 20, '—');
  return [use('papyrus', x + 2, y + 2, 14, 'mn-sp-mark'),
    use(HAS_ICON(p.left) ? p.left : 'papyrus', x + 18, y + 4, 22, `mn-draw-icon d-${p.left}`), use(HAS_ICON(p.right) ? p.right : 'papyrus', x + 46, y + 4, 22, `mn-draw-icon d-${p.right}`),
    txt(x + 29, y + 32, drawingName(p.left), 'mn-t mn-t-s'), txt(x + 57, y + 32, drawingName(p.right), 'mn-t mn-t-s')];
}

function marketsPic(v, ctx, placed) {
  const kids = [txt(4, 7, t('mnui.wares_bag', { n: v.ware_bag }), 'mn-t mn-t-h', 'start')];
  v.ware_market.forEach((id, i) => {
    const x = i * 80 + 2;
    const w = TABLES.wares[id];
    kids.push(space(id ? `ware:${i + 1}` : null, ctx, placed, { x, y: 15, w: 76, h: 62, cls: 'mn-sp-ware', info: w ? `${wareKind(w.kind)} ${id}: ${w.levels.join(' · ')}` : t('mnui.empty') },
      wareArt(id, x, 15), txt(x + 62, 69, t('mnui.food_n', { n: TABLES.ware_market_cost[i] }), 'mn-t mn-t-s mn-t-cost')));
  });
  kids.push(txt(4, 87, t('mnui.papyri_short', { n: v.papyrus_bag }), 'mn-t mn-t-h', 'start'));
  v.papyrus_market.forEach((id, i) => {
    const x = i * 80 + 2;
    const p = TABLES.papyri[id];
    kids.push(space(id ? `papyrus:${i + 1}` : null, ctx, placed, { x, y: 95, w: 76, h: 50, cls: 'mn-sp-papyrus', info: p ? `${id}: ${drawingName(p.left)} | ${drawingName(p.right)}` : t('mnui.empty') },
      papyrusArt(id, x, 95), txt(x + 62, 139, t('mnui.heka_n', { n: TABLES.papyrus_market_cost[i] }), 'mn-t mn-t-s mn-t-cost')));
  });
  kids.push(txt(4, 160, t('mnui.ta_short'), 'mn-t mn-t-h', 'start'));
  Object.entries(v.agreement_stacks).forEach(([val, n], k) => { // the face-down stacks: value and count
    const x = 80 + k * 80;
    kids.push(svg('g', { class: 'mn-sp mn-sp-ta' }, svg('title', null, t('mnui.ta_stack', { v: val, n })),
      svg('rect', { class: 'mn-sp-bg', x, y: 151, width: 76, height: 18, rx: 3 }), txt(x + 22, 160, `${val} PP`, 'mn-t mn-t-h'), txt(x + 58, 160, `×${n}`, 'mn-t mn-t-s')));
  });
  return picture(W, 171, t('mnui.area.markets'), kids);
}

// -- Nile --------------------------------------------------------------------------------------------
const CITY_H = 96;

/** The boats on one location: the viewer's own larger (they are what a player activates), others' small. */
function boatsAt(v, ctx, loc) {
  const boats = [];
  v.players.forEach((p, s) => p.boats.forEach((b, k) => { if (b === loc) boats.push({ kind: 'boat', seat: s, label: pieceLabel(ctx, s, t('mnui.boat')), key: `b:${s}:${k}:${loc}` }); }));
  return { mine: boats.filter((b) => b.seat === ctx.seat), others: boats.filter((b) => b.seat !== ctx.seat) };
}

function cityBox(v, ctx, placed, loc, x, y) {
  const c = v.cities[loc.id] || { advantage: null, agreements: [] };
  const valid = (v.city_slots || {})[loc.id] || [];
  const kids = [txt(x + 4, y + 7, cityName(loc.id), 'mn-t mn-t-h', 'start'),
    c.advantage ? txt(x + 76, y + 7, TABLES.advantages[c.advantage], 'mn-t mn-t-s', 'end') : null];
  c.agreements.forEach((ta, k) => {
    if (!valid[k]) return;
    const a = ta ? TABLES.agreements[ta] : null;
    const ax = x + k * 40;
    kids.push(space(`agreement:${loc.id}:${k + 1}`, ctx, placed, { x: ax + 1, y: y + 15, w: 38, h: 42, cls: ['mn-sp-ta', a ? '' : 'empty'].join(' '), info: a ? `${ta}: ${agreementText(ta)}` : t('mnui.empty_slot') },
      a ? [txt(ax + 20, y + 23, `${a.value} PP`, 'mn-t mn-t-h'), lines(ax + 20, y + 33, a.text, 9, { max: 3, lh: 7, cls: 'mn-t mn-t-xs' })] : txt(ax + 20, y + 36, '—')));
  });
  const { mine, others } = boatsAt(v, ctx, loc.id);
  kids.push(space(mine.length ? `activate:${loc.id}` : null, ctx, placed, { x: x + 1, y: y + 58, w: 78, h: 37, cls: 'mn-sp-dock', info: `${cityName(loc.id)} → ${cityName(loc.arrow)}` },
    row(mine, x + 4, y + 63, 24, 2), row(others, x + 4 + mine.length * 26, y + 72, 12, 1)));
  return svg('g', { class: 'mn-city', 'data-loc': loc.id },
    svg('title', null, `${cityName(loc.id)} → ${cityName(loc.arrow)}${c.advantage ? `: ${TABLES.advantages[c.advantage]}` : ''}`),
    svg('rect', { class: 'mn-city-bg', x, y, width: 80, height: CITY_H, rx: 5 }), kids.flat(Infinity));
}

function nilePic(v, ctx, placed) {
  const sections = TABLES.locations.filter((l) => !l.city);
  const sx = (id) => sections.findIndex((l) => l.id === id) * 40;
  const ry = CITY_H + 6; // the river between the upper and the lower cities
  const kids = [svg('rect', { class: 'mn-river', x: 0, y: ry - 2, width: W, height: 92, rx: 6 })];
  for (const loc of TABLES.locations.filter((l) => l.city)) kids.push(cityBox(v, ctx, placed, loc, sx(loc.borders), loc.bank === 'upper' ? 2 : ry + 94));
  sections.forEach((loc) => {
    const x = sx(loc.id);
    const info = `${loc.id === 'h' ? t('mnui.harbor') : cityName(loc.id)}: ${t('mnui.food_n', { n: loc.food })}${loc.fishing ? ` · ${t('mnui.fishing', { n: loc.fishing })}` : ''}`;
    const { mine, others } = boatsAt(v, ctx, loc.id);
    kids.push(space(mine.length ? `activate:${loc.id}` : null, ctx, placed, { x: x + 1, y: ry, w: 38, h: 88, cls: ['mn-sp-sec', loc.id === 'h' ? 'harbor' : ''].join(' '), info },
      txt(x + 20, ry + 7, loc.id === 'h' ? 'H' : cityName(loc.id), 'mn-t mn-t-h'),
      txt(x + 20, ry + 18, loc.food ? `+${loc.food}` : '', 'mn-t mn-t-s'),
      loc.fishing ? txt(x + 33, ry + 18, '≈'.repeat(loc.fishing), 'mn-t mn-t-s') : null,
      [0, 1, 2].map((r) => row(others.slice(r * 4, r * 4 + 4), x + 2, ry + 23 + r * 9, 8.5, 0.5)),
      row(mine.slice(0, 2), x + 2, ry + 51, 17, 1), row(mine.slice(2, 4), x + 2, ry + 69, 17, 1)));
  });
  return picture(W, ry + 94 + CITY_H + 2, t('mnui.area.nile'), kids);
}

// -- pyramids ----------------------------------------------------------------------------------------
const FAVOUR_ICON = { food_or_heka: 'food', heart: 'heart', feather: 'feather', eye: 'eye' };

function trackPic(len, perRow, feature, positions, ctx, placed, notation, target, kind, y0) {
  const kids = [];
  const cw = W / perRow;
  for (let k = 0; k <= len; k++) {
    const x = (k % perRow) * cw;
    const y = y0 + Math.floor(k / perRow) * 42;
    const f = feature(k);
    const here = positions.map((pos, s) => (pos === k ? s : -1)).filter((s) => s >= 0)
      .map((s) => ({ kind: 'block', seat: s, label: pieceLabel(ctx, s, t('mnui.stone_block')), key: `${kind}:${s}:${k}` }));
    kids.push(space(target === k ? notation : null, ctx, placed, { x: x + 1, y, w: cw - 2, h: 40, cls: ['mn-sp-track', f.cls].join(' '), info: `${kind} ${k}${f.title ? `: ${f.title}` : ''}` },
      txt(x + 7, y + 8, k, 'mn-t mn-t-n'), f.label ? txt(x + cw - 8, y + 8, f.label, 'mn-t mn-t-s', 'end') : null,
      row(here, x + 3, y + 18, Math.min(12, (cw - 8) / 4), 0.5)));
  }
  return kids;
}

function gpPic(v, ctx, placed) {
  const gp = v.great_pyramid;
  const d = v.decision || {};
  const me = ctx.seat;
  const n = gp.levels.length;
  const kids = [svg('path', { class: 'mn-pyr', d: `M160 2L${160 + (n + 1) * 40} ${(n + 1) * 38 + 30}H${160 - (n + 1) * 40}z` }),
    txt(160, 20, gp.pyramidion ? '△' : '·', 'mn-t mn-t-h'), svg('title', null, gp.pyramidion ? t('mnui.pyramidion') : t('mnui.pyramidion_open'))];
  for (let lv = n - 1; lv >= 0; lv--) {
    const y = (n - lv) * 38 - 6;
    const cells = gp.levels[lv];
    const x0 = 160 - cells.length * 21;
    kids.push(txt(x0 - 12, y + 18, ROMAN[lv + 1], 'mn-t mn-t-n'));
    cells.forEach((f, k) => {
      const notation = d.kind === 'gp_pos' && d.level === lv + 1 && !f ? `position:${k + 1}` : null;
      const x = x0 + k * 42;
      kids.push(space(notation, ctx, placed, { x: x + 1, y, w: 40, h: 36, cls: ['mn-sp-stone', f ? 'built' : ''].join(' '), info: f ? t('mnui.gp_piece', { lv: ROMAN[lv + 1], favour: FAVOUR_LABEL[f] }) : t('mnui.gp_pos', { lv: ROMAN[lv + 1], n: k + 1 }) },
        f ? use(FAVOUR_ICON[f] || 'block', x + 12, y + 9, 18, 'mn-sp-mark') : txt(x + 21, y + 18, k + 1, 'mn-t mn-t-s')));
    });
  }
  const yb = (n + 1) * 38 - 6;
  kids.push(txt(8, yb + 14, t('mnui.base'), 'mn-t mn-t-s', 'start'));
  TABLES.gp_build_places.forEach((f, k) => {
    const x = 160 - TABLES.gp_build_places.length * 21 + k * 42;
    kids.push(svg('g', { class: 'mn-sp mn-sp-base' }, svg('title', null, t('mnui.build_place', { n: k + 1, favour: FAVOUR_LABEL[f] })),
      svg('rect', { class: 'mn-sp-bg', x: x + 1, y: yb, width: 40, height: 28, rx: 3 }), use(FAVOUR_ICON[f] || 'block', x + 12, yb + 5, 18, 'mn-sp-mark')));
  });
  kids.push(txt(4, yb + 42, t('mnui.quarry_short'), 'mn-t mn-t-h', 'start'));
  gp.stack_tops.forEach((f, lv) => { // each level's quarry stack: the piece on top and how many
    const x = 70 + lv * 82;
    kids.push(svg('g', { class: 'mn-sp mn-sp-base' }, svg('title', null, t('mnui.quarry_stack', { lv: ROMAN[lv + 1], favour: f ? FAVOUR_LABEL[f] : '—', n: gp.stack_sizes[lv] })),
      svg('rect', { class: 'mn-sp-bg', x, y: yb + 33, width: 78, height: 18, rx: 3 }), txt(x + 10, yb + 42, ROMAN[lv + 1], 'mn-t mn-t-n'),
      f ? use(FAVOUR_ICON[f] || 'block', x + 24, yb + 34, 16, 'mn-sp-mark') : null, txt(x + 60, yb + 42, `×${gp.stack_sizes[lv]}`, 'mn-t mn-t-s')));
  });
  const ctiles = new Set(v.construction_tiles || []);
  const feature = (k) => {
    const f = TABLES.gp_track[k] || {};
    if (ctiles.has(k) || f.feature === 'construction') return { label: '▲', cls: 'f-build', title: ctiles.has(k) ? t('mnui.construction_2p') : t('mnui.construction') };
    if (f.feature === 'favour') return { label: '!'.repeat(f.n), cls: 'f-favour', title: t('mnui.favours_n', { n: f.n }) };
    if (f.feature === 'seal') return { label: `${f.n}`, cls: 'f-seal', title: t('mnui.harvest_pp', { n: f.n }) };
    return { label: '', cls: '', title: '' };
  };
  const len = TABLES.gp_track.length - 1;
  const pos = v.players.map((p) => p.great_pyramid_block);
  const target = me !== null && me !== undefined && me >= 0 ? Math.min(len, pos[me] + 1) : -1;
  const y0 = yb + 56;
  kids.push(trackPic(len, 6, feature, pos, ctx, placed, 'block:great', target, t('mnui.gp_track'), y0));
  return picture(W, y0 + Math.ceil((len + 1) / 6) * 42, t('mnui.area.gp'), kids);
}

function qpPic(v, ctx, placed) {
  const me = ctx.seat;
  const kids = [];
  const L = TABLES.queen_levels;
  v.queens_tiles.forEach((tile, q) => {
    const x = q * 106 + 2;
    const lv = v.queens_levels[q];
    const eyes = [];
    v.players.forEach((p, s) => { for (let j = 0; j < p.eyes_beside_queens[q]; j++) eyes.push({ kind: 'eye', seat: s, label: pieceLabel(ctx, s, t('mnui.eye')), key: `e:${q}:${s}:${j}` }); });
    const steps = [];
    for (let k = 1; k <= L; k++) {
      const w = (L - k + 1) * 18;
      steps.push(svg('rect', { class: ['mn-qstep', k <= lv ? 'built' : ''].join(' '), x: x + 51 - w / 2, y: 4 + (L - k) * 14, width: w, height: 13, rx: 2 }));
    }
    const what = tile ? t('mnui.pp_per_eye', { what: TABLES.queen_tiles[tile] }) : '';
    kids.push(space(`pyramid:q${q + 1}`, ctx, placed, { x, y: 0, w: 102, h: 100, cls: ['mn-sp-queen', lv >= L ? 'complete' : ''].join(' '), info: `Q${q + 1} (${lv}/${L})${what ? `: ${what}` : ''}` },
      steps, txt(x + 10, 10, `Q${q + 1}`, 'mn-t mn-t-h'), lines(x + 51, 66, what, 22, { max: 2, lh: 8, cls: 'mn-t mn-t-xs' }),
      row(eyes.slice(0, 6), x + 4, 84, 12, 1)));
  });
  const len = TABLES.qp_track.length - 1;
  const pos = v.players.map((p) => p.queens_block);
  const feature = (k) => ((TABLES.qp_track[k] || {}).feature === 'construction'
    ? { label: '▲', cls: 'f-build', title: t('mnui.qp_build_title') } : { label: '', cls: '', title: '' });
  const target = me !== null && me !== undefined && me >= 0 && pos[me] < len ? pos[me] + 1 : -1;
  kids.push(trackPic(len, 5, feature, pos, ctx, placed, 'block:queens', target, t('mnui.qp_track'), 106));
  return picture(W, 106 + Math.ceil((len + 1) / 5) * 42, t('mnui.area.qp'), kids);
}

// -- necropolis and sphinx avenues -------------------------------------------------------------------
function mastabaSpace(slot, v, ctx, placed, x, y, w) {
  const id = v.mastaba_tiles[slot];
  const m = TABLES.mastabas[id] || { pp: '?', text: '' };
  return space(`mastaba:${slot.replace(/_/g, '-').toLowerCase()}`, ctx, placed, { x, y, w, h: 44, cls: 'mn-sp-mastaba', info: t('mnui.mastaba_title', { id, n: m.pp, text: m.text }) },
    txt(x + w / 2, y + 8, `${m.pp} PP`, 'mn-t mn-t-h'), lines(x + w / 2, y + 19, m.text, Math.floor(w / 4.6), { max: 3, lh: 8, cls: 'mn-t mn-t-xs' }));
}

function necropolisPic(v, ctx, placed) {
  const d = v.decision || {};
  const kids = [];
  const cw = 84;
  [1, 2, 3].forEach((c, ci) => kids.push(txt(ci * cw + cw / 2, 7, `${ROMAN[c]} · ${TABLES.column_activations[c]}×`, 'mn-t mn-t-h')));
  kids.push(txt(3 * cw + 34, 7, t('mnui.row_tile'), 'mn-t mn-t-s'));
  ['upper', 'lower'].forEach((r, ri) => {
    const y = 15 + ri * 48;
    [1, 2, 3].forEach((c, ci) => {
      Object.entries(TABLES.graves).filter(([, g]) => g.column === c && g.row === r).forEach(([gid, g], k) => {
        const x = ci * cw + k * 42 + 1;
        const owner = v.necropolis[gid];
        const sarc = owner !== undefined ? [{ kind: 'sarcophagus', seat: owner, label: pieceLabel(ctx, owner, t('mnui.sarcophagus')), key: `g:${gid}:${owner}` }] : [];
        kids.push(space(`grave:${gid.toLowerCase()}`, ctx, placed, { x, y, w: 40, h: 44, cls: ['mn-sp-grave', d.grave === gid ? 'mn-focus' : ''].join(' '), info: `${gid}: ${g.text}${owner !== undefined ? ` — ${t('mnui.sarc_of', { who: name(ctx, owner) })}` : ''}` },
          owner !== undefined ? row(sarc, x + 8, y + 8, 24) : lines(x + 20, y + 10, g.text, 9, { max: 4, lh: 8, cls: 'mn-t mn-t-xs' })));
      });
    });
    kids.push(mastabaSpace(`row_${r}`, v, ctx, placed, 3 * cw + 1, y, 66));
  });
  [1, 2, 3].forEach((c, ci) => kids.push(mastabaSpace(`col_${ROMAN[c]}`, v, ctx, placed, ci * cw + 1, 111, cw - 4)));
  return picture(W, 157, t('mnui.area.necropolis'), kids);
}

function sphinxPic(v, ctx, placed) {
  const kids = [];
  AVENUES.forEach((av, ai) => {
    const x = ai * 80 + 2;
    kids.push(txt(x + 38, 7, houseName(av), 'mn-t mn-t-h'));
    Object.entries(TABLES.pedestals).filter(([, p]) => p.avenue === av).forEach(([pid, p], k) => {
      const y = 15 + k * 44;
      const owner = v.pedestals[pid];
      const sph = owner !== undefined ? [{ kind: 'sphinx', seat: owner, label: pieceLabel(ctx, owner, t('mnui.sphinx')), key: `p:${pid}:${owner}` }] : [];
      kids.push(space(`pedestal:${pid.toLowerCase()}`, ctx, placed, { x, y, w: 76, h: 42, cls: 'mn-sp-pedestal', info: `${pid}: ${p.text}` },
        txt(x + 8, y + 8, p.numeral, 'mn-t mn-t-n'),
        owner !== undefined ? row(sph, x + 24, y + 6, 30) : lines(x + 42, y + 14, p.text, 14, { max: 3, lh: 8, cls: 'mn-t mn-t-xs' })));
    });
  });
  return picture(W, 15 + 3 * 44, t('mnui.area.sphinxes'), kids);
}

// -- temple, obelisk, Duat ---------------------------------------------------------------------------
function priestSpace(v, ctx, placed, room, kind, x, y, w) {
  const key = room === 0 ? 'entrance' : `room${room}`;
  const list = [];
  v.players.forEach((p, s) => {
    const n = (p.priestesses[key] || {})[kind] || 0;
    for (let j = 0; j < n; j++) list.push({ kind: 'priestess', seat: s, rotate: kind === 'lying' ? 90 : 0, label: pieceLabel(ctx, s, t(kind === 'lying' ? 'mnui.priestess_lying_one' : 'mnui.priestess_standing_one')), key: `pr:${room}:${kind}:${s}:${j}` });
  });
  const me = ctx.seat;
  const notation = room < TABLES.rooms ? (room === 0 ? 'priestess:entrance' : `priestess:${room}${kind === 'standing' ? 's' : 'l'}`) : null;
  const mine = list.some((p) => p.seat === me);
  const size = Math.min(14, (w - 4) / Math.max(1, list.length) - 1);
  const info = `${room === 0 ? t('mnui.entrance') : t('mnui.room', { n: room })} — ${t(kind === 'lying' ? 'mnui.lying' : 'mnui.standing')}`;
  return space(mine ? notation : null, ctx, placed, { x, y, w, h: 40, cls: `mn-sp-priests ${kind}`, info },
    txt(x + 5, y + 7, kind === 'lying' ? '▼' : '▲', 'mn-t mn-t-s'), row(list, x + 3, y + 18, Math.max(6, size), 1));
}

function templePic(v, ctx, placed) {
  const deity = v.deity ? v.deity.charAt(0).toUpperCase() + v.deity.slice(1) : '?';
  const kids = [txt(4, 7, t('mnui.entrance'), 'mn-t mn-t-h', 'start'),
    svg('g', null, svg('title', null, t('mnui.altar', { deity, text: TABLES.deities[v.deity] || '' })), use('ankh', 180, 0, 12, 'mn-sp-mark'),
      txt(194, 7, `${deity}: ${TABLES.deities[v.deity] || ''}`, 'mn-t mn-t-s', 'start')),
    priestSpace(v, ctx, placed, 0, 'standing', 2, 14, 316)];
  for (let r = 1; r <= TABLES.rooms; r++) {
    const x = (r - 1) * 80 + 2;
    kids.push(txt(x + 38, 64, `${t('mnui.room', { n: r })} · −${TABLES.room_cost[r]}`, 'mn-t mn-t-h'));
    kids.push(priestSpace(v, ctx, placed, r, 'standing', x, 72, 37), priestSpace(v, ctx, placed, r, 'lying', x + 39, 72, 37));
    Object.entries(TABLES.temple).filter(([, s]) => s.room === r).forEach(([sid, s]) => {
      const side = sid.includes('L') ? 0 : 1;
      const k = Number(sid.slice(-1)) - 1;
      const sx = x + side * 39;
      const y = 116 + k * 44;
      const owner = v.temple[sid];
      const bsk = owner !== undefined ? [{ kind: 'basket', seat: owner, label: pieceLabel(ctx, owner, t('mnui.basket')), key: `t:${sid}:${owner}` }] : [];
      kids.push(space(`basket:${sid.toLowerCase()}`, ctx, placed, { x: sx, y, w: 37, h: 42, cls: 'mn-sp-basket', info: `${sid}: ${s.text}` },
        owner !== undefined ? row(bsk, sx + 7, y + 9, 24) : lines(sx + 18.5, y + 10, s.text, 8, { max: 4, lh: 8, cls: 'mn-t mn-t-xs' })));
    });
  }
  return picture(W, 116 + 4 * 44, t('mnui.area.temple'), kids);
}

function obeliskPic(v, ctx) {
  const kids = [];
  const per = 8;
  TABLES.obelisk.forEach((o, k) => {
    const x = (k % per) * 40;
    const y = Math.floor(k / per) * 40;
    const discs = v.players.map((p, s) => (p.sun_disc === k ? s : -1)).filter((s) => s >= 0)
      .map((s) => ({ kind: 'disc', seat: s, label: pieceLabel(ctx, s, t('mnui.sun_disc')), key: `o:${s}:${k}` }));
    const label = o.seal ? `${o.seal}` : o.deity ? '☥' : o.heka ? `+${o.heka}h` : '';
    const title = o.seal ? t('mnui.harvest_pp', { n: o.seal }) : o.deity ? t('mnui.deity', { deity: v.deity || '' }) : o.heka ? t('mnui.flood_heka', { n: o.heka }) : '';
    kids.push(svg('g', { class: ['mn-sp', 'mn-sp-track', o.seal ? 'f-seal' : '', o.deity ? 'f-deity' : ''].join(' ') },
      svg('title', null, `${t('mnui.obelisk_space', { n: k })}${title ? `: ${title}` : ''}`),
      svg('rect', { class: 'mn-sp-bg', x: x + 1, y, width: 38, height: 38, rx: 3 }),
      txt(x + 7, y + 8, k, 'mn-t mn-t-n'), label ? txt(x + 32, y + 8, label, 'mn-t mn-t-s', 'end') : null,
      row(discs, x + 3, y + 19, 8, 0.5)));
  });
  return picture(W, Math.ceil(TABLES.obelisk.length / per) * 40, t('mnui.area.obelisk'), kids);
}

function duatPic(v, ctx) {
  const kids = [];
  const per = 9;
  const scales = new Set(TABLES.duat.scales);
  const cw = W / per;
  for (let k = 0; k <= TABLES.duat.last; k++) {
    const x = (k % per) * cw;
    const y = Math.floor(k / per) * 36;
    const marks = [];
    v.players.forEach((p, s) => {
      if (p.heart === k) marks.push({ kind: 'heart', seat: s, label: t('mnui.heart_of', { who: name(ctx, s) }), key: `dh:${s}:${k}` });
      if (p.feather === k) marks.push({ kind: 'feather', seat: s, label: t('mnui.feather_of', { who: name(ctx, s) }), key: `df:${s}:${k}` });
    });
    kids.push(svg('g', { class: ['mn-sp', 'mn-sp-track', scales.has(k) ? 'f-scale' : ''].join(' ') },
      svg('title', null, t(scales.has(k) ? 'mnui.duat_scale' : 'mnui.duat_space', { n: k })),
      svg('rect', { class: 'mn-sp-bg', x: x + 1, y, width: cw - 2, height: 34, rx: 3 }),
      txt(x + 7, y + 7, scales.has(k) ? '⚖' : k, 'mn-t mn-t-n'),
      row(marks, x + 2, y + 16, Math.min(12, (cw - 4) / Math.max(1, marks.length) - 0.5), 0.5)));
  }
  return picture(W, Math.ceil((TABLES.duat.last + 1) / per) * 36, t('mnui.area.duat'), kids);
}

// -- the board ----------------------------------------------------------------------------------------
/**
 * The main board: one section per area, each with its picture; `acting` marks the areas that hold
 * one of the player's moves (CSS puts them first on a narrow screen).
 */
export function boardAreas(v, ctx, placed, wide = false) {
  const defs = [
    ['mn-houses', 'mnui.area.houses', () => housesPic(v, ctx, placed, wide), 'mnui.legend'],
    ['mn-tiles', 'mnui.area.tiles', () => tilesPic(v, ctx, placed)],
    ['mn-markets', 'mnui.area.markets', () => marketsPic(v, ctx, placed)],
    ['mn-nile', 'mnui.area.nile', () => nilePic(v, ctx, placed), 'mnui.nile_note'],
    ['mn-temple', 'mnui.area.temple', () => templePic(v, ctx, placed), 'mnui.temple_note'],
    ['mn-necropolis', 'mnui.area.necropolis', () => necropolisPic(v, ctx, placed), 'mnui.necro_note'],
    ['mn-sphinxes', 'mnui.area.sphinxes', () => sphinxPic(v, ctx, placed)],
    ['mn-gp', 'mnui.area.gp', () => gpPic(v, ctx, placed)],
    ['mn-qp', 'mnui.area.qp', () => qpPic(v, ctx, placed)],
    ['mn-obelisk', 'mnui.area.obelisk', () => obeliskPic(v, ctx), 'mnui.obelisk_note'],
    ['mn-duat', 'mnui.area.duat', () => duatPic(v, ctx), 'mnui.duat_note'],
  ];
  return defs.map(([id, title, draw, noteKey], k) => {
    const before = placed.size;
    const pic = draw();
    const el = area(id, t(title), 'mn-pic-area', pic, noteKey ? note(noteKey) : null);
    el.dataset.h = pic.viewBox.baseVal.height;
    el.style.setProperty('--o', String(k));
    if (placed.size > before) el.classList.add('mn-acting');
    return el;
  });
}

/**
 * The areas in `n` columns, as on the printed board the places are fixed but the board is cut in
 * columns: the areas holding a move open the columns (one each, so they are on the first screen),
 * then each area goes to the column that is shortest so far (their pictures' heights are known).
 */
export function columns(areas, n) {
  const cols = Array.from({ length: n }, () => ({ h: 0, items: [] }));
  const acting = areas.filter((a) => a.classList.contains('mn-acting'));
  const rest = areas.filter((a) => !a.classList.contains('mn-acting'));
  const put = (a, c) => { c.items.push(a); c.h += Number(a.dataset.h) + 30; };
  acting.forEach((a, k) => put(a, cols[k % n]));
  for (const a of rest) put(a, cols.reduce((m, c) => (c.h < m.h ? c : m), cols[0]));
  return cols.map((c, k) => h('div', { class: 'mn-col', dataset: { col: k } }, c.items));
}
