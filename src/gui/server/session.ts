// One tab's connection: its engines (one per slot, within its engine budget), the tournament it
// watches, and the answers to its messages. When the tab closes, its searches stop and its engines quit.

import { version } from '../../../package.json';
import { VARIANT_IDS } from '../../engine/index.js';
import type { Timeouts, EngineSpec } from '../../client/engineClient.js';
import type { ClientMessage, ServerMessage, Slot } from '../shared/messages.js';
import { parseClientMessage, type SearchCaps } from './clientMessages.js';
import type { EngineBudget } from './engineBudget.js';
import type { FolderAccess } from './fileAccess.js';
import { EngineSlot } from './engineSlot.js';
import { readGameRecord, TournamentWatch } from './tournamentWatch.js';

export interface SessionSettings {
  engines: ReadonlyMap<string, EngineSpec>;
  timeouts: Timeouts;
  /** Tournament out folders offered to the page for watching. */
  watch: readonly string[];
  /** Folders under which the page may watch any tournament. */
  records: readonly string[];
  folders: FolderAccess;
  caps: SearchCaps;
}

export class Session {
  private readonly slots = new Map<Slot, EngineSlot>();
  private watch: TournamentWatch | undefined;
  /** Bumped by every watch and unwatch: a folder check that finishes after a newer request is dropped. */
  private watchRequest = 0;
  private closed = false;

  constructor(
    private readonly settings: SessionSettings,
    /** This page's own engine budget (within the server's). */
    private readonly budget: EngineBudget,
    private readonly sendText: (text: string) => void,
  ) {}

  private send = (message: ServerMessage): void => {
    if (!this.closed) this.sendText(JSON.stringify(message));
  };

  receive(text: string): void {
    const parsed = parseClientMessage(text, [...this.settings.engines.keys()], this.settings.caps);
    if (!parsed.ok) {
      this.send({ t: 'error', message: parsed.error.message });
      return;
    }
    void this.handle(parsed.value);
  }

  private slot(slot: Slot): EngineSlot {
    let engineSlot = this.slots.get(slot);
    if (engineSlot === undefined) {
      const { engines, timeouts, caps } = this.settings;
      engineSlot = new EngineSlot(slot, engines, timeouts, this.budget, caps, this.send);
      this.slots.set(slot, engineSlot);
    }
    return engineSlot;
  }

  private async handle(message: ClientMessage): Promise<void> {
    switch (message.t) {
      case 'hello':
        this.send({
          t: 'hello',
          engines: [...this.settings.engines.keys()],
          variants: [...VARIANT_IDS],
          watch: [...this.settings.watch],
          records: [...this.settings.records],
          version: `Hnefi ${version}`,
        });
        return;
      case 'search':
        this.slot(message.slot).search(message);
        return;
      case 'stop':
        this.slots.get(message.slot)?.stop();
        return;
      case 'restart':
        this.slot(message.slot).restart(message.engine);
        return;
      case 'watch': {
        const request = ++this.watchRequest;
        this.watch?.close();
        this.watch = undefined;
        const folder = await this.settings.folders.folder(message.folder);
        if (request !== this.watchRequest || this.closed) return;
        if (!folder.ok) this.send({ t: 'error', message: folder.error.message });
        else this.watch = new TournamentWatch(folder.value, message.folder, this.send);
        return;
      }
      case 'unwatch':
        this.watchRequest++;
        this.watch?.close();
        this.watch = undefined;
        return;
      case 'record': {
        const folder = await this.settings.folders.folder(message.folder);
        const record = folder.ok ? await readGameRecord(this.settings.folders, folder.value, message.file) : folder;
        if (record.ok) this.send({ t: 'record', folder: message.folder, file: message.file, text: record.value });
        else this.send({ t: 'error', message: record.error.message });
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watch?.close();
    await Promise.all([...this.slots.values()].map((slot) => slot.close()));
  }
}
