// Men-Nefer view: shared state (the engine's tables), small helpers and component texts.

import { h, humanize, placedAction, seatTitle } from '../dom.js';
import { t, has } from '../i18n.js';

/** A table of catalog keys read as texts in the page's language (looked up when used). */
const texts = (keys) => new Proxy(keys, { get: (o, k) => (typeof k === 'string' && k in o ? t(o[k]) : undefined) });

// Component texts and board features come from the engine (view.tables, read from the data file).
export let TABLES = null;
/** render() hands the engine's tables to every Men-Nefer view module (imports see the new value). */
export function setTables(t) { TABLES = t; }
export const ROMAN = ['', 'I', 'II', 'III', 'IIII'];
export const HOUSE_NAME = texts({ pyramids: 'mnui.house.pyramids', necropolis: 'mnui.house.necropolis', temple: 'mnui.house.temple', nile: 'mnui.house.nile', sphinxes: 'mnui.house.sphinxes' });
export const FAVOUR_LABEL = texts({ food_or_heka: 'mnui.fav.food_or_heka', heart: 'mnui.fav.heart', feather: 'mnui.fav.feather', eye: 'mnui.fav.eye' });
export const FAVOUR_SHORT = { food_or_heka: 'F/H', heart: '♥', feather: 'Fe', eye: 'Eye' };
export const AVENUES = ['temple', 'necropolis', 'pyramids', 'nile'];
export const CATEGORY_LABEL = texts({
  start: 'mnui.cat.start', turns: 'mnui.cat.turns', duat: 'mnui.cat.duat', agreements: 'mnui.cat.agreements', sarcophagi: 'mnui.cat.sarcophagi',
  sun_disc: 'mnui.cat.sun_disc', great_pyramid: 'mnui.cat.great_pyramid', queens: 'mnui.cat.queens',
});
export const PASS_LABEL = texts({
  lime: 'mnui.pass.lime', boats: 'mnui.pass.boats', priest: 'mnui.pass.priest', papyrus: 'mnui.pass.papyrus',
  ware: 'mnui.pass.ware', bury: 'mnui.pass.bury', erect: 'mnui.pass.erect', bury_acts: 'mnui.pass.mastaba',
  mastaba_any: 'mnui.pass.mastaba', hathor: 'mnui.pass.agreement', city_ta: 'mnui.pass.agreement',
});

export const houseName = (h0) => HOUSE_NAME[h0] || humanize(h0);
export const tileText = (id) => (TABLES.tiles[id] || { text: '' }).text;
export const cityName = (c) => String(c).toUpperCase();

/** dom.js `placedAction`: each legal action placed once, highlighted with mn-act. */
export const actionable = (...args) => placedAction('mn-act', ...args);

/** Sets CSS custom properties (h()'s style prop cannot: Object.assign ignores "--x" keys). */
export function vars(el, obj) {
  for (const [k, val] of Object.entries(obj)) el.style.setProperty(k, String(val));
  return el;
}

export function name(ctx, i) {
  return seatTitle((ctx.seats || []).find((s) => s.seat === i), i);
}

export function mySeat(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && ctx.seat >= 0 ? ctx.seat : null;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A player's marker: a small disc in the seat colour (seat "n" = neutral). */
export function token(p, ctx, { label = '', count = 1, cls = '' } = {}) {
  const neutral = p === 'n';
  const title = `${neutral ? t('mnui.neutral') : name(ctx, p)}${label ? ` — ${label}` : ''}${count > 1 ? ` ×${count}` : ''}`;
  return h('span', { class: ['mn-tok', neutral ? 'mn-cn' : `mn-c${p}`, cls], title, attrs: { role: 'img', 'aria-label': title } },
    count > 1 ? String(count) : '');
}

export function tokens(map, ctx, label) {
  return Object.entries(map || {}).map(([owner, n]) => {
    const p = owner === 'neutral' ? 'n' : Number(String(owner).replace(/^p/, ''));
    return token(p, ctx, { label, count: n });
  });
}

export const SVG_NS = 'http://www.w3.org/2000/svg';
export function svgIcon(kind, p) {
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

// -- component texts ------------------------------------------------------------------------------------
/** A printed term in the page's language: a ware kind, a hieroglyph or a papyrus drawing ("Collar" -> "Halskragen"). */
const term = (group) => (v) => {
  const key = `men-nefer.${group}.${String(v).toLowerCase()}`;
  return has(key) ? t(key) : String(v);
};
export const wareKind = term('ware_kind');
export const glyphName = term('glyph');
export const drawingName = term('drawing');

export function wareName(id) {
  const w = TABLES.wares[id];
  return w ? `${wareKind(w.kind)} ${id}` : String(id);
}

export function agreementText(id) {
  const a = TABLES.agreements[id];
  return a ? `${a.text}, ${a.value} PP` : String(id);
}

export function favourLabel(k) {
  const key = { food: 'mnui.favour.food', heka: 'mnui.favour.heka', feather: 'mnui.favour.feather', heart: 'mnui.favour.heart', eye: 'mnui.eye' }[k];
  return key ? t(key) : k;
}

export function tileCard(id, ctx, placed, notation, extra = {}) {
  if (!id) return h('div', { class: 'mn-tile mn-empty', text: t('mnui.empty') });
  const tile = TABLES.tiles[id] || { number: '?', glyph: '?', text: '' };
  return actionable('div', notation, ctx, placed, { class: ['mn-tile', extra.cls], dataset: { tile: id }, title: `${id}: ${glyphName(tile.glyph)} · ${tile.text}` },
    h('span', { class: 'mn-tile-head' },
      h('span', { class: 'mn-tile-no', text: tile.number }),
      h('span', { class: ['mn-glyph', `g-${tile.glyph}`], text: glyphName(tile.glyph) }),
      h('span', { class: 'mn-dim', text: id })),
    h('span', { class: 'mn-tile-text', text: tile.text }),
    extra.note ? h('span', { class: 'mn-dim mn-tile-note', text: extra.note }) : null);
}

/** An area's key to its signs: hidden behind a small button beside the area's title (see area()). */
export function note(key) {
  return { note: key };
}
const NOTES_OPEN = new Set(); // the keys a player opened survive re-renders

/** A main-board area: a titled section with an id (its grid place and its "changed" signature). */
export function area(id, title, cls, ...children) {
  const head = h('div', { class: 'mn-area-head' }, h('h3', { class: 'mn-area-title' }, title));
  const kids = [head];
  for (const c of children.flat()) {
    if (!c || !c.note) { kids.push(c); continue; }
    const nid = `${id}-note`;
    const open = NOTES_OPEN.has(nid);
    const text = h('p', { class: 'mn-dim mn-note', id: nid, hidden: !open, text: t(c.note) });
    const btn = h('button', {
      type: 'button', class: 'mn-note-btn', text: '?', title: t('mnui.note_button', { area: title }),
      attrs: { 'aria-expanded': String(open), 'aria-controls': nid, 'aria-label': t('mnui.note_button', { area: title }) },
      on: { click: () => {
        text.hidden = !text.hidden;
        btn.setAttribute('aria-expanded', String(!text.hidden));
        if (text.hidden) NOTES_OPEN.delete(nid); else NOTES_OPEN.add(nid);
      } },
    });
    head.append(btn);
    kids.push(text);
  }
  return h('section', { class: ['mn-area', cls], id }, ...kids);
}
