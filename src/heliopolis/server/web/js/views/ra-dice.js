// Ra: The Dice Game (Reiner Knizia): the board view. render(root, msg, ctx) draws msg.view (a
// player_view of the "ra-dice-v1" encoding, see games/ra_dice/views.py) into root.
// ctx = {act(id), seat, seats, seatName(i), legal, action(notation) -> legal entry | null,
// showHelper, replay}. Every clickable action element is a <button data-action="<notation>">;
// each legal action has exactly one place on the board (game.js also lists them all as buttons).

import { actionable, details, h, ranking, seatTitle, botLevel } from '../dom.js';
import { t as tr, tn } from '../i18n.js';
import { dieArt, icon, piece, scoreTrackArt, sunTrackArt } from './ra-dice-art.js';

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

/** Per-seat pieces: a colour (not a die colour), a shape and a letter, unique within the game. */
function seatLetters(v, ctx) {
  const titles = Array.from({ length: v.players }, (_, i) => seatTitle((ctx.seats || []).find((s) => s.seat === i), i));
  const initials = titles.map((t) => (t.trim()[0] || '?').toUpperCase());
  const unique = new Set(initials).size === initials.length && !titles.some((t) => /^Seat \d+$/.test(t));
  return unique ? initials : titles.map((_, i) => String(i));
}

