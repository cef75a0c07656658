// Tournament statistics from the finished games (results.jsonl): per engine and per pairing
// results, Elo with error bars (trinomial and pentanomial), LOS, the SPRT state, and the tafl
// figures players ask for (game lengths, attackers' against defenders' wins, wins by reason).

import type { SprtConfig } from './stats.js';
import {
  pairCount,
  pentanomialElo,
  sprtState,
  trinomialElo,
  type EloEstimate,
  type Pentanomial,
  type SprtState,
  type Trinomial,
} from './stats.js';
import { GAME_END_REASONS, type GameEndReason, type GameResultKind } from './game.js';

/** One line of results.jsonl. */
export interface GameResult {
  id: string;
  /** Index of the pairing (two engines) and of the game pair (one opening, both sides) within it. */
  pairing: number;
  pair: number;
  /** 0: the pairing's first engine has the attackers; 1: sides swapped. */
  leg: number;
  attackers: string;
  defenders: string;
  result: GameResultKind;
  reason: GameEndReason;
  detail?: string;
  turns: number;
  opening: string;
  openingId: string;
  moves: string[];
  finalTfen: string;
  variant: string;
  tc: { attackers: string; defenders: string };
  durationMs: number;
  date: string;
  record: string;
  /** The queue worker that played it (absent in a local run). */
  worker?: string;
}

export interface EngineSummary {
  name: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  asAttackers: Trinomial;
  asDefenders: Trinomial;
  /** Against all its opponents together: its games, and its game pairs. */
  pentanomial: Pentanomial;
  elo: { trinomial?: EloEstimate; pentanomial?: EloEstimate };
}

export interface PairingSummary {
  first: string;
  second: string;
  /** From the first engine's point of view. */
  trinomial: Trinomial;
  pentanomial: Pentanomial;
  elo: { trinomial?: EloEstimate; pentanomial?: EloEstimate };
  /** Game pairs whose two games were move for move the same: a deterministic engine playing itself. */
  identicalPairs: number;
}

export interface TournamentSummary {
  variant: string;
  games: number;
  scheduled: number;
  engines: EngineSummary[];
  pairings: PairingSummary[];
  turns: { average: number; min: number; max: number };
  sides: { attackersWins: number; defendersWins: number; draws: number };
  /** Games ended by each reason (wins and draws). */
  reasons: Record<GameEndReason, number>;
  /** Wins by reason, split by the winning side. */
  winsByReason: { attackers: Partial<Record<GameEndReason, number>>; defenders: Partial<Record<GameEndReason, number>> };
  sprt?: SprtConfig & SprtState;
  /** Engines whose own rules differ from the referee's (config.ts, rulesNotes). */
  rulesNotes?: string[];
}

const emptyTrinomial = (): Trinomial => ({ wins: 0, draws: 0, losses: 0 });
const emptyPentanomial = (): Pentanomial => ({ ll: 0, ld: 0, wl: 0, dd: 0, wd: 0, ww: 0 });

/** The score (1, 1/2, 0) of `name` in a game. */
function scoreOf(record: GameResult, name: string): number {
  if (record.result === 'draw') return 0.5;
  const winner = record.result === 'attackers' ? record.attackers : record.defenders;
  return winner === name ? 1 : 0;
}

function addScore(t: Trinomial, score: number): void {
  if (score === 1) t.wins++;
  else if (score === 0) t.losses++;
  else t.draws++;
}

function addPair(p: Pentanomial, a: number, b: number): void {
  const sum = a + b;
  if (sum === 0) p.ll++;
  else if (sum === 0.5) p.ld++;
  else if (sum === 1) {
    if (a === 0.5) p.dd++;
    else p.wl++;
  } else if (sum === 1.5) p.wd++;
  else p.ww++;
}

