import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { withDatabase } from './global-setup.ts';

// Several instances starting at once against one empty PostgreSQL database: one applies the
// migrations while the others wait on the advisory lock, then find nothing left to do.
describe.skipIf(!inject('pgAdminUrl'))('migrations started by three instances at once', () => {
  it('are applied once, and every instance starts', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `sp_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ driver: 'postgres', url: withDatabase(adminUrl, name), max: 2 })),
    );
    try {
      const outcomes = await Promise.allSettled(instances.map((d) => d.migrate(MIGRATIONS_DIR)));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const result: unknown = await instances[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = (await import('../src/db/migrations/meta/_journal.json', { with: { type: 'json' } }))
        .default as { entries: unknown[] };
      expect((result as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

// Drizzle applies a journal entry only when its `when` is after the newest applied one, and
// readiness compares the newest applied with the journal's last: two entries with one time (two
// branches numbering theirs alike) would let a database skip the second.
describe('the migration journal', () => {
  it('has strictly increasing times in its order', async () => {
    const journal = (await import('../src/db/migrations/meta/_journal.json', { with: { type: 'json' } }))
      .default as { entries: { tag: string; when: number }[] };
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when);
    expect(late.map((e) => e.tag)).toEqual([]);
  });
});
