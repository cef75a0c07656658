// The nine shipped variants (RULES.md section 6) as data.

import type { RuleSet } from './rules.js';
import { err, ok, type Result } from './result.js';
import { ATTACKERS } from './types.js';

const BERSERK_START = [
  '...ttttt...',
  '.....c.....',
  '...........',
  't....T....t',
  't...NTT...t',
  'tc.TTKTT.ct',
  't...TTT...t',
  't....T....t',
  '...........',
  '.....c.....',
  '...ttttt...',
];

const COPENHAGEN_START = BERSERK_START.map((row) => row.replace(/c/g, 't').replace(/N/g, 'T'));

const ALEA_TOP = [
  '..t..t.......t..t..',
  '...................',
  't....t.......t....t',
  '.......t.t.t.......',
  '......t.T.T.t......',
  't.t..t.......t..t.t',
  '....t....T....t....',
  '...t....T.T....t...',
  '....T..T.T.T..T....',
];
const ALEA_START = [...ALEA_TOP, '...t..T.TKT.T..t...', ...[...ALEA_TOP].reverse()];

/** Defaults shared by most variants; each variant states what differs. */
const BASE: RuleSet = {
  name: '',
  size: 11,
  start: COPENHAGEN_START,
  firstSide: ATTACKERS,
  escape: 'corner',
  king: 'strong',
  kingArmed: true,
  commandersCaptureKing: false,
  commandersNextToThrone: false,
  ringWithCommanders: true,
  hasThrone: true,
  hasCorners: true,
  throneImpassable: false,
  kingPassesCorners: true,
  speedLimits: {},
  cornersHostileToKing: true,
  throneKingOnly: false,
  kingStopsOnThrone: true,
  throneHostileToAttackers: true,
  emptyThroneHostileToAttackers: true,
  emptyThroneHostileToDefenders: true,
  emptyThroneHostileToKing: true,
  shieldWall: false,
  shieldWallAnyStep: false,
  linnaeanCapture: false,
  exitFort: false,
  encirclement: false,
  repetition: 'draw',
  jumps: false,
  berserk: false,
  berserkForced: false,
  jumpOverOwn: false,
};

export const VARIANTS: Readonly<Record<string, RuleSet>> = {
  berserk: {
    ...BASE,
    name: 'berserk',
    start: BERSERK_START,
    commandersCaptureKing: true,
    repetition: 'forbidden',
    jumps: true,
    berserk: true,
  },
  'berserk-copenhagen': {
    ...BASE,
    name: 'berserk-copenhagen',
    start: BERSERK_START,
    commandersCaptureKing: true,
    shieldWall: true,
    exitFort: true,
    encirclement: true,
    repetition: 'repeater-loses',
    jumps: true,
    berserk: true,
    jumpOverOwn: true,
  },
  copenhagen: {
    ...BASE,
    name: 'copenhagen',
    shieldWall: true,
    exitFort: true,
    encirclement: true,
    repetition: 'defenders-lose',
  },
  // hnefatafl.org's Copenhagen (its rules page and board.rs): no defenders' turn may recreate an earlier
  // position, the server's adjudication when the defenders cannot escape, and a draw at the end of the
  // 134th turn (its MAX_TURNS, 132, is the most turns played before a turn that does not draw).
  'hnefatafl-org': {
    ...BASE,
    name: 'hnefatafl-org',
    shieldWall: true,
    exitFort: true,
    encirclement: true,
    cannotEscape: true,
    turnLimit: 134,
    repetition: 'defenders-forbidden',
  },
  fetlar: { ...BASE, name: 'fetlar', cornersHostileToKing: false, encirclement: true },
  tablut: {
    ...BASE,
    name: 'tablut',
    size: 9,
    escape: 'edge',
    king: 'mixed',
    hasCorners: false,
    start: ['...ttt...', '....t....', '....T....', 't...T...t', 'ttTTKTTtt', 't...T...t', '....T....', '....t....', '...ttt...'],
  },
  brandubh: {
    ...BASE,
    name: 'brandubh',
    size: 7,
    king: 'mixed',
    start: ['...t...', '...t...', '...T...', 'ttTKTtt', '...T...', '...t...', '...t...'],
  },
  'ard-ri': {
    ...BASE,
    name: 'ard-ri',
    size: 7,
    escape: 'edge',
    hasThrone: false,
    hasCorners: false,
    start: ['..ttt..', '...t...', 't.TTT.t', 'ttTKTtt', 't.TTT.t', '...t...', '..ttt..'],
  },
  tawlbwrdd: {
    ...BASE,
    name: 'tawlbwrdd',
    escape: 'edge',
    king: 'weak',
    hasThrone: false,
    hasCorners: false,
    start: [
      '....ttt....',
      '....t.t....',
      '.....t.....',
      '.....T.....',
      'tt..TTT..tt',
      't.tTTKTTt.t',
      'tt..TTT..tt',
      '.....T.....',
      '.....t.....',
      '....t.t....',
      '....ttt....',
    ],
  },
  'alea-evangelii': { ...BASE, name: 'alea-evangelii', size: 19, start: ALEA_START },
};

export const VARIANT_IDS: readonly string[] = Object.keys(VARIANTS);
export const DEFAULT_VARIANT = 'berserk';

export function getVariant(id: string): Result<RuleSet> {
  const key = id.toLowerCase();
  if (!Object.prototype.hasOwnProperty.call(VARIANTS, key)) {
    return err('unknown-variant', `unknown variant '${id}' (known: ${VARIANT_IDS.join(', ')})`);
  }
  return ok(VARIANTS[key]);
}
