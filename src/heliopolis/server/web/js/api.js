// HTTP helpers for the Heliopolis server API (docs/server-api.md) and seat-token storage.

import { t, has, lang, render } from './i18n.js';

/**
 * What a person reads for a server error. The server's messages are English and specific ("it is
 * not your turn: seat 2 is to move"); English readers see them as they are. An engine error (an
 * illegal move, bad notation, a bad saved game) also comes as a catalog message (``msg``), shown
 * in the page's language. Other languages get the catalog's text for the error code
 * (ui.error.<code>) where the code says enough on its own, else the server's English message
 * (docs/i18n.md).
 */
export function errorText(code, message, msg) {
  if (msg && lang() !== 'en') return render(msg);
  const key = `ui.error.${code}`;
  if (code === 'network' || (has(key) && (lang() !== 'en' || !message))) return t(key);
  return message || t('ui.error.generic');
}

export class ApiError extends Error {
  constructor(status, code, message, msg) {
    super(errorText(code, message, msg));
    this.serverMessage = message;
    this.status = status;
    this.code = code;
  }
}

/** fetch + JSON; throws ApiError with the server's {"error": {"code", "message"}}. */
export async function request(path, { method = 'GET', body, token, raw = false } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (method !== 'GET' && csrfToken()) headers['X-CSRF-Token'] = csrfToken(); // cookie-authenticated write
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = raw ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, { method, headers, body: payload });
  } catch (e) {
    throw new ApiError(0, 'network', 'Cannot reach the server');
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = data && data.error;
    throw new ApiError(res.status, (err && err.code) || 'http_' + res.status,
      (err && err.message) || t('ui.error.http', { status: `${res.status} ${res.statusText}`.trim() }),
      err && err.msg);
  }
  return data;
}

// -- seat tokens (localStorage) ---------------------------------------------------------------
const TOKEN = (id) => `heliopolis:token:${id}`;
const SEAT = (id) => `heliopolis:seat:${id}`;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(id) {
  const s = storage();
  return (s && s.getItem(TOKEN(id))) || null;
}

export function getSeat(id) {
  const s = storage();
  const v = s && s.getItem(SEAT(id));
  return v === null || v === undefined || v === '' ? null : Number(v);
}

export function saveToken(id, token, seat) {
  const s = storage();
  if (!s || !token) return;
  s.setItem(TOKEN(id), token);
  if (seat !== null && seat !== undefined) s.setItem(SEAT(id), String(seat));
}

export function forgetToken(id) {
  const s = storage();
  if (!s) return;
  s.removeItem(TOKEN(id));
  s.removeItem(SEAT(id));
}

// -- endpoints ------------------------------------------------------------------------------------
const enc = encodeURIComponent;

export const getMeta = () => request('/api/meta');
export const listGames = (status) => request(`/api/games?status=${enc(status)}`);
export const createGame = (body) => request('/api/games', { method: 'POST', body });
export const getGame = (id) => request(`/api/games/${enc(id)}`);
export const joinGame = (id, seat, name) => {
  const body = {};
  if (seat !== null && seat !== undefined) body.seat = seat;
  if (name) body.name = name;
  const invite = new URLSearchParams(location.search).get('invite'); // private games: from the invitation link
  if (invite) body.invite = invite;
  return request(`/api/games/${enc(id)}/join`, { method: 'POST', body });
};
export const getState = (id, token) => request(`/api/games/${enc(id)}/state`, { token });
export const postAction = (id, token, action, version) =>
  request(`/api/games/${enc(id)}/actions`, { method: 'POST', token, body: { action, version } });
export const postUndo = (id, token, accept) =>
  request(`/api/games/${enc(id)}/undo`, { method: 'POST', token, body: accept === undefined ? {} : { accept } });
export const getReplay = (id, ply) =>
  request(`/api/games/${enc(id)}/replay` + (ply === null || ply === undefined ? '' : `?ply=${enc(ply)}`));
export const exportUrl = (id) => `/api/games/${enc(id)}/export`;
export const importGame = (text) => request('/api/import', { method: 'POST', body: text, raw: true });

export function wsUrl(id) {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${proto}://${location.host}/ws/games/${enc(id)}`;
}

/** WebSocket subprotocols: the seat token travels in the handshake header, never in the URL
 * (URLs end up in history, proxy logs and console errors). */
export function wsProtocols(token) {
  return token ? ['heliopolis', `heliopolis.token.${token}`] : ['heliopolis'];
}

// -- accounts (docs/server-api.md "Accounts") ------------------------------------------------------
/** The CSRF token the server set for this session (echoed on every cookie-authenticated write). */
export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)heliopolis_csrf=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}

export const me = () => request('/api/account/me');
export const signup = (username, password) =>
  request('/api/account/signup', { method: 'POST', body: { username, password } });
export const login = (username, password) =>
  request('/api/account/login', { method: 'POST', body: { username, password } });
export const logout = () => request('/api/account/logout', { method: 'POST', body: {} });

/** Every (game, token) this browser holds, for claiming them into an account. */
export function heldTokens() {
  const s = storage();
  const out = [];
  if (!s) return out;
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key && key.startsWith('heliopolis:token:')) out.push({ game: key.slice(17), token: s.getItem(key) });
  }
  return out;
}
export const claimSeats = (seats) => request('/api/account/claim', { method: 'POST', body: { seats } });

// -- the table: resign, retake, chat ---------------------------------------------------------------
export const resign = (id, token) => request(`/api/games/${enc(id)}/resign`, { method: 'POST', token, body: {} });
export const retake = (id, token) => request(`/api/games/${enc(id)}/retake`, { method: 'POST', token, body: {} });
export const setSpectatorChat = (id, token, allowed) =>
  request(`/api/games/${enc(id)}/chat/settings`, { method: 'POST', token, body: { spectator_chat: allowed } });
export const getChat = (id, after, token) => request(`/api/games/${enc(id)}/chat?after=${enc(after)}`, { token });
export const postChat = (id, token, text) =>
  request(`/api/games/${enc(id)}/chat`, { method: 'POST', token, body: { text } });
export const rematch = (id, token) => request(`/api/games/${enc(id)}/rematch`, { method: 'POST', token, body: {} });
export const gameRatings = (id) => request(`/api/games/${enc(id)}/ratings`);
export const leaderboard = (pool) => request(`/api/ratings/${enc(pool)}`);
export const myGames = () => request('/api/account/games');
export const getAlerts = () => request('/api/account/alerts');
export const putAlerts = (email, turnEmails) =>
  request('/api/account/alerts', { method: 'PUT', body: { email: email || null, turn_emails: turnEmails } });
export const confirmEmail = (token) => request('/api/account/confirm', { method: 'POST', body: { token } });
export const logoutAll = () => request('/api/account/sessions', { method: 'DELETE' });
export const deleteAccount = (password) => request('/api/account/delete', { method: 'POST', body: { password } });
export const requestReset = (username) => request('/api/account/reset', { method: 'POST', body: { username } });
export const resetPassword = (token, password) =>
  request('/api/account/reset/confirm', { method: 'POST', body: { token, password } });
