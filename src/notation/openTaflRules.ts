// OpenTafl rules strings (opentafl-notation-spec.txt, "Rules Records"): `dim:11 name:x esc:c ...
// start:/.../`, one `key:value` entry per space-separated token. Each key our RuleSet can express is
// mapped onto it; a key or value that asks for something else is refused with an error naming it.
//
// key        values                 RuleSet field / meaning here (OpenTafl default when absent)
// dim        5..19                  size (required)
// name       text, `_` for spaces   name (default 'custom')
// esc        c | e                  escape: corner | edge (c)
// surf       y | n                  encirclement (y). OpenTafl: a side entirely surrounded loses; here only
//                                   the attackers encircling the defenders (RULES.md 4, 8.6) is tested
// atkf       y | n                  firstSide: attackers | defenders (y)
// tfr        i | d | w | l | a | f  repetition: ignore | draw | repeater-loses | repeater-wins |
//                                   defenders-lose | forbidden (d). As OpenTafl's code decides (its
//                                   documentation says the opposite), under `w` the player whose turn
//                                   makes the third occurrence loses, under `l` he wins; `a` and `f` are
//                                   Hnefi extensions (OpenTafl reads them as a draw)
// ka         y | n                  kingArmed (y); `a` (anvil only) and `h` (hammer only) are refused
// ks         s|y, w|n, c, m         king: strong | weak | mixed (strong on or next to the throne) |
//                                   middleweight (hostile on every side he has: three on an edge) (s)
// kj nj cj   r c j | n n n          jumps (n c j): `kj:r nj:c cj:j` is RULES.md section 2 (king only
//                                   from/to restricted squares, knights capture the jumped piece,
//                                   commanders do not); `kj:n` is no jumps, and then knights / commanders
//                                   in the start position must have `nj:n` / `cj:n`
// mj gj      n                      no mercenaries or guards
// ber        n | c                  berserk (n); `c` as OpenTafl plays it (berserkForced): after a
//                                   capturing step, while the piece has a capturing step it must move
//                                   again, with any step (one capturing nothing ends the turn)
// bo         y | n                  Hnefi extension: RULES.md's berserk runs instead (n): the run may
//                                   stop after any capturing step, and goes on only by capturing
// cor        default | squares | empty          hasCorners (default); squares other than the board's
//                                   four corners: cornerSquares (Alea Evangelii's 16, puzzles)
// cen        default | a square | empty         hasThrone (default); a square other than the centre:
//                                   throneSquare. More than one throne square is refused
// corh       all | all but K        cornersHostileToKing (all)
// corp       any                    kingPassesCorners: K in the list (K); others never pass a corner
// cenp       all | K                throneKingOnly: passing the empty throne (all)
// cenh       tcn | empty            throneHostileToAttackers: the throne holding the king is hostile to
//                                   the attackers (tcn) or to nobody (OpenTafl's Brandub)
// cenhe      tcn, TCN groups        emptyThroneHostileTo{Attackers,Defenders} (all): the empty throne is
//                                   hostile to all or none of each side; emptyThroneHostileToKing as to
//                                   the defenders (OpenTafl asks about the king's side; K counts for nothing)
// cors       K                      fixed: only the king stops on the corners
// cens       K | empty              kingStopsOnThrone: only the king stops on the throne, or nobody
//                                   (OpenTafl's Tablut: the king leaves it for good)
// cenre      all | K | empty        who may re-enter the throne; only the king starts there, so: all, or
//                                   throneKingOnly (K), or throneImpassable and !kingStopsOnThrone (empty)
// corre      all                    fixed. As OpenTafl reads them, corre, aforre and dforre count only
//                                   in a string with cenre, and are then empty when absent: cenre with
//                                   corners but without corre (nobody could enter a corner) is refused
// afor       squares | empty        forts (none): attacker fortresses, with
// aforp afors aforre aforh          forts.pass / stop / reenter / hostile (all, all, all, TCNK): who
//                                   slides over, stops on, enters from outside the forts (a piece on a
//                                   fort moves within them), and whom an (even occupied) fort helps
//                                   capture: t for the attackers, T for the defenders and the king
// dfor       empty                  no defender fortresses; then dforh dforp dfors dforre take any value
// sw         n | s                  shieldWall (n); `w` (corners may not close a wall) is refused
// swf        y | n                  y: only the move landing on an end square captures a wall; n:
//                                   shieldWallAnyStep, after any step every closed wall of its side on
//                                   any edge is taken (OpenTafl's relaxed shield wall)
// efe        y | n                  exitFort (n); the fort test is RULES.md's static one
// linc       y | n                  linnaeanCapture (n): with the king on the throne and attackers on
//                                   three of its sides, an attacker two squares from the throne takes
//                                   the defender on the fourth
// spd        -1 | n | 12 values     speedLimits: the most squares a piece slides (-1 or 0: no limit); one
//                                   value for every piece, or t c n k m g T C N K M G (m g M G ignored:
//                                   no such pieces here); two values mean none, as OpenTafl reads them
// cck        y | n                  Hnefi extension: commandersCaptureKing (default: y when the start
//                                   has attacker commanders, as OpenTafl, which has no switch for it)
// ckt        y | n                  Hnefi extension: commandersNextToThrone (y with cck:y, as OpenTafl:
//                                   commanders take the king next to the throne along a line off it)
// ckr        y | n                  Hnefi extension: ringWithCommanders (n when the start has attacker
//                                   commanders, as OpenTafl: while the attackers have a commander, the
//                                   ring of four does not take the king)
// jo         y | n                  Hnefi extension: jumpOverOwn (n)
// cne        y | n                  Hnefi extension: cannotEscape (n), hnefatafl.org's adjudication
// tl         a turn number          Hnefi extension: turnLimit (none), the turn whose end draws
// start      /rank1/rank2/.../      start position, rank 1 first (required, or starti)
// starti     /rankN/.../rank1/      the same, top rank first
// OpenTafl ignores keys it does not know (cck, ckt, ckr, bo, jo, cne, tl): the strings made here load there.
// Piece-type lists compare only the letters of pieces this engine has (t c n T C N K).
// The cor*/cen* keys take any value when the rules have no corners / no throne.

