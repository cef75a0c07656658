// The layout of a searcher's arena (arena.ts): the position's memory at address 0 (Mem), the scratch
// slots after it, then the step stack; and the records the kernels (kernels/) share with their callers.
// Read by the TypeScript and by the AssemblyScript kernels alike, so it imports only modules that
// AssemblyScript compiles too (constants, no types of the engine).

import { Mem } from '../../engine/layout';
import { MAX_PLY, STEP_STACK } from '../params';

/** The arena's scratch slots, each Mem.Region int32s, after the position's memory. */
export const enum ArenaSlot {
  CaptureStamp,
  CaptureSquares,
  ScorerSpecial,
  ScorerCaptureStamp,
  ScorerSquares,
  /** The four directions in bytes (dirs order), written when a position is placed; kingSlides' ray table after them. */
  KingRays,
  /** The evaluation's features, and its weights EVAL_WEIGHTS int32s further (weightedSum). */
  EvalTerms,
  /** findCaptures' kernel: the rules' constants, then the squares it finds (CaptureSlot). */
  Captures,
  /** The steps captureSteps and continuations find: at most eight onto each square. */
  CaptureSteps,
  /** StepScorer's stamps of the king's open lines and of his routes. */
  ScorerLines = CaptureSteps + 8,
  ScorerRoutes,
  /** The rules' slide flags by slideKey, noStop | block << 8 (quietSteps). */
  SlideTable,
  /** attackerScan's tables and sums (AttackerSlot): four slots. */
  AttackerScan,
  /** captureSquares' listing values while it runs (kernels/captureSquares.ts). */
  CaptureSquaresState = AttackerScan + 4,
  /** The step pickers' squares, one slot per ply (PickerSquares + ply - 1). */
  PickerSquares,
  Count = PickerSquares + MAX_PLY,
}

/** Where the weights are in the EvalTerms slot (int32s). */
export const EVAL_WEIGHTS = 64;
/** The step stack (int32s): its steps, then their ordering values STEP_STACK further. */
export const STEP_STACK_START = Mem.Size + ArenaSlot.Count * Mem.Region;
/**
 * The learned evaluation's region (bytes), after the step stack: its network's weights and its hidden
 * sums (networkKernel.ts lays them out). A network too large for it is run in JavaScript.
 */
export const NETWORK_START = (STEP_STACK_START + 2 * STEP_STACK) * 4;
export const NETWORK_BYTES = 2 << 20;
/** The arena's size in bytes. */
export const ARENA_BYTES = NETWORK_START + NETWORK_BYTES;

/** The int32s of the Captures slot: the rules' constants (captureRules writes them), then the squares found. */
export const enum CaptureSlot {
  StrideBytes,
  /** KING where the king captures nothing (and is no anvil), else 0. */
  UnarmedKing,
  /**
   * Pairs, the attackers' then the defenders' (the mover's): the flags of squares hostile to its victims
   * when empty, and when occupied.
   */
  HostileEmpty = 2,
  HostileOccupied = 4,
  /** The throne's address (bytes), or far below 0 (no square is its neighbour). */
  Throne = 6,
  /** A KingRule. */
  King,
  CommandersCaptureKing,
  CommandersNextToThrone,
  /** SQ_CORNER where corners are hostile to the king, else 0. */
  CornerHostileToKing,
  /** The flags of squares that close a side of the king when empty, and when occupied. */
  KingHostileEmpty,
  KingHostileOccupied,
  /** SQ_EDGE under shield walls, else 0. */
  WallFlag,
  Linnaean,
  /**
   * For each edge (rank 1, the last rank, file a, the last file, as findShieldWalls takes them): the step
   * off the board beyond it, the step inwards, and the first way along it (the second is the opposite).
   */
  WallTable,
  /** 1 where pieces jump, 1 where they jump over their own. */
  Jumps = WallTable + 12,
  JumpOverOwn,
  /** SQ_CORNER where the king's corner steps continue a berserk run (runs not forced), else 0. */
  KingCorner,
  /** The squares captured, from here on. */
  Found = 32,
}

/** The king's capture rules (RuleSet.king), as the Captures slot holds them. */
export const enum KingRule {
  Strong,
  Weak,
  Mixed,
  Middleweight,
}

/** The tables' and the sums' places in the AttackerScan slots, in int32s (each table one int32 per padded square). */
export const enum AttackerSlot {
  CornerGuard = 0,
  BoxBitsLow = Mem.Region,
  BoxBitsHigh = 2 * Mem.Region,
  /** The sums attackerScan writes, in AttackerSum's order. */
  Sums = 3 * Mem.Region,
  Size = Sums + 5,
}

export const enum AttackerSum {
  Chain,
  Guards,
  Specials,
  BoxesLow,
  BoxesHigh,
}

/**
 * The king's walks of the evaluation packed into one int32 (kingFeatures): his open lines, routes,
 * mobility, the attackers and defenders beside him at these shifts, and the slides to a square that
 * sees an escape square (1 - 4) in the top bits.
 */
export const enum KingWalk {
  Routes = 4,
  Mobility = 12,
  Attackers = 20,
  Defenders = 24,
  Slides = 28,
  /** Open lines, attackers and defenders take 4 bits, routes and mobility 8. */
  SmallMask = 15,
  LargeMask = 255,
}
