import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { partnerRequired } from '../errors.ts';

/**
 * The partner a request acts for, resolved once by the auth plugin. Repositories of partner-owned
 * data take it as their first parameter and build every WHERE through `scoped()`, so a query
 * without the partner condition cannot be written by accident (docs/decisions/002-tenancy.md).
 */
export interface TenantScope {
  readonly partnerId: string;
  /** Set on `SHARED_ONLY` alone: the caller reads shared data (catalogue, maker's documents). */
  readonly sharedOnly?: true;
}

/**
 * A global administrator without a chosen partner on a route of shared data (`tenant: 'shared'`):
 * a partner id no partner has, so every partner condition matches nothing and only the shared
 * rows show (docs/decisions/054-shared-data-without-a-partner.md). Writes of a partner's rows
 * call `requirePartner` first.
 */
export const SHARED_ONLY: TenantScope = Object.freeze({
  partnerId: '00000000-0000-0000-0000-000000000000',
  sharedOnly: true,
});

/** Whether the scope is a real partner's (not `SHARED_ONLY`). */
export function actsForPartner(scope: TenantScope): boolean {
  return scope.sharedOnly !== true;
}

/** Throws `partner_required` (400) for `SHARED_ONLY`: the call changes or reads a partner's rows. */
export function requirePartner(scope: TenantScope): void {
  if (!actsForPartner(scope)) throw partnerRequired();
}

/** `servicePartnerId = scope.partnerId AND ...conditions`. */
export function scoped(
  table: { servicePartnerId: PgColumn },
  scope: TenantScope,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.servicePartnerId, scope.partnerId), ...conditions) as SQL;
}

/**
 * `scoped()` for a prepared statement: the partner is the `partnerId` placeholder, which
 * `placeholderValues(scope, …)` fills from the request's scope when it runs.
 */
export function scopedPlaceholder(
  table: { servicePartnerId: PgColumn },
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.servicePartnerId, sql.placeholder('partnerId')), ...conditions) as SQL;
}

/** The values of a prepared statement built with `scopedPlaceholder`, with the partner filled in. */
export function placeholderValues(scope: TenantScope, values: Record<string, unknown>) {
  return { ...values, partnerId: scope.partnerId };
}
