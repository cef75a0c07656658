// `hnefi` (the default command): the engine server on stdin/stdout.

import type { Argv, CommandModule } from 'yargs';
import { OpenTaflServer } from '../protocol/openTaflServer.js';
import { stdoutLines } from '../protocol/output.js';
import { UciServer } from '../protocol/uciServer.js';
import { MAX_HASH_MB, MAX_THREADS } from '../protocol/uciOptions.js';
import { hashFlag, threadsFlag, variantFlag, wholeNumberIn } from './options.js';

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
        type: 'string', choices: ['uci', 'opentafl'], default: 'uci',
        describe: 'the protocol to speak: uci (PROTOCOL.md) or opentafl (the OpenTafl Engine Protocol, as an OpenTafl external engine)',
      })
      .option('movetime', { type: 'number', default: 5000, describe: 'opentafl: thinking time per move in ms when the host sends no clock' })
      .check((args) => {
        const hash = wholeNumberIn('hash', args.hash, 1, MAX_HASH_MB);
        if (hash !== true) throw new Error(hash);
        const threads = wholeNumberIn('threads', args.threads, 1, MAX_THREADS);
        if (threads !== true) throw new Error(threads);
        const movetime = wholeNumberIn('movetime', args.movetime, 1, 86_400_000);
        if (movetime !== true) throw new Error(movetime);
        return true;
      }) as unknown as Argv<EngineArgs>,
  handler: (args) => {
    let server: UciServer | OpenTaflServer | undefined;
    const write = stdoutLines(() => {
      // Nobody reads our output any more: end quietly instead of failing on every write.
      void (server?.abort() ?? Promise.resolve()).finally(() => process.exit(0));
    });
    if (args.protocol === 'opentafl') {
      server = new OpenTaflServer({
        variant: args.variant,
        search: { hashMB: args.hash, threads: args.threads },
        untimedMoveMs: args.movetime,
        input: process.stdin,
        write,
        exit: (code) => process.exit(code),
      });
      server.run();
      return;
    }
    server = new UciServer({
      variant: args.variant,
      search: { hashMB: args.hash, threads: args.threads },
      input: process.stdin,
      write,
      exit: (code) => process.exit(code),
    });
    server.run();
  },
};
