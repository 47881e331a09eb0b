import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { isAllowed, tokenMayCall, type Access } from '@service-portal/shared/access';
import { isWellFormedApiToken, looksLikeApiToken } from '@service-portal/shared/api-tokens';
import { ACTING_PARTNER_HEADER, type User } from '@service-portal/shared/auth';
import type { Db } from '../db/client.ts';
import { servicePartners } from '../db/schema/partners.ts';
import { sessions } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { AppError, forbidden, partnerRequired, unauthenticated } from '../errors.ts';
import { deriveKey } from '../lib/secrets.ts';
import { SHARED_ONLY, type TenantScope } from '../db/tenant.ts';
import type { PrincipalCache } from '../lib/principal-cache.ts';
import { setActor, type Actor } from '../lib/request-context.ts';
import { createLastUsedRecorder, loadApiTokenPrincipal, type ApiTokenGrant } from './api-token-principal.ts';

/**
 * The signed-in caller: a person by their session, or a partner API token (`apiToken` set,
 * `sessionId` null) acting for the Administrator who created it, within its scopes.
 */
export interface Principal extends User {
  sessionId: string | null;
  apiToken: ApiTokenGrant | null;
}

/**
 * `tenant: 'required'` (the default for signed-in routes) resolves the partner the caller acts
 * for before the handler runs; `'none'` is for routes about the caller themself (profile, logout);
 * `'shared'` is for shared data (the catalogue, the maker's documents, search): a global
 * administrator who names no partner gets `SHARED_ONLY` instead of a 400.
 */
export type TenantMode = 'required' | 'shared' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    tenant?: TenantMode;
    /**
     * Who acts on a public route, for the history of what it changes (issue 26): a customer
     * through an upload or status link, the shop through its webhooks. Signed-in routes act as
     * the signed-in user.
     */
    actor?: Omit<Actor, 'id'>;
  }
  interface FastifyRequest {
    principal: Principal | null;
    tenantScope: TenantScope | null;
  }
}

/** The authenticated caller, or a 401. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/** The tenant the caller acts for; routes with tenant 'required' always have one. */
export function tenantOf(request: FastifyRequest): TenantScope {
  if (!request.tenantScope) throw new AppError('internal_error', 500, 'Route has no tenant scope.');
  return request.tenantScope;
}

export interface TokenService {
  issue(user: User, sessionId: string, expiresAt: Date): Promise<string>;
  /** `expiresAt`: the token's `exp`, in epoch milliseconds. */
  verify(token: string): Promise<{ sessionId: string; userId: string; expiresAt: number }>;
}

/** `now`: the app's clock (tests move it to cross a token's expiry). */
export function createTokenService(appSecret: string, now: () => Date = () => new Date()): TokenService {
  const key = deriveKey(appSecret, 'jwt-hs256');
  return {
    issue: (user, sessionId, expiresAt) =>
      new SignJWT({
        email: user.email,
        given_name: user.firstName,
        family_name: user.lastName,
        roles: user.roles,
        isGlobalAdmin: user.isGlobalAdmin ? 'true' : 'false',
        servicePartnerId: user.servicePartnerId ?? '',
        servicePartnerName: user.servicePartnerName ?? '',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setJti(sessionId)
        .setIssuer('service-portal')
        .setAudience('service-portal')
        .setIssuedAt(now())
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      if (token.split('.').length !== 3) throw unauthenticated('Invalid token.');
      try {
        const { payload } = await jwtVerify(token, key, {
          currentDate: now(),
          algorithms: ['HS256'],
          issuer: 'service-portal',
          audience: 'service-portal',
        });
        if (
          typeof payload.jti !== 'string' ||
          typeof payload.sub !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          throw unauthenticated('Invalid token.');
        }
        return { sessionId: payload.jti, userId: payload.sub, expiresAt: payload.exp * 1000 };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JOSEError) throw unauthenticated('Invalid or expired token.');
        throw err;
      }
    },
  };
}

const uuidSchema = z.uuid();

