// Below the board while a turn is entered: the control that ends a berserk run, and the rules' reason
// for a refused step.

import type { MoveInput } from './moveInput.js';

export function TurnControls({ input }: { input: MoveInput }) {
  return (
    <>
      {input.pending.length > 0 && (
        <button class="primary" data-testid="end-turn" onClick={input.endTurn}>
          End turn
        </button>
      )}
      {input.refusal !== '' && (
        <div class="refusal" data-testid="refusal">
          {input.refusal}
        </div>
      )}
    </>
  );
}
