import { webcrypto } from 'node:crypto';
import {
  API_TOKENS_PER_PARTNER_MAX,
  apiTokenDisplayPrefix,
  generateApiToken,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '@service-portal/shared/api-tokens';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashApiToken } from '../../plugins/api-token-principal.ts';
import type { ApiTokenRow, createApiTokensRepository } from './api-tokens.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

function present(row: ApiTokenRow): ApiToken {
  const creator = [row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    name: row.name,
    prefix: row.tokenPrefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    createdByName: creator === '' ? null : creator,
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * A partner's API tokens (docs/decisions/055-api-tokens.md): an Administrator creates one (the
 * secret is returned once and only its SHA-256 is kept), lists them and revokes them. Revoking
 * tells the principal cache at once, so the token's very next request is refused.
 */
export function createApiTokensService(deps: {
  repo: ReturnType<typeof createApiTokensRepository>;
  now: () => Date;
  onAuthChange: () => Promise<void>;
}) {
  const { repo, now } = deps;
  return {
    async list(scope: TenantScope): Promise<{ items: ApiToken[] }> {
      return { items: (await repo.list(scope)).map(present) };
    },

    async create(scope: TenantScope, actor: { id: string }, input: ApiTokenCreate): Promise<ApiTokenCreated> {
      const secret = generateApiToken((bytes) => webcrypto.getRandomValues(bytes));
      const createdAt = now();
      const row = await repo.insertWithin(
        scope,
        {
          name: input.name,
          tokenPrefix: apiTokenDisplayPrefix(secret),
          tokenHash: hashApiToken(secret),
          scopes: input.scopes,
          createdBy: actor.id,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + input.expiresInDays * DAY_MS),
        },
        API_TOKENS_PER_PARTNER_MAX,
      );
      if (row === 'limit') {
        throw new AppError(
          'conflict',
          409,
          `A partner can have at most ${API_TOKENS_PER_PARTNER_MAX} active API tokens. Revoke one first.`,
        );
      }
      return { token: present(row), secret };
    },

    /** Revoking twice is fine (204 again); another partner's token is 404. */
    async revoke(scope: TenantScope, id: string): Promise<void> {
      const revoked = await repo.revoke(scope, id, now());
      if (revoked) {
        await deps.onAuthChange();
        return;
      }
      if (!(await repo.get(scope, id))) throw notFound('API token');
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
