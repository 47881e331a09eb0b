import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import { namedRows } from '../../db/named-rows.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { placeholderValues, scoped, scopedPlaceholder, type TenantScope } from '../../db/tenant.ts';
import { createCommonTokens, type CommonTokensOptions } from './service-orders.common-tokens.ts';
import { createRollupCounts } from './service-orders.list-counts.ts';
import {
  BOUNDS,
  equalsText,
  filterConditions,
  holdsText,
  listColumns,
  listRowFields,
  o,
  sortBy,
  toListItem,
  usesSearch,
  type OrderFilters,
  type PageRequest,
  type SortDirection,
} from './service-orders.filters.ts';

// The list's three ways to a page: a text search (page and total in one query), the plain list
// as prepared statements per filter shape, and the plain list built per request past the cap.

export interface ServiceOrderListOptions {
  /** How many filter shapes of the plain list get prepared statements (tests lower it). */
  maxListShapes?: number;
  /**
   * How many of the partner's newest orders the global search looks through first for a name
   * (tests lower it; then every partner counts as large).
   */
  recentWindow?: number;
  /** The partner's common search tokens: how they are sampled and kept (tests lower the sample). */
  commonTokens?: CommonTokensOptions;
}

type Page = { items: ServiceOrderListItem[]; total: number };

/** A list row as the queries read it, before `toListItem`. */
const listRowsOf = (db: Db) =>
  db.select(listColumns).from(o).leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId));

/** How many of the partner's newest orders the global search looks through first for a name. */
const RECENT_WINDOW = 500;
/**
 * From how many orders a partner's name searches look through the newest first: below, even a
 * common name's matches are a few hundred rows, which the search index reads at once.
 */
const LARGE_PARTNER = 20_000;
/**
 * A name found this many times among the newest `RECENT_WINDOW` orders, but not often enough, is
 * looked for again among `WIDEN_BY` times as many: at that rate they hold enough, and the scan
 * stops once it has them. A rarer name goes to the search index, which its few matches make cheap.
 */
const WIDEN_FROM = 3;
const WIDEN_BY = 8;

