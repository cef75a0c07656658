// Watches a tournament's out folder for one tab: tournament.json (its config), summary.json (standings,
// Elo, SPRT, game statistics), results.jsonl (finished games, read from where it was last read) and
// live/*.json (the games under way), sending the page what changed. Polling rather than fs.watch:
// it behaves the same on every file system, and a few stat calls a few times a second cost nothing.
// Every read is asynchronous and capped (fileAccess.ts); the page is told the folder by the name it
// gave, never the server's path for it.

import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { err, ok, type Result } from '../../engine/index.js';
import { LIVE_FOLDER } from '../../tournament/liveGame.js';
import type { ServerMessage } from '../shared/messages.js';
import { type FolderAccess, modified, readRegularFile } from './fileAccess.js';

const POLL_MS = 250;
const MB = 1 << 20;
/** tournament.json, summary.json and each live game are small; more is not a tournament's file. */
const JSON_MAX_BYTES = 2 * MB;
/** results.jsonl is read on in pieces of at most this. */
const RESULTS_CHUNK_BYTES = 4 * MB;
/** A game record (.otg) of even a 19x19 game of thousands of turns is far smaller. */
const RECORD_MAX_BYTES = 4 * MB;
/** Games under way shown at once (a tournament plays as many as its concurrency). */
const LIVE_MAX_GAMES = 64;

export class TournamentWatch {
  private timer: ReturnType<typeof setInterval> | undefined;
  private polling = false;
  private closed = false;
  private configSeen = -1;
  private summarySeen = -1;
  private resultsOffset = 0;
  private resultsSent = false;
  private liveSeen = '';

  /** `folder`: its real path (FolderAccess.folder); `name`: as the page named it. */
  constructor(
    private readonly folder: string,
    private readonly name: string,
    private readonly send: (message: ServerMessage) => void,
  ) {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), POLL_MS);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    try {
      await this.pollConfig();
      await this.pollResults();
      await this.pollLive();
    } finally {
      this.polling = false;
    }
  }

  private emit(message: ServerMessage): void {
    if (!this.closed) this.send(message);
  }

  private async pollConfig(): Promise<void> {
    const stamp = join(this.folder, 'tournament.json');
    const configTime = await modified(stamp);
    const summaryTime = await modified(join(this.folder, 'summary.json'));
    if (configTime === this.configSeen && summaryTime === this.summarySeen) return;
    // The runner looks for the live folder at each game's start: made now, before the tournament
    // starts too, its first game is shown as well (and again for a new tournament in the folder).
    if (configTime !== this.configSeen) await mkdir(join(this.folder, LIVE_FOLDER), { recursive: true }).catch(() => undefined);
    this.configSeen = configTime;
    this.summarySeen = summaryTime;
    const stamped = (await readJson(stamp, 'tournament.json')) as { config?: unknown } | undefined;
    const summary = await readJson(join(this.folder, 'summary.json'), 'summary.json');
    this.emit({ t: 'tournament', folder: this.name, config: shownConfig(stamped?.config), summary });
  }

  private async pollResults(): Promise<void> {
    const file = join(this.folder, 'results.jsonl');
    const read = await readRegularFile(file, RESULTS_CHUNK_BYTES, 'results.jsonl', this.resultsOffset, true);
    const size = read.ok ? read.value.size : 0;
    // A new tournament in the same folder (or a repaired file): read it again from the start.
    if (size < this.resultsOffset) {
      this.resultsOffset = 0;
      this.resultsSent = false;
      return;
    }
    const reset = !this.resultsSent;
    const games: unknown[] = [];
    if (read.ok && read.value.bytes.length > 0) {
      const bytes = read.value.bytes;
      // Only whole lines: a line being written is read at the next poll (one longer than a whole
      // piece is not a result, and is skipped).
      let end = bytes.lastIndexOf(10) + 1;
      if (end === 0 && bytes.length === RESULTS_CHUNK_BYTES) end = bytes.length;
      this.resultsOffset += end;
      for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
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
    this.emit({ t: 'results', folder: this.name, games, reset });
  }

  private async pollLive(): Promise<void> {
    const folder = join(this.folder, LIVE_FOLDER);
    let files: string[] = [];
    try {
      files = (await readdir(folder))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .slice(0, LIVE_MAX_GAMES);
    } catch {
      // No live folder (yet): no game is shown under way.
    }
    const times = await Promise.all(files.map((f) => modified(join(folder, f))));
    const seen = files.map((f, i) => `${f}:${times[i]}`).join('|');
    if (seen === this.liveSeen) return;
    this.liveSeen = seen;
    const games = (await Promise.all(files.map((f) => readJson(join(folder, f), f)))).filter((g) => g !== undefined);
    this.emit({ t: 'live', folder: this.name, games });
  }
}

/** A finished game's OpenTafl record from the tournament folder's `games/`. */
export async function readGameRecord(access: FolderAccess, folder: string, file: string): Promise<Result<string>> {
  const path = await access.file(folder, join('games', file));
  if (!path.ok) return path;
  const read = await readRegularFile(path.value, RECORD_MAX_BYTES, `the game record ${file}`);
  return read.ok ? ok(read.value.bytes.toString('utf8')) : err(read.error.code, read.error.message);
}

/** What the page shows of a tournament's config: not its engines' commands, folders or options. */
function shownConfig(config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return undefined;
  const { variant, games, engines } = config as { variant?: unknown; games?: unknown; engines?: unknown };
  const names = Array.isArray(engines) ? engines.map((e) => ({ name: String((e as { name?: unknown }).name) })) : undefined;
  return { variant, games, engines: names };
}

async function readJson(file: string, shownName: string): Promise<unknown> {
  const read = await readRegularFile(file, JSON_MAX_BYTES, shownName);
  if (!read.ok) return undefined;
  try {
    return JSON.parse(read.value.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
