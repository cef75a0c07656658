// Static evaluation: a linear sum of tafl features (weights.ts), from the side to move's view.
// Features are counted from the defenders' view (attacker counts enter negated), so that one weight
// vector serves both sides and the tuner sees a plain linear model.

import {
  ATTACKER_BIT,
  DEFENDER_BIT,
  DEFENDERS,
  EMPTY,
  fileOf,
  KING,
  Mem,
  NO_SQUARE,
  rankOf,
  SQ_CORNER,
  SQ_EDGE,
  TYPE_MASK,
  toSquare,
  type Geometry,
  type Position,
  type RuleSet,
} from '../../engine/index.js';
import type { SearchArena } from '../kernels/arena.js';
import { KingWalk } from '../kernels/arenaLayout.js';
import { AttackerTerms } from './attackerTerms.js';
import { CORNER_BOX_SQUARES, cornerBoxes, sealDistanceTable } from './cornerSeal.js';
import { hunters, LoneKingMeasures, menMobility } from './loneKing.js';
import {
  F_ATTACKER_CHAIN,
  F_ATTACKER_MEN,
  F_BALANCE,
  F_ATTACKER_SPECIALS,
  F_CORNER_GUARDS,
  F_CORNERS_NEAR_SEALED,
  F_CORNERS_SEALED,
  F_DEFENDER_MEN,
  F_DEFENDER_SPECIALS,
  F_ESCAPE_DISTANCE,
  F_ESCAPE_SPEED,
  F_KING_ATTACKERS,
  F_KING_DEFENDERS,
  F_KING_MOBILITY,
  F_KING_OPEN_LINES,
  F_KING_ROUTES,
  F_LONE_HUNT,
  F_LONE_MEN,
  F_LONE_MEN_MOBILITY,
  F_LONE_REACH,
  F_LONE_REGION,
  F_LONE_REGION_EDGE,
  F_TEMPO,
  FEATURE_COUNT,
  FEATURE_NAMES,
  familyOf,
  LONE_KING_MEN,
  LONE_MAN_MOBILITY,
  WEIGHTS,
} from './weights.js';

/** The king's features, zero without a king. */
const KING_FEATURES = Int32Array.of(
  F_ESCAPE_SPEED,
  F_ESCAPE_DISTANCE,
  F_KING_OPEN_LINES,
  F_KING_ROUTES,
  F_KING_MOBILITY,
  F_KING_ATTACKERS,
  F_KING_DEFENDERS,
);

/** The bits of one corner's box in a mask. */
const BOX_MASK = (1 << CORNER_BOX_SQUARES) - 1;
/** The lone-men feature by men short of LONE_KING_MEN: the last man counts twice the one before it. */
const LONE_MEN_SHORT = Int32Array.of(0, -1, -3);

export class Evaluator {
  readonly rules: RuleSet;
  readonly weights: Int32Array;
  /** The features last computed: on the searcher's arena, if it has one (startSearch). */
  features = new Int32Array(FEATURE_COUNT);
  /** The flag of the squares the king escapes to (corners or the edge). */
  readonly escapeFlag: number;
  /** The searcher's arena (startSearch), or null. */
  private arena: SearchArena | null = null;
  /** Per padded square: the king's distance (in squares, Manhattan) to the nearest escape square. */
  private readonly escapeDistance: Uint8Array;
  /** Per padded square: 1 where an attacker guards a corner's approaches. */
  private readonly cornerGuard: Uint8Array;
  /** Whether the corners' seals are judged (cornerSeal.ts): the king escapes to the board's corners. */
  private readonly sealed: boolean;
  /**
   * Per padded square: its bit in the attackers' mask of its corner's box (cornerSeal.ts), the first two
   * corners' in bits 0..14 and 16..30 of boxBitsLow, the other two's in boxBitsHigh; 0 outside the boxes.
   * AttackerTerms gathers the four masks over the attackers, instead of a look at every square of the boxes.
   */
  private readonly boxBitsLow: Int32Array;
  private readonly boxBitsHigh: Int32Array;
  private readonly sealDistance: Uint8Array;
  /** The board's four corner squares, in the order of cornerBoxes(). */
  private readonly cornerSquares: Int32Array;
  /** The lone king's measures, or undefined where their weights are 0. */
  private readonly loneKing: LoneKingMeasures | undefined;
  /**
   * Whether the lone king's hunters go after his men too: where their moves are weighed (a king caged
   * on an edge square is won by leaving his side no move); else the king alone (Berserk, where hunting
   * the men finished no more lone kings: BENCHMARKS.md).
   */
  private readonly huntMen: boolean;
  /** Whether knights or commanders may stand on the board (see startSearch). */
  private specials = true;
  /** The sums over the attackers, kept along the position's path. */
  private readonly attackerTerms: AttackerTerms;

