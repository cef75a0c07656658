// The GUI server without a browser: who may connect (its own host and origin, its token), what a
// page may make it do (messages checked, search limits and engines capped, files read only inside the
// folders named at start, never blocking), analysis relayed, a hung engine reported, and a closed
// tab's engine stopped.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/gui/shared/messages.js';
import { CLI, startGuiProcess, type GuiProcess } from './guiProcess.js';

let gui: GuiProcess;
let folder: string;
/** Under --records: tournaments the page may watch. */
let records: string;
/** A --watch folder that does not exist when the server starts. */
let preset: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hnefi-gui-server-'));
  records = join(folder, 'runs');
  preset = join(folder, 'later');
  mkdirSync(join(records, 't1', 'games'), { recursive: true });
  const config = join(folder, 'gui.json');
  writeFileSync(
    config,
    JSON.stringify({
      engines: [
        { name: 'Hnefi', cmd: process.execPath, args: [CLI], options: { Threads: 1 } },
        { name: 'Hanger', cmd: process.execPath, args: ['test/fixtures/brokenEngine.mjs', 'hang'] },
      ],
      timeouts: { readyMs: 1000, pingMs: 200 },
      records: [records],
      watch: [preset],
      limits: { connections: 4, engines: 2, moveMs: 60_000 },
    }),
  );
  gui = await startGuiProcess(['--config', config]);
});

