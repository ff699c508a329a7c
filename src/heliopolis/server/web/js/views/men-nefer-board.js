// Men-Nefer view: the main board's areas (houses of life, action tiles, markets, Nile, pyramids,
// necropolis, sphinx avenues, temple, obelisk, Duat track).

import { h, humanize } from '../dom.js';
import { t } from '../i18n.js';

const t_ = t; // where a local `t` (a tile or track entry) hides the translator
import { AVENUES, FAVOUR_LABEL, FAVOUR_SHORT, ROMAN, TABLES, actionable, agreementText, area, cityName, drawingName, houseName, mySeat, name, note, svgIcon, tileCard, token, tokens, vars, wareKind } from './men-nefer-common.js';

// -- houses of life -------------------------------------------------------------------------------------
export function spaceCount(map) {
  return Object.values(map || {}).reduce((a, b) => a + b, 0);
}

export function costText(n) {
  const c = TABLES.occupancy_cost;
  const cost = c[Math.min(n, c.length - 1)];
  return cost ? t('mnui.next_cost', { n: cost }) : t('mnui.next_free');
}

export function housesArea(v, ctx, placed) {
  const d = v.decision || {};
  const rows = TABLES.houses.map((house) => {
    const hs = v.houses[house] || { sun: {}, moon: {} };
    const sunN = spaceCount(hs.sun);
    const moonN = spaceCount(hs.moon);
    const sun = actionable('div', `house:${house}`, ctx, placed, { class: ['mn-space', 'mn-sun-space'], dataset: { house, side: 'sun' } },
      h('span', { class: 'mn-space-label', text: t('mnui.sun_space') }), h('span', { class: 'mn-toks' }, tokens(hs.sun, ctx, t('mnui.apprentice'))),
      h('span', { class: 'mn-dim', text: costText(sunN) }));
    const moon = actionable('div', `raise:${house}`, ctx, placed, { class: ['mn-space', 'mn-moon-space'], dataset: { house, side: 'moon' } },
      h('span', { class: 'mn-space-label', text: t('mnui.moon_space') }), h('span', { class: 'mn-toks' }, tokens(hs.moon, ctx, t('mnui.apprentice'))),
      h('span', { class: 'mn-dim', text: costText(moonN) }));
    const here = (k) => v.players.map((p, i) => (p.scarabs[house] === k ? i : -1)).filter((i) => i >= 0);
    const cells = [h('div', { class: 'mn-tcell mn-tstart', title: t('mnui.track_start') },
      h('span', { class: 'mn-tnum', text: '0' }), h('span', { class: 'mn-toks' }, here(0).map((p) => token(p, ctx, { label: t('mnui.scarab'), cls: 'mn-scarab' }))))];
    TABLES.tracks[house].forEach((text, k) => {
      const notation = d.kind === 'track' && d.house === house ? `track:${k + 1}` : null;
      cells.push(actionable('div', notation, ctx, placed, { class: 'mn-tcell', dataset: { space: k + 1 }, title: `${houseName(house)} ${k + 1}: ${text}` },
        h('span', { class: 'mn-tnum', text: k + 1 }), h('span', { class: 'mn-ttext', text }),
        h('span', { class: 'mn-toks' }, here(k + 1).map((p) => token(p, ctx, { label: t('mnui.scarab'), cls: 'mn-scarab' })))));
    });
    return h('div', { class: ['mn-house', d.kind === 'track' && d.house === house && 'mn-focus'], dataset: { house } },
      h('div', { class: 'mn-house-name', text: houseName(house) }), sun, moon,
      h('div', { class: 'mn-track' }, cells));
  });
  // The key to the signs of tiles and tracks (! ⊥ / ? ▲ ☥ ⚖) sits behind the houses' "?" button.
  return area('mn-houses', t('mnui.area.houses'), 'mn-wide', h('div', { class: 'mn-houses' }, rows), note('mnui.legend'));
}

