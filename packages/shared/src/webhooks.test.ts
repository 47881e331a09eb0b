import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookEndpointCreateSchema,
  webhookRetryDelay,
} from './webhooks.ts';

describe('webhook retries', () => {
  it('follow the Svix schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first attempt', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    // About a day in all.
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(27);
    expect(total / 3_600_000).toBeLessThan(28);
  });

  it('spread each wait ±20 % and stop after the eighth attempt', () => {
    expect(webhookRetryDelay(1, 0)).toBe(4_000);
    expect(webhookRetryDelay(1, 0.5)).toBe(5_000);
    expect(webhookRetryDelay(1, 0.999999)).toBe(6_000);
    expect(webhookRetryDelay(7, 0)).toBe(8 * 3_600_000);
    expect(webhookRetryDelay(8, 0.5)).toBeNull();
  });
});

describe('webhook endpoint input', () => {
  it('takes an http(s) URL without credentials and the known events, in catalogue order', () => {
    const parsed = webhookEndpointCreateSchema.parse({
      url: ' https://erp.example.com/hooks ',
      events: ['order.completed', 'order.created', 'order.created'],
    });
    expect(parsed).toEqual({
      url: 'https://erp.example.com/hooks',
      description: '',
      events: ['order.created', 'order.completed'],
      enabled: true,
    });
    for (const url of ['ftp://x.example', 'javascript:alert(1)', 'https://a:b@x.example/', 'no url'])
      expect(webhookEndpointCreateSchema.safeParse({ url, events: ['order.created'] }).success, url).toBe(
        false,
      );
    expect(
      webhookEndpointCreateSchema.safeParse({ url: 'https://x.example', events: ['order.deleted'] }).success,
    ).toBe(false);
  });
});
