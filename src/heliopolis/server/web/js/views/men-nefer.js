// Men-Nefer: the board view. render(root, msg, ctx) draws msg.view (a player_view of the
// "men-nefer-v2" encoding, see games/men_nefer/views.py) into root: the main board (houses of life,
// action-tile display, Nile, pyramids, necropolis, sphinx avenues, temple, obelisk, Duat track,
// markets) and one administration board per player.
// ctx = {act(id), seat, seats, seatName(i), legal, action(notation) -> legal entry | null,
// showHelper, replay, toast}. Every legal action has exactly one clickable place on the page, a
// <button data-action="<notation>">: a board element where there is one (a house's sun or moon space,
// a specialization-track space, a display tile or its action row, an action tile on your board, a
// pyramid position or track space, a necropolis space, a mastaba tile, a pedestal, a temple space, a
// priestess, a market item, a ware space, a boat, a sail arrow, a city agreement, an agreement on your
// board, a scarab), otherwise a button in the choice bar under the prompt. The main board's areas
// are in men-nefer-board.js, shared helpers and the engine's tables in men-nefer-common.js.

import { details, h, humanize, ranking, seatTitle } from '../dom.js';
import { t } from '../i18n.js';
import { CATEGORY_LABEL, PASS_LABEL, ROMAN, TABLES, actionable, agreementText, area, cityName, favourLabel, houseName, mySeat, name, plural, setTables, tileCard, tileText, token, vars, wareName } from './men-nefer-common.js';
import { duatArea, gpArea, housesArea, marketsArea, necropolisArea, nileArea, obeliskArea, papyrusCard, qpArea, sphinxArea, templeArea, tilesArea, wareCard } from './men-nefer-board.js';

(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="men-nefer"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/men-nefer.css', import.meta.url).href, dataset: { viewCss: 'men-nefer' },
  }));
}());

