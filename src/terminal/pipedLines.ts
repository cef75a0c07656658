// Reading answers line by line from a stdin that is not a terminal (a pipe or a file), synchronously,
// so that `hnefi play` can be scripted; readline-sync needs a terminal.

import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** A function returning the next line of `fd` without its line end, or null at the end of the input. */
export function pipedLineReader(fd = 0): () => string | null {
  const chunk = Buffer.alloc(1 << 16);
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let ended = false;
  return () => {
    for (;;) {
      const newline = buffer.indexOf('\n');
      if (newline >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        return line;
      }
      if (ended) {
        const rest = buffer;
        buffer = '';
        return rest === '' ? null : rest;
      }
      let read = 0;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        // A non-blocking pipe with nothing in it yet: try again.
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
        if ((error as NodeJS.ErrnoException).code !== 'EOF') throw error;
      }
      if (read === 0) {
        ended = true;
        buffer += decoder.end();
      } else {
        buffer += decoder.write(chunk.subarray(0, read));
      }
    }
  };
}
