// Why a game ended, as the position keeps it: an index into END_REASONS. Reason is a const enum, so the
// bundler writes its members into the code as literals (see types.ts).

import type { EndReason } from './types.js';

export const END_REASONS: readonly EndReason[] = [
  'escape',
  'king-captured',
  'fort',
  'encirclement',
  'repetition',
  'no-moves',
  'cannot-escape',
  'turn-limit',
];

/** Indexes into END_REASONS. */
export const enum Reason {
  Escape = 0,
  KingCaptured = 1,
  Fort = 2,
  Encirclement = 3,
  Repetition = 4,
  CannotEscape = 6,
  TurnLimit = 7,
}
