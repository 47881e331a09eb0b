/**
 * Loads the benchmark data set into its own PostgreSQL database (default sp_bench):
 * N orders (default 1,000,000) over P partners (default 50), partner #1 holding BENCH_BIG_SHARE
 * (default 25 %) of them so that 100k- and 200k-row exports exist, with users, technicians,
 * warehouse locations, customers (≈ 1 per 8 orders), 0–3 spare-part lines and 2–4 status-history
 * rows per order, 1–2 completed work logs per completed order (one open log on half the orders
 * in progress), the orders' money totals as the triggers keep them (decision 084), and order
 * numbers per partner and year that agree with order_number_counters.
 *
 * How: the server's own migrations create the schema; the indexes and constraints of the four
 * big tables are dropped, the rows stream in through COPY ... FREEZE on parallel connections,
 * then the indexes and constraints are rebuilt from their saved definitions (checked identical
 * afterwards) and VACUUM ANALYZE runs. What pg_restore does, for the same reason.
 *
 *   npx tsx bench/generate.ts            # loads when missing or different, else says so and stops
 *   npx tsx bench/generate.ts --reset    # drops and recreates the database first
 *   BENCH_ORDERS=100000 npx tsx bench/generate.ts
 *
 * Over 500 lines on purpose: one loader whose steps (drop, COPY, rebuild, check) share the saved
 * index definitions; the row generators are in bench/lib/dataset.ts.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  EMPTY_CHECKPOINTS,
  formatOrderNumber,
  type Priority,
  type ServiceOrderStatus,
  type ServiceType,
} from '@service-portal/shared/service-orders';
import { WORK_LOG_CATEGORIES as LOG_CATEGORIES } from '@service-portal/shared/pricing';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { MIGRATIONS_DIR } from '../apps/server/src/paths.ts';
import { createRandom, type Random } from '../apps/server/src/seed/random.ts';
import { phoneDigits } from '../apps/server/src/features/customers/customers.service.ts';
import { benchConfig, type DataSpec } from './lib/config.ts';
import {
  COMPLETION_NOTES,
  DESCRIPTIONS,
  FIRST_NAMES,
  INTERNAL_NOTES,
  LAST_NAMES,
  MAIL_DOMAINS,
  PARTS,
  PLACES,
  PRIORITY_WEIGHTS,
  SERIAL_MODELS,
  STATUS_PATHS,
  STATUS_WEIGHTS_MIDDLE,
  STATUS_WEIGHTS_OLD,
  STATUS_WEIGHTS_RECENT,
  STREETS,
  TITLES,
  TYPE_WEIGHTS,
} from './lib/dataset.ts';

/** Bumped when the shape of the generated data changes: a database of another version is reloaded. */
const DATA_VERSION = 2;
const BIG_TABLES = [
  'customers',
  'service_orders',
  'service_order_spare_parts',
  'service_order_status_history',
  'work_logs',
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SPAN_DAYS = 730;

export interface DataSummary {
  database: string;
  spec: DataSpec;
  generatedAt: string;
  /** Null when the data was already there. */
  loadSeconds: number | null;
  rows: Record<string, number>;
  phases?: Record<string, number>;
}

interface Meta {
  bench: number;
  orders: number;
  partners: number;
  bigShare: number;
  generatedAt: string;
  rows: Record<string, number>;
}

type Log = (line: string) => void;

// ---------------------------------------------------------------------------------------------
// COPY text format

function esc(value: string | null): string {
  if (value === null) return '\\N';
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c)
    : value;
}
const num = (value: number | null) => (value === null ? '\\N' : String(value));
const ts = (ms: number) => new Date(ms).toISOString();

/** A COPY ... FROM STDIN on its own connection, fed in large chunks with backpressure. */
class CopyWriter {
  private buffer: string[] = [];
  private size = 0;
  rows = 0;
  private constructor(
    private readonly client: pg.Client,
    private readonly stream: ReturnType<typeof copyFrom>,
  ) {}

