// One engine process driven over the UCI-like protocol (PROTOCOL.md): start-up handshake, options,
// new games, and one search at a time with fault detection. A crash (the process exits), a hang
// (`isready` unanswered), a late answer past the deadline, or a `bestmove` that is not a move at all
// is reported as a fault; the caller then kills the process and starts a fresh one. Engines die with
// the process that started them, even when it is killed outright (see the watchdog below).

import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseInfoLine, type EngineInfo } from './engineInfo.js';

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
  /** The longest a search may take when its time control sets no deadline (depth, nodes): an engine
   *  that answers `isready` but never `bestmove` loses on time instead of stalling the tournament. */
  moveMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { startMs: 15_000, readyMs: 5_000, pingMs: 1_000, moveMs: 300_000 };

/** An option the engine answered with `info string error ...` during the handshake. */
export interface RejectedOption {
  name: string;
  value: string | number | boolean;
  message: string;
}

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

const POSIX = process.platform !== 'win32';

/**
 * One small process per client process that kills every engine still running once its parent is gone:
 * it reads its stdin, which the system closes when the parent dies by any means (SIGKILL included), so
 * an engine that never reads its own input still dies with the runner. Engines are registered with
 * `+ pid` and forgotten with `- pid`; on POSIX each engine leads its own process group, killed whole.
 */
const WATCHDOG_SCRIPT = `
const pids = new Set();
let pending = '';
const reap = () => {
  for (const pid of pids) {
    try { process.kill(-pid, 'SIGKILL'); } catch {}
    try { process.kill(pid, 'SIGKILL'); } catch {}
  }
  process.exit(0);
};
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.on('SIGTERM', reap);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let at = pending.indexOf('\\n'); at >= 0; at = pending.indexOf('\\n')) {
    const [op, pid] = pending.slice(0, at).split(' ');
    pending = pending.slice(at + 1);
    if (op === '+') pids.add(Number(pid)); else pids.delete(Number(pid));
  }
});
process.stdin.on('end', reap);
process.stdin.on('error', reap);
`;

let watchdog: ChildProcess | undefined;

function watchdogSend(line: string): void {
  if (watchdog === undefined || watchdog.exitCode !== null) {
    watchdog = spawn(process.execPath, ['-e', WATCHDOG_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true, windowsHide: true });
    watchdog.on('error', () => {});
    watchdog.stdin?.on('error', () => {});
    // The watchdog must not keep its parent alive.
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }
  watchdog.stdin?.write(line + '\n');
}

/** Why an engine's working folder cannot be used, or undefined when it can. */
function cwdProblem(cwd: string | undefined): string | undefined {
  if (cwd === undefined) return undefined;
  try {
    return statSync(cwd).isDirectory() ? undefined : `working folder (cwd) '${cwd}' is not a folder`;
  } catch {
    return `working folder (cwd) '${cwd}' does not exist`;
  }
}

export class EngineClient {
  readonly spec: EngineSpec;
  private child: ChildProcess;
  private waiters = new Set<LineWaiter>();
  private exitListeners = new Set<(detail: string) => void>();
  private exited: string | undefined;
  /** The engine's last stderr lines, to explain a crash (error lines first). */
  private stderrTail: string[] = [];
  private readonly timeouts: Timeouts;
  /** Options the engine rejected during the handshake (its `info string error` answers). */
  readonly rejectedOptions: RejectedOption[] = [];

