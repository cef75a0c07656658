// `hnefi perft`: count the leaves of the tree of legal turns (RULES.md section 7), optionally split by turn.

import type { Argv, CommandModule } from 'yargs';
import { Perft, VARIANTS } from '../engine/index.js';
import { Game } from '../facade/game.js';
import { perftByTurnText, perftTotalLines } from '../protocol/perftReport.js';
import { numberText, variantFlag, wholeNumberIn } from './options.js';

interface PerftArgs {
  variant: string;
  depth: number;
  tfen?: string;
  moves?: string;
  divide: boolean;
  full: boolean;
}

export const perftCommand: CommandModule<object, PerftArgs> = {
  command: 'perft',
  describe: 'count the leaves of the legal-turn tree (move generator check and speed)',
  builder: (yargs: Argv) =>
    yargs
      .option('variant', variantFlag)
      .option('depth', { type: 'string', coerce: numberText, demandOption: true, describe: 'depth in whole turns (1..20)' })
      .option('tfen', { type: 'string', describe: "start from this position instead of the start (e.g. '<board> a -')" })
      .option('moves', { type: 'string', describe: "turns played first, space-separated (e.g. 'd1d4 f4f3')" })
      .option('divide', { type: 'boolean', default: false, describe: 'one line per legal turn with its count' })
      .option('full', { type: 'boolean', default: false, describe: 'make every leaf instead of counting the last turn' })
      .check((args) => {
        const depth = wholeNumberIn('depth', args.depth, 1, 20);
        if (depth !== true) throw new Error(depth);
        return true;
      }) as unknown as Argv<PerftArgs>,
  handler: (args) => {
    const rules = VARIANTS[args.variant];
    const loaded = args.tfen === undefined ? { ok: true as const, value: Game.start(rules) } : Game.fromTfen(rules, args.tfen);
    if (!loaded.ok) return fail(`--tfen: ${loaded.error.message}`);
    const game = loaded.value;
    const moves = (args.moves ?? '').split(/[\s,]+/).filter((move) => move !== '');
    const played = game.playMoves(moves);
    if (!played.ok) return fail(`--moves: ${played.error.message}`);

    const start = performance.now();
    let total = 0;
    if (args.divide) {
      for (const { turn, nodes } of perftByTurnText(game.pos, args.depth, args.full)) {
        console.log(`${turn}: ${nodes}`);
        total += nodes;
      }
      console.log('');
    } else {
      total = new Perft(game.pos, { full: args.full }).count(args.depth);
    }
    const ms = performance.now() - start;
    for (const line of perftTotalLines(total, ms)) console.log(line);
  },
};

function fail(message: string): void {
  console.error(`hnefi perft: ${message}`);
  process.exitCode = 1;
}
