// The tournament configuration: read from a JSON file and/or command-line flags, checked
// field by field, with errors naming the field and what is wrong with it.

import { availableParallelism } from 'node:os';
import { err, getVariant, ok, type Result } from '../engine/index.js';
import { DEFAULT_TIMEOUTS, type Timeouts } from '../client/engineClient.js';
import { shippedBook } from './books.js';
import { isObject, positiveNumber } from './configFields.js';
import { type EngineConfig, engineRules, parseEngine, parseEngineFlag, parseTimeControl, type TimeControl } from './engineConfig.js';
import { validateSprt, type SprtConfig, DEFAULT_SPRT, parseSprt } from './stats.js';

/** The variant that referees: the referee engine's rules, or the tournament's variant. */
export function refereeVariant(config: Pick<TournamentConfig, 'variant' | 'engines' | 'referee'>): string {
  const referee = config.engines.find((engine) => engine.name === config.referee);
  return (referee && engineRules(referee)) ?? config.variant;
}

/** One line per engine whose rules are not the referee's: results under rules it does not play by. */
export function rulesNotes(config: Pick<TournamentConfig, 'variant' | 'engines' | 'referee'>): string[] {
  const referee = refereeVariant(config);
  return config.engines.flatMap((engine) => {
    const own = engineRules(engine) ?? config.variant;
    return own === referee ? [] : [`engine '${engine.name}' plays by ${own} rules; the games are refereed by ${referee} rules`];
  });
}

export interface OpeningsConfig {
  /** A file of openings: one per line, a tfen (optionally `moves ...` after it) or a list of turns from
   *  the start; or JSON lines of recorded games (`{"variant", "moves": [...]}`), cut after `plies`. */
  file?: string;
  /** Turns taken from each recorded game in a JSON-lines file. */
  plies?: number;
  /** Only recorded games this side won (the record's `winner`: `Black` attackers, `White` defenders, `Draw`). */
  winner?: OpeningWinner;
  /** Without a file: this many random turns from the start position, from the seed. */
  random?: number;
  /** Use the file's openings in order, or shuffled by the seed (default). */
  order?: 'sequential' | 'random';
}

export const OPENING_WINNERS = ['attackers', 'defenders', 'draw'] as const;
export type OpeningWinner = (typeof OPENING_WINNERS)[number];

export interface Adjudication {
  /** A game reaching this many turns is a draw (stands in for "too few pieces to finish"). */
  maxTurns: number;
  /** Resign: both engines agree for `turns` turns each that one side is at least `score` cp behind. */
  resign?: { score: number; turns: number };
  /** Draw: both engines report |score| <= `score` for `turns` turns each, after turn `after`. */
  draw?: { score: number; turns: number; after: number };
}

export interface TournamentConfig {
  variant: string;
  /** Games per pairing of engines (made even: every opening is played with both sides). */
  games: number;
  concurrency: number;
  seed: number;
  out: string;
  format: 'round-robin' | 'gauntlet';
  tc: TimeControl;
  engines: EngineConfig[];
  openings: OpeningsConfig;
  adjudication: Adjudication;
  sprt?: SprtConfig;
  /** Time a clocked engine may overrun its clock (or movetime) before it forfeits. */
  timeMarginMs: number;
  /** The engine whose rules referee the games (engineRules), instead of the variant's. */
  referee?: string;
  timeouts: Timeouts;
}

function parseOpenings(value: unknown): Result<OpeningsConfig> {
  if (!isObject(value)) return err('bad-config', 'openings: expected an object like {"file": "book.txt"} or {"random": 4}');
  const openings: OpeningsConfig = {};
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'file') {
      if (typeof raw !== 'string' || raw === '') return err('bad-config', 'openings.file: a file name is needed');
      openings.file = raw;
    } else if (key === 'plies' || key === 'random') {
      const n = positiveNumber(raw, `openings.${key}`, true, key === 'random');
      if (!n.ok) return n;
      openings[key] = n.value;
    } else if (key === 'order') {
      if (raw !== 'sequential' && raw !== 'random')
        return err('bad-config', `openings.order: '${String(raw)}' must be 'sequential' or 'random'`);
      openings.order = raw;
    } else if (key === 'winner') {
      const winner = parseOpeningWinner(raw, 'openings.winner');
      if (!winner.ok) return winner;
      openings.winner = winner.value;
    } else {
      return err('bad-config', `openings: unknown key '${key}' (keys: file plies winner random order)`);
    }
  }
  if (openings.file !== undefined && openings.random !== undefined)
    return err('bad-config', 'openings: "file" and "random" exclude each other (random turns are played only without a file)');
  return ok(openings);
}

