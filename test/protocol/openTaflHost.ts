// A scripted OpenTafl host for end-to-end tests: it starts the built engine with `--protocol opentafl`
// and talks to it through pipes the way OpenTafl's ExternalEngineHost does (opentafl-engine-protocol.txt):
// `rules` at once (before the engine's `hello` is read); on the engine's turn `opponent-move <steps>
// <record>` (the host's steps since the engine last moved, `|`-joined), `clock`, `play <side>`; each
// engine `move` is answered `move <record>` or `error <code>`, and after an error the host repeats
// `opponent-move` with its last move, then `clock` and `play`. Like OpenTafl, it makes a berserk run go
// on while the piece can continue, for both sides, and in the engine's run it sends `opponent-move` with
// its own last turn and the engine's steps so far before each further `play`. The host's own moves are seeded-random, captures first.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  ATTACKERS,
  DEFENDERS,
  END_RUN,
  gameOutcome,
  generateSteps,
  makeRandom,
  makeStep,
  NO_SQUARE,
  NO_WINNER,
  parseSquare,
  Position,
  SIDE_NAMES,
  stepCaptures,
  stepFrom,
  stepTo,
  type RuleSet,
  type Side,
} from '../../src/engine/index.js';
import { makeRulesString } from '../../src/notation/index.js';
import { makePositionRecord, makeSimpleStep } from '../../src/notation/openTaflMoves.js';

const HNEFI = fileURLToPath(new URL('../../dist/hnefi.js', import.meta.url));

/** The built engine speaking OpenTafl's protocol, read line by line from a cursor. */
export class OpenTaflEngine {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  /** Lines before this index have been consumed by `next`. */
  cursor = 0;
  stderr = '';
  private partial = '';
  private wake: (() => void) | undefined;
  readonly exited: Promise<number | null>;

