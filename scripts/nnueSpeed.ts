// Speed of the learned evaluation against the hand-written one, in CPU time (process.cpuUsage, so
// that other work on the machine matters less than for wall-clock figures).
//
//   (from the repository root) nice -n 10 node scripts/nnue-speed.mjs --net nets/berserk.nnue [--depth 5] [--rounds 3]
//
// 1. Evaluation cost: the leaves of a walk over the first steps of the bench positions the network
//    evaluates (as a search visits them, siblings after each other), evaluated by the hand-written
//    evaluation, by the network with its incremental accumulator, and by the network refreshed from
//    scratch; and the walk alone (steps made and taken back), to be taken off the others.
//    With --only walk|hand|incremental|refreshed: that one alone, `rounds` times, for instruction
//    counts (`valgrind --tool=callgrind node scripts/nnue-speed.mjs ... --only incremental`, less the
//    same with `--only walk`, over the evaluations it prints).
// 2. Search speed: fixed-depth searches of those bench positions with each evaluation (and
//    with the network refreshed from scratch at each evaluation), alternating; nodes per CPU second.
// 3. With --book books/<variant>.txt [--nodes N] [--positions K]: searches of N nodes (default 5000)
//    from the last positions of the book's first K openings (default 20), as a match plays them,
//    with the hand-written evaluation and with the network, alternating: CPU time per search and
//    the ratio of the speeds, r = (nodes/s with the network) / (nodes/s hand-written), for matches
//    at "equal time" (the network at N*r nodes against the hand-written evaluation at N).

import { readFileSync } from 'node:fs';
import { generateSteps, getVariant, type Position } from '../src/engine/index.js';
import { NnueEvaluator } from '../src/search/accumulator.js';
import { benchPositions } from '../src/search/bench.js';
import { Evaluator } from '../src/search/evaluate.js';
import { type Network, netFits, parseNetwork, Searcher } from '../src/search/index.js';
import { loadOpenings, openingPositions } from '../src/tournament/openings.js';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

const netFile = argument('net', 'nets/berserk.nnue');
const depth = Number(argument('depth', '5'));
const rounds = Number(argument('rounds', '3'));
const bookFile = argument('book', '');
const bookNodes = Number(argument('nodes', '5000'));
const bookPositions = Number(argument('positions', '20'));
const only = argument('only', '');
const parsed = parseNetwork(readFileSync(netFile));
if (!parsed.ok) {
  console.error(`nnue-speed: ${netFile}: ${parsed.error.message}`);
  process.exit(1);
}
const net = parsed.value;
const positions = benchPositions().filter((pos) => netFits(net, pos.rules));

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
if (bookFile !== '') {
  bookSpeed();
  process.exit(0);
}

/** Calls `visit` at every position two steps from `pos`, in search order. */
function walk(pos: Position, plies: number, visit: (pos: Position) => void, buffers: Int32Array[]): void {
  if (plies === 0) {
    visit(pos);
    return;
  }
  const steps = buffers[plies];
  const n = generateSteps(pos, steps, 0);
  for (let i = 0; i < n; i++) {
    pos.makeStep(steps[i]);
    walk(pos, plies - 1, visit, buffers);
    pos.unmakeStep();
  }
}

function evalCost(name: string, make: (pos: Position) => (pos: Position) => number, print = true): void {
  const buffers = [0, 1, 2].map(() => new Int32Array(4096));
  let calls = 0;
  let sink = 0;
  const start = cpuMs();
  for (let round = 0; round < rounds; round++) {
    for (const root of positions) {
      const pos = root.clone();
      const evaluate = make(pos);
      walk(
        pos,
        2,
        (p) => {
          sink += evaluate(p);
          calls++;
        },
        buffers,
      );
    }
  }
  const ms = cpuMs() - start;
  if (print) console.log(`${name.padEnd(28)} ${calls} evaluations, ${((ms * 1e6) / calls).toFixed(0)} ns each (checksum ${sink})`);
}

const incremental = NnueEvaluator.prototype.evaluate;
const refreshed = NnueEvaluator.prototype.refresh;

function searchSpeed(evalNet: Network | null, refresh = false): { nodes: number; ms: number } {
  NnueEvaluator.prototype.evaluate = refresh ? refreshed : incremental;
  const searcher = new Searcher({ hashMB: 16, threads: 1, evalNet });
  let nodes = 0;
  const start = cpuMs();
  for (const pos of positions) {
    searcher.newGame();
    let searched = 0;
    searcher.search(pos, { depth }, new Int32Array(1), (info) => {
      searched = info.nodes;
    });
    nodes += searched;
  }
  return { nodes, ms: cpuMs() - start };
}

