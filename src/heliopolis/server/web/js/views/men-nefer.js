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

import { details, h, humanize, ranking, seatTitle, botLevel, compactMoves } from '../dom.js';
import { t, tn } from '../i18n.js';
import { CATEGORY_LABEL, PASS_LABEL, ROMAN, TABLES, actionable, agreementText, area, cityName, favourLabel, glyphName, houseName, mySeat, name, setTables, tileCard, tileText, token, vars, wareName } from './men-nefer-common.js';
import { duatArea, gpArea, housesArea, marketsArea, necropolisArea, nileArea, obeliskArea, papyrusCard, qpArea, sphinxArea, templeArea, tilesArea, wareCard } from './men-nefer-board.js';
import { boardAreas, columns } from './men-nefer-map.js';
import { ensureSprite, piece, use } from './men-nefer-art.js';

(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="men-nefer"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/men-nefer.css', import.meta.url).href, dataset: { viewCss: 'men-nefer' },
  }));
}());

// -- the prompt ---------------------------------------------------------------------------------------
// Each decision has a sentence for the player who decides (mnui.ask.*) and a phrase for the others
// (mnui.wait.*: "<name> is choosing …", in German "<Name> wählt …").
function ask(mine, key, args = {}) {
  return t(`mnui.${mine ? 'ask' : 'wait'}.${key}`, args);
}

function decisionText(v, ctx, mine) {
  const d = v.decision || {};
  const me = mySeat(ctx) !== null ? v.players[ctx.seat] : null;
  const has = (p) => ctx.legal.some((l) => l.notation.startsWith(p));
  const or = ctx.action('pass') ? t('mnui.or_stop') : '';
  switch (d.kind) {
    case 'option': {
      if (!mine) return ask(false, 'option');
      const parts = [];
      if (has('visit:')) parts.push(t('mnui.opt.visit'));
      if (has('raise:')) parts.push(t('mnui.opt.raise'));
      if (has('take:')) parts.push(t('mnui.opt.take'));
      const u = me ? me.options_used : null;
      const used = u ? ` ${t('mnui.opt.used', { visit: u.visit, raise: u.raise, take: u.take, per: TABLES.options_per_era })}` : '';
      const list = parts.length > 1 ? t('mnui.list_or', { first: parts.slice(0, -1).join(', '), last: parts[parts.length - 1] }) : parts[0];
      return `${t('mnui.ask.option', { list })}${used}`;
    }
    case 'house': return ask(mine, 'house', { tile: d.tile, text: tileText(d.tile) });
    case 'track': return ask(mine, 'track', { house: houseName(d.house) });
    case 'row': return ask(mine, 'row', { slot: d.slot });
    case 'group': return ask(mine, 'group', { ops: Object.values(d.ops || {}).join(', ') });
    case 'choice': return ask(mine, 'choice', { alts: (d.alternatives || []).join(` ${d.sep} `) });
    case 'lime': return ask(mine, 'lime', { n: d.steps });
    case 'favour': return ask(mine, d.count > 1 ? 'favour_n' : 'favour', { n: d.count });
    case 'gain': return mine ? (d.per_unit ? t('mnui.ask.gain_isis', { n: d.n }) : t('mnui.ask.gain', { n: d.n })) : ask(false, 'gain');
    case 'gp_pos': return ask(mine, 'gp_pos', { lv: ROMAN[d.level] });
    case 'pyramidion': return ask(mine, 'pyramidion', { n: d.picks });
    case 'queen_eye': return ask(mine, 'queen_eye');
    case 'bury': return ask(mine, 'bury', { where: d.level === '?' ? t('mnui.bury_q') : t('mnui.bury_col', { lv: d.level }) });
    case 'bury_acts': return ask(mine, 'bury_acts', { grave: d.grave, n: d.activations });
    case 'mastaba_any': return ask(mine, 'mastaba_any', { n: d.activations });
    case 'erect': return ask(mine, 'erect', { where: d.level === '?' ? t('mnui.erect_q') : t('mnui.erect_lv', { lv: d.level }) });
    case 'papyrus': return ask(mine, d.free ? 'papyrus_free' : 'papyrus');
    case 'ware': return ask(mine, d.free ? 'ware_free' : 'ware');
    case 'ware_place': return ask(mine, 'ware_place', { ware: wareName(d.ware) });
    case 'priest': {
      if (!mine) return ask(false, 'priest');
      const bits = [];
      if (d.steps > 0 && has('priestess:')) bits.push(t('mnui.ask.priest_move', { n: d.steps }));
      if (has('offer:')) bits.push(t('mnui.ask.priest_offer'));
      return `${bits.length ? bits.join(t('mnui.or_sep')) : t('mnui.ask.priest')}${or}.`;
    }
    case 'basket': return ask(mine, 'basket');
    case 'boats': {
      if (!mine) return ask(false, 'boats');
      const bits = [];
      if (has('sail:')) bits.push(t('mnui.ask.boats_sail', { n: d.steps }));
      if (has('activate:')) bits.push(t('mnui.ask.boats_activate', { n: d.activations }));
      return `${t('mnui.ask.boats', { what: bits.join(t('mnui.or_sep')) })}${or}.`;
    }
    case 'city_ta': return ask(mine, 'city_ta', { city: cityName(d.city) });
    case 'hathor': return ask(mine, 'hathor');
    case 'ta_place': return ask(mine, 'ta_place', { agreement: agreementText(d.agreement) });
    case 'scarab': return ask(mine, 'scarab');
    default: return ask(mine, 'default');
  }
}

