// Ra (Reiner Knizia): the board view. render(root, msg, ctx) draws msg.view (a player_view of
// the "ra-v1" encoding) into root. ctx = {act(id), seat, seats, seatName(i), legal,
// action(notation) -> legal entry | null, showHelper, replay}. Every clickable action element
// is a <button> carrying data-action="<notation>".

import { actionable, details, h, ranking, seatTitle, botLevel } from '../dom.js';
import { t as tr, tn, has as hasKey } from '../i18n.js';

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

const CATEGORY = { ra: 'ra', funeral: 'disaster', drought: 'disaster', unrest: 'disaster', earthquake: 'disaster' };
for (const [, , tiles] of ROWS) {
  for (const t of tiles) CATEGORY[t] = { god: 'god', gold: 'god', pharaoh: 'pharaoh', nile: 'nile', flood: 'nile' }[t] || null;
}
for (const t of ROWS[3][2]) CATEGORY[t] = 'civ';
for (const t of ROWS[4][2]) CATEGORY[t] = 'monument';

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

const BOARD_BUTTONS = [
  ['draw', 'ra.ui.btn_draw'],
  ['ra', 'ra.ui.btn_ra'],
  ['pass', 'ra.move.pass'],
  ['done', 'ra.ui.btn_done'],
];


// -- small builders -------------------------------------------------------------------------------

function tileEl(name, ctx, { count = null, action = null, cls = [] } = {}) {
  const cat = CATEGORY[name] || 'other';
  return actionable('span', action, ctx, {
    class: ['tile', `tile-${cat}`, ...cls],
    dataset: { tile: name, count: count ?? undefined },
  },
  h('span', { class: 'tile-name', text: t(`ra.tile.${name}`) }),
  count !== null ? h('span', { class: 'tile-count', text: String(count), attrs: { 'aria-label': tn('ra.ui.n_tiles', count) } }) : null);
}

