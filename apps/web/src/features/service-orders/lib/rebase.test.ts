import { describe, expect, it } from 'vitest';
import { rebase } from './rebase.ts';

describe('rebase: the reader\u2019s unsaved edits on top of a newer copy', () => {
  const base = {
    title: 'A',
    customerName: 'Kari',
    parts: [1],
    checkpoints: { heater: 'ok', fan: null as string | null },
  };

  it('keeps what the reader changed and takes the rest from the newer copy', () => {
    const mine = { ...base, customerName: 'Kari N.' };
    const theirs = { ...base, title: 'B' };
    expect(rebase(base, mine, theirs)).toEqual({
      values: { ...base, title: 'B', customerName: 'Kari N.' },
      overlapping: [],
    });
  });

  it('merges nested answers one by one, and reports fields both changed', () => {
    const mine = { ...base, title: 'Mine', checkpoints: { heater: 'ok', fan: 'needs_attention' } };
    const theirs = { ...base, title: 'Theirs', checkpoints: { heater: 'other', fan: null } };
    expect(rebase(base, mine, theirs)).toEqual({
      values: { ...base, title: 'Mine', checkpoints: { heater: 'other', fan: 'needs_attention' } },
      overlapping: ['title'],
    });
  });

  it('treats a list as one value', () => {
    const mine = { ...base, parts: [1, 2] };
    const theirs = { ...base, parts: [3] };
    expect(rebase(base, mine, theirs).values.parts).toEqual([1, 2]);
    expect(rebase(base, base, theirs).values.parts).toEqual([3]);
  });
});
