import { asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  Priority,
  ServiceOrderListQuery,
  ServiceOrderStatus,
  ServiceType,
} from '@service-portal/shared/service-orders';
import {
  exactKeysOf,
  searchTokensOf,
  serviceOrders,
  serviceOrderSpareParts,
  textTokensOf,
} from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import type { TenantScope } from '../../db/tenant.ts';

// What the list, search, export and single-order queries share: the filters as SQL, the list's
// columns, the joined display names. No queries run here.

/** Filters shared by the list, the export and the search endpoints. */
export interface OrderFilters {
  /** One text over order number, customer name, e-mail, phone and serial number. */
  text?: string | undefined;
  /** The text also searches titles and descriptions (the list and its export, issue 31). */
  textInOrder?: boolean | undefined;
  customerName?: string | undefined;
  orderNumber?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  serialNumber?: string | undefined;
  status?: readonly ServiceOrderStatus[] | undefined;
  priority?: readonly Priority[] | undefined;
  serviceType?: readonly ServiceType[] | undefined;
  customerId?: string | undefined;
  assignedTechnicianId?: string | undefined;
  relatedProductId?: string | undefined;
  /** ISO instants: created / completed in [from, to). */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  completedFrom?: string | undefined;
  completedTo?: string | undefined;
}

/** The instant bounds of the filters, as [filter key, column, comparison]. */
export const BOUNDS = [
  ['createdFrom', 'createdAt', '>='],
  ['createdTo', 'createdAt', '<'],
  ['completedFrom', 'completedAt', '>='],
  ['completedTo', 'completedAt', '<'],
] as const;

export type SortDirection = 'asc' | 'desc';

/** A page of the list: 1-based page number, rows per page, newest or oldest first. */
export interface PageRequest {
  page: number;
  pageSize: number;
  sortDirection: SortDirection;
}

export const o = serviceOrders;
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * `value ILIKE '%text%'` as PostgreSQL computes it in a UTF-8 database (both sides lower-cased,
 * then a substring match), without lower-casing the constant again for every row: a term that
 * matches thousands of orders is checked on each of them, and ILIKE costs twice as much there.
 */
const holds = (value: SQL | PgColumn, text: string) => sql`strpos(lower(${value}), lower(${text}::text)) > 0`;

export const personName = (first: PgColumn, last: PgColumn) => sql<string | null>`${first} || ' ' || ${last}`;
export const technicianName = personName(technicians.firstName, technicians.lastName);
/** Σ quantity × unit cost of spare-part lines, in bigint: the product may pass 2^31. */
export const partsAmount = sql`sum(${serviceOrderSpareParts.quantity}::bigint * ${serviceOrderSpareParts.unitCostMinor})`;

export const listColumns = {
  id: o.id,
  orderNumber: o.orderNumber,
  title: o.title,
  serviceType: o.serviceType,
  priority: o.priority,
  status: o.status,
  customerId: o.customerId,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  customerPhone: o.customerPhone,
  serialNumber: o.serialNumber,
  scheduledDate: o.scheduledDate,
  assignedTechnicianId: o.assignedTechnicianId,
  assignedTechnicianName: technicianName,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  completedAt: o.completedAt,
  version: o.version,
};

/**
 * The list's columns under their item names, for a query read as the driver returns its rows
 * (`namedRows`): every field aliased, the scheduled date as text as drizzle reads it.
 */
export const listRowFields = Object.fromEntries(
  Object.entries(listColumns).map(([key, column]) => [
    key,
    (column === o.scheduledDate ? sql`${column}::text` : sql`${column}`).as(key),
  ]),
) as { [K in keyof typeof listColumns]: SQL.Aliased };

