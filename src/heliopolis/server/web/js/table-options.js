// The "Table" part of the lobby's create form: private game, clock, and the bot that takes over
// a seat whose player resigns or runs out of time (docs/server-api.md, CreateGame.table).

import { h } from './dom.js';

const CLOCKS = [
  { id: 'none', text: 'No clock (casual)', clock: null },
  { id: 'rt-10', text: 'Real time: 10 min + 15 s per move', clock: { kind: 'fischer', base: 600, increment: 15 } },
  { id: 'rt-3', text: 'Real time: 3 min + 5 s per move', clock: { kind: 'fischer', base: 180, increment: 5 } },
  { id: 'turn-1h', text: 'Turn based: 1 h per move + 1 h bank', clock: { kind: 'turn', per_move: 3600, bank: 3600 } },
  { id: 'turn-24h', text: 'Turn based: 24 h per move + 2 days bank', clock: { kind: 'turn', per_move: 86400, bank: 172800 } },
];

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
  const retake = h('input', { type: 'checkbox', id: 'table-retake', checked: true });
  const spect = h('input', { type: 'checkbox', id: 'table-spectator-chat', checked: true });
  const rated = h('input', { type: 'checkbox', id: 'table-rated' });
  fields = { priv, clock, takeover, retake, spect, rated };
  const box = h('fieldset', { class: 'table-options', id: 'table-options' },
    h('legend', { text: 'Table' }),
    h('label', { class: 'check-row' }, priv, ' Private: not listed, joined by the invitation link only'),
    h('label', { class: 'field' }, h('span', { text: 'Clock' }), clock),
    h('label', { class: 'field' }, h('span', { text: 'If a player resigns or runs out of time' }), takeover),
    h('label', { class: 'check-row' }, retake, ' A player who left may take the seat back'),
    h('label', { class: 'check-row' }, spect, ' Spectators (with an account) may chat'),
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
  return out;
}
