// `hnefi play`: play against the engine in a terminal.

import readlineSync from 'readline-sync';
import type { Argv, CommandModule } from 'yargs';
import { ATTACKERS, DEFENDERS, VARIANT_IDS } from '../engine/index.js';
import { playInTerminal } from '../play/terminalGame.js';

interface PlayArgs {
  variant?: string;
  side?: string;
  time?: number;
}

export const playCommand: CommandModule<object, PlayArgs> = {
  command: 'play',
  describe: 'play a game against Hnefi in the terminal (asks for what the flags leave open)',
  builder: (yargs: Argv) =>
    yargs
      .option('variant', { type: 'string', choices: VARIANT_IDS, describe: 'the variant (asked if not given)' })
      .option('side', { type: 'string', choices: ['attackers', 'defenders', 'a', 'd'], describe: 'your side (asked if not given)' })
      .option('time', { type: 'number', describe: "Hnefi's thinking time per move in seconds (asked if not given)" })
      .check((args) => {
        if (args.time !== undefined && !(Number.isFinite(args.time) && args.time > 0 && args.time <= 3600)) {
          throw new Error(`--time must be a number of seconds from 0.1 to 3600, got ${String(args.time)}`);
        }
        return true;
      }) as unknown as Argv<PlayArgs>,
  handler: async (args) => {
    const side = args.side === undefined ? undefined : args.side.startsWith('a') ? ATTACKERS : DEFENDERS;
    await playInTerminal(
      {
        ask: (prompt) => {
          const answer = readlineSync.question(prompt, { keepWhitespace: false });
          return answer;
        },
        say: (line) => console.log(line),
      },
      { variant: args.variant, side, moveTimeMs: args.time === undefined ? undefined : Math.round(args.time * 1000) },
    );
  },
};
