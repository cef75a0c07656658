// One coordinator per queue name: a Redis key with a short expiry, renewed while the coordinator runs.
// A second coordinator is refused; one that was killed frees the queue when the key expires, or at
// once for its own restart on the same machine (its process is gone). Beside it, the queue's
// versions, which workers check before they take any job.

import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { err, ok, type Result } from '../engine/index.js';
import type { QueueAddress } from './connection.js';
import { HNEFI_VERSION, JOB_FORMAT } from './job.js';

export const LOCK_MS = 15_000;
const RENEW_MS = 5_000;

interface Holder {
  token: string;
  host: string;
  pid: number;
  out: string;
  since: string;
}

export interface QueueVersions {
  hnefi: string;
  format: number;
}

const lockKey = (name: string): string => `hnefi:${name}:coordinator`;
export const versionsKey = (name: string): string => `hnefi:${name}:versions`;

// Renews the lock only while it is still ours; sets it again if a Redis restart lost it.
const RENEW = `
local current = redis.call('GET', KEYS[1])
if current == false then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
  return 1
end
local ok, holder = pcall(cjson.decode, current)
if ok and type(holder) == 'table' and holder.token == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
  return 1
end
return 0
`;

const processGone = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

export class CoordinatorLock {
  private timer: NodeJS.Timeout | undefined;
  private readonly holder: Holder;

  private constructor(
    private readonly redis: Redis,
    private readonly address: QueueAddress,
    out: string,
  ) {
    this.holder = {
      token: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      host: hostname(),
      pid: process.pid,
      out,
      since: new Date().toISOString(),
    };
  }

  /** Takes the queue, or says who has it. `onLost` is called if another coordinator takes it meanwhile. */
  static async acquire(
    redis: Redis,
    address: QueueAddress,
    out: string,
    onLost: (message: string) => void,
  ): Promise<Result<CoordinatorLock>> {
    const lock = new CoordinatorLock(redis, address, out);
    const value = JSON.stringify(lock.holder);
    const versions = JSON.stringify({ hnefi: HNEFI_VERSION, format: JOB_FORMAT } satisfies QueueVersions);
    const key = lockKey(address.name);
    if ((await redis.set(key, value, 'PX', LOCK_MS, 'NX')) !== 'OK') {
      const current = await redis.get(key);
      let other: Partial<Holder> = {};
      try {
        other = JSON.parse(current ?? '{}') as Partial<Holder>;
      } catch {
        // An unreadable lock is someone else's.
      }
      const restarted = other.host === lock.holder.host && typeof other.pid === 'number' && processGone(other.pid);
      if (!restarted) {
        return err(
          'queue-in-use',
          `queue '${address.name}' on ${address.shown} already has a coordinator` +
            ` (out '${other.out ?? '?'}', pid ${other.pid ?? '?'} on ${other.host ?? '?'}, since ${other.since ?? '?'}):` +
            ` give this run another --queue-name, or stop that one (a coordinator that was killed frees the queue within ${LOCK_MS / 1000} s)`,
        );
      }
      await redis.set(key, value, 'PX', LOCK_MS);
    }
    await redis.set(versionsKey(address.name), versions, 'PX', LOCK_MS);
    lock.timer = setInterval(() => {
      redis.eval(RENEW, 2, key, versionsKey(address.name), lock.holder.token, value, LOCK_MS, versions).then(
        (renewed) => {
          if (renewed === 1) return;
          clearInterval(lock.timer);
          onLost(`another coordinator took queue '${address.name}' on ${address.shown}; stopping (run the same command again to resume)`);
        },
        () => {
          // Redis is away: the next renewal tries again, and sets the key anew if the restart lost it.
        },
      );
    }, RENEW_MS);
    return ok(lock);
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    const release = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) end return 1`;
    await this.redis
      .eval(release, 2, lockKey(this.address.name), versionsKey(this.address.name), JSON.stringify(this.holder))
      .catch(() => undefined);
  }
}

/** What a worker checks before it takes jobs: the versions of the queue's coordinator, if one runs. */
export async function readQueueVersions(redis: Redis, name: string): Promise<QueueVersions | undefined> {
  const text = await redis.get(versionsKey(name));
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as QueueVersions;
  } catch {
    return undefined;
  }
}
