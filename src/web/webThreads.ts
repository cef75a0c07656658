// Threads in a browser: Web Workers (module scripts) behind the Thread interface (src/search/threads/threads.ts).

import type { StartThread, Thread, ThreadPort } from '../search/threads/threads.js';

/** Starts the module script at `script` as a Web Worker. */
export function startWebThread(script: URL, name: string): Thread {
  const worker = new Worker(script, { type: 'module', name });
  let ended = false;
  const endListeners: ((why: string) => void)[] = [];
  // A worker whose script fails to load, or throws, is ended: the facade then starts another (or
  // gives up if it never came up), as with a Node.js thread that dies.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    if (ended) return;
    ended = true;
    worker.terminate();
    const why = event.message || `the script ${script.pathname} could not be loaded`;
    for (const listener of endListeners) listener(why);
  });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.addEventListener('message', (event) => listener(event.data)),
    onEnd: (listener) => endListeners.push(listener),
    terminate: async () => {
      ended = true;
      worker.terminate();
    },
  };
}

/** A StartThread for `script`. */
export function webThreadStarter(script: URL, name: string): StartThread {
  return () => startWebThread(script, name);
}

/** The minimal view of a worker's global scope that a ThreadPort needs. */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** This Web Worker's port to the page (or worker) that started it. */
export function webThreadPort(): ThreadPort {
  const scope = globalThis as unknown as WorkerScope;
  return {
    post: (message) => scope.postMessage(message),
    onMessage: (listener) => scope.addEventListener('message', (event) => listener(event.data)),
  };
}
