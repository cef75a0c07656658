// Threads on Node.js: worker_threads behind the Thread interface (threads.ts).

import { parentPort, Worker } from 'node:worker_threads';
import type { StartThread, Thread, ThreadPort } from './threads.js';

export interface NodeThreadOptions {
  /** The thread does not keep the process alive (helpers, which the process may leave behind). */
  background?: boolean;
}

/** Starts `script` (a file path or file: URL) as a worker thread. */
export function startNodeThread(script: string | URL, options: NodeThreadOptions = {}): Thread {
  // Only the main thread writes the protocol stream: anything another thread prints goes to stderr.
  const worker = new Worker(script, { stdout: true });
  worker.stdout.pipe(process.stderr);
  if (options.background) worker.unref();
  let ended = false;
  const endListeners: ((why: string) => void)[] = [];
  const end = (why: string): void => {
    if (ended) return;
    ended = true;
    for (const listener of endListeners) listener(why);
  };
  worker.on('error', (error) => end(error.message));
  worker.on('exit', (code) => end(`exit code ${code}`));
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
    onEnd: (listener) => endListeners.push(listener),
    terminate: async () => {
      ended = true;
      await worker.terminate();
    },
  };
}

/** A StartThread for `script`. */
export function nodeThreadStarter(script: string | URL, options: NodeThreadOptions = {}): StartThread {
  return () => startNodeThread(script, options);
}

/** This worker thread's port to the thread that started it. */
export function nodeThreadPort(): ThreadPort {
  const port = parentPort;
  if (!port) throw new Error('this module runs only as a worker thread');
  return {
    post: (message) => port.postMessage(message),
    onMessage: (listener) => port.on('message', listener),
  };
}
