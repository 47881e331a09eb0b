import { pgCode } from '../../db/sql-helpers.ts';

export type WriteMiss = 'serial_taken' | 'overlap';

/** 23505: the unit's serial number is taken; 23P01: rentals_no_overlap refused the dates. */
export function asWriteMiss(err: unknown): WriteMiss {
  const code = pgCode(err);
  if (code === '23505') return 'serial_taken';
  if (code === '23P01') return 'overlap';
  throw err;
}
