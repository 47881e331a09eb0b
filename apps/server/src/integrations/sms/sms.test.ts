import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilio } from '../../../test/fake-twilio.ts';
import { storedDigitVariants, toE164 } from './phone-numbers.ts';
import { createTwilioTransport, SmsError } from './sms.ts';
import { twilioSignature, verifyTwilioSignature } from './twilio-signature.ts';

describe('Twilio request signatures', () => {
  // integrations.md test vector.
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+12349013030',
    Digits: '1234',
    From: '+12349013030',
    To: '+18005551212',
  };

  it('matches the documented vector', () => {
    expect(twilioSignature(token, url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(verifyTwilioSignature(token, url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  it('sorts parameters by key whatever order they came in', () => {
    const shuffled = {
      To: params.To,
      Digits: params.Digits,
      CallSid: params.CallSid,
      From: params.From,
      Caller: params.Caller,
    };
    expect(twilioSignature(token, url, shuffled)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('refuses a changed parameter, URL, token, or a missing or malformed signature', () => {
    const good = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(verifyTwilioSignature(token, url, { ...params, Digits: '1235' }, good)).toBe(false);
    expect(verifyTwilioSignature(token, url.replace('foo=1', 'foo=2'), params, good)).toBe(false);
    expect(verifyTwilioSignature('54321', url, params, good)).toBe(false);
    expect(verifyTwilioSignature(token, url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature(token, url, params, good.slice(0, -1))).toBe(false);
    expect(verifyTwilioSignature(token, url, params, 'ü'.repeat(14))).toBe(false);
  });

  it('accepts the URL with or without the default port, as Twilio may sign either', () => {
    const withPort = twilioSignature(token, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', params);
    expect(verifyTwilioSignature(token, url, params, withPort)).toBe(true);
    const plain = twilioSignature(token, url, params);
    expect(
      verifyTwilioSignature(token, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', params, plain),
    ).toBe(true);
    expect(
      verifyTwilioSignature(token, 'https://mycompany.com:8443/myapp.php?foo=1&bar=2', params, plain),
    ).toBe(false);
  });

  it('signs each value of a repeated parameter', () => {
    const one = twilioSignature(token, url, { MediaUrl: ['b', 'a'] });
    expect(one).toBe(twilioSignature(token, url, { MediaUrl: ['a', 'b'] }));
    expect(one).not.toBe(twilioSignature(token, url, { MediaUrl: 'a' }));
  });
});

describe('phone numbers', () => {
  it('turns typed numbers into E.164 with the default country', () => {
    expect(toE164('912 34 567', '47')).toBe('+4791234567');
    expect(toE164('+47 912 34 567', '47')).toBe('+4791234567');
    expect(toE164('0047 91234567', '47')).toBe('+4791234567');
    expect(toE164('+46 70 123 45 67', '47')).toBe('+46701234567');
    expect(toE164('070-123 45 67', '46')).toBe('+46701234567');
    expect(toE164('12', '47')).toBeNull();
    expect(toE164(null, '47')).toBeNull();
  });

  it('lists the digit forms a stored number may have', () => {
    expect(storedDigitVariants('+4791234567', '47').sort()).toEqual(
      ['4791234567', '004791234567', '91234567', '091234567'].sort(),
    );
    expect(storedDigitVariants('+46701234567', '47').sort()).toEqual(['46701234567', '0046701234567'].sort());
    expect(storedDigitVariants('+47', '47')).toEqual([]);
  });
});

describe('Twilio transport', () => {
  const twilio = new FakeTwilio();
  beforeAll(async () => {
    await twilio.start();
  });
  afterAll(async () => twilio.stop());
  const transport = () =>
    createTwilioTransport({
      apiBaseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
    });

  it("posts the message and returns the provider's sid", async () => {
    const { providerMessageId } = await transport().send({
      to: '+4791234567',
      body: 'Hei',
      idempotencyKey: 'k1',
    });
    expect(twilio.messages.at(-1)).toEqual({
      sid: providerMessageId,
      to: '+4791234567',
      from: twilio.from,
      body: 'Hei',
      idempotencyKey: 'k1',
    });
  });

  it('tells a refusal (not sent) from a failure that may have sent it', async () => {
    twilio.failNext('refuse');
    const refused = await transport()
      .send({ to: '+4791234567', body: 'x', idempotencyKey: 'k2' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsError);
    expect(refused).toMatchObject({ ambiguous: false, message: expect.stringContaining('code 21610') });
    twilio.failNext('unavailable');
    const down = await transport()
      .send({ to: '+4791234567', body: 'x', idempotencyKey: 'k3' })
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ ambiguous: true });
    const wrongAuth = createTwilioTransport({
      apiBaseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: 'nope',
      from: twilio.from,
    });
    expect(
      await wrongAuth.send({ to: '+4791234567', body: 'x', idempotencyKey: 'k4' }).catch((e: unknown) => e),
    ).toMatchObject({
      ambiguous: false,
      message: expect.stringContaining('HTTP 401'),
    });
    const unreachable = createTwilioTransport({
      apiBaseUrl: 'http://127.0.0.1:9',
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
    });
    expect(
      await unreachable.send({ to: '+4791234567', body: 'x', idempotencyKey: 'k5' }).catch((e: unknown) => e),
    ).toMatchObject({
      ambiguous: true,
    });
  });
});
