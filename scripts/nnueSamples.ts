// The file format of the learned evaluation's training positions, read and written.
//
// scripts/nnue-data.ts and nnue-records.ts write them, scripts/nnue-train.ts reads them: a small header,
// then fixed-size records.
//
//   header: "HNFD", version (u8), board size (u8), variant id length (u16), variant id (UTF-8)
//   record: size*size piece codes (rank 1 first, file a first), side to move (u8: 0 attackers,
//           1 defenders), search score (i16, centipawns, defenders' view), result (u8: 0 attackers
//           won, 1 draw, 2 defenders won)

import { readFileSync } from 'node:fs';
import { DEFENDERS, err, ok, type Position, type Result, toSquare } from '../src/engine/index.js';
import type { SearchScore } from '../src/search/index.js';

const MAGIC = 'HNFD';
const VERSION = 1;

export interface SampleFile {
  variant: string;
  size: number;
  count: number;
  /** count * size * size piece codes. */
  cells: Uint8Array;
  side: Uint8Array;
  score: Int16Array;
  /** 0 attackers won, 1 draw, 2 defenders won. */
  result: Uint8Array;
}

export function makeSampleHeader(variant: string, size: number): Buffer {
  const name = Buffer.from(variant, 'utf8');
  const header = Buffer.alloc(8 + name.length);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt8(VERSION, 4);
  header.writeUInt8(size, 5);
  header.writeUInt16LE(name.length, 6);
  name.copy(header, 8);
  return header;
}

/** Scores beyond this (forced results included) are written as this: the sigmoid is flat there anyway. */
const SCORE_LIMIT = 3000;

/** The board as size*size piece codes, rank 1 first. */
export function cellsOf(pos: Position): Uint8Array {
  const size = pos.rules.size;
  const cells = new Uint8Array(size * size);
  for (let rank = 0; rank < size; rank++)
    for (let file = 0; file < size; file++) cells[rank * size + file] = pos.board[toSquare(pos.geo.stride, file, rank)];
  return cells;
}

/** A search score of the side to move as centipawns from the defenders' view. */
export function defendersScore(score: SearchScore, side: number): number {
  const cp = score.kind === 'mate' ? Math.sign(score.value) * SCORE_LIMIT : Math.max(-SCORE_LIMIT, Math.min(SCORE_LIMIT, score.value));
  return side === DEFENDERS ? cp : -cp;
}

export const recordBytes = (size: number): number => size * size + 4;

/** One record: `cells` (size*size codes), the side to move, the score and the result (defenders' view). */
export function makeSampleRecord(cells: Uint8Array, side: number, score: number, result: number): Buffer {
  const record = Buffer.alloc(cells.length + 4);
  record.set(cells, 0);
  record.writeUInt8(side, cells.length);
  record.writeInt16LE(score, cells.length + 1);
  record.writeUInt8(result, cells.length + 3);
  return record;
}

export function parseSampleFile(bytes: Uint8Array, where: string): Result<SampleFile> {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 8 || data.toString('latin1', 0, 4) !== MAGIC)
    return err('bad-samples', `${where} is not a training positions file (no HNFD header)`);
  if (data.readUInt8(4) !== VERSION) return err('bad-samples', `${where} has version ${data.readUInt8(4)}, expected ${VERSION}`);
  const size = data.readUInt8(5);
  const nameLength = data.readUInt16LE(6);
  const variant = data.toString('utf8', 8, 8 + nameLength);
  const start = 8 + nameLength;
  const bytesPerRecord = recordBytes(size);
  // A run cut short may have left half a record at the end: it is ignored.
  const count = Math.floor((data.length - start) / bytesPerRecord);
  const squares = size * size;
  const file: SampleFile = {
    variant,
    size,
    count,
    cells: new Uint8Array(count * squares),
    side: new Uint8Array(count),
    score: new Int16Array(count),
    result: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    const at = start + i * bytesPerRecord;
    file.cells.set(data.subarray(at, at + squares), i * squares);
    file.side[i] = data.readUInt8(at + squares);
    file.score[i] = data.readInt16LE(at + squares + 1);
    file.result[i] = data.readUInt8(at + squares + 3);
  }
  return ok(file);
}

export function readSampleFile(path: string): Result<SampleFile> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return err('no-samples', `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseSampleFile(bytes, path);
}