// -- the prompt ---------------------------------------------------------------------------------------
function decisionText(v, ctx, mine) {
  const d = v.decision || {};
  const me = mySeat(ctx) !== null ? v.players[ctx.seat] : null;
  switch (d.kind) {
    case 'option': {
      if (!mine) return 'choosing a turn option';
      const parts = [];
      if (ctx.legal.some((l) => l.notation.startsWith('visit:'))) parts.push('visit a house of life (an action tile on your board)');
      if (ctx.legal.some((l) => l.notation.startsWith('raise:'))) parts.push('raise a specialization (a moon space where your apprentice is)');
      if (ctx.legal.some((l) => l.notation.startsWith('take:'))) parts.push('take a display tile');
      const u = me ? me.options_used : null;
      const used = u ? ` This era: ${plural(u.visit, 'visit')}, ${plural(u.raise, 'raise')}, ${plural(u.take, 'take')} of ${TABLES.options_per_era} each.` : '';
      const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}` : parts[0];
      return `Choose your turn: ${list}.${used}`;
    }
    case 'house': return mine
      ? `Send your apprentice with tile ${d.tile} (${tileText(d.tile)}) to the sun space of a house of life. Each apprentice already there raises the food cost; the house decides which specialization you can raise later.`
      : `choosing a house of life for tile ${d.tile}`;
    case 'track': return mine
      ? `Raise ${houseName(d.house)}: choose the specialization space to perform — your scarab's space or any space to its left.`
      : `choosing a ${houseName(d.house)} specialization space`;
    case 'row': return mine
      ? `Choose the display actions to perform: those beside slot ${d.slot} or beside any slot below it.`
      : 'choosing the display actions';
    case 'group': {
      const ops = Object.values(d.ops || {});
      return mine ? `Several actions to do, in any order: ${ops.join(', ')}. Choose the one to do next.` : `ordering actions (${ops.join(', ')})`;
    }
    case 'choice': return mine ? `Choose one: ${(d.alternatives || []).join(` ${d.sep} `)}.` : 'choosing between alternatives';
    case 'lime': return mine
      ? `Transport limestone: ${plural(d.steps, 'step')} left. Move your Great Pyramid block or your queens' pyramid block one space (click the highlighted track space), or stop.`
      : `transporting limestone (${plural(d.steps, 'step')} left)`;
    case 'favour': return mine ? `Khufu's favour: choose ${d.count > 1 ? `a favour (${d.count} left)` : 'a favour'} — food, heka, feather, heart or an eye of Horus.` : "choosing Khufu's favour";
    case 'gain': return mine ? (d.per_unit ? `Isis: take 1 food or 1 heka (${d.n} left).` : `Gain ${d.n} food or ${d.n} heka.`) : 'choosing food or heka';
    case 'gp_pos': return mine ? `Build the Great Pyramid: choose a position on level ${ROMAN[d.level]} (you get the favour you cover and the new piece's favour).` : 'building the Great Pyramid';
    case 'pyramidion': return mine ? `The pyramidion: choose a favour of the covered pieces (${d.picks} left).` : 'placing the pyramidion';
    case 'queen_eye': return mine ? "Place your eye of Horus beside a queens' pyramid: it builds that pyramid's next level." : "placing an eye of Horus at a queens' pyramid";
    case 'bury': return mine ? `Bury a sarcophagus (${d.level === '?' ? 'column allowed by your necropolis scarab' : `column ${d.level} or lower`}): click a necropolis space, or don't.` : 'burying a sarcophagus';
    case 'bury_acts': return mine ? `Mastaba activations for your burial on ${d.grave}: ${d.activations} left — click its row or column mastaba tile, or stop.` : 'activating mastaba tiles';
    case 'mastaba_any': return mine ? `Activate any mastaba tile (${d.activations} left), or stop.` : 'activating mastaba tiles';
    case 'erect': return mine ? `Erect a sphinx (${d.level === '?' ? 'pedestal allowed by your sphinx scarab' : `pedestal ${d.level} or lower`}): click a pedestal, or don't.` : 'erecting a sphinx';
    case 'papyrus': return mine ? (d.free ? 'Take a papyrus from the market for free.' : 'Buy a papyrus: market cost plus the cost of your next papyrus slot, in heka — or take none.') : 'taking a papyrus';
    case 'ware': return mine ? (d.free ? 'Take a ware from the market for free.' : 'Buy a ware for the food shown under its slot, or take none.') : 'taking a ware';
    case 'ware_place': return mine ? `Put your new ware (${wareName(d.ware)}) on a space of your ware area.` : 'placing a ware';
    case 'priest': {
      if (!mine) return 'moving priestesses';
      const bits = [];
      if (d.steps > 0 && ctx.legal.some((l) => l.notation.startsWith('priestess:'))) bits.push(`move a priestess one room deeper (${plural(d.steps, 'step')} left; rooms 1–2 cost 1 step, rooms 3–4 cost 2): click one of your priestesses in the temple`);
      if (ctx.legal.some((l) => l.notation.startsWith('offer:'))) bits.push('make an offering: click a ware with a basket on your board');
      return `${bits.length ? bits.join('; or ') : 'Priestesses'}${ctx.action('pass') ? '; or stop' : ''}.`;
    }
    case 'basket': return mine ? 'Put the basket of your offering on a free temple space in a room where one of your priestesses stands.' : 'placing an offering basket';
    case 'boats': {
      if (!mine) return 'moving boats';
      const bits = [];
      if (ctx.legal.some((l) => l.notation.startsWith('sail:'))) bits.push(`sail (${plural(d.steps, 'step')} left): click an arrow on the Nile`);
      if (ctx.legal.some((l) => l.notation.startsWith('activate:'))) bits.push(`activate a boat (${d.activations} left): click it`);
      return `Boats: ${bits.join('; or ')}${ctx.action('pass') ? '; or stop' : ''}.`;
    }
    case 'city_ta': return mine ? `Take a trade agreement from ${cityName(d.city)}.` : 'taking a trade agreement';
    case 'hathor': return mine ? 'Hathor: take a trade agreement from any city, or none.' : 'taking a trade agreement (Hathor)';
    case 'ta_place': return mine ? `Your agreement board is full: discard one of your agreements (click it) or the new one (${agreementText(d.agreement)}).` : 'making room for a trade agreement';
    case 'scarab': return mine ? 'Scarab bonus: move one of your scarabs 1 space right (no actions): click a specialization on your board.' : 'moving a scarab';
    default: return mine ? 'Choose a move.' : 'thinking';
  }
}

