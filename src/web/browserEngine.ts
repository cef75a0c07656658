// Hnefi's engine in the page, seen by the GUI's views as they see the GUI server: the same messages
// (src/gui/shared/messages.ts) through the same kind of connection (EngineConnection), so
// that the static site (docs/web.md) plays and analyses with no server. One engine per slot, each a
// SearchEngine with its search in Web Workers; several threads each where the page can share memory.
// What only `hnefi gui` can do (other engines, watching tournaments and reading their records) is
// answered with an error that says so.

import { VARIANT_IDS } from '../engine/index.js';
import type { ConnectionState, EngineConnection } from '../gui/client/connection.js';
import type { ClientMessage, ServerMessage, Slot } from '../gui/shared/messages.js';
import { ENGINE_NAME, ENGINE_VERSION } from '../protocol/identity.js';
import type { Network } from '../search/index.js';
import { canShareMemory, type StartThread } from '../search/threads/threads.js';
import { BrowserSlot, type SlotHost } from './browserSlot.js';
import type { CheckedSearch } from './searchRequest.js';
import { ShippedFiles } from './shippedFiles.js';
import { webThreadStarter } from './webThreads.js';

/** What the page answers for what needs the GUI server. */
export const NEEDS_HNEFI_GUI =
  'this page runs Hnefi alone, in the browser: other engines, watching tournaments and their game records need `hnefi gui` on your machine (docs/gui.md)';

/** The most threads one engine takes (its helpers share one hash table; more gain little). */
const MAX_THREADS = 4;
/** Each engine's hash table: enough for minutes of analysis, small enough for a phone with three slots. */
const HASH_MB = 32;

export interface BrowserEngineSettings {
  /** The site's folder, where search-worker.js, nets/ and books/ are. */
  root: URL;
  /** Threads per engine (default: up to MAX_THREADS where memory can be shared, else 1). */
  threads?: number;
  hashMB?: number;
}

/** The threads an engine searches with here: `wanted` (default: the cores, up to MAX_THREADS) where memory can be shared, else 1. */
export function engineThreads(wanted?: number): number {
  if (!canShareMemory()) return 1;
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(wanted ?? cores, MAX_THREADS));
}

export class BrowserEngine implements EngineConnection {
  /** Always open: nothing lies between the page and its engine. */
  readonly state: ConnectionState = { open: true };
  readonly files: ShippedFiles;
  readonly threads: number;
  private readonly listeners = new Set<(message: ServerMessage) => void>();
  private readonly slots = new Map<Slot, BrowserSlot>();
  private readonly host: SlotHost;
  /** A network that could not be loaded is said once, not at every search. */
  private networkProblemSaid = false;

  constructor(settings: BrowserEngineSettings) {
    const shareMemory = canShareMemory();
    this.threads = engineThreads(settings.threads);
    this.files = new ShippedFiles(settings.root);
    const startThread: StartThread = webThreadStarter(new URL('search-worker.js', settings.root), 'hnefi-search');
    this.host = {
      send: (message) => this.emit(message),
      networkFor: (search) => this.networkFor(search),
      options: { threads: this.threads, hashMB: settings.hashMB ?? HASH_MB },
      startThread,
      shareMemory,
    };
  }

  send(message: ClientMessage): void {
    // Answers come later, as from a socket: a view may listen after sending.
    queueMicrotask(() => this.handle(message));
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    listener(this.state);
    return () => undefined;
  }

  /** Stops every search and ends the engines' threads. */
  async close(): Promise<void> {
    await Promise.all([...this.slots.values()].map((slot) => slot.close()));
    this.slots.clear();
  }

  private emit(message: ServerMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  private slot(slot: Slot): BrowserSlot {
    let found = this.slots.get(slot);
    if (found === undefined) {
      found = new BrowserSlot(slot, this.host);
      this.slots.set(slot, found);
    }
    return found;
  }

  private handle(message: ClientMessage): void {
    switch (message.t) {
      case 'hello':
        this.emit({
          t: 'hello',
          engines: [ENGINE_NAME],
          variants: [...VARIANT_IDS],
          watch: [],
          records: [],
          version: `Hnefi ${ENGINE_VERSION}`,
        });
        return;
      case 'search':
        if (message.engine !== ENGINE_NAME) return this.emit({ t: 'error', message: `search: ${NEEDS_HNEFI_GUI}` });
        this.slot(message.slot).search(message);
        return;
      case 'stop':
        this.slots.get(message.slot)?.stop();
        return;
      case 'restart':
        if (message.engine !== undefined && message.engine !== ENGINE_NAME)
          return this.emit({ t: 'error', message: `restart: ${NEEDS_HNEFI_GUI}` });
        this.slot(message.slot).restart();
        return;
      case 'watch':
      case 'record':
        this.emit({ t: 'error', message: `${message.t}: ${NEEDS_HNEFI_GUI}` });
        return;
      case 'unwatch':
        return;
    }
  }

  private async networkFor(search: CheckedSearch): Promise<Network | null> {
    const net = await this.files.networkFor(search.rules);
    if (net.ok) {
      this.networkProblemSaid = false;
      return net.value;
    }
    if (!this.networkProblemSaid) {
      this.networkProblemSaid = true;
      this.emit({ t: 'error', message: `${net.error.message}: the hand-written evaluation plays ${search.rules.name} meanwhile` });
    }
    return null;
  }
}
