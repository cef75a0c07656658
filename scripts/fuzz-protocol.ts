// Protocol fuzzer: seeded streams of protocol lines against the built engine, checked for hangs, crashes and wrong state.
//
// Drives dist/hnefi.js (`npm run build` first) with valid commands, mutated ones, garbage, go/stop
// races, perft, bench and pondering, and checks, after every batch, that
//   - the engine is alive and every `isready` of the batch is answered within a bound (no hang),
//   - every `go` got exactly one `bestmove` (or a refusal), legal in the position it searched,
//     with a legal `ponder` reply,
//   - its position (`d`, Tfen) is the one a reference replay with the rules core gives,
//   - nothing was written to stderr (an internal error) and the process did not exit (no crash).
// The same seed gives the same lines.
//
//   npx tsx scripts/fuzz-protocol.ts [--lines 100000] [--seed 1] [--ready-ms 10000] [--slow-ms 3000]
//
// Batches whose final isready took longer than --slow-ms are printed (not a fault: a busy machine).
// Prints the figures at the end; exits 1 on the first fault, with the batch that caused it.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { legalTurns, playTurn, Position, VARIANTS, type RuleSet } from '../src/engine/index.js';
import { makeTfen, makeTurn, parseRulesString, parseTfen, parseTurn, playMoves } from '../src/notation/index.js';

const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    'ready-ms': { type: 'string', default: '10000' },
    'slow-ms': { type: 'string', default: '3000' },
  },
});
const TOTAL_LINES = Number(args.lines);
const SEED = Number(args.seed);
const READY_MS = Number(args['ready-ms']);
const SLOW_MS = Number(args['slow-ms']);
const HNEFI = fileURLToPath(new URL('../dist/hnefi.js', import.meta.url));

// ---- seeded randomness (mulberry32) ----
let state = SEED >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number): number => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)];
const chance = (p: number): boolean => random() < p;

// ---- the reference: what the engine's game must be, replayed with the rules core ----
const FUZZ_VARIANTS = ['berserk', 'copenhagen', 'brandubh', 'tablut', 'fetlar'];
const CUSTOM_RULES = [
  'dim:7 name:fuzz\u001b[2J\u0007 esc:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
  'dim:7 esc:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
];

interface Reference {
  variant: string;
  /** UCI_Rules in force ('' for none). */
  rulesText: string;
  rules: RuleSet;
  pos: Position;
}
const reference: Reference = { variant: 'berserk', rulesText: '', rules: VARIANTS.berserk, pos: Position.start(VARIANTS.berserk) };

function setRules(rules: RuleSet): void {
  reference.rules = rules;
  reference.pos = Position.start(rules);
}

/** The server's `position` semantics, replayed: a bad line changes nothing. */
function referencePosition(tokens: string[]): void {
  const movesAt = tokens.indexOf('moves');
  const head = tokens.slice(1, movesAt < 0 ? undefined : movesAt);
  let pos: Position;
  if (head[0] === 'startpos') pos = Position.start(reference.rules);
  else if (head[0] === 'tfen') {
    const parsed = parseTfen(reference.rules, head.slice(1).join(' '));
    if (!parsed.ok) return;
    pos = parsed.value;
  } else return;
  if (!playMoves(pos, movesAt < 0 ? [] : tokens.slice(movesAt + 1)).ok) return;
  reference.pos = pos;
}

/** Applies a line sent to the engine to the reference (only commands that change the game do). */
function applyToReference(line: string): void {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] === 'position') referencePosition(tokens);
  else if (tokens[0] === 'ucinewgame') reference.pos = Position.start(reference.rules);
  else if (tokens[0] === 'setoption' && tokens[2] === 'UCI_Variant' && VARIANTS[tokens[4]]) {
    reference.variant = tokens[4];
    if (reference.rulesText === '') setRules(VARIANTS[tokens[4]]);
  } else if (tokens[0] === 'setoption' && tokens[2] === 'UCI_Rules') {
    const text = tokens.slice(4).join(' ');
    if (text === '<empty>') {
      reference.rulesText = '';
      setRules(VARIANTS[reference.variant]);
    } else {
      const rules = parseRulesString(text);
      if (!rules.ok) return;
      reference.rulesText = text;
      setRules(rules.value);
    }
  }
}

