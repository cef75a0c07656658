// The EvalFile option: `hand` (or empty) for the hand-written evaluation, else the path of a network
// file (docs/nnue.md) read and checked here, so that a bad file is refused with the reason and the
// evaluation in use stays as it was.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { err, ok, type Position, type Result, type RuleSet } from '../engine/index.js';
import { describeNetwork, HAND_SCALE_ONE, type Network, netFits, NnueEvaluator, parseNetwork } from '../search/index.js';

/** The value that selects the hand-written evaluation (the option's default). */
export const HAND_EVAL = 'hand';

/** null: the hand-written evaluation; else the network in the file (relative paths from the working directory). */
export function loadEvalFile(value: string): Result<Network | null> {
  const text = value.trim();
  if (text === '' || text.toLowerCase() === HAND_EVAL) return ok(null);
  const path = resolve(text);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (error as Error).message;
    return err('eval-file', `EvalFile: cannot read '${text}' (${reason}); give a network file or '${HAND_EVAL}'`);
  }
  const net = parseNetwork(bytes);
  if (!net.ok) return err('eval-file', `EvalFile: '${text}' is refused: ${net.error.message}`);
  return net;
}

/** What the search evaluates with, for the answer to `setoption name EvalFile`. */
export function describeEvaluation(net: Network | null, rules: RuleSet): string {
  if (!net) return 'hand-written';
  const current = netFits(net, rules) ? 'the current rules use it' : 'the current rules use the hand-written one';
  return `network (${describeNetwork(net)}) for variants of that family and size, the hand-written one elsewhere; ${current}`;
}

/** The `eval` command's line for the network, when one is loaded and fits the position's rules (`hand`: the Total). */
export function networkEvalLine(net: Network | null, pos: Position, hand: number): string | undefined {
  if (!net || !netFits(net, pos.rules)) return undefined;
  const evaluator = new NnueEvaluator(net, pos);
  const learned = evaluator.evaluate(pos);
  if (!net.onHand) return `Network: ${learned} cp (EvalFile; the search uses this one)`;
  const scale = (net.handScale / HAND_SCALE_ONE).toFixed(2);
  return `Network: ${learned} cp + ${scale} x Total = ${evaluator.withHand(learned, hand)} cp (EvalFile; the search uses this one)`;
}
