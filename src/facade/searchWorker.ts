// The search thread: owns the Searcher (and its hash table) for the engine's whole life, replays the
// game sent with each `go`, searches, and posts info lines and the best turn back. It never prints.
// Stopped through the shared flag the main thread sets with Atomics.store.

import { parentPort } from 'node:worker_threads';
import { legalTurns } from '../engine/index.js';
import { Searcher, warmUp } from '../search/index.js';
import { replayGame } from './game.js';
import type { FromWorker, ToWorker } from './workerMessages.js';

const port = parentPort;
if (!port) throw new Error('searchWorker.ts runs only as a worker thread');

let searcher: Searcher | undefined;
let stop: Int32Array = new Int32Array(new SharedArrayBuffer(4));
const post = (message: FromWorker): void => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'init':
      stop = message.stop;
      try {
        searcher = new Searcher(message.options);
      } catch (error) {
        // Most likely a hash table too big for this machine: search with the defaults instead.
        post({ type: 'error', message: `search options ${JSON.stringify(message.options)} failed (${describe(error)}); using the defaults` });
        searcher = new Searcher({});
      }
      post({ type: 'up' });
      // Compile the search before the first `go` (messages wait the ~0.5 s this takes; a `go`
      // cuts it short through warmUpStop).
      warmUp(undefined, message.warmUpStop);
      return;
    case 'options':
      try {
        searcher?.setOptions(message.options);
      } catch (error) {
        post({ type: 'error', message: `search options ${JSON.stringify(message.options)} failed (${describe(error)})` });
      }
      return;
    case 'newGame':
      searcher?.newGame();
      return;
    case 'ping':
      post({ type: 'pong', id: message.id });
      return;
    case 'go':
      go(message.id, message);
      return;
  }
});

function go(id: number, message: Extract<ToWorker, { type: 'go' }>): void {
  try {
    const pos = replayGame(message.game);
    if (!pos.ok) {
      post({ type: 'failed', id, message: pos.error.message });
      return;
    }
    searcher ??= new Searcher({});
    const result = searcher.search(pos.value, message.limits, stop, (info) => post({ type: 'info', id, info }));
    // A search stopped before its first iteration may have nothing; any legal turn beats none.
    const best = result.best ?? legalTurns(pos.value)[0] ?? null;
    post({ type: 'bestMove', id, best });
  } catch (error) {
    post({ type: 'failed', id, message: describe(error) });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