// ---- line generation ----
function randomGameLine(): string {
  const pos = Position.start(reference.rules);
  const moves: string[] = [];
  const turns = int(14);
  for (let i = 0; i < turns; i++) {
    const legal = legalTurns(pos);
    if (legal.length === 0) break;
    const turn = pick(legal);
    moves.push(makeTurn(pos, turn));
    playTurn(pos, turn);
  }
  if (chance(0.3)) return `position tfen ${makeTfen(pos)}`;
  return `position startpos${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`;
}

function legalMoveTexts(count: number): string[] {
  const legal = legalTurns(reference.pos);
  return Array.from({ length: Math.min(count, legal.length) }, () => makeTurn(reference.pos, pick(legal)));
}

function goLine(): string {
  const forms = [
    () => `go depth ${1 + int(3)}`,
    () => `go movetime ${int(60)}`,
    () => `go nodes ${1 + int(5000)}`,
    () => `go wtime ${int(2000) - 100} btime ${int(2000) - 100} winc ${int(50)} binc ${int(50)}`,
    () => `go mate ${1 + int(2)}`,
    () => 'go infinite',
    () => 'go',
    () => `go ponder movetime ${int(50)}`,
    () => `go depth 2 searchmoves ${[...legalMoveTexts(1 + int(3)), ...(chance(0.5) ? ['a1a2', 'zz9'] : [])].join(' ')}`,
    () => `go depth ${pick(['x', '-1', '0', '99999999999999999'])}`,
  ];
  return pick(forms)();
}

function optionLine(): string {
  const forms = [
    () => `setoption name UCI_Variant value ${pick(FUZZ_VARIANTS)}`,
    () => `setoption name UCI_Rules value ${pick([...CUSTOM_RULES, '<empty>', '<empty>', 'dim:99 start:/x/'])}`,
    () => `setoption name Hash value ${1 + int(64)}`,
    () => `setoption name MultiPV value ${1 + int(3)}`,
    () => `setoption name Skill Level value ${int(21)}`,
    () => `setoption name Move Overhead value ${int(100)}`,
    () => `setoption name Threads value ${1 + int(2)}`,
    () => `setoption name Ponder value ${pick(['true', 'false', 'maybe'])}`,
    () => `setoption name ${pick(['Contempt', 'hash', 'Hash'])} value ${pick(['-5', '99999', 'x', ''])}`,
  ];
  return pick(forms)();
}

const SIMPLE = ['isready', 'stop', 'ponderhit', 'd', 'moves', 'eval', 'uci', 'help', 'ucinewgame', 'debug on', 'debug off', 'frobnicate'];

function validLine(): string {
  const roll = random();
  if (roll < 0.25) return randomGameLine();
  if (roll < 0.5) return goLine();
  if (roll < 0.58) return optionLine();
  if (roll < 0.6) return pick([`perft ${1 + int(3)}`, 'perft 20']);
  if (roll < 0.602) return pick(['bench 1', 'bench']);
  return pick(SIMPLE);
}

const GARBAGE_BYTES = '\u0000\u0001\u0007\u001b[2J\u007f\u00e9\u2028\ufeff\t ';

