// Ra (Reiner Knizia): the board view. render(root, msg, ctx) draws msg.view (a player_view of
// the "ra-v1" encoding) into root. ctx = {act(id), seat, seats, seatName(i), legal,
// action(notation) -> legal entry | null, showHelper, replay}. Every clickable action element
// is a <button> carrying data-action="<notation>".

import { actionable, details, h, ranking, seatTitle, botLevel, compactMoves } from '../dom.js';
import { t as tr, tn, has as hasKey } from '../i18n.js';
import { CATEGORY, bagArt, ensureSprite, epochArt, raSpaceArt, sunArt, tileArt } from './ra-art.js';

// The view's stylesheet, injected once (the game page only loads style.css).
(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="ra"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/ra.css', import.meta.url).href, dataset: { viewCss: 'ra' },
  }));
}());

// The 1999 German rulebook says "Spiel-Reihe" where the 2009 one says "Angebots-Reihe": messages
// with a `_1999` variant follow the edition of the game on the page (set by render()).
let EDITION = '2009';
const t = (key, args, seatName) => tr(EDITION === '1999' && hasKey(`${key}_1999`) ? `${key}_1999` : key, args, seatName);

// The display as the rulebook's scoring overview lays it out (components.DISPLAY_ROWS).
const ROWS = [
  ['gods', 'ra.ui.row_gods', ['god', 'gold']],
  ['pharaohs', 'ra.ui.row_pharaohs', ['pharaoh']],
  ['nile', 'ra.ui.row_nile', ['nile', 'flood']],
  ['civilization', 'ra.ui.row_civilization', ['art', 'agriculture', 'religion', 'astronomy', 'writing']],
  ['monuments', 'ra.ui.row_monuments', ['fortress', 'obelisk', 'palace', 'pyramid', 'sphinx', 'statue', 'step-pyramid', 'temple']],
];

const DISASTER_HITS = { funeral: 'pharaohs', drought: 'floods, then Nile', unrest: 'civilization', earthquake: 'monuments' };

const SCORE_ROWS = [
  ['god', 'ra.ui.score_god'], ['pharaoh', 'ra.ui.row_pharaohs'], ['nile', 'ra.ui.row_nile'], ['civilization', 'ra.ui.row_civilization'],
  ['gold', 'ra.tile.gold'], ['monument', 'ra.ui.row_monuments'], ['sun', 'ra.ui.score_sun'],
];

const TRIGGERS = {
  ra_tile: 'ra.ui.trigger_ra_tile',
  voluntary: 'ra.ui.trigger_voluntary',
  forced: 'ra.ui.trigger_forced',
};

// Moves with no piece of their own (drawing is the bag, invoking Ra the Ra track).
const BOARD_BUTTONS = [
  ['pass', 'ra.move.pass'],
  ['done', 'ra.ui.btn_done'],
];


// -- small builders -------------------------------------------------------------------------------

// A tile: its drawing, its name underneath (`caption`) and how many a display holds.
function tileEl(name, ctx, { count = null, action = null, cls = [], caption = true } = {}) {
  const cat = CATEGORY[name] || 'other';
  const label = t(`ra.tile.${name}`);
  return actionable('span', action, ctx, {
    class: ['tile', `tile-${cat}`, ...cls],
    dataset: { tile: name, count: count ?? undefined },
  },
  tileArt(name, count !== null && count > 1 ? `${label} × ${count}` : label),
  caption ? h('span', { class: ['tile-name', label.length > 12 ? 'longer' : label.length > 9 && 'long'], attrs: { 'aria-hidden': 'true' }, text: label }) : null,
  count !== null && count > 1 ? h('span', { class: 'tile-count', attrs: { 'aria-hidden': 'true' }, text: String(count) }) : null);
}

function sunEl(value, ctx, { down = false, action = null, cls = [] } = {}) {
  const label = down ? t('ra.ui.sun_down', { sun: value }) : t('ra.ui.sun', { sun: value });
  return actionable('span', down ? null : action, ctx, {
    class: ['sun', down ? 'sun-down' : 'sun-up', ...cls],
    dataset: { sun: value },
  }, sunArt(value, label, { down }));
}

function signed(n) {
  if (n === null || n === undefined) return '–';
  const v = Math.round(n * 10) / 10;
  return v > 0 ? `+${v}` : String(v);
}

function shortName(ctx, i) {
  return seatTitle((ctx.seats || []).find((s) => s.seat === i), i);
}

