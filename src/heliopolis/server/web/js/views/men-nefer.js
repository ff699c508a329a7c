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
// board, a scarab), otherwise a button in the choice bar under the prompt.

import { details, h, humanize, placedAction, seatTitle } from '../dom.js';

(function ensureCss() {
  if (typeof document === 'undefined' || document.querySelector('link[data-view-css="men-nefer"]')) return;
  document.head.appendChild(h('link', {
    rel: 'stylesheet', href: new URL('../../css/men-nefer.css', import.meta.url).href, dataset: { viewCss: 'men-nefer' },
  }));
}());

// Component texts and board features come from the engine (view.tables, read from the data file).
let TABLES = null;
const ROMAN = ['', 'I', 'II', 'III', 'IIII'];
const HOUSE_NAME = { pyramids: 'Pyramids', necropolis: 'Necropolis', temple: 'Temple', nile: 'Nile', sphinxes: 'Sphinxes' };
const FAVOUR_LABEL = { food_or_heka: 'food/heka', heart: 'heart', feather: 'feather', eye: 'eye' };
const FAVOUR_SHORT = { food_or_heka: 'F/H', heart: '♥', feather: 'Fe', eye: 'Eye' };
const AVENUES = ['temple', 'necropolis', 'pyramids', 'nile'];
const CATEGORY_LABEL = {
  start: 'Start', turns: 'During the turns', duat: 'Duat', agreements: 'Trade agreements', sarcophagi: 'Sarcophagi',
  sun_disc: 'Sun disc', great_pyramid: 'Great Pyramid', queens: "Queens' pyramids",
};
const PASS_LABEL = {
  lime: 'Stop transporting', boats: 'Stop moving boats', priest: 'Stop (priestesses)', papyrus: 'Take no papyrus',
  ware: 'Take no ware', bury: 'Do not bury', erect: 'Do not erect', bury_acts: 'Stop the mastaba activations',
  mastaba_any: 'Stop the mastaba activations', hathor: 'Take no agreement', city_ta: 'Take no agreement',
};

const houseName = (h0) => HOUSE_NAME[h0] || humanize(h0);
const tileText = (id) => (TABLES.tiles[id] || { text: '' }).text;
const cityName = (c) => String(c).toUpperCase();

/** dom.js `placedAction`: each legal action placed once, highlighted with mn-act. */
const actionable = (...args) => placedAction('mn-act', ...args);

/** Sets CSS custom properties (h()'s style prop cannot: Object.assign ignores "--x" keys). */
function vars(el, obj) {
  for (const [k, val] of Object.entries(obj)) el.style.setProperty(k, String(val));
  return el;
}

function name(ctx, i) {
  return seatTitle((ctx.seats || []).find((s) => s.seat === i), i);
}