// -- action tiles --------------------------------------------------------------------------------------------
export function tilesArea(v, ctx, placed) {
  const rows = TABLES.display.map((slot, i) => {
    const food = slot.food < 0 ? t('mnui.pay_food', { n: -slot.food }) : slot.food > 0 ? t('mnui.gain_food', { n: slot.food }) : t('mnui.free');
    return h('div', { class: 'mn-drow', dataset: { slot: i + 1 } },
      h('span', { class: ['mn-dfood', slot.food < 0 ? 'pay' : 'gain'], text: `${i + 1} · ${food}` }),
      tileCard(v.display[i], ctx, placed, `take:${i + 1}`),
      actionable('div', `row:${i + 1}`, ctx, placed, { class: 'mn-drowact', title: t('mnui.row_title', { n: i + 1 }) },
        h('span', { class: 'mn-dim', text: t('mnui.actions') }), h('span', { text: slot.text })));
  });
  return area('mn-tiles', t('mnui.area.tiles'), '',
    h('div', { class: 'mn-supply' },
      h('span', { class: 'mn-dim', text: t('mnui.supply', { n: v.supply_size }) }),
      v.supply_top ? tileCard(v.supply_top, ctx, placed, null, { cls: 'mn-tile-top' }) : h('span', { class: 'mn-dim', text: t('mnui.empty') }),
      h('span', { class: 'mn-dim', text: t('mnui.discard', { n: v.discard_size }) })),
    h('div', { class: 'mn-display' }, rows));
}

// -- markets -----------------------------------------------------------------------------------------------
export function wareCard(id, extra = {}) {
  const w = TABLES.wares[id];
  if (!w) return h('span', { class: 'mn-dim', text: t('mnui.empty') });
  return h('span', { class: ['mn-ware', `k-${w.kind}`], dataset: { ware: id }, title: `${wareKind(w.kind)} ${id}: I ${w.levels[0]} · II ${w.levels[1]} · III ${w.levels[2]}` },
    h('span', { class: 'mn-ware-kind', text: wareKind(w.kind) }),
    extra.brief ? null : w.levels.map((t, k) => h('span', { class: ['mn-ware-lv', extra.level && k >= extra.level && 'mn-off'], text: `${ROMAN[k + 1]} ${t}` })));
}

export function papyrusCard(id) {
  const p = TABLES.papyri[id];
  if (!p) return h('span', { class: 'mn-dim', text: t('mnui.empty') });
  return h('span', { class: 'mn-papyrus', dataset: { papyrus: id }, title: `${id}: ${drawingName(p.left)} | ${drawingName(p.right)}` },
    h('span', { class: ['mn-draw', `d-${p.left}`], text: drawingName(p.left) }), h('span', { class: ['mn-draw', `d-${p.right}`], text: drawingName(p.right) }));
}

