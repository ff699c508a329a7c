import { t, lang, has } from './i18n.js';

// Tiny DOM helpers shared by the lobby, the game page and the per-game view modules.
// Text always goes in through textContent / text nodes: server strings (player names, log
// lines, action texts) are user input and are never parsed as HTML.

import { render as renderMsg } from './i18n.js';

/** An SVG element: attributes (null/undefined left out) and children (nodes or text; falsy ones left out, nested lists flattened). */
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

/**
 * h('button', {class: 'x', dataset: {action: 'bid:5'}, on: {click: fn}}, 'label', child, ...)
 * Props: class (string or array), text, dataset, attrs, style (object), on (events), and any
 * DOM property (id, title, type, value, disabled, hidden, href, ...). Children may be nodes,
 * strings, numbers, arrays, or null/false (skipped).
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false && key !== 'value') continue;
      switch (key) {
        case 'class':
          el.className = Array.isArray(value) ? value.filter(Boolean).join(' ') : value;
          break;
        case 'text':
          el.textContent = String(value);
          break;
        case 'dataset':
          for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[k] = String(v);
          break;
        case 'attrs':
          for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v === true ? '' : String(v));
          break;
        case 'style':  // custom properties ("--spaces") need setProperty: assignment ignores them
          for (const [k, v] of Object.entries(value)) {
            if (k.startsWith('--')) el.style.setProperty(k, String(v));
            else el.style[k] = v;
          }
          break;
        case 'on':
          for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
          break;
        default:
          if (key in el) el[key] = value;
          else el.setAttribute(key, value === true ? '' : String(value));
      }
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
  return el;
}

export function $(sel, root = document) {
  return root.querySelector(sel);
}

/** "step-pyramid" -> "Step pyramid"; "hidden_scores" -> "Hidden scores". */
export function humanize(name) {
  const s = String(name).replace(/[-_]/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Seconds (float, as the server stores them) or ms or ISO -> "3 min ago". */
export function timeAgo(when) {
  if (when === null || when === undefined || when === 0) return '';
  let ms = typeof when === 'number' ? (when < 1e12 ? when * 1000 : when) : Date.parse(when);
  if (!Number.isFinite(ms)) return '';
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 10) return t('ui.time.just_now');
  if (s < 60) return t('ui.time.seconds_ago', { n: s });
  const m = Math.round(s / 60);
  if (m < 60) return t('ui.time.minutes_ago', { n: m });
  const hr = Math.round(m / 60);
  if (hr < 48) return t('ui.time.hours_ago', { n: hr });
  return new Date(ms).toLocaleDateString(lang());
}

/** A seat's short name: its name, or "Seat N" (bots named after their spec count as unnamed). */
export function seatTitle(s, i) {
  if (!s) return t('ui.seat', { no: i });
  if (s.name && !(s.kind === 'bot' && s.name === s.bot)) return s.name;
  return t('ui.seat', { no: s.seat ?? i });
}

/** A bot level's name in the reader's language ("easy" -> "Leicht"), or the spec itself ("ismcts"). */
export function botLevel(b) {
  if (!b) return t('ui.bot.unknown');
  return has(`ui.bot.${b}`) ? t(`ui.bot.${b}`) : b;
}

/** A seat's full label: "Ann", "Seat 2 (Easy)", "Bob (ismcts)". */
export function seatLabel(seats, i) {
  const s = (seats || []).find((x) => x.seat === i);
  if (!s) return t('ui.seat', { no: i });
  const title = seatTitle(s, i);
  return s.kind === 'bot' ? `${title} (${botLevel(s.bot)})` : title;
}

/**
 * Engine texts (log lines, move descriptions) name seats "P0", "P1", ...: the browser says the
 * seat's name instead ("Ann", "Seat 2 (ismcts)"). One digit only, so ids such as papyrus P01 stay.
 */
export function withSeatNames(text, seats) {
  if (typeof text !== 'string' || !seats || !seats.length) return text;
  return text.replace(/\bP(\d)\b/g, (m, d) => (seats.some((s) => s.seat === Number(d)) ? seatLabel(seats, Number(d)) : m));
}

/**
 * A log line or move text from the server as the reader sees it: a catalog message
 * ({k, a, t}) in the page's language with seat names, or plain text (older saves) with "P0"
 * replaced by seat names.
 */
export function lineText(line, seats) {
  if (line && typeof line === 'object') return renderMsg(line, (i) => seatLabel(seats, i));
  return withSeatNames(line, seats);
}

/** A frame whose log lines and legal-move texts are rendered for the reader (see lineText). */
export function namedFrame(frame) {
  const seats = frame.seats || [];
  return {
    ...frame,
    log: (frame.log || []).map((l) => lineText(l, seats)),
    legal: (frame.legal || []).map((l) => (l.text ? { ...l, text: lineText(l.text, seats) } : l)),
  };
}

/**
 * A board element for a legal action: a <button data-action="<notation>"> that sends it, or a
 * plain `tag` element when the action is not legal now. Shared by every game view.
 */
export function actionable(tag, notation, ctx, props, ...children) {
  const entry = notation && ctx.action(notation);
  if (!entry) return h(tag, props, ...children);
  const p = { ...props };
  p.class = [].concat(p.class || [], 'actionable');
  p.dataset = { ...(p.dataset || {}), action: notation, actionId: entry.id };
  p.title = entry.text || notation;
  p.type = 'button';
  p.on = { click: () => ctx.act(entry.id) };
  return h('button', p, ...children);
}

/**
 * `actionable` for a board that places each legal action once: an action already in `placed`
 * renders as a plain element; a placed one is recorded and gets the view's highlight class `cls`.
 */
export function placedAction(cls, tag, notation, ctx, placed, props, ...children) {
  if (placed.has(notation)) return h(tag, props, ...children);
  const el = actionable(tag, notation, ctx, props, ...children);
  if (el.dataset.action === notation) {
    placed.add(notation);
    el.classList.add(cls);
  }
  return el;
}

/**
 * The final ranking of every game view: rows `{seat, points}` (points `null` when hidden) sorted by
 * points, a winner first among equal points; `unit` follows the points ("pts", "VP", "PP").
 */
export function ranking(ctx, rows, winners, unit) {
  const win = new Set(winners || []);
  const sorted = [...rows].sort((a, b) => ((b.points ?? -1e9) - (a.points ?? -1e9)) || (win.has(b.seat) - win.has(a.seat)));
  return h('ol', { class: 'ranking' }, sorted.map(({ seat, points }) => h('li', { class: win.has(seat) ? 'winner' : '', dataset: { seat } },
    h('span', { class: 'rank-name', text: seat === ctx.seat ? t('ui.name_you', { name: ctx.seatName(seat) }) : ctx.seatName(seat) }),
    win.has(seat) ? h('span', { class: 'badge badge-win', text: t('ui.winner') }) : null,
    h('span', { class: 'rank-points', text: points === null || points === undefined ? t('ui.hidden') : `${points} ${unit}` }))));
}

// <details> open/closed choices survive re-renders (keyed by element id).
const openState = new Map();

/** A <details> section that remembers the user's open/close choice across re-renders. */
export function details(id, cls, summary, defaultOpen, ...children) {
  const open = openState.has(id) ? openState.get(id) : defaultOpen;
  const d = h('details', { id, class: cls, open }, h('summary', null, summary), ...children);
  // Setting `open` at creation fires a toggle event too: only the user's toggles are remembered.
  let initial = open;
  d.addEventListener('toggle', () => {
    if (initial && d.open) { initial = false; return; }
    initial = false;
    openState.set(id, d.open);
  });
  return d;
}

/** The page's own list of every legal move (#legal) becomes a collapsed fallback, summarised by ``label``:
 * the board is where one acts (shared by the drawn boards). */
export function compactMoves(label, count) {
  if (typeof document === 'undefined') return;
  const list = document.getElementById('legal');
  if (!list) return;
  let box = list.closest('details');
  if (!box) {
    box = h('details', { id: 'all-moves', class: 'all-moves' }, h('summary'));
    list.before(box);
    box.appendChild(list);
  }
  const summary = box.querySelector('summary');
  if (summary) summary.textContent = label;
  box.hidden = !count;
}
