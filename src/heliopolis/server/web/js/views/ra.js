// Ra (Reiner Knizia): the board view. render(root, msg, ctx) draws msg.view (a player_view of
// the "ra-v1" encoding) into root. ctx = {act(id), seat, seats, seatName(i), legal,
// action(notation) -> legal entry | null, showHelper, replay}. Every clickable action element
// is a <button> carrying data-action="<notation>".

import { actionable, details, h, humanize, ranking, seatTitle } from '../dom.js';

// The display as the rulebook's scoring overview lays it out (components.DISPLAY_ROWS).
const ROWS = [
  ['gods', 'Gods & gold', ['god', 'gold']],
  ['pharaohs', 'Pharaohs', ['pharaoh']],
  ['nile', 'Nile & floods', ['nile', 'flood']],
  ['civilization', 'Civilization', ['art', 'agriculture', 'religion', 'astronomy', 'writing']],
  ['monuments', 'Monuments', ['fortress', 'obelisk', 'palace', 'pyramid', 'sphinx', 'statue', 'step-pyramid', 'temple']],
];

const CATEGORY = { ra: 'ra', funeral: 'disaster', drought: 'disaster', unrest: 'disaster', earthquake: 'disaster' };
for (const [, , tiles] of ROWS) {
  for (const t of tiles) CATEGORY[t] = { god: 'god', gold: 'god', pharaoh: 'pharaoh', nile: 'nile', flood: 'nile' }[t] || null;
}
for (const t of ROWS[3][2]) CATEGORY[t] = 'civ';
for (const t of ROWS[4][2]) CATEGORY[t] = 'monument';

const DISASTER_HITS = { funeral: 'pharaohs', drought: 'floods, then Nile', unrest: 'civilization', earthquake: 'monuments' };

const SCORE_ROWS = [
  ['god', 'Gods'], ['pharaoh', 'Pharaohs'], ['nile', 'Nile & floods'], ['civilization', 'Civilization'],
  ['gold', 'Gold'], ['monument', 'Monuments'], ['sun', 'Sun sum'],
];

const TRIGGERS = {
  ra_tile: 'a Ra tile was drawn',
  voluntary: 'Ra was invoked',
  forced: 'Ra was invoked (auction track full)',
};

const BOARD_BUTTONS = [
  ['draw', 'Draw a tile'],
  ['ra', 'Invoke Ra'],
  ['pass', 'Pass'],
  ['done', 'End god turn'],
];


// -- small builders -------------------------------------------------------------------------------

function tileEl(name, ctx, { count = null, action = null, cls = [] } = {}) {
  const cat = CATEGORY[name] || 'other';
  return actionable('span', action, ctx, {
    class: ['tile', `tile-${cat}`, ...cls],
    dataset: { tile: name, count: count ?? undefined },
  },
  h('span', { class: 'tile-name', text: name === 'ra' ? 'Ra' : humanize(name) }),
  count !== null ? h('span', { class: 'tile-count', text: String(count), attrs: { 'aria-label': `${count} tiles` } }) : null);
}

function sunEl(value, ctx, { down = false, action = null, cls = [] } = {}) {
  return actionable('span', down ? null : action, ctx, {
    class: ['sun', down ? 'sun-down' : 'sun-up', ...cls],
    dataset: { sun: value },
    title: down ? `Sun ${value}, face down (used this epoch)` : `Sun ${value}`,
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
    h('span', { id: 'epoch', class: 'chip chip-strong', text: `Epoch ${v.epoch} / ${v.epochs}` }),
    h('span', { id: 'bag', class: 'chip', title: 'Tiles left in the bag', text: `Bag: ${v.bag.remaining}` }),
    h('span', { id: 'ra-left', class: 'chip', title: 'Ra tiles still to draw before the epoch ends', text: v.terminal ? 'Game over' : `${left} Ra tile${left === 1 ? '' : 's'} to go` }),
    v.edition ? h('span', { class: 'chip chip-muted chip-opt', text: `${v.edition} edition` }) : null,
    v.scores_hidden ? h('span', { class: 'chip chip-muted chip-opt', text: 'hidden scores' }) : null);
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
      title: blocked ? 'Blocked with this many players' : last ? 'The Ra tile on this space ends the epoch' : '',
    }, filled ? tileEl('ra', {}, {}) : blocked ? h('span', { class: 'blocked-mark', text: '✕' }) : null));
  }
  return h('div', { class: 'track-block' },
    h('div', { class: 'track-label' },
      h('span', { text: 'Ra track' }),
      h('span', { class: 'track-count', id: 'ra-count', text: `${r.ra_tiles} / ${r.needed}` })),
    h('div', { id: 'ra-track', class: 'ra-track', style: { '--spaces': r.spaces } }, spaces));
}

