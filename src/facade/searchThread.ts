// The search thread's work, whatever runs the thread (serveSearch; bundled for Node.js as
// dist/search-worker.js by searchWorker.ts): owns the Searcher (and its hash table) for the engine's
// whole life, replays the game sent with each `go`, searches, and posts info lines and the best turn
// back; it also runs perft and bench, so that the protocol thread stays free to answer. It never prints.
// Stopped through the shared control flags the main thread sets with Atomics.store (where memory
// cannot be shared, the main thread replaces the thread instead: see engine.ts).

import { legalTurns, perftByTurn } from '../engine/index.js';
import { bench, describeNetwork, Searcher, type SearchOptions, warmUp } from '../search/index.js';
import { isShared, soon, type StartThread, type ThreadPort } from '../search/threads/threads.js';
import { replayGame } from './game.js';
import type { FromWorker, ToWorker } from './workerMessages.js';

let searcher: Searcher | undefined;
/** [0] stop, [1] pondering, [2] warm-up stop, [3] the id of the job to run (see SearchEngine). */
let control: Int32Array = new Int32Array(4);
/** The control flags are the main thread's own (shared memory); else this thread's, never set. */
let sharedControl = false;
/** Whether the facade still wants this job (it may have answered a late search itself). */
const wanted = (id: number): boolean => !sharedControl || Atomics.load(control, 3) === id;
let post: (message: FromWorker) => void = () => undefined;
/** Starts the Lazy SMP helpers of a search with more than one thread. */
let startHelper: StartThread | undefined;

/** Serves the engine facade (SearchEngine) on `port`; `helper` starts a helper thread (none: one thread). */
export function serveSearch(port: ThreadPort, helper: StartThread | undefined): void {
  post = (message) => port.post(message);
  startHelper = helper;
  port.onMessage((message) => receive(message as ToWorker));
}

function receive(message: ToWorker): void {
  switch (message.type) {
    case 'init':
      sharedControl = isShared(message.control.buffer);
      if (sharedControl) control = message.control;
      try {
        searcher = new Searcher(message.options, { startHelper });
      } catch (error) {
        // Most likely a hash table too big for this machine: search with the defaults instead.
        post({
          type: 'error',
          message: `search options ${optionsText(message.options)} failed (${describe(error)}); using the defaults`,
        });
        searcher = new Searcher({ evalNet: message.options.evalNet }, { startHelper });
      }
      post({ type: 'up' });
      // Compile the search before the first `go` (messages wait the ~0.5 s this takes; a `go`, perft
      // or bench cuts it short through the control's third flag, which only shared memory can carry).
      if (sharedControl) warmUp(undefined, new Int32Array(control.buffer, 8, 1));
      prepareTable();
      return;
    case 'options':
      try {
        searcher?.setOptions(message.options);
      } catch (error) {
        post({ type: 'error', message: `search options ${optionsText(message.options)} failed (${describe(error)})` });
      }
      prepareTable();
      return;
    case 'newGame':
      searcher?.newGame();
      prepareTable();
      return;
    case 'ping':
      post({ type: 'pong', id: message.id });
      return;
    case 'go':
      if (wanted(message.id)) go(message.id, message);
      return;
    case 'perft':
      if (wanted(message.id)) perft(message.id, message);
      return;
    case 'bench':
      if (wanted(message.id)) runBench(message.id, message.depth);
      return;
  }
}

/**
 * Readies the hash table (clearing it, mapping its memory) a slice at a time between messages, so
 * that `isready` is answered at once even for a table of gigabytes. A search may start before this
 * is done: the table works as it is, only less well.
 */
let preparing = false;
function prepareTable(): void {
  if (preparing || !searcher?.tablePending) return;
  preparing = true;
  soon(function slice() {
    if (searcher?.prepareTableSlice()) {
      soon(slice);
    } else {
      preparing = false;
    }
  });
}

function go(id: number, message: Extract<ToWorker, { type: 'go' }>): void {
  try {
    const pos = replayGame(message.game);
    if (!pos.ok) {
      post({ type: 'failed', id, message: pos.error.message });
      return;
    }
    searcher ??= new Searcher({}, { startHelper });
    post({ type: 'started', id });
    const result = searcher.search(pos.value, message.limits, control, (info) => post({ type: 'info', id, info }));
    // A search stopped before its first iteration may have nothing; any legal turn beats none.
    const best = result.best ?? legalTurns(pos.value)[0] ?? null;
    post({ type: 'bestMove', id, best });
  } catch (error) {
    post({ type: 'failed', id, message: describe(error) });
  }
}

/** Perft and bench always end with their done message (a fault is reported, the count ends as stopped). */
function perft(id: number, message: Extract<ToWorker, { type: 'perft' }>): void {
  let turns = 0;
  try {
    const pos = replayGame(message.game);
    if (!pos.ok) throw new Error(pos.error.message);
    turns = legalTurns(pos.value).length;
    const complete = perftByTurn(pos.value, message.depth, { stop: control }, ({ turn, nodes }) =>
      post({ type: 'perftTurn', id, turn, nodes }),
    );
    post({ type: 'perftDone', id, turns, stopped: !complete });
  } catch (error) {
    post({ type: 'error', message: `perft failed: ${describe(error)}` });
    post({ type: 'perftDone', id, turns, stopped: true });
  }
}

function runBench(id: number, depth: number | undefined): void {
  try {
    post({ type: 'benchDone', id, ...bench(depth, control) });
  } catch (error) {
    post({ type: 'error', message: `bench failed: ${describe(error)}` });
    post({ type: 'benchDone', id, nodes: 0, timeMs: 0, nps: 0, stopped: true });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The options as JSON for an error line, a network named rather than written out weight by weight. */
function optionsText(options: Partial<SearchOptions>): string {
  return JSON.stringify(options, (key, value) => (key === 'evalNet' && value ? describeNetwork(value) : value));
}
