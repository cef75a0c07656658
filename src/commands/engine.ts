// `hnefi` (the default command): the engine server on stdin/stdout.

import type { Argv, CommandModule } from 'yargs';
import { stdoutLines } from '../protocol/output.js';
import { UciServer } from '../protocol/uciServer.js';
import { MAX_HASH_MB, MAX_THREADS } from '../protocol/uciOptions.js';
import { hashFlag, threadsFlag, variantFlag, wholeNumberIn } from './options.js';

interface EngineArgs {
  variant: string;
  hash: number;
  threads: number;
  protocol: string;
}

export const engineCommand: CommandModule<object, EngineArgs> = {
  command: '$0',
  describe: 'run the engine server on stdin/stdout (the UCI-like protocol of PROTOCOL.md)',
  builder: (yargs: Argv) =>
    yargs
      .option('variant', { ...variantFlag, describe: 'the variant to start with (UCI_Variant)' })
      .option('hash', hashFlag)
      .option('threads', threadsFlag)
      .option('protocol', { type: 'string', choices: ['uci'], default: 'uci', describe: 'the protocol to speak' })
      .check((args) => {
        const hash = wholeNumberIn('hash', args.hash, 1, MAX_HASH_MB);
        if (hash !== true) throw new Error(hash);
        const threads = wholeNumberIn('threads', args.threads, 1, MAX_THREADS);
        if (threads !== true) throw new Error(threads);
        return true;
      }) as unknown as Argv<EngineArgs>,
  handler: (args) => {
    let server: UciServer | undefined;
    const write = stdoutLines(() => {
      // Nobody reads our output any more: end quietly instead of failing on every write.
      void (server?.abort() ?? Promise.resolve()).finally(() => process.exit(0));
    });
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
