// The top bar of every page, built here once: the brand, the page links and the language switch
// (account.js adds the account box after them). The page's HTML holds the <header class="topbar">
// landmark and what only that page shows there (the lobby's tagline; the game's title and
// connection badge). The brand is drawn at once; the links and the switch once the catalogs are in.
//
//   await mountTopbar('lobby');   // first thing in a page's main(): the bar and the catalogs

import { h } from './dom.js';
import { initI18n, languageSwitch, t } from './i18n.js';
import { watchAccount } from './moderation.js';

const HREF = { lobby: '/', my: '/my', leaderboard: '/leaderboard' }; // the link text: ui.nav.<page>
const LINKS = { // page -> the pages it links to (the lobby not to itself; the game's title fills its bar)
  lobby: ['my', 'leaderboard'],
  my: ['lobby', 'my', 'leaderboard'],
  leaderboard: ['lobby', 'my', 'leaderboard'],
  admin: ['lobby', 'my', 'leaderboard'],
  game: [],
  rules: ['lobby', 'my', 'leaderboard'],
};

function brand(page) {
  const back = page === 'game' ? 'ui.game.back_title' : null; // a tooltip where the brand leads away
  return h('a', { class: 'brand', href: '/', dataset: back && { i18nTitle: back } },
    h('span', { class: 'brand-sun', attrs: { 'aria-hidden': 'true' } }), 'Heliopolis');
}

function nav(page) {
  return h('nav', { class: 'topnav', attrs: { 'aria-label': t('ui.nav.label') } }, LINKS[page].map((p) => h('a', {
    href: HREF[p], id: `nav-${p}`, text: t(`ui.nav.${p}`), attrs: p === page ? { 'aria-current': 'page' } : null,
  })));
}

/** Draws the top bar of ``page`` (lobby, game, my, leaderboard) and loads the catalogs (English if they fail). */
export async function mountTopbar(page) {
  const bar = document.querySelector('.topbar');
  bar.prepend(brand(page)); // before the catalogs: initI18n translates its data-i18n-title
  try { await initI18n(); } catch (e) { console.error(e); } // before the first text is drawn
  if (LINKS[page].length) bar.append(nav(page));
  bar.append(languageSwitch());
  watchAccount(bar); // the admin link for admins (moderation.js), before account.js announces the account
}
