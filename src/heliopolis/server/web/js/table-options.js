// The "Table" part of the lobby's create form: private game, clock, and the bot that takes over
// a seat whose player resigns or runs out of time (docs/server-api.md, CreateGame.table).

import { h } from './dom.js';
import { t } from './i18n.js';

const CLOCKS = [
  { id: 'none', text: () => t('ui.clock.none'), clock: null },
  { id: 'rt-10', text: () => t('ui.clock.realtime', { minutes: 10, seconds: 15 }), clock: { kind: 'fischer', base: 600, increment: 15 } },
  { id: 'rt-3', text: () => t('ui.clock.realtime', { minutes: 3, seconds: 5 }), clock: { kind: 'fischer', base: 180, increment: 5 } },
  { id: 'turn-1h', text: () => t('ui.clock.turn_1h'), clock: { kind: 'turn', per_move: 3600, bank: 3600 } },
  { id: 'turn-24h', text: () => t('ui.clock.turn_24h'), clock: { kind: 'turn', per_move: 86400, bank: 172800 } },
]; // texts are functions: the catalog is loaded after this module

let fields = null;

export function mountTableOptions(bots, botName = (b) => b) {
  const form = document.getElementById('create-form');
  if (!form || fields) return;
  const actions = form.querySelector('.form-actions');
  const priv = h('input', { type: 'checkbox', id: 'table-private' });
  const clock = h('select', { id: 'table-clock' }, CLOCKS.map((c) => h('option', { value: c.id, text: c.text() })));
  const levels = bots.length ? bots : ['heuristic'];
  const takeover = h('select', { id: 'table-takeover' }, levels.map((b) => h('option', { value: b, text: t('ui.bot.named', { bot: botName(b) }) })));
  if (levels.includes('heuristic')) takeover.value = 'heuristic';
  const retake = h('input', { type: 'checkbox', id: 'table-retake', checked: true });
  const spect = h('input', { type: 'checkbox', id: 'table-spectator-chat', checked: true });
  const rated = h('input', { type: 'checkbox', id: 'table-rated' });
  fields = { priv, clock, takeover, retake, spect, rated };
  const box = h('fieldset', { class: 'table-options', id: 'table-options' },
    h('legend', { text: t('ui.tableopt.legend') }),
    h('label', { class: 'check-row' }, priv, ' ', t('ui.tableopt.private')),
    h('label', { class: 'field' }, h('span', { text: t('ui.tableopt.clock') }), clock),
    h('label', { class: 'field' }, h('span', { text: t('ui.tableopt.takeover') }), takeover),
    h('label', { class: 'check-row' }, retake, ' ', t('ui.tableopt.retake')),
    h('label', { class: 'check-row' }, spect, ' ', t('ui.tableopt.spectator_chat')),
    h('label', { class: 'check-row' }, rated, ' ', t('ui.tableopt.rated')));
  form.insertBefore(box, actions);
}

/** The ``table`` object of a create request, or undefined for the defaults. */
export function tableOptions() {
  if (!fields) return undefined;
  const clock = CLOCKS.find((c) => c.id === fields.clock.value);
  const out = {
    private: fields.priv.checked, takeover: fields.takeover.value, allow_retake: fields.retake.checked,
    spectator_chat: fields.spect.checked, rated: fields.rated.checked,
  };
  if (clock && clock.clock) out.clock = clock.clock;
  return out;
}