export function marketsArea(v, ctx, placed) {
  const wares = v.ware_market.map((w, i) => actionable('div', `ware:${i + 1}`, ctx, placed, { class: 'mn-mslot', dataset: { slot: i + 1 } },
    wareCard(w), h('span', { class: 'mn-cost', text: t('mnui.food_n', { n: TABLES.ware_market_cost[i] }) })));
  const papyri = v.papyrus_market.map((x, i) => actionable('div', `papyrus:${i + 1}`, ctx, placed, { class: 'mn-mslot', dataset: { slot: i + 1 } },
    papyrusCard(x), h('span', { class: 'mn-cost', text: t('mnui.heka_n', { n: TABLES.papyrus_market_cost[i] }) })));
  const stacks = Object.entries(v.agreement_stacks).map(([val, n]) => `${val} PP: ${n}`).join(' · ');
  return area('mn-markets', t('mnui.area.markets'), '',
    h('h4', { text: t('mnui.wares_bag', { n: v.ware_bag }) }), h('div', { class: 'mn-market' }, wares),
    h('h4', { text: t('mnui.papyri_bag', { n: v.papyrus_bag }) }), h('div', { class: 'mn-market' }, papyri),
    h('p', { class: 'mn-dim', text: t('mnui.ta_stacks', { stacks }) }));
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
      const tok = h('span', { class: ['mn-boat', `mn-c${i}`], title: t('mnui.boats_of', { who: name(ctx, i), n }) }, svgIcon('boat', i), n > 1 ? h('span', { text: `×${n}` }) : null);
      if (i !== me) return tok;
      const what = loc.city ? t('mnui.activate_city', { to: cityName(loc.arrow) }) : t('mnui.food_n', { n: loc.food });
      return actionable('span', `activate:${id}`, ctx, placed, { class: 'mn-boat-btn', title: t('mnui.activate_title', { at: cityName(id), what }) }, tok,
        ctx.action(`activate:${id}`) ? h('span', { class: 'mn-boat-act', text: t('mnui.activate') }) : null);
    });
    const sails = (sailBy[id] || []).map((n) => {
      const used = n.startsWith('sail-activated:');
      const to = cityName(n.split(':')[2]);
      return actionable('span', n, ctx, placed, { class: ['mn-sail', used && 'mn-sail-used'],
        title: t(used ? 'mnui.sail_used_title' : 'mnui.sail_title', { from: cityName(id), to }) },
      used ? t('mnui.sail_used', { to }) : `→ ${to}`);
    });
    const x = (loc.city ? TABLES.locations.findIndex((o) => o.id === loc.borders) : TABLES.locations.indexOf(loc)) + 1;
    // A city is two sections wide on a desktop where its band has room (its agreements side by side).
    const sections = TABLES.locations.filter((o) => !o.city).length;
    const crowded = TABLES.locations.some((o) => o.city && o.bank === loc.bank && TABLES.locations.findIndex((q) => q.id === o.borders) === x);
    const place = { '--x': x, '--band': loc.city ? (loc.bank === 'upper' ? 1 : 3) : 2, '--span': loc.city && x < sections && !crowded ? 2 : 1 };
    if (!loc.city) {
      return vars(h('div', { class: ['mn-loc', 'mn-section', id === 'h' && 'mn-harbor', loc.fishing && `mn-fish${loc.fishing}`], dataset: { loc: id } },
        h('div', { class: 'mn-loc-head' }, h('strong', { text: id === 'h' ? t('mnui.harbor') : cityName(id) }),
          h('span', { class: 'mn-dim', text: id === 'h' ? t('mnui.start') : t('mnui.food_n', { n: loc.food }) })),
        loc.fishing ? h('span', { class: 'mn-fishing', title: t('mnui.fishing_title'), text: t('mnui.fishing', { n: loc.fishing }) }) : null,
        h('div', { class: 'mn-boats' }, boatEls), sails.length ? h('div', { class: 'mn-sails' }, sails) : null), place);
    }
    const c = v.cities[id] || { advantage: null, agreements: [] };
    const valid = (v.city_slots || {})[id] || [];
    const agreements = c.agreements.map((t, k) => {
      if (!valid[k]) return null;
      return actionable('div', `agreement:${id}:${k + 1}`, ctx, placed, { class: ['mn-ta', t ? '' : 'mn-empty'], dataset: { agreement: t || '' }, title: t ? `${t}: ${agreementText(t)}` : t_('mnui.empty_slot') },
        t ? [h('span', { class: 'mn-ta-val', text: `${TABLES.agreements[t].value} PP` }), h('span', { class: 'mn-ta-text', text: TABLES.agreements[t].text })] : h('span', { class: 'mn-dim', text: t_('mnui.empty') }));
    });
    return vars(h('div', { class: ['mn-loc', 'mn-city', `mn-${loc.bank}`], dataset: { loc: id } },
      h('div', { class: 'mn-loc-head' }, h('strong', { text: cityName(id) }), h('span', { class: 'mn-dim', text: `→ ${cityName(loc.arrow)}` })),
      c.advantage ? h('span', { class: 'mn-adv', title: t_('mnui.city_adv', { id: c.advantage }), text: TABLES.advantages[c.advantage] }) : null,
      h('div', { class: 'mn-tas' }, agreements),
      h('div', { class: 'mn-boats' }, boatEls), sails.length ? h('div', { class: 'mn-sails' }, sails) : null), place);
  });
  return area('mn-nile', t('mnui.area.nile'), 'mn-wide',
    h('div', { class: 'mn-river' }, cells),
    note('mnui.nile_note'));
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
      h('span', { class: 'mn-toks' }, here.map((p) => token(p, ctx, { label: t('mnui.stone_block') })))));
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
    h('span', { class: ['mn-gpcell', gp.pyramidion ? 'built' : 'open'], title: t('mnui.pyramidion'), text: gp.pyramidion ? t('mnui.pyramidion') : t('mnui.pyramidion_open') })));
  for (let lv = levels.length - 1; lv >= 0; lv--) {
    rows.push(h('div', { class: 'mn-gprow', dataset: { level: lv + 1 } },
      h('span', { class: 'mn-gplv', text: ROMAN[lv + 1] }),
      levels[lv].map((f, k) => {
        const notation = d.kind === 'gp_pos' && d.level === lv + 1 && !f ? `position:${k + 1}` : null;
        return actionable('div', notation, ctx, placed, { class: ['mn-gpcell', f ? 'built' : 'open'], dataset: { position: k + 1 }, title: f ? t('mnui.gp_piece', { lv: ROMAN[lv + 1], favour: FAVOUR_LABEL[f] }) : t('mnui.gp_pos', { lv: ROMAN[lv + 1], n: k + 1 }) },
          f ? FAVOUR_SHORT[f] : `${k + 1}`);
      })));
  }
  rows.push(h('div', { class: ['mn-gprow', 'mn-gpbase'] }, h('span', { class: 'mn-gplv', text: t('mnui.base') }),
    TABLES.gp_build_places.map((f, k) => h('span', { class: 'mn-gpcell base', title: t('mnui.build_place', { n: k + 1, favour: FAVOUR_LABEL[f] }), text: FAVOUR_SHORT[f] }))));
  const quarry = gp.stack_tops.map((f, lv) => `${ROMAN[lv + 1]}: ${f ? t('mnui.stack_top', { favour: FAVOUR_LABEL[f] }) : '—'} (${gp.stack_sizes[lv]})`).join(' · ');
  const ctiles = new Set(v.construction_tiles || []);
  const feature = (k) => {
    const t = TABLES.gp_track[k] || {};
    if (ctiles.has(k) || t.feature === 'construction') return { label: '▲', cls: 'f-build', title: ctiles.has(k) ? t_('mnui.construction_2p') : t_('mnui.construction') };
    if (t.feature === 'favour') return { label: '!'.repeat(t.n), cls: 'f-favour', title: t_('mnui.favours_n', { n: t.n }) };
    if (t.feature === 'seal') return { label: `${t.n}`, cls: 'f-seal', title: t_('mnui.harvest_pp', { n: t.n }) };
    return { label: '', cls: '', title: '' };
  };
  const len = TABLES.gp_track.length - 1;
  const pos = v.players.map((p) => p.great_pyramid_block);
  const target = me !== null ? Math.min(len, pos[me] + 1) : -1;
  return area('mn-gp', t('mnui.area.gp'), '',
    h('div', { class: 'mn-gp' }, rows),
    h('p', { class: 'mn-dim', text: t('mnui.quarry', { quarry }) }),
    h('h4', { text: t('mnui.gp_track_head') }),
    trackCells(len, feature, pos, ctx, placed, target, 'block:great', t('mnui.gp_track')));
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
      h('span', { class: 'mn-qtile', title: tile || '', text: tile ? t('mnui.pp_per_eye', { what: TABLES.queen_tiles[tile] }) : '' }),
      h('span', { class: 'mn-toks' }, eyes.map(([i, n]) => token(i, ctx, { label: t('mnui.eye'), count: n, cls: 'mn-eye' }))));
  });
  const len = TABLES.qp_track.length - 1;
  const pos = v.players.map((p) => p.queens_block);
  const feature = (k) => ((TABLES.qp_track[k] || {}).feature === 'construction'
    ? { label: t('mnui.qp_build'), cls: 'f-build', title: t('mnui.qp_build_title') } : { label: '', cls: '', title: '' });
  const target = me !== null && pos[me] < len ? pos[me] + 1 : -1;
  return area('mn-qp', t('mnui.area.qp'), '',
    h('div', { class: 'mn-queens' }, pyramids),
    h('h4', { text: t('mnui.qp_track_head') }),
    trackCells(len, feature, pos, ctx, placed, target, 'block:queens', t('mnui.qp_track')));
}

