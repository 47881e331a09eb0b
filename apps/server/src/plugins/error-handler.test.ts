import { describe, expect, it } from 'vitest';
import { classifyDatabaseError } from './error-handler.ts';

/** A driver error wrapped the way Drizzle wraps it (DrizzleQueryError: query, params, cause). */
function wrapped(cause: Error): Error {
  return Object.assign(new Error('Failed query: select 1\nparams: secret'), { query: 'select 1', cause });
}
const pgError = (code: string, message = 'db says no') => Object.assign(new Error(message), { code });

describe('classifyDatabaseError', () => {
  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
    ['statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['cannot connect now', pgError('57P03')],
    ['too many connections', pgError('53300')],
    ['connection failure', pgError('08006')],
    [
      'not accepting connections (a switch-over)',
      pgError('55000', 'the database system is not currently accepting connections'),
    ],
  ])('%s is unavailable (503)', (_, cause) => {
    expect(classifyDatabaseError(wrapped(cause))).toBe('unavailable');
    expect(classifyDatabaseError(cause)).toBe('unavailable');
  });

  it.each([
    ['a deadlock past its retries', pgError('40P01', 'deadlock detected')],
    ['a serialization failure past its retries', pgError('40001')],
  ])('%s is contention (503, the database is fine)', (_, cause) => {
    expect(classifyDatabaseError(wrapped(cause))).toBe('contention');
  });

  it.each([
    ['a NUL byte', pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
    ['out of range', pgError('22003')],
    ['bad text for a type', pgError('22P02')],
  ])('%s is the input (400)', (_, cause) => {
    expect(classifyDatabaseError(wrapped(cause))).toBe('input');
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['another object state error', pgError('55000', 'cannot refresh materialized view concurrently')],
  ])('%s is neither (a bug: 500, or handled by its service)', (_, cause) => {
    expect(classifyDatabaseError(wrapped(cause))).toBeUndefined();
  });
});
