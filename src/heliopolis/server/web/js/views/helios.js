// Helios: the board view. render(root, msg, ctx) draws msg.view (a player_view of the "helios-v1"
// encoding, see games/helios/views.py) into root.
// ctx = {act(id), seat, seats, seatName(i), legal, action(notation) -> legal entry | null,
// showHelper, replay, toast}. Every clickable action element carries data-action="<notation>"
// (HTML <button>s, or SVG <g role="button"> on the hex boards); each legal action has one place on
// the page: hexes for place/temple/step/put, resource discs for pay, tiles for take/land/special,
// buildings/persons for build/buy/activate, and a choice bar for the rest.

import { details, h, humanize, placedAction, ranking, seatTitle, botLevel, svg, compactMoves } from '../dom.js';
import { has, t as tr, tn } from '../i18n.js';
import { actionTileArt, buildingArt, ensureSprite, iconArt, landArt, personArt, token, tokenArt, use } from './helios-art.js';

(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="helios"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/helios.css', import.meta.url).href, dataset: { viewCss: 'helios' },
  }));
}());

const SQ3 = Math.sqrt(3);
const RES = ['blue', 'brown', 'grey', 'green', 'black'];
const SPECIALS = ['free', 'created', 'resources', 'temples']; // helios.special.<k>
const specialName = (k) => tr(`helios.special.${k}`);
const colourName = (c) => tr(`helios.colour.${c}`);
const tileColour = (c) => tr(`helios.tile_colour.${c}`);
const symbolName = (s) => tr(`helios.symbol.${s}`);
/** A printed cost from the tables ("blue grey +1 any", "black or blue") in the page's language. */
const costText = (c) => String(c).split(' ').map((w) => (RES.includes(w) ? colourName(w) : w === 'any' || w === 'or' ? tr(`helios.ui.cost_${w}`) : w)).join(' ');
// Board features and building/person tables come from the engine (view.tables, read from the data
// file), so a corrected printed board shows up here without touching this file.
let TABLES = { hexes: [], buildings: {}, persons: {}, corners: [], bonus_fields: [], mana_fields: [] };
// names by id from the helios catalog (English / the German rulebook's names)
const buildingName = (id) => (has(`helios.building.${id}`) ? tr(`helios.building.${id}`) : (TABLES.buildings[id] || { name: humanize(id) }).name);
const personName = (id) => (has(`helios.person.${id}`) ? tr(`helios.person.${id}`) : (TABLES.persons[id] || { name: humanize(id) }).name);
/** A hex of the notation ("0,-1") as the board coordinate a player reads ("e6"). */
const coord = (key) => ((TABLES.hexes.find((x) => x.hex === key) || {}).label || key);
const PHASES = ['start', 'deal', 'home', 'extra', 'gain', 'put', 'take', 'slot', 'action', 'place', 'pay', 'sun', 'trade', 'bonus',
  'land_office', 'person', 'end']; // helios.ui.phase_<phase>
const phaseText = (p) => (PHASES.includes(p) ? tr(`helios.ui.phase_${p}`) : p === 'idle' ? '' : humanize(p));



function svgText(x, y, text, cls) {
  const t = svg('text', { x, y, class: cls, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
  t.textContent = text;
  return t;
}

/** Make an SVG element a clickable action (when legal); records the notation as placed. */
function svgAction(el, notation, ctx, placed) {
  const entry = ctx.action(notation);
  if (!entry) return el;
  placed.add(notation);
  el.setAttribute('data-action', notation);
  el.setAttribute('data-action-id', entry.id);
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  el.setAttribute('aria-label', entry.text || notation);
  el.classList.add('he-act');
  const title = svg('title');
  title.textContent = entry.text || notation;
  el.insertBefore(title, el.firstChild);
  el.addEventListener('click', (ev) => { ev.stopPropagation(); ctx.act(entry.id); });
  el.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); ctx.act(entry.id); } });
  return el;
}

/** dom.js `placedAction`: each legal action placed once, highlighted with he-act. */
const actionable = (...args) => placedAction('he-act', ...args);

function name(ctx, i) {
  return seatTitle((ctx.seats || []).find((s) => s.seat === i), i);
}

function who(ctx, i) {
  return i === ctx.seat ? tr('ra-dice.ui.you_cap') : name(ctx, i);
}

function parseHex(s) {
  const [q, r] = String(s).split(',').map(Number);
  return { q, r };
}

function hexCentre(q, r, size) {
  return { x: size * 1.5 * q, y: size * SQ3 * (r + q / 2) };
}

