import { and, eq, type SQL } from 'drizzle-orm';
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