  constructor(args: string[] = []) {
    this.child = spawn(process.execPath, [HNEFI, '--protocol', 'opentafl', ...args], { stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts);
      this.wake?.();
    });
    this.child.stderr.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code) => {
        this.wake?.();
        resolve(code);
      }),
    );
  }

  send(...lines: string[]): void {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
  }

  /** The next unread line matching `match`; the lines skipped on the way are consumed too. */
  async next(match: RegExp, ms = 20_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.cursor < this.lines.length) {
        const line = this.lines[this.cursor++];
        if (match.test(line)) return line;
      }
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`no line matching ${String(match)}; got:\n${this.lines.join('\n')}\nstderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** `goodbye`, then the exit code. */
  async goodbye(): Promise<number | null> {
    this.send('goodbye');
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

export interface HostGame {
  rules: RuleSet;
  /** The `rules` line's string, when not makeRulesString(rules) (one of OpenTafl's own, say). */
  rulesString?: string;
  engineSide: Side;
  /** Each side's main time at the start, ms (the host charges the engine what it uses). */
  clockMs: number;
  /** The host ends the game (`finish 0`) after this many turns of both sides. */
  maxTurns: number;
  seed: number;
  /** The host refuses (error 2) the first step the engine offers in its turn with this number (1-based). */
  refuseTurn?: number;
}

export interface GameLog {
  /** Each turn's steps as written (`e7-e9`), both sides, in order. */
  turns: { side: Side; steps: string[] }[];
  refused: string[];
  /** The step the engine offered right after each refusal. */
  retried: string[];
  /** `finish` code: 0 stopped, 1 draw, 2 attackers won, 3 defenders won. */
  finish: number;
  /** Every line the engine wrote. */
  lines: string[];
}

const steps = new Int32Array(4096);

/** The steps the side to move may make, without ending a run early (OpenTafl forces it on). */
export function hostLegalSteps(pos: Position): number[] {
  const n = generateSteps(pos, steps, 0);
  return Array.from(steps.subarray(0, n)).filter((step) => step !== END_RUN);
}

/** Reads `move e7-e9` into a step (or undefined when it is not one square to another). */
function readEngineStep(pos: Position, line: string): number | undefined {
  const m = /^move ([a-z]\d{1,2})-([a-z]\d{1,2})$/.exec(line);
  if (!m) return undefined;
  const from = parseSquare(pos.geo, m[1]);
  const to = parseSquare(pos.geo, m[2]);
  return from.ok && to.ok ? makeStep(from.value, to.value) : undefined;
}

function clockLine(clocks: number[]): string {
  return `clock ${Math.round(clocks[ATTACKERS])} ${Math.round(clocks[DEFENDERS])} 0 0 0`;
}

/**
 * Plays one game against the engine, refereed with src/engine under OpenTafl's berserk handling.
 * Sends `rules` first and only then waits for `hello`. Does not say goodbye.
 */
export async function playGame(engine: OpenTaflEngine, game: HostGame): Promise<GameLog> {
  const rand = makeRandom(game.seed);
  engine.send(`rules ${game.rulesString ?? makeRulesString(game.rules)}`);
  await engine.next(/^hello$/);
  const pos = Position.start(game.rules);
  const log: GameLog = { turns: [], refused: [], retried: [], finish: 0, lines: engine.lines };
  const clocks = [game.clockMs, game.clockMs];
  let lastHostTurn: string[] = [];
  let notify: string[] = [];
  let engineTurns = 0;
  let justRefused = false;

  while (gameOutcome(pos) === undefined && log.turns.length < game.maxTurns) {
    const side = pos.side;
    const turn = { side, steps: [] as string[] };
    if (side === game.engineSide) {
      engineTurns++;
      let refusedThisTurn = false;
      // One engine turn: one `play` per step while the run goes on, repeated after a refusal.
      for (;;) {
        if (notify.length > 0) engine.send(`opponent-move ${notify.join('|')} ${makePositionRecord(pos)}`);
        notify = [];
        engine.send(clockLine(clocks), `play ${SIDE_NAMES[side]}`);
        const started = performance.now();
        const line = await engine.next(/^(move|error) /);
        clocks[side] = Math.max(200, clocks[side] - (performance.now() - started));
        if (line.startsWith('error')) throw new Error(`the engine gave up: ${line}\n${engine.lines.join('\n')}`);
        const step = readEngineStep(pos, line);
        const legal = step !== undefined && hostLegalSteps(pos).includes(step);
        if (justRefused) {
          log.retried.push(line.slice(5));
          justRefused = false;
        }
        const refuse = !refusedThisTurn && turn.steps.length === 0 && engineTurns === game.refuseTurn;
        if (!legal || refuse) {
          if (!legal) throw new Error(`the engine offered an illegal step: ${line}\n${engine.lines.join('\n')}`);
          refusedThisTurn = true;
          justRefused = true;
          log.refused.push(line.slice(5));
          engine.send('error 2');
          notify = lastHostTurn;
          continue;
        }
        pos.makeStep(step as number);
        turn.steps.push(makeSimpleStep(pos.geo, step as number));
        engine.send(`move ${makePositionRecord(pos)}`);
        if (pos.berserker === NO_SQUARE || pos.winner !== NO_WINNER) break;
        // As OpenTafl does before the next `play` of the engine's run: the moves since what it takes
        // for the engine's last move, the host's last turn and the engine's own steps so far.
        notify = [...lastHostTurn, ...turn.steps];
      }
    } else {
      do {
        const legal = hostLegalSteps(pos);
        const captures = legal.filter((step) => stepCaptures(pos, stepFrom(step), stepTo(step)));
        const pool = captures.length > 0 ? captures : legal;
        const step = pool[Math.floor(rand() * pool.length)];
        turn.steps.push(makeSimpleStep(pos.geo, step));
        pos.makeStep(step);
      } while (pos.berserker !== NO_SQUARE && pos.winner === NO_WINNER);
      lastHostTurn = turn.steps;
      notify = turn.steps;
    }
    log.turns.push(turn);
  }
  const outcome = gameOutcome(pos);
  log.finish = outcome === undefined ? 0 : outcome.winner === null ? 1 : outcome.winner === ATTACKERS ? 2 : 3;
  engine.send(`finish ${log.finish}`);
  return log;
}