export function summarize(
  variant: string,
  engineNames: string[],
  pairings: [number, number][],
  records: GameResult[],
  scheduled: number,
  sprt?: SprtConfig,
): TournamentSummary {
  const engines: EngineSummary[] = engineNames.map((name) => ({
    name,
    games: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    points: 0,
    asAttackers: emptyTrinomial(),
    asDefenders: emptyTrinomial(),
    pentanomial: emptyPentanomial(),
    elo: {},
  }));
  const byName = new Map(engines.map((e) => [e.name, e]));
  const reasons = Object.fromEntries(GAME_END_REASONS.map((r) => [r, 0])) as Record<GameEndReason, number>;
  const winsByReason: TournamentSummary['winsByReason'] = { attackers: {}, defenders: {} };
  const sides = { attackersWins: 0, defendersWins: 0, draws: 0 };
  let turnSum = 0;
  let minTurns = Infinity;
  let maxTurns = 0;

  for (const record of records) {
    for (const [name, role] of [
      [record.attackers, 'asAttackers'],
      [record.defenders, 'asDefenders'],
    ] as const) {
      const engine = byName.get(name);
      if (engine === undefined) continue;
      const score = scoreOf(record, name);
      engine.games++;
      engine.points += score;
      if (score === 1) engine.wins++;
      else if (score === 0) engine.losses++;
      else engine.draws++;
      addScore(engine[role], score);
    }
    reasons[record.reason] = (reasons[record.reason] ?? 0) + 1;
    if (record.result === 'draw') sides.draws++;
    else {
      if (record.result === 'attackers') sides.attackersWins++;
      else sides.defendersWins++;
      const table = winsByReason[record.result];
      table[record.reason] = (table[record.reason] ?? 0) + 1;
    }
    turnSum += record.turns;
    minTurns = Math.min(minTurns, record.turns);
    maxTurns = Math.max(maxTurns, record.turns);
  }

  const pairingSummaries: PairingSummary[] = pairings.map(([i, j], index) => {
    const first = engineNames[i];
    const second = engineNames[j];
    const trinomial = emptyTrinomial();
    const pentanomial = emptyPentanomial();
    const legs = new Map<number, number[]>();
    const games = new Map<number, string[]>();
    let identicalPairs = 0;
    for (const record of records) {
      if (record.pairing !== index) continue;
      const score = scoreOf(record, first);
      addScore(trinomial, score);
      const pair = legs.get(record.pair) ?? [];
      pair.push(score);
      legs.set(record.pair, pair);
      const moves = record.moves.join(' ');
      const partner = games.get(record.pair);
      if (partner === undefined) games.set(record.pair, [moves]);
      else if (partner[0] === moves) identicalPairs++;
    }
    for (const pair of legs.values()) {
      if (pair.length !== 2) continue;
      addPair(pentanomial, pair[0], pair[1]);
      addPair(byName.get(first)!.pentanomial, pair[0], pair[1]);
      addPair(byName.get(second)!.pentanomial, 1 - pair[0], 1 - pair[1]);
    }
    return {
      first,
      second,
      trinomial,
      pentanomial,
      elo: { trinomial: trinomialElo(trinomial), pentanomial: pentanomialElo(pentanomial) },
      identicalPairs,
    };
  });

  for (const engine of engines) engine.elo = { trinomial: trinomialElo(engine), pentanomial: pentanomialElo(engine.pentanomial) };

  const summary: TournamentSummary = {
    variant,
    games: records.length,
    scheduled,
    engines,
    pairings: pairingSummaries,
    turns: { average: records.length > 0 ? turnSum / records.length : 0, min: records.length > 0 ? minTurns : 0, max: maxTurns },
    sides,
    reasons,
    winsByReason,
  };
  if (sprt !== undefined && pairingSummaries.length === 1) {
    const pairing = pairingSummaries[0];
    summary.sprt = { ...sprt, ...sprtState(sprt, pairing.trinomial, pairing.pentanomial) };
  }
  return summary;
}

const fixed = (n: number | undefined, digits: number): string => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));
const eloText = (e: EloEstimate | undefined): string => (e === undefined ? '-' : `${fixed(e.elo, 1)} +- ${fixed(e.error, 1)}`);

/** When every game (or every pair) scored the same, what they scored: there is no spread to estimate an error from. */
function uniformOutcome(counts: number[], labels: string[]): string | undefined {
  const used = counts.map((c, i) => (c > 0 ? i : -1)).filter((i) => i >= 0);
  return used.length === 1 ? labels[used[0]] : undefined;
}
const trinomialUniform = (t: Trinomial): string | undefined =>
  uniformOutcome([t.wins, t.draws, t.losses], ['every game won', 'every game drawn', 'every game lost']);
const pentanomialUniform = (p: Pentanomial): string | undefined =>
  uniformOutcome(
    [p.ll, p.ld, p.wl + p.dd, p.wd, p.ww],
    ['every pair lost 0-2', 'every pair scored 0.5-1.5', 'every pair split 1-1', 'every pair scored 1.5-0.5', 'every pair won 2-0'],
  );

/** An Elo line, or for results with no spread what they were (a zero error bar and an undefined nElo would mislead). */
function eloLine(e: EloEstimate | undefined, uniform: string | undefined): string {
  if (e !== undefined && uniform !== undefined) return `${fixed(e.elo, 1)} (${uniform}: no spread, no error bar)`;
  return `${eloText(e)}   nElo ${fixed(e?.nelo, 1)} +- ${fixed(e?.neloError, 1)}   LOS ${fixed(e ? e.los * 100 : undefined, 1)}%`;
}

/** The warning for a pairing whose every pair was one game played twice, or undefined. */
export function identicalWarning(p: PairingSummary): string | undefined {
  const pairs = pairCount(p.pentanomial);
  if (pairs === 0 || p.identicalPairs < pairs) return undefined;
  return (
    `warning: ${p.first} and ${p.second} played the same game with both sides in ${pairs === 1 ? 'the one pair so far' : `all ${pairs} pairs`}: ` +
    'the same deterministic engine (same build, depth or nodes limits) measures nothing; vary the openings, use a clock, or compare different builds'
  );
}

