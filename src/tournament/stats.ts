// Match statistics as fishtest and fastchess compute them: Elo difference with 95% error bars from
// trinomial (win/draw/loss) and pentanomial (game pair) counts, normalized Elo, likelihood of
// superiority, and the generalized SPRT log-likelihood ratio (Van den Bergh, "Comments on Normalized
// Elo" and "support_MLE_multinomial"). Pure functions, no I/O.

import { err, ok, type Result } from '../engine/index.js';

/** Game results from one engine's point of view. */
export interface Trinomial {
  wins: number;
  draws: number;
  losses: number;
}

/** Results of game pairs (same opening, sides swapped), from one engine's point of view. */
export interface Pentanomial {
  ll: number;
  ld: number;
  wl: number;
  dd: number;
  wd: number;
  ww: number;
}

export interface EloEstimate {
  /** Games (trinomial) or game pairs (pentanomial) counted. */
  count: number;
  /** Expected score per game, 0..1. */
  score: number;
  elo: number;
  /** Half the width of the 95% confidence interval, in Elo. */
  error: number;
  /** Normalized Elo: (score - 0.5) / standard deviation per game, scaled like logistic Elo near 0. */
  nelo: number;
  neloError: number;
  /** Likelihood of superiority, 0..1. */
  los: number;
}

/** The z-score of a two-sided 95% interval. */
const Z95 = 1.959963984540054;
/** Normalized Elo per unit of t-value: 800 / ln 10. */
const NELO_PER_T = 800 / Math.LN10;

export const scoreToElo = (score: number): number => -400 * Math.log10(1 / score - 1);
export const eloToScore = (elo: number): number => 1 / (1 + Math.pow(10, -elo / 400));

/** A discrete distribution: outcome values (scores) and their probabilities. */
interface Distribution {
  values: number[];
  probs: number[];
}

function meanAndVariance(d: Distribution): { mean: number; variance: number } {
  let mean = 0;
  for (let i = 0; i < d.values.length; i++) mean += d.values[i] * d.probs[i];
  let variance = 0;
  for (let i = 0; i < d.values.length; i++) variance += d.probs[i] * (d.values[i] - mean) ** 2;
  return { mean, variance };
}

function estimate(d: Distribution, count: number, perGameVariance: (variance: number) => number): EloEstimate {
  const { mean: score, variance } = meanAndVariance(d);
  const stdError = Math.sqrt(variance / count);
  const upper = score + Z95 * stdError;
  const lower = score - Z95 * stdError;
  const gameSigma = Math.sqrt(perGameVariance(variance));
  const nelo = (s: number): number => ((s - 0.5) / gameSigma) * NELO_PER_T;
  return {
    count,
    score,
    elo: scoreToElo(score),
    error: (scoreToElo(upper) - scoreToElo(lower)) / 2,
    nelo: nelo(score),
    neloError: (nelo(upper) - nelo(lower)) / 2,
    los: (1 + erf((score - 0.5) / Math.sqrt(2 * stdError * stdError))) / 2,
  };
}

/** Elo from win/draw/loss counts; undefined without games. */
export function trinomialElo(t: Trinomial): EloEstimate | undefined {
  const n = t.wins + t.draws + t.losses;
  if (n === 0) return undefined;
  return estimate({ values: [0, 0.5, 1], probs: [t.losses / n, t.draws / n, t.wins / n] }, n, (v) => v);
}

/** Elo from game-pair counts (score per game of a pair); undefined without pairs. */
export function pentanomialElo(p: Pentanomial): EloEstimate | undefined {
  const n = pairCount(p);
  if (n === 0) return undefined;
  // A pair's per-game score has half the variance of one game's if the games were independent: per game it is 2 var.
  return estimate({ values: [0, 0.25, 0.5, 0.75, 1], probs: pentanomialCounts(p).map((c) => c / n) }, n, (v) => 2 * v);
}

export const pairCount = (p: Pentanomial): number => p.ll + p.ld + p.wl + p.dd + p.wd + p.ww;