  static async open(url: string, table: string, columns: string[], freeze: boolean): Promise<CopyWriter> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('set synchronous_commit = off');
    // Row triggers off for the load (the dashboard's revenue roll-up would look up every line's
    // order, whose index is not built yet); dashboard_revenue_rebuild() runs once afterwards.
    await client.query('set session_replication_role = replica');
    // FREEZE needs the table created or truncated in the same transaction; the rows then land
    // frozen and all-visible, so no later VACUUM has to rewrite a page of them.
    await client.query('begin');
    if (freeze) await client.query(`truncate ${table}`);
    const stream = client.query(
      copyFrom(`copy ${table} (${columns.join(', ')}) from stdin${freeze ? ' with (freeze)' : ''}`),
    );
    return new CopyWriter(client, stream);
  }

  /** Adds one row (its fields already in COPY text form). */
  row(fields: string[]): void {
    const line = fields.join('\t') + '\n';
    this.buffer.push(line);
    this.size += line.length;
    this.rows++;
  }

  get pending(): boolean {
    return this.size >= 1 << 20;
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        this.stream.once('error', onError);
        this.stream.once('drain', () => {
          this.stream.off('error', onError);
          resolve();
        });
      });
    }
  }

  async close(): Promise<number> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.stream.once('finish', resolve);
      this.stream.once('error', reject);
      this.stream.end();
    });
    await this.client.query('commit');
    await this.client.end();
    return this.rows;
  }
}

async function copyAll(url: string, table: string, columns: string[], rows: string[][]): Promise<void> {
  const writer = await CopyWriter.open(url, table, columns, false);
  for (const r of rows) {
    writer.row(r);
    if (writer.pending) await writer.flush();
  }
  await writer.close();
}

// ---------------------------------------------------------------------------------------------
// Database lifecycle

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function databaseExists(): Promise<boolean> {
  return withClient(benchConfig.adminUrl, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [benchConfig.database]);
    return r.rowCount === 1;
  });
}

async function dropDatabase(log: Log): Promise<void> {
  log(`dropping database ${benchConfig.database}`);
  await withClient(benchConfig.adminUrl, (c) =>
    c.query(`drop database if exists ${quoteIdent(benchConfig.database)} with (force)`),
  );
}

async function createDatabase(log: Log): Promise<void> {
  log(`creating database ${benchConfig.database}`);
  await withClient(benchConfig.adminUrl, (c) =>
    c.query(`create database ${quoteIdent(benchConfig.database)}`),
  );
}

async function readMeta(): Promise<Meta | null> {
  return withClient(benchConfig.databaseUrl, async (c) => {
    const r = await c.query<{ comment: string | null }>(
      'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
      [benchConfig.database, 'pg_database'],
    );
    const comment = r.rows[0]?.comment;
    if (!comment) return null;
    try {
      const meta = JSON.parse(comment) as Meta;
      return meta.bench === DATA_VERSION ? meta : null;
    } catch {
      return null;
    }
  });
}

async function countRows(url: string): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const tables = ['service_partners', 'users', 'technicians', 'warehouse_locations', ...BIG_TABLES];
    const out: Record<string, number> = {};
    for (const t of tables) {
      const r = await c.query<{ n: string }>(`select count(*) as n from ${t}`);
      out[t] = Number(r.rows[0]?.n ?? 0);
    }
    return out;
  });
}

interface SavedDdl {
  foreignKeys: { table: string; name: string; def: string }[];
  keys: { table: string; name: string; def: string }[];
  indexes: { name: string; def: string }[];
}

/** The constraints and indexes of the big tables, as DDL to recreate them. */
async function saveDdl(c: pg.Client): Promise<SavedDdl> {
  const constraints = await c.query<{ table: string; name: string; def: string; type: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def, contype as type
       from pg_constraint
      where contype in ('p', 'u', 'f')
        and (conrelid = any($1::regclass[]) or (contype = 'f' and confrelid = any($1::regclass[])))
      order by conrelid::regclass::text, conname`,
    [BIG_TABLES],
  );
  const indexes = await c.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
      order by 1`,
    [BIG_TABLES],
  );
  return {
    foreignKeys: constraints.rows.filter((r) => r.type === 'f'),
    keys: constraints.rows.filter((r) => r.type !== 'f'),
    indexes: indexes.rows,
  };
}

