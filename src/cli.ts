// The `hnefi` command line: a thin registry of subcommands (each in src/commands or its own module).
// Without a subcommand it runs the engine server on stdin/stdout.

import type { CommandModule } from 'yargs';

// Each module's own argument type is checked there; the registry only lists them. Loaded on demand,
// so that starting the engine server does not load the other commands.
// biome-ignore lint/suspicious/noExplicitAny: each command parses arguments of its own type
type Commands = Promise<CommandModule<object, any>[]>;
const COMMANDS: (() => Commands)[] = [
  async () => [(await import('./commands/engine.js')).engineCommand],
  async () => [(await import('./commands/perft.js')).perftCommand],
  async () => [(await import('./commands/bench.js')).benchCommand],
  async () => [(await import('./commands/play.js')).playCommand],
  async () => {
    const { compareCommand, tournamentCommand } = await import('./commands/tournament.js');
    return [tournamentCommand, compareCommand];
  },
];

async function runCommandLine(): Promise<void> {
  const [{ default: yargs }, { hideBin }, { ENGINE_VERSION }] = await Promise.all([
    import('yargs'), import('yargs/helpers'), import('./protocol/identity.js'),
  ]);
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
  for (const load of COMMANDS) for (const command of await load()) cli.command(command as CommandModule);
  await cli.parseAsync();
}

// GUIs and runners start the engine without arguments: serve at once, without loading the
// command-line parser and the other commands (they would double the start-up time).
if (process.argv.length <= 2) (await import('./commands/engine.js')).serve({});
else await runCommandLine();