function makeTokens(v, ctx) {
  const letters = seatLetters(v, ctx);
  const token = (seat, { cls = [], fresh = false } = {}) => piece(seat, letters[seat],
    `${ctx.seatName(seat)}${seat === ctx.seat ? tr('ra-dice.ui.you_suffix') : ''}`,
    ['rd-token', ...cls, fresh && 'rd-placed'].filter(Boolean).join(' '));
  token.letters = letters;
  return token;
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
    h('span', { id: 'sun-count', class: 'chip', title: tr('ra-dice.ui.sun_track'), text: sunCount(v) }),
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
    const chosen = toReroll(t).map((d) => colourName(d.colour));
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
function narrowScreen() {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia('(max-width: 700px)').matches;
}

function sunCount(v) {
  const st = v.sun_track;
  const t = v.turn;
  const ghosts = t && (v.phase === 'roll' || v.phase === 'reroll') ? t.suns : 0;
  const surplus = Math.max(0, st.ra + ghosts - st.last);
  return `Ra ${st.ra} / ${st.last}${surplus ? ` · ${tn('ra-dice.ui.surplus', surplus)}` : ''}`;
}

function sunTrack(v) {
  const st = v.sun_track;
  const t = v.turn;
  // While rolling, the sun dice sit on the spaces in front of the Ra figure (RD-TURN-2).
  const ghosts = t && (v.phase === 'roll' || v.phase === 'reroll') ? t.suns : 0;
  const count = sunCount(v);
  const label = `${tr('ra-dice.ui.sun_track')}: ${tr('ra.ui.epoch_of', { epoch: v.epoch, epochs: v.epochs })}, ${count}${ghosts ? `, ${tr('ra-dice.ui.suns', { n: ghosts })}` : ''}`;
  return h('div', { class: 'track-block rd-sun-block' },
    h('div', { id: 'sun-track', class: 'rd-sun-track', dataset: { ra: st.ra, last: st.last } }, sunTrackArt(st, ghosts, v.epoch, v.epochs, label, narrowScreen())));
}

// -- what changed (animated: a roll, a placement) -----------------------------------------------------------
function snapshot(msg) {
  const v = msg.view;
  const dice = {};
  for (const d of (v.turn && v.turn.dice) || []) dice[d.colour] = [d.face, d.state];
  const places = new Set();
  for (const [c, held] of Object.entries(v.civilization || {})) held.forEach((s, i) => places.add(`civ:${c}:${i}:${s}`));
  for (const [c, row] of Object.entries(v.monuments || {})) row.forEach((o, i) => { if (o !== null) places.add(`mon:${c}:${i}:${o}`); });
  for (const s of v.seats || []) { places.add(`pharaoh-track:${s.seat}:${s.pharaoh}`); places.add(`nile-track:${s.seat}:${s.nile}`); }
  return { game: msg.game_id, version: msg.version, replay: !!msg.replay, dice, places };
}

/** Dice rolled and pieces placed since the last state drawn (none on a redraw of the same state). */
function changes(msg) {
  const now = snapshot(msg);
  const prev = UI.seen;
  UI.seen = now;
  const fresh = { dice: new Set(), places: new Set() };
  if (!prev || prev.game !== now.game || prev.version === now.version || prev.replay !== now.replay) return fresh;
  for (const [c, [f, st]] of Object.entries(now.dice)) {
    const [pf, pst] = prev.dice[c] || [null, 'rolling'];
    if (f && (pf !== f || ['chosen', 'rolling', 'used'].includes(pst) || (pst === 'sun' && st !== 'sun'))) fresh.dice.add(c);
  }
  for (const k of now.places) if (!prev.places.has(k)) fresh.places.add(k);
  return fresh;
}

function freshDice() {
  return (UI.fresh && UI.fresh.dice) || new Set();
}

function placed(key) {
  return !!(UI.fresh && UI.fresh.places.has(key));
}

// -- the dice ------------------------------------------------------------------------------------------------
// As at the table, a player picks any set of dice and then rolls them. The engine takes the choice
// one die at a time in colour order (``reroll:<colour>``, then ``roll``), so the picked set is
// kept here and sent as that sequence, one action per answer from the server.
const UI = { key: '', picked: new Set(), queue: [], sentVersion: -1, stall: null, root: null, msg: null, ctx: null, seen: null, fresh: null, legendOpen: false };

function turnKey(msg) {
  const v = msg.view;
  const t = v.turn;
  return t ? `${msg.game_id || ''}|${v.epoch}|${t.seat}|${t.rolls}|${v.phase}` : '';
}

function rerender() {
  if (UI.root && UI.msg && UI.ctx) render(UI.root, UI.msg, UI.ctx);
}

/** Dice to reroll: chosen on the server already, or picked here. */
function toReroll(t) {
  return t.dice.filter((d) => d.state === 'chosen' || UI.picked.has(d.colour));
}

function togglePick(colour) {
  if (UI.queue.length) return; // a roll is being sent
  if (UI.picked.has(colour)) UI.picked.delete(colour);
  else UI.picked.add(colour);
  rerender();
  // The die is drawn anew: keep the keyboard on it.
  const again = document.querySelector(`#dice button[data-colour='${colour}']`);
  if (again) again.focus();
}

/** The engine's actions for the picked set; ``roll`` only when a free die stays unpicked above the
 * last picked one (otherwise choosing the last die rolls at once, a forced step). */
function rollSequence(t, ctx) {
  const picks = t.dice.map((d, i) => [d, i]).filter(([d]) => d.state === 'free' && UI.picked.has(d.colour) && ctx.action(`reroll:${d.colour}`));
  const seq = picks.map(([d]) => `reroll:${d.colour}`);
  const lastPick = picks.length ? picks[picks.length - 1][1] : -1;
  const freeAbove = t.dice.some((d, i) => i > lastPick && d.state === 'free' && !UI.picked.has(d.colour));
  if (!picks.length || freeAbove) seq.push('roll');
  return seq;
}

function startRoll(t, ctx, msg) {
  if (!toReroll(t).length || UI.queue.length) return;
  UI.queue = rollSequence(t, ctx);
  pump(msg, ctx);
  rerender(); // Roll drawn disabled while the rest of the set is on its way
}

/** Sends the next action of the picked set, once per state the server answers with. */
function pump(msg, ctx) {
  const t = msg.view.turn;
  while (UI.queue.length && UI.queue[0].startsWith('reroll:') && t && t.dice.some((d) => `reroll:${d.colour}` === UI.queue[0] && d.state === 'chosen')) UI.queue.shift();
  if (!UI.queue.length || ctx.replay || msg.version === UI.sentVersion) return;
  const entry = ctx.action(UI.queue[0]);
  if (!entry) { UI.queue = []; return; }
  UI.queue.shift();
  UI.sentVersion = msg.version;
  // A lost action leaves no new state and no answer: after a while the picks can be changed again
  // (a refused one is let go at once: refused() below).
  clearTimeout(UI.stall);
  UI.stall = setTimeout(() => {
    if (UI.msg && UI.msg.version === UI.sentVersion) letRollGo();
  }, 6000);
  ctx.act(entry.id);
}

/** The roll being sent is given up: the rest of its sequence dropped, the picks kept, Roll ready again
 * (the version is forgotten too, or a new Roll on the same state would wait for an answer that is not coming). */
function letRollGo() {
  clearTimeout(UI.stall);
  UI.sentVersion = -1;
  if (!UI.queue.length) return;
  UI.queue = [];
  rerender();
}

/** The server refused an action (game.js tells the view): a roll in flight is let go at once. */
export function refused() {
  letRollGo();
}

function dieEl(d, t, ctx, rolled) {
  const f = d.face;
  const notation = `reroll:${d.colour}`;
  const entry = ctx.replay ? null : ctx.action(notation);
  const picked = d.state === 'chosen' || (entry && UI.picked.has(d.colour));
  const state = picked ? 'chosen' : d.state;
  const kept = !picked && d.state === 'free' && !!entry;
  const lbl = f ? face(f) : stateLabel('rolling');
  const stateText = kept ? tr('ra-dice.ui.state_keep') : stateLabel(state);
  const props = {
    class: ['rd-die', `die-${d.colour}`, `state-${state}`, f && `face-${f}`, entry && 'pickable', rolled && 'rd-rolled'],
    dataset: { colour: d.colour, face: f || '', state: d.state, picked: picked ? '1' : '' },
    attrs: { 'aria-label': tr('ra-dice.ui.die_label', { colour: colourName(d.colour), face: lbl, state: stateText }) },
  };
  const kids = [
    dieArt(d, picked ? 'reroll' : null),
    h('span', { class: 'rd-die-label rd-long', text: f ? faceShort(f) : '…' }),
    h('span', { class: 'rd-die-label rd-short', text: f ? faceTiny(f) : '…' }),
    picked ? h('span', { class: 'rd-die-state', text: stateText }) : null, // other states: the mark on the die
  ];
  if (!entry) return h('div', { ...props, attrs: { ...props.attrs, role: 'img' } }, kids);
  // The die's own move: it toggles the pick (the roll sends it); "Roll" is the one step to the server.
  return h('button', {
    ...props, type: 'button', title: tr('ra-dice.ui.die_pick_title'),
    dataset: { ...props.dataset, action: notation, actionId: entry.id },
    attrs: { ...props.attrs, 'aria-pressed': picked ? 'true' : 'false' },
    disabled: d.state === 'chosen',
    on: { click: () => togglePick(d.colour) },
  }, kids);
}

function rollButton(t, ctx, msg) {
  if (ctx.replay || !(ctx.action('roll') || t.dice.some((d) => ctx.action(`reroll:${d.colour}`)))) return null;
  const n = toReroll(t).length;
  const entry = ctx.action('roll');
  return h('button', {
    type: 'button', id: 'rd-roll', class: ['btn', 'rd-btn', 'btn-primary', entry && 'actionable'],
    dataset: entry ? { action: 'roll', actionId: entry.id } : {},
    disabled: n === 0 || UI.queue.length > 0,
    on: { click: () => startRoll(t, ctx, msg) },
  }, icon('reroll'), h('span', { text: n ? tn('ra-dice.ui.btn_roll_n', n) : tr('ra-dice.ui.btn_roll_pick') }));
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
  const rolled = freshDice();
  const buttons = [
    rollButton(t, ctx, msg),
    actBtn('stop', ctx, tr('ra-dice.ui.btn_keep'), { kind: 'secondary' }),
    actBtn('finish', ctx, `${tr('ra-dice.ui.btn_end')}${pairs ? ` ${tr('ra-dice.ui.for_ankhs', { points: 2 * pairs })}` : ''}${v.sun_track.ra >= v.sun_track.last ? ` · ${tr('ra-dice.ui.epoch_ends')}` : ''}`, { kind: 'secondary' }),
  ].filter(Boolean);
  return h('div', {
    id: 'rd-controls', class: ['ra-controls', 'rd-controls', mine && 'mine'],
    dataset: { phase: v.phase, seat: t.seat, rolls: t.rolls, suns: t.suns },
  },
  h('div', { class: 'rd-dice-head' },
    h('strong', { text: t.seat === ctx.seat ? tr('ra-dice.ui.your_dice') : tr('ra-dice.ui.dice_of', { seat: t.seat }, ctx.seatName) }),
    h('span', { class: 'rd-dice-stats' }, stats)),
  h('div', { id: 'dice', class: 'rd-dice' }, t.dice.map((d) => dieEl(d, t, ctx, rolled.has(d.colour)))),
  prompt ? h('p', { id: 'prompt', class: 'prompt', text: prompt }) : null,
  buttons.length ? h('div', { class: 'button-row rd-buttons' }, buttons) : null,
  disasterBox(v, ctx));
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
function laneTrack(v, ctx, token, { id, title, max, header, headerTitle, pos, tags, extra, actions, steps = [] }) {
  // The advance is made on the track itself: the space in front of the active seat's piece.
  const step = ctx.replay ? null : steps.find((n) => ctx.action(n)) || null;
  const order = seatOrder(v.players, ctx.seat);
  const active = v.turn && !v.terminal ? v.turn.seat : null;
  const cols = max + 1;
  const head = [h('div', { class: 'rd-lane-label rd-lane-corner', text: headerTitle || '' })];
  for (let i = 0; i < cols; i += 1) head.push(h('div', { class: 'rd-lane-num', text: String(header ? header[i] : i) }));
  const lanes = order.map((s) => {
    const p = pos(s);
    const cells = [];
    for (let i = 0; i < cols; i += 1) {
      const stepHere = step && s === active && i === p + 1;
      cells.push(actionable('div', stepHere ? step : null, ctx, { class: ['rd-lane-cell', i < p && 'behind', i === p && 'here', stepHere && 'rd-step'], dataset: { index: i } },
        i === p ? [token(s, { fresh: placed(`${id}:${s}:${p}`) }), extra ? extra(s) : null]
          : stepHere ? piece(s, token.letters[s], null, 'rd-token rd-ghost') : null));
    }
    return h('div', { class: ['rd-lane', s === ctx.seat && 'you', s === active && 'active'], dataset: { seat: s, pos: p } },
      h('div', { class: 'rd-lane-label' }, token(s, { cls: ['rd-token-small'] }),
        h('span', { class: 'rd-lane-name', text: s === ctx.seat ? tr('ra-dice.ui.you_cap') : seatTitle((ctx.seats || []).find((x) => x.seat === s), s) }),
        tags ? tags(s) : null),
      cells);
  });
  const acts = (actions || []).filter((b) => b && b.dataset.action !== step);
  return h('section', { id, class: ['rd-area', 'rd-track', acts.length && 'has-actions'] },
    // The scoring note is in the legend; the other uses of dice on this track share the title's row.
    h('div', { class: 'rd-area-head' }, h('h3', { text: title }),
      acts.length ? h('div', { class: 'button-row rd-track-actions' }, acts) : null),
    h('div', { class: 'rd-lanes', style: { '--cols': cols } }, h('div', { class: 'rd-lane rd-lane-head' }, head), lanes));
}

function pharaohTrack(v, ctx, token) {
  const pos = v.seats.map((s) => s.pharaoh);
  const hi = Math.max(...pos);
  const lo = Math.min(...pos);
  const cur = v.turn ? v.seats[v.turn.seat].pharaoh : 0;
  return laneTrack(v, ctx, token, {
    id: 'pharaoh-track', title: tr('ra-dice.ui.pharaoh_track'), max: 12, headerTitle: '', steps: ['pharaoh', 'pharaoh:ankh'],
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
    id: 'nile-track', title: tr('ra-dice.ui.nile_track'), max: values.length - 1, steps: ['nile', 'nile:ankh'], header: values, headerTitle: tr('ra.ui.pts_unit'),
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
      slots.push(held[i] !== undefined ? token(held[i], { fresh: placed(`civ:${c}:${i}:${held[i]}`) }) : h('span', { class: 'rd-slot', title: stateLabel('free') }));
    }
    return actionable('div', notation, ctx, {
      class: ['rd-civ-space', `space-${c}`, held.length >= cap && 'full', notation && notation.startsWith('remove') && 'removing'],
      dataset: { colour: c, markers: held.length },
    },
    h('span', { class: 'rd-civ-name' }, icon('civ', 'rd-icon rd-icon-small'), h('span', { text: colourName(c) })),
    h('span', { class: 'rd-civ-slots' }, slots));
  });
  return h('section', { id: 'civilization', class: 'rd-area rd-civ' },
    h('div', { class: 'rd-area-head' }, h('h3', { text: face('civ') })),
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
        }, owner !== null ? token(owner, { fresh: placed(`mon:${c}:${i}:${owner}`) }) : icon('mon', 'rd-icon rd-cell-mark'));
      })];
  });
  return h('section', { id: 'monuments', class: 'rd-area rd-mon' },
    h('div', { class: 'rd-area-head' }, h('h3', { text: tr('ra-dice.ui.cat_monument') })),
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

/** The legend, on demand: a closed disclosure in the info bar whose panel floats over the board. */
function legend(v, ctx, token) {
  const item = (pic, text) => h('li', { class: 'rd-legend-item' }, pic, h('span', { text }));
  const marks = [['lock', 'ra-dice.ui.state_sun'], ['reroll', 'ra-dice.ui.state_chosen'], ['check', 'ra-dice.ui.state_used']];
  // Open or closed as the player left it, when the board is drawn anew; Escape closes it.
  return h('details', {
    id: 'rd-legend', class: 'rd-legend', open: UI.legendOpen,
    on: {
      toggle: (ev) => { UI.legendOpen = ev.target.open; },
      keydown: (ev) => { if (ev.key === 'Escape' && ev.currentTarget.open) { ev.currentTarget.open = false; ev.currentTarget.querySelector('summary').focus(); } },
    },
  },
    h('summary', { class: 'chip', text: tr('ra-dice.ui.legend') }),
    h('div', { class: 'rd-legend-panel' },
      h('h3', { text: tr('ra-dice.ui.legend_markers') }),
      h('ul', null, Array.from({ length: v.players }, (_, i) => item(token(i), ctx.seatName(i) + (i === ctx.seat ? tr('ra-dice.ui.you_suffix') : '')))),
      h('h3', { text: tr('ra-dice.ui.legend_dice') }),
      h('ul', null, Object.keys(FACE_LABEL).map((f) => item(icon(f, 'rd-icon'), face(f)))),
      h('h3', { text: tr('ra-dice.ui.legend_states') }),
      h('ul', null, item(h('span', { class: 'rd-legend-plain' }), tr('ra-dice.ui.state_keep')),
        marks.map(([m, k]) => item(h('span', { class: `rd-legend-mark mark-${m}` }, icon(m, 'rd-icon')), tr(k)))),
      h('h3', { text: tr('ra.ui.epoch_scoring') }),
      h('p', { class: 'rd-legend-note' }, icon('pharaoh', 'rd-icon rd-icon-small'), ' ', tr('ra-dice.ui.pharaoh_note')),
      h('p', { class: 'rd-legend-note' }, icon('nile', 'rd-icon rd-icon-small'), ' ', tr('ra-dice.ui.nile_note')),
      h('p', { class: 'rd-legend-note' }, icon('civ', 'rd-icon rd-icon-small'), ' ', tn('ra-dice.ui.civ_note', v.civilization_capacity)),
      h('p', { class: 'rd-legend-note' }, icon('mon', 'rd-icon rd-icon-small'), ' ', tr('ra-dice.ui.mon_note'))));
}

/** The score track with every seat's piece (hidden points: no piece). */
function scoreTrack(v, ctx, token) {
  const pts = v.seats.map((s) => s.points ?? null);
  const known = pts.filter((p) => p !== null).length;
  const label = `${tr('ra-dice.ui.score_track')}: ${v.seats.map((s) => `${ctx.seatName(s.seat)} ${s.points ?? tr('ra.ui.hidden')}`).join(', ')}`;
  return h('section', { id: 'score-track', class: 'rd-area rd-score' },
    h('h3', { text: tr('ra-dice.ui.score_track'), title: known < pts.length ? tr('ra-dice.ui.score_hidden') : null }),
    scoreTrackArt(pts, token.letters, label));
}

/** The page's list of moves as sentences becomes a closed fallback: the moves are made on the board. */
function collapseMoveList(ctx) {
  const panel = document.getElementById('moves-panel');
  const list = document.getElementById('legal');
  if (!panel || !list) return;
  let btn = document.getElementById('rd-moves-toggle');
  if (!btn) {
    panel.classList.add('rd-fallback');
    btn = h('button', {
      type: 'button', id: 'rd-moves-toggle', class: 'btn btn-ghost rd-moves-toggle',
      attrs: { 'aria-controls': 'legal', 'aria-expanded': 'false' },
      on: { click: () => { const open = panel.classList.toggle('open'); btn.setAttribute('aria-expanded', String(open)); } },
    });
    list.before(btn);
  }
  btn.textContent = tn('ra-dice.ui.moves_as_list', ctx.legal.length);
  btn.hidden = !ctx.legal.length;
}

// -- entry point -----------------------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  const key = turnKey(msg);
  if (key !== UI.key) { UI.key = key; UI.picked = new Set(); UI.queue = []; }
  Object.assign(UI, { root, msg, ctx });
  UI.fresh = changes(msg);
  root.classList.add('rd-board');
  root.classList.toggle('rd-p4', v.players >= 4); // a fourth lane on two tracks: slimmer lanes
  const token = makeTokens(v, ctx);
  const order = seatOrder(v.players, ctx.seat);
  const info = infoBar(v, ctx);
  info.appendChild(legend(v, ctx, token));
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { id: 'rd-table', class: 'ra-table rd-table' },
      info,
      sunTrack(v, ctx),
      removalBanner(v, ctx),
      h('div', { class: 'rd-main' },
        h('div', { class: 'rd-col rd-col-act' }, diceTray(msg, ctx), civArea(v, ctx, token), scoreTrack(v, ctx, token)),
        h('div', { class: 'rd-col rd-col-tracks' }, pharaohTrack(v, ctx, token), nileTrack(v, ctx, token), monumentArea(v, ctx, token)))),
    h('div', { id: 'seats', class: 'seats' }, order.map((i) => seatPanel(v.seats[i], msg, ctx, token))),
    epochScores(v, ctx),
  ].filter(Boolean));
  if (!ctx.replay) collapseMoveList(ctx);
  if (UI.queue.length) queueMicrotask(() => pump(msg, ctx));
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
