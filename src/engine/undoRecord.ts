// What Position keeps of each step made, so that unmakeStep can take it back exactly and the hash can be
// kept by makeStep. Imports nothing: the bundler writes the const enum members
// into the hot code as literals.

/** Undo record layout (one per step made): the step and what else changed. */
export const enum Undo {
  Step = 0,
  Changes = 1,
  /** The irreversible index before the step (restored when the step captured or ended a run). */
  Irreversible = 2,
  /** Where the step's captured pieces start in the captured-pieces stack (kept when it captured). */
  CapturedAt = 3,
  Size = 4,
}

/**
 * Undo.Changes bits. The game was not over before a step (nothing to record of the winner); the king's
 * square follows from the piece moved or captured; the side and history change exactly when the turn ended.
 */
export const enum Changed {
  TurnEnded = 1,
  /** A run was open before the step: the berserker square is kept in the bits from BerserkerShift. */
  RunOpen = 4,
  BerserkerShift = 3, // 9 bits
  CapturesShift = 12, // 6 bits
  CapturesMask = 63 << 12,
  /** The piece that moved (followed by the evaluation's sums along the path: attackerTerms.ts, accumulator.ts). */
  PieceShift = 18, // 4 bits
}

/** A copy of a full stack with twice the room. */
export function grow<T extends Int32Array>(array: T): T {
  const bigger = new Int32Array(array.length * 2) as T;
  bigger.set(array);
  return bigger;
}
