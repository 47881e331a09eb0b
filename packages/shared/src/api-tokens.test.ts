import { describe, expect, it } from 'vitest';
import { AUTHENTICATED, GLOBAL_ADMIN, PUBLIC, scoped, STAFF_MANAGERS, tokenMayCall } from './access.ts';
import {
  API_TOKEN_LENGTH,
  apiTokenCreateSchema,
  apiTokenDisplayPrefix,
  apiTokenState,
  base62Checksum,
  crc32,
  generateApiToken,
  isWellFormedApiToken,
  looksLikeApiToken,
} from './api-tokens.ts';

/** A seeded generator: enough to exercise the format (the server passes a CSPRNG). */
function seeded(seed: number) {
  let state = seed;
  return (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i += 1) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      bytes[i] = state >>> 24;
    }
    return bytes;
  };
}
const random = seeded(29);

describe('API token format', () => {
  it('has the prefix, 30 random base62 characters and a 6-character checksum', () => {
    const token = generateApiToken(random);
    expect(token).toMatch(/^spt_[0-9A-Za-z]{36}$/);
    expect(token).toHaveLength(API_TOKEN_LENGTH);
    expect(isWellFormedApiToken(token)).toBe(true);
    expect(looksLikeApiToken(token)).toBe(true);
    expect(apiTokenDisplayPrefix(token)).toBe(token.slice(0, 8));
  });

  it('computes the standard CRC-32 (the check values zlib gives)', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('a')).toBe(0xe8b7be43);
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });

  it('writes the checksum in base62, zero-padded', () => {
    expect(base62Checksum(0)).toBe('000000');
    expect(base62Checksum(61)).toBe('00000z');
    expect(base62Checksum(62)).toBe('000010');
    expect(base62Checksum(0xffffffff)).toBe('4gfFC3');
  });

  it('refuses a changed character, a wrong prefix, length or alphabet', () => {
    const token = generateApiToken(random);
    const body = token.slice(4);
    const flipped = body[0] === 'a' ? 'b' : 'a';
    expect(isWellFormedApiToken(`spt_${flipped}${body.slice(1)}`)).toBe(false);
    expect(isWellFormedApiToken(`spx_${body}`)).toBe(false);
    expect(isWellFormedApiToken(token.slice(0, -1))).toBe(false);
    expect(isWellFormedApiToken(`${token}0`)).toBe(false);
    expect(isWellFormedApiToken(`spt_${body.slice(0, 29)}-${body.slice(30)}`)).toBe(false);
    expect(looksLikeApiToken('eyJhbGciOi.x.y')).toBe(false);
  });

  it('draws every base62 character without modulo bias from the random source', () => {
    let calls = 0;
    // Bytes 248..255 must be skipped: a source that only gives them first proves it.
    const token = generateApiToken((bytes) => {
      calls += 1;
      bytes.fill(calls === 1 ? 250 : 61);
      return bytes;
    });
    expect(calls).toBe(2);
    expect(token.slice(4, 34)).toBe('z'.repeat(30));
    expect(new Set(Array.from({ length: 50 }, () => generateApiToken(random))).size).toBe(50);
  });
});

describe('apiTokenCreateSchema', () => {
  it('defaults the expiry to 90 days and orders the scopes', () => {
    const parsed = apiTokenCreateSchema.parse({ name: ' ERP ', scopes: ['orders:write', 'customers:read'] });
    expect(parsed).toEqual({ name: 'ERP', scopes: ['orders:write', 'customers:read'], expiresInDays: 90 });
    expect(
      apiTokenCreateSchema.parse({ name: 'x', scopes: ['customers:read', 'orders:read'] }).scopes,
    ).toEqual(['orders:read', 'customers:read']);
  });

  it('refuses no scopes, an unknown scope, no name and an expiry over a year or of none', () => {
    expect(apiTokenCreateSchema.safeParse({ name: 'x', scopes: [] }).success).toBe(false);
    expect(apiTokenCreateSchema.safeParse({ name: 'x', scopes: ['users:write'] }).success).toBe(false);
    expect(apiTokenCreateSchema.safeParse({ name: ' ', scopes: ['orders:read'] }).success).toBe(false);
    expect(
      apiTokenCreateSchema.safeParse({ name: 'x', scopes: ['orders:read'], expiresInDays: 366 }).success,
    ).toBe(false);
    expect(
      apiTokenCreateSchema.safeParse({ name: 'x', scopes: ['orders:read'], expiresInDays: null }).success,
    ).toBe(false);
  });
});

describe('apiTokenState', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('says revoked before expired', () => {
    expect(apiTokenState({ expiresAt: '2026-12-01T00:00:00Z', revokedAt: null }, now)).toBe('active');
    expect(apiTokenState({ expiresAt: '2026-11-26T12:00:00Z', revokedAt: null }, now)).toBe('expired');
    expect(apiTokenState({ expiresAt: '2026-11-01T00:00:00Z', revokedAt: '2026-10-01T00:00:00Z' }, now)).toBe(
      'revoked',
    );
  });
});

describe('tokenMayCall', () => {
  it('opens only routes that name a scope the token holds', () => {
    expect(tokenMayCall(['orders:read'], scoped(AUTHENTICATED, 'orders:read'))).toBe(true);
    expect(tokenMayCall(['orders:read'], scoped(AUTHENTICATED, 'orders:write'))).toBe(false);
    expect(tokenMayCall(['orders:write'], scoped(STAFF_MANAGERS, 'orders:write'))).toBe(true);
    expect(tokenMayCall(['orders:read'], AUTHENTICATED)).toBe(false);
    expect(tokenMayCall(['orders:read'], GLOBAL_ADMIN)).toBe(false);
    expect(tokenMayCall(['orders:read'], scoped(GLOBAL_ADMIN, 'orders:read'))).toBe(false);
    expect(tokenMayCall([], PUBLIC)).toBe(true);
  });
});
