// Unit tests of the OpenTafl adapter's pieces: position records, the clock message, fitting the host's
// moves to our game, and naming every refused rules entry.

import { describe, expect, it } from 'vitest';
import { ATTACKERS, DEFENDERS, playTurn, Position, VARIANTS } from '../../src/engine/index.js';
import { makeTfen, parseTurn } from '../../src/notation/index.js';
import { clockLimits, parseClock } from '../../src/protocol/opentafl/clock.js';
import { makePositionRecord, makeSimpleStep, parsePositionRecord, sameBoard, withSideToMove } from '../../src/notation/openTaflMoves.js';
import { fitMoves, rulesProblems } from '../../src/protocol/opentafl/hostMoves.js';

function play(pos: Position, ...moves: string[]): Position {
  for (const move of moves) {
    const turn = parseTurn(pos, move);
    if (!turn.ok) throw new Error(turn.error.message);
    playTurn(pos, turn.value);
  }
  return pos;
}

describe('position records', () => {
  it('list rank 1 first, as the OpenTafl notation spec examples', () => {
    // The spec's Copenhagen and Brandub examples are symmetric; a moved piece shows the rank order.
    expect(makePositionRecord(Position.start(VARIANTS.copenhagen))).toBe(
      '/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    );
    const moved = play(Position.start(VARIANTS.brandubh), 'd1c1');
    expect(makePositionRecord(moved)).toBe('/2t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
  });

  it('read back into the same board with the side given', () => {
    const pos = play(Position.start(VARIANTS.berserk), 'd1d4', 'g7g9');
    const record = makePositionRecord(pos);
    for (const side of [ATTACKERS, DEFENDERS] as const) {
      const read = parsePositionRecord(VARIANTS.berserk, record, side);
      if (!read.ok) throw new Error(read.error.message);
      expect(sameBoard(read.value, pos)).toBe(true);
      expect(read.value.side).toBe(side);
      expect(makePositionRecord(read.value)).toBe(record);
    }
  });

  it('name what is wrong: slashes, rank count, a rank by its number, a piece letter', () => {
    const rules = VARIANTS.brandubh;
    const check = (record: string, message: RegExp) => {
      const read = parsePositionRecord(rules, record, ATTACKERS);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error.message).toMatch(message);
    };
    check('3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3', /must start and end with '\/'/);
    check('/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', /has 6 ranks, the 7x7 board needs 7/);
    check('/3t3/3t3/3T3/ttTKTtt/3T3/3t4/3t3/', /^position record: rank 6 \('3t4'\) is 8 squares long/);
    check('/3t3/3t3/3T3/ttTKTtm/3T3/3t3/3t3/', /rank 4 .*unknown piece letter 'm'/);
  });

  it('withSideToMove keeps the board and sets the side to move', () => {
    const pos = Position.start(VARIANTS.brandubh);
    const turned = withSideToMove(pos, DEFENDERS);
    if (!turned.ok) throw new Error(turned.error.message);
    expect(turned.value.side).toBe(DEFENDERS);
    expect(sameBoard(turned.value, pos)).toBe(true);
    expect(makeTfen(turned.value).endsWith(' d -')).toBe(true);
  });

  it('simple steps are from-to with a dash', () => {
    const pos = Position.start(VARIANTS.berserk);
    const turn = parseTurn(pos, 'a4a2');
    if (!turn.ok) throw new Error(turn.error.message);
    expect(makeSimpleStep(pos.geo, turn.value[0])).toBe('a4-a2');
  });
});

describe('the clock message', () => {
  it('reads main times, overtime stars and periods', () => {
    const clock = parseClock(['90000', '4500*', '10', '3', '1']);
    expect(clock).toEqual({
      ok: true,
      value: {
        sides: [
          { ms: 90000, overtime: false, periods: 3 },
          { ms: 4500, overtime: true, periods: 1 },
        ],
        periodMs: 10000,
      },
    });
  });

  it('refuses what is not a clock, naming the field', () => {
    const bad = (fields: string[], message: RegExp) => {
      const clock = parseClock(fields);
      expect(clock.ok).toBe(false);
      if (!clock.ok) expect(clock.error.message).toMatch(message);
    };
    bad(['1000'], /at least the attacker and defender times/);
    bad(['1000', 'x'], /defender time must be a whole number.*'x'/);
    bad(['1000', '1000', '5*'], /overtime seconds must be a whole number/);
  });

  it('gives main time as the clock with an overtime period as increment, overtime as a share, untimed as movetime', () => {
    const main = parseClock(['60000', '30000', '5', '2', '0']);
    if (!main.ok) throw new Error(main.error.message);
    expect(clockLimits(main.value, ATTACKERS, 3000)).toEqual({ btime: 60000, binc: 5000, wtime: 30000, winc: 0 });
    const overtime = parseClock(['4000*', '30000', '5', '2', '0']);
    if (!overtime.ok) throw new Error(overtime.error.message);
    const limits = clockLimits(overtime.value, ATTACKERS, 3000);
    expect(limits.movetime).toBeGreaterThan(0);
    expect(limits.movetime).toBeLessThan(4000);
    const untimed = parseClock(['-1', '-1', '0', '0', '0']);
    if (!untimed.ok) throw new Error(untimed.error.message);
    expect(clockLimits(untimed.value, DEFENDERS, 3000)).toEqual({ movetime: 3000 });
    expect(clockLimits(undefined, DEFENDERS, 1234)).toEqual({ movetime: 1234 });
  });
});

describe('fitting the host moves to our game', () => {
  const rules = VARIANTS.berserk;

  it('plays them on the current position, keeping the history', () => {
    const pos = play(Position.start(rules), 'd1d4');
    const record = parsePositionRecord(rules, makePositionRecord(play(pos.clone(), 'g7g9')), ATTACKERS);
    if (!record.ok) throw new Error(record.error.message);
    const fitted = fitMoves(pos, ['g7-g9'], record.value);
    if (!fitted.ok) throw new Error(fitted.error.message);
    expect(fitted.value.ply).toBe(2);
    expect(sameBoard(fitted.value, record.value)).toBe(true);
    expect(pos.ply).toBe(1);
  });

  it('replays a repeated last move from the turn before (after a refused move)', () => {
    const pos = play(Position.start(rules), 'd1d4', 'g7g9');
    const record = parsePositionRecord(rules, makePositionRecord(pos), ATTACKERS);
    if (!record.ok) throw new Error(record.error.message);
    const fitted = fitMoves(pos, ['g7-g9'], record.value);
    if (!fitted.ok) throw new Error(fitted.error.message);
    expect(fitted.value.ply).toBe(2);
    expect(fitted.value.hashLo).toBe(pos.hashLo);
  });

  it('takes a chain given step by step, and closes an open run of ours first', () => {
    // Attacker a5 takes c6 on c5 (against c7), then c5-c3 takes d3 (against e3).
    const chain = {
      ...rules,
      start: '11/11/11/11/2t8/2T2K5/t10/11/3Tt6/11/11'.split('/').map((r) => r.replace(/\d+/g, (n) => '.'.repeat(Number(n)))),
    };
    const start = Position.start(chain);
    const after = play(start.clone(), 'a5c5c3');
    const record = parsePositionRecord(chain, makePositionRecord(after), DEFENDERS);
    if (!record.ok) throw new Error(record.error.message);
    const fitted = fitMoves(start, ['a5-c5', 'c5-c3xd3'], record.value);
    if (!fitted.ok) throw new Error(fitted.error.message);
    expect(fitted.value.side).toBe(DEFENDERS);
    // Our own run left open after a5-c5: the defenders' move closes it.
    const open = start.clone();
    const first = parseTurn(open, 'a5c5');
    if (!first.ok) throw new Error(first.error.message);
    open.makeStep(first.value[0]);
    expect(open.side).toBe(ATTACKERS);
    const reply = play(open.clone(), '0000', 'f6f1');
    const replyRecord = parsePositionRecord(chain, makePositionRecord(reply), ATTACKERS);
    if (!replyRecord.ok) throw new Error(replyRecord.error.message);
    const fittedReply = fitMoves(open, ['f6-f1'], replyRecord.value);
    expect(fittedReply.ok).toBe(true);
  });

  it("fails with the first attempt's reason when nothing leads to the record", () => {
    const pos = Position.start(rules);
    const record = parsePositionRecord(rules, makePositionRecord(play(pos.clone(), 'd1d4')), DEFENDERS);
    if (!record.ok) throw new Error(record.error.message);
    const wrong = fitMoves(pos, ['d1-d3'], record.value);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error.message).toMatch(/differs from the position record/);
    const illegal = fitMoves(pos, ['d1-d9'], record.value);
    expect(illegal.ok).toBe(false);
    if (!illegal.ok) expect(illegal.error.message).toMatch(/d1-d9/);
  });
});

describe('rules the engine refuses', () => {
  it('are all named, not just the first', () => {
    const problems = rulesProblems('dim:7 name:Brandub surf:n atkf:y ks:x mj:r foo:1 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
    expect(problems).toHaveLength(3);
    expect(problems.join(' ')).toMatch(/'foo'.*'ks:x'.*'mj:r'/);
  });

  it('stop at a problem with the board itself', () => {
    const problems = rulesProblems('dim:7 linc:y start:/3t3/3t3/');
    expect(problems.length).toBeGreaterThanOrEqual(1);
    expect(problems[problems.length - 1]).toMatch(/start/);
  });
});
