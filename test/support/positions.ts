// Test positions from a tfen or from a few pieces; bad input fails the test with the parser's message.
import { getVariant, type Position } from '../../src/engine/index.js';
import { parseTfen } from '../../src/notation/index.js';

export function loadTfen(variant: string, tfen: string): Position {
  const rules = getVariant(variant);
  if (!rules.ok) throw new Error(rules.error.message);
  const pos = parseTfen(rules.value, tfen);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value;
}

/** A position of `variant` holding only `pieces` (`{ f6: 'K', c1: 't' }`), `side` to move. */
export function placePieces(variant: string, side: 'a' | 'd', pieces: Record<string, string>, berserker = '-'): Position {
  const rules = getVariant(variant);
  if (!rules.ok) throw new Error(rules.error.message);
  const size = rules.value.size;
  const rows: string[][] = Array.from({ length: size }, () => Array<string>(size).fill('.'));
  for (const [square, letter] of Object.entries(pieces)) rows[size - Number(square.slice(1))][square.charCodeAt(0) - 97] = letter;
  const board = rows.map((row) => row.join('').replace(/\.+/g, (run) => String(run.length))).join('/');
  return loadTfen(variant, `${board} ${side} ${berserker}`);
}