type Instants = { createdAt: Date; updatedAt: Date; completedAt: Date | null };
type WithIsoInstants<T> = Omit<T, keyof Instants> & {
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

/**
 * A list row as the answer's item: its instants as ISO text, written over in place. Every caller
 * hands over a row no one else holds (the driver's or drizzle's, read for this request), so the
 * list's page builds no second object per row (issue 33, item 1).
 */
export function toListItem<T extends Instants>(row: T): WithIsoInstants<T> {
  const item = row as unknown as WithIsoInstants<T>;
  item.createdAt = iso(row.createdAt);
  item.updatedAt = iso(row.updatedAt);
  item.completedAt = isoOrNull(row.completedAt);
  return item;
}

export const sortBy = (direction: SortDirection) =>
  direction === 'asc' ? [asc(o.createdAt), asc(o.id)] : [desc(o.createdAt), desc(o.id)];

/** The search index's expression, and the phone as bare digits as it holds them. */
const searchTokens = searchTokensOf(o);
const textTokens = textTokensOf(o);
const exactKeys = exactKeysOf(o);
export const phoneDigitsOf = sql`regexp_replace(coalesce(${o.customerPhone}, ''), '\\D', '', 'g')`;

/** The digits of a text that could be a phone number ("+47 912 34 567"), else undefined. */
export function phoneDigits(text: string): string | undefined {
  if (!/^[\d\s+()./-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : undefined;
}

/**
 * The index condition for a term: the row holds every token of the term (or of one of its
 * alternatives, e.g. typed and digits-only). A term under 3 characters has no tokens, and then
 * there is no index condition: the ILIKE beside it decides alone. `common` are tokens most of the
 * partner's orders hold ("so-", "202", "com": `service-orders.common-tokens.ts`): they are left
 * out of the condition, whose posting lists they would make the index read whole for a few
 * matches (a whole order number: 5.7 → 0.5 ms for the largest partner). Any part of a term's
 * tokens still holds every match, and the text check beside it decides; a term made of common
 * tokens alone keeps them all.
 */
export function tokensFor(
  scope: TenantScope,
  alternatives: (string | undefined)[],
  common: readonly string[] = [],
): SQL | undefined {
  const terms = alternatives.filter((t): t is string => t !== undefined && [...t].length >= 3);
  if (terms.length === 0) return undefined;
  return or(...terms.map((term) => sql`${searchTokens} @> ${termTokens(scope, term, common)}`));
}

/** A term's search tokens without the `common` ones; all of them when none would be left. */
export function termTokens(scope: TenantScope, term: string, common: readonly string[]): SQL {
  const all = sql`so_search_tokens(${scope.partnerId}::uuid, ${term}::text)`;
  if (common.length === 0) return all;
  // so_rare_tokens (migration 0052) is immutable: planned as the constant array it gives.
  return sql`so_rare_tokens(${all}, ${sql.param(common)}::bigint[])`;
}

export function usesSearch(f: OrderFilters): boolean {
  return Boolean(f.text || f.customerName || f.orderNumber || f.email || f.phone || f.serialNumber);
}

/**
 * The order holds the text in one of its contact fields (and in its title or description with
 * `inOrder`): the check itself, without the search index's condition. The short contact fields
 * first, the title and the long description last: PostgreSQL tries them in this order and stops
 * at the first that holds the text.
 */
export function holdsText(text: string, inOrder: boolean): SQL | undefined {
  const digits = phoneDigits(text);
  return or(
    holds(o.orderNumber, text),
    holds(o.customerName, text),
    holds(o.customerEmail, text),
    holds(sql`coalesce(${o.customerPhone}, '')`, text),
    holds(sql`coalesce(${o.serialNumber}, '')`, text),
    digits ? sql`strpos(${phoneDigitsOf}, ${digits}) > 0` : undefined,
    inOrder ? holds(o.title, text) : undefined,
    inOrder ? holds(sql`coalesce(${o.description}, '')`, text) : undefined,
  );
}

/**
 * The order equals the text in a whole field: its order number, serial number, e-mail or phone
 * (a full national number also matches the stored one with its country code). `check` is the
 * equality; `index` finds the candidates through the exact-key index (`so_exact_keys`) without
 * reading the rows that merely contain the text.
 */
export function equalsText(text: string): { index: SQL; check: SQL } {
  const lower = text.toLowerCase();
  const digits = phoneDigits(text);
  const whole = digits !== undefined && digits.length >= 8;
  const keys = whole ? [lower, `#${digits.slice(-8)}`] : [lower];
  return {
    index: sql`${exactKeys} && ${sql.param(keys)}::text[]`,
    check: or(
      sql`lower(${o.orderNumber}) = ${lower}`,
      sql`lower(coalesce(${o.serialNumber}, '')) = ${lower}`,
      sql`lower(${o.customerEmail}) = ${lower}`,
      sql`lower(coalesce(${o.customerPhone}, '')) = ${lower}`,
      whole ? sql`right(${phoneDigitsOf}, ${digits.length}) = ${digits}` : undefined,
    ) as SQL,
  };
}

/** `common`: the partner's common search tokens, left out of the index conditions (`tokensFor`). */
export function filterConditions(
  scope: TenantScope,
  f: OrderFilters,
  common: readonly string[] = [],
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (f.text) {
    // One text over five fields (and the phone's digits when the text could be a phone number).
    const digits = phoneDigits(f.text);
    // Titles and descriptions have their own token index: a row matches through either.
    const inText =
      f.textInOrder && [...f.text].length >= 3
        ? sql`${textTokens} @> so_search_tokens(${scope.partnerId}::uuid, ${f.text}::text)`
        : undefined;
    const tokens = tokensFor(scope, [f.text, digits], common);
    conditions.push(
      inText && tokens ? or(tokens, inText) : tokens,
      holdsText(f.text, Boolean(f.textInOrder)),
    );
  }
  if (f.customerName)
    conditions.push(tokensFor(scope, [f.customerName], common), holds(o.customerName, f.customerName));
  if (f.orderNumber)
    conditions.push(tokensFor(scope, [f.orderNumber], common), holds(o.orderNumber, f.orderNumber));
  if (f.email) conditions.push(tokensFor(scope, [f.email], common), holds(o.customerEmail, f.email));
  if (f.serialNumber)
    conditions.push(
      tokensFor(scope, [f.serialNumber], common),
      holds(sql`coalesce(${o.serialNumber}, '')`, f.serialNumber),
    );
  if (f.phone) {
    // "912 34 567" should find "+47 912 34 567": compare digits too when the text has any.
    const digits = f.phone.replace(/\D/g, '');
    const asTyped = holds(sql`coalesce(${o.customerPhone}, '')`, f.phone);
    conditions.push(
      tokensFor(scope, [f.phone, digits], common),
      digits.length > 0 ? or(asTyped, sql`strpos(${phoneDigitsOf}, ${digits}) > 0`) : asTyped,
    );
  }
  if (f.status?.length) conditions.push(inArray(o.status, [...f.status]));
  if (f.priority?.length) conditions.push(inArray(o.priority, [...f.priority]));
  if (f.serviceType?.length) conditions.push(inArray(o.serviceType, [...f.serviceType]));
  if (f.customerId) conditions.push(eq(o.customerId, f.customerId));
  if (f.assignedTechnicianId) conditions.push(eq(o.assignedTechnicianId, f.assignedTechnicianId));
  if (f.relatedProductId) conditions.push(eq(o.relatedProductId, f.relatedProductId));
  for (const [key, column, op] of BOUNDS) {
    const value = f[key];
    if (value) conditions.push(sql`${o[column]} ${sql.raw(op)} ${value}::timestamptz`);
  }
  return conditions;
}

/** The list and export queries' filters as the repository takes them. */
export function listFilters(
  query: Omit<ServiceOrderListQuery, 'page' | 'pageSize' | 'includeCommunications'>,
): OrderFilters {
  return {
    text: query.search,
    textInOrder: true,
    status: query.status,
    priority: query.priority,
    serviceType: query.serviceType,
    email: query.customerEmail,
    customerId: query.customerId,
    assignedTechnicianId: query.assignedTechnicianId,
    relatedProductId: query.relatedProductId,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
    completedFrom: query.completedFrom,
    completedTo: query.completedTo,
  };
}
