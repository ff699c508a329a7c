// Moderation in the browser (docs/server-api.md "Moderation"): the "Report" control beside each
// chat line and on a player's seat chip (shown only while logged in: reports are per account),
// the report dialog, the "Admin" link in the top bar for admins, and the admin API calls.

import { request } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

const enc = encodeURIComponent;

export const moderationMe = () => request('/api/moderation/me');
export const sendReport = (body) => request('/api/reports', { method: 'POST', body });
export const adminReports = (status = 'open') => request(`/api/admin/reports?status=${enc(status)}`);
export const adminAudit = () => request('/api/admin/audit');
export const adminAction = (what, body) => request(`/api/admin/${enc(what)}`, { method: 'POST', body });

let dialog = null;

function reportDialog() {
  if (dialog) return dialog;
  const title = h('h2', { id: 'report-title' });
  const reason = h('textarea', { id: 'report-reason', maxLength: 200, rows: 3, attrs: { 'aria-label': t('ui.report.reason') }, placeholder: t('ui.report.reason_placeholder') });
  const status = h('p', { id: 'report-status', class: 'small', attrs: { role: 'status' } });
  const send = h('button', { type: 'submit', class: 'btn btn-small btn-primary', id: 'report-send', text: t('ui.report.send') });
  const cancel = h('button', { type: 'button', class: 'btn btn-small', id: 'report-cancel', text: t('ui.report.cancel'), on: { click: () => dialog.close() } });
  const form = h('form', { method: 'dialog', on: { submit: async (ev) => {
    ev.preventDefault();
    status.textContent = '';
    send.disabled = true;
    try {
      const res = await sendReport({ ...dialog.target, reason: reason.value.trim() || null });
      status.textContent = t(res.duplicate ? 'ui.report.already' : 'ui.report.sent');
      reason.value = '';
    } catch (e) {
      status.textContent = e.message;
    } finally {
      send.disabled = false;
    }
  } } }, title, h('p', { class: 'muted small', text: t('ui.report.hint') }), reason, h('div', { class: 'button-row' }, send, cancel), status);
  dialog = h('dialog', { id: 'report-dialog', class: 'report-dialog', attrs: { 'aria-labelledby': 'report-title' } }, form);
  document.body.appendChild(dialog);
  return dialog;
}

/** Opens the report dialog for ``target`` ({kind: "chat", game, n} or {kind: "player", game, seat}). */
export function openReport(target, title) {
  const d = reportDialog();
  d.target = target;
  document.getElementById('report-title').textContent = title;
  document.getElementById('report-status').textContent = '';
  d.showModal();
  document.getElementById('report-reason').focus();
}

/** The small "Report" button of a chat line or a seat chip (hidden while logged out, by CSS). */
export function reportButton(target, title, label) {
  return h('button', { type: 'button', class: 'report-btn', text: t('ui.report.button'), attrs: { 'aria-label': label },
    on: { click: (ev) => { ev.stopPropagation(); openReport(target, title); } } });
}

/** The top bar's admin link (for admins only) and the page's logged-in marker, kept up to date. */
export function watchAccount(bar) {
  window.addEventListener('heliopolis:account', async (ev) => {
    document.body.classList.toggle('logged-in', !!ev.detail);
    let admin = false;
    if (ev.detail) {
      try { admin = (await moderationMe()).admin; } catch { admin = false; }
    }
    const link = document.getElementById('nav-admin');
    if (!admin) { if (link) link.remove(); return; }
    if (link) return;
    let nav = bar.querySelector('.topnav');
    if (!nav) {
      nav = h('nav', { class: 'topnav', attrs: { 'aria-label': t('ui.nav.label') } });
      bar.insertBefore(nav, bar.querySelector('.lang-switch') || null);
    }
    const here = location.pathname === '/admin';
    nav.appendChild(h('a', { href: '/admin', id: 'nav-admin', text: t('ui.nav.admin'), attrs: here ? { 'aria-current': 'page' } : null }));
  });
}