function promptText(v, ctx) {
  if (v.terminal) return t('mnui.game_over');
  if (ctx.replay) return '';
  const mine = ctx.legal.length > 0;
  const text = decisionText(v, ctx, mine);
  if (mine) return t('mnui.prompt.mine', { text: `${text.charAt(0).toUpperCase()}${text.slice(1)}` });
  if (v.to_move === null || v.to_move === undefined || v.to_move < 0) return '';
  return t('mnui.prompt.other', { who: name(ctx, v.to_move), text });
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
  const kind = info.kind === 'bot' ? botLevel(info.bot) : info.kind === 'human' ? t('ra.ui.human') : '';
  const won = (v.winners || []).includes(i);
  const d = v.decision || {};
  const u = pl.options_used;
  const per = TABLES.options_per_era;
  const turnPos = v.turn_order.indexOf(i) + 1;

  const slots = pl.tile_slots.map((s, k) => h('div', { class: ['mn-slot', s.apprentice_home ? 'home' : 'away'] },
    h('span', { class: 'mn-dim', text: t(s.apprentice_home ? 'mnui.apprentice_home' : 'mnui.apprentice_out', { n: k + 1 }) }),
    s.tile ? tileCard(s.tile, ctx, placed, `visit:${s.tile.toLowerCase()}`) : h('div', { class: 'mn-tile mn-empty', text: t('mnui.empty_tile_slot') })));

  const specs = TABLES.houses.map((house) => {
    const n = pl.scarabs[house];
    return actionable('div', `scarab:${house}`, ctx, placed, { class: 'mn-spec', dataset: { house }, title: t('mnui.spec_title', { house: houseName(house), n, of: TABLES.track_len }) },
      h('span', { class: 'mn-spec-name', text: houseName(house) }),
      vars(h('span', { class: 'mn-bar' }), { '--f': n / TABLES.track_len }),
      h('span', { class: 'mn-spec-n', text: `${n}/${TABLES.track_len}` }));
  });

  const glyphs = (TABLES.boards[pl.board] || []).map((g, k) => h('span', {
    class: ['mn-gcell', `g-${g.glyph}`, k < pl.hieroglyph && 'reached', k === pl.hieroglyph && 'next'], title: `${k + 1}: ${glyphName(g.glyph)} → ${g.bonus}`,
  }, h('span', { text: glyphName(g.glyph) }), h('span', { class: 'mn-dim', text: g.bonus === 'scarab +1' ? t('mnui.scarab') : g.bonus })));

  const wareRows = [3, 2, 1].map((lv) => h('div', { class: 'mn-wrow', dataset: { level: lv } },
    pl.wares.map((w, k) => ({ w, k })).filter(({ k }) => TABLES.ware_spaces[k].level === lv).map(({ w, k }) => {
      const sp = TABLES.ware_spaces[k];
      const notation = ctx.action(`place:${w.space}`) ? `place:${w.space}` : `offer:${w.space}`;
      const stateText = w.ware ? (w.state === 'offered' ? t('mnui.ware_offered') : t('mnui.ware_basket_on')) : t('mnui.basket');
      return actionable('div', i === ctx.seat ? notation : null, ctx, placed, {
        class: ['mn-wspace', w.ware ? `st-${w.state}` : 'st-empty', d.ware_space === w.space && i === v.to_move && 'mn-focus'], dataset: { space: w.space },
        title: `${w.space.toUpperCase()}${sp.pp ? ` ${t('mnui.pp_when_filled', { n: sp.pp })}` : ''}: ${w.ware ? `${wareName(w.ware)}, ${stateText}` : t('mnui.empty_basket')}`,
      }, w.ware ? wareCard(w.ware, { level: lv }) : h('span', { class: 'mn-dim', text: sp.pp ? `+${sp.pp} PP` : t('mnui.empty') }),
      h('span', { class: 'mn-wstate', text: w.ware ? stateText : '' }));
    })));

  const papyri = TABLES.papyrus_slot_cost.map((cost, k) => h('div', { class: 'mn-pslot' },
    pl.papyri[k] ? papyrusCard(pl.papyri[k]) : h('span', { class: 'mn-dim', text: t('mnui.empty') }), h('span', { class: 'mn-cost', text: cost ? `+${t('mnui.heka_n', { n: cost })}` : t('mnui.free') })));

  const agreements = pl.agreements.map((a, k) => actionable('div', i === ctx.seat ? `discard:${k + 1}` : null, ctx, placed, {
    class: ['mn-ta', !a && 'mn-empty', a && a.fulfilled && 'fulfilled'], dataset: { agreement: a ? a.id : '' },
    title: a ? `${a.id}: ${agreementText(a.id)} — ${t(a.fulfilled ? 'mnui.ta_fulfilled' : 'mnui.ta_open')}` : t('mnui.empty_ta_slot'),
  }, a ? [h('span', { class: 'mn-ta-val', text: `${TABLES.agreements[a.id].value} PP${a.fulfilled ? ' ✓' : ''}` }), h('span', { class: 'mn-ta-text', text: TABLES.agreements[a.id].text })]
    : h('span', { class: 'mn-dim', text: '—' })));
  const nAgreements = pl.agreements.filter(Boolean).length;

  const priest = ['entrance', 'room1', 'room2', 'room3', 'room4'].map((r) => {
    const x = pl.priestesses[r] || { standing: 0, lying: 0 };
    const n = x.standing + x.lying;
    return n ? `${r === 'entrance' ? t('mnui.entrance') : t('mnui.room', { n: r.replace('room', '') })}: ${x.standing}▲${x.lying ? ` ${x.lying}▼` : ''}` : null;
  }).filter(Boolean).join(' · ');

  return h('section', {
    class: ['seat-panel', 'mn-seat', `mn-seat-c${i}`, you && 'you', toMove && 'to-move', won && 'winner'],
    dataset: { seat: i }, attrs: { 'aria-label': t('mnui.seat_label', { n: i, who: ctx.seatName(i) }) },
  },
  h('header', { class: 'seat-head' },
    h('div', { class: 'seat-title' },
      h('span', { class: ['mn-tok', `mn-c${i}`] }),
      h('span', { class: 'seat-name', text: seatTitle(info, i) }),
      you ? h('span', { class: 'badge badge-you', text: t('mnui.you') }) : null,
      kind ? h('span', { class: 'badge badge-kind', text: kind }) : null,
      h('span', { class: 'badge badge-kind', title: t('mnui.turn_pos'), text: `#${turnPos}` }),
      toMove ? h('span', { class: 'badge badge-turn', text: t('mnui.turn') }) : null,
      won ? h('span', { class: 'badge badge-win', text: t('mnui.winner') }) : null),
    h('span', { class: 'points', dataset: { points: pl.pp }, text: `${pl.pp} PP` })),
  h('dl', { class: 'mn-stats' },
    stat(t('mnui.stat.food'), `${pl.food}/${TABLES.caps.food}`), stat(t('mnui.stat.heka'), `${pl.heka}/${TABLES.caps.heka}`),
    stat(t('mnui.stat.sun_disc'), pl.sun_disc, t('mnui.stat.sun_disc_t')), stat(t('mnui.stat.gp'), pl.great_pyramid_block, t('mnui.stat.gp_t')),
    stat(t('mnui.stat.queens'), pl.queens_block, t('mnui.stat.queens_t')), stat(t('mnui.stat.heart'), pl.heart, t('mnui.stat.duat_t')), stat(t('mnui.stat.feather'), pl.feather, t('mnui.stat.duat_t')),
    stat(t('mnui.stat.era'), t('mnui.stat.era_v', { visit: u.visit, raise: u.raise, take: u.take, per }), t('mnui.stat.era_t', { per }))),
  // Three columns side by side on a desktop (one on a phone): tiles and tracks, hieroglyphs and
  // pieces, wares / papyri / agreements.
  h('div', { class: 'mn-seat-cols' },
  h('div', { class: 'mn-seat-col' },
  h('h3', { class: 'mn-h', text: t('mnui.h.apprentices') }),
  h('div', { class: 'mn-slots' }, slots),
  h('h3', { class: 'mn-h', text: t('mnui.h.specs') }),
  h('div', { class: 'mn-specs' }, specs)),
  h('div', { class: 'mn-seat-col' },
  h('h3', { class: 'mn-h', text: t('mnui.h.glyphs', { board: pl.board || '?', n: pl.hieroglyph, of: (TABLES.boards[pl.board] || []).length }) }),
  h('div', { class: 'mn-glyphs' }, glyphs),
  h('dl', { class: 'mn-stats mn-pieces' },
    stat(t('mnui.stat.sphinxes'), t('mnui.stat.sphinxes_v', { supply: pl.sphinxes.supply, n: pl.sphinxes.available })),
    stat(t('mnui.stat.mummies'), t('mnui.stat.mummies_v', { supply: pl.mummies.supply, n: pl.mummies.sarcophagi })),
    stat(t('mnui.stat.eyes'), t('mnui.stat.eyes_v', { supply: pl.eyes.supply, n: pl.eyes.available, placed: pl.eyes_beside_queens.reduce((a, b) => a + b, 0) })),
    stat(t('mnui.stat.boats'), pl.boats.map(cityName).join(' ')),
    stat(t('mnui.stat.priestesses'), priest || '—'))),
  h('div', { class: 'mn-seat-col' },
  h('h3', { class: 'mn-h', text: t('mnui.h.wares') }),
  h('div', { class: 'mn-wares' }, wareRows),
  h('h3', { class: 'mn-h', text: t('mnui.h.papyri', { n: pl.rolled_papyri }) }),
  h('div', { class: 'mn-papyri' }, papyri),
  h('h3', { class: 'mn-h', text: t('mnui.h.agreements', { n: nAgreements, of: pl.agreements.length }) }),
  nAgreements ? h('div', { class: 'mn-agreements' }, agreements.filter((_, k) => pl.agreements[k])) : h('p', { class: 'mn-dim', text: t('mnui.none_yet') }))));
}