console.log(`nnue-speed: ${netFile} (${net.hidden} hidden units), ${positions.length} bench positions it evaluates`);
// An on-hand network is evaluated with the hand-written evaluation, as the search does.
const withHand = (pos: Position, own: (p: Position) => number): ((p: Position) => number) => {
  if (!net.onHand) return own;
  const hand = new Evaluator(pos);
  const evaluator = new NnueEvaluator(net, pos);
  return (p) => evaluator.withHand(own(p), hand.evaluate(p));
};
const networkName = `network${net.onHand ? ' + hand' : ''}`;
const costModes: [string, string, (pos: Position) => (pos: Position) => number][] = [
  ['walk', 'no evaluation (the walk)', () => () => 0],
  [
    'hand',
    'hand-written',
    (pos) => {
      const evaluator = new Evaluator(pos);
      return (p) => evaluator.evaluate(p);
    },
  ],
  [
    'incremental',
    `${networkName}, incremental`,
    (pos) => {
      const evaluator = new NnueEvaluator(net, pos);
      return withHand(pos, (p) => evaluator.evaluate(p));
    },
  ],
  [
    'refreshed',
    `${networkName}, refreshed`,
    (pos) => {
      const evaluator = new NnueEvaluator(net, pos);
      return withHand(pos, (p) => evaluator.refresh(p));
    },
  ],
];
if (only !== '') {
  const mode = costModes.find(([id]) => id === only);
  if (mode === undefined) fail(`--only: one of ${costModes.map(([id]) => id).join(', ')}`);
  evalCost(mode[1], mode[2]);
  process.exit(0);
}
// Twice: the first round compiles the code, the second is printed.
for (const print of [false, true]) for (const [, name, make] of costModes) evalCost(name, make, print);
// Warm-up, then alternating rounds.
const modes = [
  ['hand', null, false],
  ['network', net, false],
  ['network, refreshed', net, true],
] as const;
for (const [, evalNet, refresh] of modes) searchSpeed(evalNet, refresh);
const totals = modes.map(() => ({ nodes: 0, ms: 0 }));
// Every other round in reverse order, so that no mode always runs first.
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
  for (const k of order) {
    const [, evalNet, refresh] = modes[k];
    const run = searchSpeed(evalNet, refresh);
    totals[k].nodes += run.nodes;
    totals[k].ms += run.ms;
  }
}
modes.forEach(([name], k) => {
  const { nodes, ms } = totals[k];
  console.log(
    `search depth ${depth}, ${name.padEnd(18)} ${nodes} nodes, ${Math.round(ms)} ms CPU, ${Math.round((nodes * 1000) / ms)} nodes/s`,
  );
});

/** The book's positions, searched to `bookNodes` nodes with each evaluation, alternating. */
function bookSpeed(): void {
  const variant = bookFile.replace(/^.*\//, '').replace(/\.txt$/, '');
  const rules = getVariant(variant);
  if (!rules.ok) fail(`${bookFile}: books are named for their variant: ${rules.error.message}`);
  if (!netFits(net, rules.value)) fail(`${netFile} does not evaluate ${variant}`);
  const book = loadOpenings(rules.value, variant, { file: bookFile, order: 'sequential' }, 1);
  if (!book.ok) fail(book.error.message);
  const starts: Position[] = [];
  for (let i = 0; i < Math.min(bookPositions, book.value.size); i++) {
    const opening = openingPositions(rules.value, book.value.get(i));
    if (opening.ok) starts.push(opening.value.end);
  }
  const run = (evalNet: Network | null): { nodes: number; ms: number } => {
    const searcher = new Searcher({ hashMB: 16, threads: 1, evalNet });
    let nodes = 0;
    const start = cpuMs();
    for (const pos of starts) {
      searcher.newGame();
      // A node-limited search stops at the limit (the node checks are exact once the first iteration is done).
      searcher.search(pos, { nodes: bookNodes }, new Int32Array(1), () => {});
      nodes += bookNodes;
    }
    return { nodes, ms: cpuMs() - start };
  };
  console.log(`nnue-speed: ${netFile}, ${starts.length} positions of ${bookFile}, ${bookNodes} nodes a search`);
  run(null);
  run(net);
  const totals = [
    { nodes: 0, ms: 0 },
    { nodes: 0, ms: 0 },
  ];
  for (let round = 0; round < rounds; round++) {
    for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const { nodes, ms } = run(k === 0 ? null : net);
      totals[k].nodes += nodes;
      totals[k].ms += ms;
    }
  }
  const speed = totals.map(({ nodes, ms }) => (nodes * 1000) / ms);
  for (const [k, name] of ['hand-written', 'network'].entries())
    console.log(`${name.padEnd(13)} ${totals[k].nodes} nodes, ${Math.round(totals[k].ms)} ms CPU, ${Math.round(speed[k])} nodes/s`);
  console.log(`r = ${(speed[1] / speed[0]).toFixed(3)} (nodes/s with the network over hand-written)`);
}

function fail(message: string): never {
  console.error(`nnue-speed: ${message}`);
  process.exit(1);
}
