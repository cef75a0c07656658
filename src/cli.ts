// The `hnefi` command line: a thin registry of subcommands (each in src/commands or its own module).
// Without a subcommand it runs the engine server on stdin/stdout.

import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { benchCommand } from './commands/bench.js';
import { engineCommand } from './commands/engine.js';
import { perftCommand } from './commands/perft.js';
import { playCommand } from './commands/play.js';
import { ENGINE_VERSION } from './protocol/identity.js';
import { compareCommand, tournamentCommand } from './tournament/command.js';

// Each module's own argument type is checked there; the registry only lists them.
const COMMANDS: CommandModule<object, any>[] = [engineCommand, perftCommand, benchCommand, playCommand, tournamentCommand, compareCommand];

const cli = yargs(hideBin(process.argv))
  .scriptName('hnefi')
  .usage('Hnefi: a tafl engine speaking a UCI-like protocol.\n\nUsage: $0 [command] [options]')
  .strict()
  .recommendCommands()
  // A bad flag gets its one-line reason, not the whole usage text.
  .showHelpOnFail(false, 'Run hnefi --help (or hnefi <command> --help) for usage.')
  .version(ENGINE_VERSION)
  .help()
  .alias('help', 'h');
for (const command of COMMANDS) cli.command(command as CommandModule);
await cli.parseAsync();
