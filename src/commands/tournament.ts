// `hnefi tournament`: engine-vs-engine matches refereed by Hnefi's rules, from a JSON config
// and/or flags; `hnefi compare <base> <candidate>`: builds two git revisions and runs an SPRT.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { queueOptions } from './worker.js';
import { parseQueueAddress } from '../queue/connection.js';
import { queueScheduler } from '../queue/queueGames.js';
import { makeGuiConfig } from '../gui/server/guiConfig.js';
import type { RunningGui } from '../gui/server/server.js';
import { buildRevision, defaultBuildCache, WORKTREE } from '../tournament/build.js';
import { makeConfig, type ConfigOverrides, type TournamentConfig } from '../tournament/config.js';
import { describeRejected } from '../tournament/results.js';
import { Tournament, type ProgressEvent } from '../tournament/runner.js';
import type { SchedulerFactory } from '../tournament/schedule.js';
import { formatReport, formatSummary } from '../tournament/summary.js';

/** The command line's flags: the config overrides (`--engine` repeated for `engines`) and its own. */
interface TournamentArgs extends Omit<ConfigOverrides, 'engines'> {
  config?: string;
  engine?: string[];
  stats: boolean;
  quiet: boolean;
  reportEvery: string;
  queue?: string;
  queueName: string;
  gui?: string;
}

const sharedOptions = (yargs: Argv): Argv =>
  queueOptions(yargs, false)
    .option('variant', { type: 'string', describe: 'variant (UCI_Variant name)' })
    .option('games', { type: 'string', describe: 'games per pairing (rounded up to even); with --sprt the most to play' })
    .option('concurrency', { type: 'string', describe: 'games played at once (default: one per core)' })
    .option('seed', { type: 'string', describe: 'seed for openings; same seed, same tournament' })
    .option('out', { type: 'string', describe: 'output folder: results.jsonl, games/*.otg, summary.json; run again to resume' })
    .option('tc', { type: 'string', describe: 'time control moves/seconds+increment, e.g. 40/60+0.5 or 10+0.1' })
    .option('movetime', { type: 'string', describe: 'fixed time per turn, ms' })
    .option('depth', { type: 'string', describe: 'fixed search depth' })
    .option('nodes', { type: 'string', describe: 'fixed node count per search' })
    .option('openings', { type: 'string', describe: 'openings file: tfens or move lists per line, or .jsonl recorded games' })
    .option('opening-plies', { type: 'string', describe: 'turns taken from each recorded game of a .jsonl openings file' })
    .option('opening-winner', {
      type: 'string',
      choices: ['attackers', 'defenders', 'draw'],
      describe: 'only the recorded games this side won (.jsonl openings file)',
    })
    .option('random-opening', { type: 'string', describe: 'openings of this many random turns from the seed' })
    .option('max-turns', { type: 'string', describe: 'adjudicate a draw after this many turns' })
    .option('time-margin', {
      type: 'string',
      describe: 'ms an engine may overrun its clock or movetime before it loses on time (default 200)',
    })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' })
    .option('report-every', { type: 'string', default: '10', describe: 'print the score, Elo and LLR every this many games (0: never)' })
    .option('gui', {
      type: 'string',
      describe: 'also serve the GUI watching this tournament, on 127.0.0.1 (--gui: port 8080; --gui 0: any free port)',
    });

function overridesFrom(args: Omit<TournamentArgs, 'stats' | 'quiet' | 'config' | 'reportEvery'>): ConfigOverrides {
  const overrides: ConfigOverrides = {};
  const keys = [
    'variant',
    'games',
    'concurrency',
    'seed',
    'out',
    'format',
    'tc',
    'movetime',
    'depth',
    'nodes',
    'openings',
    'openingPlies',
    'openingWinner',
    'randomOpening',
    'book',
    'maxTurns',
    'timeMargin',
    'sprt',
  ] as const;
  for (const key of keys) if (args[key] !== undefined) (overrides as Record<string, unknown>)[key] = args[key];
  if (args.engine !== undefined && args.engine.length > 0) overrides.engines = args.engine;
  return overrides;
}

