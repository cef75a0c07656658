// Entering a turn besides the board: the control that ends a berserk run, a field to type a turn,
// and the rules' reason for a refused step, shown over the board's foot so that nothing on the page
// moves when it appears.

import { useState } from 'preact/hooks';
import type { MoveInput } from './moveInput.js';

export function TurnControls({ input, enabled }: { input: MoveInput; enabled: boolean }) {
  const [typed, setTyped] = useState('');
  return (
    <form
      class="turn-controls"
      onSubmit={(e) => {
        e.preventDefault();
        if (input.enter(typed)) setTyped('');
      }}
    >
      <input
        value={typed}
        onInput={(e) => setTyped(e.currentTarget.value)}
        placeholder={enabled ? 'type a turn: d2b2, e7e9g9' : 'not your turn'}
        disabled={!enabled}
        aria-label="type a turn"
        autocomplete="off"
        spellcheck={false}
        data-testid="move-entry"
      />
      {input.pending.length > 0 && (
        <button type="button" class="primary" data-testid="end-turn" onClick={input.endTurn}>
          End turn
        </button>
      )}
    </form>
  );
}

/** The rules' reason for the last refused step, over the board (it lets clicks through). */
export function Refusal({ input }: { input: MoveInput }) {
  return input.refusal === '' ? null : (
    <div class="refusal" data-testid="refusal" role="status">
      {input.refusal}
    </div>
  );
}
