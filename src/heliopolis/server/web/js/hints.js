// Hints during play (issue 29; server/learn/analysis_jobs.py): in an unrated game whose creator allows
// them, the seat to move may switch hints on (off by default, kept in this browser) and ask for
// one: the expert's three best moves with their expected final margins and why, in the game's
// words, computed by the server's bot workers from this seat's information only. game.js passes:
//
//   const hints = createHints({ id, live: () => S.msg, token: () => S.token });

import * as api from './api.js';
import { $, h, lineText } from './dom.js';
import { t, num, has } from './i18n.js';

const STORE = 'heliopolis:hints';
const enc = encodeURIComponent;
const askHint = (id, token) => api.request(`/api/games/${enc(id)}/hint`, { method: 'POST', token, body: {} });

export function createHints(page) {
  const s = { on: localStorage.getItem(STORE) === '1', hint: null, version: null, busy: false, error: null };

  function panel() {
    let p = $('#hint-area');
    if (!p) {
      p = h('div', { id: 'hint-area', class: 'hint-area', hidden: true });
      $('#undo-area').before(p);
    }
    return p;
  }

  function allowed(live) {
    const table = live.table || {};
    return live.status === 'running' && (live.legal || []).length > 0 && table.hints !== false && !table.rated;
  }

  async function ask() {
    const live = page.live();
    s.busy = true;
    s.error = null;
    draw(live);
    try {
      s.hint = await askHint(page.id, page.token());
      s.version = live.version;
      markBoard(document.getElementById('board'));
    } catch (e) {
      s.error = e.message;
    } finally {
      s.busy = false;
      draw(page.live());
    }
  }

  /** Called on every render: a hint holds for the position it was asked in, no longer. */
  function update(live) {
    if (live && s.version !== null && live.version !== s.version) { s.hint = null; s.version = null; s.error = null; }
    draw(live);
  }

  function draw(live) {
    const p = panel();
    const on = !!live && allowed(live);
    p.hidden = !on;
    if (!on) { p.replaceChildren(); return; }
    const toggle = h('input', { type: 'checkbox', id: 'hint-toggle', checked: s.on,
      on: { change: (ev) => { s.on = ev.target.checked; localStorage.setItem(STORE, s.on ? '1' : '0'); draw(page.live()); } } });
    const parts = [h('label', { class: 'check-row small' }, toggle, ' ', t('ui.hint.enable'))];
    if (s.on) {
      parts.push(h('button', { id: 'hint-btn', type: 'button', class: 'btn btn-small', disabled: s.busy,
        text: s.busy ? t('ui.hint.thinking') : t('ui.hint.button'), on: { click: ask } }));
      if (s.error) parts.push(h('p', { class: 'hint-error', attrs: { role: 'alert' }, text: s.error }));
      if (s.hint) parts.push(list(live, s.hint));
    }
    p.replaceChildren(...parts);
  }

  function list(live, hint) {
    const seats = live.seats || [];
    const game = live.game || (live.view && live.view.game) || '';
    const whyKey = has(`ui.hint.why.${game}`) ? `ui.hint.why.${game}` : 'ui.hint.why.ra';
    return h('div', { class: 'hint-list', attrs: { role: 'status' } },
      h('h3', { text: t('ui.hint.title') }),
      h('ol', null, hint.actions.map((a) => {
        const words = a.text ? lineText(a.text, seats) : a.action;
        return h('li', { dataset: { action: a.action } },
          h('strong', { text: words === a.action ? a.action : `${words} (${a.action})` }), ' — ',
          h('span', { text: t('ui.hint.margin', { margin: num(a.mean, 1, true) }) }),
          h('div', { class: 'muted small', text: t(whyKey, { own: num(a.own, 1, true), rival: num(a.rival, 1, true) }) }));
      })));
  }

  /** Marks the hint's best move on the board (called after each board draw). */
  function markBoard(root) {
    const best = s.hint && s.on && s.hint.actions[0];
    if (!best) return;
    for (const el of root.querySelectorAll('[data-action]')) {
      if (el.dataset.action === best.action) el.classList.add('hint-best');
    }
  }

  return { update, markBoard };
}