function promptText(v, ctx) {
  if (v.terminal) return 'Game over.';
  if (ctx.replay) return '';
  const mine = ctx.legal.length > 0;
  const text = decisionText(v, ctx, mine);
  if (mine) return `Your move — ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  if (v.to_move === null || v.to_move === undefined || v.to_move < 0) return '';
  return `${name(ctx, v.to_move)} is ${text}…`;
}

// -- a player's administration board ---------------------------------------------------------------------------
function stat(label, value, title) {
  return h('div', { class: 'mn-stat', title: title || '' }, h('dt', { text: label }), h('dd', null, value));
}

function seatPanel(v, i, ctx, placed) {
  const pl = v.players[i];
  const info = (ctx.seats || []).find((s) => s.seat === i) || {};
  const you = i === ctx.seat;
  const toMove = !v.terminal && v.to_move === i;
  const kind = info.kind === 'bot' ? (info.bot || 'bot') : info.kind === 'human' ? 'human' : '';
  const won = (v.winners || []).includes(i);
  const d = v.decision || {};
  const u = pl.options_used;
  const per = TABLES.options_per_era;
  const turnPos = v.turn_order.indexOf(i) + 1;

  const slots = pl.tile_slots.map((s, k) => h('div', { class: ['mn-slot', s.apprentice_home ? 'home' : 'away'] },
    h('span', { class: 'mn-dim', text: s.apprentice_home ? `apprentice ${k + 1}: home` : `apprentice ${k + 1}: out` }),
    s.tile ? tileCard(s.tile, ctx, placed, `visit:${s.tile.toLowerCase()}`) : h('div', { class: 'mn-tile mn-empty', text: 'empty tile slot' })));

  const specs = TABLES.houses.map((house) => {
    const n = pl.scarabs[house];
    return actionable('div', `scarab:${house}`, ctx, placed, { class: 'mn-spec', dataset: { house }, title: `${houseName(house)} specialization: scarab on space ${n} of ${TABLES.track_len}` },
      h('span', { class: 'mn-spec-name', text: houseName(house) }),
      vars(h('span', { class: 'mn-bar' }), { '--f': n / TABLES.track_len }),
      h('span', { class: 'mn-spec-n', text: `${n}/${TABLES.track_len}` }));
  });

  const glyphs = (TABLES.boards[pl.board] || []).map((g, k) => h('span', {
    class: ['mn-gcell', `g-${g.glyph}`, k < pl.hieroglyph && 'reached', k === pl.hieroglyph && 'next'], title: `${k + 1}: ${g.glyph} → ${g.bonus}`,
  }, h('span', { text: g.glyph }), h('span', { class: 'mn-dim', text: g.bonus === 'scarab +1' ? 'scarab' : g.bonus })));

  const wareRows = [3, 2, 1].map((lv) => h('div', { class: 'mn-wrow', dataset: { level: lv } },
    pl.wares.map((w, k) => ({ w, k })).filter(({ k }) => TABLES.ware_spaces[k].level === lv).map(({ w, k }) => {
      const sp = TABLES.ware_spaces[k];
      const notation = ctx.action(`place:${w.space}`) ? `place:${w.space}` : `offer:${w.space}`;
      const stateText = w.ware ? (w.state === 'offered' ? 'offered' : 'basket on it') : 'basket';
      return actionable('div', i === ctx.seat ? notation : null, ctx, placed, {
        class: ['mn-wspace', w.ware ? `st-${w.state}` : 'st-empty', d.ware_space === w.space && i === v.to_move && 'mn-focus'], dataset: { space: w.space },
        title: `${w.space.toUpperCase()}${sp.pp ? ` (+${sp.pp} PP when filled)` : ''}: ${w.ware ? `${wareName(w.ware)}, ${stateText}` : 'empty, basket'}`,
      }, w.ware ? wareCard(w.ware, { level: lv }) : h('span', { class: 'mn-dim', text: sp.pp ? `+${sp.pp} PP` : 'empty' }),
      h('span', { class: 'mn-wstate', text: w.ware ? stateText : '' }));
    })));

  const papyri = TABLES.papyrus_slot_cost.map((cost, k) => h('div', { class: 'mn-pslot' },
    pl.papyri[k] ? papyrusCard(pl.papyri[k]) : h('span', { class: 'mn-dim', text: 'empty' }), h('span', { class: 'mn-cost', text: cost ? `+${cost} heka` : 'free' })));

  const agreements = pl.agreements.map((a, k) => actionable('div', i === ctx.seat ? `discard:${k + 1}` : null, ctx, placed, {
    class: ['mn-ta', !a && 'mn-empty', a && a.fulfilled && 'fulfilled'], dataset: { agreement: a ? a.id : '' },
    title: a ? `${a.id}: ${agreementText(a.id)}${a.fulfilled ? ' — fulfilled' : ' — open'}` : 'empty agreement slot',
  }, a ? [h('span', { class: 'mn-ta-val', text: `${TABLES.agreements[a.id].value} PP${a.fulfilled ? ' ✓' : ''}` }), h('span', { class: 'mn-ta-text', text: TABLES.agreements[a.id].text })]
    : h('span', { class: 'mn-dim', text: '—' })));
  const nAgreements = pl.agreements.filter(Boolean).length;

  const priest = ['entrance', 'room1', 'room2', 'room3', 'room4'].map((r) => {
    const x = pl.priestesses[r] || { standing: 0, lying: 0 };
    const n = x.standing + x.lying;
    return n ? `${r === 'entrance' ? 'entrance' : r.replace('room', 'room ')}: ${x.standing}▲${x.lying ? ` ${x.lying}▼` : ''}` : null;
  }).filter(Boolean).join(' · ');

  return h('section', {
    class: ['seat-panel', 'mn-seat', `mn-seat-c${i}`, you && 'you', toMove && 'to-move', won && 'winner'],
    dataset: { seat: i }, attrs: { 'aria-label': `Seat ${i}: ${ctx.seatName(i)}` },
  },
  h('header', { class: 'seat-head' },
    h('div', { class: 'seat-title' },
      h('span', { class: ['mn-tok', `mn-c${i}`] }),
      h('span', { class: 'seat-name', text: seatTitle(info, i) }),
      you ? h('span', { class: 'badge badge-you', text: 'you' }) : null,
      kind ? h('span', { class: 'badge badge-kind', text: kind }) : null,
      h('span', { class: 'badge badge-kind', title: 'position in the turn order', text: `#${turnPos}` }),
      toMove ? h('span', { class: 'badge badge-turn', text: 'turn' }) : null,
      won ? h('span', { class: 'badge badge-win', text: 'winner' }) : null),
    h('span', { class: 'points', dataset: { points: pl.pp }, text: `${pl.pp} PP` })),
  h('dl', { class: 'mn-stats' },
    stat('Food', `${pl.food}/${TABLES.caps.food}`), stat('Heka', `${pl.heka}/${TABLES.caps.heka}`),
    stat('Sun disc', pl.sun_disc, 'obelisk space'), stat('GP block', pl.great_pyramid_block, 'Great Pyramid track space'),
    stat('Queens block', pl.queens_block, "queens' track space"), stat('Heart', pl.heart, 'Duat position'), stat('Feather', pl.feather, 'Duat position'),
    stat('This era', `visit ${u.visit}/${per} · raise ${u.raise}/${per} · take ${u.take}/${per}`, `turn options used this era (${per} of each)`)),
  h('h3', { class: 'mn-h', text: 'Apprentices and action tiles' }),
  h('div', { class: 'mn-slots' }, slots),
  h('h3', { class: 'mn-h', text: 'Specializations (scarabs)' }),
  h('div', { class: 'mn-specs' }, specs),
  h('h3', { class: 'mn-h', text: `Hieroglyph track (board ${pl.board || '?'}): ${pl.hieroglyph}/${(TABLES.boards[pl.board] || []).length}` }),
  h('div', { class: 'mn-glyphs' }, glyphs),
  h('dl', { class: 'mn-stats mn-pieces' },
    stat('Sphinxes', `${pl.sphinxes.supply} supply · ${pl.sphinxes.available} carved`),
    stat('Mummies', `${pl.mummies.supply} supply · ${pl.mummies.sarcophagi} sarcophagi`),
    stat('Eyes', `${pl.eyes.supply} supply · ${pl.eyes.available} ready · ${pl.eyes_beside_queens.reduce((a, b) => a + b, 0)} placed`),
    stat('Boats', pl.boats.map(cityName).join(' ')),
    stat('Priestesses', priest || '—')),
  h('h3', { class: 'mn-h', text: 'Ware area' }),
  h('div', { class: 'mn-wares' }, wareRows),
  h('h3', { class: 'mn-h', text: `Papyri (rolled up: ${pl.rolled_papyri})` }),
  h('div', { class: 'mn-papyri' }, papyri),
  h('h3', { class: 'mn-h', text: `Trade agreements (${nAgreements} of ${pl.agreements.length} slots)` }),
  nAgreements ? h('div', { class: 'mn-agreements' }, agreements.filter((_, k) => pl.agreements[k])) : h('p', { class: 'mn-dim', text: 'none yet' }));
}

