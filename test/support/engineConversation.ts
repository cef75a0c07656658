// A real conversation with the built engine (dist/hnefi.js) through pipes, for end-to-end tests.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const HNEFI = fileURLToPath(new URL('../../dist/hnefi.js', import.meta.url));

export class EngineConversation {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  stderr = '';
  private partial = '';
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  /** `nodeFlags`: Node's own flags, before the engine's file. */
  constructor(args: string[] = [], nodeFlags: string[] = []) {
    this.child = spawn(process.execPath, [...nodeFlags, HNEFI, ...args], { stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code) => {
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
  }

  send(...commands: string[]): void {
    for (const command of commands) this.child.stdin.write(`${command}\n`);
  }

  /** Ends the input (EOF). */
  end(): void {
    this.child.stdin.end();
  }

  /** Waits until a line (from index `from` on) matches; returns its index. Fails after `ms`. */
  async waitFor(match: RegExp | string, from = 0, ms = 20_000): Promise<number> {
    const test = (line: string) => (typeof match === 'string' ? line === match : match.test(line));
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.lines.findIndex((line, i) => i >= from && test(line));
      if (index >= 0) return index;
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`no line matching ${String(match)}; got:\n${this.lines.slice(from).join('\n')}\nstderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends commands, then `isready`, and returns the lines written before `readyok`. */
  async ask(...commands: string[]): Promise<string[]> {
    const from = this.lines.length;
    this.send(...commands, 'isready');
    const ready = await this.waitFor('readyok', from);
    return this.lines.slice(from, ready);
  }

  /** Sends commands and returns the lines written up to and with the first that matches (perft, bench, go). */
  async until(match: RegExp | string, ...commands: string[]): Promise<string[]> {
    const from = this.lines.length;
    this.send(...commands);
    const end = await this.waitFor(match, from);
    return this.lines.slice(from, end + 1);
  }

  async quit(): Promise<number | null> {
    if (this.child.exitCode === null) this.send('quit');
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}
