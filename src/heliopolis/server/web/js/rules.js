// A game's rules guide as a page (/rules/<game>): the same guide the game page's rules panel shows
// (/static/guides/<lang>/<game>.json), linked from the lobby's game cards.

import { h, $ } from './dom.js';
import { lang, t } from './i18n.js';
import { mountTopbar } from './topbar.js';
import { gamePicture } from './gamecards.js';

async function main() {
  await mountTopbar('rules');
  const id = location.pathname.split('/').pop().replace(/[^a-z-]/g, '');
  const host = $('#rules');
  try {
    const res = await fetch(`/static/guides/${lang()}/${id}.json`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(t('ui.rules.missing'));
    const guide = await res.json();
    document.title = guide.title;
    host.replaceChildren(h('div', { class: 'rules-head' }, gamePicture(id), h('h1', { class: 'page-title', text: guide.title })),
      ...guide.sections.map((sec) => h('section', null, h('h2', { text: sec.h }),
        (sec.p || []).map((p) => h('p', { text: p })),
        sec.ul ? h('ul', null, sec.ul.map((li) => h('li', { text: li }))) : null)));
  } catch (e) {
    host.replaceChildren(h('p', { class: 'notice', text: e.message }), h('a', { href: '/', text: t('ui.game.back_to_lobby') }));
  }
}

main();