// -- choices, results -------------------------------------------------------------------------------------------
function choiceLabel(l, v) {
  const d = v.decision || {};
  const [k, ...rest] = l.notation.split(':');
  const arg = rest.join(':');
  if (k === 'do') return `Next: ${(d.ops || {})[arg] || humanize(arg)}`;
  if (k === 'alt') return (d.alternatives || [])[Number(arg) - 1] || `Alternative ${arg}`;
  if (k === 'favour') return `Favour: ${favourLabel(arg)}`;
  if (k === 'gain') return `${d.per_unit ? 1 : d.n || 1} ${arg}`;
  if (l.notation === 'pass') return PASS_LABEL[d.kind] || 'Pass';
  if (l.notation === 'discard:new') return `Discard the new agreement (${agreementText(d.agreement)})`;
  return l.text || l.notation;
}

function choiceBar(v, ctx, placed) {
  const left = ctx.legal.filter((l) => !placed.has(l.notation));
  if (!left.length) return null;
  return h('div', { class: 'mn-choices', id: 'mn-choices' }, left.map((l) => {
    const cls = ['btn', 'mn-btn', l.notation === 'pass' || l.notation === 'discard:new' ? 'btn-secondary' : 'btn-primary'];
    return actionable('span', l.notation, ctx, placed, { class: cls }, h('span', { text: choiceLabel(l, v) }));
  }));
}

