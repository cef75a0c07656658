// A plain, slow reference of RULES.md sections 2-5 (steps, jumps, captures, escape, king capture,
// berserk continuations, forbidden repetition, exit fort, encirclement), written on (file, rank)
// coordinates from the text alone, compared with the engine at every step of seeded random games in
// every variant and along recorded games.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../support/dataDir.js';
import {
  END_RUN,
  generateSteps,
  makeRandom,
  makeSquare,
  makeStep,
  Position,
  toSquare,
  VARIANTS,
  VARIANT_IDS,
  type RuleSet,
} from '../../src/engine/index.js';
import { parseGameRecord, replayRecord } from '../../src/notation/index.js';

type Cell = { side: 0 | 1; type: 'man' | 'king' | 'knight' | 'commander' } | null;
type Sq = [number, number];
const DIRS: Sq[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

class Board {
  constructor(
    readonly rules: RuleSet,
    readonly cells: Cell[][],
  ) {}

  static of(pos: Position): Board {
    const size = pos.rules.size;
    const types: Record<number, NonNullable<Cell>['type']> = { 0: 'man', 4: 'king', 8: 'knight', 12: 'commander' };
    const cells = Array.from({ length: size }, (_, f) =>
      Array.from({ length: size }, (_, r) => {
        const piece = pos.board[toSquare(pos.geo.stride, f, r)];
        return piece === 0 ? null : { side: ((piece & 3) - 1) as 0 | 1, type: types[piece & 12] };
      }),
    );
    return new Board(pos.rules, cells);
  }

  get size() {
    return this.rules.size;
  }
  on([f, r]: Sq) {
    return f >= 0 && r >= 0 && f < this.size && r < this.size;
  }
  at([f, r]: Sq): Cell {
    return this.on([f, r]) ? this.cells[f][r] : null;
  }
  isCorner([f, r]: Sq) {
    return this.rules.hasCorners && (f === 0 || f === this.size - 1) && (r === 0 || r === this.size - 1);
  }
  isThrone([f, r]: Sq) {
    const c = (this.size - 1) / 2;
    return this.rules.hasThrone && f === c && r === c;
  }
  isRestricted(sq: Sq) {
    return this.isCorner(sq) || this.isThrone(sq);
  }
  isEdge([f, r]: Sq) {
    return f === 0 || r === 0 || f === this.size - 1 || r === this.size - 1;
  }
  nearThrone([f, r]: Sq) {
    const c = (this.size - 1) / 2;
    return this.rules.hasThrone && Math.abs(f - c) + Math.abs(r - c) <= 1;
  }

  /** Slides and jumps of the piece on `from` (section 2). */
  moves(from: Sq): Sq[] {
    const piece = this.at(from)!;
    const king = piece.type === 'king';
    const out: Sq[] = [];
    for (const [df, dr] of DIRS) {
      for (let t: Sq = [from[0] + df, from[1] + dr]; this.on(t) && this.at(t) === null; t = [t[0] + df, t[1] + dr]) {
        if (this.isCorner(t)) {
          if (king) out.push(t);
          break;
        }
        if (this.isThrone(t)) {
          if (king) out.push(t);
          else if (this.rules.throneKingOnly) break;
          continue;
        }
        out.push(t);
      }
      if (!this.rules.jumps || piece.type === 'man') continue;
      const mid: Sq = [from[0] + df, from[1] + dr];
      const land: Sq = [from[0] + 2 * df, from[1] + 2 * dr];
      const over = this.at(mid);
      if (!over || over.type !== 'man' || (over.side === piece.side && !this.rules.jumpOverOwn)) continue;
      if (!this.on(land) || this.at(land) !== null) continue;
      if (king ? this.isRestricted(from) || this.isRestricted(land) : !this.isRestricted(land)) out.push(land);
    }
    return out;
  }

  /** The board after `from` moves to `to`, before any capture. */
  moved(from: Sq, to: Sq): Board {
    const cells = this.cells.map((file) => [...file]);
    cells[to[0]][to[1]] = cells[from[0]][from[1]];
    cells[from[0]][from[1]] = null;
    return new Board(this.rules, cells);
  }

  /** Squares captured by the piece moving from `from` to `to` (sections 3, 4, 8.1-8.4, 8.12). */
  captures(from: Sq, to: Sq): Sq[] {
    const b = this.moved(from, to);
    const mover = b.at(to)!;
    const rules = this.rules;
    if (mover.type === 'king' && !rules.kingArmed) return [];
    const friend = (sq: Sq) => {
      const c = b.at(sq);
      return c !== null && c.side === mover.side && (c.type !== 'king' || rules.kingArmed);
    };
    const out: Sq[] = [];
    for (const [df, dr] of DIRS) {
      const victimSq: Sq = [to[0] + df, to[1] + dr];
      const victim = b.at(victimSq);
      if (!victim || victim.side === mover.side) continue;
      const beyond: Sq = [victimSq[0] + df, victimSq[1] + dr];
      if (victim.type === 'king') {
        if (this.kingCaptured(b, victimSq, beyond, mover)) out.push(victimSq);
        continue;
      }
      const hostile = b.on(beyond) && (b.isCorner(beyond) || (b.isThrone(beyond) && (victim.side === 0 || b.at(beyond) === null)));
      if (friend(beyond) || hostile) out.push(victimSq);
    }
    if (
      mover.type === 'knight' &&
      Math.abs(to[0] - from[0]) + Math.abs(to[1] - from[1]) === 2 &&
      (to[0] === from[0] || to[1] === from[1])
    ) {
      const mid: Sq = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
      const over = b.at(mid);
      if (over && over.side !== mover.side) out.push(mid);
    }
    if (rules.shieldWall && b.isEdge(to)) out.push(...this.shieldWalls(b, to, mover.side));
    return out;
  }

  private kingCaptured(b: Board, k: Sq, beyond: Sq, mover: NonNullable<Cell>): boolean {
    if (mover.side !== 0) return false;
    const rules = this.rules;
    const near = b.nearThrone(k);
    const beyondCell = b.at(beyond);
    if (rules.commandersCaptureKing && mover.type === 'commander' && !near) {
      if ((beyondCell && beyondCell.side === 0 && beyondCell.type === 'commander') || (b.on(beyond) && b.isCorner(beyond))) return true;
    }
    if (rules.king === 'weak' || (rules.king === 'mixed' && !near)) {
      if (!b.on(beyond)) return false;
      if (beyondCell && beyondCell.side === 0) return true;
      return (b.isCorner(beyond) && rules.cornersHostileToKing) || (b.isThrone(beyond) && beyondCell === null);
    }
    return DIRS.every(([df, dr]) => {
      const s: Sq = [k[0] + df, k[1] + dr];
      const c = b.at(s);
      return b.on(s) && ((c !== null && c.side === 0) || (c === null && b.isThrone(s)));
    });
  }

  private shieldWalls(b: Board, to: Sq, side: 0 | 1): Sq[] {
    const out: Sq[] = [];
    const n = this.size - 1;
    const edges: { inward: Sq; along: Sq }[] = [];
    if (to[1] === 0) edges.push({ inward: [0, 1], along: [1, 0] });
    if (to[1] === n) edges.push({ inward: [0, -1], along: [1, 0] });
    if (to[0] === 0) edges.push({ inward: [1, 0], along: [0, 1] });
    if (to[0] === n) edges.push({ inward: [-1, 0], along: [0, 1] });
    for (const { inward, along } of edges) {
      for (const sign of [-1, 1]) {
        const row: Sq[] = [];
        let s: Sq = [to[0] + sign * along[0], to[1] + sign * along[1]];
        for (; b.at(s) !== null && b.at(s)!.side !== side; s = [s[0] + sign * along[0], s[1] + sign * along[1]]) row.push(s);
        if (row.length < 2 || !b.on(s)) continue;
        const end = b.at(s);
        if (!((end && end.side === side) || b.isCorner(s))) continue;
        if (
          !row.every((m) => {
            const f = b.at([m[0] + inward[0], m[1] + inward[1]]);
            return f !== null && f.side === side;
          })
        )
          continue;
        out.push(...row.filter((m) => b.at(m)!.type !== 'king'));
      }
    }
    return out;
  }

  private find(test: (cell: NonNullable<Cell>) => boolean): Sq[] {
    const out: Sq[] = [];
    for (let f = 0; f < this.size; f++)
      for (let r = 0; r < this.size; r++) {
        const c = this.at([f, r]);
        if (c && test(c)) out.push([f, r]);
      }
    return out;
  }

  /** The squares reachable from `start` through squares passing `open`, `start` included. */
  private flood(start: Sq, open: (sq: Sq) => boolean): Sq[] {
    const seen = new Set([`${start}`]);
    const region: Sq[] = [start];
    for (let i = 0; i < region.length; i++) {
      for (const [df, dr] of DIRS) {
        const t: Sq = [region[i][0] + df, region[i][1] + dr];
        if (this.on(t) && !seen.has(`${t}`) && open(t)) {
          seen.add(`${t}`);
          region.push(t);
        }
      }
    }
    return region;
  }

  /** Exit fort (sections 4, 8.5), the static test. */
  fortHolds(): boolean {
    const [king] = this.find((c) => c.type === 'king');
    if (!king || !this.isEdge(king) || this.moves(king).length === 0) return false;
    const region = this.flood(king, (sq) => this.at(sq) === null);
    if (region.length < 2) return false;
    const inR = (sq: Sq) => region.some((x) => x[0] === sq[0] && x[1] === sq[1]);
    const wall: Sq[] = [];
    for (const sq of region) {
      for (const [df, dr] of DIRS) {
        const t: Sq = [sq[0] + df, sq[1] + dr];
        if (this.on(t) && this.at(t) !== null && !inR(t) && !wall.some((w) => w[0] === t[0] && w[1] === t[1])) wall.push(t);
      }
    }
    if (wall.some((sq) => this.at(sq)!.side !== 1)) return false;
    const inW = (sq: Sq) => wall.some((w) => w[0] === sq[0] && w[1] === sq[1]);
    const safe = (sq: Sq) => !this.on(sq) || (!this.isCorner(sq) && (inR(sq) || this.at(sq)?.side === 1));
    for (const [f, r] of wall) {
      if (!safe([f - 1, r]) && !safe([f + 1, r])) return false;
      if (!safe([f, r - 1]) && !safe([f, r + 1])) return false;
    }
    if (!this.rules.shieldWall) return true;
    const n = this.size - 1;
    const edges: { onEdge: (sq: Sq) => boolean; inward: Sq; along: Sq }[] = [
      { onEdge: ([, r]) => r === 0, inward: [0, 1], along: [1, 0] },
      { onEdge: ([, r]) => r === n, inward: [0, -1], along: [1, 0] },
      { onEdge: ([f]) => f === 0, inward: [1, 0], along: [0, 1] },
      { onEdge: ([f]) => f === n, inward: [-1, 0], along: [0, 1] },
    ];
    const guards = (sq: Sq) => !this.on(sq) || (!this.isCorner(sq) && (inR(sq) || inW(sq)));
    for (const { onEdge, inward, along } of edges) {
      for (const start of wall.filter(onEdge)) {
        const before: Sq = [start[0] - along[0], start[1] - along[1]];
        if (inW(before) && onEdge(before)) continue;
        const run: Sq[] = [];
        for (let sq = start; inW(sq) && onEdge(sq); sq = [sq[0] + along[0], sq[1] + along[1]]) run.push(sq);
        if (run.length < 2) continue;
        const last = run[run.length - 1];
        const after: Sq = [last[0] + along[0], last[1] + along[1]];
        const fronted = run.some(([f, r]) => inR([f + inward[0], r + inward[1]]) || inW([f + inward[0], r + inward[1]]));
        if (!fronted && !guards(before) && !guards(after)) return false;
      }
    }
    return true;
  }

  /** Encirclement (sections 4, 8.6). */
  encircled(): boolean {
    const [king] = this.find((c) => c.type === 'king');
    if (!king || this.isEdge(king)) return false;
    const region = this.flood(king, (sq) => this.at(sq)?.side !== 0);
    if (region.some((sq) => this.isEdge(sq))) return false;
    return region.filter((sq) => this.at(sq) !== null).length === this.find((c) => c.side === 1).length;
  }
}

const key = (sqs: Sq[]) =>
  sqs
    .map(([f, r]) => `${f},${r}`)
    .sort()
    .join(' ');

/** The legal steps by the reference, as engine step integers. */
function referenceSteps(pos: Position, berserker: Sq | null, history: string[]): number[] {
  const b = Board.of(pos);
  const sq = ([f, r]: Sq) => toSquare(pos.geo.stride, f, r);
  const steps: number[] = [];
  if (berserker) {
    const king = b.at(berserker)!.type === 'king';
    for (const to of b.moves(berserker)) {
      if ((king && b.isCorner(to)) || b.captures(berserker, to).length > 0) steps.push(makeStep(sq(berserker), sq(to)));
    }
    steps.push(END_RUN);
    return steps;
  }
  for (let f = 0; f < b.size; f++) {
    for (let r = 0; r < b.size; r++) {
      const cell = b.at([f, r]);
      if (!cell || cell.side !== pos.side) continue;
      for (const to of b.moves([f, r])) {
        const step = makeStep(sq([f, r]), sq(to));
        const defendersForbidden = pos.rules.repetition === 'defenders-forbidden' && pos.side === 1;
        if (pos.rules.repetition === 'forbidden' || defendersForbidden) {
          // Would the turn make the third occurrence (section 5, 8.7), or under hnefatafl.org's rule
          // bring back an earlier position for the defenders? Only a turn without captures can.
          pos.makeStep(step);
          const repeats = pos.berserker === -1 ? history.filter((h) => h === positionKey(pos)).length : 0;
          pos.unmakeStep();
          if (repeats >= (defendersForbidden ? 1 : 2) && b.captures([f, r], to).length === 0) continue;
        }
        steps.push(step);
      }
    }
  }
  return steps;
}

/** Board and side to move (the hash is checked against freshly loaded positions in makeUnmake.test.ts). */
function positionKey(pos: Position): string {
  return `${pos.hashLo},${pos.hashHi}`;
}

/**
 * A random step, biased towards tactics so that rare rules come up: captures weigh most, then steps
 * landing next to an enemy, then steps onto the edge.
 */
function pickStep(pos: Position, steps: number[], next: () => number): number {
  const b = Board.of(pos);
  const stride = pos.geo.stride;
  const weights = steps.map((step) => {
    if (step === END_RUN) return 1;
    const from: Sq = [((step & 511) % stride) - 1, Math.floor((step & 511) / stride) - 1];
    const to: Sq = [((step >>> 9) % stride) - 1, Math.floor((step >>> 9) / stride) - 1];
    if (b.captures(from, to).length > 0) return 12;
    const nextToEnemy = DIRS.some(([df, dr]) => {
      const c = b.at([to[0] + df, to[1] + dr]);
      return c !== null && c.side !== pos.side;
    });
    return nextToEnemy ? 4 : b.isEdge(to) ? 2 : 1;
  });
  let x = next() * weights.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < steps.length; i++) if ((x -= weights[i]) < 0) return steps[i];
  return steps[steps.length - 1];
}

