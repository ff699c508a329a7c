// The account box in the top bar of every page: log in / sign up / log out. After logging in,
// the seats whose tokens this browser holds are claimed for the account, so they open from any
// device. Everything is rendered as text (h() uses textContent).

import * as api from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

let current = null;

function announce() {
  window.dispatchEvent(new CustomEvent('heliopolis:account', { detail: current }));
}

async function claim() {
  const seats = api.heldTokens().slice(0, 200);
  if (!seats.length) return;
  try { await api.claimSeats(seats); } catch { /* best effort: tokens keep working as before */ }
}

async function alertsForm(box) {
  let cur;
  try { cur = await api.getAlerts(); } catch { return; }
  if (!cur.available) return;
  const email = h('input', { type: 'email', id: 'alerts-email', maxLength: 254, value: cur.email || '', placeholder: t('ui.account.email_placeholder'), attrs: { 'aria-label': t('ui.account.email_label') } });
  const on = h('input', { type: 'checkbox', id: 'alerts-on', checked: cur.turn_emails });
  const note = h('span', { class: 'account-error', id: 'alerts-note', attrs: { role: 'status' } });
  const pending = (res) => (res.email && !res.confirmed ? ' ' + t('ui.account.unconfirmed') : '');
  if (cur.email && !cur.confirmed) note.textContent = t('ui.account.unconfirmed');
  const form = h('form', { class: 'account-form', id: 'alerts-form', on: { submit: async (ev) => {
    ev.preventDefault();
    try { const res = await api.putAlerts(email.value.trim(), on.checked); note.textContent = t('ui.account.saved') + pending(res); } catch (e) { note.textContent = e.message; }
  } } }, email, h('label', { class: 'check-row small' }, on, ' ', t('ui.account.email_me')),
  h('button', { type: 'submit', class: 'btn btn-small', text: t('ui.account.save') }), note);
  box.appendChild(form);
}

function loggedIn(box, account) {
  // The alerts button only where the server can send e-mail.
  api.getAlerts().then((cur) => {
    if (!cur.available || document.getElementById('alerts-btn')) return;
    box.prepend(h('button', { type: 'button', class: 'btn btn-ghost btn-small', id: 'alerts-btn', text: t('ui.account.alerts'),
      on: { click: () => { if (!document.getElementById('alerts-form')) alertsForm(box); } } }));
  }).catch(() => null);
  box.replaceChildren(
    h('span', { class: 'account-name', id: 'account-name', text: account.username }),
    h('button', {
      type: 'button', class: 'btn btn-ghost btn-small', id: 'logout-btn', text: t('ui.account.logout'),
      on: { click: async () => { await api.logout().catch(() => null); current = null; render(box); announce(); } },
    }),
    h('button', { type: 'button', class: 'btn btn-ghost btn-small', id: 'account-manage', text: t('ui.account.manage'),
      on: { click: () => { if (!document.getElementById('manage-form')) manageForm(box); } } }));
}

/** My account: log out everywhere, export my data, delete the account (password to confirm). */
function manageForm(box) {
  const gone = () => { current = null; render(box); announce(); };
  const pass = h('input', { type: 'password', id: 'delete-pass', maxLength: 200, autocomplete: 'current-password', placeholder: t('ui.account.delete_password'), attrs: { 'aria-label': t('ui.account.delete_password') } });
  const note = h('span', { class: 'account-error', id: 'manage-note', attrs: { role: 'alert' } });
  const form = h('form', { class: 'account-form', id: 'manage-form', on: { submit: async (ev) => {
    ev.preventDefault();
    try {
      await api.deleteAccount(pass.value);
      gone();
      box.appendChild(h('span', { class: 'account-error', id: 'manage-note', attrs: { role: 'status' }, text: t('ui.account.deleted') }));
    } catch (e) { note.textContent = e.message; }
  } } },
  h('button', { type: 'button', class: 'btn btn-small', id: 'logout-all-btn', text: t('ui.account.logout_all'),
    on: { click: async () => { await api.logoutAll().catch(() => null); gone(); } } }),
  h('a', { class: 'btn btn-small', id: 'export-link', href: '/api/account/export', text: t('ui.account.export'), attrs: { download: '' } }),
  pass, h('button', { type: 'submit', class: 'btn btn-small', id: 'delete-btn', text: t('ui.account.delete') }), note);
  box.appendChild(form);
}

