import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

/** Database name part of a URL replaced, for the per-file databases. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once per run: into a PGlite whose data folder is dumped for every test file to load,
 * or, when TEST_DATABASE_URL is set, into a PostgreSQL template database that every test file
 * clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `sp_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({
      driver: 'postgres',
      url: withDatabase(adminUrl, template),
      max: 1,
    });
    await database.migrate(MIGRATIONS_DIR);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'sp_t_${process.pid}_%'`,
      );
      for (const row of leftovers.rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'sp-pglite-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
  await database.migrate(MIGRATIONS_DIR);
  const file = path.join(dir, 'migrated.tar.gz');
  if (!database.dump) throw new Error('PGlite database cannot dump');
  const dump = await database.dump();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  project.provide('pgAdminUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