  constructor(pos: Position, weights?: ArrayLike<number>) {
    this.rules = pos.rules;
    this.weights = Int32Array.from(weights ?? WEIGHTS[familyOf(pos.rules)]);
    const { geo, rules } = pos;
    this.escapeFlag = rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
    this.escapeDistance = new Uint8Array(geo.cells);
    this.cornerGuard = new Uint8Array(geo.cells);
    // The seals are judged at the board's own corners only (not where rules put corners elsewhere), and
    // only on boards of 11 squares or more: on smaller ones the four corner boxes cover most of the
    // board, and the seals were measured on 11x11 only. Weights of 0 skip the work.
    const weighted = this.weights[F_CORNERS_SEALED] !== 0 || this.weights[F_CORNERS_NEAR_SEALED] !== 0;
    const corners = weighted && rules.escape === 'corner' && rules.hasCorners && !rules.cornerSquares && geo.size >= 11;
    const boxes = corners ? cornerBoxes(geo.size, geo.stride) : new Int32Array(0);
    this.sealed = boxes.length > 0;
    this.sealDistance = this.sealed ? sealDistanceTable() : new Uint8Array(0);
    const last = geo.size - 1;
    this.cornerSquares = Int32Array.of(
      toSquare(geo.stride, 0, 0),
      toSquare(geo.stride, last, 0),
      toSquare(geo.stride, 0, last),
      toSquare(geo.stride, last, last),
    );
    // The lone king's usual values assume four corners sealed on the board, so only where the seals are judged.
    const lone =
      this.sealed && (this.weights[F_LONE_REGION_EDGE] !== 0 || this.weights[F_LONE_REACH] !== 0 || this.weights[F_LONE_REGION] !== 0);
    this.loneKing = lone ? new LoneKingMeasures(geo) : undefined;
    this.huntMen = this.weights[F_LONE_MEN_MOBILITY] !== 0;
    this.boxBitsLow = new Int32Array(geo.cells);
    this.boxBitsHigh = new Int32Array(geo.cells);
    for (let i = 0; i < boxes.length; i++) {
      const corner = Math.floor(i / CORNER_BOX_SQUARES);
      const bit = 1 << ((i % CORNER_BOX_SQUARES) + (corner & 1) * 16);
      (corner < 2 ? this.boxBitsLow : this.boxBitsHigh)[boxes[i]] |= bit;
    }
    for (let sq = 0; sq < geo.cells; sq++) {
      const file = fileOf(geo.stride, sq);
      const rank = rankOf(geo.stride, sq);
      if (file < 0 || rank < 0 || file > last || rank > last) continue;
      const toEdge = Math.min(file, rank, last - file, last - rank);
      if (rules.escape === 'edge' || !rules.hasCorners) {
        this.escapeDistance[sq] = toEdge;
        continue;
      }
      const df = Math.min(file, last - file);
      const dr = Math.min(rank, last - rank);
      this.escapeDistance[sq] = df + dr;
      if (rules.cornerSquares) {
        // Corners elsewhere (OpenTafl's Alea Evangelii, puzzles): the way to the nearest one.
        this.escapeDistance[sq] = nearestCorner(geo, sq);
        continue;
      }
      // The squares from which attackers block a corner without standing next to it.
      const guard =
        (df === 0 && dr === 2) || (df === 2 && dr === 0) || (df === 1 && dr === 1) || (df === 1 && dr === 2) || (df === 2 && dr === 1);
      if (guard) this.cornerGuard[sq] = 1;
    }
    this.attackerTerms = new AttackerTerms(this.cornerGuard, this.boxBitsLow, this.boxBitsHigh, this.sealed);
  }

  /**
   * Before a search from `pos`: where it has no knights and no commanders, no position of the search
   * has (tafl promotes nobody), and the evaluation skips counting them. With the searcher's arena (which
   * then holds the positions evaluated), the king's walks are its kernel's.
   */
  startSearch(pos: Position, arena: SearchArena | null = null): void {
    this.arena = arena;
    this.features = arena !== null ? arena.evalFeatures(this.weights) : new Int32Array(FEATURE_COUNT);
    this.specials = false;
    for (let side = 0; side < 2; side++) {
      const list = pos.pieceList[side];
      for (let i = 0; i < pos.pieceCount[side]; i++) {
        const piece = pos.board[list[i]];
        if (piece !== KING && (piece & TYPE_MASK) !== 0) this.specials = true;
      }
    }
    this.attackerTerms.reset();
    this.attackerTerms.useArena(arena);
  }

