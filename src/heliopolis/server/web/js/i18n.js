// Translations for the browser: the catalogs of heliopolis.locale (GET /api/i18n/<lang>, and a game's
// part /api/i18n/<lang>/<game> for the pages that draw its board), the
// chosen language (remembered in localStorage; the browser's language by default) and the
// rendering of server messages ({k: key, a: args, t: English text}).
//
//   await initI18n();                 // once, before the first render
//   await loadGameMessages('ra');     // a game's board, log and moves (game, replay, tutorial pages)
//   t('ui.language')                  // a message; with arguments: t(KEY, {seat: 2, tile: {k: ...}}, seatName)
//   tn('ui.moves_left', 3)            // plural forms by Intl.PluralRules
//   num(31.24)                        // '31.2' / '31,2'
//   render(line, seatName)            // a log line or label from the server: structured or plain
//   renderTexts(view, seatName)       // a view with such messages inside, as plain texts
//   document.body.append(languageSwitch())
//
// Static HTML is translated by attributes: data-i18n=KEY (text), data-i18n-title,
// data-i18n-placeholder, data-i18n-aria-label=KEY (that attribute).

export const LANGS = { en: 'English', de: 'Deutsch' };
const STORE = 'heliopolis.lang';
const S = { lang: 'en', messages: {}, plural: ['one', 'other'], rules: null, warned: new Set(), games: new Map(), worded: new Set(), extra: {} };

export function chosenLang() {
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch (_) { /* storage blocked: use the browser's */ }
  if (stored && LANGS[stored]) return stored;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).toLowerCase().split('-')[0];
    if (LANGS[base]) return base;
  }
  return 'en';
}

/** A catalog part's content hash that the page names (<meta name="heliopolis-i18n"
 * content="en:…,en/ra:…,de:…">; ``de`` the shared part, ``de/ra`` Ra's): a versioned URL the browser
 * keeps (immutable); without it the server revalidates by ETag. */
function catalogUrl(part) {
  const meta = document.querySelector('meta[name="heliopolis-i18n"]');
  const pairs = ((meta && meta.content) || '').split(',').map((p) => p.split(':'));
  const hit = pairs.find(([name]) => name === part);
  return hit && hit[1] ? `/api/i18n/${part}?v=${hit[1]}` : `/api/i18n/${part}`;
}

// Long German words on the board get soft hyphens at their syllables: in a narrow cell they wrap
// as "Sonnen-|scheibe", never cut "Sonnenschei|be" (hyphens: auto needs dictionaries a browser may
// lack; the catalogs stay plain). '·' marks the breaks of the board's own words.
const SYLLABLES = {
  de: ['Ein·bal·sa·mie·ren', 'Ein·bal·sa·mie·rung', 'Pries·te·rin·nen', 'Pries·te·rin', 'Son·nen·schei·be', 'Son·nen·schei·ben',
    'Pa·py·rus·rol·le', 'Pa·py·rus·rol·len', 'Plätt·chen·platz', 'Rei·hen·plätt·chen', 'Spal·ten·plätt·chen', 'Schilf·blatt',
    'Ska·ra·bä·us', 'Ska·ra·bä·en', 'Was·ser', 'Zep·ter', 'Ko·bra', 'Lo·tus', 'Op·fer·ga·be', 'Ka·ta·stro·phe',
    'Ka·ta·stro·phen', 'Hiero·gly·phen', 'Hiero·gly·phe', 'Han·dels·ab·kom·men', 'Le·bens·haus', 'Le·bens·häu·ser', 'Ne·kro·po·le',
    'Horus·au·ge', 'Sar·ko·phag', 'Sar·ko·pha·ge', 'Pyra·mi·de', 'Pyra·mi·den', 'Mo·nu·ment', 'Mo·nu·men·te', 'Kalk·stein',
    'Hals·kra·gen', 'Sta·tu·et·te', 'Amu·lett', 'Djed-Pfei·ler', 'Was-Zep·ter', 'Über·schwem·mung', 'Aktions·plätt·chen',
    'Land·plätt·chen', 'Sechs·eck·plätt·chen', 'Son·der·plätt·chen', 'Bo·nus·ak·ti·on', 'Ak·ti·vie·rung', 'Ak·ti·vie·run·gen', 'Hie·ro·gly·phen·mar·ker', 'Pha·ra·o·nen', 'Über·schwem·mun·gen'],
};