function finalResults(v, ctx) {
  if (!v.terminal || !v.final_scores) return null;
  const bd = v.score_breakdown || {};
  const seats = v.final_scores.map((_, i) => i);
  return h('section', { id: 'final-results', class: 'final-results' },
    h('h2', { text: 'Final results' }),
    ranking(ctx, v.final_scores.map((points, seat) => ({ seat, points })), v.winners, 'PP'),
    Object.keys(bd).length ? h('div', { class: 'table-scroll' }, h('table', { class: 'score-table mn-breakdown', id: 'mn-breakdown' },
      h('thead', null, h('tr', null, h('th', { text: 'PP' }), seats.map((i) => h('th', { class: i === ctx.seat ? 'you' : '', text: name(ctx, i) })))),
      h('tbody', null, Object.entries(bd).map(([k, vals]) => h('tr', { dataset: { category: k } },
        h('th', { text: CATEGORY_LABEL[k] || humanize(k) }), vals.map((x) => h('td', { class: x > 0 ? 'pos' : x < 0 ? 'neg' : 'zero', text: x })))),
      h('tr', { class: 'row-after' }, h('th', { text: 'Total' }), v.final_scores.map((x) => h('td', { text: x })))))) : null,
    v.winners && v.winners.length > 1 ? h('p', { class: 'mn-dim', text: 'Tied on PP and on the tie-break (purest heart): the victory is shared.' }) : null);
}