// -- necropolis and sphinxes -------------------------------------------------------------------------------
export function mastabaTile(slot, v, ctx, placed) {
  const id = v.mastaba_tiles[slot];
  const m = TABLES.mastabas[id] || { pp: '?', text: '' };
  return actionable('div', `mastaba:${slot.replace(/_/g, '-').toLowerCase()}`, ctx, placed, { class: 'mn-mastaba', dataset: { slot }, title: t('mnui.mastaba_title', { id, n: m.pp, text: m.text }) },
    h('span', { class: 'mn-mpp', text: `${m.pp} PP` }), h('span', { class: 'mn-mtext', text: m.text }), h('span', { class: 'mn-dim', text: id || '' }));
}

export function necropolisArea(v, ctx, placed) {
  const d = v.decision || {};
  const cols = [1, 2, 3];
  const grid = [];
  grid.push(h('span', { class: 'mn-nhead' }), ...cols.map((c) => {
    // Compact: "II · 2×" on screen, the words for screen readers and on hover.
    const full = `${ROMAN[c]} · ${t('mnui.activations', { n: TABLES.column_activations[c] })}`;
    return h('span', { class: 'mn-nhead', title: full },
      h('span', { attrs: { 'aria-hidden': 'true' }, text: `${ROMAN[c]} · ${TABLES.column_activations[c]}×` }), h('span', { class: 'mn-sr', text: full }));
  }), h('span', { class: 'mn-nhead', text: t('mnui.row_tile') }));
  for (const row of ['upper', 'lower']) {
    grid.push(h('span', { class: 'mn-nhead mn-nrow', text: t(`mnui.row_${row}`) }));
    for (const c of cols) {
      const spaces = Object.entries(TABLES.graves).filter(([, g]) => g.column === c && g.row === row).map(([gid, g]) => {
        const owner = v.necropolis[gid];
        return actionable('div', `grave:${gid.toLowerCase()}`, ctx, placed, {
          class: ['mn-grave', owner !== undefined && `mn-c${owner} taken`, d.grave === gid && 'mn-focus'], dataset: { grave: gid },
          title: `${gid}: ${g.text}${owner !== undefined ? ` — ${t('mnui.sarc_of', { who: name(ctx, owner) })}` : ''}`,
        }, h('span', { class: 'mn-gtext', text: g.text }), owner !== undefined ? token(owner, ctx, { label: t('mnui.sarcophagus'), cls: 'mn-sarc' }) : null);
      });
      grid.push(h('div', { class: 'mn-ncell' }, spaces));
    }
    grid.push(mastabaTile(`row_${row}`, v, ctx, placed));
  }
  grid.push(h('span', { class: 'mn-nhead mn-nrow', text: t('mnui.column_tiles') }), ...cols.map((c) => mastabaTile(`col_${ROMAN[c]}`, v, ctx, placed)), h('span'));
  return area('mn-necropolis', t('mnui.area.necropolis'), '', h('div', { class: 'mn-necro' }, grid),
    note('mnui.necro_note'));
}

