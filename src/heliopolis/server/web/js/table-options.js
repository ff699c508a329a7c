// The "Table" part of the lobby's create form: private game, clock, and the bot that takes over
// a seat whose player resigns or runs out of time (docs/server-api.md, CreateGame.table).

import { h } from './dom.js';

const CLOCKS = [
  { id: 'none', text: 'No clock (casual)', clock: null },
  { id: 'rt-10', text: 'Real time: 10 min + 15 s per move', clock: { kind: 'fischer', base: 600, increment: 15 } },
  { id: 'rt-3', text: 'Real time: 3 min + 5 s per move', clock: { kind: 'fischer', base: 180, increment: 5 } },
  { id: 'rt-1', text: 'Blitz: 1 min + 2 s per move', clock: { kind: 'fischer', base: 60, increment: 2 } },
  { id: 'turn-1h', text: 'Turn based: 1 h per move + 1 h bank', clock: { kind: 'turn', per_move: 3600, bank: 3600 } },
  { id: 'turn-24h', text: 'Turn based: 24 h per move + 2 days bank', clock: { kind: 'turn', per_move: 86400, bank: 172800 } },
  { id: 'custom-rt', text: 'Real time: my own…', custom: 'fischer' },
  { id: 'custom-turn', text: 'Turn based: my own…', custom: 'turn' },
];
const UNITS = [['1', 'seconds'], ['60', 'minutes'], ['3600', 'hours'], ['86400', 'days']];

let fields = null;

export function mountTableOptions(bots) {
  const form = document.getElementById('create-form');
  if (!form || fields) return;
  const actions = form.querySelector('.form-actions');
  const priv = h('input', { type: 'checkbox', id: 'table-private' });
  const clock = h('select', { id: 'table-clock' }, CLOCKS.map((c) => h('option', { value: c.id, text: c.text })));
  const levels = bots.length ? bots : ['heuristic'];
  const takeover = h('select', { id: 'table-takeover' }, levels.map((b) => h('option', { value: b, text: `Bot: ${b}` })));
  if (levels.includes('heuristic')) takeover.value = 'heuristic';
  // A clock of one's own: two numbers in a chosen unit (real time: start + added per move; turn
  // based: per move + bank). The server checks the bounds (docs/server-api.md, "Clocks").
  const first = h('input', { type: 'number', id: 'clock-a', min: '0', step: 'any', value: '10', attrs: { 'aria-label': 'Clock: first number' } });
  const second = h('input', { type: 'number', id: 'clock-b', min: '0', step: 'any', value: '0', attrs: { 'aria-label': 'Clock: second number' } });
  const unit = h('select', { id: 'clock-unit', attrs: { 'aria-label': 'Clock unit' } }, UNITS.map(([v, t]) => h('option', { value: v, text: t })));
  const firstLabel = h('span', { id: 'clock-a-label' });
  const secondLabel = h('span', { id: 'clock-b-label' });
  const custom = h('div', { class: 'clock-custom', id: 'clock-custom', hidden: true },
    h('label', { class: 'field' }, firstLabel, first), h('label', { class: 'field' }, secondLabel, second),
    h('label', { class: 'field' }, h('span', { text: 'Unit' }), unit));
  clock.addEventListener('change', () => {
    const c = CLOCKS.find((x) => x.id === clock.value);
    custom.hidden = !(c && c.custom);
    if (c && c.custom === 'fischer') { firstLabel.textContent = 'Time at the start'; secondLabel.textContent = 'Added after each move'; }
    if (c && c.custom === 'turn') { firstLabel.textContent = 'Time for each move'; secondLabel.textContent = 'Bank for slow moves'; }
  });
  const retake = h('input', { type: 'checkbox', id: 'table-retake', checked: true });
  const spect = h('input', { type: 'checkbox', id: 'table-spectator-chat', checked: true });
  const rated = h('input', { type: 'checkbox', id: 'table-rated' });
  fields = { priv, clock, takeover, retake, spect, rated, first, second, unit };
  const box = h('fieldset', { class: 'table-options', id: 'table-options' },
    h('legend', { text: 'Table' }),
    h('label', { class: 'check-row' }, priv, ' Private: not listed, joined by the invitation link only'),
    h('label', { class: 'field' }, h('span', { text: 'Clock' }), clock),
    custom,
    h('label', { class: 'field' }, h('span', { text: 'If a player resigns or runs out of time' }), takeover),
    h('label', { class: 'check-row' }, retake, ' A player who left may take the seat back'),
    h('label', { class: 'check-row' }, spect, ' Spectators see the chat (and write in it with an account)'),
    h('label', { class: 'check-row' }, rated, ' Rated (counts when every player has an account)'));
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
  if (clock && clock.custom) {
    const unit = Number(fields.unit.value);
    const a = Number(fields.first.value) * unit;
    const b = Number(fields.second.value) * unit;
    out.clock = clock.custom === 'fischer' ? { kind: 'fischer', base: a, increment: b } : { kind: 'turn', per_move: a, bank: b };
  }
  return out;
}
