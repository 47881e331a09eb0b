import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { withDatabase } from '../global-setup.ts';

/**
 * A TCP proxy between the app and PostgreSQL that the test can cut and restore: "the database
 * went away" without touching the machine's PostgreSQL server, which others share.
 */
export class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    this.port = address.port;
    return this.port;
  }

  /** Refuses new connections and drops every open one, as a stopped database server does. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  async restore(): Promise<void> {
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}

export interface FaultDatabase {
  database: Database;
  /** The database's own URL (not through any proxy), for a second connection of the test's. */
  directUrl: string;
  drop(): Promise<void>;
}

/**
 * A fresh database cloned from the run's migrated template, opened with the given pool options,
 * optionally through `viaPort` (a proxy on loopback).
 */
export async function openFaultDatabase(
  options: { viaPort?: number; max?: number; statementTimeoutMs?: number; connectTimeoutMs?: number } = {},
): Promise<FaultDatabase> {
  const template = inject('pgTemplate');
  const adminUrl = inject('pgAdminUrl');
  if (!template)
    throw new Error('the fault tests run on PostgreSQL: set TEST_DATABASE_URL (npm run test:faults)');
  const name = `sp_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const directUrl = withDatabase(adminUrl, name);
  const url = new URL(directUrl);
  if (options.viaPort) {
    url.hostname = '127.0.0.1';
    url.port = String(options.viaPort);
  }
  const database = await openDatabase({
    driver: 'postgres',
    url: url.toString(),
    max: options.max ?? 5,
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
  });
  return {
    database,
    directUrl,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Where PostgreSQL listens, from the run's admin URL. */
export function postgresAddress(): { host: string; port: number } {
  const u = new URL(inject('pgAdminUrl'));
  return { host: u.hostname, port: Number(u.port || 5432) };
}

/** Prints a figure so that it shows in the run's output (and CI's log). */
export function figure(name: string, values: Record<string, unknown>): void {
  process.stdout.write(`\n[figure] ${name}: ${JSON.stringify(values)}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The slowest of a list, 0 when empty. */
export const maxOf = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
