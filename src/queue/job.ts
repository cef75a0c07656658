// A game job on the queue and its result. A job names its engines (never a command): a worker maps
// names to its own engines, or builds a named git revision. Jobs carry the job format and the Hnefi
// version of the coordinator; a worker of another version refuses them, and anything malformed is
// refused with the field that is wrong.

import { createHash } from 'node:crypto';
import { err, ok, type Result } from '../engine/index.js';
import { version } from '../../package.json';
import { parseAdjudication, type Adjudication, type TournamentConfig } from '../tournament/config.js';
import { parseTimeControl, type TimeControl } from '../tournament/engineConfig.js';
import type { Timeouts } from '../client/engineClient.js';
import type { Opening } from '../tournament/openings.js';
import type { FinishedGame, ScheduledGame } from '../tournament/schedule.js';
import type { GameResult } from '../tournament/summary.js';

/** Raised whenever a job or its result changes shape. */
export const JOB_FORMAT = 1;

/** Coordinator and workers must run the same Hnefi: the same referee, the same job checks. */
export const HNEFI_VERSION: string = version;

export interface JobEngine {
  name: string;
  /** `setoption` values (the engine's command never travels). */
  options: Record<string, string | number | boolean>;
  tc: TimeControl;
  /** For `compare`: the full commit the worker builds from its own clone. */
  revision?: string;
}

export interface GameJob {
  format: number;
  hnefi: string;
  /** Which tournament the game belongs to (a digest of what identifies it). */
  tournament: string;
  game: { id: string; pairing: number; pair: number; leg: number };
  variant: string;
  seed: number;
  opening: Opening;
  attackers: JobEngine;
  defenders: JobEngine;
  adjudication: Adjudication;
  timeMarginMs: number;
  timeouts: Timeouts;
}

/** A tournament's id on the queue: the same out-folder fingerprint gives the same id, so a restarted coordinator finds its jobs. */
export function tournamentId(fingerprint: string): string {
  return createHash('sha256').update(fingerprint).digest('hex').slice(0, 12);
}

/** BullMQ job ids: stable per tournament, opening pair and leg (ids may not hold ':'). */
export const jobId = (tournament: string, gameId: string): string => `${tournament}-${gameId}`;