import { Position } from '../engine/position.js';
import type { FortRules, KingStrength, PieceLetter, RepetitionRule, RuleSet } from '../engine/rules.js';
import { ATTACKERS, DEFENDERS, pieceFromLetter } from '../engine/types.js';
import { err, ok, type Result } from '../engine/result.js';
import {
  isSquareOn,
  OUR_LETTERS,
  pieceSet,
  readPositionRecord,
  readSpeedLimits,
  sameSet,
  SPEED_ORDER,
  squareName,
} from './openTaflRuleValues.js';

const ALL = new Set(OUR_LETTERS);
const ATTACKER_LETTERS = new Set('tcn');
const DEFENDER_LETTERS = new Set('TCN');

const REPETITION: Record<string, RepetitionRule> = {
  i: 'ignore',
  d: 'draw',
  w: 'repeater-loses',
  l: 'repeater-wins',
  a: 'defenders-lose',
  f: 'forbidden',
  r: 'defenders-forbidden',
};
const KING: Record<string, KingStrength> = { s: 'strong', y: 'strong', w: 'weak', n: 'weak', c: 'mixed', m: 'middleweight' };

const KNOWN_KEYS = [
  'dim',
  'name',
  'esc',
  'surf',
  'atkf',
  'tfr',
  'ka',
  'ks',
  'kj',
  'nj',
  'cj',
  'mj',
  'gj',
  'ber',
  'cor',
  'cen',
  'corh',
  'cenh',
  'cenhe',
  'corp',
  'cenp',
  'cors',
  'cens',
  'corre',
  'cenre',
  'afor',
  'dfor',
  'aforh',
  'dforh',
  'aforp',
  'dforp',
  'afors',
  'dfors',
  'aforre',
  'dforre',
  'sw',
  'swf',
  'efe',
  'linc',
  'spd',
  'cck',
  'ckt',
  'ckr',
  'bo',
  'jo',
  'cne',
  'tl',
  'start',
  'starti',
];

