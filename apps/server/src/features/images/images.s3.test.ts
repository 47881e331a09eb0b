import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@service-portal/shared/images';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { gpsJpeg, heic, multipart } from '../../../test/image-fixtures.ts';
import { orderInput } from '../../../test/service-order-fixtures.ts';
import { seedIdentities } from '../../seed/identities.ts';

// The whole photo path on the S3 driver, against a real S3-protocol server on loopback.
let dir: string;
let s3: S3rver;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sp-s3-images-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'portal-files', configs: [] }],
  });
  const { port } = await s3.run();
  ctx = await createTestContext({
    config: {
      storage: {
        driver: 's3',
        bucket: 'portal-files',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
    },
  });
  await seedIdentities(ctx.app.db);
  token = await signIn(ctx, 'manager@nordic.example.com');
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('photos on S3-compatible storage', () => {
  it('stores, derives and serves a JPEG and a HEIC through the S3 driver', async () => {
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/service-orders',
      headers: bearer(token),
      payload: orderInput(),
    });
    const orderId = order.json<{ id: string }>().id;
    const body = multipart([
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'b.heic', data: heic() },
      { name: 'categories', value: 'problem_area' },
      { name: 'categories', value: 'other' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/service-orders/${orderId}/images`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const images = res.json<Image[]>();
    for (const image of images) {
      const display = await ctx.app.inject({ url: image.displayUrl });
      expect(display.statusCode).toBe(200);
      const meta = await sharp(display.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    const original = await ctx.app.inject({ url: images[0]!.originalUrl });
    expect(original.rawPayload.equals(await gpsJpeg())).toBe(true);
  });
});
