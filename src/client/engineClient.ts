// One engine process driven over the UCI-like protocol (PROTOCOL.md): start-up handshake, options,
// new games, and one search at a time with fault detection. A crash (the process exits), a hang
// (`isready` unanswered), a late answer past the deadline, or a `bestmove` that is not a move at all
// is reported as a fault; the caller then kills the process and starts a fresh one.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface EngineSpec {
  name: string;
  cmd: string;
  args: string[];
  /** `setoption` values, sent after `uci`. */
  options: Record<string, string | number | boolean>;
  cwd?: string;
}

export interface Timeouts {
  /** Time for `uciok` and the first `readyok` after start-up. */
  startMs: number;
  /** Time for `readyok` after `isready`, also while the engine searches. */
  readyMs: number;
  /** How often the runner asks `isready` during a search. */
  pingMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { startMs: 15_000, readyMs: 5_000, pingMs: 1_000 };

export type EngineFault = 'crash' | 'hang' | 'time' | 'garbage';

export interface Score {
  kind: 'cp' | 'mate';
  value: number;
}

export type SearchResult =
  | { ok: true; move: string; elapsedMs: number; score?: Score }
  | { ok: false; fault: EngineFault; detail: string; elapsedMs: number };

/** A `bestmove` token that looks like a move (compact squares, OpenTafl steps, `0000`, `(none)`). */
const MOVE_SHAPE = /^(?:0000|\(none\)|(?:[a-s]\d{1,2}){2,}|[tcnkTCNK]?[a-s]\d{1,2}[-^=]{1,2}[a-s]\d{1,2}[^\s]*)$/;

type LineWaiter = (line: string) => boolean;

const STDERR_LINES_KEPT = 20;

export class EngineClient {
  readonly spec: EngineSpec;
  private child: ChildProcess;
  private waiters = new Set<LineWaiter>();
  private exitListeners = new Set<(detail: string) => void>();
  private exited: string | undefined;
  /** The engine's last stderr lines, to explain a crash (error lines first). */
  private stderrTail: string[] = [];
  private readonly timeouts: Timeouts;

