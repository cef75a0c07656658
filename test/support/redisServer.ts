// A real redis-server for the queue tests: on a free loopback port, with its data in a temporary
// folder, stopped (or killed and started again on the same port) by the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly persist: boolean,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server; fails (rather than skipping the tests) when it is not installed. */
  static async start(persist = false): Promise<RedisServer> {
    const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
    if (probe.error !== undefined || probe.status !== 0) {
      throw new Error(
        `the queue tests need redis-server (Debian package redis-server; apt-get install redis-server): '${REDIS_SERVER} --version' failed: ${probe.error?.message ?? probe.stderr}`,
      );
    }
    const server = new RedisServer(await freePort(), mkdtempSync(join(tmpdir(), 'hnefi-redis-')), persist);
    await server.launch();
    return server;
  }

  private async launch(): Promise<void> {
    const persistence = this.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', ...persistence],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 15_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
  }

  /** Kills the server at once (as a crash would) and starts it again on the same port and folder. */
  async restart(downMs: number): Promise<void> {
    await this.kill();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
  }

  private kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
