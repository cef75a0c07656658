// Games played on this machine: engine processes from a pool, reused between games, each game refereed
// by the rules core and returned with its results line and OpenTafl record.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { err, ok, type Result, type RuleSet, type Side } from '../engine/index.js';
import { makeTfen } from '../notation/index.js';
import { gameRulesString, makeOtg } from '../notation/otg.js';
import { EngineClient, type EngineFault } from '../client/engineClient.js';
import { makeTimeControlText } from './clock.js';
import type { TournamentConfig } from './config.js';
import type { EngineConfig } from './engineConfig.js';
import { forfeitGame, playGame, type PlayedGame } from './game.js';
import { openLiveGame } from './liveGame.js';
import { openingPositions, type Opening } from './openings.js';
import type { FinishedGame, GameScheduler, ScheduledGame } from './schedule.js';
import type { GameResult } from './summary.js';

/** Idle engine processes by engine name, started on demand and reused with `ucinewgame`. */
class EnginePool {
  private idle = new Map<string, EngineClient[]>();
  private all = new Set<EngineClient>();
  constructor(
    private readonly config: Pick<TournamentConfig, 'timeouts'>,
    private readonly rules: RuleSet,
  ) {}

  async acquire(
    engine: EngineConfig,
  ): Promise<{ ok: true; engine: EngineClient } | { ok: false; fault: EngineFault | 'rules'; detail: string }> {
    const list = this.idle.get(engine.name) ?? [];
    while (list.length > 0) {
      const candidate = list.pop()!;
      if (candidate.alive) return { ok: true, engine: candidate };
      this.all.delete(candidate);
    }
    const started = await EngineClient.start(engine, this.config.timeouts);
    if (!started.ok) return started;
    this.all.add(started.engine);
    // The tournament's variant for every engine (the config refuses one in an engine's options).
    const rules = await started.engine.setRules({ rules: this.rules });
    if (!rules.ok) {
      this.release(started.engine, true);
      return { ok: false, fault: rules.fault, detail: rules.detail };
    }
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

/** What playing a game needs of the configuration. */
export type GameSettings = Pick<
  TournamentConfig,
  'variant' | 'seed' | 'tc' | 'engines' | 'adjudication' | 'timeMarginMs' | 'timeouts' | 'concurrency'
>;

/** Plays the games here, `concurrency` at a time, with engine processes from a pool. */
export class LocalGames implements GameScheduler {
  private readonly pool: EnginePool;
  private stopping = false;

  constructor(
    private readonly config: GameSettings,
    private readonly rules: RuleSet,
    private readonly openingOf: (game: ScheduledGame) => Opening,
    /** The tournament's out folder, where games under way are published while watched (none: not published). */
    private readonly out?: string,
  ) {
    this.pool = new EnginePool(config, rules);
  }

  get concurrency(): number {
    return this.config.concurrency;
  }

  start(): Promise<Result<void>> {
    return this.checkEngines();
  }

  kill(): void {
    this.stopping = true;
    this.pool.killAll();
  }

  close(): Promise<void> {
    return this.pool.closeAll();
  }

  /** Each engine must start, answer the handshake and accept its options, or the tournament cannot run. */
  private async checkEngines(): Promise<Result<void>> {
    for (const [index, engine] of this.config.engines.entries()) {
      const command = [engine.cmd, ...engine.args].join(' ');
      if (engine.cwd !== undefined && !existsSync(engine.cwd)) {
        return err(
          'engine-start',
          `engines[${index}].cwd: engine '${engine.name}' has working folder '${engine.cwd}', which does not exist`,
        );
      }
      const started = await this.pool.acquire(engine);
      if (!started.ok && started.fault === 'rules')
        return err('engine-rules', `engine '${engine.name}' cannot play ${this.rules.name}: ${started.detail}`);
      if (!started.ok) return err('engine-start', `engine '${engine.name}' (${command}) does not start: ${started.detail}`);
      const rejected = started.engine.rejectedOptions;
      this.pool.release(started.engine, rejected.length > 0);
      if (rejected.length > 0) {
        const list = rejected.map((o) => `${o.name}=${String(o.value)} (${o.message})`).join(', ');
        return err('engine-options', `engine '${engine.name}' rejects option${rejected.length === 1 ? '' : 's'} ${list}`);
      }
    }
    return ok(undefined);
  }

  async play(game: ScheduledGame): Promise<FinishedGame | undefined> {
    const config = this.config;
    const opening = this.openingOf(game);
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
      else
        played = forfeitGame(
          positions.value.start,
          opening,
          side as Side,
          acquired.fault === 'rules' ? 'garbage' : acquired.fault,
          `${names[side].name}: restart failed: ${acquired.detail}`,
        );
    }
    if (this.stopping) {
      engines.forEach((engine) => this.pool.release(engine, false));
      return undefined;
    }
    if (played === undefined) {
      const live =
        this.out === undefined
          ? undefined
          : openLiveGame(this.out, {
              id: game.id,
              variant: config.variant,
              attackers: names[0].name,
              defenders: names[1].name,
              start: makeTfen(positions.value.start),
              date: new Date(started).toISOString(),
            });
      played = await playGame({
        rules: this.rules,
        opening,
        start: positions.value.start,
        attackers: { name: names[0].name, engine: engines[0], tc: tcs[0] },
        defenders: { name: names[1].name, engine: engines[1], tc: tcs[1] },
        adjudication: config.adjudication,
        timeMarginMs: config.timeMarginMs,
        moveTimeoutMs: config.timeouts.moveMs,
        onTurn: live?.turn,
      });
      live?.end();
    }
    engines.forEach((engine, side) => this.pool.release(engine, played.faulted === side));
    // After an interrupt or the SPRT's decision the game is dropped: killed engines are no fault of theirs.
    if (this.stopping) return undefined;

    const recordFile = join('games', `${game.id}.otg`);
    const record: GameResult = {
      id: game.id,
      pairing: game.pairing,
      pair: game.pair,
      leg: game.leg,
      attackers: names[0].name,
      defenders: names[1].name,
      result: played.result,
      reason: played.reason,
      turns: played.moves.length,
      opening: played.openingText,
      openingId: opening.id,
      moves: played.moves,
      finalTfen: played.finalTfen,
      variant: config.variant,
      tc: { attackers: makeTimeControlText(tcs[0]), defenders: makeTimeControlText(tcs[1]) },
      durationMs: Date.now() - started,
      date: new Date(started).toISOString(),
      record: recordFile,
    };
    if (played.detail !== undefined) record.detail = played.detail;
    const termination = played.detail !== undefined ? `${played.reason}: ${played.detail}` : played.reason;
    const otg = makeOtg({
      tags: {
        event: `Hnefi tournament (seed ${config.seed})`,
        site: 'hnefi tournament',
        date: record.date.slice(0, 10).replace(/-/g, '.'),
        round: `${game.pair + 1}`,
        attackers: record.attackers,
        defenders: record.defenders,
        result: played.result === 'attackers' ? '1' : played.result === 'defenders' ? '-1' : '0',
        termination,
        variant: config.variant,
        // Not OpenTafl's time-control tag: its reader expects its own clock notation there.
        tc: `${record.tc.attackers} / ${record.tc.defenders}`,
        opening: record.opening,
      },
      rules: gameRulesString(this.rules, opening.tfen === undefined ? undefined : positions.value.start),
      turns: played.otnTurns,
    });
    return { record, otg };
  }
}
