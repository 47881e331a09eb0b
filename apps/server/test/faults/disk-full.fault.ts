import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../src/db/schema/images.ts';
import { storedFiles } from '../../src/db/schema/stored-files.ts';
import { bearer } from '../helper.ts';
import { filesUnder, jpegOfSize, multipart } from '../image-fixtures.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../service-order-fixtures.ts';
import { figure, openFaultDatabase, type FaultDatabase } from './support.ts';

/**
 * The disk holding the local file store fills up: a photo that does not fit answers 507
 * problem+json (`insufficient_storage`), leaves no partial file, no image row and no uncommitted
 * ledger row; once there is room again, uploads work without a restart.
 */

const MB = 1024 * 1024;
let mountPoint = '';
let mounted = false;
let refusal = '';
let fault: FaultDatabase | undefined;
let w: OrdersWorld | undefined;
let root = '';
let orderId = '';

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(tmpdir(), 'sp-disk-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (err) {
    refusal = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    return;
  }
  // A folder inside the mount, so the app's own clean-up of its root never removes the mount point.
  root = path.join(mountPoint, 'files');
  await mkdir(root);
  fault = await openFaultDatabase();
  w = await createOrdersWorld({
    database: fault.database,
    config: { storage: { driver: 'local', root } },
  });
  const res = await w.api(w.tokens.manager).post('/service-orders', orderInput({ serialNumber: 'SN-FULL' }));
  expect(res.statusCode, res.body).toBe(201);
  orderId = res.json<{ id: string }>().id;
});

afterAll(async () => {
  await w?.ctx.close();
  await fault?.drop();
  if (mounted) execFileSync('umount', [mountPoint]);
  await rm(mountPoint, { recursive: true, force: true });
});

function post(data: Buffer) {
  const body = multipart([
    { name: 'files', filename: 'big.jpg', data },
    { name: 'categories', value: 'problem_area' },
  ]);
  return w!.ctx.app.inject({
    method: 'POST',
    url: `/api/service-orders/${orderId}/images`,
    headers: { ...bearer(w!.tokens.tech), ...body.headers },
    payload: body.payload,
  });
}

describe('the file store disk is full', () => {
  it('answers 507 problem+json, leaves nothing half-written, and works again once there is room', async (t) => {
    if (!mounted) {
      t.skip(`cannot mount a tmpfs here (${refusal}); run as root to test a full disk`);
      return;
    }
    const free = async () => {
      const s = await statfs(root);
      return s.bavail * s.bsize;
    };
    const freeBefore = await free();
    const tooBig = await jpegOfSize(3 * MB);
    expect(tooBig.length).toBeGreaterThan(freeBefore);

    const full = await post(tooBig);
    expect(full.statusCode, full.body).toBe(507);
    expect(full.headers['content-type']).toContain('application/problem+json');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-security-policy']).toBeTruthy();
    expect(full.json()).toMatchObject({ status: 507, code: 'insufficient_storage' });
    expect(full.json<{ detail: string }>().detail).not.toMatch(/ENOSPC/);

    const filesAfterFailure = await filesUnder(root);
    expect(filesAfterFailure).toEqual([]);
    expect(await w!.ctx.app.db.select().from(images)).toEqual([]);
    expect(await w!.ctx.app.db.select().from(storedFiles)).toEqual([]);
    const freeAfterFailure = await free();
    expect(freeAfterFailure).toBe(freeBefore);

    // Room again (the failed upload freed what it had written): a small photo goes through.
    const small = await post(await jpegOfSize(200 * 1024));
    expect(small.statusCode, small.body).toBe(201);
    expect(await w!.ctx.app.db.select().from(images)).toHaveLength(1);
    const ledger = await w!.ctx.app.db.select().from(storedFiles);
    expect(ledger.filter((r) => r.committedAt === null)).toEqual([]);
    expect((await filesUnder(root)).sort()).toEqual(ledger.map((r) => r.key).sort());

    figure('file store disk full', {
      tmpfsBytes: 2 * MB,
      freeBytesBefore: freeBefore,
      uploadBytes: tooBig.length,
      status: full.statusCode,
      code: full.json<{ code: string }>().code,
      filesLeftAfter507: filesAfterFailure.length,
      freeBytesAfter507: freeAfterFailure,
      smallUploadStatus: small.statusCode,
      filesAfterSmallUpload: ledger.length,
    });
  });
});