function harvestTable(v, ctx) {
  if (!v.harvests || !v.harvests.length) return null;
  const seats = v.players.map((_, i) => i);
  return details('mn-harvests', 'mn-details mn-area', 'Harvest scores', !!v.terminal,
    h('div', { class: 'table-scroll' }, h('table', { class: 'score-table', id: 'mn-harvest-table' },
      h('thead', null, h('tr', null, h('th', { text: 'Era' }), seats.map((i) => h('th', { class: i === ctx.seat ? 'you' : '', text: name(ctx, i) })))),
      h('tbody', null, v.harvests.map((hv) => h('tr', { dataset: { era: hv.era } }, h('th', { text: `Harvest ${ROMAN[hv.era]}` }),
        seats.map((i) => {
          const diff = hv.after[i] - hv.before[i];
          return h('td', { class: diff > 0 ? 'pos' : diff < 0 ? 'neg' : 'zero', text: `${diff > 0 ? '+' : ''}${diff} → ${hv.after[i]}` });
        })))))));
}

function infoBar(v, ctx) {
  const mover = v.terminal ? null : v.to_move;
  return h('div', { class: 'mn-info' },
    h('span', { class: 'chip chip-strong', text: `Era ${ROMAN[v.era] || v.era}` }),
    h('span', { class: 'chip', text: v.terminal ? 'Game over' : `Sowing · round ${Math.min(TABLES.rounds, (v.round || 0) + 1)}/${TABLES.rounds}` }),
    h('span', { class: 'chip mn-order', title: 'turn order (fewest PP first from era II)' }, 'Order: ',
      v.turn_order.map((p) => h('span', { class: ['mn-order-seat', p === mover && 'moving'] }, token(p, ctx), name(ctx, p)))),
    v.deity ? h('span', { class: 'chip', title: TABLES.deities[v.deity] || '', text: `Deity: ${humanize(v.deity)} (${TABLES.deities[v.deity] || ''})` }) : null);
}

function legend() {
  return h('p', { class: 'legend mn-legend', text: '! = one activation (boats) or one free choice (favours, mastaba tiles) · ⊥ and / = choose one · ? = the highest numeral your scarab has reached on that track · ▲ construction · ☥ deity · ⚖ Duat scale' });
}