/** A mutated line: characters dropped, doubled or replaced, tokens swapped or dropped, garbage added. */
function mutate(line: string): string {
  let text = line;
  const edits = 1 + int(3);
  for (let e = 0; e < edits; e++) {
    const at = int(text.length + 1);
    switch (int(7)) {
      case 0:
        text = text.slice(0, at) + text.slice(at + 1);
        break;
      case 1:
        text = text.slice(0, at) + text[at] + text.slice(at);
        break;
      case 2:
        text = text.slice(0, at) + pick([...GARBAGE_BYTES]) + text.slice(at + 1);
        break;
      case 3: {
        const tokens = text.split(' ');
        const i = int(tokens.length);
        const j = int(tokens.length);
        [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
        text = tokens.join(' ');
        break;
      }
      case 4:
        text = text
          .split(' ')
          .filter(() => !chance(0.2))
          .join(' ');
        break;
      case 5:
        text = `${text} ${pick(['moves', 'a1a2', '0000', 'tfen', 'searchmoves', 'x'.repeat(int(300)), '-'])}`;
        break;
      case 6:
        text = text.slice(0, at);
        break;
    }
  }
  return text;
}

/** The next line to send: mostly valid, some mutated or garbage; never one that would quit. */
function nextLine(): string {
  let line = validLine();
  if (!line.startsWith('setoption') && chance(0.25)) line = mutate(line);
  else if (chance(0.03)) line = Array.from({ length: int(80) }, () => String.fromCharCode(int(0x250))).join('');
  // Line breaks would split the line; quit would end the run; setoption is only sent as generated.
  line = line.replace(/[\r\n\u0085]/g, ' ');
  const first = line.trim().split(/\s+/)[0];
  if (first === 'quit' || (first === 'setoption' && !line.startsWith('setoption'))) return 'isready';
  return line;
}

// ---- the engine ----
const child = spawn(process.execPath, [HNEFI], { stdio: 'pipe' });
const output: string[] = [];
let stderr = '';
let exited: number | null | undefined;
let partial = '';
let wake: (() => void) | undefined;
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk: string) => {
  const parts = (partial + chunk).split('\n');
  partial = parts.pop() ?? '';
  output.push(...parts);
  wake?.();
});
child.stderr.on('data', (chunk) => {
  stderr += String(chunk);
});
child.on('exit', (code) => {
  exited = code;
  wake?.();
});
child.stdin.on('error', () => {});

function send(line: string): void {
  child.stdin.write(`${line}\n`);
}

/** Waits until `count` lines equal to `line` have been written since `from`; false after `ms`. */
async function waitForCount(line: string, count: number, from: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    let seen = 0;
    for (let i = from; i < output.length; i++) if (output[i] === line) seen++;
    if (seen >= count) return true;
    if (exited !== undefined || Date.now() > deadline) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 20);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

// ---- the run ----
interface PendingGo {
  pos: Position;
  line: string;
}
const figures = { lines: 0, batches: 0, gos: 0, bestmoves: 0, refusedGos: 0, perftStops: 0, benchStops: 0, isready: 0, maxReadyMs: 0 };
let batch: string[] = [];

function fault(what: string): never {
  console.error(`FAULT: ${what}`);
  console.error(`seed ${SEED}, batch ${figures.batches}, after ${figures.lines} lines. The batch:`);
  for (const line of batch) console.error(`  > ${JSON.stringify(line)}`);
  console.error('Engine output of the batch (last 40 lines):');
  for (const line of output.slice(-40)) console.error(`  < ${JSON.stringify(line)}`);
  if (stderr) console.error(`stderr: ${stderr.slice(0, 2000)}`);
  child.kill();
  process.exit(1);
}

/**
 * Checks each bestmove of the batch against the position its go searched. The engine runs one job at
 * a time and answers in order, so a go refused while a search runs is the one after that search's go,
 * and a go refused while perft or bench runs is the first unanswered one. (`go perft` is sent only
 * first in a batch, when nothing runs, so that every go in `pending` owes a bestmove or a refusal.)
 */
function checkBestMoves(from: number, pending: PendingGo[]): void {
  for (let i = from; i < output.length; i++) {
    const line = output[i];
    if (/^info string error: already searching: this 'go' is ignored/.test(line)) {
      // A refused go is the one after the running search's.
      if (pending.length < 2) fault(`a go was refused with no search running: ${line}`);
      pending.splice(1, 1);
      figures.refusedGos++;
    } else if (/^info string error: already busy with (perft|bench): this 'go' is ignored/.test(line)) {
      if (pending.length < 1) fault(`a go was refused that was not sent: ${line}`);
      pending.shift();
      figures.refusedGos++;
    } else if (line.startsWith('bestmove')) {
      const go = pending.shift();
      if (!go) fault(`a bestmove for no go: ${line}`);
      figures.bestmoves++;
      const tokens = line.split(' ');
      const legal = legalTurns(go.pos);
      if (tokens[1] === '(none)') {
        if (legal.length > 0) fault(`bestmove (none) with ${legal.length} legal turns, for '${go.line}'`);
        continue;
      }
      const turn = parseTurn(go.pos, tokens[1] ?? '');
      if (!turn.ok) fault(`illegal ${line} for '${go.line}' in ${makeTfen(go.pos)}: ${turn.error.message}`);
      if (tokens[2] === 'ponder') {
        const after = go.pos.clone();
        playTurn(after, turn.value);
        if (!parseTurn(after, tokens[3] ?? '').ok) fault(`illegal ponder move in ${line} for '${go.line}'`);
      }
    }
  }
  if (pending.length > 0) fault(`${pending.length} go without a bestmove, first '${pending[0].line}'`);
}

