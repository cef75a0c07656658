// `hnefi bench`: the fixed search benchmark; its node count fingerprints the search.

import type { Argv, CommandModule } from 'yargs';
import { bench, DEFAULT_BENCH_DEPTH } from '../search/index.js';
import { numberText, wholeNumberIn } from './options.js';

interface BenchArgs {
  depth: number;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'search a fixed set of positions to a fixed depth; prints "<N> nodes <M> nps" last',
  builder: (yargs: Argv) =>
    yargs
      .option('depth', {
        type: 'string',
        coerce: numberText,
        default: DEFAULT_BENCH_DEPTH,
        describe: 'search depth in whole turns (1..30)',
      })
      .check((args) => {
        const depth = wholeNumberIn('depth', args.depth, 1, 30);
        if (depth !== true) throw new Error(depth);
        return true;
      }) as unknown as Argv<BenchArgs>,
  handler: (args) => {
    const result = bench(args.depth);
    console.log(`Total time (ms): ${result.timeMs}`);
    console.log(`${result.nodes} nodes ${result.nps} nps`);
  },
};
