import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The partner a request acts for, resolved once by the auth plugin. Repositories of partner-owned
 * data take it as their first parameter and build every WHERE through `scoped()`, so a query
 * without the partner condition cannot be written by accident (docs/decisions/002-tenancy.md).
 */
export interface TenantScope {
  readonly partnerId: string;
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
