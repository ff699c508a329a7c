// Men-Nefer view: the main board's areas (houses of life, action tiles, markets, Nile, pyramids,
// necropolis, sphinx avenues, temple, obelisk, Duat track).

import { h, humanize } from '../dom.js';
import { AVENUES, FAVOUR_LABEL, FAVOUR_SHORT, ROMAN, TABLES, actionable, agreementText, area, cityName, houseName, mySeat, name, plural, svgIcon, tileCard, token, tokens, vars } from './men-nefer-common.js';

// -- houses of life -------------------------------------------------------------------------------------
export function spaceCount(map) {
  return Object.values(map || {}).reduce((a, b) => a + b, 0);
}

export function costText(n) {
  const c = TABLES.occupancy_cost;
  const cost = c[Math.min(n, c.length - 1)];
  return cost ? `next: ${cost} food` : 'next: free';
}

export function housesArea(v, ctx, placed) {
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
export function tilesArea(v, ctx, placed) {
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
export function wareCard(id, extra = {}) {
  const w = TABLES.wares[id];
  if (!w) return h('span', { class: 'mn-dim', text: 'empty' });
  return h('span', { class: ['mn-ware', `k-${w.kind}`], dataset: { ware: id }, title: `${w.kind} ${id}: I ${w.levels[0]} · II ${w.levels[1]} · III ${w.levels[2]}` },
    h('span', { class: 'mn-ware-kind', text: w.kind }),
    extra.brief ? null : w.levels.map((t, k) => h('span', { class: ['mn-ware-lv', extra.level && k >= extra.level && 'mn-off'], text: `${ROMAN[k + 1]} ${t}` })));
}

export function papyrusCard(id) {
  const p = TABLES.papyri[id];
  if (!p) return h('span', { class: 'mn-dim', text: 'empty' });
  return h('span', { class: 'mn-papyrus', dataset: { papyrus: id }, title: `${id}: ${p.left} | ${p.right}` },
    h('span', { class: ['mn-draw', `d-${p.left}`], text: p.left }), h('span', { class: ['mn-draw', `d-${p.right}`], text: p.right }));
}

export function marketsArea(v, ctx, placed) {
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
export function nileArea(v, ctx, placed) {
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
export function trackCells(len, feature, positions, ctx, placed, target, notation, kind) {
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

export function gpArea(v, ctx, placed) {
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

export function qpArea(v, ctx, placed) {
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
export function mastabaTile(slot, v, ctx, placed) {
  const id = v.mastaba_tiles[slot];
  const m = TABLES.mastabas[id] || { pp: '?', text: '' };
  return actionable('div', `mastaba:${slot.replace(/_/g, '-').toLowerCase()}`, ctx, placed, { class: 'mn-mastaba', dataset: { slot }, title: `mastaba ${id}: ${m.pp} PP per adjacent sarcophagus at each Harvest; ${m.text}` },
    h('span', { class: 'mn-mpp', text: `${m.pp} PP` }), h('span', { class: 'mn-mtext', text: m.text }), h('span', { class: 'mn-dim', text: id || '' }));
}

export function necropolisArea(v, ctx, placed) {
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

export function sphinxArea(v, ctx, placed) {
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
export function priestessChips(v, ctx, placed, room) {
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

export function templeArea(v, ctx, placed) {
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

export function obeliskArea(v, ctx) {
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

export function duatArea(v, ctx) {
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
