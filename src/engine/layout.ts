// The memory layout of a position, apart from Position itself so that move generation, captures and
// game-end tests can read a position's memory without importing position.ts (which imports them).
// Imports nothing: the bundler writes const enum members into the hot code as literals.

/**
 * Layout of Position.memory: the board, the square flags, each piece's index in its list, both piece
 * lists and the Zobrist piece keys in one Int32Array at fixed offsets (room for the largest padded board,
 * 21 x 21). Hot code then reaches all of them through one array whose offsets are literals.
 */
export const enum Mem {
  /** Squares per region: at least the largest padded board. */
  Region = 448,
  /** At 0: the hottest code (makeStep, unmakeStep, enemyNextTo) indexes the board without adding it. */
  Board = 0,
  Flags = Region,
  PieceIndex = 2 * Region,
  /** The attackers' list, then the defenders' one Region further. */
  Lists = 3 * Region,
  /** Zobrist key halves of piece p on square sq at ZobristLo / ZobristHi + p * Region + sq. */
  ZobristLo = 5 * Region,
  ZobristHi = ZobristLo + 16 * Region,
  Size = ZobristHi + 16 * Region,
}
