// Checks a WebSocket message from the page: a malformed one gets an error naming what is wrong and
// changes nothing. Positions and moves are checked against the rules here, so that only legal
// positions reach an engine (and no text of the page's choosing is ever written to one), and search
// limits against the server's caps, so that no page keeps an engine busy without end (only the
// analysis board searches without a limit, and it stops when its page goes).

import { err, getVariant, ok, Position, type Result, type RuleSet } from '../../engine/index.js';
import { parseRulesString, parseTfen, playMoves } from '../../notation/index.js';
import { SLOTS, type ClientMessage, type Limits, type SearchRequest, type Slot } from '../shared/messages.js';
import type { GuiLimits } from './guiConfig.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const MAX_MOVES = 2000;
const LIMIT_KEYS = ['movetime', 'depth', 'atime', 'dtime', 'ainc', 'dinc'] as const;
/** Deeper than any engine reaches in a game's time. */
const DEEPEST_SEARCH = 100;

/** What the page may ask of the server's engines. */
export type SearchCaps = Pick<GuiLimits, 'moveMs' | 'clockMs'>;

export function parseClientMessage(text: string, engines: readonly string[], caps: SearchCaps): Result<ClientMessage> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return err('bad-message', 'the message is not JSON');
  }
  if (!isObject(value) || typeof value.t !== 'string') return err('bad-message', 'a message is a JSON object with a type "t"');
  switch (value.t) {
    case 'hello':
    case 'unwatch':
      return ok({ t: value.t });
    case 'stop': {
      const slot = parseSlot(value.slot);
      return slot.ok ? ok({ t: 'stop', slot: slot.value }) : slot;
    }
    case 'restart': {
      const slot = parseSlot(value.slot);
      if (!slot.ok) return slot;
      if (value.engine === undefined) return ok({ t: 'restart', slot: slot.value });
      if (typeof value.engine !== 'string' || !engines.includes(value.engine)) {
        return err('bad-message', `restart: "engine" must be one of the configured engines (${engines.join(', ')})`);
      }
      return ok({ t: 'restart', slot: slot.value, engine: value.engine });
    }
    case 'watch':
      if (typeof value.folder !== 'string' || value.folder.trim() === '' || value.folder.length > 1000)
        return err('bad-message', 'watch: "folder" must name a tournament out folder');
      return ok({ t: 'watch', folder: value.folder.trim() });
    case 'record':
      if (typeof value.folder !== 'string' || typeof value.file !== 'string' || !/^[\w-][\w.-]*\.otg$/.test(value.file)) {
        return err('bad-message', 'record: "folder" and "file" (a game record name like p1-r1-g1.otg) are needed');
      }
      return ok({ t: 'record', folder: value.folder, file: value.file });
    case 'search':
      return parseSearch(value, engines, caps);
    default:
      return err('bad-message', `unknown message type '${value.t}'`);
  }
}

function parseSlot(value: unknown): Result<Slot> {
  const slot = SLOTS.find((s) => s === value);
  return slot !== undefined ? ok(slot) : err('bad-message', `"slot" must be one of ${SLOTS.join(', ')}`);
}

/** The rule set of a search: a custom rules string, else the variant. */
export function searchRules(variant: string, rules: string | undefined): Result<RuleSet> {
  return rules !== undefined ? parseRulesString(rules) : getVariant(variant);
}

function parseSearch(value: Record<string, unknown>, engines: readonly string[], caps: SearchCaps): Result<SearchRequest> {
  if (typeof value.id !== 'number' || !Number.isInteger(value.id)) return err('bad-message', 'search: "id" must be a whole number');
  const slot = parseSlot(value.slot);
  if (!slot.ok) return slot;
  if (typeof value.engine !== 'string' || !engines.includes(value.engine)) {
    return err('bad-message', `search: "engine" must be one of the configured engines (${engines.join(', ')})`);
  }
  if (typeof value.variant !== 'string') return err('bad-message', 'search: "variant" is needed');
  if (value.rules !== undefined && typeof value.rules !== 'string') return err('bad-message', 'search: "rules" must be a rules string');
  const rules = searchRules(value.variant, value.rules);
  if (!rules.ok) return err('bad-message', `search: ${rules.error.message}`);
  if (value.tfen !== undefined && (typeof value.tfen !== 'string' || !/^[\w/ -]+$/.test(value.tfen))) {
    return err('bad-message', 'search: "tfen" must be a tfen on one line');
  }
  if (value.rules !== undefined && !/^[^\n\r]+$/.test(value.rules as string))
    return err('bad-message', 'search: "rules" must be on one line');
  const moves = value.moves;
  // One token per move: what the engine is sent is exactly what the rules accepted.
  if (!Array.isArray(moves) || moves.length > MAX_MOVES || !moves.every((m) => typeof m === 'string' && /^[\w|=^/+-]+$/.test(m))) {
    return err('bad-message', `search: "moves" must be a list of at most ${MAX_MOVES} moves, each one token`);
  }
  const start = value.tfen !== undefined ? parseTfen(rules.value, value.tfen) : ok(Position.start(rules.value));
  if (!start.ok) return err('bad-message', `search: tfen: ${start.error.message}`);
  const played = playMoves(start.value, moves as string[]);
  if (!played.ok) return err('bad-message', `search: ${played.error.message}`);
  const limits = parseLimits(value.limits, caps);
  if (!limits.ok) return limits;
  if (limits.value.infinite && slot.value !== 'analysis')
    return err('bad-message', 'search: only the analysis board searches without a limit (limits.infinite)');
  let multipv: number | undefined;
  if (value.multipv !== undefined) {
    if (typeof value.multipv !== 'number' || !Number.isInteger(value.multipv) || value.multipv < 1 || value.multipv > 5) {
      return err('bad-message', 'search: "multipv" must be 1 to 5');
    }
    multipv = value.multipv;
  }
  const request: SearchRequest = {
    t: 'search',
    id: value.id,
    slot: slot.value,
    engine: value.engine,
    variant: rules.value.name,
    moves: moves as string[],
    limits: limits.value,
  };
  if (value.rules !== undefined) request.rules = value.rules as string;
  if (value.tfen !== undefined) request.tfen = value.tfen as string;
  if (multipv !== undefined) request.multipv = multipv;
  return ok(request);
}

function parseLimits(value: unknown, caps: SearchCaps): Result<Limits> {
  if (!isObject(value)) return err('bad-message', 'search: "limits" must be an object like {"movetime": 1000} or {"infinite": true}');
  const limits: Limits = {};
  const most: Record<(typeof LIMIT_KEYS)[number], number> = {
    movetime: caps.moveMs,
    depth: DEEPEST_SEARCH,
    atime: caps.clockMs,
    dtime: caps.clockMs,
    ainc: caps.moveMs,
    dinc: caps.moveMs,
  };
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'infinite') {
      if (raw !== true) return err('bad-message', 'search: limits.infinite must be true or absent');
      limits.infinite = true;
    } else if ((LIMIT_KEYS as readonly string[]).includes(key)) {
      const cap = most[key as (typeof LIMIT_KEYS)[number]];
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > cap)
        return err('bad-message', `search: limits.${key} must be a whole number from 0 to ${cap} (this server's limit)`);
      limits[key as (typeof LIMIT_KEYS)[number]] = raw;
    } else {
      return err('bad-message', `search: unknown limit '${key}' (limits: ${LIMIT_KEYS.join(' ')} infinite)`);
    }
  }
  if (Object.keys(limits).length === 0) return err('bad-message', 'search: "limits" needs at least one limit');
  return ok(limits);
}
