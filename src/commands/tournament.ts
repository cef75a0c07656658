// `hnefi tournament`: engine-vs-engine matches refereed by Hnefi's rules (issue 5), from a JSON config
// and/or flags; `hnefi compare <base> <candidate>`: builds two git revisions and runs an SPRT.

import { readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { buildRevision } from '../tournament/build.js';
import { makeConfig, type ConfigOverrides, type TournamentConfig } from '../tournament/config.js';
import { readResults, Tournament, type ProgressEvent } from '../tournament/runner.js';
import { formatSummary, summarize } from '../tournament/summary.js';

/** The command line's flags: the config overrides (`--engine` repeated for `engines`) and its own. */
interface TournamentArgs extends Omit<ConfigOverrides, 'engines'> {
  config?: string;
  engine?: string[];
  stats: boolean;
  quiet: boolean;
}

const sharedOptions = (yargs: Argv): Argv =>
  yargs
    .option('variant', { type: 'string', describe: 'variant (UCI_Variant name)' })
    .option('games', { type: 'number', describe: 'games per pairing (rounded up to even); with --sprt the most to play' })
    .option('concurrency', { type: 'number', describe: 'games played at once (default: one per core)' })
    .option('seed', { type: 'number', describe: 'seed for openings; same seed, same tournament' })
    .option('out', { type: 'string', describe: 'output folder: results.jsonl, games/*.otg, summary.json; run again to resume' })
    .option('tc', { type: 'string', describe: 'time control moves/seconds+increment, e.g. 40/60+0.5 or 10+0.1' })
    .option('movetime', { type: 'number', describe: 'fixed time per turn, ms' })
    .option('depth', { type: 'number', describe: 'fixed search depth' })
    .option('nodes', { type: 'number', describe: 'fixed node count per search' })
    .option('openings', { type: 'string', describe: 'openings file: tfens or move lists per line, or .jsonl recorded games' })
    .option('opening-plies', { type: 'number', describe: 'turns taken from each recorded game of a .jsonl openings file' })
    .option('opening-winner', { type: 'string', choices: ['attackers', 'defenders', 'draw'], describe: 'only the recorded games this side won (.jsonl openings file)' })
    .option('random-opening', { type: 'number', describe: 'openings of this many random turns from the seed' })
    .option('max-turns', { type: 'number', describe: 'adjudicate a draw after this many turns' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' });

function overridesFrom(args: Omit<TournamentArgs, 'stats' | 'quiet' | 'config'>): ConfigOverrides {
  const overrides: ConfigOverrides = {};
  const keys = ['variant', 'games', 'concurrency', 'seed', 'out', 'format', 'tc', 'movetime', 'depth', 'nodes', 'openings', 'openingPlies', 'openingWinner', 'randomOpening', 'maxTurns', 'sprt'] as const;
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

function reporter(quiet: boolean): (event: ProgressEvent) => void {
  const tty = process.stderr.isTTY === true;
  return (event) => {
    if (quiet) return;
    if (tty) {
      process.stderr.write(`\r${progressLine(event)}\x1b[K`);
    } else if (event.game) {
      const g = event.game;
      console.log(`game ${g.id}: ${g.attackers} (attackers) vs ${g.defenders} (defenders): ${g.result} by ${g.reason}, ${g.turns} turns`);
    }
  };
}

/** Runs a configured tournament to its end with the progress report and the final statistics; the exit code says how it went. */
export async function runConfigured(config: TournamentConfig, quiet: boolean): Promise<ReturnType<Tournament['summary']> | undefined> {
  const created = Tournament.create(config);
  if (!created.ok) {
    fail('tournament', created.error.message);
    return undefined;
  }
  const tournament = created.value;
  const interrupt = (): void => {
    tournament.kill();
    process.stderr.write('\nhnefi tournament: interrupted; run the same command again to resume\n');
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const result = await tournament.run(reporter(quiet));
  process.off('SIGINT', interrupt);
  process.off('SIGTERM', interrupt);
  if (!result.ok) {
    if (process.stderr.isTTY) process.stderr.write('\n');
    fail('tournament', result.error.message);
    return undefined;
  }
  if (process.stderr.isTTY && !quiet) process.stderr.write('\n');
  console.log(formatSummary(result.value));
  return result.value;
}

function loadConfig(args: TournamentArgs): ReturnType<typeof makeConfig> | undefined {
  let json: unknown = {};
  if (args.config !== undefined) {
    try {
      json = JSON.parse(readFileSync(args.config, 'utf8'));
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
      .option('format', { type: 'string', choices: ['round-robin', 'gauntlet'], describe: 'pairings (gauntlet: the first engine against each other)' })
      .option('engine', {
        type: 'string', array: true,
        describe: "an engine: 'name=a cmd=node args=\"dist/hnefi.js\" option.Hash=16 tc=10+0.1' (repeat; replaces the config's)",
      })
      .option('sprt', { type: 'string', describe: "stop when decided: 'elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized|logistic] [stats=pentanomial|trinomial]'" })
      .option('stats', { type: 'boolean', default: false, describe: 'print the statistics of the games in out and exit' }) as unknown as Argv<TournamentArgs>,
  handler: async (args) => {
    const config = loadConfig(args);
    if (config === undefined) return;
    if (!config.ok) return fail('tournament', config.error.message);
    if (args.stats) {
      const created = Tournament.create(config.value);
      if (!created.ok) return fail('tournament', created.error.message);
      const t = created.value;
      const records = readResults(t.resultsFile);
      console.log(formatSummary(summarize(config.value.variant, config.value.engines.map((e) => e.name), t.pairings, records, t.schedule.length, config.value.sprt)));
      return;
    }
    await runConfigured(config.value, args.quiet);
  },
};

interface CompareArgs extends Omit<TournamentArgs, 'config' | 'engine' | 'format' | 'stats'> {
  base: string;
  candidate: string;
}

export const compareCommand: CommandModule<object, CompareArgs> = {
  command: 'compare <base> <candidate>',
  describe: 'build two git revisions of Hnefi and run an SPRT: is <candidate> stronger than <base>?',
  builder: (yargs: Argv) =>
    sharedOptions(yargs)
      .positional('base', { type: 'string', describe: 'the reference revision (commit, branch, tag)' })
      .positional('candidate', { type: 'string', describe: 'the revision under test' })
      .option('sprt', { type: 'string', default: 'elo0=0 elo1=5 alpha=0.05 beta=0.05', describe: 'SPRT bounds and model' }) as unknown as Argv<CompareArgs>,
  handler: async (args) => {
    const builds = [];
    for (const rev of [args.candidate, args.base]) {
      const built = buildRevision(rev, (line) => process.stderr.write(line + '\n'));
      if (!built.ok) return fail('compare', built.error.message);
      builds.push(built.value);
    }
    const [candidate, base] = builds;
    if (candidate.commit === base.commit) return fail('compare', `'${args.candidate}' and '${args.base}' are the same commit (${candidate.commit.slice(0, 10)})`);
    const overrides = overridesFrom({ ...args, engine: undefined });
    overrides.out ??= `runs/compare-${base.commit.slice(0, 10)}-${candidate.commit.slice(0, 10)}`;
    if (overrides.tc === undefined && overrides.movetime === undefined && overrides.depth === undefined && overrides.nodes === undefined) overrides.tc = '10+0.1';
    const config = makeConfig({
      engines: [
        { name: `${args.candidate}@${candidate.commit.slice(0, 8)}`, cmd: process.execPath, args: [candidate.entry] },
        { name: `${args.base}@${base.commit.slice(0, 8)}`, cmd: process.execPath, args: [base.entry] },
      ],
    }, overrides);
    if (!config.ok) return fail('compare', config.error.message);
    const summary = await runConfigured(config.value, args.quiet);
    if (summary?.sprt) {
      const verdict = summary.sprt.verdict;
      console.log(verdict === 'H1' ? `${args.candidate} is stronger than ${args.base} (H1 accepted)`
        : verdict === 'H0' ? `${args.candidate} is not stronger than ${args.base} by ${summary.sprt.elo1} Elo (H0 accepted)`
          : `undecided after ${summary.games} games (LLR ${summary.sprt.llr.toFixed(2)})`);
    }
  },
};

function fail(command: string, message: string): void {
  console.error(`hnefi ${command}: ${message}`);
  process.exitCode = 1;
}
