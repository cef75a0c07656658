// The GUI server without a browser: its WebSocket checks every message (a bad one gets an error and
// changes nothing), refuses other sites' pages, relays analysis, reports a hung engine, and stops a
// closed tab's engine.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/gui/shared/messages.js';
import { CLI, startGuiProcess, type GuiProcess } from './guiProcess.js';

let gui: GuiProcess;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hnefi-gui-server-'));
  const config = join(folder, 'gui.json');
  writeFileSync(
    config,
    JSON.stringify({
      engines: [
        { name: 'Hnefi', cmd: process.execPath, args: [CLI], options: { Threads: 1 } },
        { name: 'Hanger', cmd: process.execPath, args: ['test/fixtures/brokenEngine.mjs', 'hang'] },
      ],
      timeouts: { readyMs: 1000, pingMs: 200 },
    }),
  );
  gui = await startGuiProcess(['--config', config]);
});

afterAll(async () => {
  await gui?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A client of the WebSocket that keeps every message it receives. */
async function connect(
  origin?: string,
): Promise<{ socket: WebSocket; received: ServerMessage[]; next: (t: ServerMessage['t'], timeoutMs?: number) => Promise<ServerMessage> }> {
  const socket = new WebSocket(`${gui.url.replace('http', 'ws')}ws`, origin === undefined ? {} : { headers: { origin } });
  const received: ServerMessage[] = [];
  const waiting: { t: string; resolve: (m: ServerMessage) => void }[] = [];
  let seen = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    received.push(message);
    const waiter = waiting.findIndex((w) => w.t === message.t);
    if (waiter >= 0) {
      seen = received.length;
      waiting.splice(waiter, 1)[0].resolve(message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (t: ServerMessage['t'], timeoutMs = 20_000): Promise<ServerMessage> => {
    const already = received.slice(seen).find((m) => m.t === t);
    if (already !== undefined) {
      seen = received.indexOf(already) + 1;
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no '${t}' message within ${timeoutMs} ms; got ${JSON.stringify(received.map((m) => m.t))}`)),
        timeoutMs,
      );
      waiting.push({
        t,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  };
  return { socket, received, next };
}

/** The engine processes the GUI server runs (its children running an engine; not the client's watchdog). */
const enginesOf = (pid: number): number[] => {
  let children: number[];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter((s) => s !== '')
      .map(Number);
  } catch {
    return [];
  }
  return children.filter((child) => {
    try {
      return /hnefi\.js|brokenEngine/.test(readFileSync(`/proc/${child}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
};

describe('the GUI server', () => {
  it('listens on 127.0.0.1 unless told otherwise', () => {
    expect(gui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers a malformed message with an error and goes on working', async () => {
    const client = await connect();
    for (const bad of [
      'not json',
      '[1,2]',
      '{"t":"launch"}',
      '{"t":"search","id":1,"slot":"analysis","engine":"rm -rf","variant":"berserk","moves":[],"limits":{"depth":1}}',
      '{"t":"search","id":1,"slot":"analysis","engine":"Hnefi","variant":"berserk","moves":["d1d5\\nquit"],"limits":{"depth":1}}',
      '{"t":"search","id":1,"slot":"analysis","engine":"Hnefi","variant":"brandubh","moves":["a4a7"],"limits":{"depth":1}}',
    ]) {
      client.socket.send(bad);
      const error = await client.next('error');
      expect(error.t === 'error' && error.message.length).toBeGreaterThan(10);
    }
    const last = client.received.at(-1);
    expect(last?.t === 'error' && last.message).toContain('only the king may stop on a corner');
    client.socket.send(JSON.stringify({ t: 'hello' }));
    const hello = await client.next('hello');
    expect(hello.t === 'hello' && hello.engines).toEqual(['Hnefi', 'Hanger']);
    // Nothing was started by the bad messages.
    expect(enginesOf(gui.child.pid!)).toEqual([]);
    client.socket.close();
  });

  it('refuses the WebSocket to a page from another site', async () => {
    await expect(connect('http://evil.example')).rejects.toThrow(/403/);
  });

  it('streams analysis and stops the engine when the tab closes', async () => {
    const client = await connect();
    client.socket.send(
      JSON.stringify({
        t: 'search',
        id: 7,
        slot: 'analysis',
        engine: 'Hnefi',
        variant: 'brandubh',
        moves: ['d2b2'],
        limits: { infinite: true },
        multipv: 2,
      }),
    );
    const info = await client.next('info');
    expect(info.t === 'info' && info.id).toBe(7);
    await client.next('info');
    const latest = client.received.filter((m) => m.t === 'info').at(-1);
    expect(latest?.t === 'info' && latest.lines.map((l) => l.multipv)).toEqual([1, 2]);
    expect(enginesOf(gui.child.pid!)).toHaveLength(1);
    client.socket.close();
    await expect.poll(() => enginesOf(gui.child.pid!), { timeout: 10_000 }).toEqual([]);
  });

  it('reports an engine that stops answering', async () => {
    const client = await connect();
    client.socket.send(
      JSON.stringify({
        t: 'search',
        id: 3,
        slot: 'attackers',
        engine: 'Hanger',
        variant: 'brandubh',
        moves: [],
        limits: { movetime: 100 },
      }),
    );
    for (;;) {
      const state = await client.next('engine');
      if (state.t === 'engine' && state.state === 'failed') {
        expect(state.detail).toMatch(/^hang/);
        expect(state.id).toBe(3);
        break;
      }
    }
    client.socket.close();
  });
});
