// OpenTafl rules strings: every shipped variant round-trips; OpenTafl's own examples load; every
// key or value the engine cannot play is refused by name.
import { describe, expect, it } from 'vitest';
import { Perft, Position, VARIANTS, VARIANT_IDS } from '../../src/engine/index.js';
import { makeRulesString, parseRulesString } from '../../src/notation/index.js';

const COPENHAGEN_START = 'start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/';
const BRANDUBH_START = 'start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

function refused(text: string): string {
  const result = parseRulesString(text);
  if (result.ok) throw new Error(`expected '${text}' to be refused`);
  return result.error.message;
}

describe('OpenTafl rules strings', () => {
  it('round-trips every shipped variant exactly', () => {
    for (const id of VARIANT_IDS) {
      const text = makeRulesString(VARIANTS[id]);
      const parsed = parseRulesString(text);
      expect(parsed.ok, `${id}: ${text}`).toBe(true);
      if (parsed.ok)
        expect({ ...parsed.value, start: [...parsed.value.start] }).toEqual({ ...VARIANTS[id], start: [...VARIANTS[id].start] });
    }
  });

  it('a round-tripped variant plays the same game tree', () => {
    for (const id of ['berserk-copenhagen', 'tablut']) {
      const parsed = parseRulesString(makeRulesString(VARIANTS[id]));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(new Perft(Position.start(parsed.value)).count(2)).toBe(new Perft(Position.start(VARIANTS[id])).count(2));
    }
  });

  it('writes OpenTafl keys with the start position rank 1 first', () => {
    const text = makeRulesString(VARIANTS.berserk);
    expect(text).toMatch(/^dim:11 name:berserk /);
    expect(text).toContain('kj:r nj:c cj:j ber:c');
    // Rank 5 of the berserk start holds the knight on e7 ... counted from rank 1: the 7th record row.
    expect(text.split('start:/')[1].split('/')[6]).toBe('t3NTT3t');
  });

  it("loads the examples of OpenTafl's notation spec that this engine can play", () => {
    const fetlar = parseRulesString(`dim:11 atkf:n ${COPENHAGEN_START}`);
    expect(fetlar.ok && fetlar.value.firstSide).toBe(1);
    const copenhagen = parseRulesString(`dim:11 atkf:n sw:s efe:y ${COPENHAGEN_START}`);
    expect(copenhagen.ok && [copenhagen.value.shieldWall, copenhagen.value.exitFort, copenhagen.value.encirclement]).toEqual([
      true,
      true,
      true,
    ]);
    const berserk = parseRulesString(
      'dim:11 surf:n atkf:n kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/',
    );
    expect(
      berserk.ok && [berserk.value.jumps, berserk.value.berserk, berserk.value.commandersCaptureKing, berserk.value.encirclement],
    ).toEqual([true, true, true, false]);
    const seaBattle = parseRulesString('dim:9 esc:e ka:n cen: cenhe: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/');
    expect(
      seaBattle.ok && [seaBattle.value.hasThrone, seaBattle.value.hasCorners, seaBattle.value.kingArmed, seaBattle.value.escape],
    ).toEqual([false, false, false, 'edge']);
  });

  it('maps the values of each key', () => {
    const rules = (extra: string) => {
      const parsed = parseRulesString(`dim:7 ${extra} ${BRANDUBH_START}`);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    };
    expect(rules('ks:w').king).toBe('weak');
    expect(rules('ks:n').king).toBe('weak');
    expect(rules('ks:c').king).toBe('mixed');
    expect(rules('ks:y').king).toBe('strong');
    expect(rules('tfr:i').repetition).toBe('ignore');
    expect(rules('tfr:w').repetition).toBe('repeater-loses');
    expect(rules('tfr:a').repetition).toBe('defenders-lose');
    expect(rules('tfr:f').repetition).toBe('forbidden');
    expect(rules('').repetition).toBe('draw');
    expect(rules('corh:tcnTCN').cornersHostileToKing).toBe(false);
    expect(rules('cenp:K').throneKingOnly).toBe(true);
    expect(rules('cen:d4,').hasThrone).toBe(true);
    expect(rules('cor:a1,a7,g1,g7').hasCorners).toBe(true);
    expect(rules('name:My_Rules').name).toBe('My_Rules');
    expect(rules('').name).toBe('custom');
    expect(rules('jo:y kj:r').jumpOverOwn).toBe(true);
    expect(rules('cck:y').commandersCaptureKing).toBe(true);
  });

  it('reads starti top rank first and start rank 1 first', () => {
    const record = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/1t5/';
    const start = parseRulesString(`dim:7 start:${record}`);
    const starti = parseRulesString(`dim:7 starti:${record}`);
    expect(start.ok && start.value.start[0]).toBe('.t.....');
    expect(starti.ok && starti.value.start[6]).toBe('.t.....');
  });

  it("loads OpenTafl's Brandub, whose throne is hostile to nobody, and writes it back", () => {
    const rules = (text: string) => {
      const parsed = parseRulesString(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    };
    const text = 'dim:7 name:Brandub surf:n atkf:y ks:w nj:n cj:n cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const loaded = rules(text);
    expect([
      loaded.throneHostileToAttackers,
      loaded.emptyThroneHostileToAttackers,
      loaded.emptyThroneHostileToDefenders,
      loaded.emptyThroneHostileToKing,
    ]).toEqual([false, false, false, false]);
    expect(rules(makeRulesString(loaded))).toEqual(loaded);
    // OpenTafl asks a square's hostility to the king's side: K alone does not make the throne his anvil.
    const partly = rules('dim:7 cenhe:tcnK start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
    expect([
      partly.throneHostileToAttackers,
      partly.emptyThroneHostileToAttackers,
      partly.emptyThroneHostileToDefenders,
      partly.emptyThroneHostileToKing,
    ]).toEqual([true, true, false, false]);
    expect(rules(makeRulesString(partly))).toEqual(partly);
  });

  it("loads OpenTafl's Tablut, whose king never returns to the throne", () => {
    const parsed = parseRulesString(
      'dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cens: cenh: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect([parsed.value.kingStopsOnThrone, parsed.value.throneHostileToAttackers, parsed.value.escape]).toEqual([false, false, 'edge']);
    expect(parseRulesString(makeRulesString(parsed.value))).toEqual(parsed);
  });

  it('refuses unknown keys by name', () => {
    expect(refused(`dim:7 foo:1 ${BRANDUBH_START}`)).toBe("unknown rules key 'foo' (in 'foo:1')");
  });

  it('refuses values the engine cannot play, naming the entry', () => {
    for (const entry of [
      'ks:x',
      'sw:w',
      'ka:a',
      'ber:m',
      'kj:j',
      'mj:c',
      'spd:1,2,3',
      'spd:x',
      'cen:d5,d4',
      'cen:h1,',
      'cor:a0,',
      'efe:x',
      'esc:x',
      'swf:x',
      'afor:d4,',
      'afor:a1,',
      'dfor:a2,',
      'cenh:t',
      'cenh:T',
      'cenhe:tT',
      'cenhe:tcnT',
      'cens:tK',
      'cors:tK',
      'corh:t',
      'cenp:t',
      'atkf:q',
      'jo:2',
      'cne:2',
      'tl:0',
      'tl:x',
    ]) {
      expect(refused(`dim:7 ${entry} ${BRANDUBH_START}`)).toContain(`'${entry}' is not supported`);
    }
    expect(refused(`dim:7 cenre:t corre:tcnTCNK ${BRANDUBH_START}`)).toContain("'cenre:t' is not supported");
    // OpenTafl reads corre only when cenre is given, and then its absence means nobody enters a corner.
    expect(refused(`dim:7 cenre: ${BRANDUBH_START}`)).toMatch(/'cenre' without 'corre'/);
  });

  it('refuses jump settings other than RULES.md section 2 or none', () => {
    expect(refused('dim:11 kj:r nj:j start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/')).toContain("'nj:j'");
    expect(refused('dim:11 kj:n start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/')).toContain(
      "'nj:c' (OpenTafl's default) is not supported",
    );
  });

  it('names structural problems: dim, start, duplicate and malformed entries', () => {
    expect(refused(BRANDUBH_START)).toMatch(/no 'dim'/);
    expect(refused('dim:7')).toMatch(/no 'start'/);
    expect(refused(`dim:25 ${BRANDUBH_START}`)).toMatch(/'dim:25'.*5\.\.19/);
    expect(refused(`dim:7 dim:7 ${BRANDUBH_START}`)).toMatch(/'dim' is given twice/);
    expect(refused(`dim:7 hello ${BRANDUBH_START}`)).toMatch(/'hello' is not key:value/);
    expect(refused(`dim:7 ${BRANDUBH_START} starti:/7/7/7/7/7/7/7/`)).toMatch(/both 'start' and 'starti'/);
  });

  it('names a bad start position', () => {
    expect(refused('dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/')).toMatch(/6 ranks, dim:7 needs 7/);
    expect(refused('dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t2/')).toMatch(/rank 7 \('3t2'\) is 6 squares long/);
    expect(refused('dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3m3/')).toMatch(/rank 7 .*letter 'm'/);
    expect(refused('dim:7 start:/3t3/3t3/3T3/ttTTTtt/3T3/3t3/3t3/')).toMatch(/no king/);
    expect(refused('dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3tK2/')).toMatch(/second king/);
    expect(refused('dim:7 start:/t2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/')).toMatch(/only the king may stand on a1/);
  });
});