// Any other German word of 7 letters or more: the school rule (one consonant goes to the next
// syllable, of several the last does, "tr"/"gl" go together; ch, ck, sch, ph, th, qu and the vowel
// pairs stay whole; compounds may split at a wrong joint, hence the list above for board words), no
// break leaving fewer than 3 letters on either side. Only ever a fallback for a cell too narrow.
const UNIT = /sch|ch|ck|ph|th|qu|ei|ie|au|eu|äu|ai|./giu;
const VOWEL = /^[aeiouäöüy]/i;

export function syllables(word) {
  const units = word.match(UNIT);
  const breaks = [];
  let pos = 0;
  const starts = units.map((u) => { const at = pos; pos += u.length; return at; });
  for (let i = 0; i < units.length; i += 1) {
    if (!VOWEL.test(units[i])) continue;
    let j = i + 1;
    while (j < units.length && !VOWEL.test(units[j])) j += 1;
    if (j >= units.length || j === i + 1) continue; // the end, or two vowels side by side
    // Before the last consonant of the cluster; a stop with l or r ("tr", "gl") starts a syllable together.
    const pair = j - i > 2 && /^[bcdfgkpt]$/i.test(units[j - 2]) && /^[lr]$/i.test(units[j - 1]);
    const at = starts[pair ? j - 2 : j - 1];
    if (at >= 3 && word.length - at >= 3) breaks.push(at);
    i = j - 1;
  }
  let out = word;
  for (const at of breaks.reverse()) out = `${out.slice(0, at)}\u00ad${out.slice(at)}`;
  return out;
}

/** Soft hyphens in the long words of one text (placeholders such as "{category}" left alone). */
export function hyphenate(text, lang = S.lang) {
  const words = SYLLABLES[lang];
  if (!words || !text) return text;
  if (!HYPHENS.map) HYPHENS.map = new Map(words.map((w) => [w.replaceAll('·', ''), w.replaceAll('·', '\u00ad')]));
  const part = (x) => x.replace(/[\p{L}-]{7,}/gu, (w) => HYPHENS.map.get(w) ?? w.split('-').map((p) => (p.length >= 7 ? syllables(p) : p)).join('-'));
  return text.split(/(\{[^}]*\})/).map((p, i) => (i % 2 ? p : part(p))).join('');
}
const HYPHENS = { map: null };

/** Keeps the board's narrow cells hyphenable in German: a text drawn into ``root`` whose box is
 * narrower than NARROW px gets soft hyphens (widths read first, texts written after: one layout).
 * Headings, badges and wide boxes keep their plain text; the catalogs and t() are never changed. */
const NARROW = 160;
function hyphenateLive(root) {
  const fix = (node) => {
    const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const todo = [];
    for (let n = node.nodeType === 3 ? node : walk.nextNode(); n; n = walk.nextNode()) {
      if (n.data.length >= 7 && !n.data.includes('\u00ad') && n.parentElement) todo.push(n);
    }
    const narrow = todo.filter((n) => { const w = n.parentElement.getBoundingClientRect().width; return w > 0 && w < NARROW; });
    for (const n of narrow) {
      const out = hyphenate(n.data);
      if (out !== n.data) n.data = out;
    }
  };
  fix(root);
  // A view's stylesheet may arrive after its first drawing (boxes wide until then): look again.
  document.addEventListener('load', (e) => { if (e.target.tagName === 'LINK') fix(root); }, true);
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 || n.nodeType === 3) fix(n);
  }).observe(root, { childList: true, subtree: true });
}

export async function initI18n(lang = chosenLang()) {
  const res = await fetch(catalogUrl(lang), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`could not load the ${lang} messages (${res.status})`);
  const cat = await res.json();
  S.lang = cat.lang;
  S.messages = { ...cat.messages, ...S.extra }; // a game's part may have come first
  S.plural = cat.plural;
  S.rules = new Intl.PluralRules(S.lang);
  document.documentElement.lang = S.lang;
  applyI18n(document);
  const board = document.getElementById('board');
  if (board && SYLLABLES[S.lang]) hyphenateLive(board);
  return S.lang;
}

/** Adds ``game``'s part of the catalogs (its log, board and moves: GET /api/i18n/<lang>/<game>) to the
 * shared one; once per page and game, safe to start beside initI18n. Pages that draw a game's board
 * await it before their first render; without it (a failed fetch) the server's English texts show. */
