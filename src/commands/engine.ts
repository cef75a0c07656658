// `hnefi` (the default command): the engine server on stdin/stdout.

import type { Argv, CommandModule } from 'yargs';
import { OpenTaflServer } from '../protocol/opentafl/server.js';
import { stdoutLines } from '../protocol/output.js';
import { UciServer } from '../protocol/uci/server.js';
import { MAX_HASH_MB, MAX_THREADS } from '../search/index.js';
import { numberText, variantFlag, wholeNumberIn } from './options.js';
import { autoEvalFile } from './shippedNetwork.js';
import { hashFlag, threadsFlag } from './searchFlags.js';

const DEFAULT_UNTIMED_MOVE_MS = 5000;

interface EngineArgs {
  variant: string;
  hash: number;
  threads: number;
  protocol: string;
  movetime: number;
}

export const engineCommand: CommandModule<object, EngineArgs> = {
  command: '$0',
  describe: 'run the engine server on stdin/stdout (the UCI-like protocol of PROTOCOL.md)',
  builder: (yargs: Argv) =>
    yargs
      .option('variant', { ...variantFlag, describe: 'the variant to start with (UCI_Variant)' })
      .option('hash', hashFlag)
      .option('threads', threadsFlag)
      .option('protocol', {
        type: 'string',
        choices: ['uci', 'opentafl'],
        default: 'uci',
        describe: 'the protocol to speak: uci (PROTOCOL.md) or opentafl (the OpenTafl Engine Protocol, as an OpenTafl external engine)',
      })
      .option('movetime', {
        type: 'string',
        coerce: numberText,
        default: DEFAULT_UNTIMED_MOVE_MS,
        describe: 'opentafl: thinking time per move in ms when the host sends no clock',
      })
      .check((args) => {
        const hash = wholeNumberIn('hash', args.hash, 1, MAX_HASH_MB);
        if (hash !== true) throw new Error(hash);
        const threads = wholeNumberIn('threads', args.threads, 1, MAX_THREADS);
        if (threads !== true) throw new Error(threads);
        const movetime = wholeNumberIn('movetime', args.movetime, 1, 86_400_000);
        if (movetime !== true) throw new Error(movetime);
        return true;
      }) as unknown as Argv<EngineArgs>,
  handler: (args) =>
    serve({
      protocol: args.protocol,
      variant: args.variant,
      hashMB: args.hash,
      threads: args.threads,
      untimedMoveMs: args.movetime,
    }),
};

interface ServeSettings {
  protocol?: string;
  variant?: string;
  hashMB?: number;
  threads?: number;
  /** opentafl: thinking time per move when the host sends no clock, ms. */
  untimedMoveMs?: number;
}

/** Runs the engine server (UCI unless told otherwise) on stdin/stdout until quit or the end of the input. */
export function serve(settings: ServeSettings): void {
  let server: { run(): void; abort(): Promise<void> } | undefined;
  const write = stdoutLines(() => {
    // Nobody reads our output any more: end quietly instead of failing on every write.
    void (server?.abort() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  const common = {
    variant: settings.variant,
    search: { hashMB: settings.hashMB, threads: settings.threads },
    input: process.stdin,
    write,
    exit: (code: number) => process.exit(code),
    autoEvalFile: autoEvalFile(),
  };
  server =
    settings.protocol === 'opentafl'
      ? new OpenTaflServer({ ...common, untimedMoveMs: settings.untimedMoveMs ?? DEFAULT_UNTIMED_MOVE_MS })
      : new UciServer(common);
  server.run();
}
