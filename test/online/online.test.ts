// `hnefi online` against a scripted hnefatafl.org server on loopback (test/fixtures/siteServer.mjs):
// whole games to their end by the rules, a dropped connection in the middle of one (the game goes on
// after the bot logs in again), and a refused login explained.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE } from '../support/tournamentFiles.js';

const SERVER = resolve('test/fixtures/siteServer.mjs');
const running: ChildProcessWithoutNullStreams[] = [];

/** Starts the scripted server; resolves with its port and the lines it prints. */
function startServer(args: string[]): Promise<{ port: number; lines: string[] }> {
  const server = spawn(process.execPath, [SERVER, ...args]);
  running.push(server);
  const lines: string[] = [];
  return new Promise((resolvePort) => {
    createInterface({ input: server.stdout }).on('line', (line) => {
      lines.push(line);
      const port = /^port (\d+)$/.exec(line);
      if (port) resolvePort({ port: Number(port[1]), lines });
    });
  });
}

function online(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const bot = spawn(process.execPath, [ENGINE, 'online', ...args], { env: { ...process.env, HNEFI_ONLINE_PASSWORD: 'secret' } });
  running.push(bot);
  let stdout = '';
  let stderr = '';
  bot.stdout.on('data', (chunk) => (stdout += String(chunk)));
  bot.stderr.on('data', (chunk) => (stderr += String(chunk)));
  return new Promise((done) => bot.on('close', (code) => done({ code, stdout, stderr })));
}

afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

describe('hnefi online', () => {
  it('plays whole games on the server, and goes on with a game after its connection drops', async () => {
    const server = await startServer(['v1', 'bot', 'secret', 'drop', '6']);
    const result = await online([
      ...['--host', '127.0.0.1', '--port', String(server.port), '--version-id', 'v1', '--user', 'bot'],
      ...['--role', 'defender', '--games', '2', '--movetime', '30', '--reconnect-ms', '100'],
    ]);
    expect(result.stderr).toContain('sends the password in clear text');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('connection lost; reconnecting');
    expect(result.stdout).toMatch(/hnefi online: 2 games: \d won, \d drawn, \d lost/);
    // The server saw both games end by the rules (a win or its turn limit), neither by resignation,
    // and the bot names the same reasons.
    const over = server.lines.filter((line) => / over: /.test(line));
    expect(over).toHaveLength(2);
    expect(server.lines.join('\n')).not.toContain('resigned');
    for (const line of over) {
      const [, game, reason] = /^game (\d+) over: \S+ by (\S+)/.exec(line) ?? [];
      expect(result.stdout).toMatch(new RegExp(`game ${game} over: .* as the defender by ${reason} \\(`));
    }
  }, 90_000);

  it('explains a refused login and stops', async () => {
    const server = await startServer(['v2', 'bot', 'secret']);
    const result = await online([
      '--host',
      '127.0.0.1',
      '--port',
      String(server.port),
      '--version-id',
      'v1',
      '--user',
      'bot',
      '--password',
      'secret',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('login refused: wrong_version (the server runs another version: see --version-id)');
  }, 30_000);
});