/** Follows a game step by step, checking each position and step against the reference. */
class Referee {
  private berserker: Sq | null = null;
  private history: string[];
  private readonly buffer = new Int32Array(8192);
  checked = 0;
  forts = 0;
  encirclements = 0;
  /** Turns ended since the start. */
  turns = 0;

  constructor(
    readonly pos: Position,
    readonly name: string,
  ) {
    this.history = [positionKey(pos)];
  }

  /** The engine's legal steps, checked against the reference's. */
  legalSteps(where: string): number[] {
    const n = generateSteps(this.pos, this.buffer, 0);
    const engine = Array.from(this.buffer.subarray(0, n)).sort((a, b) => a - b);
    expect(engine, `${this.name} ${where}: legal steps`).toEqual(
      referenceSteps(this.pos, this.berserker, this.history).sort((a, b) => a - b),
    );
    return engine;
  }

  /** Makes a step, checking its captures, the escape or king capture, and whether the run goes on. */
  makeStep(step: number, where: string): void {
    const pos = this.pos;
    const label = `${this.name} ${where}`;
    const mover = pos.side;
    if (step === END_RUN) {
      pos.makeStep(step);
      this.berserker = null;
      this.history.push(positionKey(pos));
      this.checkTurnEnd(mover, label);
      return;
    }
    const stride = pos.geo.stride;
    const from: Sq = [((step & 511) % stride) - 1, Math.floor((step & 511) / stride) - 1];
    const to: Sq = [((step >>> 9) % stride) - 1, Math.floor((step >>> 9) / stride) - 1];
    const before = Board.of(pos);
    const expected = before.captures(from, to);
    pos.makeStep(step);
    const after = Board.of(pos);
    const emptied: Sq[] = [];
    for (let f = 0; f < before.size; f++) {
      for (let r = 0; r < before.size; r++) {
        if (before.at([f, r]) && !after.at([f, r]) && !(f === from[0] && r === from[1])) emptied.push([f, r]);
      }
    }
    expect(key(emptied), `${label}: captures of ${makeSquare(pos.geo, step & 511)}${makeSquare(pos.geo, step >>> 9)}`).toBe(key(expected));
    this.checked++;
    const kingTaken = expected.some((sq) => before.at(sq)!.type === 'king');
    const escaped = before.at(from)!.type === 'king' && (pos.rules.escape === 'corner' ? before.isCorner(to) : before.isEdge(to));
    if (kingTaken) expect([pos.winner, pos.reason], label).toEqual([0, 1]);
    else if (escaped) expect([pos.winner, pos.reason], label).toEqual([1, 0]);
    // The run goes on exactly when the piece captured and has a capturing step (or the king a corner step).
    const goesOn =
      pos.rules.berserk &&
      expected.length > 0 &&
      pos.winner === -1 &&
      after.moves(to).some((t) => (after.at(to)!.type === 'king' && after.isCorner(t)) || after.captures(to, t).length > 0);
    expect(pos.berserker !== -1, `${label}: berserker`).toBe(goesOn);
    this.berserker = goesOn ? to : null;
    // Positions before a capture cannot come back.
    if (expected.length > 0) this.history = [];
    if (!goesOn) this.history.push(positionKey(pos));
    if (!goesOn && !kingTaken && !escaped) this.checkTurnEnd(mover, label);
  }