async function loadPrincipal(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<{ principal: Principal; sessionExpiresAt: number } | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      user: users,
      partnerName: servicePartners.name,
      partnerTimeZone: servicePartners.timeZone,
      partnerActive: servicePartners.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(servicePartners, eq(servicePartners.id, users.servicePartnerId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  const row = rows[0];
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  const u = row.user;
  // A deactivated user, or a user of a deactivated partner, is refused on the very next request.
  if (!u.isActive || row.partnerActive === false) return null;
  const principal: Principal = {
    sessionId: row.sessionId,
    apiToken: null,
    id: u.id,
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: u.roles,
    isActive: u.isActive,
    isGlobalAdmin: u.isGlobalAdmin,
    servicePartnerId: u.servicePartnerId,
    servicePartnerName: row.partnerName,
    servicePartnerTimeZone: row.partnerTimeZone,
    department: u.department,
    jobTitle: u.jobTitle,
    phoneNumber: u.phoneNumber,
  };
  // Cached principals are shared by concurrent requests: nobody may change one.
  Object.freeze(principal.roles);
  return { principal: Object.freeze(principal), sessionExpiresAt: row.expiresAt.getTime() };
}

async function resolveTenant(
  db: Db,
  request: FastifyRequest,
  principal: Principal,
  mode: 'required' | 'shared',
): Promise<TenantScope> {
  const named = request.headers[ACTING_PARTNER_HEADER];
  if (principal.isGlobalAdmin && typeof named === 'string' && named.length > 0) {
    if (!uuidSchema.safeParse(named).success) {
      throw new AppError('validation_failed', 400, `The ${ACTING_PARTNER_HEADER} header must be a UUID.`);
    }
    const found = await db
      .select({ id: servicePartners.id })
      .from(servicePartners)
      .where(eq(servicePartners.id, named))
      .limit(1);
    if (!found[0]) throw new AppError('not_found', 404, 'Service partner not found.');
    return { partnerId: named };
  }
  if (principal.servicePartnerId) return { partnerId: principal.servicePartnerId };
  if (principal.isGlobalAdmin && mode === 'shared') return SHARED_ONLY;
  if (principal.isGlobalAdmin) throw partnerRequired();
  throw new AppError('user_not_configured', 403, 'User not properly configured.');
}

const INVALID_API_TOKEN = 'The API token is unknown, expired or revoked.';

/** RFC 6750 §3.1: the scope the operation needs, in the problem and the WWW-Authenticate header. */
function insufficientScope(access: Access): AppError {
  const needed = access.scope;
  return new AppError(
    'insufficient_scope',
    403,
    needed
      ? `This API token lacks the scope ${needed}.`
      : 'This operation is not open to API tokens; sign in as a person.',
    {
      headers: {
        'www-authenticate': needed
          ? `Bearer error="insufficient_scope", scope="${needed}"`
          : 'Bearer error="insufficient_scope"',
      },
    },
  );
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Access in the core: every route declares `config.access`; this hook enforces it, signs the
 * caller in from the Bearer token and resolves the tenant. A route without a declaration is
 * refused (fail closed), and the route-walk test keeps that from ever shipping.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { tokens: TokenService; cache: PrincipalCache<Principal>; now?: () => Date },
  ) => {
    const now = opts.now ?? (() => new Date());
    const recordTokenUse = createLastUsedRecorder(app.db, now);
    app.decorateRequest('principal', null);
    app.decorateRequest('tenantScope', null);

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === undefined) return; // 404 handler: no route, nothing to guard
      const access = request.routeOptions.config.access;
      if (!access) {
        request.log.error({ route: request.routeOptions.url }, 'route declares no access; refused');
        throw forbidden('This route declares no access rule.');
      }
      if (access.kind === 'public') {
        const actor = request.routeOptions.config.actor;
        if (actor) setActor({ ...actor, id: null });
        return;
      }

      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      if (looksLikeApiToken(token)) {
        // A typo or a made-up token is refused by its checksum, before any database work.
        if (!isWellFormedApiToken(token)) throw unauthenticated(INVALID_API_TOKEN);
        const principal = await opts.cache.get(token, async () => {
          const loaded = await loadApiTokenPrincipal(app.db, token, now());
          return loaded && { value: loaded.principal, expiresAt: loaded.expiresAt };
        });
        if (!principal?.apiToken) throw unauthenticated(INVALID_API_TOKEN);
        request.principal = principal;
        if (!tokenMayCall(principal.apiToken.scopes, access)) throw insufficientScope(access);
        try {
          await recordTokenUse(principal.apiToken.id);
        } catch (err) {
          request.log.warn({ err }, "could not record an API token's last use");
        }
      } else {
        const principal = await opts.cache.get(token, async () => {
          const claims = await opts.tokens.verify(token);
          const loaded = await loadPrincipal(app.db, claims.sessionId, claims.userId, now());
          if (!loaded) return null;
          return {
            value: loaded.principal,
            expiresAt: Math.min(loaded.sessionExpiresAt, claims.expiresAt),
          };
        });
        if (!principal) throw unauthenticated('Your session has ended. Please sign in again.');
        request.principal = principal;
      }
      const principal = request.principal;

      if (!isAllowed(principal, access)) throw forbidden();

      const tenantMode =
        request.routeOptions.config.tenant ?? (access.kind === 'globalAdmin' ? 'none' : 'required');
      if (tenantMode !== 'none') {
        request.tenantScope = await resolveTenant(app.db, request, principal, tenantMode);
      }
      // Every write of the request records this user (db/actor-db.ts hands it to the triggers).
      const name = `${principal.firstName} ${principal.lastName}`.trim() || principal.email;
      setActor(
        {
          kind: 'user',
          id: principal.id,
          name: principal.apiToken ? `${name} (API token)` : name,
        },
        request.tenantScope && !request.tenantScope.sharedOnly ? request.tenantScope.partnerId : null,
      );
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
