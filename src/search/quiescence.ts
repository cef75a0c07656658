// The quiescence search below the main search's horizon: captures (and the king's escapes) until the
// position is quiet, with a stand-pat on the static evaluation; threats are answered without one for
// THREAT_PLIES plies: an open escape line (the attackers block or capture), a king the next attacker
// step could take (the defenders try every step). It shares the main search's step stack, pickers,
// principal variations, node count (through its host) and hash table: its results are stored at
// depth 0, below every main search entry, which it never overwrites.

import { ATTACKERS, DEFENDERS, END_RUN, generateSteps, NO_SQUARE, NO_WINNER, stepMayCapture, type Position } from '../engine/index.js';
import type { CaptureGenerator } from './ordering/captures.js';
import type { SearchArena } from './kernels/arena.js';
import { kingOpenLines } from './evaluation/evaluate.js';
import { DELTA_MARGIN, MAX_PLY, NO_STEP, THREAT_PLIES } from './params.js';
import type { PvTable } from './pvTable.js';
import { INFINITE, MATE, scoreFromTT, scoreToTT, terminalScore } from './score.js';
import type { StepPicker } from './ordering/stepPicker.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, type TranspositionTable } from './tt.js';

/** What the quiescence search asks of the main search. */
export interface QuiescenceHost {
  /** Set once the search must stop. */
  readonly aborted: boolean;
  /** Counts a node at `ply`; false once the search must stop. */
  visit(ply: number): boolean;
  /** The static evaluation of the current position, from the side to move's view. */
  staticEval(): number;
}

export class Quiescence {
  private pos!: Position;
  private escapeFlag = 0;
  private generator!: CaptureGenerator;
  private tt!: TranspositionTable;

  constructor(
    private readonly host: QuiescenceHost,
    private readonly steps: Int32Array,
    private readonly pickers: readonly StepPicker[],
    private readonly stackBase: Int32Array,
    private readonly pv: PvTable,
    /** The searcher's arena (it holds the position searched), or null. */
    private readonly arena: SearchArena | null = null,
  ) {}

  /** The position of the search, its escape squares' flag, its capture generator and its hash table. */
  prepare(pos: Position, escapeFlag: number, generator: CaptureGenerator, tt: TranspositionTable): void {
    this.pos = pos;
    this.tt = tt;
    this.escapeFlag = escapeFlag;
    this.generator = generator;
  }

  /** Captures (and the king's escapes) until the position is quiet; open escape lines must be answered. */
  search(alpha: number, beta: number, ply: number, turnPly: number, sp: number, qply: number): number {
    const pos = this.pos;
    this.pv.clear(ply);
    if (pos.winner !== NO_WINNER) return terminalScore(pos, turnPly);
    if (!this.host.visit(ply)) return 0;
    if (ply >= MAX_PLY - 2) return this.host.staticEval();

    // Any entry decides here when its bound does: the main search's are deeper than this node.
    const tt = this.tt;
    let storeHere = true;
    if (tt.probe(pos.hashLo, pos.hashHi)) {
      const score = scoreFromTT(tt.hitScore, turnPly);
      const bound = tt.hitBound;
      if (bound === BOUND_EXACT || (bound === BOUND_LOWER && score >= beta) || (bound === BOUND_UPPER && score <= alpha)) return score;
      // A main search entry is worth more than this node's result: keep it.
      storeHere = tt.hitDepth === 0;
    }
    // Past THREAT_PLIES threats go unanswered: such a result must not stand for a node that answers them.
    if (qply >= THREAT_PLIES) storeHere = false;
    const alphaStart = alpha;

    const side = pos.side;
    const midRun = pos.berserker !== NO_SQUARE;
    // By the arena's kernel where there is one (the two agree: kernels.test.ts).
    const arena = this.arena;
    const openLines =
      pos.kingSq === NO_SQUARE
        ? 0
        : arena !== null
          ? arena.kingOpenLines(pos.kingSq, this.escapeFlag)
          : kingOpenLines(pos, this.escapeFlag);
    // The defenders, free to move the king, escape now.
    if (side === DEFENDERS && !midRun && openLines > 0) return MATE - turnPly - 1;
    const generator = this.generator;
    // The attackers must answer an open line; the defenders, a king the next step could take.
    const threatened =
      qply < THREAT_PLIES && (side === ATTACKERS ? openLines > 0 : !midRun && pos.kingSq !== NO_SQUARE && generator.kingInDanger(pos));

    let best = -INFINITE;
    if (!threatened) {
      best = this.host.staticEval();
      if (best >= beta) {
        if (storeHere) tt.store(pos.hashLo, pos.hashHi, 0, scoreToTT(best, turnPly), 0, BOUND_LOWER);
        return best;
      }
      if (best > alpha) alpha = best;
    }
    // Captures only; mid-run the continuations (all capture or escape; END_RUN is the stand-pat,
    // searched only when threatened); against an open line the attackers' blocks and captures (any
    // other step loses); with the king in danger every defenders' step.
    const steps = this.steps;
    const n = midRun
      ? generateSteps(pos, steps, sp)
      : !threatened
        ? generator.generate(pos, steps, sp)
        : side === ATTACKERS
          ? generator.generateThreatAnswers(pos, this.escapeFlag, steps, sp)
          : generateSteps(pos, steps, sp);
    // No answer to an open line: the king escapes at the end of the defenders' next turn, two turn ends
    // from here (the defenders with no step at all lose now).
    if (n === 0) return threatened ? -(MATE - turnPly - (side === ATTACKERS ? 2 : 0)) : best;
    const end = sp + n;
    this.stackBase[ply + 1] = end;
    const picker = this.pickers[ply];
    picker.startCaptures(sp, end);
    let bestStep = 0;
    for (let step = picker.next(); step !== NO_STEP; step = picker.next()) {
      if (step === END_RUN && !threatened) continue;
      // A forced run's quiet steps (they end the turn) are left to the stand-pat, like END_RUN.
      if (midRun && !threatened && pos.rules.berserkForced && !stepMayCapture(pos, step)) continue;
      // Delta pruning: a capture that cannot lift the stand-pat to alpha (nor can any after it).
      if (!threatened && !midRun && best + picker.value() + DELTA_MARGIN < alpha) break;
      pos.makeStep(step);
      const score =
        pos.side === side
          ? this.search(alpha, beta, ply + 1, turnPly, end, qply + 1)
          : 0 - this.search(0 - beta, 0 - alpha, ply + 1, turnPly + 1, end, qply + 1); // 0 - x: no -0 (searcher.ts, child())
      pos.unmakeStep();
      if (this.host.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          bestStep = step;
          this.pv.update(ply, step);
          if (score >= beta) break;
        }
      }
    }
    if (storeHere) {
      const bound = best >= beta ? BOUND_LOWER : best > alphaStart ? BOUND_EXACT : BOUND_UPPER;
      tt.store(pos.hashLo, pos.hashHi, bestStep, scoreToTT(best, turnPly), 0, bound);
    }
    return best;
  }
}
