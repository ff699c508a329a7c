// Helios: the board view. render(root, msg, ctx) draws msg.view (a player_view of the "helios-v1"
// encoding, see games/helios/views.py) into root.
// ctx = {act(id), seat, seats, seatName(i), legal, action(notation) -> legal entry | null,
// showHelper, replay, toast}. Every clickable action element carries data-action="<notation>"
// (HTML <button>s, or SVG <g role="button"> on the hex boards); each legal action has one place on
// the page: hexes for place/temple/step/put, resource discs for pay, tiles for take/land/special,
// buildings/persons for build/buy/activate, and a choice bar for the rest.

import { details, h, humanize, placedAction, ranking, seatTitle, botLevel, svg } from '../dom.js';
import { has, t as tr } from '../i18n.js';

(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="helios"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/helios.css', import.meta.url).href, dataset: { viewCss: 'helios' },
  }));
}());

const SQ3 = Math.sqrt(3);
const RES = ['blue', 'brown', 'grey', 'green', 'black'];
const RES_FILL = { blue: '#3b7dd8', brown: '#8b5a2b', grey: '#a3a3a3', green: '#3f9b4b', black: '#2a2a2a' };
const SPECIALS = ['free', 'created', 'resources', 'temples']; // helios.special.<k>
const specialName = (k) => tr(`helios.special.${k}`);
const colourName = (c) => tr(`helios.colour.${c}`);
const tileColour = (c) => tr(`helios.tile_colour.${c}`);
const symbolName = (s) => tr(`helios.symbol.${s}`);
/** A printed cost from the tables ("blue grey +1 any", "black or blue") in the page's language. */
const costText = (c) => String(c).split(' ').map((w) => (RES.includes(w) ? colourName(w) : w === 'any' || w === 'or' ? tr(`helios.ui.cost_${w}`) : w)).join(' ');
const SPECIAL_SHORT = { free: 'F', created: 'C', resources: 'R', temples: 'T' };
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
function hexBoard(pl, i, ctx, placed, v) {
  const size = 20;
  const tiles = new Map(pl.tiles.map((t) => [t.hex, t]));
  const mine = i === ctx.seat && ctx.legal.length > 0;
  const root = svg('svg', {
    class: 'he-hexboard', viewBox: `${-7.1 * size} ${-4.6 * SQ3 * size} ${14.2 * size} ${9.2 * SQ3 * size}`,
    role: 'group', 'aria-label': tr('helios.ui.board_of', { name: name(ctx, i) }),
  });
  const sunHex = pl.sun;
  const bonus = new Set(TABLES.bonus_fields);
  const manaFields = new Set(TABLES.mana_fields);
  const corners = new Set(TABLES.corners);
  for (const { hex: key, label, light } of TABLES.hexes) {
    const { q, r } = parseHex(key);
    const { x, y } = hexCentre(q, r, size);
    const t = tiles.get(key);
    const g = svg('g', { class: ['he-hex', light ? 'light' : 'dark', t ? 'tiled' : 'empty'].join(' '), 'data-hex': key, 'data-coord': label || key });
    let fill = light ? '#f3e7c9' : '#f0a35a';
    if (t) fill = t.tile.startsWith('special:') ? '#f5d36b' : RES_FILL[t.tile];
    g.appendChild(svg('polygon', { points: hexPoints(x, y, size * 0.97), fill, class: 'he-hexshape' }));
    if (!t) {
      if (bonus.has(key)) g.appendChild(svgText(x, y, '+1', 'he-field'));
      else if (manaFields.has(key)) g.appendChild(svgText(x, y, 'M', 'he-field'));
      else if (corners.has(key)) g.appendChild(svgText(x, y, '★', 'he-field'));
    }
    if (t && t.tile.startsWith('special:')) {
      const k = t.tile.slice(8);
      g.appendChild(svgText(x, y - size * 0.45, SPECIAL_SHORT[k] || '?', 'he-special-letter'));
    }
    if (t && t.temple) {
      g.appendChild(svg('path', {
        class: 'he-temple', d: `M${x - 7} ${y - 2}l7 -6 7 6h-2v7h-10v-7z`,
      }));
    }
    // the board coordinate (column letter, hex counted from the bottom), as in the log and buttons
    if (label) g.appendChild(svgText(x, y + size * 0.7, label, 'he-coord'));
    // place / temple / step / put actions on the hex itself
    const hexActs = [`place:${key}`, `temple:${key}`, `step:${key}`, `put:${key}`].filter((n) => ctx.action(n) && !placed.has(n));
    if (mine && hexActs.length) {
      svgAction(g, hexActs[0], ctx, placed);
      g.classList.add(`he-act-${hexActs[0].split(':')[0]}`);
    }
    root.appendChild(g);
    // resources (pay actions on the discs)
    if (t && t.resources.length) {
      const n = t.resources.length;
      const cols = Math.min(n, 3);
      t.resources.forEach((c, k) => {
        const row = Math.floor(k / 3);
        const inRow = Math.min(3, n - row * 3);
        const col = k % 3;
        const rx = x + (col - (inRow - 1) / 2) * 8.5;
        const ry = y + 3 + row * 8 - (n > 3 ? 4 : 0);
        const disc = svg('g', { class: 'he-res', 'data-colour': c },
          svg('circle', { cx: rx, cy: ry, r: 3.8, fill: RES_FILL[c], stroke: '#fff', 'stroke-width': 1.1 }));
        const pay = `pay:${key}:${c}`;
        if (mine && ctx.action(pay) && !placed.has(pay)) {
          disc.insertBefore(svg('circle', { cx: rx, cy: ry, r: 6.5, class: 'he-hit' }), disc.firstChild);
          svgAction(disc, pay, ctx, placed);
        }
        root.appendChild(disc);
      });
      void cols;
    }
  }
  // the sun on top
  if (sunHex) {
    const { q, r } = parseHex(sunHex);
    const { x, y } = hexCentre(q, r, size);
    const sun = svg('g', { class: 'he-sun', 'data-sun': sunHex, 'pointer-events': 'none' });
    for (let k = 0; k < 8; k++) {
      const a = (Math.PI / 4) * k;
      sun.appendChild(svg('line', { x1: x + 7 * Math.cos(a), y1: y + 7 * Math.sin(a), x2: x + 11 * Math.cos(a), y2: y + 11 * Math.sin(a) }));
    }
    sun.appendChild(svg('circle', { cx: x, cy: y, r: 6 }));
    root.appendChild(sun);
  }
  void v;
  return root;
}