// -- choices, results -------------------------------------------------------------------------------------------
function choiceLabel(l, v) {
  const d = v.decision || {};
  const [k, ...rest] = l.notation.split(':');
  const arg = rest.join(':');
  if (k === 'do') return t('mnui.choice.next', { op: (d.ops || {})[arg] || humanize(arg) });
  if (k === 'alt') return (d.alternatives || [])[Number(arg) - 1] || t('mnui.choice.alt', { n: arg });
  if (k === 'favour') return t('mnui.choice.favour', { favour: favourLabel(arg) });
  if (k === 'gain') return t(arg === 'food' ? 'mnui.food_n' : 'mnui.heka_n', { n: d.per_unit ? 1 : d.n || 1 });
  if (l.notation === 'pass') return PASS_LABEL[d.kind] || t('mnui.pass.pass');
  if (l.notation === 'discard:new') return t('mnui.choice.discard_new', { agreement: agreementText(d.agreement) });
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
    h('h2', { text: t('mnui.final') }),
    ranking(ctx, v.final_scores.map((points, seat) => ({ seat, points })), v.winners, 'PP'),
    Object.keys(bd).length ? h('div', { class: 'table-scroll' }, h('table', { class: 'score-table mn-breakdown', id: 'mn-breakdown' },
      h('thead', null, h('tr', null, h('th', { text: 'PP' }), seats.map((i) => h('th', { class: i === ctx.seat ? 'you' : '', text: name(ctx, i) })))),
      h('tbody', null, Object.entries(bd).map(([k, vals]) => h('tr', { dataset: { category: k } },
        h('th', { text: CATEGORY_LABEL[k] || humanize(k) }), vals.map((x) => h('td', { class: x > 0 ? 'pos' : x < 0 ? 'neg' : 'zero', text: x })))),
      h('tr', { class: 'row-after' }, h('th', { text: t('mnui.total') }), v.final_scores.map((x) => h('td', { text: x })))))) : null,
    v.winners && v.winners.length > 1 ? h('p', { class: 'mn-dim', text: t('mnui.shared') }) : null);
}

