// The tournament runner: schedules the games (round robin or gauntlet, each opening played with both
// sides), plays them N at a time with reusable engine processes, appends every finished game to
// results.jsonl and its OpenTafl record to games/, keeps summary.json current, stops early when the
// SPRT decides, and resumes from results.jsonl when run again with the same `out`.

import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { err, getVariant, ok, type Result, type RuleSet } from '../engine/index.js';
import { makeTimeControlText } from './clock.js';
import type { EngineConfig, TournamentConfig } from './config.js';
import { EngineClient } from '../client/engineClient.js';
import { playGame, type PlayedGame } from './game.js';
import { loadOpenings, makeOpeningText, openingPositions, type OpeningBook } from './openings.js';
import { gameRulesString, makeOtg } from '../notation/otg.js';
import { summarize, type GameRecord, type TournamentSummary } from './summary.js';

export interface ScheduledGame {
  id: string;
  pairing: number;
  pair: number;
  leg: number;
  attackers: number;
  defenders: number;
}

export function makePairings(engineCount: number, format: TournamentConfig['format']): [number, number][] {
  const pairings: [number, number][] = [];
  if (format === 'gauntlet') for (let j = 1; j < engineCount; j++) pairings.push([0, j]);
  else for (let i = 0; i < engineCount; i++) for (let j = i + 1; j < engineCount; j++) pairings.push([i, j]);
  return pairings;
}

/** Pair by pair, every pairing in turn, so that all pairings progress together. */
export function makeSchedule(pairings: [number, number][], games: number): ScheduledGame[] {
  const schedule: ScheduledGame[] = [];
  for (let pair = 0; pair < games / 2; pair++) {
    pairings.forEach(([i, j], pairing) => {
      for (const leg of [0, 1]) {
        schedule.push({
          id: `p${pairing + 1}-r${pair + 1}-g${leg + 1}`, pairing, pair, leg,
          attackers: leg === 0 ? i : j, defenders: leg === 0 ? j : i,
        });
      }
    });
  }
  return schedule;
}

/** What must not change between a run and its resumption. */
function fingerprint(config: TournamentConfig): string {
  return JSON.stringify({
    variant: config.variant, seed: config.seed, format: config.format, tc: config.tc, openings: config.openings,
    engines: config.engines.map((e) => ({ name: e.name, cmd: e.cmd, args: e.args, options: e.options, tc: e.tc })),
  });
}

/** Reads the finished games; a last line cut short by an interruption is ignored. */
export function readResults(file: string): GameRecord[] {
  return readResultLines(file).map((line) => JSON.parse(line) as GameRecord);
}

function readResultLines(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => {
    if (line.trim() === '') return false;
    try {
      JSON.parse(line);
      return true;
    } catch {
      // An interrupted write: that game is played again.
      return false;
    }
  });
}

/** Drops a line cut short by an interruption, so that new results start on a line of their own. */
function repairResults(file: string): void {
  if (!existsSync(file)) return;
  const lines = readResultLines(file);
  const text = lines.length > 0 ? lines.join('\n') + '\n' : '';
  if (readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}

export interface ProgressEvent {
  finished: number;
  total: number;
  game?: GameRecord;
  summary: TournamentSummary;
}

/** Idle engine processes by engine name, started on demand and reused with `ucinewgame`. */
class EnginePool {
  private idle = new Map<string, EngineClient[]>();
  private all = new Set<EngineClient>();
  constructor(private readonly config: TournamentConfig) {}

  async acquire(engine: EngineConfig): Promise<{ ok: true; engine: EngineClient } | { ok: false; fault: 'crash' | 'hang' | 'time' | 'garbage'; detail: string }> {
    const list = this.idle.get(engine.name) ?? [];
    while (list.length > 0) {
      const candidate = list.pop()!;
      if (candidate.alive) return { ok: true, engine: candidate };
      this.all.delete(candidate);
    }
    const spec = { ...engine, options: { UCI_Variant: this.config.variant, ...engine.options } };
    const started = await EngineClient.start(spec, this.config.timeouts);
    if (started.ok) this.all.add(started.engine);
    return started;
  }

  release(engine: EngineClient, faulty: boolean): void {
    if (faulty || !engine.alive) {
      engine.kill();
      this.all.delete(engine);
      return;
    }
    const list = this.idle.get(engine.spec.name) ?? [];
    list.push(engine);
    this.idle.set(engine.spec.name, list);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.all].map((engine) => engine.quit()));
    this.all.clear();
    this.idle.clear();
  }

  killAll(): void {
    for (const engine of this.all) engine.kill();
  }
}