  /** The evaluation in centipawns from the side to move's view. */
  evaluate(pos: Position): number {
    const f = this.features;
    // By the arena's kernels where there is one (f is then on it, the weights beside it): with a king, his
    // walks and the sum in one call; else here (the two agree: test/search/kernels.test.ts).
    const arena = this.arena;
    let score: number;
    if (arena !== null) {
      this.featuresButWalks(pos, f);
      const king = pos.kingSq;
      score = king === NO_SQUARE ? arena.weightedSum() : arena.kingEvaluation(king, this.escapeFlag);
    } else {
      this.computeFeatures(pos, f);
      score = weightedSum(f, this.weights);
    }
    // 0 - score: -score of 0 is -0, which deoptimizes the compiled search the first time it appears.
    return pos.side === DEFENDERS ? score : 0 - score;
  }

  /** Writes the features of `pos` (defenders' view) into `f`. */
  computeFeatures(pos: Position, f: Int32Array): void {
    this.featuresButWalks(pos, f);
    if (pos.kingSq !== NO_SQUARE) this.kingWalks(pos, pos.kingSq, f);
  }

  /** The features but the king's walks (kingWalks), which are zero without a king. */
  private featuresButWalks(pos: Position, f: Int32Array): void {
    const board = pos.board;
    const attackerCount = pos.pieceCount[0];
    const specials = this.specials;
    const terms = this.attackerTerms;
    terms.compute(pos, specials);
    const attackerSpecials = terms.specials;
    const guards = terms.guards;
    const chain = terms.chain;
    const boxesLow = terms.boxesLow;
    const boxesHigh = terms.boxesHigh;
    const defenderCount = pos.pieceCount[1];
    const king = pos.kingSq;
    let defenderSpecials = 0;
    // Strict boolean tests (here and in cornerSeals): compiled code does not know a field to hold a boolean.
    if (specials === true) {
      const defenders = pos.pieceList[1];
      for (let i = 0; i < defenderCount; i++) if ((board[defenders[i]] & TYPE_MASK) !== 0) defenderSpecials++;
      if (king !== NO_SQUARE) defenderSpecials--;
    }
    f[F_ATTACKER_MEN] = attackerSpecials - attackerCount;
    f[F_ATTACKER_SPECIALS] = -attackerSpecials;
    f[F_DEFENDER_MEN] = defenderCount - defenderSpecials - (king !== NO_SQUARE ? 1 : 0);
    f[F_DEFENDER_SPECIALS] = defenderSpecials;
    f[F_CORNER_GUARDS] = -guards;
    f[F_ATTACKER_CHAIN] = -chain;
    f[F_TEMPO] = pos.side === DEFENDERS ? 1 : -1;
    f[F_BALANCE] = 1;
    const loneKing = king !== NO_SQUARE && defenderCount - 1 <= LONE_KING_MEN ? this.loneKing : undefined;
    f[F_LONE_REGION_EDGE] = 0;
    f[F_LONE_REACH] = 0;
    f[F_LONE_REGION] = 0;
    if (loneKing !== undefined) {
      loneKing.measure(pos, king);
      f[F_LONE_REGION_EDGE] = loneKing.regionEdge - loneKing.usualRegionEdge;
      f[F_LONE_REACH] = loneKing.reach - loneKing.usualReach;
      f[F_LONE_REGION] = loneKing.regionSize - loneKing.usualRegionSize;
    }
    this.cornerSeals(boxesLow, boxesHigh, loneKing, f);
    const men = defenderCount - 1;
    const lone = king !== NO_SQUARE && men <= LONE_KING_MEN && f[F_CORNERS_SEALED] === -4;
    f[F_LONE_MEN] = lone ? LONE_MEN_SHORT[LONE_KING_MEN - men] : 0;
    f[F_LONE_HUNT] = lone && this.weights[F_LONE_HUNT] !== 0 ? -hunters(pos, king, this.huntMen) : 0;
    f[F_LONE_MEN_MOBILITY] = lone && this.weights[F_LONE_MEN_MOBILITY] !== 0 ? menMobility(pos) - LONE_MAN_MOBILITY * men : 0;
    if (king === NO_SQUARE) {
      for (const feature of KING_FEATURES) f[feature] = 0;
    } else {
      f[F_ESCAPE_DISTANCE] = -this.escapeDistance[king];
    }
  }

