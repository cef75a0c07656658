import { describe, expect, it } from 'vitest';
import { getVariant, Position } from '../../src/engine/index.js';
import { parseTfen, parseTurn } from '../../src/notation/index.js';
import { playTurnRecorded } from '../../src/notation/openTaflMoves.js';
import { gameRulesString, makeOtg, parseOtg } from '../../src/notation/otg.js';

const berserk = (() => {
  const rules = getVariant('berserk');
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
})();

describe('OpenTafl game records', () => {
  it('writes a berserk chain as its steps, continuations with =, captures after x', () => {
    const pos = parseTfen(berserk, '11/11/11/11/3Tt6/5K5/3Tt6/11/2t8/11/11 a -');
    if (!pos.ok) throw new Error(pos.error.message);
    const turn = parseTurn(pos.value, 'c3c5c7');
    if (!turn.ok) throw new Error(turn.error.message);
    expect(playTurnRecorded(pos.value, turn.value)).toEqual(['c3-c5xd5', 'c5=c7xd7']);
    expect(pos.value.side).toBe(1);
  });

  it('marks jumps with ^, special pieces with their letter, and an escape with --', () => {
    const pos = parseTfen(berserk, '11/11/11/11/11/5K5/5t5/11/11/11/11 d -');
    if (!pos.ok) throw new Error(pos.error.message);
    // The king jumps off the throne over f5 to f4: the empty throne behind f5 takes it.
    const jump = parseTurn(pos.value, 'f6f4');
    if (!jump.ok) throw new Error(jump.error.message);
    expect(playTurnRecorded(pos.value, jump.value)).toEqual(['Kf6^f4xf5']);
    const corner = parseTfen(berserk, '11/11/11/11/11/11/11/11/11/t10/1K7t1 d -');
    if (!corner.ok) throw new Error(corner.error.message);
    const escape = parseTurn(corner.value, 'b1a1');
    if (!escape.ok) throw new Error(escape.error.message);
    expect(playTurnRecorded(corner.value, escape.value)).toEqual(['Kb1-a1--']);
  });

  it('lays out tags, the rules string and numbered turn pairs', () => {
    const text = makeOtg({
      tags: { attackers: 'a', defenders: 'b [x]', result: '1' },
      rules: 'dim:7 start:/7/7/7/7/7/7/7/',
      turns: [['d7-f7'], ['e4-e1'], ['c3-c5xd5', 'c5=c7xd7']],
    });
    expect(text).toBe(
      '[attackers:a]\n[defenders:b  x ]\n[result:1]\n[rules:dim:7 start:/7/7/7/7/7/7/7/]\n\n1. d7-f7 e4-e1\n2. c3-c5xd5 c5=c7xd7\n',
    );
  });

  it('gives a tfen start its own start position and first side in the rules string', () => {
    const start = parseTfen(berserk, '11/11/11/11/3Tt6/5K5/3Tt6/11/2t8/11/11 d -');
    if (!start.ok) throw new Error(start.error.message);
    const text = gameRulesString(berserk, start.value);
    expect(text).toContain('atkf:n');
    expect(text).not.toBe(gameRulesString(berserk, undefined));
    expect(gameRulesString(berserk, Position.start(berserk))).toBe(gameRulesString(berserk, undefined));
  });
});

describe('parseOtg', () => {
  it('reads back the tags, rules and turns makeOtg writes, a berserk chain as one turn', () => {
    const text = makeOtg({
      tags: { attackers: 'Ann', result: '1' },
      rules: gameRulesString(berserk, undefined),
      turns: [['c3-c5xd5', 'c5=c7xd7'], ['Kf6^f4xf5']],
    });
    const read = parseOtg(`${text}{a comment} `);
    expect(read).toEqual({
      ok: true,
      value: {
        tags: { attackers: 'Ann', result: '1' },
        rules: gameRulesString(berserk, undefined),
        turns: [['c3-c5xd5', 'c5=c7xd7'], ['Kf6^f4xf5']],
      },
    });
  });

  it('names what is wrong', () => {
    expect(parseOtg('1. d1-d4')).toMatchObject({ ok: false, error: { message: 'the record has no [rules:...] tag' } });
    expect(parseOtg('[rules:dim:7]\n1. zz')).toMatchObject({ ok: false, error: { message: "'zz' is not an OpenTafl move record" } });
  });
});