  private constructor(spec: EngineSpec, timeouts: Timeouts) {
    this.spec = spec;
    this.timeouts = timeouts;
    this.child = spawn(spec.cmd, spec.args, { cwd: spec.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.on('error', (e) => this.onExit(`could not run '${spec.cmd}': ${e.message}`));
    // 'close' comes after the output streams end, so the last words on stderr are in by then.
    this.child.on('close', (code, signal) => {
      const errors = this.stderrTail.filter((line) => /error|exception|fatal|panic|abort/i.test(line));
      const said = this.stderrTail.length > 0 ? ` (stderr: ${(errors.length > 0 ? errors : this.stderrTail).slice(-2).join(' | ')})` : '';
      this.onExit((signal ? `killed by ${signal}` : `exited with code ${code}`) + said);
    });
    if (this.child.stderr) {
      createInterface({ input: this.child.stderr }).on('line', (line) => {
        if (line.trim() === '') return;
        this.stderrTail.push(line.trim().slice(0, 200));
        if (this.stderrTail.length > STDERR_LINES_KEPT) this.stderrTail.shift();
      });
    }
    // Writing to a process that has died raises EPIPE on stdin; the exit handler reports it.
    this.child.stdin?.on('error', () => {});
    if (this.child.stdout) {
      createInterface({ input: this.child.stdout }).on('line', (line) => {
        for (const waiter of [...this.waiters]) if (waiter(line.trim())) this.waiters.delete(waiter);
      });
    }
  }

  /** Starts the engine and runs the handshake: `uci`/`uciok`, the options, `isready`/`readyok`. */
  static async start(spec: EngineSpec, timeouts: Timeouts = DEFAULT_TIMEOUTS): Promise<{ ok: true; engine: EngineClient } | { ok: false; fault: EngineFault; detail: string }> {
    const engine = new EngineClient(spec, timeouts);
    engine.send('uci');
    const uciok = await engine.waitFor((line) => line === 'uciok', timeouts.startMs);
    if (!uciok.ok) {
      engine.kill();
      return { ok: false, fault: uciok.fault, detail: `${spec.name} at start-up (uci): ${uciok.detail}` };
    }
    for (const [name, value] of Object.entries(spec.options)) engine.send(`setoption name ${name} value ${value}`);
    const ready = await engine.isReady(timeouts.startMs);
    if (!ready.ok) {
      engine.kill();
      return { ok: false, fault: ready.fault, detail: `${spec.name} after its options: ${ready.detail}` };
    }
    return { ok: true, engine };
  }

  get alive(): boolean {
    return this.exited === undefined;
  }

  send(line: string): void {
    if (this.alive) this.child.stdin?.write(line + '\n');
  }

  /** `isready` answered by `readyok` within the time. */
  isReady(timeoutMs = this.timeouts.readyMs): Promise<{ ok: true } | { ok: false; fault: EngineFault; detail: string }> {
    this.send('isready');
    return this.waitFor((line) => line === 'readyok', timeoutMs).then((r) => (r.ok ? { ok: true } : r));
  }

  async newGame(): Promise<{ ok: true } | { ok: false; fault: EngineFault; detail: string }> {
    this.send('ucinewgame');
    return this.isReady();
  }

  /**
   * Sends the position and `go`, and waits for `bestmove`. `deadlineMs` (from the `go`) is the most
   * the search may take before it counts as a time forfeit; without it only hangs end the wait.
   */
  search(positionCommand: string, goCommand: string, deadlineMs?: number): Promise<SearchResult> {
    const started = Date.now();
    const elapsed = (): number => Date.now() - started;
    return new Promise<SearchResult>((resolve) => {
      let score: Score | undefined;
      let pingSent = 0;
      let settled = false;
      const finish = (result: SearchResult): void => {
        if (settled) return;
        settled = true;
        clearInterval(ping);
        if (deadline) clearTimeout(deadline);
        this.waiters.delete(onLine);
        this.exitListeners.delete(onExit);
        resolve(result);
      };
      const onLine: LineWaiter = (line) => {
        if (line === 'readyok') {
          pingSent = 0;
          return false;
        }
        const tokens = line.split(/\s+/);
        if (tokens[0] === 'info') {
          const at = tokens.indexOf('score');
          if (at >= 0 && (tokens[at + 1] === 'cp' || tokens[at + 1] === 'mate') && tokens[at + 3] !== 'lowerbound' && tokens[at + 3] !== 'upperbound') {
            const value = Number(tokens[at + 2]);
            if (Number.isFinite(value)) score = { kind: tokens[at + 1] as 'cp' | 'mate', value };
          }
          return false;
        }
        if (tokens[0] !== 'bestmove') return false;
        const move = tokens[1] ?? '';
        if (deadlineMs !== undefined && elapsed() > deadlineMs) {
          finish({ ok: false, fault: 'time', detail: `answered after ${elapsed()} ms, allowed ${deadlineMs} ms`, elapsedMs: elapsed() });
        } else if (!MOVE_SHAPE.test(move)) {
          finish({ ok: false, fault: 'garbage', detail: `bestmove '${line.slice(0, 80)}' is not a move`, elapsedMs: elapsed() });
        } else {
          finish({ ok: true, move, elapsedMs: elapsed(), score });
        }
        return true;
      };
      const onExit = (detail: string): void => finish({ ok: false, fault: 'crash', detail, elapsedMs: elapsed() });
      const ping = setInterval(() => {
        if (pingSent !== 0 && Date.now() - pingSent > this.timeouts.readyMs) {
          finish({ ok: false, fault: 'hang', detail: `no readyok within ${this.timeouts.readyMs} ms during the search`, elapsedMs: elapsed() });
          return;
        }
        if (pingSent === 0) {
          pingSent = Date.now();
          this.send('isready');
        }
      }, Math.min(this.timeouts.pingMs, this.timeouts.readyMs));
      const deadline = deadlineMs === undefined
        ? undefined
        : setTimeout(() => finish({ ok: false, fault: 'time', detail: `no bestmove within ${deadlineMs} ms`, elapsedMs: elapsed() }), deadlineMs + 1);
      if (!this.alive) {
        onExit(this.exited ?? 'not running');
        return;
      }
      this.waiters.add(onLine);
      this.exitListeners.add(onExit);
      this.send(positionCommand);
      this.send(goCommand);
    });
  }

  /** Ends the process for good (a faulty engine is never reused). */
  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }

  /** Asks the engine to quit and kills it if it has not after a moment. */
  async quit(): Promise<void> {
    if (!this.alive) return;
    this.send('quit');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.kill();
        resolve();
      }, 1000);
      this.exitListeners.add(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private waitFor(match: (line: string) => boolean, timeoutMs: number): Promise<{ ok: true; line: string } | { ok: false; fault: EngineFault; detail: string }> {
    return new Promise((resolve) => {
      if (!this.alive) {
        resolve({ ok: false, fault: 'crash', detail: this.exited ?? 'not running' });
        return;
      }
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        this.exitListeners.delete(onExit);
        resolve({ ok: false, fault: 'hang', detail: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      const waiter: LineWaiter = (line) => {
        if (!match(line)) return false;
        clearTimeout(timer);
        this.exitListeners.delete(onExit);
        resolve({ ok: true, line });
        return true;
      };
      const onExit = (detail: string): void => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve({ ok: false, fault: 'crash', detail });
      };
      this.waiters.add(waiter);
      this.exitListeners.add(onExit);
    });
  }

  private onExit(detail: string): void {
    if (this.exited !== undefined) return;
    this.exited = detail;
    for (const listener of [...this.exitListeners]) listener(detail);
    this.exitListeners.clear();
  }
}