function harvestTable(v, ctx) {
  if (!v.harvests || !v.harvests.length) return null;
  const seats = v.players.map((_, i) => i);
  return details('mn-harvests', 'mn-details mn-area', t('mnui.harvests'), !!v.terminal,
    h('div', { class: 'table-scroll' }, h('table', { class: 'score-table', id: 'mn-harvest-table' },
      h('thead', null, h('tr', null, h('th', { text: t('mnui.era') }), seats.map((i) => h('th', { class: i === ctx.seat ? 'you' : '', text: name(ctx, i) })))),
      h('tbody', null, v.harvests.map((hv) => h('tr', { dataset: { era: hv.era } }, h('th', { text: t('mnui.harvest_n', { era: ROMAN[hv.era] }) }),
        seats.map((i) => {
          const diff = hv.after[i] - hv.before[i];
          return h('td', { class: diff > 0 ? 'pos' : diff < 0 ? 'neg' : 'zero', text: `${diff > 0 ? '+' : ''}${diff} → ${hv.after[i]}` });
        })))))));
}

function infoBar(v, ctx) {
  const mover = v.terminal ? null : v.to_move;
  return h('div', { class: 'mn-info' },
    h('span', { class: 'chip chip-strong', text: t('mnui.era_n', { era: ROMAN[v.era] || v.era }) }),
    h('span', { class: 'chip', text: v.terminal ? t('mnui.game_over') : t('mnui.sowing', { n: Math.min(TABLES.rounds, (v.round || 0) + 1), of: TABLES.rounds }) }),
    h('span', { class: 'chip mn-order', title: t('mnui.order_t') }, t('mnui.order'),
      v.turn_order.map((p) => h('span', { class: ['mn-order-seat', p === mover && 'moving'] }, token(p, ctx), name(ctx, p)))),
    v.deity ? h('span', { class: 'chip', title: TABLES.deities[v.deity] || '', text: t('mnui.deity_chip', { deity: humanize(v.deity), text: TABLES.deities[v.deity] || '' }) }) : null);
}

