// The "Table" part of the lobby's create form: private game, clock, and the bot that takes over
// a seat whose player resigns or runs out of time (docs/server-api.md, CreateGame.table).

import { h } from './dom.js';
import { t } from './i18n.js';

const CLOCKS = [
  { id: 'none', text: () => t('ui.clock.none'), clock: null },
  { id: 'rt-10', text: () => t('ui.clock.realtime', { minutes: 10, seconds: 15 }), clock: { kind: 'fischer', base: 600, increment: 15 } },
  { id: 'rt-3', text: () => t('ui.clock.realtime', { minutes: 3, seconds: 5 }), clock: { kind: 'fischer', base: 180, increment: 5 } },
  { id: 'rt-1', text: () => t('ui.clock.blitz', { minutes: 1, seconds: 2 }), clock: { kind: 'fischer', base: 60, increment: 2 } },
  { id: 'turn-1h', text: () => t('ui.clock.turn_1h'), clock: { kind: 'turn', per_move: 3600, bank: 3600 } },
  { id: 'turn-24h', text: () => t('ui.clock.turn_24h'), clock: { kind: 'turn', per_move: 86400, bank: 172800 } },
  { id: 'custom-rt', text: () => t('ui.clock.custom_realtime'), custom: 'fischer' },
  { id: 'custom-turn', text: () => t('ui.clock.custom_turn'), custom: 'turn' },
]; // texts are functions: the catalog is loaded after this module
const UNITS = [['1', 'ui.clock.unit_seconds'], ['60', 'ui.clock.unit_minutes'], ['3600', 'ui.clock.unit_hours'], ['86400', 'ui.clock.unit_days']];

let fields = null;

export function mountTableOptions(bots, botName = (b) => b) {
  const form = document.getElementById('create-form');
  if (!form || fields) return;
  const actions = form.querySelector('.form-actions');
  const priv = h('input', { type: 'checkbox', id: 'table-private' });
  const clock = h('select', { id: 'table-clock' }, CLOCKS.map((c) => h('option', { value: c.id, text: c.text() })));
  const levels = bots.length ? bots : ['heuristic'];
  const takeover = h('select', { id: 'table-takeover' }, levels.map((b) => h('option', { value: b, text: t('ui.bot.named', { bot: botName(b) }) })));
  takeover.value = ['medium', 'heuristic'].find((b) => levels.includes(b)) || levels[0]; // not the weakest: a seat left to a bot stays a fair opponent
  // A clock of one's own: two numbers in a chosen unit (real time: start + added per move; turn
  // based: per move + bank). The server checks the bounds (docs/server-api.md, "Clocks").
  const first = h('input', { type: 'number', id: 'clock-a', min: '1', step: 'any', value: '10', attrs: { 'aria-label': t('ui.clock.first_number') } });
  const second = h('input', { type: 'number', id: 'clock-b', min: '0', step: 'any', value: '0', attrs: { 'aria-label': t('ui.clock.second_number') } });
  const unit = h('select', { id: 'clock-unit', attrs: { 'aria-label': t('ui.clock.unit_label') } }, UNITS.map(([v, key]) => h('option', { value: v, text: t(key) })));
  const firstLabel = h('span', { id: 'clock-a-label' });
  const secondLabel = h('span', { id: 'clock-b-label' });
  const custom = h('div', { class: 'clock-custom', id: 'clock-custom', hidden: true },
    h('label', { class: 'field' }, firstLabel, first), h('label', { class: 'field' }, secondLabel, second),
    h('label', { class: 'field' }, h('span', { text: t('ui.clock.unit') }), unit));
  clock.addEventListener('change', () => {
    const c = CLOCKS.find((x) => x.id === clock.value);
    custom.hidden = !(c && c.custom);
    if (c && c.custom === 'fischer') { firstLabel.textContent = t('ui.clock.fischer_base'); secondLabel.textContent = t('ui.clock.fischer_increment'); }
    if (c && c.custom === 'turn') { firstLabel.textContent = t('ui.clock.turn_per_move'); secondLabel.textContent = t('ui.clock.turn_bank'); }
  });
  const retake = h('input', { type: 'checkbox', id: 'table-retake', checked: true });
  const spect = h('input', { type: 'checkbox', id: 'table-spectator-chat', checked: true });
  const rated = h('input', { type: 'checkbox', id: 'table-rated' });
  const hints = h('input', { type: 'checkbox', id: 'table-hints', checked: true }); // issue 29: the creator may forbid them
  fields = { priv, clock, takeover, retake, spect, rated, hints, first, second, unit };
  const box = h('fieldset', { class: 'table-options', id: 'table-options' },
    h('legend', { text: t('ui.tableopt.legend') }),
    h('label', { class: 'check-row' }, priv, ' ', t('ui.tableopt.private')),
    h('label', { class: 'field' }, h('span', { text: t('ui.tableopt.clock') }), clock),
    custom,
    h('label', { class: 'field' }, h('span', { text: t('ui.tableopt.takeover') }), takeover),
    h('label', { class: 'check-row' }, retake, ' ', t('ui.tableopt.retake')),
    h('label', { class: 'check-row' }, spect, ' ', t('ui.tableopt.spectator_chat')),
    h('label', { class: 'check-row' }, rated, ' ', t('ui.tableopt.rated')),
    h('label', { class: 'check-row' }, hints, ' ', t('ui.tableopt.hints')));
  form.insertBefore(box, actions);
}

/** The ``table`` object of a create request, or undefined for the defaults. */
export function tableOptions() {
  if (!fields) return undefined;
  const clock = CLOCKS.find((c) => c.id === fields.clock.value);
  const out = {
    private: fields.priv.checked, takeover: fields.takeover.value, allow_retake: fields.retake.checked,
    spectator_chat: fields.spect.checked, rated: fields.rated.checked, hints: fields.hints.checked,
  };
  if (clock && clock.clock) out.clock = clock.clock;
  if (clock && clock.custom) {
    const unit = Number(fields.unit.value);
    const a = Number(fields.first.value) * unit;
    const b = Number(fields.second.value) * unit;
    out.clock = clock.custom === 'fischer' ? { kind: 'fischer', base: a, increment: b } : { kind: 'turn', per_move: a, bank: b };
  }
  return out;
}