// -- entry point --------------------------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  if (!v || !v.tables) {
    root.replaceChildren(h('p', { class: 'muted', text: 'Loading…' }));
    return;
  }
  setTables(v.tables);
  root.classList.add('mn-board');
  const placed = new Set();
  const n = v.players.length;
  const me = mySeat(ctx);
  const order = Array.from({ length: n }, (_, k) => ((me ?? 0) + k) % n);
  // The acting player's own elements first (tiles on the board, wares, agreements, scarabs), then the
  // main board; whatever is left goes to the choice bar.
  const seats = order.map((i) => seatPanel(v, i, ctx, placed));
  // The main board first; the administration boards follow, each collapsible (yours open, and any
  // board holding one of your legal moves).
  const board = h('div', { class: 'mn-main', id: 'mn-main' },
    housesArea(v, ctx, placed), tilesArea(v, ctx, placed), marketsArea(v, ctx, placed),
    nileArea(v, ctx, placed), gpArea(v, ctx, placed), qpArea(v, ctx, placed), necropolisArea(v, ctx, placed),
    sphinxArea(v, ctx, placed), templeArea(v, ctx, placed), obeliskArea(v, ctx), duatArea(v, ctx));
  const onBoard = placed.size > 0;
  const choices = choiceBar(v, ctx, placed);
  const prompt = promptText(v, ctx);
  const jump = onBoard ? h('button', {
    type: 'button', class: 'btn btn-ghost btn-small mn-jump', text: t('mnui.show_me'),
    on: { click: () => { const el = root.querySelector('.mn-main .mn-act, .mn-seat .mn-act'); if (el) el.scrollIntoView({ behavior: 'smooth', block: 'center' }); } },
  }) : null;
  const admin = h('section', { class: 'mn-admin', id: 'seats', attrs: { 'aria-labelledby': 'mn-admin-title' } },
    h('h2', { id: 'mn-admin-title', class: 'mn-admin-title', text: t('mnui.admin.title') }),
    order.map((i, k) => adminBoard(v, i, ctx, seats[k])));
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { class: ['ra-table', 'mn-table'], id: 'mn-table' },
      infoBar(v, ctx),
      prompt ? h('div', { class: ['mn-prompt', ctx.legal.length && 'mine'], id: 'mn-prompt' }, h('span', { text: prompt }), jump) : null,
      choices),
    board,
    admin,
    harvestTable(v, ctx),
    legend(),
  ].filter(Boolean));
  markChanges(root, msg, ctx);
}

// -- an administration board, collapsible -----------------------------------------------------------
function adminBoard(v, i, ctx, panel) {
  const pl = v.players[i];
  const mine = !!panel.querySelector('[data-action]'); // one of your legal moves is on it
  const summary = h('span', { class: 'mn-admin-sum' },
    h('span', { class: ['mn-tok', `mn-c${i}`], attrs: { 'aria-hidden': 'true' } }),
    h('strong', { text: name(ctx, i) }),
    h('span', { text: t('mnui.admin.summary', { pp: pl.pp, food: pl.food, heka: pl.heka }) }),
    h('span', { class: 'mn-changed-badge', text: t('mnui.changed') }));
  const d = details(`mn-admin-${i}`, ['mn-admin-board', `mn-seat-c${i}`], summary, i === ctx.seat, panel);
  d.dataset.change = `seat-${i}`;
  if (mine) d.open = true;
  return d;
}

// -- what changed since your last move ------------------------------------------------------------------
// Each main-board area and administration board gets a signature (its text); the signatures are
// kept (per game and seat, in localStorage) when the turn passes from you to someone else. Areas
// whose text differs later are marked "changed since your last move".
const SNAP = { key: null, wasMine: false };

function signatures(root) {
  const out = {};
  for (const el of root.querySelectorAll('.mn-main > .mn-area[id], .mn-admin-board[data-change]')) {
    const key = el.id && el.classList.contains('mn-area') ? el.id : el.dataset.change;
    const clone = el.cloneNode(true);
    for (const x of clone.querySelectorAll('.mn-changed-badge')) x.remove();
    out[key] = clone.textContent.replace(/\s+/g, ' ').trim();
  }
  return out;
}

