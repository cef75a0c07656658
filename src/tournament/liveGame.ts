// Games being played, published for watchers (the GUI): while the folder `<out>/live` exists, each
// running game keeps `<out>/live/<id>.json` current after every turn and removes it when it ends.
// Without that folder (nobody has asked to watch) a game writes nothing: one existence check per game.

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The content of a live file. */
export interface LiveGame {
  id: string;
  variant: string;
  attackers: string;
  defenders: string;
  /** The tfen the moves start from (the opening's start position). */
  start: string;
  /** Every turn so far, compact notation. */
  moves: string[];
  /** ISO date of the game's start. */
  date: string;
}

export const LIVE_FOLDER = 'live';

/** Asks the runner of the tournament in `out` to publish its games as they are played. */
export function requestLiveGames(out: string): void {
  mkdirSync(join(out, LIVE_FOLDER), { recursive: true });
}

/** Removes the live files an interrupted run left behind (their games will be played again). */
export function clearLiveGames(out: string): void {
  const folder = join(out, LIVE_FOLDER);
  if (!existsSync(folder)) return;
  for (const file of readdirSync(folder)) if (/\.json(\.tmp)?$/.test(file)) rmSync(join(folder, file), { force: true });
}

export interface LiveGameWriter {
  turn(moves: readonly string[]): void;
  end(): void;
}

/** A writer for one game, or undefined when nobody watches `out`. */
export function openLiveGame(out: string, game: Omit<LiveGame, 'moves'>): LiveGameWriter | undefined {
  const folder = join(out, LIVE_FOLDER);
  if (!existsSync(folder)) return undefined;
  const file = join(folder, `${game.id}.json`);
  const temporary = `${file}.tmp`;
  const write = (moves: readonly string[]): void => {
    try {
      // Written whole and renamed into place, so that a reader never sees half a file.
      writeFileSync(temporary, JSON.stringify({ ...game, moves }));
      renameSync(temporary, file);
    } catch {
      // Watching is a courtesy: a folder removed under the runner must not stop the tournament.
    }
  };
  write([]);
  return { turn: write, end: () => rmSync(file, { force: true }) };
}
