// Ra: The Dice Game (Reiner Knizia): the board view. render(root, msg, ctx) draws msg.view (a
// player_view of the "ra-dice-v1" encoding, see games/ra_dice/views.py) into root.
// ctx = {act(id), seat, seats, seatName(i), legal, action(notation) -> legal entry | null,
// showHelper, replay}. Every clickable action element is a <button data-action="<notation>">;
// each legal action has exactly one place on the board (game.js also lists them all as buttons).

import { actionable, details, h, ranking, seatTitle, botLevel } from '../dom.js';
import { t as tr, tn } from '../i18n.js';

const face = (f) => tr(`ra-dice.face.${f}`);
const colourName = (c) => tr(`ra-dice.colour.${c}`);

// The view's stylesheet, injected once (the game page only loads style.css).
(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="ra-dice"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/ra-dice.css', import.meta.url).href, dataset: { viewCss: 'ra-dice' },
  }));
}());

const FACE_LABEL = { sun: 'Sun', pharaoh: 'Pharaoh', nile: 'Nile', civ: 'Civilization', mon: 'Monument', ankh: 'Ankh' };
const faceShort = (f) => tr(`ra-dice.ui.face_short_${f}`);
const faceTiny = (f) => tr(`ra-dice.ui.face_tiny_${f}`); // phones
const stateLabel = (s) => tr(`ra-dice.ui.state_${s}`);
const DISASTERS = ['pharaoh', 'nile', 'civ', 'mon']; // ra-dice.ui.disaster_<k> (name), ra-dice.ui.disaster_what_<k>
const DISASTER_NAME = { pharaoh: 'Pharaoh', nile: 'Nile', civ: 'Civilization', mon: 'Monument' }; // replay captions (old frames)
const FLOODS = ['flood:nnn', 'flood:nna', 'flood:naa'];
const CATEGORIES = [['pharaoh', 'ra-dice.ui.cat_pharaoh'], ['nile', 'ra-dice.face.nile'], ['civilization', 'ra-dice.face.civ'], ['monument', 'ra-dice.ui.cat_monument']];


// -- icons (inline SVG, so they look the same with any font) -----------------------------------------
const SVG_NS = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.appendChild(c);
  return el;
}