/** The five pentanomial classes by pair score 0, 1/2, 1, 3/2, 2 (a win and a loss score like two draws). */
const pentanomialCounts = (p: Pentanomial): number[] => [p.ll, p.ld, p.wl + p.dd, p.wd, p.ww];

// ---------------------------------------------------------------------------------------------
// SPRT

export type SprtModel = 'logistic' | 'normalized';

export interface SprtConfig {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  model: SprtModel;
  /** Count game pairs (pentanomial, the default) or single games (trinomial). */
  pentanomial: boolean;
}

export const DEFAULT_SPRT: SprtConfig = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: 'normalized', pentanomial: true };

/** Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized|logistic stats=pentanomial|trinomial` (any order, any subset). */
/** `where` names the setting in errors: `--sprt` for the flag, `sprt` for the config file's key. */
export function parseSprt(text: string, where = '--sprt'): Result<SprtConfig> {
  const config: SprtConfig = { ...DEFAULT_SPRT };
  for (const token of text
    .trim()
    .split(/[\s,]+/)
    .filter((t) => t !== '')) {
    const match = /^([a-z0-9]+)=(.+)$/i.exec(token);
    if (!match) return err('bad-sprt', `${where}: '${token}' is not key=value (keys: elo0 elo1 alpha beta model stats)`);
    const [, key, value] = match;
    const k = key.toLowerCase();
    if (k === 'model') {
      if (value !== 'logistic' && value !== 'normalized')
        return err('bad-sprt', `${where}: model '${value}' must be 'logistic' or 'normalized'`);
      config.model = value;
    } else if (k === 'stats') {
      if (value !== 'pentanomial' && value !== 'trinomial')
        return err('bad-sprt', `${where}: stats '${value}' must be 'pentanomial' or 'trinomial'`);
      config.pentanomial = value === 'pentanomial';
    } else if (k === 'elo0' || k === 'elo1' || k === 'alpha' || k === 'beta') {
      const number = Number(value);
      if (!Number.isFinite(number)) return err('bad-sprt', `${where}: ${k}='${value}' is not a number`);
      config[k] = number;
    } else {
      return err('bad-sprt', `${where}: unknown key '${key}' (keys: elo0 elo1 alpha beta model stats)`);
    }
  }
  return validateSprt(config, where);
}

export function validateSprt(config: SprtConfig, where = '--sprt'): Result<SprtConfig> {
  if (!(config.elo0 < config.elo1)) return err('bad-sprt', `${where}: elo0 (${config.elo0}) must be below elo1 (${config.elo1})`);
  for (const key of ['alpha', 'beta'] as const) {
    if (!(config[key] > 0 && config[key] < 1)) return err('bad-sprt', `${where}: ${key} (${config[key]}) must be between 0 and 1`);
  }
  if (!(config.alpha + config.beta < 1)) return err('bad-sprt', `${where}: alpha + beta must be below 1`);
  return ok(config);
}

/** Wald's stopping bounds on the log-likelihood ratio. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** Counts ordered by score: [L, D, W] or [LL, LD, WL+DD, WD, WW]; zero classes get a tiny prior so logs stay finite. */
function empirical(counts: number[]): { n: number; d: Distribution } {
  const regularized = counts.map((c) => (c === 0 ? 1e-3 : c));
  const n = regularized.reduce((a, b) => a + b, 0);
  return {
    n,
    d: { values: regularized.map((_, i) => i / (regularized.length - 1)), probs: regularized.map((c) => c / n) },
  };
}

/** The root of sum_i p_i a_i / (1 + x a_i) = 0 (the a_i of both signs), by bisection: the sum falls as x grows. */
function solveSecular(a: number[], p: number[]): number {
  const f = (x: number): number => {
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += (p[i] * a[i]) / (1 + x * a[i]);
    return sum;
  };
  let lo = -1 / Math.max(...a);
  let hi = -1 / Math.min(...a);
  const margin = (hi - lo) * 1e-12;
  lo += margin;
  hi -= margin;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo)); i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The distribution closest (maximum likelihood) to the observed one whose mean is s (Proposition 1.1). */
