import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  headerValue,
  mailgunSignature,
  messageIdsIn,
  parseAddress,
  parseMessageHeaders,
  timestampAgeSeconds,
  verifyMailgunSignature,
} from './mailgun.ts';

describe('Mailgun webhook signature', () => {
  const key = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
  const timestamp = '1700000000';
  const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071829';

  it('is hex HMAC-SHA256 of timestamp + token with the signing key', () => {
    const expected = createHmac('sha256', key)
      .update(timestamp + token)
      .digest('hex');
    expect(mailgunSignature(key, timestamp, token)).toBe(expected);
    expect(verifyMailgunSignature(key, timestamp, token, expected)).toBe(true);
    expect(verifyMailgunSignature(key, timestamp, token, expected.toUpperCase())).toBe(true);
  });

  it('refuses another key, timestamp, token, or a malformed signature', () => {
    const good = mailgunSignature(key, timestamp, token);
    expect(verifyMailgunSignature('other-key', timestamp, token, good)).toBe(false);
    expect(verifyMailgunSignature(key, '1700000001', token, good)).toBe(false);
    expect(verifyMailgunSignature(key, timestamp, `${token}x`, good)).toBe(false);
    expect(verifyMailgunSignature(key, timestamp, token, good.slice(1))).toBe(false);
    expect(verifyMailgunSignature(key, timestamp, token, '')).toBe(false);
  });

  it('measures the age of a timestamp and refuses what is not one', () => {
    const now = new Date(1_700_000_300_000);
    expect(timestampAgeSeconds('1700000000', now)).toBe(300);
    expect(timestampAgeSeconds('1700000600', now)).toBe(-300);
    expect(timestampAgeSeconds('17e8', now)).toBeNull();
    expect(timestampAgeSeconds('', now)).toBeNull();
  });
});

describe('inbound message fields', () => {
  it('reads message-headers and finds headers in any case', () => {
    const headers = parseMessageHeaders(
      JSON.stringify([
        ['Message-Id', '<abc@mail.example.net>'],
        ['In-Reply-To', '<ours@inbound.example.com>'],
        ['X-Bad', 3],
      ]),
    );
    expect(headers).toHaveLength(2);
    expect(headerValue(headers, 'message-id')).toBe('<abc@mail.example.net>');
    expect(headerValue(headers, 'References')).toBeUndefined();
    expect(parseMessageHeaders('not json')).toEqual([]);
    expect(parseMessageHeaders(JSON.stringify({ a: 1 }))).toEqual([]);
  });

  it('finds every Message-ID in a header value', () => {
    expect(messageIdsIn('<a@x> <b@y>\r\n <c@z>')).toEqual(['<a@x>', '<b@y>', '<c@z>']);
    expect(messageIdsIn('no ids')).toEqual([]);
    expect(messageIdsIn(undefined)).toEqual([]);
  });

  it('splits a From value into name and lower-case address', () => {
    expect(parseAddress('"Ingrid Johansen" <Ingrid@Example.NET>')).toEqual({
      name: 'Ingrid Johansen',
      address: 'ingrid@example.net',
    });
    expect(parseAddress('Bob <bob@example.com>')).toEqual({ name: 'Bob', address: 'bob@example.com' });
    expect(parseAddress('<bob@example.com>')).toEqual({ name: null, address: 'bob@example.com' });
    expect(parseAddress('bob@example.com')).toEqual({ name: null, address: 'bob@example.com' });
    expect(parseAddress('not an address')).toBeNull();
  });
});
