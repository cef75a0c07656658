// Watches a tournament's out folder for one tab: tournament.json (its config), summary.json (standings,
// Elo, SPRT, game statistics), results.jsonl (finished games, read from where it was last read) and
// live/*.json (the games under way), sending the page what changed. Polling rather than fs.watch:
// it behaves the same on every file system, and a few stat calls a few times a second cost nothing.

import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LIVE_FOLDER, requestLiveGames } from '../../tournament/liveGame.js';
import type { ServerMessage } from '../shared/messages.js';

const POLL_MS = 250;

export class TournamentWatch {
  readonly folder: string;
  private timer: ReturnType<typeof setInterval>;
  private configSeen = -1;
  private summarySeen = -1;
  private resultsOffset = 0;
  private resultsSent = false;
  private liveSeen = '';

  constructor(
    folder: string,
    private readonly send: (message: ServerMessage) => void,
  ) {
    this.folder = resolve(folder);
    this.poll();
    this.timer = setInterval(() => this.poll(), POLL_MS);
  }

  close(): void {
    clearInterval(this.timer);
  }

  private poll(): void {
    const stamp = join(this.folder, 'tournament.json');
    const configTime = mtime(stamp);
    const summaryTime = mtime(join(this.folder, 'summary.json'));
    if (configTime !== this.configSeen || summaryTime !== this.summarySeen) {
      this.configSeen = configTime;
      this.summarySeen = summaryTime;
      const config = readJson(stamp) as { config?: unknown } | undefined;
      // The runner reads the live folder's existence at each game's start: ask for live games.
      if (config !== undefined) requestLiveGames(this.folder);
      this.send({ t: 'tournament', folder: this.folder, config: config?.config, summary: readJson(join(this.folder, 'summary.json')) });
    }
    this.pollResults();
    this.pollLive();
  }

  private pollResults(): void {
    const file = join(this.folder, 'results.jsonl');
    const size = existsSync(file) ? statSync(file).size : 0;
    let reset = !this.resultsSent;
    // A new tournament in the same folder (or a repaired file): read it again from the start.
    if (size < this.resultsOffset) {
      this.resultsOffset = 0;
      reset = true;
    }
    if (size === this.resultsOffset && !reset) return;
    const games: unknown[] = [];
    if (size > this.resultsOffset) {
      const buffer = Buffer.alloc(size - this.resultsOffset);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, this.resultsOffset);
      } finally {
        closeSync(fd);
      }
      const text = buffer.toString('utf8');
      // Only whole lines: a line being written is read at the next poll.
      const end = text.lastIndexOf('\n') + 1;
      this.resultsOffset += Buffer.byteLength(text.slice(0, end));
      for (const line of text.slice(0, end).split('\n')) {
        if (line.trim() === '') continue;
        try {
          games.push(JSON.parse(line));
        } catch {
          // A line cut short by an interrupted run: the runner plays that game again.
        }
      }
    }
    if (games.length === 0 && !reset) return;
    this.resultsSent = true;
    this.send({ t: 'results', folder: this.folder, games, reset });
  }

  private pollLive(): void {
    const folder = join(this.folder, LIVE_FOLDER);
    const files = existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
    const seen = files.map((f) => `${f}:${mtime(join(folder, f))}`).join('|');
    if (seen === this.liveSeen) return;
    this.liveSeen = seen;
    const games = files.map((f) => readJson(join(folder, f))).filter((g) => g !== undefined);
    this.send({ t: 'live', folder: this.folder, games });
  }
}

/** A finished game's OpenTafl record from `<folder>/games/`. */
export function readGameRecord(folder: string, file: string): { ok: true; text: string } | { ok: false; message: string } {
  const path = join(resolve(folder), 'games', file);
  try {
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (e) {
    return { ok: false, message: `cannot read the game record ${path}: ${(e as Error).message}` };
  }
}

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
