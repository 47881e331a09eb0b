import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/helper.ts';

/**
 * Tables that are not business data and so carry no history (issue 26). Each says why; a new
 * table is either attached in its migration (`select history_attach('table', array[...])`) or
 * named here with a reason.
 */
const NO_HISTORY: Record<string, string> = {
  // Sign-in machinery: short-lived, secret, or a log of its own.
  auth_events: 'sign-in attempts: a security log of its own',
  otp_codes: 'one-time codes: secrets that live minutes',
  sessions: 'sign-in sessions: neither business data nor kept',
  shop_oauth_states: 'OAuth round-trip states, minutes long',
  shop_session_token_uses: 'replay guard of shop session tokens',
  shop_user_links: 'which shop user signs in as whom: sign-in machinery',
  shop_tokens: "the shop's access token: a secret, refreshed by itself",
  upload_verification_failures: 'rate-limit counters of upload-link checks',
  webhook_replay_tokens: 'replay guard of inbound webhooks',
  // Work queues, logs and caches.
  jobs: 'the job queue: its own states are its history',
  job_effects: "the job runner's once-only ledger",
  idempotency_keys: 'stored answers for repeated requests, a day long',
  shop_webhook_deliveries: "the shop's deliveries: a log of their own",
  webhook_events: 'webhooks out: the outbox of events (the change itself has history)',
  webhook_deliveries: 'webhooks out: one delivery per endpoint, a log of its own',
  webhook_attempts: 'webhooks out: the attempts of a delivery, a log of its own',
  product_sync_runs: 'catalogue sync runs: a log of their own',
  document_opens: 'who opened a document: a read log',
  rental_reminders: 'which reminder was sent: a log (the message is in communications)',
  service_order_status_history: "the order's status log (status changes are in service_orders' history)",
  stored_files: 'the file ledger: bytes, not business fields (images and documents have history)',
  // Derived data, rebuilt from other tables.
  dashboard_revenue: 'revenue per day, derived from orders and work logs',
  service_order_days: 'orders created per day, derived from the orders (decision 082)',
  service_order_technician_days: "technicians' orders per day, derived from the orders (decision 082)",
  service_order_counts: 'orders per status, priority and type, derived from the orders (decision 082)',
  order_number_counters: 'the next order number per partner',
  // A user's own screen settings.
  service_order_views: "a user's saved views of the order list: screen settings, not business data",
  // Alerts (decision 078): notices about records that have history of their own.
  alerts: 'notices of what happened to orders and rentals (the records themselves have history)',
  alert_reads: "which alert a user has read: a person's read state, not business data",
  alert_read_marks: 'a user\'s "mark all read" time: read state, not business data',
  // The history itself (the parent and its month partitions).
  history_events: 'the history itself',
  history_tables: 'which tables have history (history_attach writes it)',
};

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('every business table has the history triggers', () => {
  it('fails for a table without them that the exclusion list does not name', async () => {
    const tables = await rows<{ name: string }>(sql`
      select t.table_name as name from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and not exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
                        where c.relname = t.table_name)
      order by 1`);
    const triggers = await rows<{ table: string; event: string }>(sql`
      select event_object_table as table, event_manipulation as event
      from information_schema.triggers
      where trigger_schema = 'public' and action_statement like '%history_capture%'`);
    const covered = new Map<string, Set<string>>();
    for (const t of triggers) covered.set(t.table, (covered.get(t.table) ?? new Set()).add(t.event));

    const names = tables.map((t) => t.name);
    expect(names.length).toBeGreaterThan(30);
    const missing = names.filter((n) => !(n in NO_HISTORY) && covered.get(n)?.size !== 3);
    expect(missing, 'attach these with history_attach or name them in NO_HISTORY').toEqual([]);
    // The list names no table that is gone or that has history after all.
    const stale = Object.keys(NO_HISTORY).filter((n) => !names.includes(n) || covered.has(n));
    expect(stale).toEqual([]);
  });

  it('records every column of each table with history (history_refresh after adding one)', async () => {
    const stale = await rows<{ table: string; missing: string[] }>(sql`
      select h.table_name as table, array(
        select c.column_name::text from information_schema.columns c
        where c.table_schema = current_schema() and c.table_name = h.table_name
          and c.column_name::text <> all (h.ignored || array['updated_at', 'version', 'created_at', 'service_partner_id'])
          and c.column_name::text <> all (h.columns)) as missing
      from history_tables h`);
    expect(stale.filter((t) => t.missing.length > 0)).toEqual([]);
  });

  it('sees a new table without the triggers, and the one-line helper attaches them', async () => {
    await database.db.execute(sql`create table history_probe (id uuid primary key, name text)`);
    const count = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from information_schema.triggers where event_object_table = 'history_probe'`,
        )
      )[0]!.n;
    expect(await count()).toBe(0);
    await database.db.execute(sql`select history_attach('history_probe', array['name'])`);
    expect(await count()).toBe(3);
    await database.db.execute(sql`drop table history_probe`);
  });
});
