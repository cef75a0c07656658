// Openings for tournament games: each pair of games plays one opening with both sides. From a file
// (tfens or move lists, one per line; or JSON lines of recorded games cut after some turns, optionally
// only the games one side won), or a number of random turns generated from the seed. The same seed
// always gives the same openings.

import { readFileSync } from 'node:fs';
import { fileError } from './outFolder.js';
import {
  ATTACKERS,
  DEFENDERS,
  err,
  gameOutcome,
  legalTurns,
  makeRandom,
  ok,
  playTurn,
  Position,
  type Result,
  type RuleSet,
  type Side,
} from '../engine/index.js';
import {
  makeOpeningText,
  makeTfen,
  makeTurn,
  normalizeOpening,
  type Opening,
  openingStart,
  parseOpeningLines,
  playMoves,
  recordedWinner,
  replayFromStarts,
} from '../notation/index.js';
import type { OpeningsConfig, OpeningWinner } from './config.js';

export { makeOpeningText, type Opening } from '../notation/index.js';

/** The start position of an opening and the position after its moves, checked. */
export function openingPositions(rules: RuleSet, opening: Opening): Result<{ start: Position; end: Position }> {
  const started = openingStart(rules, opening);
  if (!started.ok) return started;
  const start = started.value;
  const end = start.clone();
  const played = playMoves(end, opening.moves);
  if (!played.ok) return played;
  if (gameOutcome(end) !== undefined) return err('opening-over', `opening ${opening.id}: the game is already over after it`);
  return ok({ start, end });
}

/** Mixes the tournament seed with a pair index into an independent stream seed. */
const streamSeed = (seed: number, index: number): number => Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);

/** `plies` random turns from the start; turns that would end the game are avoided. */
export function randomOpening(rules: RuleSet, plies: number, seed: number, index: number): Opening {
  const random = makeRandom(streamSeed(seed, index));
  let pos = Position.start(rules);
  const moves: string[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const candidates = legalTurns(pos);
    let chosen: Position | undefined;
    while (candidates.length > 0 && chosen === undefined) {
      const pick = candidates.splice(Math.floor(random() * candidates.length), 1)[0];
      const next = pos.clone();
      playTurn(next, pick);
      if (gameOutcome(next) === undefined) {
        chosen = next;
        moves.push(makeTurn(pos, pick));
      }
    }
    if (chosen === undefined) break;
    pos = chosen;
  }
  return { id: `random:${seed}:${index}`, moves };
}

/** The openings of a tournament: opening k serves the k-th pair of games of every pairing. */
export interface OpeningBook {
  /** Number of distinct openings (Infinity for random ones). */
  size: number;
  get(pair: number): Opening;
}

export function loadOpenings(rules: RuleSet, variant: string, config: OpeningsConfig, seed: number): Result<OpeningBook> {
  if (config.file === undefined) {
    const plies = config.random ?? 4;
    return ok({ size: Infinity, get: (pair) => randomOpening(rules, plies, seed, pair) });
  }
  let text: string;
  try {
    // A byte order mark starts some editors' UTF-8 files; it is not part of the first opening.
    text = readFileSync(config.file, 'utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    return err('openings-file', `openings: ${fileError('read the openings file', config.file, e)}`);
  }
  const list = config.file.endsWith('.jsonl')
    ? gamesFileOpenings(rules, variant, text, config.file, config.plies ?? 8, config.winner)
    : parseOpeningLines(rules, text, config.file);
  if (!list.ok) return list;
  const openings = list.value;
  if (openings.length === 0) return err('openings-file', `openings file '${config.file}': no usable opening for ${variant}`);
  if (config.order !== 'sequential') {
    const random = makeRandom(streamSeed(seed, -1));
    for (let i = openings.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [openings[i], openings[j]] = [openings[j], openings[i]];
    }
  }
  return ok({ size: openings.length, get: (pair) => openings[pair % openings.length] });
}

/** The record's `winner` (aagenielsen.dk records: `Black` is the attackers, `White` the defenders). */
const WINNER_SIDE: Record<OpeningWinner, Side | null> = { attackers: ATTACKERS, defenders: DEFENDERS, draw: null };

/**
 * Recorded games, one JSON object per line with `moves` (and `variant`, `id`, `winner` if known): the
 * first `plies` turns of each game of this variant (that `winner` won, if given). Records that do not
 * replay, or whose game is over by then, are skipped (human records have faults); repeats are dropped.
 */
function gamesFileOpenings(
  rules: RuleSet,
  variant: string,
  text: string,
  file: string,
  plies: number,
  winner?: OpeningWinner,
): Result<Opening[]> {
  const openings: Opening[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(lines[i]);
    } catch (e) {
      return err('openings-file', `${file}:${i + 1}: not JSON: ${(e as Error).message}`);
    }
    if (typeof record !== 'object' || record === null) continue;
    const game = record as { id?: unknown; variant?: unknown; moves?: unknown; winner?: unknown };
    if (game.variant !== undefined && game.variant !== variant) continue;
    if (winner !== undefined && recordedWinner(game) !== WINNER_SIDE[winner]) continue;
    if (!Array.isArray(game.moves) || game.moves.length < plies || !game.moves.every((m) => typeof m === 'string')) continue;
    const id = typeof game.id === 'string' ? game.id : `${file}:${i + 1}`;
    const checked = recordOpening(rules, id, game.moves as string[], plies);
    if (!checked.ok) continue;
    const key = makeOpeningText(checked.value);
    if (seen.has(key)) continue;
    seen.add(key);
    openings.push(checked.value);
  }
  return ok(openings);
}

/**
 * The first `plies` turns of a recorded game. Records of the site (`e7-e9xe10`) leave out berserk
 * continuations: they are reconstructed from the whole game (a piece's later moves tell how far its run
 * went), and the site's other start positions are tried: the one that replays furthest is the game's
 * (the opening then starts from its tfen). Moves that are whole turns in compact notation (`e7e9g9`)
 * are played as they are.
 */
function recordOpening(rules: RuleSet, id: string, moves: string[], plies: number): Result<Opening> {
  const { startRules, replay } = replayFromStarts(rules, moves);
  if (replay.turns.length < plies) return normalizeOpening(rules, { id, moves: moves.slice(0, plies) });
  const start = Position.start(startRules);
  const pos = start.clone();
  const turns: string[] = [];
  for (const turn of replay.turns.slice(0, plies)) {
    turns.push(makeTurn(pos, turn));
    playTurn(pos, turn);
  }
  const opening: Opening = { id, moves: turns };
  if (startRules !== rules) opening.tfen = makeTfen(start);
  return normalizeOpening(rules, opening);
}
