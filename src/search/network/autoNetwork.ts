// The shipped network that the engine evaluates with by default (`EvalFile auto`), from the package's
// nets/ folder, and the rules it serves: named here so that a browser fetches it only for those
// (test/search/autoNetwork.test.ts checks them against the file's header).

import type { RuleSet } from '../../engine/index.js';
import { familyOf, type Family } from '../evaluation/weights.js';

export interface ShippedNetwork {
  /** Its file in nets/. */
  file: string;
  family: Family;
  size: number;
}

/**
 * The network that beat the hand-written evaluation in matches at equal time (BENCHMARKS.md): the
 * Copenhagen family at 11x11 (Copenhagen, Fetlar); other rules keep the hand-written evaluation.
 */
export const AUTO_NETWORK: ShippedNetwork = { file: 'copenhagen.nnue', family: 'corner', size: 11 };

/** Whether the `auto` network evaluates positions of `rules`. */
export function autoNetworkFits(rules: RuleSet): boolean {
  return familyOf(rules) === AUTO_NETWORK.family && rules.size === AUTO_NETWORK.size;
}
