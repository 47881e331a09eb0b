import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config.ts';
import { AppError } from '../errors.ts';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again later.';

/** Routes that are never counted: probes and metrics (scraped often), the API docs, static files. */
function exempt(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (url === undefined || !url.startsWith('/api/')) return true;
  return url.startsWith('/api/health') || url === '/api/metrics' || url.startsWith('/api/docs');
}

function limitFor(limits: RateLimitConfig, key: string): number {
  if (key.startsWith('t:')) return limits.perToken;
  return key.startsWith('u:') ? limits.perUser : limits.perIp;
}

/**
 * The general API limit (docs/decisions/017-shared-rate-limit.md): one counter per signed-in user,
 * one per API token (apart from its creator's; docs/decisions/055-api-tokens.md),
 * or per client address for callers without a session, over a fixed window. With Redis the
 * counters are shared by every instance; without it they live in this process, which is only
 * right for a single instance. The sign-in code limits are separate and live in the database.
 *
 * Registered after the auth plugin: its hooks run per route after auth's global hook, so the
 * caller is known when the key is chosen. A request refused by auth (no or bad token) is not
 * counted; it costs one signature check and no database work.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { limits: RateLimitConfig; redis: Redis | undefined }) => {
    const { limits, redis } = opts;
    if (!redis) {
      const message =
        'REDIS_URL is not set: API rate limits are counted in this process only. Fine for one instance; set REDIS_URL before running several.';
      if (app.config.env === 'production') app.log.warn(message);
      else app.log.info(message);
    }

    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      timeWindow: limits.windowMs,
      ...(redis ? { redis, nameSpace: 'sp:rate-limit:' } : { cache: 20_000 }),
      skipOnError: true,
      keyGenerator: (request) => {
        const { principal } = request;
        if (principal?.apiToken) return `t:${principal.apiToken.id}`;
        return principal ? `u:${principal.id}` : `ip:${normalizeIP(request.ip)}`;
      },
      max: (_request, key) => limitFor(limits, key),
      allowList: (request, key) => exempt(request) || limitFor(limits, key) === 0,
      errorResponseBuilder: (_request, context) =>
        new AppError('rate_limited', context.statusCode, RATE_LIMIT_MESSAGE, {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['auth'] },
);
