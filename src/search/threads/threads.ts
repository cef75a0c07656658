// Threads as the search and its facade use them, whatever runs them: Node.js's worker_threads
// (nodeThreads.ts) or a browser's Web Workers (src/web/webThreads.ts). Messages are structured clones;
// a SharedArrayBuffer in a message is shared, not copied, where memory can be shared at all.

/** A thread this one started, as its starter sees it. */
export interface Thread {
  post(message: unknown): void;
  /** Hears every message the thread posts. */
  onMessage(listener: (message: unknown) => void): void;
  /** Hears that the thread failed or ended, and why (at most once). */
  onEnd(listener: (why: string) => void): void;
  /** Ends the thread at once, wherever it is (its end is not reported); resolves once it has ended. */
  terminate(): Promise<void>;
}

/** Starts a thread running one given script (a search thread, a helper). */
export type StartThread = () => Thread;

/** The thread's own side: the messages to and from the one that started it. */
export interface ThreadPort {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/**
 * Whether threads can share memory here: SharedArrayBuffer exists (Node.js; a browser page only when
 * it is cross-origin isolated, docs/web.md). Without it a search cannot be told to stop through a flag,
 * and runs on one thread.
 */
export function canShareMemory(): boolean {
  return typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
}

/** Whether `buffer` is shared memory (false wherever SharedArrayBuffer does not exist). */
export function isShared(buffer: ArrayBufferLike): buffer is SharedArrayBuffer {
  return typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer;
}

/** Runs `task` once the thread has handled what is waiting (setImmediate where there is one). */
export function soon(task: () => void): void {
  const immediate = (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate;
  if (immediate !== undefined) immediate(task);
  else setTimeout(task, 0);
}
