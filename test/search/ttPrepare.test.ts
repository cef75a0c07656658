// The hash table's memory is readied in slices: entries stored meanwhile are kept. A clear is a new
// epoch, at once; once the epochs are used up, a large table's wipe is finished slice by slice (or
// given up by a new search), a small one's is done at once.

import { describe, expect, it } from 'vitest';
import { BOUND_EXACT, TranspositionTable } from '../../src/search/tt.js';

function prepareAll(tt: TranspositionTable): number {
  let slices = 0;
  while (tt.prepareSlice()) slices++;
  return slices + 1;
}

describe('hash table preparation', () => {
  it('a new table is ready in slices, and entries stored before are kept', () => {
    const tt = new TranspositionTable(16);
    expect(tt.pending).toBe(true);
    tt.newSearch();
    tt.store(12345, 678, 42, 17, 5, BOUND_EXACT);
    expect(prepareAll(tt)).toBeGreaterThan(1);
    expect(tt.pending).toBe(false);
    expect(tt.probe(12345, 678)).toBe(true);
    expect(tt.hitStep).toBe(42);
  });

  it('a table of any size is emptied at once: a new epoch, nothing written', () => {
    for (const megabytes of [16, 128]) {
      const tt = new TranspositionTable(megabytes);
      prepareAll(tt);
      tt.newSearch();
      tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
      tt.clear();
      expect(tt.pending).toBe(false);
      expect(tt.probe(1, 2)).toBe(false);
      tt.newSearch();
      expect(tt.hashfull()).toBe(0);
    }
  });

  it('an entry of an earlier epoch is replaced first, as an empty one', () => {
    const tt = new TranspositionTable(1);
    prepareAll(tt);
    tt.newSearch();
    // Two deep entries fill the bucket of key low 0; after the clear a third, shallow one replaces the first.
    tt.store(0, 1, 11, 0, 9, BOUND_EXACT);
    tt.store(0, 2, 12, 0, 9, BOUND_EXACT);
    tt.clear();
    tt.newSearch();
    tt.store(0, 3, 13, 0, 1, BOUND_EXACT);
    tt.store(0, 4, 14, 0, 1, BOUND_EXACT);
    expect(tt.probe(0, 3) && tt.hitStep).toBe(13);
    expect(tt.probe(0, 4) && tt.hitStep).toBe(14);
    expect(tt.probe(0, 1)).toBe(false);
    expect(tt.probe(0, 2)).toBe(false);
  });

  it('a table whose memory is not all mapped yet is emptied too', () => {
    const tt = new TranspositionTable(16);
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    expect(tt.probe(1, 2)).toBe(false);
    prepareAll(tt);
    expect(tt.probe(1, 2)).toBe(false);
  });

  it('the epochs used up, a large table is wiped slice by slice; a search started first gives the wipe up', () => {
    const tt = new TranspositionTable(128);
    prepareAll(tt);
    for (let epoch = 1; epoch < 255; epoch++) {
      tt.newSearch();
      tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
      tt.clear();
      expect(tt.pending).toBe(false);
    }
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    expect(tt.pending).toBe(true);
    prepareAll(tt);
    expect(tt.probe(1, 2)).toBe(false);
    for (let epoch = 1; epoch < 255; epoch++) {
      tt.newSearch();
      tt.clear();
    }
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    expect(tt.pending).toBe(true);
    tt.newSearch();
    expect(tt.pending).toBe(false);
    tt.store(7, 8, 9, 4, 5, BOUND_EXACT);
    expect(tt.probe(7, 8)).toBe(true);
  });
});