  /** After a turn: the exit fort (after the defenders'), encirclement (after the attackers'), the rules' turn limit. */
  private checkTurnEnd(mover: number, label: string): void {
    const pos = this.pos;
    this.turns++;
    const b = Board.of(pos);
    if (mover === 1 && pos.rules.exitFort && b.fortHolds()) {
      expect([pos.winner, pos.reason], `${label}: fort`).toEqual([1, 2]);
      this.forts++;
    } else if (mover === 0 && pos.rules.encirclement && b.encircled()) {
      expect([pos.winner, pos.reason], `${label}: encirclement`).toEqual([0, 3]);
      this.encirclements++;
    } else if (this.turns === pos.rules.turnLimit && pos.pieceCount[0] > 0) {
      expect([pos.winner, pos.reason], `${label}: the turn limit`).toEqual([2, 7]);
    } else if (pos.winner !== -1) {
      // hnefatafl.org's adjudication has its own tests (hnefataflOrg.test.ts).
      const reasons = pos.rules.cannotEscape === true ? [4, 6] : [4];
      expect(reasons, `${label}: only repetition may end the game here`).toContain(pos.reason);
    }
  }
}

function playout(rules: RuleSet, seed: number, maxSteps: number): number {
  const next = makeRandom(seed);
  const referee = new Referee(Position.start(rules), `${rules.name} seed ${seed}`);
  for (let i = 0; i < maxSteps && referee.pos.winner === -1; i++) {
    const steps = referee.legalSteps(`step ${i}`);
    if (steps.length === 0) break;
    referee.makeStep(pickStep(referee.pos, steps, next), `step ${i}`);
  }
  return referee.checked;
}