export function parseRulesString(text: string): Result<RuleSet> {
  const entries = new Map<string, string>();
  for (const token of text
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')) {
    const colon = token.indexOf(':');
    if (colon <= 0) return err('bad-rules', `rules entry '${token}' is not key:value`);
    const key = token.slice(0, colon);
    if (!KNOWN_KEYS.includes(key)) return err('unknown-rules-key', `unknown rules key '${key}' (in '${token}')`);
    if (entries.has(key)) return err('bad-rules', `rules key '${key}' is given twice`);
    entries.set(key, token.slice(colon + 1));
  }
  /** `effective`: the value in force, OpenTafl's default when the entry is absent. */
  const refuse = (key: string, why: string, effective?: string): Result<never> => {
    const given = entries.get(key);
    const entry = given === undefined ? `'${key}:${effective}' (OpenTafl's default)` : `'${key}:${given}'`;
    return err('unsupported-rule', `rules entry ${entry} is not supported: ${why}`);
  };
  const choice = <T>(key: string, options: Record<string, T>, fallback: string, why: string): Result<T> => {
    const value = entries.get(key) ?? fallback;
    if (!Object.prototype.hasOwnProperty.call(options, value)) return refuse(key, why);
    return ok(options[value]);
  };
  const yesNo = (key: string, fallback: 'y' | 'n'): Result<boolean> => choice(key, { y: true, n: false }, fallback, 'expected y or n');

  const dimText = entries.get('dim');
  if (dimText === undefined) return err('bad-rules', "rules string has no 'dim' entry (board size)");
  if (!/^\d+$/.test(dimText) || Number(dimText) < 5 || Number(dimText) > 19) return refuse('dim', 'board sizes are 5..19');
  const size = Number(dimText);

  let ranks: Result<string[]>;
  if (entries.has('start') && entries.has('starti')) return err('bad-rules', "rules string has both 'start' and 'starti'");
  if (entries.has('start')) {
    ranks = readPositionRecord(entries.get('start') as string, size, 'start', false);
  } else if (entries.has('starti')) {
    ranks = readPositionRecord(entries.get('starti') as string, size, 'starti', true);
  } else {
    return err('bad-rules', "rules string has no 'start' entry (start position)");
  }
  if (!ranks.ok) return ranks;
  const start = ranks.value;
  const has = (letters: string) => start.some((rank) => [...letters].some((l) => rank.includes(l)));

  // The first refused entry wins; the rest are read with placeholder values and then discarded.
  let failure: Result<never> | undefined;
  const get = <T>(r: Result<T>, placeholder: T): T => {
    if (r.ok) return r.value;
    failure ??= r;
    return placeholder;
  };
  const escape = get(choice('esc', { c: 'corner' as const, e: 'edge' as const }, 'c', 'expected c (corner) or e (edge)'), 'corner');
  const encirclement = get(yesNo('surf', 'y'), false);
  const attackersFirst = get(yesNo('atkf', 'y'), true);
  const repetition = get(
    choice(
      'tfr',
      REPETITION,
      'd',
      'expected i, d, w (the repeater loses), l (the repeater wins), a (defenders lose), f (forbidden) or r (forbidden to the defenders)',
    ),
    'draw',
  );
  const kingArmed = get(yesNo('ka', 'y'), true);
  const king = get(
    choice('ks', KING, 's', 'expected s (strong), w (weak), c (strong on or next to the throne) or m (middleweight)'),
    'strong',
  );
  const berserk = get(choice('ber', { n: false, c: true }, 'n', 'expected n or c (continue with capturing steps)'), false);
  const shieldWall = get(choice('sw', { n: false, s: true }, 'n', 'expected n or s (corners may close a wall)'), false);
  const shieldWallAnyStep = !get(yesNo('swf', 'y'), true);
  const exitFort = get(yesNo('efe', 'n'), false);
  const linnaeanCapture = get(yesNo('linc', 'n'), false);
  const jumpOverOwn = get(yesNo('jo', 'n'), false);
  const commandersCaptureKing = get(yesNo('cck', has('c') ? 'y' : 'n'), false);
  // Without commanders that capture (and without commanders at all) these two have no effect.
  const commandersNextToThrone = get(yesNo('ckt', commandersCaptureKing ? 'y' : 'n'), false);
  const ringWithCommanders = get(yesNo('ckr', has('c') ? 'n' : 'y'), true);
  const berserkOptional = get(yesNo('bo', 'n'), false);
  const cannotEscape = get(yesNo('cne', 'n'), false);
  const turnLimit = entries.get('tl');
  if (turnLimit !== undefined && !/^[1-9]\d{0,5}$/.test(turnLimit)) return refuse('tl', 'expected a turn number, 1 to 999999');
  if (failure) return failure;

  // Jumps: RULES.md's set, or none.
  const kj = entries.get('kj') ?? 'n';
  const nj = entries.get('nj') ?? 'c';
  const cj = entries.get('cj') ?? 'j';
  let jumps: boolean;
  if (kj === 'r') {
    if (nj !== 'c') return refuse('nj', 'with king jumps (kj:r), knights make capturing jumps (nj:c)', nj);
    if (cj !== 'j') return refuse('cj', 'with king jumps (kj:r), commanders make non-capturing jumps (cj:j)', cj);
    jumps = true;
  } else if (kj === 'n') {
    if (has('nN') && nj !== 'n') return refuse('nj', 'without king jumps (kj:n), knights do not jump either (nj:n)', nj);
    if (has('cC') && cj !== 'n') return refuse('cj', 'without king jumps (kj:n), commanders do not jump either (cj:n)', cj);
    jumps = false;
  } else {
    return refuse('kj', 'expected r (to or from the throne or a corner) or n');
  }
  for (const k of ['mj', 'gj']) if ((entries.get(k) ?? 'n') !== 'n') return refuse(k, 'there are no mercenaries or guards');

  // Special squares: OpenTafl's defaults, none, or lists of squares.
  const centre = (size - 1) / 2;
  const centreName = Number.isInteger(centre) ? squareName(centre, centre) : '';
  const cornerNames = [squareName(0, 0), squareName(0, size - 1), squareName(size - 1, 0), squareName(size - 1, size - 1)];
  const squares = (key: string): Result<string[]> => {
    const list = [...new Set((entries.get(key) ?? '').split(',').filter((square) => square !== ''))];
    const bad = list.find((square) => !isSquareOn(square, size));
    return bad === undefined ? ok(list) : refuse(key, `'${bad}' is not a square of the ${size}x${size} board`);
  };
  let hasThrone = true;
  let throneSquare: string | undefined;
  if ((entries.get('cen') ?? 'default') !== 'default') {
    const list = squares('cen');
    if (!list.ok) return list;
    if (list.value.length > 1) return refuse('cen', 'the throne is one square (or none)');
    hasThrone = list.value.length === 1;
    if (hasThrone && list.value[0] !== centreName) throneSquare = list.value[0];
  } else if (centreName === '') {
    hasThrone = false;
  }
  let hasCorners = true;
  let cornerSquares: string[] | undefined;
  if ((entries.get('cor') ?? 'default') !== 'default') {
    const list = squares('cor');
    if (!list.ok) return list;
    hasCorners = list.value.length > 0;
    if (hasCorners && !sameSet(new Set(list.value), new Set(cornerNames))) cornerSquares = list.value;
  }

  const lettersOf = (k: string, fallback: string) => pieceSet(entries.get(k) ?? fallback);
  let cornersHostileToKing = true;
  let kingPassesCorners = true;
  if (hasCorners) {
    const corh = lettersOf('corh', OUR_LETTERS);
    const withoutKing = new Set('tcnTCN');
    if (sameSet(corh, withoutKing)) cornersHostileToKing = false;
    else if (!sameSet(corh, ALL)) return refuse('corh', 'corners are hostile to every piece, or to every piece but the king');
    if (!sameSet(lettersOf('cors', 'K'), new Set('K'))) return refuse('cors', 'only the king stops on a corner (cors:K)');
    kingPassesCorners = lettersOf('corp', 'K').has('K');
    // OpenTafl reads corre only from a string that has cenre, and then an absent corre lets nobody re-enter.
    if (entries.has('cenre') && !entries.has('corre')) {
      return err('unsupported-rule', "rules entry 'cenre' without 'corre' is not supported: OpenTafl then lets nobody enter a corner");
    }
    if (!sameSet(lettersOf('corre', OUR_LETTERS), ALL)) return refuse('corre', `expected every piece (${OUR_LETTERS})`);
  }
  let throneKingOnly = false;
  let throneImpassable = false;
  let kingStopsOnThrone = true;
  let throneHostileToAttackers = true;
  let emptyThroneHostileToAttackers = true;
  let emptyThroneHostileToDefenders = true;
  let emptyThroneHostileToKing = true;
  if (hasThrone) {
    const cenp = lettersOf('cenp', OUR_LETTERS);
    if (sameSet(cenp, new Set('K'))) throneKingOnly = true;
    else if (!sameSet(cenp, ALL)) return refuse('cenp', `every piece (${OUR_LETTERS}) or only the king (K) passes the empty throne`);
    const cenh = lettersOf('cenh', 'tcn');
    if (sameSet(cenh, ATTACKER_LETTERS)) throneHostileToAttackers = true;
    else if (cenh.size === 0) throneHostileToAttackers = false;
    else return refuse('cenh', 'the throne (holding the king) is hostile to the attackers (tcn) or to nobody');
    const cenhe = lettersOf('cenhe', OUR_LETTERS);
    // All of a side's pieces or none of them (the king apart): undefined for a part of a side.
    const hostileTo = (group: Set<string>): boolean | undefined => {
      const count = [...group].filter((letter) => cenhe.has(letter)).length;
      return count === 0 ? false : count === group.size ? true : undefined;
    };
    const toAttackers = hostileTo(ATTACKER_LETTERS);
    const toDefenders = hostileTo(DEFENDER_LETTERS);
    if (toAttackers === undefined || toDefenders === undefined) {
      return refuse('cenhe', 'the empty throne is hostile to all the attackers (tcn) or none, and all the defenders (TCN) or none');
    }
    emptyThroneHostileToAttackers = toAttackers;
    emptyThroneHostileToDefenders = toDefenders;
    // OpenTafl asks the square's hostility to the king's side: the defenders' letters, not K.
    emptyThroneHostileToKing = toDefenders;
    const cens = lettersOf('cens', 'K');
    if (cens.size === 0) kingStopsOnThrone = false;
    else if (!sameSet(cens, new Set('K'))) return refuse('cens', 'only the king stops on the throne (cens:K), or nobody (cens:)');
    // Only the king starts on the throne: whoever may not re-enter it never passes or stops on it.
    const cenre = lettersOf('cenre', OUR_LETTERS);
    if (cenre.size === 0) {
      throneImpassable = true;
      kingStopsOnThrone = false;
    } else if (sameSet(cenre, new Set('K'))) {
      throneKingOnly = true;
    } else if (!sameSet(cenre, ALL)) {
      return refuse('cenre', `every piece (${OUR_LETTERS}), only the king (K) or nobody re-enters the throne`);
    }
  }
  if ((entries.get('dfor') ?? '').replace(/,/g, '') !== '') return refuse('dfor', 'there are no defender fortresses');
  const fortSquares = squares('afor');
  if (!fortSquares.ok) return fortSquares;
  let forts: FortRules | undefined;
  if (fortSquares.value.length > 0) {
    const lettersText = (key: string, fallback: string) => [...lettersOf(key, fallback)].join('');
    forts = {
      squares: fortSquares.value,
      pass: lettersText('aforp', OUR_LETTERS),
      stop: lettersText('afors', OUR_LETTERS),
      // As OpenTafl reads it: aforre counts only in a rules string that has cenre (absent, nobody re-enters).
      reenter: entries.has('cenre') ? lettersText('aforre', '') : OUR_LETTERS,
      hostile: lettersText('aforh', 'TCNK'),
    };
    const throne = hasThrone ? (throneSquare ?? centreName) : '';
    const corners = hasCorners ? (cornerSquares ?? cornerNames) : [];
    const clash = forts.squares.find((square) => square === throne || corners.includes(square));
    if (clash !== undefined) return refuse('afor', `${clash} is already a corner or the throne`);
  }
  const speedLimits = readSpeedLimits(entries.get('spd') ?? '-1');
  if (!speedLimits.ok) return refuse('spd', speedLimits.error.message);

  const rules: RuleSet = {
    name: entries.get('name') || 'custom',
    size,
    start,
    firstSide: attackersFirst ? ATTACKERS : DEFENDERS,
    escape,
    king,
    kingArmed,
    commandersCaptureKing,
    commandersNextToThrone,
    ringWithCommanders,
    hasThrone,
    hasCorners,
    cornerSquares,
    throneSquare,
    throneImpassable,
    kingPassesCorners,
    forts,
    speedLimits: speedLimits.value,
    cornersHostileToKing,
    throneKingOnly,
    kingStopsOnThrone,
    throneHostileToAttackers,
    emptyThroneHostileToAttackers,
    emptyThroneHostileToDefenders,
    emptyThroneHostileToKing,
    shieldWall,
    shieldWallAnyStep,
    linnaeanCapture,
    exitFort,
    encirclement,
    repetition,
    jumps,
    berserk,
    berserkForced: berserk && !berserkOptional,
    jumpOverOwn,
  };
  if (cannotEscape) rules.cannotEscape = true;
  if (turnLimit !== undefined) rules.turnLimit = Number(turnLimit);
  return checkStart(rules);
}

