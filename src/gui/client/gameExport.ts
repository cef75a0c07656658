// A game taken off the page: saved as an .otg record or a move list, or copied to the clipboard.

import type { GameLine } from './gameLine.js';
import { endingTags, writeOtg } from './otgFile.js';

/** Saves `text` as a file named `name` (the browser's download). */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** Copies `text`; `said` hears what happened ("moves copied", or the text to copy by hand). */
export function copyText(text: string, what: string, said: (message: string) => void): void {
  void navigator.clipboard?.writeText(text).then(
    () => said(`${what} copied`),
    () => said(`${what}: ${text}`),
  );
}

/** The game as an .otg record, with its result (the rules', or the one it ended with) and `players`. */
export function gameRecord(line: GameLine, players: { attackers?: string; defenders?: string } = {}, ending = line.ending): string {
  const outcome = line.outcome();
  const tags: Record<string, string> = {
    event: 'Hnefi GUI',
    site: 'hnefi gui',
    date: new Date().toISOString().slice(0, 10).replace(/-/g, '.'),
    ...players,
    ...endingTags(outcome ?? ending),
  };
  if (line.variant !== undefined) tags.variant = line.variant;
  return writeOtg(line, tags);
}