function mySeat(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0 ? ctx.seat : null;
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A player's marker: a small disc in the seat colour (seat "n" = neutral). */
function token(p, ctx, { label = '', count = 1, cls = '' } = {}) {
  const neutral = p === 'n';
  const title = `${neutral ? 'neutral' : name(ctx, p)}${label ? ` — ${label}` : ''}${count > 1 ? ` ×${count}` : ''}`;
  return h('span', { class: ['mn-tok', neutral ? 'mn-cn' : `mn-c${p}`, cls], title, attrs: { 'aria-label': title } },
    count > 1 ? String(count) : '');
}

function tokens(map, ctx, label) {
  return Object.entries(map || {}).map(([owner, n]) => {
    const p = owner === 'neutral' ? 'n' : Number(String(owner).replace(/^p/, ''));
    return token(p, ctx, { label, count: n });
  });
}

const SVG_NS = 'http://www.w3.org/2000/svg';
function svgIcon(kind, p) {
  const el = document.createElementNS(SVG_NS, 'svg');
  el.setAttribute('viewBox', '0 0 24 24');
  el.setAttribute('class', `mn-icon mn-icon-${kind} ${p === undefined ? '' : `mn-c${p}`}`);
  const path = document.createElementNS(SVG_NS, 'path');
  if (kind === 'heart') path.setAttribute('d', 'M12 21s-7.5-4.6-9.5-9.1C1 8.3 3.2 4.5 6.8 4.5c2.2 0 3.8 1.2 5.2 3 1.4-1.8 3-3 5.2-3 3.6 0 5.8 3.8 4.3 7.4C19.5 16.4 12 21 12 21z');
  else if (kind === 'feather') path.setAttribute('d', 'M20.5 3.5c-6 0-12 3.5-13.5 11l-3.5 6 1.4.8 3.1-5.2c6.6-.5 11.4-5.1 12.5-12.6zM9.2 13.6c1.6-3.5 4.3-6 7.6-7.6-2.2 2.2-4.4 4.7-7.6 7.6z');
  else if (kind === 'boat') path.setAttribute('d', 'M11 2v11H4l4-9 3-2zm2 2 6 9h-6zM2 15h20l-3.5 5h-13z');
  el.appendChild(path);
  return el;
}

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

// -- component texts ------------------------------------------------------------------------------------
function wareName(id) {
  const w = TABLES.wares[id];
  return w ? `${w.kind} ${id}` : String(id);
}

function agreementText(id) {
  const a = TABLES.agreements[id];
  return a ? `${a.text}, ${a.value} PP` : String(id);
}

function favourLabel(k) {
  return { food: '1 food', heka: '1 heka', feather: 'feather 1', heart: 'heart 1', eye: 'eye of Horus' }[k] || k;
}

function tileCard(id, ctx, placed, notation, extra = {}) {
  if (!id) return h('div', { class: 'mn-tile mn-empty', text: 'empty' });
  const t = TABLES.tiles[id] || { number: '?', glyph: '?', text: '' };
  return actionable('div', notation, ctx, placed, { class: ['mn-tile', extra.cls], dataset: { tile: id }, title: `${id}: ${t.text}` },
    h('span', { class: 'mn-tile-head' },
      h('span', { class: 'mn-tile-no', text: t.number }),
      h('span', { class: ['mn-glyph', `g-${t.glyph}`], text: t.glyph }),
      h('span', { class: 'mn-dim', text: id })),
    h('span', { class: 'mn-tile-text', text: t.text }),
    extra.note ? h('span', { class: 'mn-dim mn-tile-note', text: extra.note }) : null);
}

function area(id, title, cls, ...children) {
  return h('section', { class: ['mn-area', cls], id }, h('h3', { class: 'mn-area-title' }, title), ...children);
}

// -- houses of life -------------------------------------------------------------------------------------
function spaceCount(map) {
  return Object.values(map || {}).reduce((a, b) => a + b, 0);
}

function costText(n) {
  const c = TABLES.occupancy_cost;
  const cost = c[Math.min(n, c.length - 1)];
  return cost ? `next: ${cost} food` : 'next: free';
}

function housesArea(v, ctx, placed) {
  const d = v.decision || {};
  const rows = TABLES.houses.map((house) => {
    const hs = v.houses[house] || { sun: {}, moon: {} };
    const sunN = spaceCount(hs.sun);
    const moonN = spaceCount(hs.moon);
    const sun = actionable('div', `house:${house}`, ctx, placed, { class: ['mn-space', 'mn-sun-space'], dataset: { house, side: 'sun' } },
      h('span', { class: 'mn-space-label', text: '☀ sun' }), h('span', { class: 'mn-toks' }, tokens(hs.sun, ctx, 'apprentice')),
      h('span', { class: 'mn-dim', text: costText(sunN) }));
    const moon = actionable('div', `raise:${house}`, ctx, placed, { class: ['mn-space', 'mn-moon-space'], dataset: { house, side: 'moon' } },
      h('span', { class: 'mn-space-label', text: '☾ moon' }), h('span', { class: 'mn-toks' }, tokens(hs.moon, ctx, 'apprentice')),
      h('span', { class: 'mn-dim', text: costText(moonN) }));
    const here = (k) => v.players.map((p, i) => (p.scarabs[house] === k ? i : -1)).filter((i) => i >= 0);
    const cells = [h('div', { class: 'mn-tcell mn-tstart', title: 'start space (no actions)' },
      h('span', { class: 'mn-tnum', text: '0' }), h('span', { class: 'mn-toks' }, here(0).map((p) => token(p, ctx, { label: 'scarab', cls: 'mn-scarab' }))))];
    TABLES.tracks[house].forEach((text, k) => {
      const notation = d.kind === 'track' && d.house === house ? `track:${k + 1}` : null;
      cells.push(actionable('div', notation, ctx, placed, { class: 'mn-tcell', dataset: { space: k + 1 }, title: `${houseName(house)} ${k + 1}: ${text}` },
        h('span', { class: 'mn-tnum', text: k + 1 }), h('span', { class: 'mn-ttext', text }),
        h('span', { class: 'mn-toks' }, here(k + 1).map((p) => token(p, ctx, { label: 'scarab', cls: 'mn-scarab' })))));
    });
    return h('div', { class: ['mn-house', d.kind === 'track' && d.house === house && 'mn-focus'], dataset: { house } },
      h('div', { class: 'mn-house-name', text: houseName(house) }), sun, moon,
      h('div', { class: 'mn-track' }, cells));
  });
  return area('mn-houses', 'Houses of life', 'mn-wide', h('div', { class: 'mn-houses' }, rows));
}

// -- action tiles --------------------------------------------------------------------------------------------
function tilesArea(v, ctx, placed) {
  const rows = TABLES.display.map((slot, i) => {
    const food = slot.food < 0 ? `pay ${-slot.food} food` : slot.food > 0 ? `gain ${slot.food} food` : 'free';
    return h('div', { class: 'mn-drow', dataset: { slot: i + 1 } },
      h('span', { class: ['mn-dfood', slot.food < 0 ? 'pay' : 'gain'], text: `${i + 1} · ${food}` }),
      tileCard(v.display[i], ctx, placed, `take:${i + 1}`),
      actionable('div', `row:${i + 1}`, ctx, placed, { class: 'mn-drowact', title: `actions beside slot ${i + 1}` },
        h('span', { class: 'mn-dim', text: 'actions' }), h('span', { text: slot.text })));
  });
  return area('mn-tiles', 'Action tiles', '',
    h('div', { class: 'mn-supply' },
      h('span', { class: 'mn-dim', text: `Supply (${v.supply_size}) — top, never taken:` }),
      v.supply_top ? tileCard(v.supply_top, ctx, placed, null, { cls: 'mn-tile-top' }) : h('span', { class: 'mn-dim', text: 'empty' }),
      h('span', { class: 'mn-dim', text: `Discard pile: ${v.discard_size}` })),
    h('div', { class: 'mn-display' }, rows));
}

// -- markets -----------------------------------------------------------------------------------------------
function wareCard(id, extra = {}) {
  const w = TABLES.wares[id];
  if (!w) return h('span', { class: 'mn-dim', text: 'empty' });
  return h('span', { class: ['mn-ware', `k-${w.kind}`], dataset: { ware: id }, title: `${w.kind} ${id}: I ${w.levels[0]} · II ${w.levels[1]} · III ${w.levels[2]}` },
    h('span', { class: 'mn-ware-kind', text: w.kind }),
    extra.brief ? null : w.levels.map((t, k) => h('span', { class: ['mn-ware-lv', extra.level && k >= extra.level && 'mn-off'], text: `${ROMAN[k + 1]} ${t}` })));
}

function papyrusCard(id) {
  const p = TABLES.papyri[id];
  if (!p) return h('span', { class: 'mn-dim', text: 'empty' });
  return h('span', { class: 'mn-papyrus', dataset: { papyrus: id }, title: `${id}: ${p.left} | ${p.right}` },
    h('span', { class: ['mn-draw', `d-${p.left}`], text: p.left }), h('span', { class: ['mn-draw', `d-${p.right}`], text: p.right }));
}

function marketsArea(v, ctx, placed) {
  const wares = v.ware_market.map((w, i) => actionable('div', `ware:${i + 1}`, ctx, placed, { class: 'mn-mslot', dataset: { slot: i + 1 } },
    wareCard(w), h('span', { class: 'mn-cost', text: `${TABLES.ware_market_cost[i]} food` })));
  const papyri = v.papyrus_market.map((x, i) => actionable('div', `papyrus:${i + 1}`, ctx, placed, { class: 'mn-mslot', dataset: { slot: i + 1 } },
    papyrusCard(x), h('span', { class: 'mn-cost', text: `${TABLES.papyrus_market_cost[i]} heka` })));
  const stacks = Object.entries(v.agreement_stacks).map(([val, n]) => `${val} PP: ${n}`).join(' · ');
  return area('mn-markets', 'Markets', '',
    h('h4', { text: `Wares (dark bag: ${v.ware_bag})` }), h('div', { class: 'mn-market' }, wares),
    h('h4', { text: `Papyri (light bag: ${v.papyrus_bag}; slot costs on your board extra)` }), h('div', { class: 'mn-market' }, papyri),
    h('p', { class: 'mn-dim', text: `Trade-agreement stacks: ${stacks}` }));
}

// -- Nile --------------------------------------------------------------------------------------------------
function nileArea(v, ctx, placed) {
  const me = mySeat(ctx);
  const sailBy = {};
  for (const l of ctx.legal) {
    const m = /^sail(-activated)?:([a-z0-9]+):([a-z0-9]+)$/.exec(l.notation);
    if (m) (sailBy[m[2]] = sailBy[m[2]] || []).push(l.notation);
  }
  const cells = TABLES.locations.map((loc) => {
    const id = loc.id;
    const boats = v.players.map((p, i) => [i, p.boats.filter((b) => b === id).length]).filter(([, n]) => n > 0);
    const boatEls = boats.map(([i, n]) => {
      const tok = h('span', { class: ['mn-boat', `mn-c${i}`], title: `${name(ctx, i)}: ${plural(n, 'boat')}` }, svgIcon('boat', i), n > 1 ? h('span', { text: `×${n}` }) : null);
      if (i !== me) return tok;
      const what = loc.city ? `advantage, an agreement, then out to ${cityName(loc.arrow)}` : `${loc.food} food`;
      return actionable('span', `activate:${id}`, ctx, placed, { class: 'mn-boat-btn', title: `activate your boat on ${cityName(id)} (${what})` }, tok,
        ctx.action(`activate:${id}`) ? h('span', { class: 'mn-boat-act', text: 'activate' }) : null);
    });
    const sails = (sailBy[id] || []).map((n) => {
      const used = n.startsWith('sail-activated:');
      const to = cityName(n.split(':')[2]);
      return actionable('span', n, ctx, placed, { class: ['mn-sail', used && 'mn-sail-used'],
        title: `sail ${used ? 'the boat already activated this turn' : 'a boat'} from ${cityName(id)} to ${to}` },
      `→ ${to}${used ? ' (activated boat)' : ''}`);
    });
    const x = (loc.city ? TABLES.locations.findIndex((o) => o.id === loc.borders) : TABLES.locations.indexOf(loc)) + 1;
    const place = { '--x': x, '--band': loc.city ? (loc.bank === 'upper' ? 1 : 3) : 2 };
    if (!loc.city) {
      return vars(h('div', { class: ['mn-loc', 'mn-section', id === 'h' && 'mn-harbor', loc.fishing && `mn-fish${loc.fishing}`], dataset: { loc: id } },
        h('div', { class: 'mn-loc-head' }, h('strong', { text: id === 'h' ? 'Harbor' : cityName(id) }),
          h('span', { class: 'mn-dim', text: id === 'h' ? 'start' : `${loc.food} food` })),
        loc.fishing ? h('span', { class: 'mn-fishing', title: 'fishing boats passed: Flood food per boat', text: `⚓ flood +${loc.fishing}` }) : null,
        h('div', { class: 'mn-boats' }, boatEls), sails.length ? h('div', { class: 'mn-sails' }, sails) : null), place);
    }
    const c = v.cities[id] || { advantage: null, agreements: [] };
    const valid = (v.city_slots || {})[id] || [];
    const agreements = c.agreements.map((t, k) => {
      if (!valid[k]) return null;
      return actionable('div', `agreement:${id}:${k + 1}`, ctx, placed, { class: ['mn-ta', t ? '' : 'mn-empty'], dataset: { agreement: t || '' }, title: t ? `${t}: ${agreementText(t)}` : 'empty slot' },
        t ? [h('span', { class: 'mn-ta-val', text: `${TABLES.agreements[t].value} PP` }), h('span', { class: 'mn-ta-text', text: TABLES.agreements[t].text })] : h('span', { class: 'mn-dim', text: 'empty' }));
    });
    return vars(h('div', { class: ['mn-loc', 'mn-city', `mn-${loc.bank}`], dataset: { loc: id } },
      h('div', { class: 'mn-loc-head' }, h('strong', { text: cityName(id) }), h('span', { class: 'mn-dim', text: `→ ${cityName(loc.arrow)}` })),
      c.advantage ? h('span', { class: 'mn-adv', title: `city advantage ${c.advantage}`, text: TABLES.advantages[c.advantage] }) : null,
      h('div', { class: 'mn-tas' }, agreements),
      h('div', { class: 'mn-boats' }, boatEls), sails.length ? h('div', { class: 'mn-sails' }, sails) : null), place);
  });
  return area('mn-nile', 'The Nile', 'mn-wide',
    h('div', { class: 'mn-river' }, cells),
    h('p', { class: 'mn-dim', text: 'Upper cities above (left on phones), lower cities below (right); each city borders the section next to it and its arrow leads back to the river. ⚓ = fishing boats passed (Flood food).' }));
}

// -- the Great Pyramid and the queens' pyramids ------------------------------------------------------------
function trackCells(len, feature, positions, ctx, placed, target, notation, kind) {
  const cells = [];
  for (let k = 0; k <= len; k++) {
    const f = feature(k);
    const here = positions.map((pos, i) => (pos === k ? i : -1)).filter((i) => i >= 0);
    const note = notation && target === k ? notation : null;
    cells.push(actionable('div', note, ctx, placed, { class: ['mn-pcell', f.cls], dataset: { space: k }, title: `${kind} ${k}${f.title ? `: ${f.title}` : ''}` },
      h('span', { class: 'mn-tnum', text: k }), f.label ? h('span', { class: 'mn-plabel', text: f.label }) : null,
      h('span', { class: 'mn-toks' }, here.map((p) => token(p, ctx, { label: 'stone block' })))));
  }
  return h('div', { class: 'mn-ptrack' }, cells);
}

function gpArea(v, ctx, placed) {
  const gp = v.great_pyramid;
  const d = v.decision || {};
  const me = mySeat(ctx);
  const levels = gp.levels;
  const rows = [];
  rows.push(h('div', { class: ['mn-gprow', 'mn-gptop'] },
    h('span', { class: ['mn-gpcell', gp.pyramidion ? 'built' : 'open'], title: 'pyramidion', text: gp.pyramidion ? 'pyramidion' : 'pyramidion (open)' })));
  for (let lv = levels.length - 1; lv >= 0; lv--) {
    rows.push(h('div', { class: 'mn-gprow', dataset: { level: lv + 1 } },
      h('span', { class: 'mn-gplv', text: ROMAN[lv + 1] }),
      levels[lv].map((f, k) => {
        const notation = d.kind === 'gp_pos' && d.level === lv + 1 && !f ? `position:${k + 1}` : null;
        return actionable('div', notation, ctx, placed, { class: ['mn-gpcell', f ? 'built' : 'open'], dataset: { position: k + 1 }, title: f ? `level ${ROMAN[lv + 1]} piece: ${FAVOUR_LABEL[f]}` : `level ${ROMAN[lv + 1]} position ${k + 1}` },
          f ? FAVOUR_SHORT[f] : `${k + 1}`);
      })));
  }
  rows.push(h('div', { class: ['mn-gprow', 'mn-gpbase'] }, h('span', { class: 'mn-gplv', text: 'base' }),
    TABLES.gp_build_places.map((f, k) => h('span', { class: 'mn-gpcell base', title: `build place ${k + 1}: ${FAVOUR_LABEL[f]}`, text: FAVOUR_SHORT[f] }))));
  const quarry = gp.stack_tops.map((f, lv) => `${ROMAN[lv + 1]}: ${f ? `top ${FAVOUR_LABEL[f]}` : '—'} (${gp.stack_sizes[lv]})`).join(' · ');
  const ctiles = new Set(v.construction_tiles || []);
  const feature = (k) => {
    const t = TABLES.gp_track[k] || {};
    if (ctiles.has(k) || t.feature === 'construction') return { label: '▲', cls: 'f-build', title: ctiles.has(k) ? 'construction (2-player tile)' : 'construction' };
    if (t.feature === 'favour') return { label: '!'.repeat(t.n), cls: 'f-favour', title: `${t.n} favours of your choice` };
    if (t.feature === 'seal') return { label: `${t.n}`, cls: 'f-seal', title: `Harvest: ${t.n} PP` };
    return { label: '', cls: '', title: '' };
  };
  const len = TABLES.gp_track.length - 1;
  const pos = v.players.map((p) => p.great_pyramid_block);
  const target = me !== null ? Math.min(len, pos[me] + 1) : -1;
  return area('mn-gp', 'Great Pyramid', '',
    h('div', { class: 'mn-gp' }, rows),
    h('p', { class: 'mn-dim', text: `Quarry stacks — ${quarry}. F/H = food or heka, Fe = feather, ♥ = heart, Eye = eye of Horus.` }),
    h('h4', { text: 'Great Pyramid track (▲ construction, ! favour, number = Harvest PP)' }),
    trackCells(len, feature, pos, ctx, placed, target, 'block:great', 'Great Pyramid track'));
}

function qpArea(v, ctx, placed) {
  const me = mySeat(ctx);
  const pyramids = v.queens_tiles.map((tile, q) => {
    const lv = v.queens_levels[q];
    const eyes = v.players.map((p, i) => [i, p.eyes_beside_queens[q]]).filter(([, n]) => n > 0);
    const blocks = [];
    for (let k = TABLES.queen_levels; k >= 1; k--) {
      blocks.push(vars(h('span', { class: ['mn-qblock', k <= lv ? 'built' : 'open'], text: k === TABLES.queen_levels ? '△' : ROMAN[k] }), { '--w': TABLES.queen_levels - k + 1 }));
    }
    return actionable('div', `pyramid:q${q + 1}`, ctx, placed, { class: ['mn-queen', lv >= TABLES.queen_levels && 'complete'], dataset: { queen: `q${q + 1}` } },
      h('strong', { text: `Q${q + 1}` }),
      h('span', { class: 'mn-qblocks' }, blocks),
      h('span', { class: 'mn-qtile', title: tile || '', text: tile ? `PP per eye: ${TABLES.queen_tiles[tile]}` : '' }),
      h('span', { class: 'mn-toks' }, eyes.map(([i, n]) => token(i, ctx, { label: 'eye of Horus', count: n, cls: 'mn-eye' }))));
  });
  const len = TABLES.qp_track.length - 1;
  const pos = v.players.map((p) => p.queens_block);
  const feature = (k) => ((TABLES.qp_track[k] || {}).feature === 'construction'
    ? { label: '▲eye', cls: 'f-build', title: 'construction: needs an available eye of Horus' } : { label: '', cls: '', title: '' });
  const target = me !== null && pos[me] < len ? pos[me] + 1 : -1;
  return area('mn-qp', "Queens' pyramids", '',
    h('div', { class: 'mn-queens' }, pyramids),
    h('h4', { text: "Queens' track (▲eye: build with an eye of Horus)" }),
    trackCells(len, feature, pos, ctx, placed, target, 'block:queens', "Queens' track"));
}

// -- necropolis and sphinxes -------------------------------------------------------------------------------
function mastabaTile(slot, v, ctx, placed) {
  const id = v.mastaba_tiles[slot];
  const m = TABLES.mastabas[id] || { pp: '?', text: '' };
  return actionable('div', `mastaba:${slot.replace(/_/g, '-').toLowerCase()}`, ctx, placed, { class: 'mn-mastaba', dataset: { slot }, title: `mastaba ${id}: ${m.pp} PP per adjacent sarcophagus at each Harvest; ${m.text}` },
    h('span', { class: 'mn-mpp', text: `${m.pp} PP` }), h('span', { class: 'mn-mtext', text: m.text }), h('span', { class: 'mn-dim', text: id || '' }));
}

function necropolisArea(v, ctx, placed) {
  const d = v.decision || {};
  const cols = [1, 2, 3];
  const grid = [];
  grid.push(h('span', { class: 'mn-nhead' }), ...cols.map((c) => h('span', { class: 'mn-nhead', text: `${ROMAN[c]} · ${plural(TABLES.column_activations[c], 'activation')}` })), h('span', { class: 'mn-nhead', text: 'row tile' }));
  for (const row of ['upper', 'lower']) {
    grid.push(h('span', { class: 'mn-nhead mn-nrow', text: row }));
    for (const c of cols) {
      const spaces = Object.entries(TABLES.graves).filter(([, g]) => g.column === c && g.row === row).map(([gid, g]) => {
        const owner = v.necropolis[gid];
        return actionable('div', `grave:${gid.toLowerCase()}`, ctx, placed, {
          class: ['mn-grave', owner !== undefined && `mn-c${owner} taken`, d.grave === gid && 'mn-focus'], dataset: { grave: gid },
          title: `${gid}: ${g.text}${owner !== undefined ? ` — ${name(ctx, owner)}'s sarcophagus` : ''}`,
        }, h('span', { class: 'mn-gtext', text: g.text }), owner !== undefined ? token(owner, ctx, { label: 'sarcophagus', cls: 'mn-sarc' }) : null);
      });
      grid.push(h('div', { class: 'mn-ncell' }, spaces));
    }
    grid.push(mastabaTile(`row_${row}`, v, ctx, placed));
  }
  grid.push(h('span', { class: 'mn-nhead mn-nrow', text: 'column tiles' }), ...cols.map((c) => mastabaTile(`col_${ROMAN[c]}`, v, ctx, placed)), h('span'));
  return area('mn-necropolis', 'Necropolis', '', h('div', { class: 'mn-necro' }, grid),
    h('p', { class: 'mn-dim', text: 'A burial gives the space bonus, then mastaba activations of its row and column tiles (1/2/3 by column). Each sarcophagus scores both its tiles at every Harvest.' }));
}

function sphinxArea(v, ctx, placed) {
  const avenues = AVENUES.map((av) => h('div', { class: 'mn-avenue', dataset: { avenue: av } },
    h('strong', { text: houseName(av) }),
    Object.entries(TABLES.pedestals).filter(([, x]) => x.avenue === av).map(([pid, x]) => {
      const owner = v.pedestals[pid];
      return actionable('div', `pedestal:${pid.toLowerCase()}`, ctx, placed, { class: ['mn-pedestal', owner !== undefined && 'taken'], dataset: { pedestal: pid }, title: `${pid}: ${x.text}` },
        h('span', { class: 'mn-pnum', text: x.numeral }), h('span', { class: 'mn-gtext', text: x.text }),
        owner !== undefined ? token(owner, ctx, { label: 'sphinx', cls: 'mn-sphinx' }) : null);
    })));
  return area('mn-sphinxes', 'Sphinx avenues', '', h('div', { class: 'mn-avenues' }, avenues));
}

// -- temple, obelisk, Duat ------------------------------------------------------------------------------------
function priestessChips(v, ctx, placed, room) {
  const me = mySeat(ctx);
  const key = room === 0 ? 'entrance' : `room${room}`;
  const out = [];
  v.players.forEach((p, i) => {
    const pr = p.priestesses[key] || { standing: 0, lying: 0 };
    for (const [kind, n, sym] of [['standing', pr.standing, '▲'], ['lying', pr.lying, '▼']]) {
      if (!n) continue;
      const label = `${n}${sym}`;
      const title = `${name(ctx, i)}: ${plural(n, `${kind} priestess`, `${kind} priestesses`)}`;
      const chip = h('span', { class: ['mn-priest', `mn-c${i}`, kind], title }, label);
      const notation = i === me && room < TABLES.rooms ? (room === 0 ? 'priestess:entrance' : `priestess:${room}${kind === 'standing' ? 's' : 'l'}`) : null;
      out.push(notation ? actionable('span', notation, ctx, placed, { class: 'mn-priest-btn', title: `${title} — move one to room ${room + 1}` }, chip) : chip);
    }
  });
  return out;
}

function templeArea(v, ctx, placed) {
  const rooms = [];
  for (let r = 1; r <= TABLES.rooms; r++) {
    const spaces = Object.entries(TABLES.temple).filter(([, t]) => t.room === r).map(([tid, t]) => {
      const owner = v.temple[tid];
      return actionable('div', `basket:${tid.toLowerCase()}`, ctx, placed, { class: ['mn-basket', owner !== undefined && 'taken'], dataset: { space: tid }, title: `${tid}: ${t.text}` },
        h('span', { class: 'mn-gtext', text: t.text }), owner !== undefined ? token(owner, ctx, { label: 'basket', cls: 'mn-bsk' }) : null);
    });
    rooms.push(h('div', { class: 'mn-room', dataset: { room: r } },
      h('div', { class: 'mn-room-head' }, h('strong', { text: `Room ${r}` }), h('span', { class: 'mn-dim', text: `enter: ${plural(TABLES.room_cost[r], 'step')}` }),
        h('span', { class: 'mn-priests' }, priestessChips(v, ctx, placed, r))),
      h('div', { class: 'mn-baskets' }, spaces)));
  }
  return area('mn-temple', 'Temple', 'mn-wide',
    h('div', { class: 'mn-entrance' }, h('strong', { text: 'Entrance' }), h('span', { class: 'mn-priests' }, priestessChips(v, ctx, placed, 0)),
      h('span', { class: 'mn-altar', title: 'the deity on the altar: triggers on the obelisk\'s deity spaces' },
        `Altar: ${humanize(v.deity || '?')} — ${TABLES.deities[v.deity] || ''}`)),
    h('div', { class: 'mn-rooms' }, rooms),
    h('p', { class: 'mn-dim', text: '▲ standing, ▼ lying priestesses. An offering puts its basket on a free space in a room with your standing priestess, who then lies down.' }));
}

function obeliskArea(v, ctx) {
  const cells = TABLES.obelisk.map((o, k) => {
    const here = v.players.map((p, i) => (p.sun_disc === k ? i : -1)).filter((i) => i >= 0);
    const label = o.seal ? `${o.seal}` : o.deity ? '☥' : o.heka ? `+${o.heka}h` : '';
    const title = o.seal ? `Harvest: ${o.seal} PP` : o.deity ? `deity: ${humanize(v.deity || '')}` : o.heka ? `Flood: ${o.heka} heka income` : '';
    return h('div', { class: ['mn-pcell', o.seal && 'f-seal', o.deity && 'f-deity', o.heka && 'f-heka'], dataset: { space: k }, title: `obelisk ${k}${title ? `: ${title}` : ''}` },
      h('span', { class: 'mn-tnum', text: k }), label ? h('span', { class: 'mn-plabel', text: label }) : null,
      h('span', { class: 'mn-toks' }, here.map((p) => token(p, ctx, { label: 'sun disc', cls: 'mn-disc' }))));
  });
  return area('mn-obelisk', 'Obelisk (sun discs)', '', h('div', { class: 'mn-ptrack' }, cells),
    h('p', { class: 'mn-dim', text: 'Number = Harvest PP (highest reached) · ☥ = deity triggers · +h = Flood heka income' }));
}

function duatArea(v, ctx) {
  const scales = new Set(TABLES.duat.scales);
  const cells = [];
  for (let k = 0; k <= TABLES.duat.last; k++) {
    const marks = [];
    v.players.forEach((p, i) => {
      if (p.heart === k) marks.push(h('span', { class: 'mn-duat-mark', title: `${name(ctx, i)}: heart` }, svgIcon('heart', i)));
      if (p.feather === k) marks.push(h('span', { class: 'mn-duat-mark', title: `${name(ctx, i)}: feather` }, svgIcon('feather', i)));
    });
    cells.push(h('div', { class: ['mn-pcell', scales.has(k) && 'f-scale'], dataset: { space: k }, title: `Duat ${k}${scales.has(k) ? ': scale' : ''}` },
      h('span', { class: 'mn-tnum', text: scales.has(k) ? '⚖' : k }), h('span', { class: 'mn-toks' }, marks)));
  }
  return area('mn-duat', 'Duat track', '', h('div', { class: ['mn-ptrack', 'mn-duat'] }, cells),
    h('p', { class: 'mn-dim', text: 'Hearts move right, feathers left. At each Harvest every ⚖ between them costs 1 PP — or gains 1 PP once they have passed each other.' }));
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
  h('h4', { text: 'Apprentices and action tiles' }),
  h('div', { class: 'mn-slots' }, slots),
  h('h4', { text: 'Specializations (scarabs)' }),
  h('div', { class: 'mn-specs' }, specs),
  h('h4', { text: `Hieroglyph track (board ${pl.board || '?'}): ${pl.hieroglyph}/${(TABLES.boards[pl.board] || []).length}` }),
  h('div', { class: 'mn-glyphs' }, glyphs),
  h('dl', { class: 'mn-stats mn-pieces' },
    stat('Sphinxes', `${pl.sphinxes.supply} supply · ${pl.sphinxes.available} carved`),
    stat('Mummies', `${pl.mummies.supply} supply · ${pl.mummies.sarcophagi} sarcophagi`),
    stat('Eyes', `${pl.eyes.supply} supply · ${pl.eyes.available} ready · ${pl.eyes_beside_queens.reduce((a, b) => a + b, 0)} placed`),
    stat('Boats', pl.boats.map(cityName).join(' ')),
    stat('Priestesses', priest || '—')),
  h('h4', { text: 'Ware area' }),
  h('div', { class: 'mn-wares' }, wareRows),
  h('h4', { text: `Papyri (rolled up: ${pl.rolled_papyri})` }),
  h('div', { class: 'mn-papyri' }, papyri),
  h('h4', { text: `Trade agreements (${nAgreements} of ${pl.agreements.length} slots)` }),
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
  const winners = new Set(v.winners || []);
  const ranked = v.final_scores.map((s, i) => ({ s, i })).sort((a, b) => (b.s - a.s) || (winners.has(b.i) - winners.has(a.i)));
  const bd = v.score_breakdown || {};
  const seats = v.final_scores.map((_, i) => i);
  return h('section', { id: 'final-results', class: 'final-results' },
    h('h2', { text: 'Final results' }),
    h('ol', { class: 'ranking' }, ranked.map(({ s, i }) => h('li', { class: winners.has(i) ? 'winner' : '', dataset: { seat: i } },
      h('span', { class: 'rank-name', text: ctx.seatName(i) + (i === ctx.seat ? ' (you)' : '') }),
      winners.has(i) ? h('span', { class: 'badge badge-win', text: 'winner' }) : null,
      h('span', { class: 'rank-points', text: `${s} PP` })))),
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
  TABLES = v.tables;
  root.classList.add('mn-board');
  const placed = new Set();
  const n = v.players.length;
  const me = mySeat(ctx);
  const order = Array.from({ length: n }, (_, k) => ((me ?? 0) + k) % n);
  // The acting player's own elements first (tiles on the board, wares, agreements, scarabs), then the
  // main board; whatever is left goes to the choice bar.
  const seats = order.map((i) => seatPanel(v, i, ctx, placed));
  // Your own administration board sits next to the action tiles and markets (the turn options are
  // there); the other players' boards follow the main board.
  const board = h('div', { class: 'mn-main', id: 'mn-main' },
    housesArea(v, ctx, placed), seats[0],
    h('div', { class: 'mn-stack' }, tilesArea(v, ctx, placed), marketsArea(v, ctx, placed)),
    nileArea(v, ctx, placed), gpArea(v, ctx, placed), qpArea(v, ctx, placed), necropolisArea(v, ctx, placed),
    sphinxArea(v, ctx, placed), templeArea(v, ctx, placed), obeliskArea(v, ctx), duatArea(v, ctx));
  const onBoard = placed.size > 0;
  const choices = choiceBar(v, ctx, placed);
  const prompt = promptText(v, ctx);
  const jump = onBoard ? h('button', {
    type: 'button', class: 'btn btn-ghost btn-small mn-jump', text: 'Show me ↓',
    on: { click: () => { const el = root.querySelector('.mn-main .mn-act, .mn-seat .mn-act'); if (el) el.scrollIntoView({ behavior: 'smooth', block: 'center' }); } },
  }) : null;
  root.replaceChildren(...[
    finalResults(v, ctx),
    h('section', { class: ['ra-table', 'mn-table'], id: 'mn-table' },
      infoBar(v, ctx),
      prompt ? h('div', { class: ['mn-prompt', ctx.legal.length && 'mine'], id: 'mn-prompt' }, h('span', { text: prompt }), jump) : null,
      choices),
    board,
    seats.length > 1 ? h('div', { id: 'seats', class: 'mn-seats' }, seats.slice(1)) : null,
    harvestTable(v, ctx),
    legend(),
  ].filter(Boolean));
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
