// The yardstick: how fast this machine makes and unmakes every leaf of Copenhagen perft 4, without the engine.
//
// Its time says how fast the machine runs at the moment, so that speed figures of the engine taken in
// the same minutes carry over as a ratio to it (BENCHMARKS.md, "Comparing two builds"). Two mailbox
// sketches, timed the way `hnefi perft --full` is timed:
//   bare:   the board and the captured pieces only (a plain mailbox sketch);
//   engine: the state a make/unmake of src/engine keeps and the checks it makes, in the cheapest layout
//           we found (all of it in one Int32Array): undo record, incremental 64-bit hash, piece lists,
//           turn history, king square, berserker, winner, irreversible index, pending turn-end results.
// Both know only custodial captures against a friend, a corner or the throne (no king capture, shield
// wall, fort, encirclement or repetition), so their leaf counts differ a little from the real 50,456,804.
// Usage: node scripts/perft-floor.mjs [bare|engine] [runs]  (the first run is the one comparable with
// `hnefi perft`, which also times one run in a fresh process)
const mode = process.argv[2] ?? 'engine';
const runs = Number(process.argv[3] ?? 1);
if (mode !== 'bare' && mode !== 'engine') throw new Error(`unknown mode '${mode}': bare or engine`);
const keepState = mode === 'engine';

const SIZE = 11;
const STRIDE = SIZE + 2;
const CELLS = STRIDE * STRIDE;
const START = [
  '...ttttt...',
  '.....t.....',
  '...........',
  't....T....t',
  't...TTT...t',
  'tt.TTKTT.tt',
  't...TTT...t',
  't....T....t',
  '...........',
  '.....t.....',
  '...ttttt...',
];
const EMPTY = 0;
const OFF = 16;
const KING = 6;
const THRONE = 1;
const CORNER = 2;
const DIRS = Int32Array.from([STRIDE, 1, -STRIDE, -1]);

// Memory layout: per-square regions, then scalars, then stacks.
const BOARD = 0;
const FLAGS = CELLS;
const INDEX = 2 * CELLS;
const LIST = 3 * CELLS; // side s at LIST + s * CELLS
const ZOBRIST = 5 * CELLS; // lo, hi of piece p on sq at ZOBRIST + 2 * (p * CELLS + sq)
const COUNT = ZOBRIST + 2 * 16 * CELLS;
const HASH = COUNT + 2;
const SIDE = HASH + 2;
const PLY = SIDE + 1;
const HISTORY_LENGTH = PLY + 1;
const CAPTURED_TOP = HISTORY_LENGTH + 1;
const PENDING = CAPTURED_TOP + 1;
const BERSERKER = PENDING + 1;
const KING_SQ = BERSERKER + 1;
const WINNER = KING_SQ + 1;
const IRREVERSIBLE = WINNER + 1;
const HISTORY = IRREVERSIBLE + 1; // lo, hi per turn end
const UNDO = HISTORY + 2 * 256; // step, hash lo, hash hi, changes, irreversible per step
const CAPTURED = UNDO + 5 * 256; // square, piece per captured piece
const MEMORY = CAPTURED + 2 * 1024;
const SIDE_KEY_LO = 0x2545f491;
const SIDE_KEY_HI = 0x6a09e667;

// The memory is reached through a position object, as in an engine whose positions each own theirs.
// (Held in a module-level constant instead, V8 compiles its address and length into the code and the
// engine sketch runs about 20% faster; a class whose instances each own memory cannot have that.)
const position = { m: new Int32Array(MEMORY) };
const m = position.m;
let seed = 0x48_4e_45_46;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) | 0);
for (let i = ZOBRIST; i < COUNT; i++) m[i] = random();
m.fill(OFF, BOARD, BOARD + CELLS);
for (let rank = 0; rank < SIZE; rank++) {
  for (let file = 0; file < SIZE; file++) {
    const sq = (rank + 1) * STRIDE + file + 1;
    m[BOARD + sq] = EMPTY;
    if ((file === 0 || file === SIZE - 1) && (rank === 0 || rank === SIZE - 1)) m[FLAGS + sq] = CORNER;
    if (file === 5 && rank === 5) m[FLAGS + sq] = THRONE;
    const letter = START[SIZE - 1 - rank][file];
    if (letter === '.') continue;
    const piece = letter === 't' ? 1 : letter === 'T' ? 2 : KING;
    const side = (piece & 3) - 1;
    m[BOARD + sq] = piece;
    m[INDEX + sq] = m[COUNT + side];
    m[LIST + side * CELLS + m[COUNT + side]++] = sq;
    if (piece === KING) m[KING_SQ] = sq;
  }
}
m[HISTORY_LENGTH] = 1;
m[BERSERKER] = -1;
m[WINNER] = -1;

function removePiece(pos, sq, piece) {
  const m = pos.m;
  m[BOARD + sq] = EMPTY;
  if (!keepState) return;
  const side = (piece & 3) - 1;
  const list = LIST + side * CELLS;
  const index = m[INDEX + sq];
  const last = m[list + --m[COUNT + side]];
  m[list + index] = last;
  m[INDEX + last] = index;
  const key = ZOBRIST + 2 * (piece * CELLS + sq);
  m[HASH] ^= m[key];
  m[HASH + 1] ^= m[key + 1];
}

function captures(pos, to, myBit, enemyBit) {
  const m = pos.m;
  let found = 0;
  for (let i = 0; i < 4; i++) {
    const d = DIRS[i];
    const victim = m[BOARD + to + d];
    if ((victim & enemyBit) === 0 || victim === KING) continue;
    const beyond = to + 2 * d;
    if ((m[BOARD + beyond] & myBit) === 0 && (m[FLAGS + beyond] & (CORNER | THRONE)) === 0) continue;
    m[CAPTURED + m[CAPTURED_TOP]++] = to + d;
    m[CAPTURED + m[CAPTURED_TOP]++] = victim;
    removePiece(pos, to + d, victim);
    found++;
  }
  return found;
}