function sprtLine(sprt: NonNullable<TournamentSummary['sprt']>): string {
  const verdict =
    sprt.verdict === 'H1'
      ? 'H1 accepted: elo1 (the first engine is better)'
      : sprt.verdict === 'H0'
        ? 'H0 accepted: elo0 (no improvement)'
        : 'undecided';
  return (
    `SPRT [${sprt.elo0}, ${sprt.elo1}] ${sprt.model} ${sprt.pentanomial ? 'pentanomial' : 'trinomial'}: ` +
    `LLR ${fixed(sprt.llr, 2)} (${fixed(sprt.lower, 2)}, ${fixed(sprt.upper, 2)}): ${verdict}`
  );
}

/** A short running report (every N games): the score and Elo of each pairing, and the SPRT's LLR. */
export function formatReport(s: TournamentSummary): string {
  const lines = [`After ${s.games} of ${s.scheduled} games:`];
  for (const p of s.pairings) {
    const t = p.trinomial;
    const n = t.wins + t.draws + t.losses;
    if (n === 0) continue;
    const points = t.wins + t.draws / 2;
    const pn = p.pentanomial;
    const pentanomial = pairCount(pn) > 0 && p.elo.pentanomial !== undefined;
    const elo = pentanomial ? eloLine(p.elo.pentanomial, pentanomialUniform(pn)) : eloLine(p.elo.trinomial, trinomialUniform(t));
    lines.push(
      `  ${p.first} vs ${p.second}: +${t.wins} =${t.draws} -${t.losses}, ${points} of ${n} (${fixed((100 * points) / n, 1)}%)` +
        `${pentanomial ? `, pairs [${pn.ll} ${pn.ld} ${pn.wl + pn.dd} ${pn.wd} ${pn.ww}]` : ''}`,
    );
    lines.push(`  Elo (${pentanomial ? 'pentanomial' : 'trinomial'}): ${elo}`);
    const warning = identicalWarning(p);
    if (warning !== undefined) lines.push(`  ${warning}`);
  }
  if (s.sprt) lines.push(`  ${sprtLine(s.sprt)}`);
  return lines.join('\n');
}

/** The statistics as a text report for the terminal. */
export function formatSummary(s: TournamentSummary): string {
  const lines: string[] = [];
  lines.push(`Games: ${s.games} of ${s.scheduled} (${s.variant})`);
  for (const note of s.rulesNotes ?? []) lines.push(`Note: ${note}`);
  lines.push('');
  lines.push('Engine            Games   Wins  Draws Losses  Score   Elo (trinomial)    As attackers  As defenders');
  for (const e of s.engines) {
    const wdl = (t: Trinomial): string => `${t.wins}-${t.draws}-${t.losses}`;
    lines.push(
      `${e.name.padEnd(16).slice(0, 16)}  ${String(e.games).padStart(5)}  ${String(e.wins).padStart(5)}  ${String(e.draws).padStart(5)}  ` +
        `${String(e.losses).padStart(5)}  ${fixed(e.games > 0 ? (100 * e.points) / e.games : undefined, 1).padStart(5)}%  ` +
        `${eloText(e.elo.trinomial).padStart(16)}   ${wdl(e.asAttackers).padStart(11)}  ${wdl(e.asDefenders).padStart(12)}`,
    );
  }
  for (const p of s.pairings) {
    lines.push('');
    lines.push(`${p.first} vs ${p.second}: +${p.trinomial.wins} =${p.trinomial.draws} -${p.trinomial.losses}`);
    const t = p.elo.trinomial;
    const q = p.elo.pentanomial;
    lines.push(`  Elo (trinomial):   ${eloLine(t, trinomialUniform(p.trinomial))}`);
    const pn = p.pentanomial;
    lines.push(
      `  Elo (pentanomial): ${eloLine(q, pentanomialUniform(pn))}` +
        `   pairs [LL LD WL+DD WD WW] = [${pn.ll} ${pn.ld} ${pn.wl + pn.dd} ${pn.wd} ${pn.ww}] (${pairCount(pn)})`,
    );
    const warning = identicalWarning(p);
    if (warning !== undefined) lines.push(`  ${warning}`);
  }
  lines.push('');
  lines.push(`Turns per game: average ${fixed(s.turns.average, 1)}, min ${s.turns.min}, max ${s.turns.max}`);
  lines.push(`Attackers won ${s.sides.attackersWins}, defenders won ${s.sides.defendersWins}, draws ${s.sides.draws}`);
  const reasons = Object.entries(s.reasons)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${r} ${n}`);
  lines.push(`Endings: ${reasons.length > 0 ? reasons.join(', ') : '-'}`);
  if (s.sprt) lines.push(sprtLine(s.sprt));
  return lines.join('\n');
}