function auctionTrack(v, ctx) {
  const track = v.auction_track || [];
  const n = track.filter((t) => t).length;
  return h('div', { class: 'track-block' },
    h('div', { class: 'track-label' },
      h('span', { text: 'Auction track' }),
      h('span', { class: 'track-count', id: 'auction-count', text: `${n} / ${track.length}` })),
    h('div', { id: 'auction-track', class: 'auction-track' },
      track.map((t, i) => h('div', { class: ['auction-space', t ? 'full' : 'empty'], dataset: { index: i } },
        t ? tileEl(t, ctx, { action: `god:${t}` }) : null))));
}

function centreSun(v) {
  return h('div', { class: 'centre' },
    h('div', { id: 'centre-sun', class: 'sun sun-centre', dataset: { sun: v.centre_sun }, title: 'The centre sun: the prize of the next auction' },
      h('span', { class: 'sun-value', text: String(v.centre_sun) })),
    h('div', { class: 'centre-label', text: 'Centre sun' }));
}

function controls(msg, ctx) {
  const v = msg.view;
  const buttons = BOARD_BUTTONS.filter(([n]) => ctx.action(n)).map(([n, label]) =>
    actionable('span', n, ctx, { class: ['btn', 'btn-board', n === 'pass' || n === 'done' ? 'btn-secondary' : 'btn-primary'], id: `btn-${n}` }, label));
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
    const beat = a.high_bid ? ` higher than ${a.high_bid}` : '';
    if (!has('pass')) return 'Everyone else passed: you must bid one of your suns.';
    if (!has('bid:')) return 'You have no sun high enough: pass.';
    return `Your bid: tap one of your suns${beat}, or pass.`;
  }
  if (v.phase === 'god_turn') return 'Take another tile with a god (tap it on the auction track), or end your god turn.';
  if (v.phase === 'discard' && v.pending_discard) {
    const p = v.pending_discard;
    return `Disaster: choose ${p.tiles} ${p.category} tile${p.tiles === 1 ? '' : 's'} of your display to discard (tap a tile).`;
  }
  if (v.phase === 'turn') {
    const full = (v.auction_track || []).every((t) => t);
    const god = has('god:') ? ' or use a god (tap a tile on the auction track)' : '';
    if (full) return `The auction track is full: invoke Ra${god}.`;
    return `Draw a tile, invoke Ra${god}.`;
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
    ? `high bid ${a.high_bid} by ${ctx.seatName(a.high_bidder)}` : 'no bid yet';
  return h('div', { id: 'auction', class: 'auction-box', dataset: { trigger: a.trigger || '' } },
    h('div', { class: 'auction-head' },
      h('strong', { text: 'Auction' }),
      h('span', { class: 'muted', text: ` — ${TRIGGERS[a.trigger] || a.trigger || ''} by ${ctx.seatName(a.ra_player)}` })),
    h('div', { class: 'auction-lot', text: `Lot: ${lot} tile${lot === 1 ? '' : 's'} + sun ${v.centre_sun} · ${high}` }),
    h('ol', { class: 'bids' }, order.map((s) => {
      const b = a.bids ? a.bids[s] : null;
      const isHigh = s === a.high_bidder;
      const toBid = b === null && s === v.current_player && v.phase === 'auction';
      let val;
      if (b === null || b === undefined) val = h('span', { class: 'bid-wait', text: toBid ? 'bidding…' : '—' });
      else if (b === 'pass') val = h('span', { class: 'bid-pass', text: 'pass' });
      else val = h('span', { class: ['sun', 'sun-up', 'sun-small'], dataset: { sun: b } }, h('span', { class: 'sun-value', text: String(b) }));
      return h('li', {
        class: ['bid', isHigh && 'high', toBid && 'to-bid', s === a.ra_player && 'ra-player'],
        dataset: { seat: s, bid: b === null || b === undefined ? '' : b },
      },
      h('span', { class: 'bid-name', text: ctx.seatName(s) + (s === ctx.seat ? ' (you)' : '') }),
      s === a.ra_player ? h('span', { class: 'ra-figure', title: 'Ra player (bids last)', text: 'Ra' }) : null,
      val);
    })));
}