function make(pos, step) {
  const m = pos.m;
  const from = step & 511;
  const to = step >>> 9;
  const piece = m[BOARD + from];
  const base = UNDO + m[PLY]++ * 5;
  m[base] = step;
  m[BOARD + from] = EMPTY;
  m[BOARD + to] = piece;
  const myBit = piece & 3;
  const enemyBit = myBit ^ 3;
  let found = 0;
  if (((m[BOARD + to + 1] | m[BOARD + to - 1] | m[BOARD + to + STRIDE] | m[BOARD + to - STRIDE]) & enemyBit) !== 0) {
    found = captures(pos, to, myBit, enemyBit);
  }
  m[base + 3] = found;
  if (!keepState) {
    m[SIDE] ^= 1;
    return;
  }
  if (m[PENDING] !== 0) m[PENDING] = 0;
  m[base + 1] = m[HASH];
  m[base + 2] = m[HASH + 1];
  if (m[BERSERKER] !== -1) m[BERSERKER] = -1;
  const side = m[SIDE];
  const index = m[INDEX + from];
  m[LIST + side * CELLS + index] = to;
  m[INDEX + to] = index;
  const keyFrom = ZOBRIST + 2 * (piece * CELLS + from);
  const keyTo = ZOBRIST + 2 * (piece * CELLS + to);
  const lo = m[HASH] ^ m[keyFrom] ^ m[keyTo] ^ SIDE_KEY_LO;
  const hi = m[HASH + 1] ^ m[keyFrom + 1] ^ m[keyTo + 1] ^ SIDE_KEY_HI;
  m[HASH] = lo;
  m[HASH + 1] = hi;
  if (piece === KING) {
    m[KING_SQ] = to;
    if ((m[FLAGS + to] & CORNER) !== 0) m[WINNER] = 1;
  }
  m[SIDE] = side ^ 1;
  const length = m[HISTORY_LENGTH];
  m[HISTORY + 2 * length] = lo;
  m[HISTORY + 2 * length + 1] = hi;
  m[HISTORY_LENGTH] = length + 1;
  if (found > 0) {
    m[base + 4] = m[IRREVERSIBLE];
    m[IRREVERSIBLE] = length;
  }
  if (m[WINNER] === -1) m[PENDING] = 1;
}

function unmake(pos) {
  const m = pos.m;
  const base = UNDO + --m[PLY] * 5;
  const step = m[base];
  const from = step & 511;
  const to = step >>> 9;
  const piece = m[BOARD + to];
  m[BOARD + from] = piece;
  m[BOARD + to] = EMPTY;
  if (keepState) {
    m[HASH] = m[base + 1];
    m[HASH + 1] = m[base + 2];
    m[WINNER] = -1;
    m[PENDING] = 0;
    const side = m[SIDE] ^ 1;
    m[SIDE] = side;
    m[HISTORY_LENGTH]--;
    if (piece === KING) m[KING_SQ] = from;
    const index = m[INDEX + to];
    m[LIST + side * CELLS + index] = from;
    m[INDEX + from] = index;
  }
  for (let found = m[base + 3]; found > 0; found--) {
    const victim = m[CAPTURED + --m[CAPTURED_TOP]];
    const sq = m[CAPTURED + --m[CAPTURED_TOP]];
    m[BOARD + sq] = victim;
    if (!keepState) continue;
    const side = (victim & 3) - 1;
    m[INDEX + sq] = m[COUNT + side];
    m[LIST + side * CELLS + m[COUNT + side]++] = sq;
    const key = ZOBRIST + 2 * (victim * CELLS + sq);
    m[HASH] ^= m[key];
    m[HASH + 1] ^= m[key + 1];
    m[IRREVERSIBLE] = m[base + 4];
  }
  if (!keepState) m[SIDE] ^= 1;
}

/** Steps of the side to move into `out` from `n`; the bare sketch finds its pieces on the board. */
function generate(pos, out, n) {
  const m = pos.m;
  const side = m[SIDE];
  if (keepState) {
    const list = LIST + side * CELLS;
    for (let i = m[COUNT + side] - 1; i >= 0; i--) n = slides(pos, m[list + i], out, n);
  } else {
    const bit = side + 1;
    for (let sq = 0; sq < CELLS; sq++) if ((m[BOARD + sq] & bit) !== 0 && m[BOARD + sq] !== OFF) n = slides(pos, sq, out, n);
  }
  return n;
}

function slides(pos, from, out, n) {
  const m = pos.m;
  const king = m[BOARD + from] === KING;
  for (let i = 0; i < 4; i++) {
    const d = DIRS[i];
    for (let to = from + d; m[BOARD + to] === EMPTY; to += d) {
      const f = m[FLAGS + to];
      if (king || f === 0) out[n++] = from | (to << 9);
      else if ((f & CORNER) !== 0) break;
    }
  }
  return n;
}

const steps = new Int32Array(1 << 16);
function perft(pos, depth, sp) {
  const end = generate(pos, steps, sp);
  let leaves = 0;
  for (let i = sp; i < end; i++) {
    make(pos, steps[i]);
    leaves += depth === 1 ? 1 : perft(pos, depth - 1, end);
    unmake(pos);
  }
  return leaves;
}

for (let run = 0; run < runs; run++) {
  const start = performance.now();
  const leaves = perft(position, 4, 0);
  console.log(`${mode}: ${leaves} leaves in ${Math.round(performance.now() - start)} ms`);
}