export function makeGameJob(
  config: TournamentConfig,
  tournament: string,
  game: ScheduledGame,
  opening: Opening,
  revisions: ReadonlyMap<string, string>,
): GameJob {
  const engine = (index: number): JobEngine => {
    const e = config.engines[index];
    const made: JobEngine = { name: e.name, options: e.options, tc: e.tc ?? config.tc };
    const revision = revisions.get(e.name);
    if (revision !== undefined) made.revision = revision;
    return made;
  };
  return {
    format: JOB_FORMAT,
    hnefi: HNEFI_VERSION,
    tournament,
    game: { id: game.id, pairing: game.pairing, pair: game.pair, leg: game.leg },
    variant: config.variant,
    seed: config.seed,
    opening,
    attackers: engine(game.attackers),
    defenders: engine(game.defenders),
    adjudication: config.adjudication,
    timeMarginMs: config.timeMarginMs,
    timeouts: config.timeouts,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 200;

/** The version check comes first, so that a job of another version is refused for that reason. */
export function checkJobVersion(data: unknown): Result<void> {
  if (!isObject(data)) return err('malformed-job', 'malformed job: not an object');
  if (data.format !== JOB_FORMAT || data.hnefi !== HNEFI_VERSION) {
    return err(
      'other-version',
      `job from Hnefi ${String(data.hnefi)} (job format ${String(data.format)}); this worker is Hnefi ${HNEFI_VERSION} (job format ${JOB_FORMAT}): run the same Hnefi version on the coordinator and every worker`,
    );
  }
  return ok(undefined);
}

/** A control character (a line break above all) would let an option's text start another command. */
const CONTROL = /\p{Cc}/u;

function parseJobEngine(value: unknown, where: string): Result<JobEngine> {
  if (!isObject(value)) return err('malformed-job', `${where}: not an object`);
  if (!isName(value.name)) return err('malformed-job', `${where}.name: a non-empty name is needed`);
  if (!isObject(value.options) || !Object.values(value.options).every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
    return err('malformed-job', `${where}.options: an object of strings, numbers or booleans is needed`);
  }
  for (const [name, option] of Object.entries(value.options)) {
    if (!isName(name) || CONTROL.test(name) || (typeof option === 'string' && (CONTROL.test(option) || option.length > 1000)))
      return err('malformed-job', `${where}.options: ${JSON.stringify(name)}: names and values on one line, without control characters`);
    if (/^uci_(variant|rules)$/i.test(name))
      return err('malformed-job', `${where}.options.${name}: the tournament's variant decides the rules, not a job's options`);
  }
  const tc = parseTimeControl(value.tc, `${where}.tc`);
  if (!tc.ok) return err('malformed-job', tc.error.message);
  const engine: JobEngine = { name: value.name, options: value.options as JobEngine['options'], tc: tc.value };
  if (value.revision !== undefined) {
    if (typeof value.revision !== 'string' || !/^[0-9a-f]{40}$/.test(value.revision))
      return err('malformed-job', `${where}.revision: a full commit id (40 hex digits) is needed`);
    engine.revision = value.revision;
  }
  return ok(engine);
}

/** Checks every field of a job taken from the queue. */
export function parseGameJob(data: unknown): Result<GameJob> {
  const version = checkJobVersion(data);
  if (!version.ok) return version;
  const job = data as Record<string, unknown>;
  const bad = (message: string): Result<GameJob> => err('malformed-job', `malformed job: ${message}`);
  if (typeof job.tournament !== 'string' || !/^[0-9a-f]{12}$/.test(job.tournament)) return bad('tournament: 12 hex digits are needed');
  const game = job.game;
  if (
    !isObject(game) ||
    !isName(game.id) ||
    !/^[A-Za-z0-9_.-]+$/.test(game.id) ||
    !isCount(game.pairing) ||
    !isCount(game.pair) ||
    (game.leg !== 0 && game.leg !== 1)
  ) {
    return bad('game: {id, pairing, pair, leg} is needed, id of letters, digits, _ . -');
  }
  if (!isName(job.variant)) return bad('variant: a name is needed');
  if (!isCount(job.seed)) return bad('seed: a non-negative integer is needed');
  const opening = job.opening;
  if (
    !isObject(opening) ||
    !isName(opening.id) ||
    !Array.isArray(opening.moves) ||
    !opening.moves.every((m) => typeof m === 'string' && m.length <= 200) ||
    (opening.tfen !== undefined && (typeof opening.tfen !== 'string' || opening.tfen.length > 1000))
  ) {
    return bad('opening: {id, moves, tfen?} is needed');
  }
  const attackers = parseJobEngine(job.attackers, 'attackers');
  if (!attackers.ok) return bad(attackers.error.message);
  const defenders = parseJobEngine(job.defenders, 'defenders');
  if (!defenders.ok) return bad(defenders.error.message);
  const adjudication = parseAdjudication(job.adjudication);
  if (!adjudication.ok) return bad(adjudication.error.message);
  if (!isCount(job.timeMarginMs)) return bad('timeMarginMs: a non-negative integer is needed');
  const timeouts = job.timeouts;
  if (!isObject(timeouts) || ![timeouts.startMs, timeouts.readyMs, timeouts.pingMs, timeouts.moveMs].every((t) => isCount(t) && t > 0)) {
    return bad('timeouts: {startMs, readyMs, pingMs, moveMs} in ms are needed');
  }
  const parsedOpening: Opening = { id: opening.id, moves: opening.moves as string[] };
  if (typeof opening.tfen === 'string') parsedOpening.tfen = opening.tfen;
  return ok({
    format: JOB_FORMAT,
    hnefi: HNEFI_VERSION,
    tournament: job.tournament,
    game: { id: game.id, pairing: game.pairing, pair: game.pair, leg: game.leg },
    variant: job.variant,
    seed: job.seed,
    opening: parsedOpening,
    attackers: attackers.value,
    defenders: defenders.value,
    adjudication: adjudication.value,
    timeMarginMs: job.timeMarginMs,
    timeouts: {
      startMs: timeouts.startMs as number,
      readyMs: timeouts.readyMs as number,
      pingMs: timeouts.pingMs as number,
      moveMs: timeouts.moveMs as number,
    },
  });
}

/**
 * A worker's answer, checked before the coordinator writes it: the record is of this game and its
 * file name is the coordinator's own (a worker never chooses where the coordinator writes).
 */
export function parseFinishedGame(value: unknown, game: ScheduledGame): Result<FinishedGame> {
  if (!isObject(value) || !isObject(value.record) || typeof value.otg !== 'string')
    return err('bad-result', `game ${game.id}: the worker's answer is not {record, otg}`);
  const record = value.record as unknown as GameResult;
  if (record.id !== game.id || record.pair !== game.pair || record.leg !== game.leg || record.pairing !== game.pairing) {
    return err('bad-result', `game ${game.id}: the worker answered for game ${String(record.id)}`);
  }
  if (typeof record.result !== 'string' || typeof record.reason !== 'string' || !Array.isArray(record.moves)) {
    return err('bad-result', `game ${game.id}: the worker's record has no result, reason or moves`);
  }
  return ok({ record: { ...record, record: `games/${game.id}.otg` }, otg: value.otg });
}