function parseOpeningWinner(value: unknown, where: string): Result<OpeningWinner> {
  const winner = OPENING_WINNERS.find((w) => w === value);
  return winner !== undefined ? ok(winner) : err('bad-config', `${where}: '${String(value)}' must be one of ${OPENING_WINNERS.join(', ')}`);
}

export function parseAdjudication(value: unknown): Result<Adjudication> {
  if (!isObject(value)) return err('bad-config', 'adjudication: expected an object');
  const result: Adjudication = { ...DEFAULT_ADJUDICATION };
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'maxTurns') {
      const n = positiveNumber(raw, 'adjudication.maxTurns', true);
      if (!n.ok) return n;
      result.maxTurns = n.value;
    } else if (key === 'resign' || key === 'draw') {
      if (raw === null || raw === false) continue;
      if (!isObject(raw))
        return err('bad-config', `adjudication.${key}: expected {"score": cp, "turns": n${key === 'draw' ? ', "after": n' : ''}}`);
      const score = positiveNumber(raw.score, `adjudication.${key}.score`, true, key === 'draw');
      if (!score.ok) return score;
      const turns = positiveNumber(raw.turns, `adjudication.${key}.turns`, true);
      if (!turns.ok) return turns;
      if (key === 'resign') result.resign = { score: score.value, turns: turns.value };
      else {
        const after = positiveNumber(raw.after ?? 0, 'adjudication.draw.after', true, true);
        if (!after.ok) return after;
        result.draw = { score: score.value, turns: turns.value, after: after.value };
      }
    } else {
      return err('bad-config', `adjudication: unknown key '${key}' (keys: maxTurns resign draw)`);
    }
  }
  return ok(result);
}

export const DEFAULT_ADJUDICATION: Adjudication = { maxTurns: 300 };

/** The file's `sprt` as an object: `elo0`, `elo1`, `alpha`, `beta` numbers, `model`, and `stats` or `pentanomial`. */
function parseSprtObject(value: Record<string, unknown>): Result<SprtConfig> {
  const config: SprtConfig = { ...DEFAULT_SPRT };
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'elo0' || key === 'elo1' || key === 'alpha' || key === 'beta') {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return err('bad-config', `sprt.${key}: ${JSON.stringify(raw)} is not a number`);
      config[key] = raw;
    } else if (key === 'model') {
      if (raw !== 'logistic' && raw !== 'normalized')
        return err('bad-config', `sprt.model: ${JSON.stringify(raw)} must be 'logistic' or 'normalized'`);
      config.model = raw;
    } else if (key === 'stats') {
      if (raw !== 'pentanomial' && raw !== 'trinomial')
        return err('bad-config', `sprt.stats: ${JSON.stringify(raw)} must be 'pentanomial' or 'trinomial'`);
      config.pentanomial = raw === 'pentanomial';
    } else if (key === 'pentanomial') {
      if (typeof raw !== 'boolean') return err('bad-config', `sprt.pentanomial: ${JSON.stringify(raw)} must be true or false`);
      config.pentanomial = raw;
    } else {
      return err('bad-config', `sprt: unknown key '${key}' (keys: elo0 elo1 alpha beta model stats)`);
    }
  }
  return validateSprt(config, 'sprt');
}

/** Settings given on the command line; they override the config file. */
export interface ConfigOverrides {
  variant?: string;
  /** Numbers may come as the flag's text, checked here so that an error quotes what was typed. */
  games?: number | string;
  concurrency?: number | string;
  seed?: number | string;
  out?: string;
  format?: string;
  tc?: string;
  movetime?: number | string;
  depth?: number | string;
  nodes?: number | string;
  engines?: string[];
  openings?: string;
  openingPlies?: number | string;
  openingWinner?: string;
  randomOpening?: number | string;
  /** Openings from the variant's shipped book (books/<variant>.txt) when neither the file nor a flag names any. */
  book?: boolean;
  maxTurns?: number | string;
  /** timeMarginMs, from --time-margin. */
  timeMargin?: number | string;
  sprt?: string;
}

/** A value from a flag (named `--flag`) or else from the file (named by its key), and where it came from. */
function pick(flag: unknown, flagName: string, file: unknown, key: string): { value: unknown; where: string } {
  return flag !== undefined ? { value: flag, where: flagName } : { value: file, where: key };
}