export class Tournament {
  readonly config: TournamentConfig;
  private readonly rules: RuleSet;
  private readonly book: OpeningBook;
  readonly pairings: [number, number][];
  readonly schedule: ScheduledGame[];
  private readonly pool: EnginePool;
  private records: GameRecord[] = [];
  private stopping = false;

  private constructor(config: TournamentConfig, rules: RuleSet, book: OpeningBook) {
    this.config = config;
    this.rules = rules;
    this.book = book;
    this.pairings = makePairings(config.engines.length, config.format);
    this.schedule = makeSchedule(this.pairings, config.games);
    this.pool = new EnginePool(config);
  }

  static create(config: TournamentConfig): Result<Tournament> {
    const rules = getVariant(config.variant);
    if (!rules.ok) return rules;
    const book = loadOpenings(rules.value, config.variant, config.openings, config.seed);
    if (!book.ok) return book;
    return ok(new Tournament(config, rules.value, book.value));
  }

  get resultsFile(): string {
    return join(this.config.out, 'results.jsonl');
  }

  summary(): TournamentSummary {
    return summarize(this.config.variant, this.config.engines.map((e) => e.name), this.pairings, this.records, this.schedule.length, this.config.sprt);
  }

  /** Stops at once (an interrupt, or the SPRT has decided): engines are killed, games under way are dropped. */
  kill(): void {
    this.stopping = true;
    this.pool.killAll();
  }