export function createServiceOrderListQueries(db: Db, options: ServiceOrderListOptions = {}) {
  /**
   * The page and the total of a text search in one query: the matching rows are few and found
   * through the search index, so counting them while sorting costs nothing extra, where a second
   * query would search again. The matches are counted and sorted as (id, created) pairs only, and
   * the page's 20 rows are read and joined after the limit: a term matching thousands of orders
   * (a common surname) then carries two columns through the count and the sort, not every list
   * column and a technician lookup per match.
   */
  async function searchPage(scope: TenantScope, filters: OrderFilters, page: PageRequest): Promise<Page> {
    const where = scoped(o, scope, ...filterConditions(scope, filters, commonTokens.of(scope)));
    const matches = db
      .select({ id: o.id, createdAt: o.createdAt, total: sql<number>`count(*) over ()`.as('search_total') })
      .from(o)
      .where(where)
      .orderBy(...sortBy(page.sortDirection))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .as('matches');
    const rows = await db
      .select({ ...listColumns, total: sql<number>`${matches.total}`.mapWith(Number) })
      .from(matches)
      .innerJoin(o, eq(o.id, matches.id))
      .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
      .orderBy(...sortBy(page.sortDirection));
    const first = rows[0];
    let total = first?.total ?? 0;
    // Past the last page the window has no row to carry the total: ask for it.
    if (!first && page.page > 1) total = (await db.select({ n: count() }).from(o).where(where))[0]?.n ?? 0;
    return { items: rows.map(({ total: _total, ...row }) => toListItem(row)), total };
  }

  /**
   * The plain list (no text search): its page and count are prepared statements, one pair per
   * filter shape, so neither drizzle nor PostgreSQL builds or plans them again on every request.
   */
  const listStatements = new Map<string, ReturnType<typeof prepareList>>();
  const maxListShapes = options.maxListShapes ?? 256;

  function listShape(f: OrderFilters, sortDirection: SortDirection) {
    return [
      sortDirection,
      f.status?.length ?? 0,
      f.priority?.length ?? 0,
      f.serviceType?.length ?? 0,
      f.customerId ? 1 : 0,
      f.assignedTechnicianId ? 1 : 0,
      f.relatedProductId ? 1 : 0,
      BOUNDS.map(([key]) => (f[key] ? 1 : 0)).join(''),
    ].join(':');
  }

  function prepareList(f: OrderFilters, sortDirection: SortDirection, name: string) {
    const ph = (key: string) => sql.placeholder(key);
    const several = (key: string, n: number) => Array.from({ length: n }, (_, i) => ph(`${key}${i}`));
    const where = scopedPlaceholder(
      o,
      f.status?.length ? inArray(o.status, several('status', f.status.length)) : undefined,
      f.priority?.length ? inArray(o.priority, several('priority', f.priority.length)) : undefined,
      f.serviceType?.length
        ? inArray(o.serviceType, several('serviceType', f.serviceType.length))
        : undefined,
      f.customerId ? eq(o.customerId, ph('customerId')) : undefined,
      f.assignedTechnicianId ? eq(o.assignedTechnicianId, ph('technicianId')) : undefined,
      f.relatedProductId ? eq(o.relatedProductId, ph('relatedProductId')) : undefined,
      ...BOUNDS.map(([key, column, op]) =>
        f[key] ? sql`${o[column]} ${sql.raw(op)} ${ph(key)}::timestamptz` : undefined,
      ),
    );
    return {
      // Rows as the driver reads them (`namedRows`): drizzle's per-field mapping was the largest
      // share of the list's own cost, and the instants as ISO text the next (bench/README.md, item 1).
      page: namedRows<ServiceOrderListItem>(
        db,
        `${name}_rows`,
        db
          .select(listRowFields)
          .from(o)
          .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
          .where(where)
          .orderBy(...sortBy(sortDirection))
          .limit(ph('limit'))
          .offset(ph('offset'))
          .toSQL(),
        { instantsAsText: true },
      ),
      count: db.select({ n: count() }).from(o).where(where).prepare(`${name}_count`),
    };
  }

  function listValues(f: OrderFilters): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    f.status?.forEach((v, i) => (values[`status${i}`] = v));
    f.priority?.forEach((v, i) => (values[`priority${i}`] = v));
    f.serviceType?.forEach((v, i) => (values[`serviceType${i}`] = v));
    if (f.customerId) values.customerId = f.customerId;
    if (f.assignedTechnicianId) values.technicianId = f.assignedTechnicianId;
    if (f.relatedProductId) values.relatedProductId = f.relatedProductId;
    for (const [key] of BOUNDS) if (f[key]) values[key] = f[key];
    return values;
  }

  /** The plain list built for this request: past the cap of prepared shapes. */
  async function builtPage(scope: TenantScope, filters: OrderFilters, page: PageRequest): Promise<Page> {
    const where = scoped(o, scope, ...filterConditions(scope, filters));
    const [rows, totals] = await Promise.all([
      listRowsOf(db)
        .where(where)
        .orderBy(...sortBy(page.sortDirection))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(o).where(where),
    ]);
    return { items: rows.map(toListItem), total: totals[0]?.n ?? 0 };
  }

  const recentWindow = options.recentWindow ?? RECENT_WINDOW;
  const largePartner = options.recentWindow === undefined ? LARGE_PARTNER : 0;

  const rollupCounts = createRollupCounts(db);
  const commonTokens = createCommonTokens(
    db,
    (scope) => rollupCounts.partnerOrders(scope),
    options.commonTokens,
  );

  /** The total from a roll-up when one keeps these filters (decision 082), else counted. */
  async function countOf(
    scope: TenantScope,
    filters: OrderFilters,
    counted: ReturnType<typeof prepareList>['count'],
    values: Record<string, unknown>,
  ): Promise<number> {
    const fromRollup = await rollupCounts.count(scope, filters);
    if (fromRollup !== undefined) return fromRollup;
    return (await counted.execute(values))[0]?.n ?? 0;
  }

  async function plainPage(scope: TenantScope, filters: OrderFilters, page: PageRequest): Promise<Page> {
    const shape = listShape(filters, page.sortDirection);
    let statements = listStatements.get(shape);
    if (!statements) {
      // Shapes are counts of chosen statuses, priorities and types: in practice a few dozen. Past
      // the cap the query is built as usual (a name must never be reused for other SQL).
      if (listStatements.size >= maxListShapes) return builtPage(scope, filters, page);
      // The name follows from the shape, as the SQL does: the same name always means the same SQL,
      // on every pooled connection, whichever repository instance prepared it.
      statements = prepareList(filters, page.sortDirection, `so_list_${shape.replaceAll(':', '_')}`);
      listStatements.set(shape, statements);
    }
    const values = placeholderValues(scope, listValues(filters));
    const [rows, total] = await Promise.all([
      statements.page({ ...values, limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
      countOf(scope, filters, statements.count, values),
    ]);
    return { items: rows, total };
  }

  return {
    /** Works out the partner's common search tokens now (they are otherwise refreshed in the background). */
    refreshCommonTokens: (scope: TenantScope) => commonTokens.refresh(scope),

    async list(scope: TenantScope, filters: OrderFilters, page: PageRequest): Promise<Page> {
      return usesSearch(filters) ? searchPage(scope, filters, page) : plainPage(scope, filters, page);
    },

    /**
     * Up to `limit` orders containing the text, exact matches first (the text is the whole order
     * number, serial number, e-mail or phone), then the newest. A text with digits or '@' (an
     * identifier: rare) goes through the search index once: the orders containing it as
     * (id, created, exact), the first `limit` kept and only those read whole. A text that reads
     * like a name may be in thousands of orders (a common surname), which the search index would
     * all read: its exact matches come through their own index, the others from the partner's
     * newest orders, scanned newest first until enough are found: first `RECENT_WINDOW` of them,
     * which a common name fills after a few hundred rows; then, when that window held a few
     * (at least `WIDEN_FROM`, so the text is common enough to fill it soon), eight times as many;
     * only otherwise the search index, which a text this rare costs little to read whole. The
     * answer is the same either way: everything outside a window is older.
     */
    async globalSearch(
      scope: TenantScope,
      text: string,
      limit: number,
    ): Promise<(ServiceOrderListItem & { exact: boolean })[]> {
      const long = [...text].length >= 3;
      const equal = equalsText(text);
      const newestFirst = [desc(o.createdAt), desc(o.id)];

      /** Through the search index: every order containing the text, sorted as (id, created, exact). */
      const singlePass = async () => {
        const exact = long ? sql<boolean>`coalesce(${equal.check}, false)` : sql<boolean>`false`;
        const matches = db
          .select({ id: o.id, createdAt: o.createdAt, exact: exact.as('exact') })
          .from(o)
          .where(scoped(o, scope, ...filterConditions(scope, { text }, commonTokens.of(scope))))
          .orderBy(sql`${exact} desc`, ...newestFirst)
          .limit(limit)
          .as('matches');
        const rows = await db
          .select({ ...listColumns, exact: matches.exact })
          .from(matches)
          .innerJoin(o, eq(o.id, matches.id))
          .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
          .orderBy(sql`${matches.exact} desc`, ...newestFirst);
        return rows.map(({ exact: isExact, ...row }) => ({ ...toListItem(row), exact: isExact }));
      };

      if (/[\d@]/.test(text) || !long || (await rollupCounts.partnerOrders(scope)) < largePartner) {
        return singlePass();
      }

      const exactRows = await listRowsOf(db)
        .where(scoped(o, scope, equal.index, equal.check))
        .orderBy(...newestFirst)
        .limit(limit);
      const wanted = limit + exactRows.length;
      /** The newest orders containing the text among the partner's `size` newest. */
      const inWindow = (size: number) => {
        // The created time of the partner's size-th newest order (null: it has fewer).
        const windowStart = sql`(select ${o.createdAt} from ${o} where ${o.servicePartnerId} = ${scope.partnerId}
          order by ${o.createdAt} desc, ${o.id} desc offset ${size - 1} limit 1)`;
        return listRowsOf(db)
          .where(
            scoped(
              o,
              scope,
              holdsText(text, false),
              sql`${o.createdAt} >= coalesce(${windowStart}, '-infinity')`,
            ),
          )
          .orderBy(...newestFirst)
          .limit(wanted);
      };
      let rows = await inWindow(recentWindow);
      if (rows.length < wanted && rows.length >= WIDEN_FROM) rows = await inWindow(recentWindow * WIDEN_BY);
      if (rows.length < wanted) return singlePass();
      const seen = new Set(exactRows.map((r) => r.id));
      return [
        ...exactRows.map((r) => ({ ...toListItem(r), exact: true })),
        ...rows.filter((r) => !seen.has(r.id)).map((r) => ({ ...toListItem(r), exact: false })),
      ].slice(0, limit);
    },
  };
}