/** Builds the configuration from the parsed JSON file (or {}) and the command-line overrides. */
export function makeConfig(json: unknown, overrides: ConfigOverrides = {}): Result<TournamentConfig> {
  if (!isObject(json)) return err('bad-config', 'the config must be a JSON object');
  const known = [
    'variant',
    'games',
    'concurrency',
    'seed',
    'out',
    'format',
    'tc',
    'engines',
    'openings',
    'adjudication',
    'sprt',
    'timeMarginMs',
    'timeouts',
    'referee',
  ];
  for (const [key, value] of Object.entries(json)) {
    if (!known.includes(key)) return err('bad-config', `unknown config key '${key}' (keys: ${known.join(' ')})`);
    // null is no value: leaving the key out gives the default, null silently doing the same would hide a mistake.
    if (value === null) return err('bad-config', `${key}: null is not a value; leave the key out for the default`);
  }
  const variant = overrides.variant ?? json.variant ?? 'berserk';
  if (typeof variant !== 'string' || !getVariant(variant).ok) {
    const rules = getVariant(String(variant));
    return err('bad-config', `variant: ${rules.ok ? 'a string is needed' : rules.error.message}`);
  }
  // With an SPRT, games is only an upper bound; the test decides when to stop.
  const sprtGiven = overrides.sprt !== undefined || json.sprt !== undefined;
  const gamesGiven = pick(overrides.games, '--games', json.games, 'games');
  const games = positiveNumber(gamesGiven.value ?? (sprtGiven ? 100_000 : 2), gamesGiven.where, true);
  if (!games.ok) return games;
  const concurrencyGiven = pick(overrides.concurrency, '--concurrency', json.concurrency, 'concurrency');
  const concurrency = positiveNumber(concurrencyGiven.value ?? availableParallelism(), concurrencyGiven.where, true);
  if (!concurrency.ok) return concurrency;
  const seedGiven = pick(overrides.seed, '--seed', json.seed, 'seed');
  const seed = positiveNumber(seedGiven.value ?? 1, seedGiven.where, true, true);
  if (!seed.ok) return seed;
  const out = overrides.out ?? json.out;
  if (typeof out !== 'string' || out === '') return err('bad-config', 'out: an output folder is needed (config "out" or --out)');
  const format = overrides.format ?? json.format ?? 'round-robin';
  if (format !== 'round-robin' && format !== 'gauntlet')
    return err('bad-config', `format: '${String(format)}' must be 'round-robin' or 'gauntlet'`);

  let tc: TimeControl;
  const flagTc: TimeControl = {};
  for (const key of ['movetime', 'depth', 'nodes'] as const) {
    if (overrides[key] === undefined) continue;
    const n = positiveNumber(overrides[key], `--${key}`, true);
    if (!n.ok) return n;
    flagTc[key] = n.value;
  }
  if (overrides.tc !== undefined) {
    const parsed = parseTimeControl(overrides.tc, '--tc');
    if (!parsed.ok) return parsed;
    tc = { ...parsed.value, ...flagTc };
  } else if (Object.keys(flagTc).length > 0) {
    const parsed = parseTimeControl(flagTc, '--movetime/--depth/--nodes');
    if (!parsed.ok) return parsed;
    tc = parsed.value;
  } else if (json.tc !== undefined) {
    const parsed = parseTimeControl(json.tc, 'tc');
    if (!parsed.ok) return parsed;
    tc = parsed.value;
  } else {
    tc = { movetime: 100 };
  }

  const engines: EngineConfig[] = [];
  if (overrides.engines && overrides.engines.length > 0) {
    for (let i = 0; i < overrides.engines.length; i++) {
      const engine = parseEngineFlag(overrides.engines[i], i);
      if (!engine.ok) return engine;
      engines.push(engine.value);
    }
  } else {
    if (json.engines !== undefined && !Array.isArray(json.engines)) return err('bad-config', 'engines: a list is needed');
    const list = (json.engines ?? []) as unknown[];
    for (let i = 0; i < list.length; i++) {
      const engine = parseEngine(list[i], `engines[${i}]`);
      if (!engine.ok) return engine;
      engines.push(engine.value);
    }
  }
  if (engines.length < 2) return err('bad-config', `engines: at least two are needed, ${engines.length} given`);
  const names = new Set<string>();
  for (const engine of engines) {
    if (names.has(engine.name)) return err('bad-config', `engines: the name '${engine.name}' is used twice; names must differ`);
    names.add(engine.name);
  }

  let openings: OpeningsConfig = { random: 4 };
  if (json.openings !== undefined) {
    const parsed = parseOpenings(json.openings);
    if (!parsed.ok) return parsed;
    openings = parsed.value;
  }
  if (overrides.openings !== undefined) {
    // A file replaces random openings (the default's or the config's), so that the two never stand together.
    const { random: _replaced, ...rest } = openings;
    openings = { ...rest, file: overrides.openings };
  }
  if (overrides.openingPlies !== undefined) {
    const plies = positiveNumber(overrides.openingPlies, '--opening-plies', true);
    if (!plies.ok) return plies;
    openings = { ...openings, plies: plies.value };
  }
  if (overrides.openingWinner !== undefined) {
    const winner = parseOpeningWinner(overrides.openingWinner, '--opening-winner');
    if (!winner.ok) return winner;
    openings = { ...openings, winner: winner.value };
  }
  if (overrides.randomOpening !== undefined) {
    const random = positiveNumber(overrides.randomOpening, '--random-opening', true, true);
    if (!random.ok) return random;
    openings = { random: random.value };
  }
  const openingsGiven = json.openings !== undefined || overrides.openings !== undefined || overrides.randomOpening !== undefined;
  const book = overrides.book === true && !openingsGiven ? shippedBook(variant) : undefined;
  if (book !== undefined) openings = { file: book };
  if ((openings.winner !== undefined || openings.plies !== undefined) && !openings.file?.endsWith('.jsonl')) {
    return err('bad-config', 'openings: plies and winner select recorded games: they need a .jsonl openings file');
  }

  let adjudication = DEFAULT_ADJUDICATION;
  if (json.adjudication !== undefined) {
    const parsed = parseAdjudication(json.adjudication);
    if (!parsed.ok) return parsed;
    adjudication = parsed.value;
  }
  if (overrides.maxTurns !== undefined) {
    const maxTurns = positiveNumber(overrides.maxTurns, '--max-turns', true);
    if (!maxTurns.ok) return maxTurns;
    adjudication = { ...adjudication, maxTurns: maxTurns.value };
  }

  let sprt: SprtConfig | undefined;
  if (overrides.sprt !== undefined) {
    const parsed = parseSprt(overrides.sprt, '--sprt');
    if (!parsed.ok) return parsed;
    sprt = parsed.value;
  } else if (json.sprt !== undefined) {
    if (typeof json.sprt === 'string') {
      const parsed = parseSprt(json.sprt, 'sprt');
      if (!parsed.ok) return parsed;
      sprt = parsed.value;
    } else if (isObject(json.sprt)) {
      const parsed = parseSprtObject(json.sprt);
      if (!parsed.ok) return parsed;
      sprt = parsed.value;
    } else {
      return err('bad-config', 'sprt: expected "elo0=0 elo1=5 alpha=0.05 beta=0.05" or an object with those keys');
    }
  }
  if (sprt && engines.length !== 2) return err('bad-config', `sprt: needs exactly two engines, ${engines.length} given`);

  const marginGiven = pick(overrides.timeMargin, '--time-margin', json.timeMarginMs, 'timeMarginMs');
  const timeMargin = positiveNumber(marginGiven.value ?? 200, marginGiven.where, true, true);
  if (!timeMargin.ok) return timeMargin;
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS };
  if (json.timeouts !== undefined) {
    if (!isObject(json.timeouts)) return err('bad-config', 'timeouts: expected {"startMs", "readyMs", "pingMs", "moveMs"}');
    for (const [key, raw] of Object.entries(json.timeouts)) {
      if (key !== 'startMs' && key !== 'readyMs' && key !== 'pingMs' && key !== 'moveMs') {
        return err('bad-config', `timeouts: unknown key '${key}' (keys: startMs readyMs pingMs moveMs)`);
      }
      const n = positiveNumber(raw, `timeouts.${key}`, true);
      if (!n.ok) return n;
      timeouts[key] = n.value;
    }
  }

  if (json.referee !== undefined && !engines.some((engine) => engine.name === json.referee)) {
    return err('bad-config', `referee: '${String(json.referee)}' is not one of the engines (${engines.map((e) => e.name).join(', ')})`);
  }

  return ok({
    ...(json.referee !== undefined ? { referee: json.referee as string } : {}),
    variant,
    games: games.value + (games.value % 2),
    concurrency: concurrency.value,
    seed: seed.value,
    out,
    format,
    tc,
    engines,
    openings,
    adjudication,
    sprt,
    timeMarginMs: timeMargin.value,
    timeouts,
  });
}
