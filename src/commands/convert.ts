// `hnefi convert`: a game or position from any notation people use into any other (OpenTafl .otg,
// hnefatafl.org's PGN-like files and game JSON, aagenielsen.dk records and move lists, TaflZero FEN,
// tfen, compact moves). The input's format is recognised by its look unless --from names it.

import { readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { VARIANTS } from '../engine/index.js';
import { makeAnyRecord, parseAnyRecord, RECORD_FORMATS, type RecordFormat } from '../notation/index.js';
import { variantFlag } from './options.js';

interface ConvertArgs {
  file: string;
  to: RecordFormat;
  from?: RecordFormat;
  variant: string;
}

export const convertCommand: CommandModule<object, ConvertArgs> = {
  command: 'convert <file>',
  describe: 'convert a game or position between notations (file - reads standard input)',
  builder: (yargs: Argv) =>
    yargs
      .positional('file', { type: 'string', demandOption: true, describe: 'the record to read, - for standard input' })
      .option('to', { choices: RECORD_FORMATS, demandOption: true, describe: 'the notation to write' })
      .option('from', { choices: RECORD_FORMATS, describe: "the input's notation (default: recognised by its look)" })
      .option('variant', {
        ...variantFlag,
        describe: 'the rules of a record that does not name them (default: copenhagen)',
        default: 'copenhagen',
      }) as unknown as Argv<ConvertArgs>,
  handler: (args) => {
    // yargs hands `-` over as an empty string.
    const stdin = args.file === '-' || args.file === '';
    const name = stdin ? 'standard input' : args.file;
    let text: string;
    try {
      text = readFileSync(stdin ? 0 : args.file, 'utf8');
    } catch (e) {
      return fail(`${name}: ${(e as Error).message}`);
    }
    const record = parseAnyRecord(text, VARIANTS[args.variant], args.from);
    if (!record.ok) return fail(`${name}: ${record.error.message}`);
    const written = makeAnyRecord(record.value, args.to);
    if (!written.ok) return fail(`--to ${args.to}: ${written.error.message}`);
    process.stdout.write(written.value.endsWith('\n') ? written.value : `${written.value}\n`);
  },
};

function fail(message: string): void {
  console.error(`hnefi convert: ${message}`);
  process.exitCode = 1;
}