export function sphinxArea(v, ctx, placed) {
  const avenues = AVENUES.map((av) => h('div', { class: 'mn-avenue', dataset: { avenue: av } },
    h('strong', { text: houseName(av) }),
    Object.entries(TABLES.pedestals).filter(([, x]) => x.avenue === av).map(([pid, x]) => {
      const owner = v.pedestals[pid];
      return actionable('div', `pedestal:${pid.toLowerCase()}`, ctx, placed, { class: ['mn-pedestal', owner !== undefined && 'taken'], dataset: { pedestal: pid }, title: `${pid}: ${x.text}` },
        h('span', { class: 'mn-pnum', text: x.numeral }), h('span', { class: 'mn-gtext', text: x.text }),
        owner !== undefined ? token(owner, ctx, { label: t('mnui.sphinx'), cls: 'mn-sphinx' }) : null);
    })));
  return area('mn-sphinxes', t('mnui.area.sphinxes'), '', h('div', { class: 'mn-avenues' }, avenues));
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
      const title = t(`mnui.priestess_${kind}`, { who: name(ctx, i), n });
      const chip = h('span', { class: ['mn-priest', `mn-c${i}`, kind], title }, label);
      const notation = i === me && room < TABLES.rooms ? (room === 0 ? 'priestess:entrance' : `priestess:${room}${kind === 'standing' ? 's' : 'l'}`) : null;
      out.push(notation ? actionable('span', notation, ctx, placed, { class: 'mn-priest-btn', title: t('mnui.priestess_move', { what: title, n: room + 1 }) }, chip) : chip);
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
        h('span', { class: 'mn-gtext', text: t.text }), owner !== undefined ? token(owner, ctx, { label: t_('mnui.basket'), cls: 'mn-bsk' }) : null);
    });
    rooms.push(h('div', { class: 'mn-room', dataset: { room: r } },
      h('div', { class: 'mn-room-head' }, h('strong', { text: t('mnui.room', { n: r }) }), h('span', { class: 'mn-dim', text: t('mnui.enter_steps', { n: TABLES.room_cost[r] }) }),
        h('span', { class: 'mn-priests' }, priestessChips(v, ctx, placed, r))),
      h('div', { class: 'mn-baskets' }, spaces)));
  }
  return area('mn-temple', t('mnui.area.temple'), 'mn-wide',
    h('div', { class: 'mn-entrance' }, h('strong', { text: t('mnui.entrance') }), h('span', { class: 'mn-priests' }, priestessChips(v, ctx, placed, 0)),
      h('span', { class: 'mn-altar', title: t('mnui.altar_title') },
        t('mnui.altar', { deity: humanize(v.deity || '?'), text: TABLES.deities[v.deity] || '' }))),
    h('div', { class: 'mn-rooms' }, rooms),
    note('mnui.temple_note'));
}