function pendingDiscard(v, ctx) {
  const p = v.pending_discard;
  if (!p || (p.seat === ctx.seat && ctx.legal.length)) return null; // the prompt says it to the seat itself
  const who = p.seat === ctx.seat ? 'You must' : `${ctx.seatName(p.seat)} must`;
  return h('div', { id: 'pending-discard', class: 'pending-discard', dataset: { seat: p.seat, category: p.category, tiles: p.tiles } },
    h('strong', { text: 'Disaster! ' }),
    `${who} discard ${p.tiles} more ${p.category} tile${p.tiles === 1 ? '' : 's'}.`);
}

function displayRows(seat, v, ctx, canDiscard) {
  const d = seat.display || {};
  return h('div', { class: 'display' }, ROWS.map(([key, label, tiles]) => {
    const held = tiles.filter((t) => d[t]);
    let extra = '';
    if (key === 'civilization' && held.length) extra = `${held.length} kind${held.length === 1 ? '' : 's'}`;
    if (key === 'monuments' && held.length) extra = `${held.length} kind${held.length === 1 ? '' : 's'}`;
    return h('div', { class: 'display-row', dataset: { row: key } },
      h('div', { class: 'display-label' }, h('span', { text: label }), extra ? h('span', { class: 'display-extra', text: extra }) : null),
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
  const points = seat.points === null || seat.points === undefined ? 'hidden' : `${seat.points} pts`;
  const kind = info.kind === 'bot' ? (info.bot || 'bot') : info.kind === 'human' ? (info.taken === false && msg.status === 'open' ? 'open seat' : 'human') : '';
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
    attrs: { 'aria-label': `Seat ${i}: ${ctx.seatName(i)}` },
  },
  h('header', { class: 'seat-head' },
    h('div', { class: 'seat-title' },
      h('span', { class: 'seat-name', text: seatTitle(info, i) }),
      you ? h('span', { class: 'badge badge-you', text: 'you' }) : null,
      kind ? h('span', { class: 'badge badge-kind', text: kind }) : null,
      ra ? h('span', { class: 'ra-figure', title: 'Ra player', text: 'Ra' }) : null,
      toMove ? h('span', { class: 'badge badge-turn', text: v.phase === 'auction' ? 'bidding' : 'to move' }) : null,
      winner ? h('span', { class: 'badge badge-win', text: 'winner' }) : null,
      !seat.in_epoch && !v.terminal ? h('span', { class: 'badge badge-out', text: 'out of epoch' }) : null),
    h('span', { class: ['points', seat.points === null || seat.points === undefined ? 'hidden-points' : null], dataset: { points: seat.points ?? '' }, text: points })),
  h('div', { class: 'suns', attrs: { 'aria-label': 'Suns' } }, suns.length ? suns : h('span', { class: 'muted', text: 'no suns' })),
  helper ? h('div', { class: 'helper', dataset: { seat: i } },
    h('span', { class: 'helper-item', title: 'This display scored as if the epoch ended now (before the 0 floor)' },
      'If scored now: ', h('strong', { class: 'helper-now', text: signed(helper.display_now && helper.display_now[i]) })),
    h('span', { class: 'helper-item', title: 'What the tiles on the auction track are worth to this seat' },
      'Lot worth: ', h('strong', { class: 'helper-lot', text: signed(helper.lot_value && helper.lot_value[i]) }))) : null,
  displayRows(seat, v, ctx, canDiscard));
}

function scoreTable(entry, ctx, { final = false } = {}) {
  const seats = entry.seats;
  const head = h('tr', null, h('th', { scope: 'col', text: '' }),
    seats.map((s) => h('th', { scope: 'col', class: s.seat === ctx.seat ? 'you' : '', dataset: { seat: s.seat }, title: ctx.seatName(s.seat), text: shortName(ctx, s.seat) })));
  const cell = (s, f) => (s.categories === null || s.categories === undefined ? h('td', { class: 'hidden-cell', text: 'hidden' }) : h('td', null, f(s)));
  const rows = [
    h('tr', { class: 'row-before' }, h('th', { scope: 'row', text: 'Before' }), seats.map((s) => cell(s, (x) => String(x.before)))),
    ...SCORE_ROWS.filter(([k]) => final || !['monument', 'sun'].includes(k) || seats.some((s) => s.categories && s.categories[k]))
      .map(([k, label]) => h('tr', { dataset: { category: k } }, h('th', { scope: 'row', text: label }),
        seats.map((s) => cell(s, (x) => {
          const n = x.categories[k];
          return h('span', { class: n > 0 ? 'pos' : n < 0 ? 'neg' : 'zero', text: n ? signed(n) : '0' });
        })))),
    h('tr', { class: 'row-after' }, h('th', { scope: 'row', text: final ? 'Final score' : 'After' }), seats.map((s) => cell(s, (x) => h('strong', { text: String(x.after) })))),
  ];
  return h('div', { class: 'table-scroll' }, h('table', { class: 'score-table', dataset: { epoch: entry.epoch } }, h('thead', null, head), h('tbody', null, rows)));
}

function finalResults(v, ctx) {
  if (!v.terminal) return null;
  const last = v.epoch_scores && v.epoch_scores[v.epoch_scores.length - 1];
  const winners = v.winners || [];
  return h('section', { id: 'final-results', class: 'final-results' },
    h('h2', { text: 'Final results' }),
    ranking(ctx, v.seats, winners, 'pts'),
    last ? h('h3', { text: `Scoring of epoch ${last.epoch} (monuments and suns included)` }) : null,
    last ? scoreTable(last, ctx, { final: true }) : null);
}

function epochScores(v, ctx) {
  const list = v.epoch_scores || [];
  if (!list.length) return null;
  return h('section', { id: 'epoch-scores', class: 'epoch-scores' },
    h('h2', { text: 'Epoch scoring' }),
    list.map((e, idx) => details(`epoch-score-${e.epoch}`, 'ra-details', `Epoch ${e.epoch}`, idx === list.length - 1 && !v.terminal,
      scoreTable(e, ctx, { final: e.epoch === v.epochs }))));
}

function bagDetails(v, ctx) {
  const chips = (counts) => {
    const names = Object.keys(counts || {});
    if (!names.length) return h('span', { class: 'muted', text: 'none' });
    return names.map((t) => tileEl(t, ctx, { count: counts[t], cls: ['tile-small'] }));
  };
  return details('bag-details', 'ra-details', `Bag (${v.bag.remaining} tiles) and discards`, false,
    h('div', { class: 'bag-section' }, h('h4', { text: 'In the bag' }), h('div', { id: 'bag-counts', class: 'chips' }, chips(v.bag.counts))),
    h('div', { class: 'bag-section' }, h('h4', { text: 'Discarded' }), h('div', { id: 'discarded', class: 'chips' }, chips(v.discarded))));
}

// -- entry point ----------------------------------------------------------------------------------
export function render(root, msg, ctx) {
  const v = msg.view;
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
        { god: 'gods & gold', pharaoh: 'pharaohs', nile: 'Nile & floods', civ: 'civilization', monument: 'monuments', disaster: 'disasters', ra: 'Ra' }[c]))),
  ].filter(Boolean));
}

/** Replay captions: chance outcomes come as notation ("tile:pharaoh", "stack:2"). */
export function describeMove(move) {
  const m = /^(tile|stack):(.+)$/.exec(move || '');
  if (!m) return move;
  return m[1] === 'tile' ? `drew ${m[2] === 'ra' ? 'a Ra tile' : humanize(m[2])}` : `sun stack ${m[2]} dealt`;
}

export const tileCategory = (name) => CATEGORY[name] || 'other';
export const disasterHits = DISASTER_HITS;
