// The hash table's memory is readied in slices: entries stored meanwhile are kept, a large table's
// clear is finished slice by slice (or given up by a new search), a small one's is done at once.

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

  it('a small table is cleared at once', () => {
    const tt = new TranspositionTable(16);
    prepareAll(tt);
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    expect(tt.pending).toBe(false);
    expect(tt.probe(1, 2)).toBe(false);
  });

  it('a small table whose memory is not all mapped yet is cleared slice by slice', () => {
    const tt = new TranspositionTable(16);
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    expect(tt.pending).toBe(true);
    prepareAll(tt);
    expect(tt.probe(1, 2)).toBe(false);
  });

  it('a large table is cleared slice by slice; a search started first gives the clear up', () => {
    const tt = new TranspositionTable(128);
    prepareAll(tt);
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    expect(tt.pending).toBe(true);
    prepareAll(tt);
    expect(tt.probe(1, 2)).toBe(false);
    tt.newSearch();
    tt.store(1, 2, 3, 4, 5, BOUND_EXACT);
    tt.clear();
    tt.newSearch();
    expect(tt.pending).toBe(false);
    tt.store(7, 8, 9, 4, 5, BOUND_EXACT);
    expect(tt.probe(7, 8)).toBe(true);
  });
});