/** The start position must be one the rules can play: one king, only the king on restricted squares. */
function checkStart(rules: RuleSet): Result<RuleSet> {
  const size = rules.size;
  const cells = new Uint8Array(size * size);
  rules.start.forEach((row, top) => {
    for (let file = 0; file < size; file++) if (row[file] !== '.') cells[(size - 1 - top) * size + file] = pieceFromLetter(row[file]);
  });
  if (!cells.includes(pieceFromLetter('K'))) return err('bad-rules-start', 'the start position has no king');
  const position = Position.fromSetup({ rules, cells, side: rules.firstSide, berserker: -1 });
  if (!position.ok) return err('bad-rules-start', `start position: ${position.error.message}`);
  return ok(rules);
}

const yn = (flag: boolean): string => (flag ? 'y' : 'n');
const REPETITION_CODE: Record<RepetitionRule, string> = {
  ignore: 'i',
  draw: 'd',
  'repeater-loses': 'w',
  'repeater-wins': 'l',
  'defenders-lose': 'a',
  forbidden: 'f',
  'defenders-forbidden': 'r',
};
const KING_CODE: Record<KingStrength, string> = { strong: 's', weak: 'w', mixed: 'c', middleweight: 'm' };

/** The rules string of a rule set; keys at OpenTafl's defaults are left out, as OpenTafl does. */
export function makeRulesString(rules: RuleSet): string {
  const hasCommanders = rules.start.some((rank) => rank.includes('c'));
  const parts = [`dim:${rules.size}`, `name:${rules.name.replace(/\s+/g, '_')}`];
  if (rules.escape === 'edge') parts.push('esc:e');
  parts.push(`surf:${yn(rules.encirclement)}`, `atkf:${yn(rules.firstSide === ATTACKERS)}`);
  if (rules.repetition !== 'draw') parts.push(`tfr:${REPETITION_CODE[rules.repetition]}`);
  if (!rules.kingArmed) parts.push('ka:n');
  if (rules.king !== 'strong') parts.push(`ks:${KING_CODE[rules.king]}`);
  parts.push(rules.jumps ? 'kj:r nj:c cj:j' : 'kj:n nj:n cj:n');
  if (rules.berserk) parts.push('ber:c');
  if (!rules.hasCorners) {
    parts.push('cor:');
  } else {
    if (rules.cornerSquares) parts.push(`cor:${rules.cornerSquares.join(',')},`);
    if (!rules.cornersHostileToKing) parts.push('corh:tcnTCN');
    if (rules.kingPassesCorners === false) parts.push('corp:');
  }
  if (!rules.hasThrone) {
    parts.push('cen:');
  } else {
    if (rules.throneSquare !== undefined) parts.push(`cen:${rules.throneSquare},`);
    if (rules.throneKingOnly) parts.push('cenp:K');
    if (!rules.kingStopsOnThrone) parts.push('cens:');
    if (!rules.throneHostileToAttackers) parts.push('cenh:');
    const cenhe =
      (rules.emptyThroneHostileToAttackers ? 'tcn' : '') +
      (rules.emptyThroneHostileToDefenders ? 'TCN' : '') +
      (rules.emptyThroneHostileToKing ? 'K' : '');
    if (cenhe !== OUR_LETTERS) parts.push(`cenhe:${cenhe}`);
  }
  const forts = rules.forts;
  // OpenTafl reads aforre only from a string that has cenre.
  if (rules.throneImpassable) parts.push('cenre:');
  else if (forts) parts.push(`cenre:${OUR_LETTERS}`);
  if ((rules.throneImpassable || forts) && rules.hasCorners) parts.push(`corre:${OUR_LETTERS}`);
  if (forts) {
    parts.push(`afor:${forts.squares.join(',')},`, `aforp:${forts.pass}`, `afors:${forts.stop}`);
    parts.push(`aforre:${forts.reenter}`, `aforh:${forts.hostile}`);
  }
  const limits = rules.speedLimits ?? {};
  if (Object.values(limits).some((limit) => limit > 0)) {
    parts.push(`spd:${[...SPEED_ORDER].map((letter) => limits[letter as PieceLetter] ?? -1).join(',')}`);
  }
  if (rules.shieldWall) parts.push(rules.shieldWallAnyStep ? 'sw:s swf:n' : 'sw:s');
  if (rules.exitFort) parts.push('efe:y');
  if (rules.linnaeanCapture) parts.push('linc:y');
  if (rules.commandersCaptureKing !== hasCommanders) parts.push(`cck:${yn(rules.commandersCaptureKing)}`);
  if (rules.commandersCaptureKing && !rules.commandersNextToThrone) parts.push('ckt:n');
  if (hasCommanders && rules.ringWithCommanders) parts.push('ckr:y');
  if (rules.berserk && !rules.berserkForced) parts.push('bo:y');
  if (rules.jumpOverOwn) parts.push('jo:y');
  if (rules.cannotEscape === true) parts.push('cne:y');
  if ((rules.turnLimit ?? 0) > 0) parts.push(`tl:${rules.turnLimit}`);
  const record = [...rules.start].reverse().map((rank) => rank.replace(/\.+/g, (run) => String(run.length)));
  parts.push(`start:/${record.join('/')}/`);
  return parts.join(' ');
}
