// One engine as a child process speaking a line protocol on stdin/stdout, whatever the protocol:
// lines out, lines in (to whoever waits for them), its last stderr lines to explain a crash, and its
// end. Engines die with the process that started them, even when it is killed outright (see the
// watchdog below). The protocols themselves are spoken by the sessions over it (engineClient.ts).

import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { createInterface } from 'node:readline';

export type EngineFault = 'crash' | 'hang' | 'time' | 'garbage';

/** Either done, or a fault with what happened in words. */
export type Outcome = { ok: true } | { ok: false; fault: EngineFault; detail: string };

/** Called with each line the engine writes; true when it was the line waited for (the waiter is then dropped). */
export type LineWaiter = (line: string) => boolean;

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
export function cwdProblem(cwd: string | undefined): string | undefined {
  if (cwd === undefined) return undefined;
  try {
    return statSync(cwd).isDirectory() ? undefined : `working folder (cwd) '${cwd}' is not a folder`;
  } catch {
    return `working folder (cwd) '${cwd}' does not exist`;
  }
}

export class EngineProcess {
  private child: ChildProcess;
  private waiters = new Set<LineWaiter>();
  private exitListeners = new Set<(detail: string) => void>();
  private exited: string | undefined;
  /** The engine's last stderr lines, to explain a crash (error lines first). */
  private stderrTail: string[] = [];

  constructor(cmd: string, args: readonly string[], cwd: string | undefined) {
    // Its own process group (POSIX), so that killing it also ends whatever it started.
    this.child = spawn(cmd, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: POSIX, windowsHide: true });
    const pid = this.child.pid;
    if (pid !== undefined) {
      watchdogSend(`+ ${pid}`);
      this.child.once('exit', () => watchdogSend(`- ${pid}`));
    }
    this.child.on('error', (e) => this.onExit(`could not run '${cmd}': ${e.message}`));
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

  get alive(): boolean {
    return this.exited === undefined;
  }

  /** Why the process ended, once it has. */
  get exitDetail(): string | undefined {
    return this.exited;
  }

  send(line: string): void {
    if (this.alive) this.child.stdin?.write(line + '\n');
  }

  /** Hands every line to `waiter` until it returns true or is removed with the function returned. */
  onLine(waiter: LineWaiter): () => void {
    this.waiters.add(waiter);
    return () => this.waiters.delete(waiter);
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

  /** Waits for the first line that `match` accepts: a hang when none comes within the time, a crash when the process ends. */
  waitFor(
    match: (line: string) => boolean,
    timeoutMs: number,
  ): Promise<{ ok: true; line: string } | { ok: false; fault: EngineFault; detail: string }> {
    return new Promise((resolve) => {
      if (!this.alive) {
        resolve({ ok: false, fault: 'crash', detail: this.exited ?? 'not running' });
        return;
      }
      const timer = setTimeout(() => {
        removeWaiter();
        cancelExit();
        resolve({ ok: false, fault: 'hang', detail: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      const removeWaiter = this.onLine((line) => {
        if (!match(line)) return false;
        clearTimeout(timer);
        cancelExit();
        resolve({ ok: true, line });
        return true;
      });
      const cancelExit = this.whenExited((detail) => {
        clearTimeout(timer);
        removeWaiter();
        resolve({ ok: false, fault: 'crash', detail });
      });
    });
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

  /** Sends the protocol's goodbye and kills the process if it has not ended after a moment. */
  async quit(goodbye: string | undefined): Promise<void> {
    if (!this.alive) return;
    if (goodbye !== undefined) this.send(goodbye);
    else this.child.stdin?.end();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.kill();
        resolve();
      }, 1000);
      this.whenExited(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private onExit(detail: string): void {
    if (this.exited !== undefined) return;
    this.exited = detail;
    for (const listener of [...this.exitListeners]) listener(detail);
    this.exitListeners.clear();
  }
}
