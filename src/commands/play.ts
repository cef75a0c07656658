// `hnefi play`: play against the engine in a terminal.

import { isatty } from 'node:tty';
import type { Argv, CommandModule } from 'yargs';
import { ATTACKERS, DEFENDERS, VARIANT_IDS } from '../engine/index.js';
import { pipedLineReader } from '../terminal/pipedLines.js';
import { loadAutoNetwork } from '../protocol/evalFile.js';
import { playInTerminal, type TerminalIO } from '../terminal/terminalGame.js';
import { autoEvalFile } from './shippedNetwork.js';

interface PlayArgs {
  variant?: string;
  side?: string;
  time?: number;
  tfen?: string;
}

export const playCommand: CommandModule<object, PlayArgs> = {
  command: 'play',
  describe: 'play a game against Hnefi in the terminal (asks for what the flags leave open)',
  builder: (yargs: Argv) =>
    yargs
      .option('variant', { type: 'string', choices: VARIANT_IDS, describe: 'the variant (asked if not given)' })
      .option('side', { type: 'string', choices: ['attackers', 'defenders', 'a', 'd'], describe: 'your side (asked if not given)' })
      .option('time', { type: 'number', describe: "Hnefi's thinking time per move in seconds (asked if not given)" })
      .option('tfen', { type: 'string', describe: 'start from this position (tfen) instead of the start position' })
      .check((args) => {
        if (args.time !== undefined && !(Number.isFinite(args.time) && args.time >= 0.01 && args.time <= 3600)) {
          throw new Error(`--time must be a number of seconds from 0.01 to 3600, got ${String(args.time)}`);
        }
        return true;
      }) as unknown as Argv<PlayArgs>,
  handler: async (args) => {
    const side = args.side === undefined ? undefined : args.side.startsWith('a') ? ATTACKERS : DEFENDERS;
    const moveTimeMs = args.time === undefined ? undefined : Math.round(args.time * 1000);
    const auto = loadAutoNetwork(autoEvalFile());
    if (auto.problem !== undefined) process.stderr.write(`hnefi: ${auto.problem}\n`);
    await playInTerminal(await terminalIO(), { variant: args.variant, side, moveTimeMs, tfen: args.tfen, evalNet: auto.net });
  },
};

/**
 * A terminal through readline-sync, loaded only here (it reads a TTY and finds helper scripts beside
 * its own files); a pipe or file (scripts, tests) is read line by line.
 */
async function terminalIO(): Promise<TerminalIO> {
  const say = (line: string): void => console.log(line);
  if (isatty(0)) {
    const { default: readlineSync } = await import('readline-sync');
    return { ask: (prompt) => readlineSync.question(prompt), say };
  }
  const next = pipedLineReader(0);
  return {
    ask: (prompt) => {
      process.stdout.write(prompt);
      const answer = next();
      process.stdout.write(`${answer ?? ''}\n`);
      return answer;
    },
    say,
  };
}