  async run(onProgress?: (event: ProgressEvent) => void): Promise<Result<TournamentSummary>> {
    const { out } = this.config;
    mkdirSync(join(out, 'games'), { recursive: true });
    const stamp = join(out, 'tournament.json');
    if (existsSync(stamp)) {
      let previous: { fingerprint?: string } = {};
      try {
        previous = JSON.parse(readFileSync(stamp, 'utf8')) as { fingerprint?: string };
      } catch (e) {
        return err('out-in-use', `out folder '${out}': tournament.json is unreadable (${(e as Error).message}); choose another out`);
      }
      if (previous.fingerprint !== fingerprint(this.config)) {
        return err('out-in-use', `out folder '${out}' holds another tournament (different engines, variant, time control, openings or seed); choose another out`);
      }
    } else {
      writeFileSync(stamp, JSON.stringify({ fingerprint: fingerprint(this.config), config: this.config }, null, 2) + '\n');
    }
    repairResults(this.resultsFile);
    this.records = readResults(this.resultsFile).filter((r) => this.schedule.some((g) => g.id === r.id));
    const done = new Set(this.records.map((r) => r.id));
    const queue = this.schedule.filter((game) => !done.has(game.id));

    const check = await this.checkEngines();
    if (!check.ok) {
      await this.pool.closeAll();
      return check;
    }

    const decided = (summary: TournamentSummary): boolean => summary.sprt !== undefined && summary.sprt.verdict !== 'continue';
    let summary = this.summary();
    onProgress?.({ finished: this.records.length, total: this.schedule.length, summary });
    // A resumed run whose SPRT had already decided plays nothing more.
    if (decided(summary)) queue.length = 0;
    const worker = async (): Promise<void> => {
      while (!this.stopping && queue.length > 0) {
        const game = queue.shift()!;
        const record = await this.play(game);
        if (record === undefined) continue;
        appendFileSync(this.resultsFile, JSON.stringify(record) + '\n');
        this.records.push(record);
        summary = this.summary();
        writeFileSync(join(out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
        onProgress?.({ finished: this.records.length, total: this.schedule.length, game: record, summary });
        // Games still under way cannot change the decision: drop them rather than wait.
        if (decided(summary)) this.kill();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.config.concurrency, queue.length)) }, worker));
    await this.pool.closeAll();
    summary = this.summary();
    writeFileSync(join(out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    return ok(summary);
  }

  /** Each engine must start and answer the handshake once, or the tournament cannot run. */
  private async checkEngines(): Promise<Result<void>> {
    for (const engine of this.config.engines) {
      const started = await this.pool.acquire(engine);
      if (!started.ok) return err('engine-start', `engine '${engine.name}' (${[engine.cmd, ...engine.args].join(' ')}) does not start: ${started.detail}`);
      this.pool.release(started.engine, false);
    }
    return ok(undefined);
  }

  private async play(game: ScheduledGame): Promise<GameRecord | undefined> {
    const config = this.config;
    const opening = this.book.get(game.pair);
    const positions = openingPositions(this.rules, opening);
    if (!positions.ok) throw new Error(`opening ${opening.id}: ${positions.error.message}`);
    const names = [config.engines[game.attackers], config.engines[game.defenders]];
    const tcs = names.map((e) => e.tc ?? config.tc);
    const started = Date.now();

    const engines: EngineClient[] = [];
    let played: PlayedGame | undefined;
    for (let side = 0; side < 2 && played === undefined; side++) {
      const acquired = await this.pool.acquire(names[side]);
      if (acquired.ok) engines.push(acquired.engine);
      else {
        played = {
          result: side === 0 ? 'defenders' : 'attackers', reason: acquired.fault, detail: `${names[side].name}: restart failed: ${acquired.detail}`,
          moves: [], otnTurns: [], finalTfen: '', openingText: makeOpeningText(opening),
        };
      }
    }
    if (this.stopping) {
      engines.forEach((engine) => this.pool.release(engine, false));
      return undefined;
    }
    if (played === undefined) {
      played = await playGame({
        rules: this.rules, opening, start: positions.value.start,
        attackers: { name: names[0].name, engine: engines[0], tc: tcs[0] },
        defenders: { name: names[1].name, engine: engines[1], tc: tcs[1] },
        adjudication: config.adjudication, timeMarginMs: config.timeMarginMs,
      });
    }
    engines.forEach((engine, side) => this.pool.release(engine, played.faulted === side));
    // After an interrupt or the SPRT's decision the game is dropped: killed engines are no fault of theirs.
    if (this.stopping) return undefined;

    const recordFile = join('games', `${game.id}.otg`);
    const record: GameRecord = {
      id: game.id, pairing: game.pairing, pair: game.pair, leg: game.leg,
      attackers: names[0].name, defenders: names[1].name, result: played.result, reason: played.reason,
      turns: played.moves.length, opening: played.openingText, openingId: opening.id, moves: played.moves,
      finalTfen: played.finalTfen, variant: config.variant,
      tc: { attackers: makeTimeControlText(tcs[0]), defenders: makeTimeControlText(tcs[1]) },
      durationMs: Date.now() - started, date: new Date(started).toISOString(), record: recordFile,
    };
    if (played.detail !== undefined) record.detail = played.detail;
    const termination = played.detail !== undefined ? `${played.reason}: ${played.detail}` : played.reason;
    writeFileSync(join(config.out, recordFile), makeOtg({
      tags: {
        event: `Hnefi tournament (seed ${config.seed})`, site: 'hnefi tournament', date: record.date.slice(0, 10).replace(/-/g, '.'),
        round: `${game.pair + 1}`, attackers: record.attackers, defenders: record.defenders,
        result: played.result === 'attackers' ? '1' : played.result === 'defenders' ? '-1' : '0',
        termination, variant: config.variant,
        // Not OpenTafl's time-control tag: its reader expects its own clock notation there.
        tc: `${record.tc.attackers} / ${record.tc.defenders}`, opening: record.opening,
      },
      rules: gameRulesString(this.rules, opening.tfen === undefined ? undefined : positions.value.start),
      turns: played.otnTurns,
    }));
    return record;
  }
}
