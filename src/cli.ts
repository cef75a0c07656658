// The `hnefi` command line: a thin registry of subcommands (each in src/commands or its own module).
// Without a subcommand it runs the engine server on stdin/stdout.

import type { CommandModule } from 'yargs';

// Each module's own argument type is checked there; the registry only lists them, with their names.
// Loaded on demand: a named command loads its own module only (the tournament's queue libraries alone
// take a few tenths of a second to load), and starting the engine server none of the others.
// biome-ignore lint/suspicious/noExplicitAny: each command parses arguments of its own type
type Commands = Promise<CommandModule<object, any>[]>;
const COMMANDS: [names: string[], load: () => Commands][] = [
  // The engine server, the command without a name ($0).
  [[], async () => [(await import('./commands/engine.js')).engineCommand]],
  [['perft'], async () => [(await import('./commands/perft.js')).perftCommand]],
  [['bench'], async () => [(await import('./commands/bench.js')).benchCommand]],
  [['play'], async () => [(await import('./commands/play.js')).playCommand]],
  [['gui'], async () => [(await import('./commands/gui.js')).guiCommand]],
  [
    ['tournament', 'compare'],
    async () => {
      const { compareCommand, tournamentCommand } = await import('./commands/tournament.js');
      return [tournamentCommand, compareCommand];
    },
  ],
  [['worker'], async () => [(await import('./commands/worker.js')).workerCommand]],
  [['convert'], async () => [(await import('./commands/convert.js')).convertCommand]],
  [['online'], async () => [(await import('./commands/online.js')).onlineCommand]],
];

async function runCommandLine(): Promise<void> {
  const [{ default: yargs }, { hideBin }, { ENGINE_VERSION }] = await Promise.all([
    import('yargs'),
    import('yargs/helpers'),
    import('./protocol/identity.js'),
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
  const names = COMMANDS.flatMap(([commandNames]) => commandNames);
  const first = hideBin(process.argv)[0];
  if (!first.startsWith('-') && !names.includes(first)) {
    console.error(unknownCommand(first, names));
    process.exitCode = 1;
    return;
  }
  // Flags alone (the engine server's, or --help) need every command; a named one only its own.
  for (const [commandNames, load] of COMMANDS) {
    if (!first.startsWith('-') && !commandNames.includes(first)) continue;
    for (const command of await load()) cli.command(command as CommandModule);
  }
  await cli.parseAsync();
}

/** Names the unknown command, lists the known ones, and suggests the nearest if it is a likely typo. */
function unknownCommand(given: string, names: readonly string[]): string {
  const nearest = names.map((name) => ({ name, distance: editDistance(given, name) })).sort((a, b) => a.distance - b.distance)[0];
  const guess = nearest && nearest.distance <= 2 ? ` Did you mean '${nearest.name}'?` : '';
  return `hnefi: unknown command '${given}'.${guess}\nCommands: ${names.join(', ')}; without a command, hnefi runs the engine (hnefi --help).`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

// GUIs and runners start the engine without arguments: serve at once, without loading the
// command-line parser and the other commands (they would double the start-up time).
if (process.argv.length <= 2) (await import('./commands/engine.js')).serve({});
else await runCommandLine();