const ICONS = {
  sun: () => [
    svg('circle', { cx: 12, cy: 12, r: 5, fill: 'currentColor' }),
    svg('path', { d: 'M12 1.5v3.5M12 19v3.5M1.5 12H5M19 12h3.5M4.6 4.6l2.5 2.5M16.9 16.9l2.5 2.5M4.6 19.4l2.5-2.5M16.9 7.1l2.5-2.5', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', fill: 'none' }),
  ],
  pharaoh: () => [ // a pharaoh's head in a striped nemes headdress, with the beard
    svg('path', { d: 'M12 2C8.2 2 6.4 3.8 5.9 6.6L3.5 19.5c2 .9 3.6 1.1 5.3.9L9.6 16h4.8l.8 4.4c1.7.2 3.3 0 5.3-.9L18.1 6.6C17.6 3.8 15.8 2 12 2Z', fill: 'currentColor' }),
    svg('path', { d: 'M8.9 7.6h6.2v4.6c0 2.3-1.4 3.9-3.1 3.9s-3.1-1.6-3.1-3.9Z', fill: 'rgba(0,0,0,.42)' }),
    svg('path', { d: 'M11 16.3h2l-.2 5.2h-1.6Z', fill: 'currentColor' }),
    svg('path', { d: 'M6.6 9.6h1.6M6.1 12.6h2M5.6 15.6h2.2M17.4 9.6h-1.6M17.9 12.6h-2M18.4 15.6h-2.2M7.2 5.4h9.6', stroke: 'rgba(0,0,0,.32)', 'stroke-width': 1.1, fill: 'none' }),
  ],
  nile: () => [ // a boat on the river
    svg('path', { d: 'M12 3v10M12 4l5.5 8H12', stroke: 'currentColor', 'stroke-width': 1.8, fill: 'none', 'stroke-linejoin': 'round' }),
    svg('path', { d: 'M2.5 14h19l-3.5 4.5H6Z', fill: 'currentColor' }),
    svg('path', { d: 'M2 21.5c2.5-1.6 4 1.6 6.5 0s4 1.6 6.5 0 4 1.6 6.5 0', stroke: 'currentColor', 'stroke-width': 1.6, fill: 'none', 'stroke-linecap': 'round' }),
  ],
  civ: () => [ // a settlement
    svg('path', { d: 'M2.5 21V12l5-4.5 5 4.5v9Z M11.5 21v-7l5-4.5 5 4.5v7Z', fill: 'currentColor' }),
    svg('path', { d: 'M6.3 21v-4h2.4v4M15.3 21v-4h2.4v4', fill: 'rgba(0,0,0,.3)' }),
  ],
  mon: () => [ // a pyramid
    svg('path', { d: 'M12 3 22.5 20.5h-21Z', fill: 'currentColor' }),
    svg('path', { d: 'M12 3 14.5 20.5', stroke: 'rgba(0,0,0,.28)', 'stroke-width': 1.4, fill: 'none' }),
  ],
  ankh: () => [
    svg('path', { d: 'M12 12.5c-2.6-1.8-4-4-4-6.2A4 4 0 0 1 12 2.2a4 4 0 0 1 4 4.1c0 2.2-1.4 4.4-4 6.2ZM12 12.5V22.5M5.5 13.5h13', stroke: 'currentColor', 'stroke-width': 2.5, fill: 'none', 'stroke-linecap': 'round' }),
  ],
  lock: () => [
    svg('path', { d: 'M7 11V8a5 5 0 0 1 10 0v3', stroke: 'currentColor', 'stroke-width': 2.4, fill: 'none' }),
    svg('rect', { x: 5, y: 11, width: 14, height: 10, rx: 2, fill: 'currentColor' }),
  ],
  reroll: () => [
    svg('path', { d: 'M19 12a7 7 0 1 1-2.1-5', stroke: 'currentColor', 'stroke-width': 2.6, fill: 'none', 'stroke-linecap': 'round' }),
    svg('path', { d: 'M20 3.5v5.5h-5.5Z', fill: 'currentColor' }),
  ],
  flood: () => [
    svg('path', { d: 'M2 8c2.5-1.8 4 1.8 6.5 0s4 1.8 6.5 0 4 1.8 6.5 0M2 14c2.5-1.8 4 1.8 6.5 0s4 1.8 6.5 0 4 1.8 6.5 0', stroke: 'currentColor', 'stroke-width': 2.4, fill: 'none', 'stroke-linecap': 'round' }),
  ],
};

function icon(name, cls = 'rd-icon') {
  const make = ICONS[name];
  const el = svg('svg', { viewBox: '0 0 24 24', class: cls, 'aria-hidden': 'true', focusable: 'false' }, ...(make ? make() : []));
  return el;
}

// -- small builders ------------------------------------------------------------------------------------

/** A board button for a legal action (null when the action is not legal now). */
function actBtn(notation, ctx, label, { kind = 'primary', icon: ic = null, cls = [] } = {}) {
  if (!ctx.action(notation)) return null;
  return actionable('span', notation, ctx, { class: ['btn', 'rd-btn', `btn-${kind}`, ...cls] }, ic ? icon(ic) : null, h('span', { text: label }));
}


function signed(n) {
  if (n === null || n === undefined) return '–';
  return n > 0 ? `+${n}` : String(n);
}

function seatOrder(n, first) {
  const start = first === null || first === undefined ? 0 : first;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

/** Per-seat marker tokens: a colour (not a die colour) and a letter, unique within the game. */
function makeTokens(v, ctx) {
  const titles = Array.from({ length: v.players }, (_, i) => seatTitle((ctx.seats || []).find((s) => s.seat === i), i));
  const initials = titles.map((t) => (t.trim()[0] || '?').toUpperCase());
  const unique = new Set(initials).size === initials.length && !titles.some((t) => /^Seat \d+$/.test(t));
  const letters = unique ? initials : titles.map((_, i) => String(i));
  return (seat, { cls = [], label = true } = {}) => h('span', {
    class: ['rd-token', `seat-c${seat}`, ...cls],
    dataset: { seat },
    title: `${ctx.seatName(seat)}${seat === ctx.seat ? tr('ra-dice.ui.you_suffix') : ''}`,
    text: label ? letters[seat] : '',
  });
}

function colours(v) {
  return Object.keys(v.civilization || {});
}

// -- info and prompt ---------------------------------------------------------------------------------------
function infoBar(v, ctx) {
  const t = v.turn;
  const st = v.sun_track;
  const left = Math.max(0, st.last - st.ra);
  return h('div', { class: 'ra-info rd-info' },
    h('span', { id: 'epoch', class: 'chip chip-strong', text: v.terminal ? tr('ra.ui.game_over') : tr('ra.ui.epoch_of', { epoch: v.epoch, epochs: v.epochs }) }),
    !v.terminal ? h('span', { id: 'ra-left', class: 'chip', title: tr('ra-dice.ui.ra_left_title'), text: left ? tn('ra-dice.ui.ra_left', left) : tr('ra-dice.ui.last_turn') }) : null,
    t ? h('span', { id: 'turn-of', class: 'chip', text: t.seat === ctx.seat ? tr('ra-dice.ui.turn_you') : tr('ra-dice.ui.turn_of', { seat: t.seat }, ctx.seatName) }) : null);
}

function has(ctx, prefix) {
  return ctx.legal.some((l) => l.notation === prefix || l.notation.startsWith(`${prefix}:`));
}

function sunEffectText(t) {
  if (!t) return '';
  const s = t.suns;
  if (s === 0) return tr('ra-dice.ui.sun_none');
  if (s <= 2) return tn('ra-dice.ui.sun_moves', s);
  if (s === 3) return tr('ra-dice.ui.sun_three');
  if (t.disaster === 'available') return tr('ra-dice.ui.sun_may_declare', { n: s });
  if (DISASTERS.includes(t.disaster)) return tr(`ra-dice.ui.sun_declared_${t.disaster}`, { n: s });
  return tr('ra-dice.ui.sun_many', { n: s });
}

function promptText(msg, ctx) {
  const v = msg.view;
  if (v.terminal || ctx.replay) return '';
  const t = v.turn;
  const mine = ctx.legal.length > 0;
  if (v.phase === 'remove' && v.removal) {
    const r = v.removal;
    if (mine) return tn(`ra-dice.ui.prompt_remove_${r.kind}`, r.left);
    return ''; // the removal banner says it
  }
  if (!t) return '';
  const seat = { seat: t.seat };
  if (v.phase === 'roll') return t.seat === ctx.seat ? tr('ra-dice.ui.rolling_you') : tr('ra-dice.ui.rolling', seat, ctx.seatName);
  if (v.phase === 'reroll') {
    if (!mine) return tr('ra-dice.ui.may_reroll', { ...seat, roll: t.rolls, max: t.rolls_max }, ctx.seatName);
    const chosen = t.dice.filter((d) => d.state === 'chosen').map((d) => colourName(d.colour));
    if (chosen.length) return tr('ra-dice.ui.chosen', { dice: chosen.join(', ') });
    return tr('ra-dice.ui.prompt_reroll', { roll: t.rolls, max: t.rolls_max });
  }
  if (v.phase === 'apply') {
    if (!mine) return `${tr('ra-dice.ui.applying', seat, ctx.seatName)} ${sunEffectText(t)}`;
    const uses = [];
    if (has(ctx, 'pharaoh')) uses.push(tr('ra-dice.ui.use_pharaoh'));
    if (has(ctx, 'nile') || has(ctx, 'flood')) uses.push(tr('ra-dice.face.nile'));
    if (has(ctx, 'civ')) uses.push(tr('ra-dice.ui.use_civ'));
    if (has(ctx, 'mon')) uses.push(tr('ra-dice.ui.use_mon'));
    if (has(ctx, 'disaster')) uses.push(tr('ra-dice.ui.use_disaster'));
    const list = uses.length ? tr('ra-dice.ui.prompt_apply', { uses: uses.join(', ') }) : tr('ra-dice.ui.prompt_nothing');
    return `${sunEffectText(t)} ${list}`;
  }
  return '';
}

// -- the Sun track -------------------------------------------------------------------------------------------
function sunTrack(v, ctx) {
  const st = v.sun_track;
  const t = v.turn;
  // While rolling, the sun dice sit on the spaces in front of the Ra figure (RD-TURN-2).
  const ghosts = t && (v.phase === 'roll' || v.phase === 'reroll') ? t.suns : 0;
  const spaces = [];
  for (let i = 0; i <= st.last; i += 1) {
    const ra = i === st.ra;
    const ghost = ghosts > 0 && i > st.ra && i <= st.ra + ghosts;
    spaces.push(h('div', {
      class: ['rd-sun-space', i < st.start && 'unused', i === st.start && 'start', i === st.last && 'last',
        i >= st.start && i < st.ra && 'passed', ra && 'ra', ghost && 'ghost'],
      dataset: { index: i },
      title: i === st.last ? tr('ra-dice.ui.space_last') : i === st.start ? tr('ra-dice.ui.space_start') : i < st.start ? tr('ra-dice.ui.space_unused') : '',
    },
    ra ? h('span', { class: 'ra-figure rd-ra', title: tr('ra-dice.ui.ra_on', { space: st.ra }), text: 'Ra' })
      : ghost ? h('span', { class: 'rd-sun-die', title: tr('ra-dice.ui.sun_die') }, icon('sun'))
        : h('span', { class: 'rd-sun-no', text: String(i) })));
  }
  const surplus = Math.max(0, st.ra + ghosts - st.last);
  return h('div', { class: 'track-block rd-sun-block' },
    h('div', { class: 'track-label' },
      h('span', { text: tr('ra-dice.ui.sun_track') }),
      h('span', { class: 'track-count', id: 'sun-count', text: `Ra ${st.ra} / ${st.last}${surplus ? ` · ${tn('ra-dice.ui.surplus', surplus)}` : ''}` })),
    h('div', { id: 'sun-track', class: 'rd-sun-track', style: { '--spaces': st.last + 1 } }, spaces));
}

// -- the dice ------------------------------------------------------------------------------------------------
function dieEl(d, ctx) {
  const f = d.face;
  const notation = `reroll:${d.colour}`;
  const canChoose = !!ctx.action(notation);
  const lbl = f ? face(f) : stateLabel('rolling');
  return actionable('div', canChoose ? notation : null, ctx, {
    class: ['rd-die', `die-${d.colour}`, `state-${d.state}`, f && `face-${f}`],
    dataset: { colour: d.colour, face: f || '', state: d.state },
    attrs: { 'aria-label': tr('ra-dice.ui.die_label', { colour: colourName(d.colour), face: lbl, state: stateLabel(d.state) }) },
  },
  h('span', { class: 'rd-die-face' }, f ? icon(f, 'rd-die-icon') : h('span', { class: 'rd-die-q', text: '?' })),
  h('span', { class: 'rd-die-label rd-long', text: f ? faceShort(f) : '…' }),
  h('span', { class: 'rd-die-label rd-short', text: f ? faceTiny(f) : '…' }),
  d.state === 'sun' ? h('span', { class: 'rd-die-badge badge-lock', title: tr('ra-dice.ui.badge_locked') }, icon('lock')) : null,
  d.state === 'chosen' ? h('span', { class: 'rd-die-badge badge-reroll', title: tr('ra-dice.ui.badge_chosen') }, icon('reroll')) : null,
  d.state === 'used' ? h('span', { class: 'rd-die-badge badge-used', title: tr('ra-dice.ui.badge_used'), text: '✓' }) : null);
}

function diceTray(msg, ctx) {
  const v = msg.view;
  const t = v.turn;
  const mine = ctx.legal.length > 0;
  const prompt = promptText(msg, ctx);
  if (!t) {
    if (!prompt) return null;
    return h('div', { id: 'rd-controls', class: ['ra-controls', 'rd-controls', mine && 'mine'] }, h('p', { id: 'prompt', class: 'prompt', text: prompt }));
  }
  const free = t.free_ankhs;
  const stats = [
    h('span', { class: 'chip', id: 'rolls', text: tr('ra-dice.ui.roll_of', { roll: t.rolls, max: t.rolls_max }) }),
    h('span', { class: ['chip', t.suns >= 3 && 'chip-sun'], id: 'suns', text: tr('ra-dice.ui.suns', { n: t.suns }) }),
    free !== null && free !== undefined ? h('span', { class: 'chip', id: 'free-ankhs', title: tr('ra-dice.ui.free_ankhs_title'), text: tr('ra-dice.ui.free_ankhs', { n: free }) }) : null,
    t.civilization_markers ? h('span', { class: 'chip', title: tr('ra-dice.ui.civ_markers_title'), text: tr('ra-dice.ui.civ_markers', { n: t.civilization_markers, dice: t.civilization_markers + 2 }) }) : null,
    t.monument_markers ? h('span', { class: 'chip', title: tr('ra-dice.ui.mon_markers_title'), text: t.monument_markers > 1 ? tr('ra-dice.ui.mon_markers_dice', { n: t.monument_markers, dice: 2 * t.monument_markers - 1 }) : tr('ra-dice.ui.mon_markers', { n: t.monument_markers }) }) : null,
  ];
  const pairs = free ? Math.floor(free / 2) : 0;
  const buttons = [
    actBtn('roll', ctx, tr('ra-dice.ui.btn_roll'), { icon: 'reroll' }),
    actBtn('stop', ctx, tr('ra-dice.ui.btn_keep'), { kind: ctx.action('roll') ? 'secondary' : 'primary' }),
    actBtn('finish', ctx, `${tr('ra-dice.ui.btn_end')}${pairs ? ` ${tr('ra-dice.ui.for_ankhs', { points: 2 * pairs })}` : ''}${v.sun_track.ra >= v.sun_track.last ? ` · ${tr('ra-dice.ui.epoch_ends')}` : ''}`, { kind: 'secondary' }),
  ].filter(Boolean);
  return h('div', {
    id: 'rd-controls', class: ['ra-controls', 'rd-controls', mine && 'mine'],
    dataset: { phase: v.phase, seat: t.seat, rolls: t.rolls, suns: t.suns },
  },
  h('div', { class: 'rd-dice-head' },
    h('strong', { text: t.seat === ctx.seat ? tr('ra-dice.ui.your_dice') : tr('ra-dice.ui.dice_of', { seat: t.seat }, ctx.seatName) }),
    h('span', { class: 'rd-dice-stats' }, stats)),
  h('div', { id: 'dice', class: 'rd-dice' }, t.dice.map((d) => dieEl(d, ctx))),
  prompt ? h('p', { id: 'prompt', class: 'prompt', text: prompt }) : null,
  disasterBox(v, ctx),
  buttons.length ? h('div', { class: 'button-row rd-buttons' }, buttons) : null);
}

function disasterBox(v, ctx) {
  const t = v.turn;
  if (!t || t.disaster !== 'available' || v.phase !== 'apply') return null;
  const mine = has(ctx, 'disaster');
  return h('div', { id: 'disasters', class: 'rd-disasters' },
    h('div', { class: 'rd-disasters-head', text: mine ? tr('ra-dice.ui.declare_one') : tr('ra-dice.ui.may_declare', { seat: t.seat }, ctx.seatName) }),
    mine ? h('div', { class: 'rd-disaster-list' }, DISASTERS.map((k) => actionable('span', `disaster:${k}`, ctx, {
      class: ['btn', 'rd-btn', 'rd-disaster-btn'],
    }, h('strong', { text: tr(`ra-dice.ui.disaster_${k}`) }), h('span', { class: 'rd-disaster-what', text: tr(`ra-dice.ui.disaster_what_${k}`) })))) : null);
}

function removalBanner(v, ctx) {
  const r = v.removal;
  if (!r || (r.seat === ctx.seat && ctx.legal.length)) return null; // the prompt says it to the seat itself
  return h('div', { id: 'removal', class: 'pending-discard rd-removal', dataset: { seat: r.seat, kind: r.kind, left: r.left } },
    h('strong', { text: `${tr(`ra-dice.ui.disaster_${r.kind}`)}! ` }),
    r.seat === ctx.seat ? tn(`ra-dice.ui.you_must_remove_${r.kind}`, r.left) : tn(`ra-dice.ui.must_remove_${r.kind}`, r.left, { seat: r.seat }, ctx.seatName));
}

// -- Pharaoh and Nile tracks -----------------------------------------------------------------------------------
function laneTrack(v, ctx, token, { id, title, max, header, headerTitle, pos, tags, extra, actions, note }) {
  const order = seatOrder(v.players, ctx.seat);
  const active = v.turn && !v.terminal ? v.turn.seat : null;
  const cols = max + 1;
  const head = [h('div', { class: 'rd-lane-label rd-lane-corner', text: headerTitle || '' })];
  for (let i = 0; i < cols; i += 1) head.push(h('div', { class: 'rd-lane-num', text: String(header ? header[i] : i) }));
  const lanes = order.map((s) => {
    const p = pos(s);
    const cells = [];
    for (let i = 0; i < cols; i += 1) {
      cells.push(h('div', { class: ['rd-lane-cell', i < p && 'behind', i === p && 'here'], dataset: { index: i } },
        i === p ? [token(s), extra ? extra(s) : null] : null));
    }
    return h('div', { class: ['rd-lane', s === ctx.seat && 'you', s === active && 'active'], dataset: { seat: s, pos: p } },
      h('div', { class: 'rd-lane-label' }, token(s, { cls: ['rd-token-small'] }),
        h('span', { class: 'rd-lane-name', text: s === ctx.seat ? tr('ra-dice.ui.you_cap') : seatTitle((ctx.seats || []).find((x) => x.seat === s), s) }),
        tags ? tags(s) : null),
      cells);
  });
  const acts = (actions || []).filter(Boolean);
  return h('section', { id, class: ['rd-area', 'rd-track', acts.length && 'has-actions'] },
    h('div', { class: 'rd-area-head' }, h('h3', { text: title }), note ? h('span', { class: 'rd-area-note', text: note }) : null),
    h('div', { class: 'rd-lanes', style: { '--cols': cols } }, h('div', { class: 'rd-lane rd-lane-head' }, head), lanes),
    acts.length ? h('div', { class: 'button-row rd-track-actions' }, acts) : null);
}

function pharaohTrack(v, ctx, token) {
  const pos = v.seats.map((s) => s.pharaoh);
  const hi = Math.max(...pos);
  const lo = Math.min(...pos);
  const cur = v.turn ? v.seats[v.turn.seat].pharaoh : 0;
  return laneTrack(v, ctx, token, {
    id: 'pharaoh-track', title: tr('ra-dice.ui.pharaoh_track'), max: 12, headerTitle: '',
    note: tr('ra-dice.ui.pharaoh_note'),
    pos: (s) => v.seats[s].pharaoh,
    tags: (s) => (hi === lo || v.terminal ? null : pos[s] === hi ? h('span', { class: 'rd-tag rd-tag-good', text: '+5' })
      : pos[s] === lo ? h('span', { class: 'rd-tag rd-tag-bad', text: '−2' }) : null),
    actions: [
      actBtn('pharaoh', ctx, tr('ra-dice.ui.btn_pharaoh', { from: cur, to: Math.min(12, cur + 1) }), { icon: 'pharaoh' }),
      actBtn('pharaoh:ankh', ctx, tr('ra-dice.ui.btn_pharaoh_ankh', { from: cur, to: Math.min(12, cur + 1) }), { icon: 'ankh' }),
    ],
  });
}

function nileTrack(v, ctx, token) {
  const values = v.nile_values || [];
  const cur = v.turn ? v.seats[v.turn.seat].nile : 0;
  return laneTrack(v, ctx, token, {
    id: 'nile-track', title: tr('ra-dice.ui.nile_track'), max: values.length - 1, header: values, headerTitle: tr('ra.ui.pts_unit'),
    note: tr('ra-dice.ui.nile_note'),
    pos: (s) => v.seats[s].nile,
    extra: (s) => (v.seats[s].floods ? h('span', { class: 'rd-flood-badge', title: tn('ra-dice.ui.flood_markers', v.seats[s].floods), text: String(v.seats[s].floods) }) : null),
    tags: (s) => (v.seats[s].floods ? h('span', { class: 'rd-tag rd-tag-nile', title: tr('ra-dice.ui.flooded', { n: values[v.seats[s].nile] }), text: `≈ ${values[v.seats[s].nile]}` }) : null),
    actions: [
      actBtn('nile', ctx, tr('ra-dice.ui.btn_nile', { from: cur, to: Math.min(values.length - 1, cur + 1) }), { icon: 'nile' }),
      actBtn('nile:ankh', ctx, tr('ra-dice.ui.btn_nile_ankh', { from: cur, to: Math.min(values.length - 1, cur + 1) }), { icon: 'ankh' }),
      ...FLOODS.map((n) => actBtn(n, ctx, tr(`ra-dice.ui.btn_${n.replace(':', '_')}`), { icon: 'flood', kind: 'secondary', cls: ['rd-btn-flood'] })),
    ],
  });
}

// -- Civilization and Monument areas ---------------------------------------------------------------------------
function civArea(v, ctx, token) {
  const cap = v.civilization_capacity;
  const spaces = colours(v).map((c) => {
    const held = v.civilization[c] || [];
    const notation = ctx.action(`civ:${c}`) ? `civ:${c}` : ctx.action(`remove:civ:${c}`) ? `remove:civ:${c}` : null;
    const slots = [];
    for (let i = 0; i < cap; i += 1) {
      slots.push(held[i] !== undefined ? token(held[i]) : h('span', { class: 'rd-slot', title: stateLabel('free') }));
    }
    return actionable('div', notation, ctx, {
      class: ['rd-civ-space', `space-${c}`, held.length >= cap && 'full', notation && notation.startsWith('remove') && 'removing'],
      dataset: { colour: c, markers: held.length },
    },
    h('span', { class: 'rd-civ-name' }, icon('civ', 'rd-icon rd-icon-small'), h('span', { text: colourName(c) })),
    h('span', { class: 'rd-civ-slots' }, slots));
  });
  return h('section', { id: 'civilization', class: 'rd-area rd-civ' },
    h('div', { class: 'rd-area-head' }, h('h3', { text: face('civ') }),
      h('span', { class: 'rd-area-note', text: tn('ra-dice.ui.civ_note', cap) })),
    h('div', { class: 'rd-civ-spaces' }, spaces));
}

function monumentArea(v, ctx, token) {
  const cs = colours(v);
  const ncols = (v.monuments[cs[0]] || []).length;
  const head = [h('div', { class: 'rd-mon-corner' })];
  for (let c = 1; c <= ncols; c += 1) head.push(h('div', { class: 'rd-mon-colno', text: String(c) }));
  const rows = cs.map((c) => {
    const row = v.monuments[c] || [];
    return [h('div', { class: ['rd-mon-rowlabel', `space-${c}`], title: tr('ra-dice.ui.row', { colour: colourName(c) }), attrs: { role: 'img', 'aria-label': tr('ra-dice.ui.row', { colour: colourName(c) }) } }),
      row.map((owner, i) => {
        const n = `mon:${c}:${i + 1}`;
        const r = `remove:mon:${c}:${i + 1}`;
        const notation = ctx.action(n) ? n : ctx.action(r) ? r : null;
        return actionable('div', notation, ctx, {
          class: ['rd-mon-cell', `space-${c}`, owner !== null && 'taken', notation && notation.startsWith('remove') && 'removing'],
          dataset: { colour: c, column: i + 1, owner: owner ?? '' },
          attrs: notation ? null : { role: 'img', 'aria-label': `${tr('ra-dice.ui.cell', { colour: colourName(c), column: i + 1 })}${owner !== null ? `: ${ctx.seatName(owner)}` : ''}` },
        }, owner !== null ? token(owner) : null);
      })];
  });
  return h('section', { id: 'monuments', class: 'rd-area rd-mon' },
    h('div', { class: 'rd-area-head' }, h('h3', { text: tr('ra-dice.ui.cat_monument') }),
      h('span', { class: 'rd-area-note', text: tr('ra-dice.ui.mon_note') })),
    h('div', { class: 'rd-mon-grid', style: { '--cols': ncols } }, head, rows));
}

// -- seats -----------------------------------------------------------------------------------------------------
function seatPanel(seat, msg, ctx, token) {
  const v = msg.view;
  const i = seat.seat;
  const info = (ctx.seats || []).find((s) => s.seat === i) || {};
  const you = i === ctx.seat;
  const active = !v.terminal && v.turn && v.turn.seat === i;
  const toMove = !v.terminal && v.current_player === i && msg.status !== 'open';
  const winner = (v.winners || []).includes(i);
  const hidden = seat.points === null || seat.points === undefined;
  const kind = info.kind === 'bot' ? botLevel(info.bot) : info.kind === 'human' ? (info.taken === false && msg.status === 'open' ? tr('ra.ui.open_seat') : tr('ra.ui.human')) : '';
  const helper = ctx.showHelper && msg.helper ? msg.helper : null;
  const cols = seat.monument_columns || [];
  const colsUsed = cols.filter((k) => k > 0).length;
  const values = v.nile_values || [];
  const removing = v.removal && v.removal.seat === i;
  return h('section', {
    class: ['seat-panel', 'rd-seat', you && 'you', (toMove || active) && 'to-move', winner && 'winner'],
    dataset: { seat: i },
    attrs: { 'aria-label': tr('ra.ui.seat_label', { i, name: ctx.seatName(i) }) },
  },
  h('header', { class: 'seat-head' },
    h('div', { class: 'seat-title' },
      token(i),
      h('span', { class: 'seat-name', text: seatTitle(info, i) }),
      you ? h('span', { class: 'badge badge-you', text: tr('ra.ui.you') }) : null,
      kind ? h('span', { class: 'badge badge-kind', text: kind }) : null,
      v.start_player === i ? h('span', { class: 'badge badge-kind', title: tr('ra-dice.ui.start_player'), text: tr('ra-dice.ui.start') }) : null,
      active && !removing ? h('span', { class: 'badge badge-turn', text: tr('ra-dice.ui.badge_turn') }) : null,
      removing ? h('span', { class: 'badge badge-turn', text: tr('ra-dice.ui.badge_removing') }) : null,
      winner ? h('span', { class: 'badge badge-win', text: tr('ra.ui.winner') }) : null),
    h('span', { class: ['points', hidden && 'hidden-points'], dataset: { points: seat.points ?? '' }, text: hidden ? tr('ra.ui.hidden') : tr('ra.ui.pts', { n: seat.points }) })),
  h('dl', { class: 'rd-stats' },
    h('div', { class: 'rd-stat', dataset: { stat: 'pharaoh' } }, h('dt', null, icon('pharaoh', 'rd-icon rd-icon-small'), face('pharaoh')), h('dd', { text: tr('ra-dice.ui.space', { n: seat.pharaoh }) })),
    h('div', { class: 'rd-stat', dataset: { stat: 'nile' } }, h('dt', null, icon('nile', 'rd-icon rd-icon-small'), face('nile')),
      h('dd', { text: `${tr('ra-dice.ui.space', { n: seat.nile })} · ${seat.floods ? tn('ra-dice.ui.floods_worth', seat.floods, { worth: values[seat.nile] ?? seat.nile }) : tr('ra-dice.ui.no_flood')}` })),
    h('div', { class: 'rd-stat', dataset: { stat: 'civilization' } }, h('dt', null, icon('civ', 'rd-icon rd-icon-small'), face('civ')),
      h('dd', null, `${seat.civilization.length}`, seat.civilization.map((c) => h('span', { class: ['rd-dot', `space-${c}`], title: c })))),
    h('div', { class: 'rd-stat', dataset: { stat: 'monuments' } }, h('dt', null, icon('mon', 'rd-icon rd-icon-small'), tr('ra-dice.ui.cat_monument')),
      h('dd', { text: `${seat.monuments} · ${tn('ra-dice.ui.cols', colsUsed)}`, title: `${tn('ra-dice.ui.markers', seat.monuments)} · ${tn('ra-dice.ui.columns', colsUsed)}` }))),
  helper && helper.epoch_now ? h('div', { class: 'helper', dataset: { seat: i } },
    h('span', { class: 'helper-item', title: tr('ra-dice.ui.helper_title') },
      `${tr('ra-dice.ui.helper')} `, h('strong', { class: 'helper-now', text: signed(helper.epoch_now[i]) }))) : null);
}

// -- scores ----------------------------------------------------------------------------------------------------
function shortName(ctx, i) {
  return seatTitle((ctx.seats || []).find((s) => s.seat === i), i);
}

function scoreCell(n) {
  return h('span', { class: n > 0 ? 'pos' : n < 0 ? 'neg' : 'zero', text: n ? signed(n) : '0' });
}

function epochTable(entry, v, ctx) {
  const seats = entry.seats;
  const last = entry.epoch === v.epochs;
  const head = h('tr', null, h('th', { scope: 'col', text: '' }),
    seats.map((s) => h('th', { scope: 'col', class: s.seat === ctx.seat ? 'you' : '', dataset: { seat: s.seat }, title: ctx.seatName(s.seat), text: shortName(ctx, s.seat) })));
  const cell = (s, f) => (s.categories === null || s.categories === undefined ? h('td', { class: 'hidden-cell', text: tr('ra.ui.hidden') }) : h('td', null, f(s)));
  const rows = [
    h('tr', { class: 'row-before' }, h('th', { scope: 'row', text: tr('ra.ui.before') }), seats.map((s) => cell(s, (x) => String(x.before ?? '–')))),
    ...CATEGORIES.filter(([k]) => last || k !== 'monument').map(([k, label]) => h('tr', { dataset: { category: k } },
      h('th', { scope: 'row', text: tr(label) }), seats.map((s) => cell(s, (x) => scoreCell(x.categories[k]))))),
    h('tr', { class: 'row-after' }, h('th', { scope: 'row', text: tr('ra.ui.after') }), seats.map((s) => cell(s, (x) => h('strong', { text: String(x.after ?? '–') })))),
  ];
  return h('div', { class: 'table-scroll' }, h('table', { class: 'score-table', dataset: { epoch: entry.epoch } }, h('thead', null, head), h('tbody', null, rows)));
}

function epochScores(v, ctx) {
  const list = v.epoch_scores || [];
  if (!list.length) return null;
  return h('section', { id: 'epoch-scores', class: 'epoch-scores' },
    h('h2', { text: tr('ra.ui.epoch_scoring') }),
    list.map((e, idx) => details(`rd-epoch-score-${e.epoch}`, 'ra-details rd-details', tr('ra.ui.epoch', { epoch: e.epoch }), idx === list.length - 1, epochTable(e, v, ctx))));
}

/** The final breakdown: each category summed over the epochs; the rest of a seat's points are its
 * starting score and the points scored during turns (3 suns, unused ankh pairs). */
function finalTable(v, ctx) {
  const n = v.players;
  const sums = Array.from({ length: n }, () => Object.fromEntries(CATEGORIES.map(([k]) => [k, 0])));
  let hidden = false;
  for (const e of v.epoch_scores || []) {
    for (const s of e.seats) {
      if (!s.categories) { hidden = true; continue; }
      for (const [k] of CATEGORIES) sums[s.seat][k] += s.categories[k] || 0;
    }
  }
  const seats = v.seats.map((s) => s.seat);
  const head = h('tr', null, h('th', { scope: 'col', text: '' }),
    seats.map((s) => h('th', { scope: 'col', class: s === ctx.seat ? 'you' : '', dataset: { seat: s }, title: ctx.seatName(s), text: shortName(ctx, s) })));
  const pts = (s) => v.seats[s].points;
  const rest = (s) => (pts(s) === null || pts(s) === undefined || hidden ? null : pts(s) - CATEGORIES.reduce((a, [k]) => a + sums[s][k], 0));
  const rows = [
    h('tr', { class: 'row-before', dataset: { category: 'start_and_turns' } },
      h('th', { scope: 'row', text: tr('ra-dice.ui.start_turns'), title: tr('ra-dice.ui.start_turns_title') }),
      seats.map((s) => h('td', { text: rest(s) === null ? '–' : String(rest(s)) }))),
    ...CATEGORIES.map(([k, label]) => h('tr', { dataset: { category: k } }, h('th', { scope: 'row', text: tr(label) }),
      seats.map((s) => h('td', null, hidden ? '–' : scoreCell(sums[s][k]))))),
    h('tr', { class: 'row-after' }, h('th', { scope: 'row', text: tr('ra.ui.final_score') }),
      seats.map((s) => h('td', null, h('strong', { text: pts(s) === null || pts(s) === undefined ? tr('ra.ui.hidden') : String(pts(s)) })))),
  ];
  return h('div', { class: 'table-scroll' }, h('table', { class: 'score-table', id: 'final-table' }, h('thead', null, head), h('tbody', null, rows)));
}

function finalResults(v, ctx) {
  if (!v.terminal) return null;
  const winners = v.winners || [];
  return h('section', { id: 'final-results', class: 'final-results' },
    h('h2', { text: tr('ra.ui.final_results') }),
    ranking(ctx, v.seats, winners, tr('ra.ui.pts_unit')),
    h('h3', { text: tr('ra-dice.ui.by_category') }),
    finalTable(v, ctx));
}

function legend(v, ctx, token) {
  return h('p', { class: 'legend rd-legend' },
    h('span', { class: 'rd-legend-title', text: tr('ra-dice.ui.legend_markers') }),
    Array.from({ length: v.players }, (_, i) => h('span', { class: 'rd-legend-item' }, token(i), h('span', { text: ctx.seatName(i) + (i === ctx.seat ? tr('ra-dice.ui.you_suffix') : '') }))),
    h('span', { class: 'rd-legend-title', text: tr('ra-dice.ui.legend_dice') }),
    Object.keys(FACE_LABEL).map((f) => h('span', { class: 'rd-legend-item' }, icon(f, 'rd-icon rd-icon-small'), h('span', { text: face(f) }))));
}

// -- entry point -----------------------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  root.classList.add('rd-board');
  const token = makeTokens(v, ctx);
  const order = seatOrder(v.players, ctx.seat);
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { id: 'rd-table', class: 'ra-table rd-table' },
      infoBar(v, ctx),
      sunTrack(v, ctx),
      removalBanner(v, ctx),
      diceTray(msg, ctx)),
    h('div', { class: 'rd-areas' },
      pharaohTrack(v, ctx, token),
      nileTrack(v, ctx, token),
      civArea(v, ctx, token),
      monumentArea(v, ctx, token)),
    h('div', { id: 'seats', class: 'seats' }, order.map((i) => seatPanel(v.seats[i], msg, ctx, token))),
    epochScores(v, ctx),
    legend(v, ctx, token),
  ].filter(Boolean));
}