function seatOrder(n, first) {
  const start = first === null || first === undefined ? 0 : first;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

// -- sections ---------------------------------------------------------------------------------------
function infoBar(v) {
  const r = v.ra_track;
  const left = Math.max(0, r.needed - r.ra_tiles);
  return h('div', { class: 'ra-info' },
    h('span', { id: 'epoch', class: 'chip chip-strong chip-epoch' }, epochArt(v.epoch, t('ra.ui.epoch_of', { epoch: v.epoch, epochs: v.epochs })),
      h('span', { attrs: { 'aria-hidden': 'true' }, text: t('ra.ui.epoch_of', { epoch: v.epoch, epochs: v.epochs }) })),
    h('span', { id: 'ra-left', class: 'chip', title: t('ra.ui.ra_left_title'), text: v.terminal ? t('ra.ui.game_over') : tn('ra.ui.ra_left', left) }),
    v.edition ? h('span', { class: 'chip chip-muted chip-opt', text: t('ra.ui.edition', { edition: v.edition }) }) : null,
    v.scores_hidden ? h('span', { class: 'chip chip-muted chip-opt', text: t('ra.ui.hidden_scores') }) : null,
    legend());
}

// The Ra track: the slots are the control that invokes Ra (when that is legal). The label stays
// outside that control: it carries the board help, so a tap meant for help never invokes Ra.
function raTrack(v, ctx) {
  const r = v.ra_track;
  const spaces = [];
  for (let i = 0; i < r.spaces; i += 1) {
    const blocked = i < r.blocked; // RA-SETUP-7: the leading (leftmost) spaces are blocked
    const filled = !blocked && i - r.blocked < r.ra_tiles;
    const last = i === r.spaces - 1;
    const state = blocked ? 'blocked' : filled ? 'filled' : 'empty';
    const label = blocked ? t('ra.ui.blocked') : filled ? t('ra.ui.ra_space') : last ? t('ra.ui.last_space') : '';
    spaces.push(h('span', { class: ['ra-space', state, last && 'last'], dataset: { index: i }, title: label },
      raSpaceArt(state, label)));
  }
  const canRa = !!ctx.action('ra');
  return h('div', { class: 'track-block ra-track-outer' },
    h('span', { class: 'track-label ra-track-label' },
      h('span', { text: t('ra.ui.ra_track') }),
      h('span', { class: 'track-count', id: 'ra-count', text: `${r.ra_tiles} / ${r.needed}` })),
    actionable('div', 'ra', ctx, { id: 'ra-track-block', class: ['track-block', 'ra-track-block', canRa && 'board-act'] },
      canRa ? h('span', { class: 'act-hint', text: t('ra.ui.tap_track_ra') }) : null,
      h('span', { id: 'ra-track', class: 'ra-track', style: { '--spaces': r.spaces } }, spaces)));
}

function auctionTrack(v, ctx, fresh) {
  const track = v.auction_track || [];
  const n = track.filter((x) => x).length;
  return h('div', { class: 'track-block auction-block' },
    h('div', { class: 'track-label' },
      h('span', { text: t('ra.ui.auction_track') }),
      h('span', { class: 'track-count', id: 'auction-count', text: `${n} / ${track.length}` })),
    h('div', { id: 'auction-track', class: 'auction-track' },
      track.map((x, i) => h('div', { class: ['auction-space', x ? 'full' : 'empty'], dataset: { index: i } },
        x ? tileEl(x, ctx, { action: `god:${x}`, cls: [i === fresh && 'ra-new'] }) : null))));
}

function centreSun(v) {
  return h('div', { class: 'centre' },
    h('div', { id: 'centre-sun', class: 'sun sun-centre', dataset: { sun: v.centre_sun } },
      sunArt(v.centre_sun, t('ra.ui.centre_sun_title'), { centre: true })),
    h('div', { class: 'centre-label', attrs: { 'aria-hidden': 'true' }, text: t('ra.ui.centre_sun') }));
}

// The bag (the 1999 face-down pool): the control that draws a tile.
function bag(v, ctx) {
  const canDraw = !!ctx.action('draw');
  return actionable('div', 'draw', ctx, { id: 'bag', class: ['bag', canDraw && 'board-act'], dataset: { remaining: v.bag.remaining } },
    bagArt(v.bag.remaining, t('ra.ui.bag', { n: v.bag.remaining })),
    h('span', { class: 'bag-label', attrs: { 'aria-hidden': 'true' }, text: canDraw ? t('ra.ui.tap_bag') : t('ra.ui.bag_title') }));
}

// Your suns where you act: during an auction each biddable sun is the bid.
function bidSuns(v, ctx) {
  const me = ctx.seat === null || ctx.seat === undefined ? null : v.seats[ctx.seat];
  if (!me || v.phase !== 'auction' || !ctx.legal.length) return null;
  return h('div', { id: 'bid-suns', class: 'bid-suns' },
    h('span', { class: 'bid-suns-label', text: t('ra.ui.your_suns') }),
    (me.suns_up || []).map((s) => sunEl(s, ctx, { action: `bid:${s}`, cls: [!ctx.action(`bid:${s}`) && 'sun-cannot'] })));
}

function controls(msg, ctx) {
  const buttons = BOARD_BUTTONS.filter(([n]) => ctx.action(n)).map(([n, label]) =>
    actionable('span', n, ctx, { class: ['btn', 'btn-board', 'btn-secondary'], id: `btn-${n}` }, t(label)));
  const prompt = promptText(msg, ctx);
  const suns = bidSuns(msg.view, ctx);
  if (!buttons.length && !prompt && !suns) return null;
  return h('div', { id: 'ra-controls', class: ['ra-controls', ctx.legal.length && 'mine'] },
    prompt ? h('p', { id: 'prompt', class: 'prompt', text: prompt }) : null,
    suns || buttons.length ? h('div', { class: 'button-row' }, suns, buttons) : null);
}

function promptText(msg, ctx) {
  const v = msg.view;
  if (v.terminal || ctx.replay) return '';
  const has = (prefix) => ctx.legal.some((l) => l.notation.startsWith(prefix));
  const mine = ctx.legal.length > 0;
  if (!mine) return '';
  if (v.phase === 'auction') {
    const a = v.auction || {};
    if (!has('pass')) return t('ra.ui.prompt_must_bid');
    if (!has('bid:')) return t('ra.ui.prompt_must_pass');
    return a.high_bid ? t('ra.ui.prompt_bid_higher', { high: a.high_bid }) : t('ra.ui.prompt_bid');
  }
  if (v.phase === 'god_turn') return t('ra.ui.prompt_god_turn');
  if (v.phase === 'discard' && v.pending_discard) {
    const p = v.pending_discard;
    return tn(`ra.ui.prompt_discard_${p.category}`, p.tiles);
  }
  if (v.phase === 'turn') {
    const full = (v.auction_track || []).every((x) => x);
    const god = has('god:') ? '_god' : '';
    return t(full ? `ra.ui.prompt_full${god}` : `ra.ui.prompt_turn${god}`);
  }
  return '';
}

function auctionBox(v, ctx) {
  const a = v.auction;
  if (!a) return null;
  const n = v.players;
  const order = seatOrder(n, (a.ra_player + 1) % n); // left of the Ra player first, Ra player last
  const lot = (v.auction_track || []).filter((t) => t).length;
  const high = a.high_bidder !== null && a.high_bidder !== undefined
    ? t('ra.ui.high_bid', { bid: a.high_bid, seat: a.high_bidder }, ctx.seatName) : t('ra.ui.no_bid');
  return h('div', { id: 'auction', class: 'auction-box', dataset: { trigger: a.trigger || '' } },
    h('div', { class: 'auction-head' },
      h('strong', { text: t('ra.ui.auction') }),
      h('span', { class: 'muted', text: ` — ${t('ra.ui.trigger_by', { trigger: TRIGGERS[a.trigger] ? t(TRIGGERS[a.trigger]) : a.trigger || '', seat: a.ra_player }, ctx.seatName)}` }),
      h('span', { class: 'auction-lot', text: ` · ${tn('ra.ui.lot', lot, { sun: v.centre_sun })} · ${high}` })),
    h('ol', { class: 'bids' }, order.map((s) => {
      const b = a.bids ? a.bids[s] : null;
      const isHigh = s === a.high_bidder;
      const toBid = b === null && s === v.current_player && v.phase === 'auction';
      let val;
      if (b === null || b === undefined) val = h('span', { class: 'bid-wait', text: toBid ? t('ra.ui.bidding_now') : '—' });
      else if (b === 'pass') val = h('span', { class: 'bid-pass', text: t('ra.ui.bid_pass') });
      else val = sunEl(b, ctx, { cls: ['sun-small'] });
      return h('li', {
        class: ['bid', isHigh && 'high', toBid && 'to-bid', s === a.ra_player && 'ra-player'],
        dataset: { seat: s, bid: b === null || b === undefined ? '' : b },
      },
      h('span', { class: 'bid-name', text: ctx.seatName(s) + (s === ctx.seat ? t('ra.ui.you_suffix') : '') }),
      s === a.ra_player ? h('span', { class: 'ra-figure', title: t('ra.ui.ra_player_bids_last'), text: 'Ra' }) : null,
      val);
    })));
}

function pendingDiscard(v, ctx) {
  const p = v.pending_discard;
  if (!p || (p.seat === ctx.seat && ctx.legal.length)) return null; // the prompt says it to the seat itself
  return h('div', { id: 'pending-discard', class: 'pending-discard', dataset: { seat: p.seat, category: p.category, tiles: p.tiles } },
    h('strong', { text: `${t('ra.ui.disaster')} ` }),
    p.seat === ctx.seat ? tn(`ra.ui.you_must_discard_${p.category}`, p.tiles)
      : tn(`ra.ui.must_discard_${p.category}`, p.tiles, { seat: p.seat }, ctx.seatName));
}

function displayRows(seat, v, ctx, canDiscard, gained) {
  const d = seat.display || {};
  return h('div', { class: 'display' }, ROWS.map(([key, label, tiles]) => {
    const held = tiles.filter((t) => d[t]);
    let extra = '';
    if ((key === 'civilization' || key === 'monuments') && held.length) extra = tn('ra.ui.kinds', held.length);
    return h('div', { class: 'display-row', dataset: { row: key } },
      h('div', { class: 'display-label' }, h('span', { text: t(label) }), extra ? h('span', { class: 'display-extra', text: extra }) : null),
      h('div', { class: 'display-tiles' },
        held.length ? held.map((t) => tileEl(t, ctx, { count: d[t], action: canDiscard ? `discard:${t}` : null, cls: [gained.has(t) && 'ra-gain', canDiscard && 'to-discard'] }))
          : h('span', { class: 'display-empty', text: '—' })));
  }));
}

function seatPanel(seat, msg, ctx) {
  const v = msg.view;
  const i = seat.seat;
  const info = (ctx.seats || []).find((s) => s.seat === i) || {};
  const you = i === ctx.seat;
  const toMove = !v.terminal && v.current_player === i && msg.status !== 'open';
  const winner = (v.winners || []).includes(i);
  const ra = v.auction && v.auction.ra_player === i;
  const canDiscard = you && v.pending_discard && v.pending_discard.seat === i;
  const points = seat.points === null || seat.points === undefined ? t('ra.ui.hidden') : t('ra.ui.pts', { n: seat.points });
  const kind = info.kind === 'bot' ? botLevel(info.bot) : info.kind === 'human' ? (info.taken === false && msg.status === 'open' ? t('ra.ui.open_seat') : t('ra.ui.human')) : '';
  const helper = ctx.showHelper && msg.helper ? msg.helper : null;

  // Bids are made on the suns in the controls (bidSuns): here the suns are the seat's holding.
  const suns = [
    ...(seat.suns_up || []).map((s) => sunEl(s, ctx)),
    ...(seat.suns_down || []).map((s) => sunEl(s, ctx, { down: true })),
  ];

  return h('section', {
    class: ['seat-panel', you && 'you', toMove && 'to-move', !seat.in_epoch && !v.terminal && 'out', winner && 'winner', ra && 'ra-player'],
    dataset: { seat: i },
    attrs: { 'aria-label': t('ra.ui.seat_label', { i, name: ctx.seatName(i) }) },
  },
  h('header', { class: 'seat-head' },
    h('div', { class: 'seat-title' },
      h('span', { class: 'seat-name', text: seatTitle(info, i) }),
      you ? h('span', { class: 'badge badge-you', text: t('ra.ui.you') }) : null,
      kind ? h('span', { class: 'badge badge-kind', text: kind }) : null,
      ra ? h('span', { class: 'ra-figure', title: t('ra.ui.ra_player'), text: 'Ra' }) : null,
      toMove ? h('span', { class: 'badge badge-turn', text: v.phase === 'auction' ? t('ra.ui.bidding') : t('ra.ui.to_move') }) : null,
      winner ? h('span', { class: 'badge badge-win', text: t('ra.ui.winner') }) : null,
      !seat.in_epoch && !v.terminal ? h('span', { class: 'badge badge-out', text: t('ra.ui.out_of_epoch') }) : null),
    h('span', { class: ['points', seat.points === null || seat.points === undefined ? 'hidden-points' : null], dataset: { points: seat.points ?? '' }, text: points })),
  h('div', { class: 'suns', attrs: { 'aria-label': t('ra.ui.suns') } }, suns.length ? suns : h('span', { class: 'muted', text: t('ra.ui.no_suns') })),
  helper ? h('div', { class: 'helper', dataset: { seat: i } },
    h('span', { class: 'helper-item', title: t('ra.ui.helper_now_title') },
      `${t('ra.ui.helper_now')} `, h('strong', { class: 'helper-now', text: signed(helper.display_now && helper.display_now[i]) })),
    h('span', { class: 'helper-item', title: t('ra.ui.helper_lot_title') },
      `${t('ra.ui.helper_lot')} `, h('strong', { class: 'helper-lot', text: signed(helper.lot_value && helper.lot_value[i]) }))) : null,
  displayRows(seat, v, ctx, canDiscard, gainedTiles(i, seat)));
}

function scoreTable(entry, ctx, { final = false } = {}) {
  const seats = entry.seats;
  const head = h('tr', null, h('th', { scope: 'col', text: '' }),
    seats.map((s) => h('th', { scope: 'col', class: s.seat === ctx.seat ? 'you' : '', dataset: { seat: s.seat }, title: ctx.seatName(s.seat), text: shortName(ctx, s.seat) })));
  const cell = (s, f) => (s.categories === null || s.categories === undefined ? h('td', { class: 'hidden-cell', text: t('ra.ui.hidden') }) : h('td', null, f(s)));
  const rows = [
    h('tr', { class: 'row-before' }, h('th', { scope: 'row', text: t('ra.ui.before') }), seats.map((s) => cell(s, (x) => String(x.before)))),
    ...SCORE_ROWS.filter(([k]) => final || !['monument', 'sun'].includes(k) || seats.some((s) => s.categories && s.categories[k]))
      .map(([k, label]) => h('tr', { dataset: { category: k } }, h('th', { scope: 'row', text: t(label) }),
        seats.map((s) => cell(s, (x) => {
          const n = x.categories[k];
          return h('span', { class: n > 0 ? 'pos' : n < 0 ? 'neg' : 'zero', text: n ? signed(n) : '0' });
        })))),
    h('tr', { class: 'row-after' }, h('th', { scope: 'row', text: final ? t('ra.ui.final_score') : t('ra.ui.after') }), seats.map((s) => cell(s, (x) => h('strong', { text: String(x.after) })))),
  ];
  return h('div', { class: 'table-scroll' }, h('table', { class: 'score-table', dataset: { epoch: entry.epoch } }, h('thead', null, head), h('tbody', null, rows)));
}

function finalResults(v, ctx) {
  if (!v.terminal) return null;
  const last = v.epoch_scores && v.epoch_scores[v.epoch_scores.length - 1];
  const winners = v.winners || [];
  return h('section', { id: 'final-results', class: 'final-results' },
    h('h2', { text: t('ra.ui.final_results') }),
    ranking(ctx, v.seats, winners, t('ra.ui.pts_unit')),
    last ? h('h3', { text: t('ra.ui.final_epoch', { epoch: last.epoch }) }) : null,
    last ? scoreTable(last, ctx, { final: true }) : null);
}

function epochScores(v, ctx) {
  const list = v.epoch_scores || [];
  if (!list.length) return null;
  return h('section', { id: 'epoch-scores', class: 'epoch-scores' },
    h('h2', { text: t('ra.ui.epoch_scoring') }),
    list.map((e, idx) => details(`epoch-score-${e.epoch}`, 'ra-details', t('ra.ui.epoch', { epoch: e.epoch }), idx === list.length - 1 && !v.terminal,
      scoreTable(e, ctx, { final: e.epoch === v.epochs }))));
}

function bagDetails(v, ctx) {
  const chips = (counts) => {
    const names = Object.keys(counts || {});
    if (!names.length) return h('span', { class: 'muted', text: t('ra.ui.none') });
    return names.map((x) => tileEl(x, ctx, { count: counts[x], cls: ['tile-small'] }));
  };
  return details('bag-details', 'ra-details', t('ra.ui.bag_details', { n: v.bag.remaining }), false,
    h('div', { class: 'bag-section' }, h('h4', { text: t('ra.ui.in_bag') }), h('div', { id: 'bag-counts', class: 'chips' }, chips(v.bag.counts))),
    h('div', { class: 'bag-section' }, h('h4', { text: t('ra.ui.discarded') }), h('div', { id: 'discarded', class: 'chips' }, chips(v.discarded))));
}

// -- the legend (on demand) and what changed since the last drawing ----------------------------------
function legend() {
  const item = (art, text) => h('li', { class: 'legend-item' }, art, h('span', { text }));
  const tiles = (cat) => Object.keys(CATEGORY).filter((k) => CATEGORY[k] === cat)
    .map((k) => item(tileArt(k, '', { decorative: true }), t(`ra.tile.${k}`)));
  const groups = ['god', 'pharaoh', 'nile', 'civ', 'monument', 'disaster', 'ra'].map((c) => h('div', { class: 'legend-group', dataset: { category: c } },
    h('h4', { text: t(`ra.ui.legend_${c}`) }), h('ul', null, tiles(c))));
  const pieces = h('div', { class: 'legend-group' }, h('h4', { text: t('ra.ui.suns') }), h('ul', null,
    item(sunArt(7, t('ra.ui.legend_sun')), t('ra.ui.legend_sun')),
    item(sunArt(7, t('ra.ui.legend_sun_down'), { down: true }), t('ra.ui.legend_sun_down')),
    item(bagArt('', t('ra.ui.legend_bag')), t('ra.ui.legend_bag')),
    item(raSpaceArt('blocked', t('ra.ui.legend_blocked')), t('ra.ui.legend_blocked'))));
  return details('ra-legend', 'ra-legend', t('ra.ui.legend'), false,
    h('div', { class: 'legend-body', attrs: { tabindex: '0', role: 'group', 'aria-label': t('ra.ui.legend') } }, groups, pieces));
}

// The previous drawing's auction track and displays, so a drawn tile and a won lot can be shown
// arriving (CSS animations, off under prefers-reduced-motion).
let PREV = null;
let NOW = null;

function remember(msg) {
  const v = msg.view;
  PREV = NOW;
  NOW = { game: msg.game_id || msg.id || '', track: (v.auction_track || []).filter((x) => x).length, displays: v.seats.map((s) => ({ ...(s.display || {}) })) };
  if (PREV && PREV.game !== NOW.game) PREV = null;
}

function freshTile() {
  return PREV && NOW.track === PREV.track + 1 ? NOW.track - 1 : -1;
}

function gainedTiles(i, seat) {
  const out = new Set();
  if (!PREV || !PREV.displays[i]) return out;
  for (const [k, n] of Object.entries(seat.display || {})) if (n > (PREV.displays[i][k] || 0)) out.add(k);
  return out;
}


// -- entry point ----------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  EDITION = String(v.edition || '2009');
  ensureSprite();
  remember(msg);
  compactMoves(tn('ra.ui.all_moves', ctx.legal.length), ctx.legal.length);
  root.classList.add('ra-board');
  const order = seatOrder(v.players, ctx.seat);
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { id: 'ra-table', class: 'ra-table', dataset: { players: v.players } },
      infoBar(v),
      raTrack(v, ctx),
      h('div', { class: 'table-mid' }, centreSun(v), auctionTrack(v, ctx, freshTile()), bag(v, ctx)),
      controls(msg, ctx),
      auctionBox(v, ctx),
      pendingDiscard(v, ctx)),
    h('div', { id: 'seats', class: 'seats' }, order.map((i) => seatPanel(v.seats[i], msg, ctx))),
    epochScores(v, ctx),
    bagDetails(v, ctx),
  ].filter(Boolean));
}

/** Replay captions: chance outcomes come as notation ("tile:pharaoh", "stack:2"). */
export function describeMove(move) {
  const m = /^(tile|stack):(.+)$/.exec(move || '');
  if (!m) return move;
  return m[1] === 'tile' ? t('ra.ui.drew', { tile: t(`ra.tile.${m[2]}`) }) : t('ra.ui.stack_dealt', { stack: m[2] });
}

export const tileCategory = (name) => CATEGORY[name] || 'other';
export const disasterHits = DISASTER_HITS;
