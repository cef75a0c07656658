// Test support: the real `hnefi gui` command as a child process on a free port, and a real headless
// Chromium (Debian's chromium package) driven by playwright-core. A missing browser fails the tests
// with a message saying what to install; nothing is skipped.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.HNEFI_CHROMIUM ?? '/usr/bin/chromium';
export const CLI = 'dist/hnefi.js';

export interface GuiProcess {
  /** The address printed, with its token. */
  url: string;
  /** The WebSocket's address, with the token. */
  ws: string;
  child: ChildProcess;
  /** What it printed on stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `hnefi gui --port 0` (or the port in `flags`) with the given flags and waits for the URL it prints. */
export async function startGuiProcess(flags: string[], env: NodeJS.ProcessEnv = process.env): Promise<GuiProcess> {
  if (!existsSync(join('dist', 'gui', 'index.html'))) throw new Error('dist/gui is missing: run npm run build first');
  const port = flags.includes('--port') ? [] : ['--port', '0'];
  const child = spawn(process.execPath, [CLI, 'gui', ...port, ...flags], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hnefi gui printed no URL within 20 s (stderr: ${stderr})`)), 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /(http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`hnefi gui exited with code ${code} (stderr: ${stderr})`)));
  });
  const address = new URL(url);
  const token = address.searchParams.get('token');
  return {
    url,
    ws: `ws://${address.host}/ws${token === null ? '' : `?token=${token}`}`,
    child,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** `flags`: Chromium's own, after the ones every test needs. */
export async function launchBrowser(flags: string[] = []): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: the GUI tests need a real browser (apt-get install chromium, or set HNEFI_CHROMIUM)`);
  }
  // launch() gives the browser a fresh temporary profile of its own (it refuses --user-data-dir).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...flags,
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}