// -- entry point --------------------------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  if (!v || !v.tables) {
    root.replaceChildren(h('p', { class: 'muted', text: t('mnui.loading') }));
    return;
  }
  setTables(v.tables);
  ensureSprite();
  compactMoves(tn('mnui.all_moves', ctx.legal.length), ctx.legal.length);
  root.classList.add('mn-board');
  const placed = new Set();
  const n = v.players.length;
  const me = mySeat(ctx);
  const order = Array.from({ length: n }, (_, k) => ((me ?? 0) + k) % n);
  // The acting player's own elements first (tiles on the board, wares, agreements, scarabs), then the
  // main board; whatever is left goes to the choice bar.
  // The main board drawn first (its moves on its spaces and pieces, your own tiles included), then
  // the administration boards; a legend on demand, and the same board in words, collapsed (no
  // moves in it: they are all on the picture, the administration boards or in the choice bar).
  const board = h('div', { class: 'mn-main', id: 'mn-main' }, columns(boardAreas(v, ctx, placed, desktop()), wideScreen() ? 3 : 2));
  const seats = order.map((i) => seatPanel(v, i, ctx, placed));
  const words = boardInWords(v, ctx);
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
  // Your administration board comes before the main board while it holds your move (a ware to place).
  const adminActs = !!admin.querySelector('[data-action]') && !board.querySelector('[data-action]');
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { class: ['ra-table', 'mn-table'], id: 'mn-table' },
      infoBar(v, ctx),
      prompt ? h('div', { class: ['mn-prompt', ctx.legal.length && 'mine'], id: 'mn-prompt' }, h('span', { text: prompt }), jump) : null,
      choices),
    ...(adminActs ? [admin, board] : [board]),
    legend(),
    adminActs ? null : admin,
    words,
    harvestTable(v, ctx),
  ].filter(Boolean));
  markFresh(root, msg);
  markChanges(root, msg, ctx);
}

