// Translations for the browser: the catalogs of heliopolis.locale (GET /api/i18n/<lang>), the
// chosen language (remembered in localStorage; the browser's language by default) and the
// rendering of server messages ({k: key, a: args, t: English text}).
//
//   await initI18n();                 // once, before the first render
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
const S = { lang: 'en', messages: {}, plural: ['one', 'other'], rules: null, warned: new Set() };

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

/** The catalog's content hash that the page names (<meta name="heliopolis-i18n" content="en:…,de:…">):
 * a versioned URL the browser keeps (immutable); without it the server revalidates by ETag. */
function catalogUrl(lang) {
  const meta = document.querySelector('meta[name="heliopolis-i18n"]');
  const pairs = ((meta && meta.content) || '').split(',').map((p) => p.split(':'));
  const hit = pairs.find(([l]) => l === lang);
  return hit && hit[1] ? `/api/i18n/${lang}?v=${hit[1]}` : `/api/i18n/${lang}`;
}

// Long German board words get soft hyphens at their syllables: in a narrow cell they wrap as
// "Sonnen-|scheibe", never cut "Sonnenschei|be" (hyphens: auto needs dictionaries a browser may
// lack; the catalogs stay plain, the terminal prints them as they are). '·' marks the breaks.
const SYLLABLES = {
  de: ['Ein·bal·sa·mie·ren', 'Ein·bal·sa·mie·rung', 'Pries·te·rin·nen', 'Pries·te·rin', 'Son·nen·schei·be', 'Son·nen·schei·ben',
    'Pa·py·rus·rol·le', 'Pa·py·rus·rol·len', 'Plätt·chen·platz', 'Rei·hen·plätt·chen', 'Spal·ten·plätt·chen', 'Schilf·blatt',
    'Ska·ra·bä·us', 'Ska·ra·bä·en', 'Was·ser', 'Zep·ter', 'Ko·bra', 'Lo·tus', 'Op·fer·ga·be', 'Ka·ta·stro·phe',
    'Ka·ta·stro·phen', 'Hiero·gly·phen', 'Hiero·gly·phe', 'Han·dels·ab·kom·men', 'Le·bens·haus', 'Le·bens·häu·ser', 'Ne·kro·po·le',
    'Horus·au·ge', 'Sar·ko·phag', 'Sar·ko·pha·ge', 'Pyra·mi·de', 'Pyra·mi·den', 'Mo·nu·ment', 'Mo·nu·men·te', 'Kalk·stein',
    'Hals·kra·gen', 'Sta·tu·et·te', 'Amu·lett', 'Djed-Pfei·ler', 'Was-Zep·ter', 'Über·schwem·mung', 'Aktions·plätt·chen',
    'Land·plätt·chen', 'Sechs·eck·plätt·chen', 'Son·der·plätt·chen', 'Bo·nus·ak·ti·on', 'Ak·ti·vie·rung', 'Ak·ti·vie·run·gen', 'Hie·ro·gly·phen·mar·ker', 'Pha·ra·o·nen', 'Über·schwem·mun·gen'],
};

function withSoftHyphens(lang, messages) {
  const words = SYLLABLES[lang];
  if (!words) return messages;
  const map = new Map(words.map((w) => [w.replaceAll('·', ''), w.replaceAll('·', '\u00ad')]));
  const re = new RegExp(`(?<![\\p{L}])(${[...map.keys()].sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}])`, 'gu');
  const fix = (x) => (typeof x === 'string' ? x.replace(re, (w) => map.get(w)) : x);
  return Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, Array.isArray(v) ? v.map(fix) : fix(v)]));
}

export async function initI18n(lang = chosenLang()) {
  const res = await fetch(catalogUrl(lang), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`could not load the ${lang} messages (${res.status})`);
  const cat = await res.json();
  S.lang = cat.lang;
  S.messages = withSoftHyphens(cat.lang, cat.messages);
  S.plural = cat.plural;
  S.rules = new Intl.PluralRules(S.lang);
  document.documentElement.lang = S.lang;
  applyI18n(document);
  return S.lang;
}

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