/** A one-line progress report, rewritten in place on a terminal. */
function progressLine(event: ProgressEvent): string {
  const width = 24;
  const filled = event.total > 0 ? Math.round((width * event.finished) / event.total) : width;
  const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
  const parts = [`[${bar}] ${event.finished}/${event.total}`];
  const pairing = event.summary.pairings[0];
  if (event.summary.pairings.length === 1 && pairing) {
    const t = pairing.trinomial;
    parts.push(`${pairing.first} +${t.wins} =${t.draws} -${t.losses}`);
    // Pentanomial when it says something: with every pair alike its spread is zero.
    const penta = pairing.elo.pentanomial;
    const elo = penta !== undefined && penta.error > 0 ? penta : pairing.elo.trinomial;
    if (elo && Number.isFinite(elo.elo) && Number.isFinite(elo.error)) parts.push(`Elo ${elo.elo.toFixed(1)} +- ${elo.error.toFixed(1)}`);
  }
  const sprt = event.summary.sprt;
  if (sprt) parts.push(`LLR ${sprt.llr.toFixed(2)} (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)})`);
  return parts.join('  ');
}

function reporter(quiet: boolean, reportEvery: number): (event: ProgressEvent) => void {
  const tty = process.stderr.isTTY === true;
  return (event) => {
    if (quiet) return;
    if (!tty && event.game) {
      const g = event.game;
      console.log(`game ${g.id}: ${g.attackers} (attackers) vs ${g.defenders} (defenders): ${g.result} by ${g.reason}, ${g.turns} turns`);
    }
    if (event.game && reportEvery > 0 && event.summary.games % reportEvery === 0) {
      if (tty) process.stderr.write('\r\x1b[K');
      console.log(formatReport(event.summary));
    }
    if (tty) process.stderr.write(`\r${progressLine(event)}\x1b[K`);
  };
}

/** A remark from the runner, on its own line even while the progress line is shown. */
function notice(line: string): void {
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  process.stderr.write(`hnefi tournament: ${line}\n`);
}

/** Where the games are played: here, or (with --queue) by workers; compare's engines are revisions. */
interface Games {
  queue?: string;
  queueName: string;
  revisions?: ReadonlyMap<string, string>;
  /** Serve the GUI watching the tournament on this port. */
  guiPort?: number;
}

