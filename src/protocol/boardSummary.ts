// What `d` shows: the board, the rules, the tfen, the side to move, the hash and the result if over.

import { ATTACKERS, gameOutcome, SIDE_NAMES, type Position } from '../engine/index.js';
import { makeTfen } from '../notation/index.js';
import { drawBoard } from './boardText.js';

const hex32 = (value: number): string => (value >>> 0).toString(16).padStart(8, '0');

/** The result of a finished game in words, or undefined while it goes on. */
export function describeOutcome(pos: Position): string | undefined {
  const outcome = gameOutcome(pos);
  if (!outcome) return undefined;
  if (outcome.winner === null) return `draw (${outcome.reason})`;
  return `${SIDE_NAMES[outcome.winner]} won (${outcome.reason})`;
}

export function boardSummary(pos: Position, marked: ReadonlySet<number>, rulesName: string): string[] {
  const lines = ['', ...drawBoard(pos, marked), ''];
  lines.push(`Rules: ${rulesName} (${pos.geo.size}x${pos.geo.size})`);
  lines.push(`Tfen: ${makeTfen(pos)}`);
  lines.push(`Side to move: ${pos.side === ATTACKERS ? SIDE_NAMES[0] : SIDE_NAMES[1]}`);
  lines.push(`Hash: ${hex32(pos.hashHi)}${hex32(pos.hashLo)}`);
  const result = describeOutcome(pos);
  if (result) lines.push(`Result: ${result}`);
  return lines;
}