/** Replay captions: moves come as notation ("die:red:sun", "reroll:blue", "mon:yellow:3"). */
export function describeMove(move) {
  const p = String(move || '').split(':');
  switch (p[0]) {
    case 'die': return `the ${p[1]} die shows ${FACE_LABEL[p[2]] || p[2]}`;
    case 'start': return `seat ${p[1]} is the start player`;
    case 'stop': return 'keeps the dice';
    case 'roll': return 'rerolls the chosen dice';
    case 'reroll': return `chooses the ${p[1]} die for the reroll`;
    case 'pharaoh': return p[1] ? 'an ankh advances the Pharaoh marker' : 'advances the Pharaoh marker';
    case 'nile': return p[1] ? 'an ankh advances the Nile stack' : 'advances the Nile stack';
    case 'flood': return 'floods the Nile';
    case 'civ': return `places a Civilization marker on ${p[1]}`;
    case 'mon': return `places a Monument marker on ${p[1]}, column ${p[2]}`;
    case 'disaster': return `declares a ${DISASTER_NAME[p[1]] || p[1]} disaster`;
    case 'finish': return 'ends the turn';
    case 'remove': return p[1] === 'civ' ? `removes a Civilization marker from ${p[2]}` : `removes a Monument marker from ${p[2]}, column ${p[3]}`;
    default: return move;
  }
}