/** A password reset link from the e-mail (`/#reset=<token>`): a form for the new password. */
function resetFromLink(box) {
  const m = location.hash.match(/^#reset=([A-Za-z0-9_-]{1,100})$/);
  if (!m) return;
  history.replaceState(null, '', location.pathname + location.search);
  const pass = h('input', { type: 'password', id: 'reset-pass', maxLength: 200, autocomplete: 'new-password', placeholder: t('ui.account.new_password'), attrs: { 'aria-label': t('ui.account.new_password'), required: true } });
  const note = h('span', { class: 'account-error', id: 'reset-note', attrs: { role: 'alert' } });
  const form = h('form', { class: 'account-form', id: 'reset-form', on: { submit: async (ev) => {
    ev.preventDefault();
    try {
      await api.resetPassword(m[1], pass.value);
      loginForm(box);
      box.appendChild(h('span', { class: 'account-error', id: 'reset-note', attrs: { role: 'status' }, text: t('ui.account.reset_done') }));
    } catch (e) { note.textContent = e.message; }
  } } }, pass, h('button', { type: 'submit', class: 'btn btn-small btn-primary', id: 'reset-btn', text: t('ui.account.reset_save') }), note);
  box.replaceChildren(form);
}

/** A confirmation link from the e-mail (`/#confirm=<token>`: the token stays out of server logs). */
async function confirmFromLink(box) {
  const m = location.hash.match(/^#confirm=([A-Za-z0-9_-]{1,100})$/);
  if (!m) return;
  history.replaceState(null, '', location.pathname + location.search);
  const note = h('span', { class: 'account-error', id: 'confirm-note', attrs: { role: 'status' } });
  try { await api.confirmEmail(m[1]); note.textContent = t('ui.account.confirmed'); } catch (e) { note.textContent = e.message; }
  box.appendChild(note);
}

function loginForm(box) {
  const user = h('input', { type: 'text', id: 'login-user', maxLength: 32, autocomplete: 'username', placeholder: t('ui.account.username_placeholder'), attrs: { 'aria-label': t('ui.account.username'), required: true } });
  const pass = h('input', { type: 'password', id: 'login-pass', maxLength: 200, autocomplete: 'current-password', placeholder: t('ui.account.password_placeholder'), attrs: { 'aria-label': t('ui.account.password'), required: true } });
  const err = h('span', { class: 'account-error', id: 'login-error', attrs: { role: 'alert' } });
  const go = (fn) => async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      const res = await fn(user.value.trim(), pass.value);
      current = res.account;
      await claim();
      render(box);
      announce();
    } catch (e) {
      err.textContent = e.message;
    }
  };
  const form = h('form', { class: 'account-form', id: 'login-form', on: { submit: go(api.login) } },
    user, pass,
    h('button', { type: 'submit', class: 'btn btn-small btn-primary', id: 'login-btn', text: t('ui.account.login') }),
    h('button', { type: 'button', class: 'btn btn-small', id: 'signup-btn', text: t('ui.account.signup'), on: { click: go(api.signup) } }),
    h('button', { type: 'button', class: 'btn btn-ghost btn-small', id: 'forgot-btn', text: t('ui.account.forgot'), on: { click: async () => {
      if (!user.value.trim()) { user.focus(); return; }
      try { await api.requestReset(user.value.trim()); err.textContent = t('ui.account.reset_sent'); } catch (e) { err.textContent = e.message; }
    } } }),
    err);
  box.replaceChildren(form);
}

function render(box) {
  if (current) loggedIn(box, current);
  else {
    const open = h('button', { type: 'button', class: 'btn btn-ghost btn-small', id: 'account-open', text: t('ui.account.open'), on: { click: () => loginForm(box) } });
    box.replaceChildren(open);
  }
}

/** Mounts the box into the page's top bar; resolves to the account (or null). */
export async function mountAccount() {
  const bar = document.querySelector('.topbar');
  if (!bar) return null;
  const box = h('div', { class: 'account-box', id: 'account-box' });
  bar.appendChild(box);
  try { current = (await api.me()).account; } catch { current = null; }
  render(box);
  announce();
  await confirmFromLink(box);
  resetFromLink(box);
  return current;
}

export const account = () => current;