/** A screen wide enough for the board in columns (CSS: one column below 1000 px). */
function desktop() {
  return typeof window !== 'undefined' && window.matchMedia && window.matchMedia('(min-width: 1000px)').matches;
}

/** Three columns of areas on a very wide screen, two otherwise (CSS makes one of them on a phone). */
function wideScreen() {
  return typeof window !== 'undefined' && window.matchMedia && window.matchMedia('(min-width: 1600px)').matches;
}

// -- the board in words, the legend, the move list and what was just placed ----------------------------
/** The text version of the main board, collapsed: every legal move counts as placed, so none is in it. */
function boardInWords(v, ctx) {
  const none = new Set(ctx.legal.map((l) => l.notation));
  const body = h('div', { class: 'mn-words-body' },
    housesArea(v, ctx, none), tilesArea(v, ctx, none), marketsArea(v, ctx, none),
    nileArea(v, ctx, none), gpArea(v, ctx, none), qpArea(v, ctx, none), necropolisArea(v, ctx, none),
    sphinxArea(v, ctx, none), templeArea(v, ctx, none), obeliskArea(v, ctx), duatArea(v, ctx));
  for (const el of body.querySelectorAll('[id]')) el.id = `mnw-${el.id}`;
  for (const el of body.querySelectorAll('[aria-controls]')) el.setAttribute('aria-controls', `mnw-${el.getAttribute('aria-controls')}`);
  return details('mn-words', 'mn-details mn-words', t('mnui.words'), false, body);
}

const LEGEND = [
  ['apprentice', 'mnui.apprentice'], ['scarab', 'mnui.scarab'], ['boat', 'mnui.boat'], ['block', 'mnui.stone_block'],
  ['eye', 'mnui.eye'], ['sarcophagus', 'mnui.sarcophagus'], ['sphinx', 'mnui.sphinx'], ['basket', 'mnui.basket'],
  ['priestess', 'mnui.priestess_standing_one'], ['disc', 'mnui.sun_disc'], ['heart', 'mnui.favour.heart'], ['feather', 'mnui.favour.feather'],
];

/** What each drawn piece is, and how seats are told apart: behind a closed <details>. */
function legend() {
  const item = (art, text) => h('li', { class: 'mn-legend-item' }, art, h('span', { text }));
  const icon = (kind, seat) => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    el.setAttribute('viewBox', '0 0 24 24');
    el.setAttribute('class', 'mn-legend-art');
    el.setAttribute('aria-hidden', 'true');
    el.append(seat === undefined ? use(kind, 0, 0, 24, 'mn-sp-mark') : piece(kind, seat, '', 0, 0, 24));
    return el;
  };
  return details('mn-legend', 'mn-details mn-legend', t('mnui.legend_title'), false,
    h('div', { class: 'mn-legend-body', attrs: { tabindex: '0', role: 'group', 'aria-label': t('mnui.legend_title') } },
      h('ul', null, LEGEND.map(([kind, key]) => item(icon(kind, 0), t(key)))),
      h('p', { class: 'mn-dim', text: t('mnui.legend_seats') }),
      h('ul', null, item(icon('disc'), t('mnui.sun_space')), item(icon('moon'), t('mnui.moon_space')), item(icon('food'), t('mnui.stat.food')), item(icon('heka'), t('mnui.stat.heka'))),
      h('p', { class: 'mn-dim', text: t('mnui.legend_moves') })));
}

