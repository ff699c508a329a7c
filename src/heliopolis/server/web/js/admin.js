// The admin page (/admin): open reports with their context (the reported line and the lines around
// it, the game, who reported it), the actions delete line / mute / ban / dismiss, and the audit
// log. Everything the server sends is rendered as text; a ban asks for a second click.

import { h, $ } from './dom.js';
import { mountAccount } from './account.js';
import { t, lang } from './i18n.js';
import { mountTopbar } from './topbar.js';
import { adminReports, adminAudit, adminAction } from './moderation.js';

const when = (at) => new Date(at * 1000).toLocaleString(lang());

function actions(r, status) {
  const out = [];
  const act = (id, label, what, body, done) => h('button', { type: 'button', class: 'btn btn-small', id: `${id}-${r.id}`, text: label,
    on: { click: async (ev) => {
      const btn = ev.currentTarget;
      if (what === 'ban' && btn.dataset.armed !== '1') { // a ban is a second click away: no accident
        btn.dataset.armed = '1';
        btn.textContent = t('ui.admin.confirm_ban', { name: r.target.name });
        return;
      }
      try {
        await adminAction(what, { ...body, report: r.id });
        status.textContent = done;
        await refresh();
      } catch (e) {
        status.textContent = e.message;
      }
    } } });
  if (r.kind === 'chat' && r.context.some((c) => c.reported && !c.deleted)) {
    out.push(act('delete', t('ui.admin.delete_line'), 'delete-line', { game: r.game, n: r.n }, t('ui.admin.deleted')));
  }
  if (r.target.account !== null) {
    const muted = r.target.muted;
    out.push(act('mute', t(muted ? 'ui.admin.unmute' : 'ui.admin.mute'), 'mute', { account: r.target.account, on: !muted },
      t(muted ? 'ui.admin.unmuted' : 'ui.admin.muted')));
    if (!r.target.banned) out.push(act('ban', t('ui.admin.ban'), 'ban', { account: r.target.account, on: true }, t('ui.admin.banned')));
  }
  out.push(act('dismiss', t('ui.admin.dismiss'), 'dismiss', { report: r.id }, t('ui.admin.dismissed')));
  return out;
}

function reportItem(r) {
  const status = h('p', { class: 'small', attrs: { role: 'status' } });
  const title = r.kind === 'chat' ? t('ui.admin.report_line', { name: r.target.name }) : t('ui.admin.report_player', { name: r.target.name });
  return h('li', { class: 'report-item', dataset: { report: r.id } },
    h('h3', {}, title, r.target.muted ? h('span', { class: 'badge', text: t('ui.admin.is_muted') }) : null,
      r.target.banned ? h('span', { class: 'badge', text: t('ui.admin.is_banned') }) : null),
    h('p', { class: 'small' }, t('ui.admin.reported_by', { reporter: r.reporter, when: when(r.at), n: r.reports }), ' · ',
      h('a', { href: r.url, text: t('ui.admin.game_link', { id: r.game }) })),
    r.reason ? h('p', { class: 'small', text: t('ui.admin.reason', { reason: r.reason }) }) : null,
    r.kind === 'chat' ? h('ol', { class: 'report-context', attrs: { 'aria-label': t('ui.admin.context') } },
      r.context.map((c) => h('li', { class: [c.reported && 'reported', c.deleted && 'deleted'] },
        h('strong', { text: c.name }), ' ', c.text, c.deleted ? ` (${t('ui.admin.line_deleted')})` : ''))) : null,
    h('div', { class: 'button-row' }, actions(r, status)), status);
}

function auditRow(e) {
  const target = e.target_name || (e.report_id ? `#${e.report_id}` : '');
  const who = e.admin_id === null ? t('ui.admin.command_line') : e.admin_name; // the CLI's entries
  return h('tr', {}, h('td', { text: when(e.at) }), h('td', { text: who }),
    h('td', { text: t(`ui.admin.action_${e.action}`) }), h('td', { text: target }),
    h('td', {}, e.game_id ? h('a', { href: `/g/${e.game_id}`, text: e.game_id }) : ''));
}

async function refresh() {
  let reports, entries;
  try {
    ({ reports } = await adminReports());
    ({ entries } = await adminAudit());
  } catch (e) {
    $('#admin-sections').hidden = true;
    $('#admin-denied').hidden = false;
    return;
  }
  $('#admin-denied').hidden = true;
  $('#admin-sections').hidden = false;
  $('#count-reports').textContent = reports.length ? String(reports.length) : '';
  const list = $('#report-list');
  list.replaceChildren(...reports.map(reportItem));
  if (!reports.length) list.replaceChildren(h('li', { class: 'empty-list', text: t('ui.admin.no_reports') }));
  $('#audit-rows').replaceChildren(...entries.map(auditRow));
}

async function main() {
  await mountTopbar('admin'); // the catalogs too: before the first text is drawn
  window.addEventListener('heliopolis:account', () => refresh());
  await mountAccount(); // announces the account: the first refresh
}

main();