async function runBatch(): Promise<void> {
  figures.batches++;
  const from = output.length;
  const pending: PendingGo[] = [];
  const size = 1 + int(60);
  let readies = 0;
  batch = [];
  if (chance(0.08)) {
    // A long job first, for the lines after it to race with.
    const line = pick(['perft 20', 'go perft 20', `go perft ${1 + int(3)}`, 'bench', 'bench 1']);
    batch.push(line);
    send(line);
    figures.lines++;
  }
  for (let i = 0; i < size && figures.lines < TOTAL_LINES; i++) {
    const line = nextLine();
    batch.push(line);
    send(line);
    figures.lines++;
    const tokens = line.trim().split(/\s+/);
    if (tokens[0] === 'isready') readies++;
    if (tokens[0] === 'go' && tokens[1] !== 'perft') {
      pending.push({ pos: reference.pos.clone(), line });
      figures.gos++;
    }
    applyToReference(line);
    // Races: sometimes a stop or another go right after, sometimes a pause for the engine to start.
    if (chance(0.05)) await new Promise((resolve) => setTimeout(resolve, int(30)));
  }
  // stop holds the lines after it until the search has answered: d then shows the settled state.
  send('stop');
  const dFrom = output.length;
  send('d');
  send('isready');
  const start = performance.now();
  if (!(await waitForCount('readyok', readies + 1, from, READY_MS))) {
    fault(exited !== undefined ? `the engine exited (code ${exited})` : `isready unanswered after ${READY_MS} ms`);
  }
  const readyMs = performance.now() - start;
  figures.maxReadyMs = Math.max(figures.maxReadyMs, Math.round(readyMs));
  if (readyMs > SLOW_MS) {
    console.log(`slow: isready took ${Math.round(readyMs)} ms after batch ${figures.batches}:`);
    for (const line of batch) console.log(`  > ${JSON.stringify(line).slice(0, 160)}`);
  }
  figures.isready += readies + 1;
  for (let i = from; i < output.length; i++) {
    if (output[i].startsWith('info string perft stopped')) figures.perftStops++;
    if (output[i] === 'info string bench stopped') figures.benchStops++;
  }
  checkBestMoves(from, pending);
  const tfens = output.slice(dFrom).filter((line) => line.startsWith('Tfen: '));
  const tfen = tfens[tfens.length - 1];
  const expected = makeTfen(reference.pos);
  if (tfen !== `Tfen: ${expected}`) fault(`d shows '${tfen}', the reference replay gives '${expected}'`);
  const rulesLines = output.slice(from).filter((line) => line.startsWith('Rules: '));
  for (const line of rulesLines) if (/[\u0000-\u001f\u007f]/.test(line)) fault(`d shows control bytes: ${JSON.stringify(line)}`);
  if (stderr !== '') fault('the engine wrote to stderr');
  // Keep the output buffer small: what is checked is done with.
  if (output.length > 20_000) output.splice(0, output.length);
}

const started = performance.now();
while (figures.lines < TOTAL_LINES) {
  await runBatch();
  if (figures.batches % 200 === 0) {
    console.log(`${figures.lines} lines, ${figures.batches} batches, ${Math.round((performance.now() - started) / 1000)} s`);
  }
}
send('quit');
const code = await new Promise<number | null>((resolve) => {
  if (exited !== undefined) resolve(exited);
  child.on('exit', resolve);
  setTimeout(() => resolve(-1), READY_MS);
});
if (code !== 0) fault(`quit ended the engine with ${code}`);
const seconds = (performance.now() - started) / 1000;
console.log(
  `OK: seed ${SEED}, ${figures.lines} lines in ${figures.batches} batches, ${seconds.toFixed(0)} s; ` +
    `${figures.gos} go (${figures.bestmoves} bestmoves, ${figures.refusedGos} refused while busy), ` +
    `${figures.perftStops} perft and ${figures.benchStops} bench stopped, ${figures.isready} isready answered ` +
    `(slowest sync ${figures.maxReadyMs} ms), no crash, hang or mismatch`,
);