  /**
   * The seals of the four corners, from the attackers' masks of their boxes (two to a word, 16 bits
   * apart). Corners outside the lone king's region count as sealed whatever their boxes hold (a wall
   * further out shuts them), which frees the men of their seals.
   */
  private cornerSeals(boxesLow: number, boxesHigh: number, loneKing: LoneKingMeasures | undefined, f: Int32Array): void {
    let sealed = 0;
    let nearSealed = 0;
    if (this.sealed === true) {
      const distances = this.sealDistance;
      for (let corner = 0; corner < 4; corner++) {
        const word = corner < 2 ? boxesLow : boxesHigh;
        const distance = distances[(word >>> ((corner & 1) * 16)) & BOX_MASK];
        if (distance === 0 || (loneKing !== undefined && !loneKing.regionHolds(this.cornerSquares[corner]))) sealed++;
        else if (distance === 1) nearSealed++;
      }
    }
    f[F_CORNERS_SEALED] = -sealed;
    f[F_CORNERS_NEAR_SEALED] = -nearSealed;
  }

  /** The features of the king's walks, the king on `king`. */
  private kingWalks(pos: Position, king: number, f: Int32Array): void {
    // By the arena's kernel where there is one (it then holds pos), else in JavaScript (the two agree:
    // test/search/kernels.test.ts).
    const arena = this.arena;
    const walks = arena !== null ? arena.kingFeatures(king, this.escapeFlag) : this.walkKing(pos, king);
    f[F_ESCAPE_SPEED] = 4 - (walks >>> KingWalk.Slides);
    f[F_KING_OPEN_LINES] = walks & KingWalk.SmallMask;
    f[F_KING_ROUTES] = (walks >>> KingWalk.Routes) & KingWalk.LargeMask;
    f[F_KING_MOBILITY] = (walks >>> KingWalk.Mobility) & KingWalk.LargeMask;
    f[F_KING_ATTACKERS] = -((walks >>> KingWalk.Attackers) & KingWalk.SmallMask);
    f[F_KING_DEFENDERS] = (walks >>> KingWalk.Defenders) & KingWalk.SmallMask;
  }

  /** kingFeatures' walks from the king on `king`, packed (KingWalk). */
  private walkKing(pos: Position, king: number): number {
    let openLines = 0;
    let routes = 0;
    let mobility = 0;
    let kingAttackers = 0;
    let kingDefenders = 0;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    // The walks read board and flags from the position's memory: one array for V8 to check in each round.
    const m = pos.memory;
    const escapeFlag = this.escapeFlag;
    const corners = escapeFlag === SQ_CORNER;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      const next = m[Mem.Board + king + d];
      if ((next & ATTACKER_BIT) !== 0) kingAttackers++;
      else if ((next & DEFENDER_BIT) !== 0) kingDefenders++;
      // Squares across the ends of the line the king slides along (the other direction across is its opposite).
      const across = dirs[(i + 1) & 3];
      let to = king + d;
      while (m[Mem.Board + to] === EMPTY) {
        mobility++;
        const f = m[Mem.Flags + to];
        if ((f & escapeFlag) !== 0) {
          openLines++;
          break;
        }
        // (Under corner rules only from an edge square, as openLine tests: most squares are off the edges.)
        if (
          (!corners || (f & SQ_EDGE) !== 0) &&
          (openLine(board, flags, to, across, escapeFlag) || openLine(board, flags, to, -across, escapeFlag))
        )
          routes++;
        to += d;
      }
    }
    const slides = openLines > 0 ? 1 : routes > 0 ? 2 : this.slidesToEscape(pos, king);
    return (
      openLines |
      (routes << KingWalk.Routes) |
      (mobility << KingWalk.Mobility) |
      (kingAttackers << KingWalk.Attackers) |
      (kingDefenders << KingWalk.Defenders) |
      (slides << KingWalk.Slides)
    );
  }

  /** 3 if two king slides reach a square that sees an escape square, else 4 (the king has no open line and no route). */
  private slidesToEscape(pos: Position, king: number): number {
    return this.escapeFlag === SQ_CORNER ? this.slidesToCorner(pos, king) : this.slidesToEdge(pos, king);
  }

  /**
   * Corners: a square that sees a corner is an edge square with a clear run along the edge to it, so
   * a second slide can only find one where it stops on the edge.
   */
  private slidesToCorner(pos: Position, king: number): number {
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      for (let first = king + d; board[first] === EMPTY; first += d) {
        for (let j = (i + 1) & 1; j < 4; j += 2) {
          const e = dirs[j];
          let last = first;
          while (board[last + e] === EMPTY) last += e;
          if (last === first || (flags[last] & SQ_EDGE) === 0) continue;
          const along = dirs[(j + 1) & 3];
          if (openLine(board, flags, last, along, SQ_CORNER) || openLine(board, flags, last, -along, SQ_CORNER)) return 3;
        }
      }
    }
    return 4;
  }

  /**
   * Edges: a square two slides out (along d, then across) sees the edge only along d or against it:
   * the lines across were already looked at as routes from the first slide's squares.
   */
  private slidesToEdge(pos: Position, king: number): number {
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      for (let first = king + d; board[first] === EMPTY; first += d) {
        for (let j = (i + 1) & 1; j < 4; j += 2) {
          const e = dirs[j];
          for (let second = first + e; board[second] === EMPTY; second += e) {
            if (openLine(board, flags, second, d, SQ_EDGE) || openLine(board, flags, second, -d, SQ_EDGE)) return 3;
          }
        }
      }
    }
    return 4;
  }
}

