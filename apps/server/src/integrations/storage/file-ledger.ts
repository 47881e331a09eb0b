import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { defineJob, type JobDefinition } from '../../lib/jobs/define.ts';
import { UNFINISHED_WRITE_GRACE_MS, type FileStorage } from './storage.ts';

/** A file never committed is left alone this long: its upload may still be under way. */
export const UNCOMMITTED_GRACE_MS = 60 * 60_000;
const SWEEP_BATCH = 200;
export const SWEEP_JOB = 'storage.sweep-orphans';

/** The files one record writes: committed in the record's own transaction, or discarded. */
export interface FileWrites {
  /** Notes the key in the ledger, then streams the body to it; the bytes written. */
  put(partnerId: string | null, key: string, body: Readable, contentType: string): Promise<number>;
  /** Marks every file written so far as in use, inside the transaction that stores the record. */
  commit(tx: Db, at: Date): Promise<void>;
  /** Best effort: removes what was written (a refused upload); the sweep finds what is left. */
  discard(): Promise<void>;
}

/**
 * File storage under the ledger of stored files (`stored_files`), the one way images, documents
 * and rental photos write files. A row is written before the object and committed together with
 * the record that uses it; a trigger on the owning table marks it deleted when the record goes.
 * The sweep removes objects whose row was never committed or is marked deleted, so neither a crash
 * nor a refused upload leaves files behind.
 */
export interface StoredFiles {
  /** A stream of the object, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** A new set of writes for one record. */
  writes(): FileWrites;
  /** Keys the sweep removes: never committed and older than `uncommittedBefore`, or deleted. */
  orphans(uncommittedBefore: Date, limit: number): Promise<string[]>;
  /** Removes every orphan as of `at` from storage and from the ledger; returns the count. */
  sweepOrphans(at: Date): Promise<number>;
  /** What writes cut off by a dead process left in storage (FileStorage.removeUnfinishedWrites). */
  removeUnfinishedWrites(olderThanMs: number): Promise<number>;
}

export function createStoredFiles(
  db: Db,
  storage: FileStorage,
  now: () => Date = () => new Date(),
): StoredFiles {
  async function forget(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.delete(storedFiles).where(inArray(storedFiles.key, keys));
  }

  async function orphans(uncommittedBefore: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(
        or(
          and(isNull(storedFiles.committedAt), lt(storedFiles.createdAt, uncommittedBefore)),
          isNotNull(storedFiles.deletedAt),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.key);
  }

  return {
    get: (key) => storage.get(key),

    writes(): FileWrites {
      const written: { key: string; bytes: number }[] = [];
      return {
        async put(partnerId, key, body, contentType) {
          // Noted before the object: a crash after this leaves a row the sweep finds.
          await db
            .insert(storedFiles)
            .values({ key, servicePartnerId: partnerId, contentType, createdAt: now() });
          const entry = { key, bytes: 0 };
          written.push(entry);
          // A full store throws StorageFullError (507); the caller discards what was written.
          entry.bytes = (await storage.put(key, body, { contentType })).bytes;
          return entry.bytes;
        },
        async commit(tx, at) {
          for (const { key, bytes } of written) {
            await tx.update(storedFiles).set({ committedAt: at, bytes }).where(eq(storedFiles.key, key));
          }
        },
        async discard() {
          const keys = written.map((w) => w.key);
          try {
            await Promise.all(keys.map((k) => storage.delete(k)));
            await forget(keys);
          } catch {
            /* left uncommitted: the sweep removes them later */
          }
        },
      };
    },

    orphans,

    removeUnfinishedWrites: (olderThanMs) => storage.removeUnfinishedWrites(olderThanMs),

    async sweepOrphans(at) {
      let removed = 0;
      for (;;) {
        const keys = await orphans(new Date(at.getTime() - UNCOMMITTED_GRACE_MS), SWEEP_BATCH);
        if (keys.length === 0) return removed;
        for (const key of keys) await storage.delete(key);
        await forget(keys);
        removed += keys.length;
        if (keys.length < SWEEP_BATCH) return removed;
      }
    },
  };
}

/** Hourly on the runner: the sweep of files never committed or since deleted. */
export function storedFilesJobs(files: StoredFiles, now: () => Date): JobDefinition[] {
  return [
    defineJob({
      name: SWEEP_JOB,
      handler: async ({ log }) =>
        log.info(
          {
            removed: await files.sweepOrphans(now()),
            unfinished: await files.removeUnfinishedWrites(UNFINISHED_WRITE_GRACE_MS),
          },
          'orphaned files removed',
        ),
      options: { retries: 2, singletonKey: SWEEP_JOB },
      schedule: { cron: '23 * * * *' },
    }),
  ];
}
