// End-to-end: bad input of every kind gets a clear error line and leaves the engine's state as it was.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineConversation } from '../support/engineConversation.js';

const HELP_HINT = "info string type 'help' for the commands";
const AFTER_D1D2 = 'Tfen: 3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/3t1c5/4tttt3 d -';

describe('bad input', () => {
  let engine: EngineConversation;
  beforeAll(async () => {
    engine = new EngineConversation();
    await engine.ask('position startpos moves d1d2');
  });
  afterAll(async () => {
    expect(await engine.quit()).toBe(0);
  });

  async function expectUnchanged(): Promise<void> {
    expect(await engine.ask('d')).toContain(AFTER_D1D2);
  }

  it('an illegal move in the middle of the list names it and its index; the previous position stays', async () => {
    const lines = await engine.ask('position startpos moves h1h2 f4g4 a1a2 d4d5');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^info string error: position: move 3 'a1a2'.*; the previous position stays$/);
    await expectUnchanged();
  });

  it('bad move syntax, off-board squares and a wrong side are errors too', async () => {
    for (const [moves, index, text] of [
      ['h1h2 zz', 2, 'zz'],
      ['a4a3 f4z99', 2, 'f4z99'],
      ['f4g4', 1, 'f4g4'],
      ['0000', 1, '0000'],
    ] as const) {
      const lines = await engine.ask(`position startpos moves ${moves}`);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`move ${index} '${text}'`);
    }
    await expectUnchanged();
  });

  it('bad positions are refused', async () => {
    const cases = [
      'position',
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'position tfen',
      'position tfen 3ttttt3/5c5/11 a -',
      'position tfen 3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3 x -',
      'position tfen 3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttz3 a -',
      'position tfen 3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3 a z9',
    ];
    for (const command of cases) {
      const lines = await engine.ask(command);
      expect(lines, command).toHaveLength(1);
      expect(lines[0], command).toMatch(/^info string error: position/);
    }
    await expectUnchanged();
  });

  it('options: out of range, wrong type, unknown, missing name or value; the old value stays', async () => {
    const cases: [string, string][] = [
      ['setoption name Hash value 0', "info string error: option 'Hash' value 0 is out of range 1..2048"],
      ['setoption name Hash value 1e3', "info string error: option 'Hash' needs a whole number from 1 to 2048, got '1e3'"],
      ['setoption name MultiPV value many', "info string error: option 'MultiPV' needs a whole number from 1 to 64, got 'many'"],
      ['setoption name Skill Level value 21', "info string error: option 'Skill Level' value 21 is out of range 0..20"],
      [
        'setoption name Move Overhead',
        "info string error: option 'Move Overhead' needs a value ('setoption name Move Overhead value ...')",
      ],
      [
        'setoption name UCI_Variant value chess',
        "info string error: option 'UCI_Variant' has no choice 'chess' (choices: berserk, berserk-copenhagen, copenhagen, hnefatafl-org, fetlar, tablut, brandubh, ard-ri, tawlbwrdd, alea-evangelii)",
      ],
      [
        'setoption name Contempt value 10',
        "info string error: unknown option 'Contempt' (options: UCI_Variant, UCI_Rules, Hash, Threads, MultiPV, Move Overhead, Skill Level, Ponder, EvalFile)",
      ],
      ['setoption value 10', "info string error: setoption needs 'name <option>' (and 'value <value>')"],
    ];
    for (const [command, error] of cases) expect(await engine.ask(command)).toEqual([error]);
    const rules = await engine.ask('setoption name UCI_Rules value dim:11 esc:q start:/11/11/11/11/11/5K5/11/11/11/11/11/');
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatch(/^info string error: UCI_Rules: .*esc/);
    // The variant and the position are untouched, and a refused value leaves the old one in force.
    await expectUnchanged();
    await engine.ask('setoption name MultiPV value 2', 'setoption name MultiPV value 99', 'setoption name MultiPV value two');
    const from = engine.lines.length;
    engine.send('go depth 2');
    const best = await engine.waitFor(/^bestmove /, from);
    const depth2 = engine.lines.slice(from, best).filter((l) => l.startsWith('info depth 2 ') && !/bound /.test(l));
    expect(depth2.map((l) => / multipv (\d) /.exec(l)?.[1])).toEqual(['1', '2']);
    await engine.ask('setoption name MultiPV value 1');
  });

  it('go with a bad limit or an illegal searchmove is reported and still answered (depth 1)', async () => {
    const goCases: [string, RegExp][] = [
      ['go depth x', /^info string error: go: 'depth' needs a whole number, got 'x'; searching depth 1 instead$/],
      ['go depth 0', /^info string error: go: 'depth' must be at least 1, got 0; searching depth 1 instead$/],
      ['go movetime', /^info string error: go: 'movetime' needs a whole number, got nothing; searching depth 1 instead$/],
    ];
    for (const [command, error] of goCases) {
      const from = engine.lines.length;
      engine.send(command);
      const best = await engine.waitFor(/^bestmove /, from);
      const lines = engine.lines.slice(from, best + 1);
      expect(lines[0], command).toMatch(error);
      expect(
        lines.filter((l) => l.startsWith('info depth ')).map((l) => l.split(' ')[2]),
        command,
      ).toEqual(['1']);
      expect(lines[lines.length - 1], command).toMatch(/^bestmove [a-k]\d+[a-k]\d+/);
    }
    const cases: [string, RegExp][] = [
      ['go perft x', /^info string error: perft needs a depth from 1 to 20, got 'x'$/],
      ['perft', /^info string error: perft needs a depth from 1 to 20, got nothing$/],
      ['bench fast', /^info string error: bench depth must be a whole number from 1, got 'fast'$/],
      ['debug maybe', /^info string error: debug needs 'on' or 'off', got 'maybe'$/],
    ];
    for (const [command, error] of cases) {
      const lines = await engine.ask(command);
      expect(lines, command).toHaveLength(1);
      expect(lines[0], command).toMatch(error);
    }
    await expectUnchanged();
  });

  it('searchmoves keeps the legal moves and names those it ignores', async () => {
    const from = engine.lines.length;
    engine.send('go depth 3 searchmoves f4g4 zz9 a1a2 e5e3');
    const best = await engine.waitFor(/^bestmove /, from);
    const lines = engine.lines.slice(from, best + 1);
    expect(lines[0]).toMatch(/^info string searchmoves: ignored 'zz9' \(.*\), 'a1a2' \(.*\); searching f4g4 e5e3$/);
    expect(lines[lines.length - 1]).toMatch(/^bestmove (f4g4|e5e3)( |$)/);
    for (const line of lines.filter((l) => l.startsWith('info depth '))) expect(line).toMatch(/ pv (f4g4|e5e3)( |$)/);
    // None legal: the list is ignored and every move searched (the limits still hold).
    const next = engine.lines.length;
    engine.send('go depth 1 searchmoves a1a2');
    await engine.waitFor(/^bestmove [a-k]\d+[a-k]\d+/, next);
    expect(engine.lines[next]).toMatch(/^info string searchmoves: ignored 'a1a2' \(.*\); no legal move left, searching every move$/);
    await expectUnchanged();
  });

  it('d shows a custom rules name with its control bytes replaced', async () => {
    const rules = 'dim:7 name:bad\u001b[2Jname\u0007 esc:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const lines = await engine.ask(`setoption name UCI_Rules value ${rules}`, 'd');
    const named = lines.find((l) => l.startsWith('Rules: '));
    expect(named).toBe('Rules: bad?[2Jname? (UCI_Rules) (7x7)');
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    await engine.ask('setoption name UCI_Rules value <empty>', 'position startpos moves d1d2');
    await expectUnchanged();
  });

  it('negative clocks count as no time left', async () => {
    const from = engine.lines.length;
    engine.send('go wtime -50 btime -50');
    await engine.waitFor(/^bestmove [a-k]\d+[a-k]\d+( ponder [a-k]\d+[a-k]\d+)?$/, from);
  });

  it('garbage, binary bytes, blank lines and tabs', async () => {
    const binary = Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x1b, 0x5b, 0x32, 0x4a, 0x0a, 0x0d, 0x0a]);
    engine.child.stdin.write(binary);
    const lines = await engine.ask('', '   ', '\t\tmoves\t', 'x'.repeat(200), '\u00e9t\u00e9 uci');
    expect(lines).toEqual([
      'info string unknown command: ?????[2J',
      HELP_HINT,
      expect.stringMatching(/^([a-k]\d+[a-k]\d+ ){20,}/),
      `info string unknown command: ${'x'.repeat(40)}...`,
      HELP_HINT,
      'info string unknown command: ?t?',
      HELP_HINT,
    ]);
    await expectUnchanged();
  });

  it('a 1 MB line is read and answered, and the engine goes on', async () => {
    const junk = await engine.ask('a'.repeat(1 << 20));
    expect(junk).toEqual([`info string unknown command: ${'a'.repeat(40)}...`, HELP_HINT]);
    const longMoves = await engine.ask(`position startpos moves ${'d1d2 '.repeat(200_000)}`);
    expect(longMoves).toHaveLength(1);
    expect(longMoves[0]).toMatch(/^info string error: position: move 2 'd1d2'/);
    const longOption = await engine.ask(`setoption name UCI_Rules value ${'dim:11 '.repeat(150_000)}`);
    expect(longOption).toHaveLength(1);
    expect(longOption[0].length).toBeLessThan(2000);
    await expectUnchanged();
  });
});
