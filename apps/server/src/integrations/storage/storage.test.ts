import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.ts';
import { UNFINISHED_WRITE_GRACE_MS, type FileStorage } from './storage.ts';

/** `size` bytes of a repeatable pattern, made as they are read (never one big buffer). */
function pattern(size: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= size) return void this.push(null);
      const n = Math.min(64 * 1024, size - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
      sent += n;
      this.push(chunk);
    },
  });
}

async function sha256(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    h.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: h.digest('hex'), bytes };
}

const BIG = 12 * 1024 * 1024 + 17; // more than two S3 parts

let tempRoot: string;
let s3: S3rver;
const drivers: { name: string; storage: FileStorage }[] = [];

beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(tmpdir(), 'sp-storage-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tempRoot, 's3'),
    configureBuckets: [{ name: 'portal-test', configs: [] }],
  });
  const { port } = await s3.run();
  drivers.push({
    name: 'local',
    storage: await createStorage({ driver: 'local', root: path.join(tempRoot, 'files') }),
  });
  drivers.push({
    name: 's3',
    storage: await createStorage({
      driver: 's3',
      bucket: 'portal-test',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
  });
});

afterAll(async () => {
  for (const d of drivers) await d.storage.close();
  await s3?.close();
  await rm(tempRoot, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s file storage', (name) => {
  const storage = () => drivers.find((d) => d.name === name)!.storage;

  it('streams a 12 MB file in and out unchanged', async () => {
    const expected = await sha256(pattern(BIG));
    const put = await storage().put('images/p1/a/original', pattern(BIG), { contentType: 'image/jpeg' });
    expect(put.bytes).toBe(BIG);
    expect(await storage().exists('images/p1/a/original')).toBe(true);
    const back = await storage().get('images/p1/a/original');
    expect(back).not.toBeNull();
    expect(await sha256(back!)).toEqual(expected);
  });

  it('replaces an object written twice', async () => {
    await storage().put('images/p1/b', Readable.from([Buffer.from('first')]), { contentType: 'text/plain' });
    await storage().put('images/p1/b', Readable.from([Buffer.from('second!')]), {
      contentType: 'text/plain',
    });
    expect((await sha256((await storage().get('images/p1/b'))!)).bytes).toBe(7);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    expect(await storage().get('images/none')).toBeNull();
    expect(await storage().exists('images/none')).toBe(false);
    await storage().put('images/p1/c', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
    await storage().delete('images/p1/c');
    await storage().delete('images/p1/c');
    expect(await storage().exists('images/p1/c')).toBe(false);
  });

  it('a write whose source fails half-way leaves no object', async () => {
    await expect(
      storage().put('images/p1/broken', pattern(BIG, 6 * 1024 * 1024), { contentType: 'image/jpeg' }),
    ).rejects.toThrow();
    expect(await storage().exists('images/p1/broken')).toBe(false);
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '']) {
      await expect(storage().put(key, Readable.from([]), { contentType: 'text/plain' })).rejects.toThrow(
        /Invalid storage key/,
      );
    }
  });
});

it('the local driver leaves no temporary files behind', async () => {
  const files = await readdir(path.join(tempRoot, 'files', 'images', 'p1'), { recursive: true });
  expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
});

it('the local driver removes what a killed upload left behind, once it is old, and nothing else', async () => {
  const local = drivers.find((d) => d.name === 'local')!.storage;
  const dir = path.join(tempRoot, 'files', 'images', 'p2', 'killed');
  await mkdir(dir, { recursive: true });
  // What put() leaves when the process dies mid-write: the target's name, 12 hex, .part.
  const stale = path.join(dir, 'original.0123456789ab.part');
  const fresh = path.join(dir, 'display.jpg.ba9876543210.part');
  await writeFile(stale, 'half a photo');
  await writeFile(fresh, 'a write under way');
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  await utimes(stale, hourAgo, hourAgo);
  await local.put('images/p2/killed/kept.part', Readable.from([Buffer.from('a real object')]), {
    contentType: 'application/octet-stream',
  });

  expect(await local.removeUnfinishedWrites(UNFINISHED_WRITE_GRACE_MS)).toBe(1);
  expect((await readdir(dir)).sort()).toEqual(['display.jpg.ba9876543210.part', 'kept.part']);
  expect(await local.exists('images/p2/killed/kept.part')).toBe(true);
  // A store nothing was ever written to has nothing to remove.
  const empty = await createStorage({ driver: 'local', root: path.join(tempRoot, 'never-written') });
  expect(await empty.removeUnfinishedWrites(0)).toBe(0);
});