/** Runs a configured tournament to its end with the progress report and the final statistics; the exit code says how it went. */
export async function runConfigured(
  config: TournamentConfig,
  quiet: boolean,
  reportEvery: number,
  games?: Games,
): Promise<ReturnType<Tournament['summary']> | undefined> {
  let scheduler: SchedulerFactory | undefined;
  if (games?.queue !== undefined) {
    const address = parseQueueAddress(games.queue, games.queueName);
    if (!address.ok) {
      fail('tournament', address.error.message);
      return undefined;
    }
    scheduler = queueScheduler({ address: address.value, revisions: games.revisions, log: notice });
  }
  const created = Tournament.create(config, scheduler);
  if (!created.ok) {
    fail('tournament', created.error.message);
    return undefined;
  }
  const tournament = created.value;
  const gui = games?.guiPort === undefined ? undefined : await watchInGui(config.out, games.guiPort);
  if (gui === null) return undefined;
  const interrupt = (): void => {
    void gui?.close();
    tournament.kill();
    tournament.releaseOut();
    process.stderr.write(
      games?.queue !== undefined
        ? '\nhnefi tournament: interrupted; games already queued go on being played, and their results wait in Redis: run the same command again to resume\n'
        : '\nhnefi tournament: interrupted; run the same command again to resume\n',
    );
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const result = await tournament.run(reporter(quiet, reportEvery), notice);
  process.off('SIGINT', interrupt);
  process.off('SIGTERM', interrupt);
  if (!result.ok) {
    if (process.stderr.isTTY) process.stderr.write('\n');
    await gui?.close();
    fail('tournament', result.error.message);
    return undefined;
  }
  if (process.stderr.isTTY && !quiet) process.stderr.write('\n');
  console.log(formatSummary(result.value));
  if (gui !== undefined) await keepServing(gui);
  return result.value;
}

/** `--gui`: the GUI served from this process, offering the tournament's folder; null when it cannot start. */
async function watchInGui(out: string, port: number): Promise<RunningGui | null> {
  const config = makeGuiConfig({}, { port, watch: [out] });
  // Loaded here: the web server's libraries are not needed otherwise.
  const { startGui } = await import('../gui/server/server.js');
  const running = config.ok ? await startGui(config.value) : config;
  if (!running.ok) {
    fail('tournament', `--gui: ${running.error.message}`);
    return null;
  }
  console.log(`hnefi tournament: watch it at ${watchUrl(running.value)}`);
  return running.value;
}

const watchUrl = (gui: RunningGui): string => new URL('#watch', gui.url).href;

/** After the last game the GUI stays up, to look at the results, until Ctrl-C. */
function keepServing(gui: RunningGui): Promise<void> {
  console.log(`hnefi tournament: the GUI stays at ${watchUrl(gui)} until Ctrl-C`);
  return new Promise((resolve) => {
    const stop = (): void => {
      setTimeout(() => process.exit(0), 2000).unref();
      void gui.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** `--gui` with no value is the GUI's usual port. */
function parseGuiPort(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  if (text === '') return 8080;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    fail('tournament', `--gui: '${text}' is not a port number (0-65535; 0 picks a free one)`);
    return null;
  }
  return port;
}

function loadConfig(args: TournamentArgs): ReturnType<typeof makeConfig> | undefined {
  let json: unknown = {};
  if (args.config !== undefined) {
    try {
      // A byte order mark is how some editors start a UTF-8 file; it is not part of the JSON.
      json = JSON.parse(readFileSync(args.config, 'utf8').replace(/^\uFEFF/, ''));
    } catch (e) {
      fail('tournament', `--config ${args.config}: ${(e as Error).message}`);
      return undefined;
    }
  }
  return makeConfig(json, overridesFrom(args));
}

export const tournamentCommand: CommandModule<object, TournamentArgs> = {
  command: 'tournament',
  describe: 'play engines against each other (round robin or gauntlet), refereed by Hnefi',
  builder: (yargs: Argv) =>
    sharedOptions(yargs)
      .option('config', { type: 'string', describe: 'JSON config file (flags override its values)' })
      .option('format', {
        type: 'string',
        choices: ['round-robin', 'gauntlet'],
        describe: 'pairings (gauntlet: the first engine against each other)',
      })
      .option('book', {
        type: 'boolean',
        default: false,
        describe: "openings from the variant's shipped book (books/<variant>.txt) when the config and flags name none",
      })
      .option('engine', {
        type: 'string',
        array: true,
        describe: "an engine: 'name=a cmd=node args=\"dist/hnefi.js\" option.Hash=16 tc=10+0.1' (repeat; replaces the config's)",
      })
      .option('sprt', {
        type: 'string',
        describe: "stop when decided: 'elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized|logistic] [stats=pentanomial|trinomial]'",
      })
      .option('stats', {
        type: 'boolean',
        default: false,
        describe: 'print the statistics of the games in out and exit',
      }) as unknown as Argv<TournamentArgs>,
  handler: async (args) => {
    const reportEvery = parseReportEvery(args.reportEvery);
    if (reportEvery === undefined) return;
    if (args.stats) return printStats(args);
    const config = loadConfig(args);
    if (config === undefined) return;
    if (!config.ok) return fail('tournament', config.error.message);
    const guiPort = parseGuiPort(args.gui);
    if (guiPort === null) return;
    await runConfigured(config.value, args.quiet, reportEvery, { ...args, guiPort });
  },
};

function parseReportEvery(text: string): number | undefined {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0) {
    fail('tournament', `--report-every: '${text}' is not a number of games (0: never)`);
    return undefined;
  }
  return n;
}

/** `--stats`: the statistics of the games in out, under the configuration stored there (tournament.json). */
function printStats(args: TournamentArgs): void {
  let out = args.out;
  if (out === undefined && args.config !== undefined) {
    const config = loadConfig(args);
    if (config === undefined) return;
    if (config.ok) out = config.value.out;
    else if (args.out === undefined) return fail('tournament', config.error.message);
  }
  if (out === undefined) return fail('tournament', "--stats: name the tournament's folder with --out");
  const stamp = join(out, 'tournament.json');
  if (!existsSync(stamp)) return fail('tournament', `--stats: '${stamp}' does not exist: '${out}' holds no tournament`);
  let stored: { config?: unknown };
  try {
    stored = JSON.parse(readFileSync(stamp, 'utf8')) as { config?: unknown };
  } catch (e) {
    return fail('tournament', `--stats: '${stamp}' is unreadable: ${(e as Error).message}`);
  }
  const config = makeConfig(stored.config ?? null);
  if (!config.ok) return fail('tournament', `--stats: '${stamp}': ${config.error.message}`);
  const created = Tournament.create({ ...config.value, out });
  if (!created.ok) return fail('tournament', created.error.message);
  const read = created.value.readResults();
  if (!read.ok) return fail('tournament', `--stats: ${read.error.message}`);
  const { summary, rejected } = read.value;
  for (const line of describeRejected(created.value.resultsFile, rejected)) console.error(line);
  console.log(formatSummary(summary));
}

export interface CompareArgs extends Omit<TournamentArgs, 'config' | 'engine' | 'format' | 'stats'> {
  base: string;
  candidate: string;
  buildCache?: string;
}

/** What compare's flags set, with its own defaults: `out` as given, a 10+0.1 clock, the variant's book. */
export function compareOverrides(args: Omit<CompareArgs, 'quiet' | 'reportEvery'>, out: string): ConfigOverrides {
  const overrides = overridesFrom({ ...args, engine: undefined });
  overrides.out ??= out;
  if (overrides.tc === undefined && overrides.movetime === undefined && overrides.depth === undefined && overrides.nodes === undefined)
    overrides.tc = '10+0.1';
  overrides.book = args.book !== false;
  return overrides;
}

export const compareCommand: CommandModule<object, CompareArgs> = {
  command: 'compare <base> <candidate>',
  describe: 'build two git revisions of Hnefi and run an SPRT: is <candidate> stronger than <base>?',
  builder: (yargs: Argv) =>
    sharedOptions(yargs)
      .positional('base', { type: 'string', describe: 'the reference revision (commit, branch, tag)' })
      .positional('candidate', {
        type: 'string',
        describe: `the revision under test ('${WORKTREE}': the working tree, uncommitted changes included)`,
      })
      .option('book', {
        type: 'boolean',
        default: true,
        describe:
          "openings from the variant's shipped book (books/<variant>.txt) unless --openings or --random-opening is given; --no-book: 4 random turns",
      })
      .option('build-cache', { type: 'string', describe: "folder for the builds (default: HNEFI_BUILD_CACHE or the user's cache folder)" })
      .option('sprt', {
        type: 'string',
        default: 'elo0=0 elo1=5 alpha=0.05 beta=0.05',
        describe: 'SPRT bounds and model',
      }) as unknown as Argv<CompareArgs>,
  handler: async (args) => {
    const reportEvery = parseReportEvery(args.reportEvery);
    if (reportEvery === undefined) return;
    const guiPort = parseGuiPort(args.gui);
    if (guiPort === null) return;
    if (args.queue !== undefined && (args.base === WORKTREE || args.candidate === WORKTREE)) {
      return fail(
        'compare',
        `--queue: workers build commits from their own clones, so '${WORKTREE}' (the working tree) cannot be sent to them: commit it and name the commit`,
      );
    }
    const builds = [];
    for (const rev of [args.candidate, args.base]) {
      const built = buildRevision(rev, (line) => process.stderr.write(line + '\n'), process.cwd(), args.buildCache ?? defaultBuildCache());
      if (!built.ok) return fail('compare', built.error.message);
      builds.push(built.value);
    }
    const [candidate, base] = builds;
    const label = (rev: string): string => (rev === WORKTREE ? 'worktree' : rev);
    if (candidate.dir === base.dir) {
      return fail(
        'compare',
        `'${label(args.candidate)}' and '${label(args.base)}' have the same files (${candidate.commit.slice(0, 10)}): nothing to compare`,
      );
    }
    const overrides = compareOverrides(args, join('runs', `compare-${base.commit.slice(0, 10)}-${candidate.commit.slice(0, 10)}`));
    console.log(`compare: results go to ${overrides.out} (results.jsonl, summary.json, games/)`);
    const names = [`${label(args.candidate)}@${candidate.commit.slice(0, 8)}`, `${label(args.base)}@${base.commit.slice(0, 8)}`];
    const config = makeConfig(
      {
        engines: [
          { name: names[0], cmd: process.execPath, args: [candidate.entry] },
          { name: names[1], cmd: process.execPath, args: [base.entry] },
        ],
      },
      overrides,
    );
    if (!config.ok) return fail('compare', config.error.message);
    const openings = config.value.openings;
    console.log(`compare: openings ${openings.file !== undefined ? `from ${openings.file}` : `of ${openings.random} random turns`}`);
    // Queue workers build the same commits from their own clones.
    const revisions = new Map([
      [names[0], candidate.commit],
      [names[1], base.commit],
    ]);
    const summary = await runConfigured(config.value, args.quiet, reportEvery, {
      queue: args.queue,
      queueName: args.queueName,
      revisions,
      guiPort,
    });
    if (summary?.sprt) {
      const verdict = summary.sprt.verdict;
      const [c, b] = [label(args.candidate), label(args.base)];
      console.log(
        verdict === 'H1'
          ? `${c} is stronger than ${b} (H1 accepted)`
          : verdict === 'H0'
            ? `${c} is not stronger than ${b} by ${summary.sprt.elo1} Elo (H0 accepted)`
            : `undecided after ${summary.games} games (LLR ${summary.sprt.llr.toFixed(2)})`,
      );
    }
    if (summary !== undefined) console.log(`compare: results in ${config.value.out}`);
  },
};

function fail(command: string, message: string): void {
  console.error(`hnefi ${command}: ${message}`);
  process.exitCode = 1;
}