function hexPoints(cx, cy, s) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(cx + s * Math.cos(a)).toFixed(2)},${(cy + s * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

// -- one player's hex board ------------------------------------------------------------------------------
const fieldLabel = (key, sets) => (sets.bonus.has(key) ? tr('helios.ui.field_bonus') : sets.mana.has(key) ? tr('helios.ui.field_mana')
  : sets.corners.has(key) ? tr('helios.ui.field_corner') : '');

/** A tiled hex's accessible name: "e5: brown land tile, temple, resources: grey, blue". */
function hexName(label, t, sun, field) {
  const parts = [];
  if (t) parts.push(t.tile.startsWith('special:') ? tr('helios.ui.special_tile', { special: specialName(t.tile.slice(8)) }) : tr('helios.ui.hand_land', { colour: colourName(t.tile) }));
  else parts.push(field || tr('helios.ui.free_hex'));
  if (t && t.temple) parts.push(tr('helios.ui.temple'));
  if (t && t.resources.length) parts.push(tr('helios.ui.resources_on', { list: t.resources.map(colourName).join(', ') }));
  if (sun) parts.push(tr('helios.ui.sun_here'));
  return `${label}: ${parts.join(', ')}`;
}

function fieldMark(key, x, y, size, sets) {
  if (sets.bonus.has(key)) return svgText(x, y - size * 0.12, '+1', 'he-field');
  if (sets.mana.has(key)) return use('mana', x - 6, y - 9, 12, 'he-field-icon');
  if (sets.corners.has(key)) return svgText(x, y - size * 0.12, '★', 'he-field');
  return null;
}

function hexCell(key, label, light, t, ctx, placed, mine, sets, sun, fresh) {
  const size = 20;
  const { q, r } = parseHex(key);
  const { x, y } = hexCentre(q, r, size);
  const special = t && t.tile.startsWith('special:') ? t.tile.slice(8) : null;
  const g = svg('g', { class: ['he-hex', light ? 'light' : 'dark', t ? 'tiled' : 'empty', t && !special && `res-${t.tile}`, special && 'sp', fresh.tile && 'he-new'].filter(Boolean).join(' '),
    'data-hex': key, 'data-coord': label || key, 'data-tile': t ? t.tile : null });
  g.appendChild(svg('polygon', { points: hexPoints(x, y, size * 0.97), class: 'he-hexshape' }));
  if (t) {
    g.appendChild(svg('polygon', { points: hexPoints(x, y, size * 0.8), class: 'he-tileshape' }));
    g.appendChild(use(special || t.tile, x - 7, y - 13, 14, 'he-tile-icon'));
  } else {
    const mark = fieldMark(key, x, y, size, sets);
    if (mark) g.appendChild(mark);
  }
  if (t && t.temple) g.appendChild(use('temple', x + 3, y - 14, 12, ['he-temple', fresh.temple && 'he-new'].filter(Boolean).join(' ')));
  // the board coordinate (column letter, hex counted from the bottom), as in the log and buttons
  if (label) g.appendChild(svgText(x, y + size * 0.7, label, 'he-coord'));
  // place / temple / step / put actions on the hex itself
  const hexActs = [`place:${key}`, `temple:${key}`, `step:${key}`, `put:${key}`].filter((n) => ctx.action(n) && !placed.has(n));
  if (mine && hexActs.length) {
    svgAction(g, hexActs[0], ctx, placed);
    g.classList.add(`he-act-${hexActs[0].split(':')[0]}`);
  } else if (t || sun) {
    g.setAttribute('role', 'img');
    g.setAttribute('aria-label', hexName(label || key, t, sun, fieldLabel(key, sets)));
  }
  return { g, x, y };
}

function resourceTokens(root, key, t, x, y, ctx, placed, mine) {
  const n = t.resources.length;
  // A hex whose tokens are paid from spreads them, and each one's hit area is a cell of its own:
  // overlapping hit circles let one colour's target swallow the click meant for its neighbour.
  const paying = mine && t.resources.some((c) => ctx.action(`pay:${key}:${c}`));
  const dx = paying ? 11 : 8.5;
  const dy = paying ? 10 : 8;
  t.resources.forEach((c, k) => {
    const row = Math.floor(k / 3);
    const inRow = Math.min(3, n - row * 3);
    const rx = x + ((k % 3) - (inRow - 1) / 2) * dx;
    const ry = y + 3 + row * dy - (n > 3 ? dy / 2 : 0);
    const disc = svg('g', { class: `he-res res-${c}`, 'data-colour': c }, token(c, rx, ry, 3.6));
    const pay = `pay:${key}:${c}`;
    if (mine && ctx.action(pay) && !placed.has(pay)) {
      const h = n > 3 ? dy : 16;
      const hit = { x: rx - dx / 2 + 1, y: ry - h / 2 + 1, width: dx - 2, height: h - 2, rx: 3, class: 'he-hit' }; // 1 unit in: the stroke
      disc.insertBefore(svg('rect', hit), disc.firstChild);
      svgAction(disc, pay, ctx, placed);
    }
    root.appendChild(disc);
  });
}

function hexBoard(pl, i, ctx, placed) {
  const size = 20;
  const tiles = new Map(pl.tiles.map((t) => [t.hex, t]));
  const mine = i === ctx.seat && ctx.legal.length > 0;
  const root = svg('svg', {
    class: 'he-hexboard', viewBox: `${-7.1 * size} ${-4.6 * SQ3 * size} ${14.2 * size} ${9.2 * SQ3 * size}`,
    role: 'group', 'aria-label': tr('helios.ui.board_of', { name: name(ctx, i) }),
  });
  const sets = { bonus: new Set(TABLES.bonus_fields), mana: new Set(TABLES.mana_fields), corners: new Set(TABLES.corners) };
  const fresh = freshOn(i);
  const cells = TABLES.hexes.map(({ hex: key, label, light }) => {
    const t = tiles.get(key);
    const cell = hexCell(key, label, light, t, ctx, placed, mine, sets, key === pl.sun,
      { tile: fresh.tiles.has(key), temple: fresh.temples.has(key) });
    root.appendChild(cell.g);
    return { key, t, ...cell };
  });
  // resources above the hexes (pay actions on the tokens)
  for (const { key, t, x, y } of cells) if (t && t.resources.length) resourceTokens(root, key, t, x, y, ctx, placed, mine);
  if (pl.sun) {
    const { q, r } = parseHex(pl.sun);
    const { x, y } = hexCentre(q, r, size);
    root.appendChild(svg('g', { class: ['he-sun', fresh.sun && 'he-moved'].filter(Boolean).join(' '), 'data-sun': pl.sun, 'pointer-events': 'none',
      role: 'img', 'aria-label': tr('helios.ui.sun_on', { coord: coord(pl.sun) }) },
      svg('circle', { class: 'he-sun-halo', cx: x, cy: y, r: 11 }), use('sun', x - 10, y - 10, 20, 'he-sun-icon')));
  }
  return root;
}

// -- supply: columns, land, specials, buildings, persons ---------------------------------------------------
function columnsArea(v, ctx, placed) {
  return h('section', { class: 'he-area he-columns', id: 'he-columns' },
    h('h3', { text: tr('helios.ui.action_tiles') }),
    h('div', { class: 'he-cols' }, Object.entries(v.columns).map(([sym, list]) => {
      const tiles = list.map((c, k) => {
        const bottom = k === list.length - 1;
        const title = tr('helios.ui.atile', { colour: tileColour(c), symbol: symbolName(sym) });
        const label = bottom ? `${title} ${tr('helios.ui.bottom')}` : title;
        return actionable(bottom ? 'span' : 'span', bottom ? `take:${sym}` : null, ctx, placed,
          { class: ['he-atile', `at-${c}`, bottom && 'bottom'], dataset: { colour: c } }, actionTileArt(c, sym, label));
      });
      const disc = v.discards[sym] || {};
      const discN = Object.values(disc).reduce((a, b) => a + b, 0);
      return h('div', { class: 'he-col', dataset: { symbol: sym } },
        h('div', { class: 'he-col-head' }, h('strong', { text: symbolName(sym) }),
          h('span', { class: 'he-dim', text: tr('helios.ui.stack_discard', { stack: v.draw_stacks[sym], discard: discN }), title: Object.entries(disc).map(([c, n]) => `${tileColour(c)} ${n}`).join(', ') })),
        h('div', { class: 'he-col-tiles' }, tiles.length ? tiles : h('span', { class: 'he-dim', text: tr('helios.ui.empty') })));
    })));
}

function landArea(v, ctx, placed) {
  const items = Object.entries(v.face_up_land).map(([stack, c]) => {
    const n = stack === 'extra' ? 'land:extra' : `land:${stack}`;
    const count = stack === 'extra' ? v.extra_stack : v.land_stacks[stack];
    const where = stack === 'extra' ? tr('helios.ui.extra') : colourName(stack);
    const label = `${c ? tr('helios.ui.hand_land', { colour: colourName(c) }) : tr('helios.ui.empty')} · ${where} · ${count}`;
    return actionable('span', n, ctx, placed, { class: ['he-land', c ? `res-${c}` : 'none'], dataset: { stack } },
      landArt(c, label), h('span', { class: 'he-count', attrs: { 'aria-hidden': 'true' }, text: stack === 'extra' ? `${tr('helios.ui.extra')} ${count}` : count }));
  });
  const specials = Object.entries(v.special_tiles).map(([k, n]) => actionable('span', `special:${k}`, ctx, placed,
    { class: 'he-special', dataset: { special: k } },
    landArt(null, `${tr('helios.ui.special_tile', { special: specialName(k) })} × ${n}`, { special: k }),
    h('span', { class: 'he-count', attrs: { 'aria-hidden': 'true' }, text: `×${n}` })));
  return h('section', { class: 'he-area he-landarea', id: 'he-land' },
    h('h3', { text: tr('helios.ui.land_and_special') }),
    h('div', { class: 'he-row' }, items, h('span', { class: 'he-sep', attrs: { 'aria-hidden': 'true' } }), specials));
}

/** A printed cost as tokens: "blue grey +1 any" -> two shapes and "+1". */
function costTokens(cost) {
  return h('span', { class: 'he-cost', title: costText(cost) }, String(cost).split(' ').map((w) => (RES.includes(w) ? tokenArt(w, colourName(w)) : h('span', { text: w === 'any' || w === 'or' ? tr(`helios.ui.cost_${w}`) : w }))));
}

function buildingsArea(v, ctx, placed) {
  const me = ctx.seat !== null && ctx.seat !== undefined ? v.players[ctx.seat] : null;
  const canBuild = ctx.legal.some((l) => l.notation.startsWith('build:'));
  return details('he-buildings', 'he-details', tr('helios.ui.buildings'), canBuild,
    h('div', { class: 'he-grid' }, Object.entries(TABLES.buildings).map(([id, { cost, vp }]) => {
      const owners = v.players.map((p, i) => (p.buildings.includes(id) ? i : -1)).filter((i) => i >= 0);
      const label = `${buildingName(id)} · ${tr('helios.ui.cost_vp', { cost: costText(cost), vp })}${owners.length ? ` · ${tr('helios.ui.built_by', { seats: owners.map((o) => who(ctx, o)).join(', ') })}` : ''}`;
      return actionable('span', `build:${id}`, ctx, placed, { class: ['he-card', 'he-bcard', me && me.buildings.includes(id) && 'owned'], dataset: { building: id } },
        buildingArt(id, label),
        h('span', { class: 'he-card-text', attrs: { 'aria-hidden': 'true' } }, h('strong', { text: buildingName(id) }),
          h('span', { class: 'he-card-cost' }, costTokens(cost), h('span', { class: 'he-vp', text: tr('helios.ui.vp', { n: vp }) }))),
        owners.length ? h('span', { class: 'he-owners', attrs: { 'aria-hidden': 'true' }, text: owners.map((o) => who(ctx, o)).join(', ') }) : null);
    })));
}

function personsArea(v, ctx, placed) {
  return h('section', { class: 'he-area', id: 'he-persons' },
    h('h3', { text: tr('helios.ui.persons_for_sale') }),
    h('div', { class: 'he-grid he-pgrid' }, v.persons_available.length ? v.persons_available.map((id) => {
      const { buy_mana: mana, cost } = TABLES.persons[id] || { buy_mana: '?', cost: '?' };
      return actionable('span', `buy:${id}`, ctx, placed, { class: ['he-card', 'he-pcard'], dataset: { person: id } },
        personArt(id, `${personName(id)} · ${tr('helios.ui.person_cost', { mana, cost: costText(cost) })}`),
        h('span', { class: 'he-card-text', attrs: { 'aria-hidden': 'true' } }, h('strong', { text: personName(id) }),
          h('span', { class: 'he-card-cost' }, h('span', { class: 'he-mana-cost' }, iconArt('mana', ''), String(mana)), costTokens(cost))));
    }) : h('span', { class: 'he-dim', text: tr('helios.ui.none_left') })));
}

// -- prompt and choice bar ------------------------------------------------------------------------------------
function promptText(msg, ctx) {
  const v = msg.view;
  if (v.final_scores) return tr('helios.ui.game_over');
  if (ctx.replay) return '';
  const mine = ctx.legal.length > 0;
  const base = phaseText(v.phase);
  if (!mine) return v.to_move === null || v.to_move === undefined || v.to_move < 0 ? base : `${name(ctx, v.to_move)}: ${base}…`;
  let t = base;
  if (v.phase === 'pay' || v.payment_due) {
    const p = v.payment_due;
    if (p) {
      const parts = Object.entries(p.colours || {}).map(([c, k]) => `${k} ${colourName(c)}`);
      if (p.black_or_blue) parts.push(tr('helios.ui.black_or_blue', { n: typeof p.black_or_blue === 'number' ? p.black_or_blue : 1 }));
      if (p.any) parts.push(tr('helios.ui.any_colour', { n: p.any }));
      t = tr('helios.ui.prompt_pay', { what: payWhat(p), left: parts.join(', ') || tr('helios.ui.nothing') });
    }
  } else if (v.phase === 'sun') {
    const me = v.players[ctx.seat];
    const steps = ctx.legal.some((l) => l.notation.startsWith('step:'));
    const rng = me.sun_range === 'sun' ? tr('helios.ui.range_coast') : tr('helios.ui.range', { n: me.sun_range });
    t = steps ? tr(ctx.action('stop') ? 'helios.ui.prompt_sun_stop' : 'helios.ui.prompt_sun', { range: rng }) : tr('helios.ui.prompt_stop');
  } else if (v.phase === 'place' || v.phase === 'land_office') {
    t = tr('helios.ui.prompt_place');
  }
  return tr('helios.ui.your_move', { what: t });
}

/** payment_due.what is an index: building / person in data order, or the temple's hex index. */
function payWhat(p) {
  if (p.for === 'build') return buildingName(Object.keys(TABLES.buildings)[p.what] || 'building');
  if (p.for === 'person') return personName(Object.keys(TABLES.persons)[p.what] || 'person');
  if (p.for === 'temple') return tr('helios.ui.a_temple');
  return humanize(String(p.for));
}

const CHOICE_LABEL = {
  home: (a) => tr('helios.ui.choice_home', { colour: colourName(a) }), gain: (a) => tr('helios.ui.choice_gain', { colour: colourName(a) }),
  slot: (a) => tr('helios.ui.choice_slot', { colour: tileColour(a) }), do: (a) => tr('helios.ui.choice_do', { symbol: symbolName(a) }),
  trade: (a) => tr('helios.ui.choice_trade', { n: a }), activate: (a) => tr('helios.ui.choice_activate', { person: personName(a) }),
};

function choiceBar(ctx, placed) {
  const left = ctx.legal.filter((l) => !placed.has(l.notation));
  if (!left.length) return null;
  return h('div', { class: 'he-choices', id: 'he-choices' }, left.map((l) => {
    const [k, ...rest] = l.notation.split(':');
    const arg = rest.join(':');
    const label = CHOICE_LABEL[k] ? CHOICE_LABEL[k](arg) : ['stop', 'pass', 'forgo'].includes(l.notation) ? tr(`helios.ui.choice_${l.notation}`) : l.notation;
    const cls = ['btn', 'he-btn', ['forgo', 'pass', 'stop'].includes(l.notation) ? 'btn-secondary' : 'btn-primary'];
    if (k === 'home' || k === 'gain') cls.push(`res-${arg}`, 'he-res-btn');
    if (k === 'slot') cls.push(`at-${arg}`);
    return actionable('span', l.notation, ctx, placed, { class: cls }, h('span', { text: label }));
  }));
}

// -- seat panels ---------------------------------------------------------------------------------------------------
function seatPanel(v, i, msg, ctx, placed) {
  const pl = v.players[i];
  const info = (ctx.seats || []).find((s) => s.seat === i) || {};
  const you = i === ctx.seat;
  const toMove = !v.final_scores && v.to_move === i;
  const kind = info.kind === 'bot' ? botLevel(info.bot) : info.kind === 'human' ? tr('ra.ui.human') : '';
  const final = v.final_scores ? v.final_scores[i] : null;
  const won = (v.winners || []).includes(i);
  const persons = pl.persons.map((p) => actionable('span', `activate:${p.id}`, ctx, placed,
    { class: ['he-chip', 'he-owned-piece', p.active ? 'active' : 'inactive', FRESH.buildings.has(`${i}:${p.id}`) && 'he-new'], dataset: { person: p.id } },
    personArt(p.id, `${personName(p.id)} (${p.active ? tr('helios.ui.active') : tr('helios.ui.inactive')})`, { active: p.active }),
    h('span', { attrs: { 'aria-hidden': 'true' }, text: personName(p.id) })));
  const buildings = pl.buildings.map((b) => h('span', { class: ['he-chip', 'he-owned-piece', FRESH.buildings.has(`${i}:${b}`) && 'he-new'], dataset: { building: b } },
    buildingArt(b, buildingName(b)), h('span', { attrs: { 'aria-hidden': 'true' }, text: buildingName(b) })));
  return h('section', {
    class: ['seat-panel', 'he-seat', you && 'you', toMove && 'to-move', won && 'winner'],
    dataset: { seat: i }, attrs: { 'aria-label': tr('ra.ui.seat_label', { i, name: ctx.seatName(i) }) },
  },
  h('header', { class: 'seat-head' },
    h('div', { class: 'seat-title' },
      h('span', { class: 'seat-name', text: seatTitle(info, i) }),
      you ? h('span', { class: 'badge badge-you', text: tr('ra.ui.you') }) : null,
      kind ? h('span', { class: 'badge badge-kind', text: kind }) : null,
      v.dragon === i ? h('span', { class: 'badge badge-kind he-dragon', title: tr('helios.ui.dragon_title'), text: tr('helios.ui.dragon') }) : null,
      toMove ? h('span', { class: 'badge badge-turn', text: tr('ra-dice.ui.badge_turn') }) : null,
      won ? h('span', { class: 'badge badge-win', text: tr('ra.ui.winner') }) : null),
    final !== null
      ? h('span', { class: 'points', dataset: { points: final }, title: tr('helios.ui.vp_before_final', { n: pl.vp }), text: tr('helios.ui.vp_final', { n: final }) })
      : h('span', { class: 'points', dataset: { points: pl.vp }, text: tr('helios.ui.vp', { n: pl.vp }) })),
  h('dl', { class: 'he-stats' },
    stat(tr('helios.ui.mana'), h('span', { class: 'he-mana' }, iconArt('mana', ''), String(pl.mana))), stat(tr('helios.ui.sun_range'), pl.sun_range === 'sun' ? tr('helios.ui.coast') : pl.sun_range),
    stat(tr('helios.ui.laps'), `${pl.laps.x}/${pl.laps.x_max}`),
    stat(tr('helios.ui.slots'), h('span', null, Object.entries(pl.slots).map(([c, n]) => h('span', { class: ['he-slot', `at-${c}`], title: tr('helios.ui.slot', { colour: tileColour(c) }), text: n })))),
  ),
  hexBoard(pl, i, ctx, placed),
  h('div', { class: 'he-owned' },
    h('span', { class: 'he-dim', text: `${tr('helios.ui.buildings')}: ` }),
    buildings.length ? buildings : h('span', { class: 'he-dim', text: tr('helios.ui.none') })),
  h('div', { class: 'he-owned' },
    h('span', { class: 'he-dim', text: `${tr('helios.ui.persons')}: ` }), persons.length ? persons : h('span', { class: 'he-dim', text: tr('helios.ui.none') })));
}

function handText(hand) {
  const [kind, idx] = hand;
  if (kind === 'land') return tr('helios.ui.hand_land', { colour: RES[idx] ? colourName(RES[idx]) : idx });
  if (kind === 'special') return tr('helios.ui.hand_special', { special: SPECIALS[idx] ? specialName(SPECIALS[idx]) : idx });
  return hand.map(String).join(' ');
}

function stat(label, value) {
  return h('div', { class: 'he-stat' }, h('dt', { text: label }), h('dd', null, value));
}

const BREAKDOWN = ['bag', 'corners', 'specials', 'buildings', 'persons', 'mana']; // helios.ui.breakdown_<k>

function finalResults(v, ctx) {
  if (!v.final_scores) return null;
  const bd = v.score_breakdown || {};
  const seats = v.final_scores.map((_, i) => i);
  return h('section', { id: 'final-results', class: 'final-results' },
    h('h2', { text: tr('ra.ui.final_results') }),
    ranking(ctx, v.final_scores.map((points, seat) => ({ seat, points })), v.winners, tr('helios.ui.vp_unit')),
    Object.keys(bd).length ? h('table', { class: 'he-breakdown', id: 'he-breakdown' },
      h('thead', null, h('tr', null, h('th', { text: tr('helios.ui.vp_unit') }), seats.map((i) => h('th', { text: ctx.seatName(i) })))),
      h('tbody', null, Object.entries(bd).map(([k, vals]) => h('tr', { dataset: { category: k } },
        h('th', { text: BREAKDOWN.includes(k) ? tr(`helios.ui.breakdown_${k}`) : humanize(k) }), vals.map((x) => h('td', { text: x })))),
      h('tr', { class: 'total' }, h('th', { text: tr('helios.ui.total') }), v.final_scores.map((x) => h('td', { text: x }))))) : null);
}

// -- the legend (on demand) ----------------------------------------------------------------------------------
function legend(v) {
  const item = (art, text) => h('li', { class: 'legend-item' }, art, h('span', { text }));
  const group = (key, items) => h('div', { class: 'legend-group', dataset: { group: key } }, h('h4', { text: tr(`helios.ui.legend_${key}`) }), h('ul', null, items));
  const syms = Object.keys(v.columns || { land: 0, build: 0, sun: 0 });
  const body = h('div', { class: 'legend-body', attrs: { tabindex: '0', role: 'group', 'aria-label': tr('helios.ui.legend') } },
    group('land', RES.map((c) => item(landArt(c, ''), tr('helios.ui.hand_land', { colour: colourName(c) })))),
    group('resources', RES.map((c) => item(tokenArt(c, ''), tr('helios.ui.resource', { colour: colourName(c) })))),
    group('specials', SPECIALS.map((k) => item(landArt(null, '', { special: k }), specialName(k)))),
    group('action', [...syms.map((sym) => item(actionTileArt('red', sym, ''), symbolName(sym))), item(actionTileArt('grey', syms[0], ''), tr('helios.ui.legend_wild'))]),
    group('pieces', [item(iconArt('sun', '', 'he-sun-icon'), tr('helios.ui.legend_sun')), item(iconArt('temple', ''), tr('helios.ui.temple')),
      item(iconArt('mana', ''), tr('helios.ui.legend_mana_field')), item(h('span', { class: 'he-glyph', text: '+1' }), tr('helios.ui.field_bonus')),
      item(h('span', { class: 'he-glyph', text: '★' }), tr('helios.ui.field_corner')), item(h('span', { class: 'he-glyph he-dark-swatch' }), tr('helios.ui.legend_dark'))]),
    group('buildings', Object.keys(TABLES.buildings).map((id) => item(buildingArt(id, ''), buildingName(id)))),
    group('persons', Object.keys(TABLES.persons).map((id) => item(personArt(id, ''), personName(id)))));
  return details('he-legend', 'he-legend', h('span', { class: 'he-legend-label', text: tr('helios.ui.legend') }), false, body);
}

// -- what changed since the last drawing (animated; off under prefers-reduced-motion) -----------------------
let PREV = null;
let NOW = null;
let FRESH = { buildings: new Set(), hand: false }; // "<seat>:<building or person id>" new since the last drawing

function remember(msg) {
  const v = msg.view;
  PREV = NOW;
  NOW = {
    game: msg.game_id || msg.id || '',
    boards: v.players.map((p) => ({ tiles: new Set(p.tiles.map((t) => t.hex)), temples: new Set(p.tiles.filter((t) => t.temple).map((t) => t.hex)), sun: p.sun })),
    buildings: new Set(v.players.flatMap((p, i) => [...p.buildings.map((b) => `${i}:${b}`), ...p.persons.map((x) => `${i}:${x.id}`)])),
    hand: JSON.stringify(v.hand || null),
  };
  if (PREV && (PREV.game !== NOW.game || PREV.boards.length !== NOW.boards.length)) PREV = null;
  FRESH = {
    buildings: PREV ? new Set([...NOW.buildings].filter((b) => !PREV.buildings.has(b))) : new Set(),
    hand: !!(PREV && v.hand && PREV.hand !== NOW.hand), // a land or special tile just taken
  };
}

/** The hexes of seat i that gained a tile / a temple, and whether its sun moved, since the last drawing. */
function freshOn(i) {
  const none = { tiles: new Set(), temples: new Set(), sun: false };
  if (!PREV || !NOW) return none;
  const [a, b] = [PREV.boards[i], NOW.boards[i]];
  return { tiles: new Set([...b.tiles].filter((x) => !a.tiles.has(x))), temples: new Set([...b.temples].filter((x) => !a.temples.has(x))), sun: a.sun !== b.sun };
}


// -- entry point ----------------------------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  if (v.tables) TABLES = v.tables;
  ensureSprite();
  remember(msg);
  compactMoves(tn('ra.ui.all_moves', ctx.legal.length), ctx.legal.length);
  root.classList.add('he-board');
  root.classList.toggle('he-watching', !(ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0));
  const placed = new Set();
  const n = v.players.length;
  const start = ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0 ? ctx.seat : 0;
  const order = Array.from({ length: n }, (_, k) => (start + k) % n);
  // Seat panels first (hex actions land on the acting seat's board), then the supply.
  const seats = order.map((i) => seatPanel(v, i, msg, ctx, placed));
  const mineFirst = ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0;
  const onBoard = placed.size;
  const areas = [columnsArea(v, ctx, placed), landArea(v, ctx, placed), personsArea(v, ctx, placed), buildingsArea(v, ctx, placed)];
  const inSupply = placed.size - onBoard;
  // The part one acts on comes first (CSS order): the supply before one's board on a narrow screen when
  // it holds more of the moves, and in the supply the areas holding a move.
  for (const a of areas) if (a.querySelector('[data-action]')) a.classList.add('he-acting');
  const choices = choiceBar(ctx, placed);
  const prompt = promptText(msg, ctx);
  const info = h('div', { class: 'he-info' },
    h('span', { class: 'chip chip-strong', text: tr('helios.ui.round', { round: v.round, rounds: v.rounds }) }),
    h('span', { class: 'chip he-opt', text: tr('helios.ui.turn', { n: v.turn }) }),
    h('span', { class: 'chip he-opt', title: tr('helios.ui.dragon_title') }, iconArt('dragon', ''), tr('helios.ui.dragon_of', { name: who(ctx, v.dragon) })),
    v.bonus_actions_pending ? h('span', { class: 'chip', text: tr('helios.ui.bonus_pending', { n: v.bonus_actions_pending }) }) : null,
    v.hand ? h('span', { class: ['chip', 'he-hand', FRESH.hand && 'he-new'] }, handArt(v.hand),
      h('span', { class: 'he-hand-full', text: tr('helios.ui.in_hand', { what: handText(v.hand) }) }), h('span', { class: 'he-hand-short', text: handText(v.hand) })) : null,
    legend(v));
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { class: 'ra-table he-table', id: 'he-table' },
      info,
      prompt ? h('div', { class: ['he-prompt', ctx.legal.length && 'mine'], id: 'he-prompt', text: prompt }) : null,
      choices),
    h('div', { id: 'seats', class: ['he-main', mineFirst && 'has-you', inSupply > onBoard && 'act-supply'] },
      mineFirst ? seats[0] : null,
      h('div', { class: 'he-supply' }, areas),
      h('div', { class: 'he-others' }, mineFirst ? seats.slice(1) : seats)),
  ].filter(Boolean));
}

