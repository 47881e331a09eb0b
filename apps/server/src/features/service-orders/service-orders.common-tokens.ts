import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchTokensOf } from '../../db/schema/service-orders.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { o } from './service-orders.filters.ts';

// The search tokens that most of a partner's orders hold: the order number's "so-", "-20" and
// year, "com" and ".no" of the e-mails, "+47" of the phones. The search index keeps a posting list
// per partner and token, and for these it covers nearly all of the partner's orders: a condition
// that asks for them makes the index read those lists to intersect them, for a few matches
// (`tokensFor` leaves them out). What is common is a property of the partner's data, which moves
// slowly: it is worked out from a sample, kept an hour in each instance, refreshed in the
// background, and never waited for (a search before the first sample uses every token).

export interface CommonTokensOptions {
  /** How long a partner's common tokens are kept before a search refreshes them (1 h). */
  ttlMs?: number;
  /** How many of the partner's orders the sample aims at (1,000). */
  sampleSize?: number;
  /** Fewer sampled orders than this say too little: no token is called common (200). */
  minSample?: number;
  /**
   * From how many orders a partner is sampled at all (20,000): below, its posting lists are
   * short enough to read whole, and a sample would read a large part of the table.
   */
  minOrders?: number;
  /** A token held by at least this share of the sample is common (0.4). */
  share?: number;
  /** Where a failed refresh is reported (it is tried again after the next `ttlMs`). */
  onError?: (err: unknown) => void;
}

interface Entry {
  tokens: readonly string[];
  at: number;
  refreshing: boolean;
}

/**
 * `partnerOrders` answers how many orders a partner has (the roll-up's sum: one index range).
 */
export function createCommonTokens(
  db: Db,
  partnerOrders: (scope: TenantScope) => Promise<number>,
  options: CommonTokensOptions = {},
) {
  const ttlMs = options.ttlMs ?? 3_600_000;
  const sampleSize = options.sampleSize ?? 1000;
  const minSample = options.minSample ?? 200;
  const minOrders = options.minOrders ?? 20_000;
  const share = options.share ?? 0.4;
  const cache = new Map<string, Entry>();

  /**
   * The sample: PostgreSQL's page sample of the whole table (TABLESAMPLE SYSTEM), at the share of
   * pages that holds about `sampleSize` of the partner's orders if its orders are spread over the
   * table as they are written, over its whole history. It reads that share of the table's pages:
   * ≈ 250 for the largest partner of the bench (a quarter of 1M orders), ≈ 3,000 for one of 20,000.
   */
  async function compute(scope: TenantScope): Promise<readonly string[]> {
    const orders = await partnerOrders(scope);
    if (orders < minOrders) return [];
    const percent = Math.min(100, (100 * sampleSize) / orders);
    const result: unknown = await db.execute(sql`
      with sample as (
        select ${searchTokensOf(o)} as tokens from ${o} tablesample system (${percent}::float4)
         where ${o.servicePartnerId} = ${scope.partnerId}
      ),
      size as (select count(*)::int as n from sample)
      select t.token::text as token, size.n as sampled
        from sample, unnest(sample.tokens) as t(token), size
       group by t.token, size.n
      having count(*) >= ${share}::float8 * size.n`);
    // Both drivers answer db.execute with { rows: [...] } of plain objects.
    const rows = (result as { rows: { token: unknown; sampled: unknown }[] }).rows;
    const sampled = Number(rows[0]?.sampled ?? 0);
    return sampled >= minSample ? rows.map((r) => String(r.token)) : [];
  }

  async function refresh(scope: TenantScope): Promise<readonly string[]> {
    const entry = cache.get(scope.partnerId);
    if (entry) entry.refreshing = true;
    try {
      const tokens = await compute(scope);
      cache.set(scope.partnerId, { tokens, at: Date.now(), refreshing: false });
      return tokens;
    } catch (err) {
      // Kept (or none) until the next period: a search never fails for want of them.
      cache.set(scope.partnerId, { tokens: entry?.tokens ?? [], at: Date.now(), refreshing: false });
      options.onError?.(err);
      return entry?.tokens ?? [];
    }
  }

  return {
    /** The partner's common tokens as last worked out (none yet: none); starts a refresh when due. */
    of(scope: TenantScope): readonly string[] {
      const entry = cache.get(scope.partnerId);
      if (!entry || (!entry.refreshing && Date.now() - entry.at >= ttlMs)) {
        if (!entry) cache.set(scope.partnerId, { tokens: [], at: 0, refreshing: true });
        void refresh(scope);
      }
      return entry?.tokens ?? [];
    },
    /** Works them out now and keeps them (the tests; searches never wait for them). */
    refresh,
  };
}