const endings = { forts: 0, encirclements: 0 };

/** Walks the turns of recorded games (records.test.ts replays them) through the referee. */
function recordedGames(file: string, variant: string, every: number): number {
  const path = join(DATA_DIR, file);
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line, i) => line.trim() !== '' && i % every === 0);
  let checked = 0;
  for (const line of lines) {
    const record = parseGameRecord(line);
    if (!record.ok) continue;
    const replay = replayRecord(VARIANTS[variant], record.value);
    if (!replay.complete) continue;
    // The replay may have used another start (berserk, knight on f7): take the one it ended on.
    const start = replay.position.clone();
    while (start.ply > 0) start.unmakeStep();
    const referee = new Referee(start, record.value.id);
    replay.turns.forEach((turn, t) => {
      turn.forEach((step, i) => {
        referee.legalSteps(`turn ${t + 1} step ${i + 1}`);
        referee.makeStep(step, `turn ${t + 1} step ${i + 1}`);
      });
      if (referee.pos.berserker !== -1) referee.makeStep(END_RUN, `turn ${t + 1} end`);
    });
    checked += referee.checked;
    endings.forts += referee.forts;
    endings.encirclements += referee.encirclements;
  }
  return checked;
}

describe('the engine agrees with a plain reference of the rules', () => {
  for (const id of VARIANT_IDS) {
    it(`${id}: steps, captures, escapes, king captures and runs in random games`, () => {
      let checked = 0;
      const games = id === 'alea-evangelii' ? 3 : 12;
      for (let seed = 1; seed <= games; seed++) checked += playout(VARIANTS[id], seed * 104729 + id.length, 250);
      expect(checked).toBeGreaterThan(games * 20);
    });
  }

  it.skipIf(!existsSync(DATA_DIR))('berserk and copenhagen: along recorded games', () => {
    expect(recordedGames('aagenielsen-berserk.jsonl', 'berserk', 20)).toBeGreaterThan(1000);
    expect(recordedGames('aagenielsen-copenhagen.jsonl', 'copenhagen', 200)).toBeGreaterThan(1000);
    console.log(`recorded games: ${endings.forts} forts, ${endings.encirclements} encirclements confirmed`);
  });
});