function markChanges(root, msg, ctx) {
  if (ctx.seat === null || ctx.seat === undefined || ctx.replay || msg.view.terminal) return;
  const key = `heliopolis:mn-snap:${msg.game_id || location.pathname}:${ctx.seat}`;
  const mine = ctx.legal.length > 0;
  const now = signatures(root);
  if (SNAP.key !== key) { SNAP.key = key; SNAP.wasMine = mine; }
  if (SNAP.wasMine && !mine) {
    try { localStorage.setItem(key, JSON.stringify(now)); } catch { /* not kept */ }
  }
  SNAP.wasMine = mine;
  let before = null;
  try { before = JSON.parse(localStorage.getItem(key) || 'null'); } catch { before = null; }
  if (!before) return;
  for (const el of root.querySelectorAll('.mn-main > .mn-area[id], .mn-admin-board[data-change]')) {
    const k = el.id && el.classList.contains('mn-area') ? el.id : el.dataset.change;
    if (k in before && before[k] !== now[k]) {
      el.classList.add('mn-changed');
      if (el.classList.contains('mn-area') && !el.querySelector(':scope > .mn-changed-badge')) {
        el.querySelector('.mn-area-title').after(h('span', { class: 'mn-changed-badge', text: t('mnui.changed') }));
      }
    }
  }
}

/** Replay captions from notation. */
export function describeMove(move) {
  const p = String(move || '').split(':');
  const up = (x) => String(x || '').toUpperCase();
  switch (p[0]) {
    case 'visit': return `visits with the apprentice under tile ${up(p[1])}`;
    case 'house': return `sends the apprentice to the ${houseName(p[1])} house`;
    case 'raise': return `raises the ${houseName(p[1])} specialization`;
    case 'take': return `takes the action tile of display slot ${p[1]}`;
    case 'track': return `performs specialization space ${p[1]}`;
    case 'row': return `performs the display actions of slot ${p[1]}`;
    case 'do': return `does ${String(p[1]).replace(/_/g, ' ')} next`;
    case 'alt': return `chooses alternative ${p[1]}`;
    case 'block': return p[1] === 'great' ? 'moves the Great Pyramid block' : "moves the queens' pyramid block";
    case 'position': return `builds the Great Pyramid on position ${p[1]}`;
    case 'favour': return `takes the favour ${favourLabel(p[1])}`;
    case 'gain': return `gains ${p[1]}`;
    case 'pyramid': return `places an eye of Horus at queens' pyramid ${up(p[1])}`;
    case 'grave': return `buries a sarcophagus on ${up(p[1])}`;
    case 'mastaba': return `activates the ${p[1].replace('-', ' ')} mastaba tile`;
    case 'papyrus': return `takes the papyrus of market slot ${p[1]}`;
    case 'ware': return `takes the ware of market slot ${p[1]}`;
    case 'place': return `places the ware on ${up(p[1])}`;
    case 'priestess': return `moves a priestess from ${p[1] === 'entrance' ? 'the entrance' : `room ${p[1]}`}`;
    case 'offer': return `offers the ware on ${up(p[1])}`;
    case 'basket': return `puts the basket on ${up(p[1])}`;
    case 'sail': return `sails a boat from ${up(p[1])} to ${up(p[2])}`;
    case 'sail-activated': return `sails an already activated boat from ${up(p[1])} to ${up(p[2])}`;
    case 'activate': return `activates the boat on ${up(p[1])}`;
    case 'agreement': return `takes the trade agreement of ${up(p[1])} slot ${p[2]}`;
    case 'discard': return p[1] === 'new' ? 'discards the new trade agreement' : `discards the trade agreement in slot ${p[1]}`;
    case 'pedestal': return `erects a sphinx on ${up(p[1])}`;
    case 'scarab': return `moves the ${houseName(p[1])} scarab`;
    case 'pass': return 'passes';
    case 'start': return `seat ${p[1]} is the start player`;
    case 'tile': return `action tile ${up(p[1])} is drawn`;
    case 'ware-draw': return `ware ${up(p[1])} is drawn`;
    case 'papyrus-draw': return `papyrus ${up(p[1])} is drawn`;
    case 'agreement-draw': return `trade agreement ${up(p[1])} is drawn`;
    case 'piece': return `a Great Pyramid piece (${p[1]}) is revealed`;
    default: return move;
  }
}