afterAll(async () => {
  await gui?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A client of the WebSocket that keeps every message it receives. */
interface Client {
  socket: WebSocket;
  received: ServerMessage[];
  /** The next message of the type (or one of the types) not yet taken. */
  next: (t: ServerMessage['t'] | ServerMessage['t'][], timeoutMs?: number) => Promise<ServerMessage>;
}

async function connect(origin?: string, url = gui.ws): Promise<Client> {
  const socket = new WebSocket(url, origin === undefined ? {} : { headers: { origin } });
  const received: ServerMessage[] = [];
  const waiting: { types: string[]; resolve: (m: ServerMessage) => void }[] = [];
  let seen = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    received.push(message);
    const waiter = waiting.findIndex((w) => w.types.includes(message.t));
    if (waiter >= 0) {
      seen = received.length;
      waiting.splice(waiter, 1)[0].resolve(message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (t: ServerMessage['t'] | ServerMessage['t'][], timeoutMs = 20_000): Promise<ServerMessage> => {
    const types: string[] = Array.isArray(t) ? t : [t];
    const already = received.slice(seen).find((m) => types.includes(m.t));
    if (already !== undefined) {
      seen = received.indexOf(already) + 1;
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no '${types.join("' or '")}' message within ${timeoutMs} ms; got ${JSON.stringify(received.map((m) => m.t))}`)),
        timeoutMs,
      );
      waiting.push({
        types,
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
  it('listens on 127.0.0.1 unless told otherwise, with a token in its address', () => {
    expect(gui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
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

  it('answers only requests for its own host, from its own origin (DNS rebinding)', async () => {
    const { host, port } = new URL(gui.url);
    const status = (headers: Record<string, string>, path = '/'): Promise<number> =>
      new Promise((resolve, reject) => {
        get({ host: '127.0.0.1', port, path, headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        }).on('error', reject);
      });
    expect(await status({ host })).toBe(200);
    expect(await status({ host: `localhost:${port}` })).toBe(200);
    expect(await status({ host: `evil.example:${port}` })).toBe(403);
    expect(await status({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).toBe(403);
    expect(await status({ host: '127.0.0.1:1' })).toBe(403);
    for (const origin of [`https://${host}`, 'null', 'not an origin', `http://localhost:${port}`])
      expect(await status({ host, origin })).toBe(403);
    expect(await status({ host, origin: `http://${host}` })).toBe(200);
    await expect(connect(`http://evil.example:${port}`, gui.ws.replace('127.0.0.1', 'localhost'))).rejects.toThrow(/403/);
  });

  it('needs its token on the WebSocket', async () => {
    const closed = (url: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.on('close', (code) => resolve(code));
        socket.on('error', reject);
      });
    expect(await closed(gui.ws.replace(/\?token=.*/, ''))).toBe(4401);
    expect(await closed(gui.ws.replace(/token=.*/, 'token=wrong'))).toBe(4401);
    const client = await connect();
    client.socket.send(JSON.stringify({ t: 'hello' }));
    expect((await client.next('hello')).t).toBe('hello');
    client.socket.close();
  });

  it('sends headers that keep other sites out, and no source map', async () => {
    const { origin } = new URL(gui.url);
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|https?:/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(readFileSync('dist/gui/app.js.map').length).toBeGreaterThan(0);
    expect((await fetch(`${origin}/app.js.map`)).status).toBe(404);
    expect((await fetch(`${origin}/app.js`)).status).toBe(200);
  });

  it('reads only inside the folders named at start, real paths and regular files, never blocking', async () => {
    const t1 = join(records, 't1');
    writeFileSync(join(t1, 'games', 'p1-r1-g1.otg'), '[event:Hnefi]\n');
    const secret = join(folder, 'secret.otg');
    writeFileSync(secret, 'secret');
    symlinkSync(secret, join(t1, 'games', 'link.otg'));
    symlinkSync(folder, join(records, 'escape'));
    writeFileSync(join(t1, 'games', 'big.otg'), Buffer.alloc(5 << 20, 32));
    execFileSync('mkfifo', [join(t1, 'games', 'fifo.otg'), join(t1, 'tournament.json')]);
    const client = await connect();
    const answer = async (message: object): Promise<string> => {
      client.socket.send(JSON.stringify(message));
      const reply = await client.next(['record', 'error']);
      return reply.t === 'record' ? `record: ${reply.text}` : reply.t === 'error' ? reply.message : '';
    };
    expect(await answer({ t: 'record', folder: t1, file: 'p1-r1-g1.otg' })).toBe('record: [event:Hnefi]\n');
    const refusals = [
      await answer({ t: 'record', folder: t1, file: 'link.otg' }),
      await answer({ t: 'record', folder: folder, file: 'secret.otg' }),
      await answer({ t: 'record', folder: join(records, 'escape'), file: 'secret.otg' }),
      await answer({ t: 'record', folder: t1, file: 'big.otg' }),
      await answer({ t: 'record', folder: t1, file: 'fifo.otg' }),
      await answer({ t: 'record', folder: t1, file: 'none.otg' }),
      await answer({ t: 'watch', folder: '/' }),
    ];
    expect(refusals[0]).toMatch(/link\.otg/);
    expect(refusals[1]).toMatch(/is not one this server shows/);
    expect(refusals[2]).toMatch(/is not one this server shows/);
    expect(refusals[3]).toMatch(/larger than 4 MB/);
    expect(refusals[4]).toMatch(/not a regular file/);
    expect(refusals[5]).toMatch(/no such file/);
    expect(refusals[6]).toMatch(/'\/' is not one this server shows/);
    // No path of the server's machine but those the page named.
    for (const text of [refusals[0], refusals[3], refusals[4], refusals[5]]) expect(text).not.toContain(folder);
    // A tournament.json that is a FIFO: the watch goes on, and the server answers at once.
    client.socket.send(JSON.stringify({ t: 'watch', folder: t1 }));
    const watched = await client.next('tournament');
    expect(watched.t === 'tournament' && [watched.folder, watched.config]).toEqual([t1, undefined]);
    client.socket.send(JSON.stringify({ t: 'hello' }));
    await client.next('hello', 2000);
    client.socket.close();
  });

  it('watches a --watch folder before its tournament starts: the live folder is made at once', async () => {
    const client = await connect();
    client.socket.send(JSON.stringify({ t: 'watch', folder: preset }));
    const watched = await client.next('tournament');
    expect(watched.t === 'tournament' && watched.folder).toBe(preset);
    expect(readdirSync(join(preset, 'live'))).toEqual([]);
    // When it starts, the page gets its variant and engine names, not their commands.
    writeFileSync(
      join(preset, 'tournament.json'),
      JSON.stringify({ config: { variant: 'brandubh', games: 2, engines: [{ name: 'a', cmd: join(folder, 'engine'), args: ['-x'] }] } }),
    );
    const started = await client.next('tournament');
    expect(started.t === 'tournament' && started.config).toEqual({ variant: 'brandubh', games: 2, engines: [{ name: 'a' }] });
    client.socket.close();
  });

  it('warns when it listens beyond this machine, and asks a token there', async () => {
    const run = (flags: string[]): { status: number | null; stderr: string } => {
      const result = spawnSync(process.execPath, [CLI, 'gui', '--port', '0', ...flags], { encoding: 'utf8', timeout: 10_000 });
      return { status: result.status, stderr: result.stderr };
    };
    expect(run(['--host', '0.0.0.0', '--no-token'])).toEqual({
      status: 1,
      stderr: 'hnefi gui: --no-token: only with a loopback --host (127.0.0.1, localhost, ::1), not 0.0.0.0\n',
    });
    const open = await startGuiProcess(['--host', '0.0.0.0']);
    try {
      expect(open.stderr()).toMatch(/warning: listening on 0\.0\.0\.0, not this machine only: .*token.*engines.*tournament folders/);
      expect(open.url).toMatch(/\?token=[\w-]{32}$/);
    } finally {
      await open.stop();
    }
    const loopback = await startGuiProcess(['--no-token']);
    try {
      expect(loopback.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const client = await connect(undefined, loopback.ws);
      client.socket.send(JSON.stringify({ t: 'hello' }));
      expect((await client.next('hello')).t).toBe('hello');
      client.socket.close();
    } finally {
      await loopback.stop();
    }
  });

  it('caps what a page may ask: search limits, engines, pages', async () => {
    const client = await connect();
    const search = (slot: string, limits: object, id = 1): void =>
      client.socket.send(JSON.stringify({ t: 'search', id, slot, engine: 'Hnefi', variant: 'brandubh', moves: [], limits }));
    search('attackers', { movetime: 1_000_000_000 });
    expect(await client.next('error')).toMatchObject({ message: expect.stringMatching(/limits\.movetime .* 0 to 60000/) });
    search('defenders', { infinite: true });
    expect(await client.next('error')).toMatchObject({ message: expect.stringMatching(/only the analysis board/) });
    search('attackers', { atime: 1e12, dtime: 1000 });
    expect(await client.next('error')).toMatchObject({ message: expect.stringMatching(/limits\.atime/) });
    // The server runs two engines at most: the third place is refused with the reason.
    search('analysis', { infinite: true }, 1);
    search('attackers', { movetime: 20_000 }, 2);
    search('defenders', { movetime: 20_000 }, 3);
    let refused: ServerMessage | undefined;
    while (refused === undefined) {
      const state = await client.next('engine');
      if (state.t === 'engine' && state.state === 'failed') refused = state;
    }
    expect(refused).toMatchObject({ slot: 'defenders', detail: expect.stringMatching(/at most 2 engines/) });
    expect(enginesOf(gui.child.pid!)).toHaveLength(2);
    // Four pages at most: a fifth is closed with the reason.
    const others = [await connect(), await connect(), await connect()];
    const fifth = new WebSocket(gui.ws);
    const [code, reason] = await new Promise<[number, string]>((resolve) => fifth.on('close', (c, r) => resolve([c, String(r)])));
    expect([code, reason]).toEqual([4429, 'this server takes 4 pages at once (--max-connections)']);
    for (const other of [client, ...others]) other.socket.close();
    await expect.poll(() => enginesOf(gui.child.pid!), { timeout: 10_000 }).toEqual([]);
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
