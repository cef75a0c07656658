// The search's fixed parameters: limits, pruning margins, time shares and move-ordering bands.
// This module imports nothing, so that the bundler writes them into the search as literals (see
// src/engine/types.ts and scripts/build.mjs).

/** Steps from the root, main search and quiescence together. */
export const MAX_PLY = 128;
export const MAX_DEPTH = 64;
export const STEP_STACK = 1 << 18;
export const HISTORY_MAX = 1 << 24;
/** The order of a quiet step whose history has not been looked up yet (below every history value). */
export const QUIET_UNSCORED = -(1 << 30);
/** Nodes between two looks at the clock and the stop flag. */
export const CHECK_INTERVAL = 1024;
/** An analysis repeats its lines with fresh counts this often (ms): five times a second. */
export const PROGRESS_INTERVAL_MS = 200;
/**
 * Quiescence plies in which threats are answered without a stand-pat: an open escape line (the
 * attackers block or capture) and a king the next attacker step could take (the defenders try all).
 */
export const THREAT_PLIES = 4;

/** Open-line extensions (a turn deeper where the attackers must answer an open line) on one path at most. */
export const MAX_EXTENSIONS = 1;

/** Steps per node picked best-first; the rest follow in list order (stepPicker.ts). */
export const SELECTION_STEPS = 16;
/** Lines a weakened (Skill Level) search chooses from. */
export const SKILL_CANDIDATES = 4;
/** Start another iteration only before this share of the optimum time is used. */
export const NEXT_ITERATION_SHARE = 0.55;
/** More time when the best step changed or its score fell by FALLING_SCORE_MARGIN since the last iteration. */
export const UNSTABLE_TIME_FACTOR = 1.4;
export const FALLING_SCORE_MARGIN = 40;
/** Less time when the best step has stayed the same through the last STABLE_ITERATIONS iterations. */
export const STABLE_TIME_FACTOR = 0.7;
export const STABLE_ITERATIONS = 4;
/** Futility pruning: depths it applies to and the margin per turn of depth, centipawns. */
export const FUTILITY_DEPTH = 2;
export const FUTILITY_MARGIN = 100;
/** Late move pruning: at depths 2..LMP_DEPTH, quiet steps after the first LMP_BASE + LMP_SCALE * depth^2 are skipped. */
export const LMP_DEPTH = 3;
export const LMP_BASE = 8;
export const LMP_SCALE = 6;
/** Late-move reductions: a turn less (or more) per this much history of the step, at most two. */
export const HISTORY_REDUCTION_DIVISOR = 24;
/** The evaluation of a turn's start not computed (a mid-run node, or not reached). */
export const NO_EVAL = -(1 << 30);
/** Delta pruning: a capture must be able to bring the stand-pat within this of alpha. */
export const DELTA_MARGIN = 150;
// Move ordering bands: hash step, king escapes, captures, threats and blocks, killers; below them, history.
export const ORDER_TT = 1 << 30;
export const ORDER_ESCAPE = 1 << 29;
export const ORDER_CAPTURE = 1 << 28;
export const ORDER_KILLER = 1 << 27;
/** A king step's value from the lines it opens: KING_LINES_VALUE + lines; below it routes, ORDER_CAPTURE + routes (kingSlides.ts). */
export const KING_LINES_VALUE = ORDER_CAPTURE + 64;
/** The end of a berserk run (or a pass): after the killers, before the other quiet steps. */
export const ORDER_END_RUN = ORDER_KILLER - 1;
/** What a step picker returns when a node has no more steps (steps are never negative). */
export const NO_STEP = -1;