export function loadGameMessages(game, code = chosenLang()) {
  if (!S.games.has(game)) {
    const safe = /^[a-z0-9_-]+$/i.test(game) ? game : 'unknown';
    S.games.set(game, fetch(catalogUrl(`${code}/${safe}`), { credentials: 'same-origin' }).then((res) => {
      if (!res.ok) throw new Error(`could not load the ${code} messages of ${safe} (${res.status})`);
      return res.json();
    }).then((cat) => {
      Object.assign(S.extra, cat.messages);
      Object.assign(S.messages, cat.messages);
    }).catch((e) => console.error(e)).finally(() => S.worded.add(game)));
  }
  return S.games.get(game);
}

/** Whether loadGameMessages(game) has finished (loaded or failed). */
export function gameMessagesReady(game) { return S.worded.has(game); }

export function lang() { return S.lang; }

export function setLang(code) {
  if (!LANGS[code]) return;
  try { localStorage.setItem(STORE, code); } catch (_) { /* not remembered; still switch */ }
  location.reload();
}

const defaultSeatName = (i) => `P${i}`;

function arg(name, value, seatName) {
  if (value && typeof value === 'object' && 'k' in value) return render(value, seatName);
  if (name.startsWith('seat') && Number.isInteger(value)) return seatName(value);
  return value;
}

function fill(text, args, seatName) {
  return text.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (m, name) => (
    name in args ? String(arg(name, args[name], seatName)) : m));
}

function lookup(key, n) {
  const entry = S.messages[key];
  if (entry === undefined) return undefined;
  if (Array.isArray(entry)) {
    const i = S.plural.indexOf(S.rules ? S.rules.select(Math.abs(n ?? 0)) : 'other');
    return entry[i >= 0 ? i : entry.length - 1];
  }
  return entry;
}

export function t(key, args = {}, seatName = defaultSeatName) {
  const text = lookup(key, args.n);
  if (text === undefined) {
    if (!S.warned.has(key)) { S.warned.add(key); console.warn(`i18n: no message ${key} in ${S.lang}`); }
    return key;
  }
  return fill(text, args, seatName);
}

export function tn(key, n, args = {}, seatName = defaultSeatName) {
  return t(key, { ...args, n }, seatName);
}

export function has(key) { return S.messages[key] !== undefined; }

/** A number the reader's way ("31.2" in English, "31,2" in German); sign: true shows "+" too. */
export function num(x, digits = 1, sign = false) {
  return new Intl.NumberFormat(S.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits,
    signDisplay: sign ? 'exceptZero' : 'auto' }).format(x);
}

export function render(line, seatName = defaultSeatName) {
  if (line && typeof line === 'object' && 'k' in line) {
    if (S.messages[line.k] === undefined) return line.t ?? line.k; // from an older or newer catalog
    return t(line.k, line.a || {}, seatName);
  }
  return line == null ? '' : String(line);
}

// Games put printed component texts in their views as catalog messages (the wire form of a
// Msg always has k and t); view modules read plain strings, so the page renders them first.
// Cached per object: an unchanged part of the view (e.g. Men-Nefer's tables) is rendered once.
const RENDERED = new WeakMap();
const isMessage = (v) => typeof v.k === 'string' && typeof v.t === 'string' && !Array.isArray(v);

export function renderTexts(value, seatName = defaultSeatName) {
  if (!value || typeof value !== 'object') return value;
  if (isMessage(value)) return render(value, seatName);
  const hit = RENDERED.get(value);
  if (hit !== undefined) return hit;
  const out = Array.isArray(value) ? value.map((v) => renderTexts(v, seatName))
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderTexts(v, seatName)]));
  RENDERED.set(value, out);
  return out;
}

const ATTRS = ['title', 'placeholder', 'aria-label'];

export function applyI18n(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const a of ATTRS) {
    for (const el of root.querySelectorAll(`[data-i18n-${a}]`)) el.setAttribute(a, t(el.getAttribute(`data-i18n-${a}`)));
  }
}

export function languageSwitch() {
  const label = document.createElement('label');
  label.className = 'lang-switch';
  const span = document.createElement('span');
  span.textContent = t('ui.language');
  const sel = document.createElement('select');
  sel.id = 'lang-select';
  for (const [code, name] of Object.entries(LANGS)) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = name;
    o.lang = code;
    if (code === S.lang) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener('change', () => setLang(sel.value));
  label.append(span, sel);
  return label;
}