// -- supply: columns, land, specials, buildings, persons ---------------------------------------------------
function columnsArea(v, ctx, placed) {
  return h('section', { class: 'he-area he-columns', id: 'he-columns' },
    h('h3', { text: tr('helios.ui.action_tiles') }),
    h('div', { class: 'he-cols' }, Object.entries(v.columns).map(([sym, list]) => {
      const tiles = list.map((c, k) => {
        const bottom = k === list.length - 1;
        const cls = ['he-atile', `at-${c}`, bottom && 'bottom'];
        const title = tr('helios.ui.atile', { colour: tileColour(c), symbol: symbolName(sym) });
        if (bottom) return actionable('div', `take:${sym}`, ctx, placed, { class: cls, title: `${title} ${tr('helios.ui.bottom')}` }, h('span', { text: symbolName(sym) }));
        return h('div', { class: cls, title }, h('span', { text: symbolName(sym) }));
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
    return actionable('div', n, ctx, placed, { class: ['he-land', c ? `res-${c}` : 'none'], dataset: { stack } },
      h('span', { class: 'he-land-tile', text: c ? colourName(c) : '—' }),
      h('span', { class: 'he-dim', text: `${stack === 'extra' ? tr('helios.ui.extra') : colourName(stack)} · ${count}` }));
  });
  const specials = Object.entries(v.special_tiles).map(([k, n]) => actionable('div', `special:${k}`, ctx, placed,
    { class: 'he-special', dataset: { special: k }, title: specialName(k) },
    h('span', { class: 'he-special-badge', text: SPECIAL_SHORT[k] }), h('span', { text: `${specialName(k)} ×${n}` })));
  return h('section', { class: 'he-area he-landarea', id: 'he-land' },
    h('h3', { text: tr('helios.ui.land_tiles') }), h('div', { class: 'he-row' }, items),
    h('h3', { text: tr('helios.ui.special_tiles') }), h('div', { class: 'he-row' }, specials));
}

function buildingsArea(v, ctx, placed) {
  const me = ctx.seat !== null && ctx.seat !== undefined ? v.players[ctx.seat] : null;
  return details('he-buildings', 'he-details', tr('helios.ui.buildings'), ctx.legal.some((l) => l.notation.startsWith('build:')),
    h('div', { class: 'he-grid' }, Object.entries(TABLES.buildings).map(([id, { cost, vp }]) => {
      const owners = v.players.map((p, i) => (p.buildings.includes(id) ? i : -1)).filter((i) => i >= 0);
      return actionable('div', `build:${id}`, ctx, placed, { class: ['he-card', me && me.buildings.includes(id) && 'owned'], dataset: { building: id } },
        h('strong', { text: buildingName(id) }), h('span', { class: 'he-dim', text: tr('helios.ui.cost_vp', { cost: costText(cost), vp }) }),
        owners.length ? h('span', { class: 'he-owners', text: tr('helios.ui.built_by', { seats: owners.map((o) => who(ctx, o)).join(', ') }) }) : null);
    })));
}

function personsArea(v, ctx, placed) {
  return h('section', { class: 'he-area', id: 'he-persons' },
    h('h3', { text: tr('helios.ui.persons_for_sale') }),
    h('div', { class: 'he-grid' }, v.persons_available.length ? v.persons_available.map((id) => {
      const { buy_mana: mana, cost } = TABLES.persons[id] || { buy_mana: '?', cost: '?' };
      return actionable('div', `buy:${id}`, ctx, placed, { class: 'he-card', dataset: { person: id } },
        h('strong', { text: personName(id) }), h('span', { class: 'he-dim', text: tr('helios.ui.person_cost', { mana, cost: costText(cost) }) }));
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
    { class: ['he-chip', p.active ? 'active' : 'inactive'], dataset: { person: p.id }, title: p.active ? tr('helios.ui.active') : tr('helios.ui.inactive') },
    `${personName(p.id)}${p.active ? ' ✓' : ''}`));
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
    stat(tr('helios.ui.mana'), pl.mana), stat(tr('helios.ui.sun_range'), pl.sun_range === 'sun' ? tr('helios.ui.coast') : pl.sun_range),
    stat(tr('helios.ui.laps'), `${pl.laps.x}/${pl.laps.x_max}`),
    stat(tr('helios.ui.slots'), h('span', null, Object.entries(pl.slots).map(([c, n]) => h('span', { class: ['he-slot', `at-${c}`], title: tr('helios.ui.slot', { colour: tileColour(c) }), text: n })))),
  ),
  hexBoard(pl, i, ctx, placed, v),
  h('div', { class: 'he-owned' },
    h('span', { class: 'he-dim', text: `${tr('helios.ui.buildings')}: ` }),
    pl.buildings.length ? pl.buildings.map((b) => h('span', { class: 'he-chip', dataset: { building: b }, text: buildingName(b) })) : h('span', { class: 'he-dim', text: tr('helios.ui.none') })),
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

function legend() {
  const sw = (c, t) => h('span', { class: 'he-legend-item' }, h('span', { class: ['he-swatch', `res-${c}`] }), t);
  return h('p', { class: 'legend he-legend' }, RES.map((c) => sw(c, colourName(c))),
    h('span', { class: 'he-legend-item' }, h('span', { class: 'he-swatch special' }), tr('helios.ui.legend_special')),
    h('span', { class: 'he-legend-item', text: tr('helios.ui.legend_fields') }));
}

// -- entry point ----------------------------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  if (v.tables) TABLES = v.tables;
  root.classList.add('he-board');
  const placed = new Set();
  const n = v.players.length;
  const start = ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0 ? ctx.seat : 0;
  const order = Array.from({ length: n }, (_, k) => (start + k) % n);
  // Seat panels first (hex actions land on the acting seat's board), then the supply.
  const seats = order.map((i) => seatPanel(v, i, msg, ctx, placed));
  const mineFirst = ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0;
  const cols = columnsArea(v, ctx, placed);
  const land = landArea(v, ctx, placed);
  const persons = personsArea(v, ctx, placed);
  const buildings = buildingsArea(v, ctx, placed);
  const choices = choiceBar(ctx, placed);
  const prompt = promptText(msg, ctx);
  const info = h('div', { class: 'he-info' },
    h('span', { class: 'chip', text: tr('helios.ui.round', { round: v.round, rounds: v.rounds }) }),
    h('span', { class: 'chip', text: tr('helios.ui.turn', { n: v.turn }) }),
    h('span', { class: 'chip', text: tr('helios.ui.phase', { phase: phaseText(v.phase) || humanize(v.phase) }) }),
    h('span', { class: 'chip', text: tr('helios.ui.dragon_of', { name: who(ctx, v.dragon) }) }),
    v.bonus_actions_pending ? h('span', { class: 'chip', text: tr('helios.ui.bonus_pending', { n: v.bonus_actions_pending }) }) : null,
    v.hand ? h('span', { class: 'chip he-hand', text: tr('helios.ui.in_hand', { what: handText(v.hand) }) }) : null);
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { class: 'ra-table he-table', id: 'he-table' },
      info,
      prompt ? h('div', { class: ['he-prompt', ctx.legal.length && 'mine'], id: 'he-prompt', text: prompt }) : null,
      choices),
    h('div', { id: 'seats', class: ['he-main', mineFirst && 'has-you'] },
      mineFirst ? seats[0] : null,
      h('div', { class: 'he-supply' }, cols, land, persons, buildings),
      h('div', { class: 'he-others' }, mineFirst ? seats.slice(1) : seats)),
    legend(),
  ].filter(Boolean));
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