function mleWithMean(observed: Distribution, s: number): number[] {
  const shifted = observed.values.map((a) => a - s);
  const x = solveSecular(shifted, observed.probs);
  return observed.probs.map((p, i) => p / (1 + x * shifted[i]));
}

/** The distribution closest to the observed one whose t-value (mean - ref) / sigma is t (section 4.1), by iteration. */
function mleWithTValue(observed: Distribution, ref: number, t: number): number[] {
  const n = observed.values.length;
  let probs = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < 100; iteration++) {
    const { mean, variance } = meanAndVariance({ values: observed.values, probs });
    const sigma = Math.sqrt(variance);
    const phi = observed.values.map((a) => a - ref - (t * sigma * (1 + ((mean - a) / sigma) ** 2)) / 2);
    const x = solveSecular(phi, observed.probs);
    const next = observed.probs.map((p, i) => p / (1 + x * phi[i]));
    const change = Math.max(...next.map((p, i) => Math.abs(p - probs[i])));
    probs = next;
    if (change < 1e-12) break;
  }
  return probs;
}

function llr(observed: Distribution, n: number, p0: number[], p1: number[]): number {
  let sum = 0;
  for (let i = 0; i < p0.length; i++) sum += observed.probs[i] * (Math.log(p1[i]) - Math.log(p0[i]));
  return n * sum;
}

/** Generalized LLR of elo1 against elo0 in logistic Elo; counts [L, D, W] or [LL, LD, WL+DD, WD, WW]. */
export function llrLogistic(elo0: number, elo1: number, counts: number[]): number {
  const { n, d } = empirical(counts);
  return llr(d, n, mleWithMean(d, eloToScore(elo0)), mleWithMean(d, eloToScore(elo1)));
}

/** Generalized LLR of nelo1 against nelo0 in normalized Elo; counts as llrLogistic. */
export function llrNormalized(nelo0: number, nelo1: number, counts: number[]): number {
  const { n, d } = empirical(counts);
  // A pair's score has sqrt(2) times the t-value of a single game's for the same per-game normalized Elo.
  const scale = counts.length === 5 ? Math.SQRT2 : 1;
  const t0 = (nelo0 / NELO_PER_T) * scale;
  const t1 = (nelo1 / NELO_PER_T) * scale;
  return llr(d, n, mleWithTValue(d, 0.5, t0), mleWithTValue(d, 0.5, t1));
}

export type SprtVerdict = 'H1' | 'H0' | 'continue';

export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  /** H1: elo1 accepted (the change passes); H0: elo0 accepted (it fails). */
  verdict: SprtVerdict;
}

export function sprtState(config: SprtConfig, trinomial: Trinomial, pentanomial: Pentanomial): SprtState {
  const { lower, upper } = sprtBounds(config.alpha, config.beta);
  const counts = config.pentanomial ? pentanomialCounts(pentanomial) : [trinomial.losses, trinomial.draws, trinomial.wins];
  const total = counts.reduce((a, b) => a + b, 0);
  const value =
    total === 0
      ? 0
      : config.model === 'logistic'
        ? llrLogistic(config.elo0, config.elo1, counts)
        : llrNormalized(config.elo0, config.elo1, counts);
  const verdict: SprtVerdict = value >= upper ? 'H1' : value <= lower ? 'H0' : 'continue';
  return { llr: value, lower, upper, verdict };
}

// ---------------------------------------------------------------------------------------------

/** The error function, to about 1e-13: Taylor series near 0, continued fraction for erfc in the tails. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const ax = Math.abs(x);
  if (ax < 3) {
    let term = ax;
    let sum = ax;
    for (let n = 1; n < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
      term *= (-ax * ax) / n;
      sum += term / (2 * n + 1);
    }
    return Math.sign(x) * (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), evaluated from the tail.
  let fraction = ax;
  for (let k = 60; k >= 1; k--) fraction = ax + k / 2 / fraction;
  const erfc = Math.exp(-ax * ax) / Math.sqrt(Math.PI) / fraction;
  return Math.sign(x) * (1 - erfc);
}
