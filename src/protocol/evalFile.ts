// The EvalFile option: `auto` (the default) for the shipped network where one plays better than the
// hand-written evaluation, `hand` (or empty) for the hand-written evaluation, else the path of a network
// file (docs/nnue.md) read and checked here, so that a bad file is refused with the reason and the
// evaluation in use stays as it was.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { err, ok, type Position, type Result, type RuleSet } from '../engine/index.js';
import { describeNetwork, HAND_SCALE_ONE, type Network, netCovers, netFits, NnueEvaluator, parseNetwork } from '../search/index.js';

/** The value that selects the hand-written evaluation. */
export const HAND_EVAL = 'hand';
/** The value that selects the shipped network AUTO_NETWORK (src/search/network/autoNetwork.ts; the option's default). */
export const AUTO_EVAL = 'auto';
/**
 * null: the hand-written evaluation; else the network in the file (relative paths from the working
 * directory). `autoFile`: the file `auto` stands for (the hand-written evaluation when there is none).
 */
export function loadEvalFile(value: string, autoFile: string | undefined): Result<Network | null> {
  const text = value.trim();
  if (text === '' || text.toLowerCase() === HAND_EVAL) return ok(null);
  if (text.toLowerCase() === AUTO_EVAL) return autoFile === undefined ? ok(null) : loadEvalFile(autoFile, undefined);
  const path = resolve(text);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (error as Error).message;
    return err('eval-file', `EvalFile: cannot read '${text}' (${reason}); give a network file, '${AUTO_EVAL}' or '${HAND_EVAL}'`);
  }
  const net = parseNetwork(bytes);
  if (!net.ok) return err('eval-file', `EvalFile: '${text}' is refused: ${net.error.message}`);
  return net;
}

/** The default network (`auto`) at start-up: null and why, for an error line, when its file cannot be used. */
export function loadAutoNetwork(autoFile: string | undefined): { net: Network | null; problem: string | undefined } {
  const net = loadEvalFile(AUTO_EVAL, autoFile);
  return net.ok
    ? { net: net.value, problem: undefined }
    : { net: null, problem: `${net.error.message}; the hand-written evaluation is in use` };
}

/** What the search evaluates with, for the answer to `setoption name EvalFile`. */
export function describeEvaluation(net: Network | null, rules: RuleSet): string {
  if (!net) return 'hand-written';
  const current = netFits(net, rules) ? 'the current rules use it' : 'the current rules use the hand-written one';
  return `network (${describeNetwork(net)}) for variants of that family and size, the hand-written one elsewhere; ${current}`;
}

/** The `eval` command's line for the network, when one is loaded and fits the position's rules (`hand`: the Total). */
export function networkEvalLine(net: Network | null, pos: Position, hand: number): string | undefined {
  if (!net || !netCovers(net, pos)) return undefined;
  const evaluator = new NnueEvaluator(net, pos);
  const learned = evaluator.evaluate(pos);
  if (!net.onHand) return `Network: ${learned} cp (EvalFile; the search uses this one)`;
  const scale = (net.handScale / HAND_SCALE_ONE).toFixed(2);
  return `Network: ${learned} cp + ${scale} x Total = ${evaluator.withHand(learned, hand)} cp (EvalFile; the search uses this one)`;
}