const ddlFingerprint = (d: SavedDdl) =>
  JSON.stringify([
    d.foreignKeys.map((k) => `${k.table}.${k.name}: ${k.def}`).sort(),
    d.keys.map((k) => `${k.table}.${k.name}: ${k.def}`).sort(),
    d.indexes.map((i) => i.def).sort(),
  ]);

async function dropDdl(c: pg.Client, ddl: SavedDdl): Promise<void> {
  for (const k of ddl.foreignKeys)
    await c.query(`alter table ${k.table} drop constraint ${quoteIdent(k.name)}`);
  for (const k of ddl.keys) await c.query(`alter table ${k.table} drop constraint ${quoteIdent(k.name)}`);
  for (const i of ddl.indexes) await c.query(`drop index ${i.name}`);
}

/** Runs the statements on `parallel` connections, longest first (the trigram GIN index dominates). */
async function runParallel(url: string, statements: string[], parallel: number, log: Log): Promise<void> {
  const queue = [...statements];
  const worker = async () => {
    await withClient(url, async (c) => {
      await c.query(`set maintenance_work_mem = '1GB'`);
      for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
        const t0 = performance.now();
        await c.query(s);
        log(`  ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${s.slice(0, 110)}`);
      }
    });
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function restoreDdl(url: string, ddl: SavedDdl, log: Log): Promise<void> {
  // Primary and unique keys first (the foreign keys need them), then the other indexes.
  const weight = (def: string) => (def.includes('gin') ? 0 : def.includes('service_orders') ? 1 : 2);
  const builds = [
    ...ddl.keys.map((k) => `alter table ${k.table} add constraint ${quoteIdent(k.name)} ${k.def}`),
    ...ddl.indexes.map((i) => i.def),
  ].sort((a, b) => weight(a) - weight(b));
  await runParallel(url, builds, 2, log);
  // Adding a foreign key locks both tables: one at a time.
  await runParallel(
    url,
    ddl.foreignKeys.map((k) => `alter table ${k.table} add constraint ${quoteIdent(k.name)} ${k.def}`),
    1,
    log,
  );
}

// ---------------------------------------------------------------------------------------------
// The data

interface Partner {
  id: string;
  index: number;
  name: string;
  orders: number;
  userIds: string[];
  technicianIds: string[];
  locationIds: string[];
  customers: Customer[];
  counters: Map<number, number>;
}

interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function asciiLocal(s: string): string {
  return s
    .toLowerCase()
    .replaceAll('ø', 'o')
    .replaceAll('å', 'a')
    .replaceAll('æ', 'ae')
    .replace(/[^a-z]/g, '');
}

function mobile(rnd: Random): string {
  const d = () => String(rnd.int(0, 9));
  return `+47 ${rnd.pick(['4', '9'])}${d()}${d()} ${d()}${d()} ${d()}${d()}${d()}`;
}

/** Orders per partner: partner #1 gets `bigShare`, the rest is dealt round-robin. */
export function partnerShares(spec: DataSpec): number[] {
  if (spec.partners === 1) return [spec.orders];
  const big = Math.round(spec.orders * spec.bigShare);
  const rest = spec.orders - big;
  const others = spec.partners - 1;
  return [
    big,
    ...Array.from({ length: others }, (_, i) => Math.floor(rest / others) + (i < rest % others ? 1 : 0)),
  ];
}

/** The year of an instant on the partners' wall clock (Europe/Oslo: January is UTC+1). */
function osloYear(ms: number): number {
  const y = new Date(ms).getUTCFullYear();
  return ms >= Date.UTC(y + 1, 0, 1) - HOUR ? y + 1 : y;
}

async function load(
  spec: DataSpec,
  log: Log,
): Promise<{ rows: Record<string, number>; phases: Record<string, number> }> {
  const url = benchConfig.databaseUrl;
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - mark) / 100) / 10;
    mark = now;
  };

  const database = await openDatabase({ driver: 'postgres', url });
  await database.migrate(MIGRATIONS_DIR);
  await database.close();
  phase('migrate');

  const ddl = await withClient(url, async (c) => {
    const saved = await saveDdl(c);
    await dropDdl(c, saved);
    return saved;
  });
  phase('dropIndexes');

  const rnd = createRandom(20261121);
  const now = Date.now();
  const start = now - SPAN_DAYS * DAY;
  const shares = partnerShares(spec);

  // Partners, users, technicians, locations, customers: small enough to build in memory.
  const partners: Partner[] = shares.map((orders, index) => ({
    id: randomUUID(),
    index,
    name: `Bench Partner ${pad2(index + 1)}${index === 0 ? ' (large)' : ''}`,
    orders,
    userIds: [],
    technicianIds: [],
    locationIds: [],
    customers: [],
    counters: new Map(),
  }));
  const createdAt = ts(start - 30 * DAY);
  const partnerRows = partners.map((p) => [p.id, esc(p.name), 't', 'Europe/Oslo', createdAt, createdAt, '1']);
  const userRows: string[][] = [
    [
      randomUUID(),
      'admin@bench.example.com',
      'Bench',
      'Admin',
      '{}',
      't',
      't',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      createdAt,
      createdAt,
      '1',
    ],
  ];
  const technicianRows: string[][] = [];
  const locationRows: string[][] = [];
  const customerRows: string[][] = [];
  const emailsTaken = new Set<string>();
  for (const p of partners) {
    const tag = `p${pad2(p.index + 1)}`;
    const staff: [string, string, string, string][] = [
      ['admin', 'Administrator', 'Office manager', '{Administrator}'],
      ['manager', 'ServiceManager', 'Service manager', '{ServiceManager}'],
      ['staff1', 'Staff', 'Service technician', '{}'],
      ['staff2', 'Staff', 'Customer service', '{}'],
    ];
    for (const [local, last, title, roles] of staff) {
      const id = randomUUID();
      p.userIds.push(id);
      userRows.push([
        id,
        `${local}.${tag}@bench.example.com`,
        `${tag.toUpperCase()}`,
        last,
        roles,
        't',
        'f',
        p.id,
        '\\N',
        title,
        '\\N',
        createdAt,
        createdAt,
        '1',
      ]);
    }
    const technicianCount = Math.max(4, Math.min(40, Math.round(p.orders / 2500)));
    for (let t = 0; t < technicianCount; t++) {
      const id = randomUUID();
      p.technicianIds.push(id);
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      technicianRows.push([
        id,
        p.id,
        '\\N',
        first,
        last,
        `${asciiLocal(first)}.${asciiLocal(last)}.${t}.${tag}@bench.example.com`,
        mobile(rnd),
        'Service technician',
        'Workshop',
        t === technicianCount - 1 ? 'f' : 't',
        createdAt,
        createdAt,
        '1',
      ]);
    }
    for (const name of ['Main workshop', 'Van 1', 'Van 2', 'Shelf A', 'Shelf B']) {
      const id = randomUUID();
      p.locationIds.push(id);
      locationRows.push([id, p.id, name, `${name} of ${p.name}`, 't', createdAt, createdAt, '1']);
    }
    const customerCount = Math.max(1, Math.ceil(p.orders / 8));
    for (let k = 0; k < customerCount; k++) {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      let email = `${asciiLocal(first)}.${asciiLocal(last)}@${rnd.pick(MAIL_DOMAINS)}`;
      while (emailsTaken.has(`${p.index}|${email}`)) {
        email = `${asciiLocal(first)}.${asciiLocal(last)}${rnd.int(2, 999)}@${rnd.pick(MAIL_DOMAINS)}`;
      }
      emailsTaken.add(`${p.index}|${email}`);
      const phone = rnd.chance(0.92) ? mobile(rnd) : null;
      const customer: Customer = {
        id: randomUUID(),
        name: `${first} ${last}`,
        email,
        phone,
        address: `${rnd.pick(STREETS)} ${rnd.int(1, 120)}, ${rnd.pick(PLACES)}`,
      };
      p.customers.push(customer);
      const at = ts(start - rnd.int(1, 300) * DAY);
      customerRows.push([
        customer.id,
        p.id,
        esc(customer.name),
        esc(email),
        esc(phone),
        esc(phoneDigits(phone)),
        esc(customer.address),
        '\\N',
        '\\N',
        at,
        at,
        '1',
      ]);
    }
  }
  emailsTaken.clear();

  await copyAll(
    url,
    'service_partners',
    ['id', 'name', 'is_active', 'time_zone', 'created_at', 'updated_at', 'version'],
    partnerRows,
  );
  await copyAll(
    url,
    'users',
    [
      'id',
      'email',
      'first_name',
      'last_name',
      'roles',
      'is_active',
      'is_global_admin',
      'service_partner_id',
      'department',
      'job_title',
      'phone_number',
      'created_at',
      'updated_at',
      'version',
    ],
    userRows,
  );
  await copyAll(
    url,
    'technicians',
    [
      'id',
      'service_partner_id',
      'user_id',
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'job_title',
      'department',
      'is_active',
      'created_at',
      'updated_at',
      'version',
    ],
    technicianRows,
  );
  await copyAll(
    url,
    'warehouse_locations',
    ['id', 'service_partner_id', 'name', 'description', 'is_active', 'created_at', 'updated_at', 'version'],
    locationRows,
  );
  {
    const w = await CopyWriter.open(
      url,
      'customers',
      [
        'id',
        'service_partner_id',
        'name',
        'email',
        'phone',
        'phone_digits',
        'address',
        'notes',
        'merged_into_id',
        'created_at',
        'updated_at',
        'version',
      ],
      true,
    );
    for (const r of customerRows) {
      w.row(r);
      if (w.pending) await w.flush();
    }
    await w.close();
  }
  phase('smallTables');
  log(
    `  partners ${partners.length}, users ${userRows.length}, technicians ${technicianRows.length}, customers ${customerRows.length}`,
  );

  // Orders, in time order across partners (as they arrive in real life, so a partner's rows are
  // spread over the heap), with their parts and history, on three parallel COPY streams.
  const orders = await CopyWriter.open(
    url,
    'service_orders',
    [
      'id',
      'service_partner_id',
      'order_number',
      'title',
      'service_type',
      'priority',
      'status',
      'description',
      'serial_number',
      'related_product_id',
      'estimated_cost_minor',
      'currency',
      'scheduled_date',
      'assigned_technician_id',
      'customer_id',
      'customer_name',
      'customer_email',
      'customer_phone',
      'customer_address',
      'internal_notes',
      'warehouse_location_id',
      'completion_notes',
      'checkpoints',
      'created_by',
      'created_at',
      'updated_at',
      'completed_at',
      'version',
      'parts_totals',
      'labour_totals',
    ],
    true,
  );
  const parts = await CopyWriter.open(
    url,
    'service_order_spare_parts',
    [
      'id',
      'service_partner_id',
      'service_order_id',
      'position',
      'part_number',
      'part_name',
      'quantity',
      'unit_cost_minor',
      'currency',
      'supplier',
      'notes',
      'created_at',
      'updated_at',
      'version',
    ],
    true,
  );
  const history = await CopyWriter.open(
    url,
    'service_order_status_history',
    [
      'id',
      'service_partner_id',
      'service_order_id',
      'from_status',
      'to_status',
      'changed_by',
      'changed_at',
      'note',
    ],
    true,
  );

  const logs = await CopyWriter.open(
    url,
    'work_logs',
    [
      'id',
      'service_partner_id',
      'service_order_id',
      'category',
      'user_id',
      'technician_id',
      'billable',
      'manual_minutes',
      'status',
      'completed_at',
      'billed_minutes',
      'pricing_type',
      'unit_price_minor',
      'cost_minor',
      'currency',
      'created_at',
      'updated_at',
    ],
    true,
  );

  const checkpoints = JSON.stringify(EMPTY_CHECKPOINTS);
  /** A money totals column as the triggers write it: one currency here (NOK). */
  const totalsText = (amount: number) => `NOK ${amount}`;
  const slot = (SPAN_DAYS * DAY) / spec.orders;
  // Deal partners in proportion to their shares, deterministically: a smooth weighted round-robin.
  const dealt = new Float64Array(partners.length);
  const reportEvery = Math.max(1, Math.floor(spec.orders / 10));
  const t0 = performance.now();
  for (let i = 0; i < spec.orders; i++) {
    let best = 0;
    let bestScore = -Infinity;
    for (let k = 0; k < partners.length; k++) {
      const score = (partners[k]!.orders * (i + 1)) / spec.orders - dealt[k]!;
      if (score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    dealt[best] = dealt[best]! + 1;
    const p = partners[best]!;

    const created = Math.round(start + (i + rnd.next() * 0.9) * slot);
    const year = osloYear(created);
    const sequence = (p.counters.get(year) ?? 0) + 1;
    p.counters.set(year, sequence);
    const age = now - created;
    const status = rnd.weighted(
      (age > 60 * DAY
        ? STATUS_WEIGHTS_OLD
        : age > 14 * DAY
          ? STATUS_WEIGHTS_MIDDLE
          : STATUS_WEIGHTS_RECENT) as Record<ServiceOrderStatus, number>,
    );
    const priority: Priority = rnd.weighted(PRIORITY_WEIGHTS);
    const serviceType: ServiceType = rnd.weighted(TYPE_WEIGHTS);
    const customer = p.customers[rnd.int(0, p.customers.length - 1)]!;
    const path = rnd.pick(STATUS_PATHS[status]);
    // The order's life: history steps between creation and its last change.
    const lifetime = Math.min(age, rnd.int(2, 21 * 24) * HOUR);
    const steps = path.map((_, s) =>
      s === 0 ? created : created + Math.round((lifetime * s) / (path.length - 1)),
    );
    const last = steps[steps.length - 1]!;
    const completedAt = status === 'completed' ? last : null;
    const id = randomUUID();
    const userId = p.userIds[rnd.int(0, p.userIds.length - 1)]!;
    const scheduled =
      status !== 'created' && rnd.chance(0.6)
        ? new Date(created + rnd.int(1, 14) * DAY).toISOString().slice(0, 10)
        : null;
    const technicianId = rnd.chance(0.8) ? p.technicianIds[rnd.int(0, p.technicianIds.length - 1)]! : null;
    const roll = rnd.next();
    const lineCount = roll < 0.4 ? 0 : roll < 0.7 ? 1 : roll < 0.9 ? 2 : 3;
    const lines = Array.from({ length: lineCount }, () => ({
      part: rnd.pick(PARTS),
      quantity: rnd.int(1, 3),
    }));
    // Work logs: 1–2 completed ones on a completed order (hourly at NOK 950, billed by the
    // started quarter hour; one in ten not billable), an open one on half the orders in progress.
    const logCount =
      status === 'completed' ? rnd.int(1, 2) : status === 'in_progress' && rnd.chance(0.5) ? 1 : 0;
    const workLogs = Array.from({ length: logCount }, () => {
      const minutes = rnd.int(2, 16) * 15 - rnd.int(0, 14);
      const billed = Math.ceil(minutes / 15) * 15;
      return {
        minutes,
        billed,
        billable: rnd.chance(0.9),
        category: rnd.pick(LOG_CATEGORIES),
        cost: (billed * 95_000) / 60,
      };
    });
    let partsAmount = 0;
    for (const l of lines) partsAmount += l.quantity * l.part.unitCost;
    let labourAmount = 0;
    let billedLogs = 0;
    if (status === 'completed')
      for (const w of workLogs)
        if (w.billable) {
          labourAmount += w.cost;
          billedLogs++;
        }
    orders.row([
      id,
      p.id,
      formatOrderNumber(year, sequence),
      esc(rnd.pick(TITLES[serviceType])),
      serviceType,
      priority,
      status,
      rnd.chance(0.5) ? esc(rnd.pick(DESCRIPTIONS)) : '\\N',
      rnd.chance(0.85)
        ? `${rnd.pick(SERIAL_MODELS)}${pad2(rnd.int(12, 25))}-${String(rnd.int(0, 999_999)).padStart(6, '0')}`
        : '\\N',
      '\\N',
      rnd.chance(0.6) ? String(rnd.int(500, 15_000) * 100) : '\\N',
      'NOK',
      scheduled ?? '\\N',
      technicianId ?? '\\N',
      customer.id,
      esc(customer.name),
      esc(customer.email),
      esc(customer.phone),
      esc(customer.address),
      rnd.chance(0.1) ? esc(rnd.pick(INTERNAL_NOTES)) : '\\N',
      rnd.chance(0.5) ? p.locationIds[rnd.int(0, p.locationIds.length - 1)]! : '\\N',
      completedAt !== null && rnd.chance(0.5) ? esc(rnd.pick(COMPLETION_NOTES)) : '\\N',
      checkpoints,
      userId,
      ts(created),
      ts(last),
      completedAt === null ? '\\N' : ts(completedAt),
      num(path.length),
      lines.length > 0 ? totalsText(partsAmount) : '\\N',
      billedLogs > 0 ? totalsText(labourAmount) : '\\N',
    ]);
    for (let position = 0; position < lines.length; position++) {
      const { part, quantity } = lines[position]!;
      const at = ts(created + Math.round(lifetime / 2));
      parts.row([
        randomUUID(),
        p.id,
        id,
        String(position),
        part.partNumber,
        esc(part.partName),
        String(quantity),
        String(part.unitCost),
        'NOK',
        esc(part.supplier),
        '\\N',
        at,
        at,
        '1',
      ]);
    }
    for (const w of workLogs) {
      const done = status === 'completed' && completedAt !== null;
      const at = ts(done ? completedAt - w.minutes * 60_000 : created + Math.round(lifetime / 2));
      logs.row([
        randomUUID(),
        p.id,
        id,
        w.category,
        userId,
        technicianId ?? '\\N',
        w.billable ? 't' : 'f',
        String(w.minutes),
        done ? 'completed' : 'open',
        done ? ts(completedAt) : '\\N',
        done ? String(w.billed) : '\\N',
        done ? 'hourly' : '\\N',
        done ? '95000' : '\\N',
        done ? String(w.cost) : '\\N',
        done ? 'NOK' : '\\N',
        at,
        done ? ts(completedAt) : at,
      ]);
    }
    for (let s = 0; s < path.length; s++) {
      history.row([
        randomUUID(),
        p.id,
        id,
        s === 0 ? '\\N' : path[s - 1]!,
        path[s]!,
        userId,
        ts(steps[s]!),
        '\\N',
      ]);
    }
    if (orders.pending) await orders.flush();
    if (parts.pending) await parts.flush();
    if (history.pending) await history.flush();
    if (logs.pending) await logs.flush();
    if ((i + 1) % reportEvery === 0) {
      const seconds = (performance.now() - t0) / 1000;
      log(
        `  ${String(i + 1).padStart(9)} orders  ${Math.round((i + 1) / seconds).toLocaleString('en-US')} orders/s`,
      );
    }
  }
  const orderCount = await orders.close();
  const partCount = await parts.close();
  const historyCount = await history.close();
  const logCount = await logs.close();
  phase('copyOrders');
  log(
    `  copied ${orderCount} orders, ${partCount} spare-part lines, ${historyCount} history rows, ${logCount} work logs`,
  );

  const counterRows: string[][] = [];
  for (const p of partners)
    for (const [year, last] of p.counters) counterRows.push([p.id, String(year), String(last)]);
  await copyAll(url, 'order_number_counters', ['service_partner_id', 'year', 'last_value'], counterRows);

  log('rebuilding indexes and constraints');
  await restoreDdl(url, ddl, log);
  const after = await withClient(url, saveDdl);
  if (ddlFingerprint(after) !== ddlFingerprint(ddl)) {
    throw new Error('the rebuilt indexes and constraints differ from the migrated ones');
  }
  phase('indexes');

  log('dashboard revenue roll-up');
  await withClient(url, (c) => c.query('select dashboard_revenue_rebuild()'));
  phase('revenueRollup');

  log("orders' roll-ups (stats and dashboard counts)");
  await withClient(url, (c) => c.query('select service_order_rollups_rebuild()'));
  phase('orderRollups');

  // The money totals were written with the orders (decision 084): they must be what the
  // triggers would have kept. Checked on one partner's orders (≈ 1 s), all of them recomputed.
  log("checking the orders' money totals against their lines and logs (one partner)");
  const wrong = await withClient(url, (c) =>
    c.query<{ n: string }>(
      `select count(*) as n from service_orders o
        where o.service_partner_id = (select id from service_partners order by id limit 1)
          and (o.parts_totals is distinct from service_order_parts_totals_of(o.id)
               or o.labour_totals is distinct from service_order_labour_totals_of(o.id))`,
    ),
  );
  if (Number(wrong.rows[0]?.n ?? 0) !== 0)
    throw new Error(`${wrong.rows[0]?.n} orders' money totals differ from their lines and logs`);
  phase('moneyTotals');

  log('vacuum analyze');
  await withClient(url, (c) => c.query('vacuum (analyze)'));
  phase('vacuumAnalyze');
  return { rows: await countRows(url), phases };
}

/**
 * Makes sure the database holds the data set `spec` describes: loads it when missing, different
 * or incomplete (an interrupted load leaves no completion mark), and leaves it alone otherwise.
 */
export async function ensureData(
  spec: DataSpec,
  options: { reset?: boolean; log?: Log } = {},
): Promise<DataSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.reset && (await databaseExists())) await dropDatabase(log);
  if (await databaseExists()) {
    const meta = await readMeta();
    if (
      meta &&
      meta.orders === spec.orders &&
      meta.partners === spec.partners &&
      meta.bigShare === spec.bigShare
    ) {
      const rows = await withClient(benchConfig.databaseUrl, async (c) => {
        const r = await c.query<{ n: string }>('select count(*) as n from service_orders');
        return Number(r.rows[0]?.n ?? -1);
      });
      if (rows === spec.orders) {
        log(
          `${benchConfig.database} already holds ${rows.toLocaleString('en-US')} orders over ${spec.partners} partners (generated ${meta.generatedAt}); nothing to do (--reset reloads)`,
        );
        return {
          database: benchConfig.database,
          spec,
          generatedAt: meta.generatedAt,
          loadSeconds: null,
          rows: meta.rows,
        };
      }
    }
    log(
      meta
        ? `${benchConfig.database} holds another data set (${meta.orders} orders, ${meta.partners} partners): reloading`
        : `${benchConfig.database} has no complete data set: reloading`,
    );
    await dropDatabase(log);
  }
  await createDatabase(log);
  log(
    `loading ${spec.orders.toLocaleString('en-US')} orders over ${spec.partners} partners (partner #1: ${Math.round(spec.bigShare * 100)} %)`,
  );
  const t0 = performance.now();
  const { rows, phases } = await load(spec, log);
  const seconds = (performance.now() - t0) / 1000;
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  const generatedAt = new Date().toISOString();
  const meta: Meta = { bench: DATA_VERSION, ...spec, generatedAt, rows };
  await withClient(benchConfig.adminUrl, (c) =>
    c.query(
      `comment on database ${quoteIdent(benchConfig.database)} is ${pg.escapeLiteral(JSON.stringify(meta))}`,
    ),
  );
  log(
    `loaded ${total.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s: ` +
      `${Math.round(total / seconds).toLocaleString('en-US')} rows/s, ${Math.round(spec.orders / seconds).toLocaleString('en-US')} orders/s ` +
      `(phases, s: ${Object.entries(phases)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
  );
  for (const [table, n] of Object.entries(rows))
    log(`  ${table.padEnd(30)} ${n.toLocaleString('en-US').padStart(12)}`);
  return {
    database: benchConfig.database,
    spec,
    generatedAt,
    loadSeconds: Math.round(seconds * 10) / 10,
    rows,
    phases,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reset = process.argv.includes('--reset');
  ensureData(benchConfig.data, { reset }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
