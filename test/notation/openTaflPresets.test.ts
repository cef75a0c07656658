// The rules strings OpenTafl ships (its built-in variants, unbuilt/external-rules.conf and the rules
// tags of its saved games) load as rule-set data, with perft counts pinned. Depths 1 and 2 agree with
// OpenTafl's own move generator (counted with its code), and so do the depth-3 counts of Foteviken,
// Magpie and the puzzles; the other deeper counts are this engine's.
import { describe, expect, it } from 'vitest';
import { Perft, Position } from '../../src/engine/index.js';
import { parseRulesString, playMoves } from '../../src/notation/index.js';

const PRESETS: [string, string, number[]][] = [
  [
    'Sea Battle',
    'dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
    [80, 4400, 353200],
  ],
  [
    'Fetlar',
    'dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    [116, 6788, 806344],
  ],
  [
    'Copenhagen',
    'dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    [116, 6788, 806344],
  ],
  [
    'Berserk',
    'dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/',
    [60, 6910, 441014],
  ],
  ['Brandub', 'dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', [40, 960, 39512]],
  [
    'Tablut',
    'dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
    [80, 4400, 353200],
  ],
  [
    'Tawlbwrdd',
    'dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/',
    [136, 7620, 1042016],
  ],
  [
    'Computer Fetlar',
    'dim:11 name:Computer_Fetlar tfr:w start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    [116, 6788, 806344],
  ],
  [
    'Tablut 15x15',
    'dim:15 name:Tablut esc:e atkf:y ks:c nj:n cor: cens: cenh: start:/5ttttt5/6ttt6/7t7/7t7/7T7/t5TTT5t/tt3T1T1T3tt/ttttTTTKTTTtttt/tt3T1T1T3tt/t5TTT5t/7T7/7t7/7t7/6ttt6/5ttttt5/',
    [264, 35584, 9420728],
  ],
  [
    'Sea Battle (Parlett)',
    'dim:13 name:Sea_Battle_(Parlett) esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/5t1t5/4ttttt4/',
    [184, 23436, 4370608],
  ],
  [
    'Fetlar, defenders first',
    'dim:11 name:Fetlar_Defenders_First atkf:n ks:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    [60, 6900, 440056],
  ],
  [
    'Fetlar escape puzzle',
    'dim:11 name:Fetlar_Defenders_First atkf:n nj:n cj:n start:/4tt2t2/3tTTT2t1/1t2T3T1t/t2T4T2/t9t/t4K1T1tt/t3TTT3t/t4T1t2t/3t7/5t5/4ttt4/',
    [88, 11859, 1045961],
  ],
  [
    'Ard Ri capture puzzle',
    'dim:7 name:Ard_Ri esc:e surf:n atkf:y ks:w cor: cen: start:/1t5/2t4/2T4/tTKt3/2tT3/t6/Tt1t3/',
    [44, 691, 30732],
  ],
  [
    'Brandub, strong centre king',
    'dim:7 name:Brandub_Strong_Center_King surf:n atkf:y ks:c nj:n cj:n cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
    [40, 960, 39512],
  ],
  [
    'H.H. Ard Ri',
    'dim:7 name:H.H._Ard_Ri esc:e atkf:y ks:w cor: cen: cens:tcnkTCNK cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
    [48, 1152, 56344],
  ],
  [
    'Tablut (Sea Battle replay)',
    'dim:9 name:Tablut esc:e atkf:y ka:y ks:c nj:n cj:n cor: cens: cenh: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
    [80, 4400, 353200],
  ],
  [
    'Copenhagen, relaxed shield wall',
    'dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    [116, 6788, 806344],
  ],
  [
    'Foteviken Tablut',
    'dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
    [80, 4344, 337856],
  ],
  [
    'Magpie',
    'dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
    [40, 960, 39512],
  ],
  [
    'Alea Evangelii',
    'dim:19 name:Alea_Evangelii esc:c atkf:y cor:a1,a2,b1,b2,a18,b18,a19,b19,r1,r2,s1,s2,r18,r19,s18,s19, cens: cenp:tcnkTCNK cenh: cenhe:tcnkTCNK tfr:w start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/',
    [580, 107492],
  ],
  ['Corner endgame puzzle', 'dim:5 name:Copenhagen atkf:n tfr:w cor:a1, cen: sw:s efe:y start:/1tTTt/tKt2/t2T1/5/1T3/', [15, 182, 2902]],
  [
    'Copenhagen escape puzzle',
    'dim:7 name:CopenhagenPuzzle atkf:y tfr:w cor:g7, cen:b2, sw:s efe:y starti:/tt2T2/1t2K2/2tt3/6t/3TTt1/4Tt1/4Tt1/',
    [47, 1121, 51510],
  ],
];

function load(text: string): Position {
  const rules = parseRulesString(text);
  if (!rules.ok) throw new Error(rules.error.message);
  return Position.start(rules.value);
}

describe("OpenTafl's own rules strings", () => {
  for (const [name, text, counts] of PRESETS) {
    it(`${name}: loads, perft ${counts.join(', ')}`, () => {
      const pos = load(text);
      counts.forEach((count, i) => expect(new Perft(pos).count(i + 1), `depth ${i + 1}`).toBe(count));
    });
  }

  it('Magpie with its king out (one square a step): perft 25, 898, 23243 as OpenTafl counts', () => {
    const pos = load(PRESETS.find(([name]) => name === 'Magpie')![1]);
    const played = playMoves(pos, ['d6-f6', 'd5-b5', 'f6-f5']);
    if (!played.ok) throw new Error(played.error.message);
    expect([1, 2, 3].map((depth) => new Perft(pos).count(depth))).toEqual([25, 898, 23243]);
  });

  it('Foteviken Tablut after pieces leave the forts: perft 76, 4271 as OpenTafl counts, 322470', () => {
    const pos = load(PRESETS.find(([name]) => name === 'Foteviken Tablut')![1]);
    const played = playMoves(pos, ['a4-a2', 'e3-b3', 'e2-e3', 'd5-d2']);
    if (!played.ok) throw new Error(played.error.message);
    expect([1, 2, 3].map((depth) => new Perft(pos).count(depth))).toEqual([76, 4271, 322470]);
  });

  it("Berserk after 30 steps with runs (OpenTafl's forced ones): perft 80, 10586 as OpenTafl counts, 857681", () => {
    const pos = load(PRESETS[3][1]);
    const steps = [
      'e7-c7',
      'd1-c1',
      'e6-e9',
      'e1-e3',
      'c7-c4',
      'b6-b11',
      'c4-c11',
      'h1-h4',
      'e9-a9',
      'f10-a10',
      'h6-h5',
      'j6-h6',
      'c11-c4',
      'f2-k2',
      'g7-g9',
      'h4-g4',
      'g9-a9',
      'h11-h10',
      'f4-f3',
      'k2-c2',
      'c4-c7',
      'h10-a10',
      'f3-g3',
      'k6-i6',
      'g3-g4',
      'c1-e1',
      'd6-d2',
      'h6-h1',
      'f6-d6',
      'h1-h10',
    ];
    const played = playMoves(pos, steps);
    if (!played.ok) throw new Error(played.error.message);
    expect([1, 2, 3].map((depth) => new Perft(pos).count(depth))).toEqual([80, 10586, 857681]);
  });
});