/** Does a king on `from` see an escape square along direction `d` (through empty squares only)? */
export function openLine(board: Int32Array, flags: Uint8Array, from: number, d: number, escapeFlag: number): boolean {
  // A corner ends only the lines along an edge: elsewhere there is nothing to look for. (Most squares
  // are off the edges: the square itself first, so that its neighbour is read only for edge squares.)
  if (escapeFlag === SQ_CORNER && ((flags[from] & SQ_EDGE) === 0 || (flags[from + d] & SQ_EDGE) === 0)) return false;
  let to = from + d;
  while (board[to] === EMPTY) {
    if ((flags[to] & escapeFlag) !== 0) return true;
    to += d;
  }
  return false;
}

/** The features `f` times the weights `w`, summed. */
function weightedSum(f: Int32Array, w: Int32Array): number {
  let score = 0;
  // Integer products and sums (the features and weights are small): the compiled loop then has no
  // float conversion or overflow check. Three terms a round: each round checks the arrays again.
  let i = 0;
  for (; i + 2 < FEATURE_COUNT; i += 3)
    score = (score + Math.imul(f[i], w[i]) + Math.imul(f[i + 1], w[i + 1]) + Math.imul(f[i + 2], w[i + 2])) | 0;
  for (; i < FEATURE_COUNT; i++) score = (score + Math.imul(f[i], w[i])) | 0;
  return score;
}

/**
 * The number of lines along which the king could slide to an escape square right now (openLine's walks
 * from the king, written out for the search's every node: board and flags read from the position's
 * memory, one array for V8 to check, and no calls).
 */
export function kingOpenLines(pos: Position, escapeFlag: number): number {
  const king = pos.kingSq;
  if (king === NO_SQUARE) return 0;
  const m = pos.memory;
  const corners = escapeFlag === SQ_CORNER;
  // A line to a corner runs along an edge, from an edge square to an edge square (openLine's first test).
  if (corners && (m[Mem.Flags + king] & SQ_EDGE) === 0) return 0;
  const dirs = pos.geo.dirs;
  let lines = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    if (corners && (m[Mem.Flags + king + d] & SQ_EDGE) === 0) continue;
    for (let to = king + d; m[Mem.Board + to] === EMPTY; to += d) {
      if ((m[Mem.Flags + to] & escapeFlag) !== 0) {
        lines++;
        break;
      }
    }
  }
  return lines;
}

/** The static evaluation of `pos` and its weighted terms, from the side to move's view (centipawns). */
export function evaluate(pos: Position): { total: number; terms: Record<string, number> } {
  const evaluator = new Evaluator(pos);
  const total = evaluator.evaluate(pos);
  const sign = pos.side === DEFENDERS ? 1 : -1;
  const terms: Record<string, number> = {};
  for (let i = 0; i < FEATURE_COUNT; i++) terms[FEATURE_NAMES[i]] = sign * evaluator.features[i] * evaluator.weights[i];
  return { total, terms };
}

/** Steps along ranks and files from `sq` to the nearest corner square (rules with corners anywhere). */
function nearestCorner(geo: Geometry, sq: number): number {
  let best = 255;
  for (let corner = 0; corner < geo.cells; corner++) {
    if ((geo.flags[corner] & SQ_CORNER) === 0) continue;
    const distance = Math.abs(geo.fileIndex[corner] - geo.fileIndex[sq]) + Math.abs(geo.rankIndex[corner] - geo.rankIndex[sq]);
    best = Math.min(best, distance);
  }
  return best;
}