export function obeliskArea(v, ctx) {
  const cells = TABLES.obelisk.map((o, k) => {
    const here = v.players.map((p, i) => (p.sun_disc === k ? i : -1)).filter((i) => i >= 0);
    const label = o.seal ? `${o.seal}` : o.deity ? '☥' : o.heka ? `+${o.heka}h` : '';
    const title = o.seal ? t('mnui.harvest_pp', { n: o.seal }) : o.deity ? t('mnui.deity', { deity: humanize(v.deity || '') }) : o.heka ? t('mnui.flood_heka', { n: o.heka }) : '';
    return h('div', { class: ['mn-pcell', o.seal && 'f-seal', o.deity && 'f-deity', o.heka && 'f-heka'], dataset: { space: k }, title: `${t('mnui.obelisk_space', { n: k })}${title ? `: ${title}` : ''}` },
      h('span', { class: 'mn-tnum', text: k }), label ? h('span', { class: 'mn-plabel', text: label }) : null,
      h('span', { class: 'mn-toks' }, here.map((p) => token(p, ctx, { label: t('mnui.sun_disc'), cls: 'mn-disc' }))));
  });
  return area('mn-obelisk', t('mnui.area.obelisk'), '', h('div', { class: 'mn-ptrack' }, cells),
    note('mnui.obelisk_note'));
}

export function duatArea(v, ctx) {
  const scales = new Set(TABLES.duat.scales);
  const cells = [];
  for (let k = 0; k <= TABLES.duat.last; k++) {
    const marks = [];
    v.players.forEach((p, i) => {
      if (p.heart === k) marks.push(h('span', { class: 'mn-duat-mark', title: t('mnui.heart_of', { who: name(ctx, i) }) }, svgIcon('heart', i)));
      if (p.feather === k) marks.push(h('span', { class: 'mn-duat-mark', title: t('mnui.feather_of', { who: name(ctx, i) }) }, svgIcon('feather', i)));
    });
    cells.push(h('div', { class: ['mn-pcell', scales.has(k) && 'f-scale'], dataset: { space: k }, title: t(scales.has(k) ? 'mnui.duat_scale' : 'mnui.duat_space', { n: k }) },
      h('span', { class: 'mn-tnum', text: scales.has(k) ? '⚖' : k }), h('span', { class: 'mn-toks' }, marks)));
  }
  return area('mn-duat', t('mnui.area.duat'), '', h('div', { class: ['mn-ptrack', 'mn-duat'] }, cells),
    note('mnui.duat_note'));
}
