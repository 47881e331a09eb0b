import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OVERDUE_RULE } from '@service-portal/shared/rentals';

/**
 * The overdue rule of packages/shared (`OVERDUE_RULE`, `isOverdue`) in SQL, the only place the
 * rentals queries spell it: stored `active`, and due `daysPastDue` days or more before `today`, the
 * partner's calendar day ('YYYY-MM-DD', or an SQL date). Written as a range on the due date so an
 * index on it serves. rentals.overdue.test.ts runs one table of cases through this and isOverdue.
 */
export function overdueSql(status: SQLWrapper, dueDate: SQLWrapper, today: string | SQL): SQL {
  const day = typeof today === 'string' ? sql`${today}::date` : today;
  return sql`(${status} = ${OVERDUE_RULE.storedStatus} and ${dueDate} <= ${day} - ${OVERDUE_RULE.daysPastDue}::int)`;
}
