// Writing protocol lines to stdout: one line per write (pipes and files are written synchronously on
// Linux, so each line is flushed as it is written). If the reader goes away (EPIPE), writing stops and
// `onClosed` runs once, so that a closed stdout ends the engine instead of erroring in a loop.

export type WriteLine = (line: string) => void;

export function stdoutLines(onClosed: () => void): WriteLine {
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    onClosed();
  };
  process.stdout.on('error', close);
  return (line) => {
    if (closed) return;
    try {
      process.stdout.write(`${line}\n`);
    } catch {
      close();
    }
  };
}
