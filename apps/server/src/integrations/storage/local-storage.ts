import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, StorageFullError, type FileStorage } from './storage.ts';

function counter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * Files in a folder (DATA_DIR/files by default). A write goes to a temporary name beside the
 * target and is renamed into place when complete, so a reader never sees half a file and a failed
 * write leaves nothing behind.
 */
export function createLocalStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(resolved, ...key.split('/'));
  };
  return {
    driver: 'local',
    async put(key, body) {
      const target = fileOf(key);
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      const count = counter();
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(body, count.stream, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw new StorageFullError(err);
        throw err;
      }
      return { bytes: count.bytes() };
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async removeUnfinishedWrites(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let entries;
      try {
        entries = await readdir(resolved, { recursive: true, withFileTypes: true });
      } catch {
        return 0; // no folder yet: nothing was ever written
      }
      for (const entry of entries) {
        if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        try {
          if ((await stat(file)).mtimeMs >= cutoff) continue;
          await rm(file, { force: true });
          removed++;
        } catch {
          /* gone meanwhile */
        }
      }
      return removed;
    },
    async close() {},
  };
}

/** The temporary name of a write under way: `<target>.<12 hex>.part` (see put). */
const TEMPORARY = /\.[0-9a-f]{12}\.part$/;
