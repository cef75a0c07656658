// The page's .otg reader against the tournament's writer: a game with a berserk chain and a start
// position of its own comes back with the same start, turns and rules.

import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/index.js';
import { makeTfen, parseTfen } from '../../src/notation/index.js';
import { GameLine } from '../../src/gui/client/gameLine.js';
import { readOtg, writeOtg } from '../../src/gui/client/otgFile.js';

const CHAIN_TFEN = '11/11/9K1/11/4Tt5/11/1tT8/11/11/9T1/3t7 a -';

describe('.otg records on the page', () => {
  it('reads back what it writes, berserk chain and start position included', () => {
    const rules = getVariant('berserk');
    if (!rules.ok) throw new Error(rules.error.message);
    const start = parseTfen(rules.value, CHAIN_TFEN);
    if (!start.ok) throw new Error(start.error.message);
    const game = GameLine.withMoves({ rules: rules.value, variant: 'berserk', start: start.value }, ['d1d5d7', 'j9j8']);
    if (!game.ok) throw new Error(game.error.message);
    const text = writeOtg(game.value, { variant: 'berserk', attackers: 'Ann' });
    expect(text).toContain('1. d1-d5xc5 d5=d7xe7 Kj9-j8');
    const read = readOtg(text);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.tags.attackers).toBe('Ann');
    expect(read.value.line.variant).toBe('berserk');
    expect(read.value.line.moveTexts()).toEqual(['d1d5d7', 'j9j8']);
    expect(makeTfen(read.value.line.start)).toBe(CHAIN_TFEN);
    expect(makeTfen(read.value.line.last)).toBe(makeTfen(game.value.last));
  });
});
