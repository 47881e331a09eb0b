import { describe, expect, it } from 'vitest';
import { pageQuerySchema, pageRange } from './pagination.ts';

describe('pageRange ("Showing X to Y of Z results")', () => {
  it('covers first, middle, last and empty pages', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(2, 20, 45)).toEqual({ from: 21, to: 40 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('pageQuerySchema', () => {
  it('defaults to page 1 of 20 and caps the size at 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pageQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
