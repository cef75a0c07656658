// One tab's connection: its engines (one per slot), the tournament it watches, and the answers to its
// messages. When the tab closes, its searches stop and its engines quit.

import { version } from '../../../package.json';
import { VARIANT_IDS } from '../../engine/index.js';
import type { Timeouts, EngineSpec } from '../../client/engineClient.js';
import type { ClientMessage, ServerMessage, Slot } from '../shared/messages.js';
import { parseClientMessage } from './clientMessages.js';
import { EngineSlot } from './engineSlot.js';
import { readGameRecord, TournamentWatch } from './tournamentWatch.js';

export interface SessionSettings {
  engines: ReadonlyMap<string, EngineSpec>;
  timeouts: Timeouts;
  /** Tournament out folders offered to the page for watching. */
  watch: readonly string[];
}

export class Session {
  private readonly slots = new Map<Slot, EngineSlot>();
  private watch: TournamentWatch | undefined;
  private closed = false;

  constructor(
    private readonly settings: SessionSettings,
    private readonly sendText: (text: string) => void,
  ) {}

  private send = (message: ServerMessage): void => {
    if (!this.closed) this.sendText(JSON.stringify(message));
  };

  receive(text: string): void {
    const parsed = parseClientMessage(text, [...this.settings.engines.keys()]);
    if (!parsed.ok) {
      this.send({ t: 'error', message: parsed.error.message });
      return;
    }
    this.handle(parsed.value);
  }

  private slot(slot: Slot): EngineSlot {
    let engineSlot = this.slots.get(slot);
    if (engineSlot === undefined) {
      engineSlot = new EngineSlot(slot, this.settings.engines, this.settings.timeouts, this.send);
      this.slots.set(slot, engineSlot);
    }
    return engineSlot;
  }

  private handle(message: ClientMessage): void {
    switch (message.t) {
      case 'hello':
        this.send({
          t: 'hello',
          engines: [...this.settings.engines.keys()],
          variants: [...VARIANT_IDS],
          watch: [...this.settings.watch],
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
      case 'watch':
        this.watch?.close();
        this.watch = new TournamentWatch(message.folder, this.send);
        return;
      case 'unwatch':
        this.watch?.close();
        this.watch = undefined;
        return;
      case 'record': {
        const record = readGameRecord(message.folder, message.file);
        if (record.ok) this.send({ t: 'record', folder: message.folder, file: message.file, text: record.text });
        else this.send({ t: 'error', message: record.message });
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watch?.close();
    await Promise.all([...this.slots.values()].map((slot) => slot.close()));
  }
}