// Pieces on the picture that were not there at the previous drawing of the same game arrive with a
// short animation (CSS, none under prefers-reduced-motion).
let SEEN = null;
function markFresh(root, msg) {
  const game = msg.game_id || (typeof location === 'undefined' ? '' : location.pathname);
  const els = [...root.querySelectorAll('#mn-main [data-key]')];
  const keys = new Set(els.map((e) => e.dataset.key));
  if (SEEN && SEEN.game === game) for (const e of els) if (!SEEN.keys.has(e.dataset.key)) e.classList.add('mn-new');
  SEEN = { game, keys };
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
  // Closed by default (the summary line says PP, food and heka); open while it holds a legal move,
  // otherwise as the player left it.
  const id = `mn-admin-${i}`;
  const open = mine || ADMIN_OPEN.get(id) === true;
  const d = h('details', { id, class: ['mn-admin-board', `mn-seat-c${i}`], open, dataset: { change: `seat-${i}` } },
    h('summary', null, summary), panel);
  let first = open; // a <details> created open fires one toggle event: not the player's
  d.addEventListener('toggle', () => {
    if (first && d.open) { first = false; return; }
    first = false;
    ADMIN_OPEN.set(id, d.open);
  });
  return d;
}
const ADMIN_OPEN = new Map();

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
      if (el.classList.contains('mn-area') && !el.querySelector('.mn-area-head > .mn-changed-badge')) {
        el.querySelector('.mn-area-title').after(h('span', { class: 'mn-changed-badge', text: t('mnui.changed') }));
      }
    }
  }
}

/** Replay captions from notation. */
export function describeMove(move) {
  const p = String(move || '').split(':');
  const up = (x) => String(x || '').toUpperCase();
  const mv = (key, args = {}) => t(`mnui.mv.${key}`, args);
  switch (p[0]) {
    case 'visit': return mv('visit', { tile: up(p[1]) });
    case 'house': return mv('house', { house: houseName(p[1]) });
    case 'raise': return mv('raise', { house: houseName(p[1]) });
    case 'take': return mv('take', { n: p[1] });
    case 'track': return mv('track', { n: p[1] });
    case 'row': return mv('row', { n: p[1] });
    case 'do': return mv('do', { op: String(p[1]).replace(/_/g, ' ') });
    case 'alt': return mv('alt', { n: p[1] });
    case 'block': return mv(p[1] === 'great' ? 'block_great' : 'block_queens');
    case 'position': return mv('position', { n: p[1] });
    case 'favour': return mv('favour', { favour: favourLabel(p[1]) });
    case 'gain': return mv('gain', { what: p[1] });
    case 'pyramid': return mv('pyramid', { q: up(p[1]) });
    case 'grave': return mv('grave', { at: up(p[1]) });
    case 'mastaba': return mv('mastaba', { tile: p[1].replace('-', ' ') });
    case 'papyrus': return mv('papyrus', { n: p[1] });
    case 'ware': return mv('ware', { n: p[1] });
    case 'place': return mv('place', { at: up(p[1]) });
    case 'priestess': return p[1] === 'entrance' ? mv('priestess_entrance') : mv('priestess', { n: p[1] });
    case 'offer': return mv('offer', { at: up(p[1]) });
    case 'basket': return mv('basket', { at: up(p[1]) });
    case 'sail': return mv('sail', { from: up(p[1]), to: up(p[2]) });
    case 'sail-activated': return mv('sail_activated', { from: up(p[1]), to: up(p[2]) });
    case 'activate': return mv('activate', { at: up(p[1]) });
    case 'agreement': return mv('agreement', { city: up(p[1]), n: p[2] });
    case 'discard': return p[1] === 'new' ? mv('discard_new') : mv('discard', { n: p[1] });
    case 'pedestal': return mv('pedestal', { at: up(p[1]) });
    case 'scarab': return mv('scarab', { house: houseName(p[1]) });
    case 'pass': return mv('pass');
    case 'start': return mv('start', { n: p[1] });
    case 'tile': return mv('tile', { id: up(p[1]) });
    case 'ware-draw': return mv('ware_draw', { id: up(p[1]) });
    case 'papyrus-draw': return mv('papyrus_draw', { id: up(p[1]) });
    case 'agreement-draw': return mv('agreement_draw', { id: up(p[1]) });
    case 'piece': return mv('piece', { id: p[1] });
    default: return move;
  }
}