function sunEl(value, ctx, { down = false, action = null, cls = [] } = {}) {
  return actionable('span', down ? null : action, ctx, {
    class: ['sun', down ? 'sun-down' : 'sun-up', ...cls],
    dataset: { sun: value },
    title: down ? t('ra.ui.sun_down', { sun: value }) : t('ra.ui.sun', { sun: value }),
  }, h('span', { class: 'sun-value', text: String(value) }));
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
function infoBar(v, ctx) {
  const r = v.ra_track;
  const left = Math.max(0, r.needed - r.ra_tiles);
  return h('div', { class: 'ra-info' },
    h('span', { id: 'epoch', class: 'chip chip-strong', text: t('ra.ui.epoch_of', { epoch: v.epoch, epochs: v.epochs }) }),
    h('span', { id: 'bag', class: 'chip', title: t('ra.ui.bag_title'), text: t('ra.ui.bag', { n: v.bag.remaining }) }),
    h('span', { id: 'ra-left', class: 'chip', title: t('ra.ui.ra_left_title'), text: v.terminal ? t('ra.ui.game_over') : tn('ra.ui.ra_left', left) }),
    v.edition ? h('span', { class: 'chip chip-muted chip-opt', text: t('ra.ui.edition', { edition: v.edition }) }) : null,
    v.scores_hidden ? h('span', { class: 'chip chip-muted chip-opt', text: t('ra.ui.hidden_scores') }) : null);
}

function raTrack(v) {
  const r = v.ra_track;
  const spaces = [];
  for (let i = 0; i < r.spaces; i += 1) {
    const blocked = i < r.blocked; // RA-SETUP-7: the leading (leftmost) spaces are blocked
    const k = i - r.blocked;
    const filled = !blocked && k < r.ra_tiles;
    const last = i === r.spaces - 1;
    spaces.push(h('div', {
      class: ['ra-space', blocked && 'blocked', filled && 'filled', !blocked && !filled && 'empty', last && 'last'],
      dataset: { index: i },
      title: blocked ? t('ra.ui.blocked') : last ? t('ra.ui.last_space') : '',
    }, filled ? tileEl('ra', {}, {}) : blocked ? h('span', { class: 'blocked-mark', text: '✕' }) : null));
  }
  return h('div', { class: 'track-block' },
    h('div', { class: 'track-label' },
      h('span', { text: t('ra.ui.ra_track') }),
      h('span', { class: 'track-count', id: 'ra-count', text: `${r.ra_tiles} / ${r.needed}` })),
    h('div', { id: 'ra-track', class: 'ra-track', style: { '--spaces': r.spaces } }, spaces));
}

function auctionTrack(v, ctx) {
  const track = v.auction_track || [];
  const n = track.filter((t) => t).length;
  return h('div', { class: 'track-block' },
    h('div', { class: 'track-label' },
      h('span', { text: t('ra.ui.auction_track') }),
      h('span', { class: 'track-count', id: 'auction-count', text: `${n} / ${track.length}` })),
    h('div', { id: 'auction-track', class: 'auction-track' },
      track.map((t, i) => h('div', { class: ['auction-space', t ? 'full' : 'empty'], dataset: { index: i } },
        t ? tileEl(t, ctx, { action: `god:${t}` }) : null))));
}

function centreSun(v) {
  return h('div', { class: 'centre' },
    h('div', { id: 'centre-sun', class: 'sun sun-centre', dataset: { sun: v.centre_sun }, title: t('ra.ui.centre_sun_title') },
      h('span', { class: 'sun-value', text: String(v.centre_sun) })),
    h('div', { class: 'centre-label', text: t('ra.ui.centre_sun') }));
}

function controls(msg, ctx) {
  const v = msg.view;
  const buttons = BOARD_BUTTONS.filter(([n]) => ctx.action(n)).map(([n, label]) =>
    actionable('span', n, ctx, { class: ['btn', 'btn-board', n === 'pass' || n === 'done' ? 'btn-secondary' : 'btn-primary'], id: `btn-${n}` }, t(label)));
  const prompt = promptText(msg, ctx);
  if (!buttons.length && !prompt) return null;
  return h('div', { id: 'ra-controls', class: ['ra-controls', ctx.legal.length && 'mine'] },
    prompt ? h('p', { id: 'prompt', class: 'prompt', text: prompt }) : null,
    buttons.length ? h('div', { class: 'button-row' }, buttons) : null);
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
      h('span', { class: 'muted', text: ` — ${t('ra.ui.trigger_by', { trigger: TRIGGERS[a.trigger] ? t(TRIGGERS[a.trigger]) : a.trigger || '', seat: a.ra_player }, ctx.seatName)}` })),
    h('div', { class: 'auction-lot', text: `${tn('ra.ui.lot', lot, { sun: v.centre_sun })} · ${high}` }),
    h('ol', { class: 'bids' }, order.map((s) => {
      const b = a.bids ? a.bids[s] : null;
      const isHigh = s === a.high_bidder;
      const toBid = b === null && s === v.current_player && v.phase === 'auction';
      let val;
      if (b === null || b === undefined) val = h('span', { class: 'bid-wait', text: toBid ? t('ra.ui.bidding_now') : '—' });
      else if (b === 'pass') val = h('span', { class: 'bid-pass', text: t('ra.ui.bid_pass') });
      else val = h('span', { class: ['sun', 'sun-up', 'sun-small'], dataset: { sun: b } }, h('span', { class: 'sun-value', text: String(b) }));
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

function displayRows(seat, v, ctx, canDiscard) {
  const d = seat.display || {};
  return h('div', { class: 'display' }, ROWS.map(([key, label, tiles]) => {
    const held = tiles.filter((t) => d[t]);
    let extra = '';
    if ((key === 'civilization' || key === 'monuments') && held.length) extra = tn('ra.ui.kinds', held.length);
    return h('div', { class: 'display-row', dataset: { row: key } },
      h('div', { class: 'display-label' }, h('span', { text: t(label) }), extra ? h('span', { class: 'display-extra', text: extra }) : null),
      h('div', { class: 'display-tiles' },
        held.length ? held.map((t) => tileEl(t, ctx, { count: d[t], action: canDiscard ? `discard:${t}` : null }))
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
  const bidding = v.phase === 'auction' && you;
  const canDiscard = you && v.pending_discard && v.pending_discard.seat === i;
  const points = seat.points === null || seat.points === undefined ? t('ra.ui.hidden') : t('ra.ui.pts', { n: seat.points });
  const kind = info.kind === 'bot' ? botLevel(info.bot) : info.kind === 'human' ? (info.taken === false && msg.status === 'open' ? t('ra.ui.open_seat') : t('ra.ui.human')) : '';
  const helper = ctx.showHelper && msg.helper ? msg.helper : null;

  const suns = [
    ...(seat.suns_up || []).map((s) => sunEl(s, ctx, {
      action: `bid:${s}`,
      cls: [bidding && !ctx.action(`bid:${s}`) && ctx.legal.length ? 'sun-cannot' : null].filter(Boolean),
    })),
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
  displayRows(seat, v, ctx, canDiscard));
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

// -- entry point ----------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
  EDITION = String(v.edition || '2009');
  root.classList.add('ra-board');
  const order = seatOrder(v.players, ctx.seat);
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { id: 'ra-table', class: 'ra-table' },
      infoBar(v, ctx),
      raTrack(v),
      h('div', { class: 'table-mid' }, centreSun(v), auctionTrack(v, ctx)),
      auctionBox(v, ctx),
      pendingDiscard(v, ctx),
      controls(msg, ctx)),
    h('div', { id: 'seats', class: 'seats' }, order.map((i) => seatPanel(v.seats[i], msg, ctx))),
    epochScores(v, ctx),
    bagDetails(v, ctx),
    h('p', { class: 'legend' },
      ['god', 'pharaoh', 'nile', 'civ', 'monument', 'disaster', 'ra'].map((c) => h('span', { class: ['legend-item', `tile-${c}`] },
        t(`ra.ui.legend_${c}`)))),
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