function handArt(hand) {
  const [kind, idx] = hand;
  if (kind === 'land' && RES[idx]) return landArt(RES[idx], '');
  if (kind === 'special' && SPECIALS[idx]) return landArt(null, '', { special: SPECIALS[idx] });
  return null;
}

/** Replay captions from notation. */
export function describeMove(move) {
  const p = String(move || '').split(':');
  switch (p[0]) {
    case 'start': return `seat ${p[1]} takes the dragon`;
    case 'deal': return `a ${p[1]} action tile is dealt`;
    case 'extra': return `a ${p[1]} land tile is revealed`;
    case 'home': return `starts with a ${p[1]} land tile`;
    case 'gain': return `gains a ${p[1]} resource`;
    case 'put': return `puts the resource on ${coord(p[1])}`;
    case 'take': return `takes an action tile from the ${p[1]} column`;
    case 'slot': return `attaches the grey tile to the ${p[1]} slot`;
    case 'land': return p[1] === 'extra' ? 'takes the face-up land tile of the extra stack' : `takes the face-up ${p[1]} land tile`;
    case 'special': return `takes the ${specialName(p[1])} special tile`;
    case 'place': return `creates the tile on ${coord(p[1])}`;
    case 'temple': return `builds a temple on ${coord(p[1])}`;
    case 'build': return `builds the ${buildingName(p[1])}`;
    case 'pay': return `pays ${p[2]} from ${coord(p[1])}`;
    case 'step': return `moves the sun to ${coord(p[1])}`;
    case 'stop': return 'stops the sun';
    case 'trade': return `trades ${p[1]} mana`;
    case 'buy': return `buys the ${personName(p[1])}`;
    case 'activate': return `activates the ${personName(p[1])}`;
    case 'do': return `bonus action: ${p[1]}`;
    default: return move;
  }
}
