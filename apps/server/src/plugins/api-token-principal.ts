import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { ApiScope } from '@service-portal/shared/api-tokens';
import { API_TOKEN_LAST_USED_INTERVAL_MS } from '@service-portal/shared/api-tokens';
import { hasRole } from '@service-portal/shared/access';
import type { Db } from '../db/client.ts';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { servicePartners } from '../db/schema/partners.ts';
import { users } from '../db/schema/users.ts';
import type { Principal } from './auth.ts';

/** What a partner API token grants, on the principal it signs in (docs/decisions/055-api-tokens.md). */
export interface ApiTokenGrant {
  id: string;
  scopes: readonly ApiScope[];
}

/** The one way a token's secret is stored and looked up. */
export function hashApiToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The caller an API token signs in: the partner's Administrator who created it, limited to the
 * token's scopes. Null when the token is unknown, revoked or expired, when its creator is gone,
 * inactive or no longer allowed to create it (an Administrator of the token's partner, or a
 * global administrator), or when the partner is deactivated.
 */
export async function loadApiTokenPrincipal(
  db: Db,
  secret: string,
  now: Date,
): Promise<{ principal: Principal; expiresAt: number } | null> {
  const rows = await db
    .select({
      token: apiTokens,
      user: users,
      partnerName: servicePartners.name,
      partnerTimeZone: servicePartners.timeZone,
      partnerActive: servicePartners.isActive,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .innerJoin(servicePartners, eq(servicePartners.id, apiTokens.servicePartnerId))
    .where(eq(apiTokens.tokenHash, hashApiToken(secret)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { token, user } = row;
  if (token.revokedAt || token.expiresAt.getTime() <= now.getTime()) return null;
  if (!user.isActive || !row.partnerActive) return null;
  const isPartnerAdmin =
    user.servicePartnerId === token.servicePartnerId &&
    hasRole({ ...user, isGlobalAdmin: false }, 'Administrator');
  if (!isPartnerAdmin && !user.isGlobalAdmin) return null;
  const principal: Principal = {
    sessionId: null,
    apiToken: Object.freeze({ id: token.id, scopes: Object.freeze([...token.scopes]) }),
    id: user.id,
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    // The token acts as an Administrator of its partner (never as a global administrator):
    // what it may reach is decided by its scopes.
    roles: ['Administrator'],
    isActive: true,
    isGlobalAdmin: false,
    servicePartnerId: token.servicePartnerId,
    servicePartnerName: row.partnerName,
    servicePartnerTimeZone: row.partnerTimeZone,
    department: user.department,
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
  };
  Object.freeze(principal.roles);
  return { principal: Object.freeze(principal), expiresAt: token.expiresAt.getTime() };
}

/**
 * Records a token's use at most once a minute: this instance remembers when it last wrote, and
 * the UPDATE's own condition keeps several instances from writing more often than that.
 */
export function createLastUsedRecorder(db: Db, now: () => Date) {
  const written = new Map<string, number>();
  return async (tokenId: string): Promise<void> => {
    const at = now();
    const last = written.get(tokenId);
    if (last !== undefined && at.getTime() - last < API_TOKEN_LAST_USED_INTERVAL_MS) return;
    if (written.size >= 10_000) written.clear();
    written.set(tokenId, at.getTime());
    const cutoff = new Date(at.getTime() - API_TOKEN_LAST_USED_INTERVAL_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(
        and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, cutoff))),
      );
  };
}