  private constructor(spec: EngineSpec, timeouts: Timeouts) {
    this.spec = spec;
    this.timeouts = timeouts;
    // Its own process group (POSIX), so that killing it also ends whatever it started.
    this.child = spawn(spec.cmd, spec.args, { cwd: spec.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: POSIX, windowsHide: true });
    const pid = this.child.pid;
    if (pid !== undefined) {
      watchdogSend(`+ ${pid}`);
      this.child.once('exit', () => watchdogSend(`- ${pid}`));
    }
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
  static async start(
    spec: EngineSpec,
    timeouts: Timeouts = DEFAULT_TIMEOUTS,
  ): Promise<{ ok: true; engine: EngineClient } | { ok: false; fault: EngineFault; detail: string }> {
    const badCwd = cwdProblem(spec.cwd);
    if (badCwd !== undefined) return { ok: false, fault: 'crash', detail: `${spec.name}: ${badCwd}` };
    const engine = new EngineClient(spec, timeouts);
    engine.send('uci');
    const uciok = await engine.waitFor((line) => line === 'uciok', timeouts.startMs);
    if (!uciok.ok) {
      engine.kill();
      return { ok: false, fault: uciok.fault, detail: `${spec.name} at start-up (uci): ${uciok.detail}` };
    }
    // Each option is confirmed by `readyok`: an `info string error` before it is that option's rejection.
    const errors: string[] = [];
    const collect: LineWaiter = (line) => {
      const error = /^info\s+string\s+error\b:?\s*(.*)$/i.exec(line);
      if (error) errors.push(error[1]);
      return false;
    };
    engine.waiters.add(collect);
    const options = Object.entries(spec.options);
    for (let i = 0; i < Math.max(1, options.length); i++) {
      const option = options[i];
      if (option !== undefined) engine.send(`setoption name ${option[0]} value ${option[1]}`);
      const before = errors.length;
      const ready = await engine.isReady(timeouts.startMs);
      if (!ready.ok) {
        engine.waiters.delete(collect);
        engine.kill();
        const after = option === undefined ? 'after uciok' : `after setoption ${option[0]}`;
        return { ok: false, fault: ready.fault, detail: `${spec.name} ${after}: ${ready.detail}` };
      }
      if (option !== undefined && errors.length > before) {
        engine.rejectedOptions.push({ name: option[0], value: option[1], message: errors.slice(before).join('; ') });
      }
    }
    engine.waiters.delete(collect);
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
   * `onInfo` receives each `info` line of the search as it comes (analysis shows them live).
   */
  search(positionCommand: string, goCommand: string, deadlineMs?: number, onInfo?: (info: EngineInfo) => void): Promise<SearchResult> {
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
          if (onInfo !== undefined) {
            const info = parseInfoLine(line);
            if (info !== undefined) onInfo(info);
          }
          const at = tokens.indexOf('score');
          if (
            at >= 0 &&
            (tokens[at + 1] === 'cp' || tokens[at + 1] === 'mate') &&
            tokens[at + 3] !== 'lowerbound' &&
            tokens[at + 3] !== 'upperbound'
          ) {
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
      const ping = setInterval(
        () => {
          if (pingSent !== 0 && Date.now() - pingSent > this.timeouts.readyMs) {
            finish({
              ok: false,
              fault: 'hang',
              detail: `no readyok within ${this.timeouts.readyMs} ms during the search`,
              elapsedMs: elapsed(),
            });
            return;
          }
          if (pingSent === 0) {
            pingSent = Date.now();
            this.send('isready');
          }
        },
        Math.min(this.timeouts.pingMs, this.timeouts.readyMs),
      );
      const deadline =
        deadlineMs === undefined
          ? undefined
          : setTimeout(
              () => finish({ ok: false, fault: 'time', detail: `no bestmove within ${deadlineMs} ms`, elapsedMs: elapsed() }),
              deadlineMs + 1,
            );
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

  /** Asks a running search to end now; its `bestmove` still settles the search's promise. */
  stop(): void {
    this.send('stop');
  }

  /** Calls `listener` once when the process ends (at once if it has already); returns a way to cancel. */
  whenExited(listener: (detail: string) => void): () => void {
    if (this.exited !== undefined) {
      listener(this.exited);
      return () => {};
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /** Ends the process for good (a faulty engine is never reused). */
  kill(): void {
    if (!this.alive) return;
    if (POSIX && this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
        return;
      } catch {
        // The group is gone already; the process itself is killed below.
      }
    }
    this.child.kill('SIGKILL');
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

  private waitFor(
    match: (line: string) => boolean,
    timeoutMs: number,
  ): Promise<{ ok: true; line: string } | { ok: false; fault: EngineFault; detail: string }> {
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
