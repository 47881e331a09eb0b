import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A creating POST that honours the `Idempotency-Key` header (docs/decisions/018). `true`: keys
     * belong to the signed-in user. A public route names the owner itself (decision 057): `owner`
     * answers who the caller proved to be, or null to ignore the header (the handler then refuses).
     */
    idempotent?: boolean | { owner: (request: FastifyRequest) => Promise<string | null> };
  }
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when it is sent. */
    idempotencyClaim: { owner: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A first request still "in flight" after this is taken to have died with its process. */
const ABANDONED_AFTER_MS = 60_000;
const PURGE_EVERY_MS = 10 * 60_000;

/** The key as sent: a Structured Field string ("…") per the IETF draft, or the bare text. */
export function parseIdempotencyKey(raw: string): string | null {
  const text = /^"(.*)"$/.exec(raw.trim())?.[1] ?? raw.trim();
  return /^[\x21-\x7e]{1,255}$/.test(text) ? text : null;
}

/** JSON with the keys of every object sorted, so that field order does not change a fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.method)
    .update('\n')
    .update(request.url.split('?')[0] ?? '')
    .update('\n')
    .update(request.tenantScope?.partnerId ?? '')
    .update('\n')
    .update(canonical(request.body))
    .digest('hex');
}

/**
 * `Idempotency-Key` on creating POSTs (draft-ietf-httpapi-idempotency-key-header): a route opts
 * in with `config: { idempotent: true }`. The first request with a key claims it and its answer
 * (2xx or 4xx) is kept 24 hours; a repeat with the same body gets that answer again
 * (`Idempotent-Replayed: true`) and creates nothing; the same key with another body is 422
 * `idempotency_key_reused`; a repeat while the first is still running is 409 `conflict` with
 * Retry-After. A 5xx answer releases the key, so the retry runs for real.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { now: () => Date }) => {
    app.decorateRequest('idempotencyClaim', null);
    const t = idempotencyKeys;
    let lastPurge = 0;

    const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const idempotent = request.routeOptions.config.idempotent;
      if (!idempotent) return;
      const raw = request.headers[IDEMPOTENCY_HEADER];
      if (raw === undefined) return;
      const owner =
        idempotent === true
          ? request.principal
            ? `user:${request.principal.id}`
            : null
          : await idempotent.owner(request);
      if (owner === null) return;
      const userId = idempotent === true ? (request.principal?.id ?? null) : null;
      const key = typeof raw === 'string' ? parseIdempotencyKey(raw) : null;
      if (!key) {
        throw new AppError('validation_failed', 400, 'The request is not valid.', {
          errors: [
            { path: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters, e.g. a UUID' },
          ],
        });
      }
      const fingerprint = fingerprintOf(request);
      const now = opts.now();

      if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now.getTime();
        await app.db.delete(t).where(lte(t.expiresAt, now));
      }

      const fresh = {
        owner,
        userId,
        key,
        fingerprint,
        status: null,
        contentType: null,
        location: null,
        body: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      };
      // Claim the key: new, expired, or left in flight by a process that died. One request wins.
      const claimed = await app.db
        .insert(t)
        .values(fresh)
        .onConflictDoUpdate({
          target: [t.owner, t.key],
          set: fresh,
          setWhere: or(
            lte(t.expiresAt, now),
            and(isNull(t.status), lt(t.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))),
          ),
        })
        .returning({ owner: t.owner });
      if (claimed.length > 0) {
        request.idempotencyClaim = { owner, key };
        return;
      }

      const [first] = await app.db
        .select()
        .from(t)
        .where(and(eq(t.owner, owner), eq(t.key, key)));
      if (!first) {
        throw new AppError('conflict', 409, 'A request with this Idempotency-Key is being processed.', {
          headers: { 'retry-after': '1' },
        });
      }
      if (first.fingerprint !== fingerprint) {
        throw new AppError(
          'idempotency_key_reused',
          422,
          'This Idempotency-Key was used for a different request. Use a new key for a new request.',
        );
      }
      if (first.status === null) {
        throw new AppError(
          'conflict',
          409,
          'A request with this Idempotency-Key is still being processed. Try again in a moment.',
          { headers: { 'retry-after': '1' } },
        );
      }
      reply.header('idempotent-replayed', 'true');
      if (first.location) reply.header('location', first.location);
      if (first.contentType) reply.type(first.contentType);
      return reply.status(first.status).send(first.body ?? '');
    };

    const recordAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const where = and(eq(t.owner, claim.owner), eq(t.key, claim.key));
      try {
        if (reply.statusCode >= 500 || typeof payload !== 'string') {
          await app.db.delete(t).where(where);
        } else {
          const location = reply.getHeader('location');
          const contentType = reply.getHeader('content-type');
          await app.db
            .update(t)
            .set({
              status: reply.statusCode,
              body: payload,
              contentType: typeof contentType === 'string' ? contentType : null,
              location: typeof location === 'string' ? location : null,
            })
            .where(where);
        }
      } catch (err) {
        // The answer goes out regardless; a key left in flight is taken over after a minute.
        request.log.warn({ err }, 'idempotency key not recorded');
      }
      return payload;
    };

    // Only the routes that honour the header carry its hooks, first among their own: every other
    // request (all the reads) skips two async hooks that had nothing to do (issue 33 item 1).
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const own = <T>(hooks: T | T[] | undefined): T[] =>
        hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
      route.preHandler = [claimKey, ...own(route.preHandler)];
      route.onSend = [recordAnswer, ...own(route.onSend)];
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
