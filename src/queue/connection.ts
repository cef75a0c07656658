// The Redis behind a job queue: `redis://[user:pass@]host[:port][/db]` (or `rediss://` for TLS),
// checked before use, shown without its password, and connected with the options BullMQ needs.

import { Redis, type RedisOptions } from 'ioredis';
import { err, ok, type Result } from '../engine/index.js';

export interface QueueAddress {
  /** The URL as given (with its password): what ioredis connects to. */
  url: string;
  /** The URL without its password, for messages. */
  shown: string;
  /** BullMQ's queue name. */
  name: string;
}

const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export function parseQueueAddress(text: string, name: string): Result<QueueAddress> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return err('bad-queue', `--queue: '${text}' is not a URL like redis://[user:password@]host:6379[/db]`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    return err('bad-queue', `--queue: '${url.protocol}' is not redis: or rediss: (e.g. redis://:password@host:6379)`);
  }
  if (url.hostname === '') return err('bad-queue', `--queue: '${text}' names no host`);
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,2}$/.test(db)) return err('bad-queue', `--queue: database '${db}' is not a number (redis://host:6379/0)`);
  if (!QUEUE_NAME.test(name)) return err('bad-queue', `--queue-name: '${name}' must be 1 to 100 letters, digits, '_', '.' or '-'`);
  const shown = new URL(url.href);
  if (shown.password !== '') shown.password = '***';
  return ok({ url: url.href, shown: shown.href, name });
}

/** A connection that waits out a Redis restart: BullMQ retries its commands once it is back. */
export function connect(address: QueueAddress, onLost?: (reason: string) => void, onBack?: () => void): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  };
  const redis = new Redis(address.url, options);
  // Losing a connection that never was is for checkReachable to report.
  let connected = false;
  let lost = false;
  let lastError = '';
  redis.on('error', (e: Error) => {
    lastError = e.message;
  });
  redis.on('close', () => {
    if (!connected || lost || redis.status === 'end') return;
    lost = true;
    onLost?.(lastError || 'connection closed');
  });
  redis.on('ready', () => {
    connected = true;
    if (!lost) return;
    lost = false;
    onBack?.();
  });
  return redis;
}

/** The first contact: fails with a clear message when Redis is not there (rather than retrying for ever). */
export async function checkReachable(redis: Redis, address: QueueAddress, timeoutMs = 5000): Promise<Result<void>> {
  let lastError = '';
  const onError = (e: Error): void => {
    lastError = e.message;
  };
  redis.on('error', onError);
  try {
    const answer = await Promise.race([redis.ping(), new Promise<string>((resolve) => setTimeout(() => resolve(''), timeoutMs).unref())]);
    if (answer === 'PONG') return ok(undefined);
    return err(
      'queue-unreachable',
      `cannot reach Redis at ${address.shown}${lastError !== '' ? ` (${lastError})` : ''} within ${timeoutMs / 1000} s`,
    );
  } catch (e) {
    const message = (e as Error).message;
    const hint = /NOAUTH|WRONGPASS/.test(message) ? ' (the password goes in the URL: redis://:password@host:6379)' : '';
    return err('queue-unreachable', `Redis at ${address.shown}: ${message}${hint}`);
  } finally {
    redis.off('error', onError);
  }
}
