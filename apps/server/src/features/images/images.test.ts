import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@service-portal/shared/images';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { createLocalStorage } from '../../integrations/storage/local-storage.ts';
import { createStoredFiles, SWEEP_JOB } from '../../integrations/storage/file-ledger.ts';
import { filesUnder, gpsJpeg, heic, jpegOfSize, multipart, pdf, png } from '../../../test/image-fixtures.ts';
import { bearer } from '../../../test/helper.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let orderId: string;
let root: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  w = await createOrdersWorld();
  const storage = w.ctx.app.config.storage;
  if (storage.driver !== 'local') throw new Error('tests use local storage');
  root = storage.root;
  const res = await w.api(w.tokens.manager).post('/service-orders', orderInput({ serialNumber: 'SN-1' }));
  orderId = res.json<{ id: string }>().id;
});
afterAll(async () => w.ctx.close());

function post(token: string, id: string, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api/service-orders/${id}/images`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function ledger() {
  return w.ctx.app.db.select().from(storedFiles);
}

/** Nothing stored beyond what committed images own. */
async function expectNoLeftovers() {
  const rows = await ledger();
  expect(rows.filter((r) => r.committedAt === null)).toEqual([]);
  const committed = new Set(rows.map((r) => r.key));
  expect((await filesUnder(root)).filter((f) => !committed.has(f))).toEqual([]);
}

describe('staff photos on an order', () => {
  let images: Image[];

  it('takes JPEG, PNG and HEIC by content, each with category, description and moment', async () => {
    const res = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'kitchen.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'looks-like.jpg', data: await png(), contentType: 'image/jpeg' },
      { name: 'files', filename: 'IMG_0001.HEIC', data: heic(), contentType: 'application/octet-stream' },
      { name: 'categories', value: 'problem_area' },
      { name: 'categories', value: 'serial_number' },
      { name: 'categories', value: 'installation' },
      { name: 'descriptions', value: 'Crack by the fan' },
      { name: 'descriptions', value: '' },
      { name: 'descriptions', value: 'Wall mount' },
      { name: 'moments', value: 'intake' },
      { name: 'moments', value: 'during_repair' },
      { name: 'moments', value: 'handover' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    images = res.json<Image[]>();
    expect(
      images.map((i) => [i.originalType, i.category, i.description, i.moment, i.source, i.originalName]),
    ).toEqual([
      ['image/jpeg', 'problem_area', 'Crack by the fan', 'intake', 'staff', 'kitchen.jpg'],
      ['image/png', 'serial_number', null, 'during_repair', 'staff', 'looks-like.jpg'],
      ['image/heic', 'installation', 'Wall mount', 'handover', 'staff', 'IMG_0001.HEIC'],
    ]);
    expect(images[0]!.uploadedBy?.name).toMatch(/\S+ \S+/);
    expect(images[2]).toMatchObject({ width: 160, height: 120 });
    await expectNoLeftovers();
  });

  it('lists them with signed URLs; display and thumbnail are JPEGs without EXIF or GPS', async () => {
    const list = await w.api(w.tokens.office).get(`/service-orders/${orderId}/images`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Image[]>().map((i) => i.id)).toEqual(images.map((i) => i.id));
    for (const image of list.json<Image[]>()) {
      for (const url of [image.displayUrl, image.thumbnailUrl]) {
        const res = await w.ctx.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
        expect(res.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
      }
    }
  });

  it('serves the original, EXIF kept, only as a download with nosniff', async () => {
    const res = await w.ctx.app.inject({ url: images[0]!.originalUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kitchen.jpg"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(await gpsJpeg())).toBe(true);
  });

  it("names the original's download by the type its content proved, not the name it came with", async () => {
    // A PNG sent as looks-like.jpg is saved as .png; a HEIC keeps its own (upper-case) extension.
    const png = await w.ctx.app.inject({ url: images[1]!.originalUrl });
    expect(png.headers['content-disposition']).toMatch(/^attachment; filename="looks-like.png"/);
    const heic = await w.ctx.app.inject({ url: images[2]!.originalUrl });
    expect(heic.headers['content-disposition']).toMatch(/^attachment; filename="IMG_0001.HEIC"/);
    // A polyglot named like a web page (issue 32): a saved copy must not open as one.
    const up = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'poly.html', data: await gpsJpeg(), contentType: 'text/html' },
      { name: 'categories', value: 'other' },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const [poly] = up.json<Image[]>();
    const res = await w.ctx.app.inject({ url: poly!.originalUrl });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="poly.jpg"/);
    await w.api(w.tokens.manager).del(`/images/${poly!.id}`);
  });

  it('refuses a URL with a changed signature, another variant or a passed expiry', async () => {
    const url = new URL(images[0]!.thumbnailUrl, 'http://x');
    const badSig = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(32)}`;
    expect((await w.ctx.app.inject({ url: badSig })).statusCode).toBe(404);
    const otherVariant = images[0]!.thumbnailUrl.replace('/thumbnail?', '/original?');
    expect((await w.ctx.app.inject({ url: otherVariant })).statusCode).toBe(404);
    w.ctx.clock.advance(3 * 60 * 60_000);
    expect((await w.ctx.app.inject({ url: images[0]!.thumbnailUrl })).statusCode).toBe(404);
  });

  it('refuses a PDF named .jpg with 415 "Invalid file type" and stores nothing', async () => {
    const res = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'photo.jpg', data: pdf() },
      { name: 'categories', value: 'other' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type', detail: 'Invalid file type' });
    await expectNoLeftovers();
  });

  it('refuses the whole upload when one file is not an image, keeping none of the others', async () => {
    const res = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'b.jpg', data: pdf() },
      { name: 'categories', value: 'other' },
      { name: 'categories', value: 'other' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(
      (await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`)).json<Image[]>(),
    ).toHaveLength(3);
    await expectNoLeftovers();
  });

  it('takes an image of exactly 10 MB and refuses 10 MB + 1 byte with 413, storing nothing', async () => {
    const ok = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'max.jpg', data: await jpegOfSize(10 * MB) },
      { name: 'categories', value: 'other' },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<Image[]>()[0]!.originalBytes).toBe(10 * MB);

    const before = await ledger();
    const res = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'over.jpg', data: await jpegOfSize(10 * MB + 1) },
      { name: 'categories', value: 'other' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: 'File is too large' });
    // The hourly sweep may drop earlier deleted rows meanwhile: what counts is that no new one stays.
    const keysBefore = new Set(before.map((r) => r.key));
    expect((await ledger()).filter((r) => !keysBefore.has(r.key))).toEqual([]);
    await expectNoLeftovers();
  });

  it('refuses more than 50 MB in one request', async () => {
    const nine = await jpegOfSize(9 * MB);
    const parts = Array.from({ length: 6 }, (_, i) => ({ name: 'files', filename: `${i}.jpg`, data: nine }));
    const res = await post(w.tokens.tech, orderId, [
      ...parts,
      ...parts.map(() => ({ name: 'categories', value: 'other' })),
    ]);
    expect(res.statusCode).toBe(413);
    await expectNoLeftovers();
  });

  it('answers 400 when categories do not match the files, or a category is unknown', async () => {
    const jpeg = await gpsJpeg();
    const missing = await post(w.tokens.tech, orderId, [{ name: 'files', filename: 'a.jpg', data: jpeg }]);
    expect(missing.statusCode).toBe(400);
    const unknown = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'a.jpg', data: jpeg },
      { name: 'categories', value: 'selfie' },
    ]);
    expect(unknown.statusCode).toBe(400);
    const none = await post(w.tokens.tech, orderId, [{ name: 'categories', value: 'other' }]);
    expect(none.statusCode).toBe(400);
    const json = await w.api(w.tokens.tech).post(`/service-orders/${orderId}/images`, { files: [] });
    expect(json.statusCode).toBe(415);
    await expectNoLeftovers();
  });

  it('an upload cut off mid-file leaves nothing behind', async () => {
    await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.ctx.app.server.address() as AddressInfo;
    const body = multipart([
      { name: 'categories', value: 'other' },
      { name: 'files', filename: 'big.jpg', data: await jpegOfSize(8 * MB) },
    ]);
    const before = (await ledger()).length;
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/service-orders/${orderId}/images`,
        headers: { ...bearer(w.tokens.tech), ...body.headers, 'content-length': String(body.payload.length) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.payload.subarray(0, 3 * MB), () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the closed socket and discards what it wrote.
    for (
      let i = 0;
      i < 50 &&
      ((await ledger()).length !== before || (await filesUnder(root)).some((f) => f.endsWith('.part')));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await ledger()).length).toBe(before);
    await expectNoLeftovers();
  });
});

describe('a retried upload', () => {
  it('with the same Idempotency-Key is answered again and stores the photos once', async () => {
    const before = (await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`)).json<Image[]>()
      .length;
    const send = async (key: string) => {
      const body = multipart([
        { name: 'files', filename: 'retry.jpg', data: await jpegOfSize(4000) },
        { name: 'categories', value: 'problem_area' },
      ]);
      return w.ctx.app.inject({
        method: 'POST',
        url: `/api/service-orders/${orderId}/images`,
        headers: { ...bearer(w.tokens.tech), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const first = await send('retry-upload-1');
    const again = await send('retry-upload-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const after = (await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`)).json<Image[]>();
    expect(after).toHaveLength(before + 1);
    await expectNoLeftovers();
    // A new key is a new upload.
    expect((await send('retry-upload-2')).statusCode).toBe(201);
  });
});

describe('deleting and cleaning up', () => {
  it('deletes an image; its URLs stop working; the clean-up removes its files', async () => {
    const res = await post(w.tokens.tech, orderId, [
      { name: 'files', filename: 'gone.jpg', data: await gpsJpeg() },
      { name: 'categories', value: 'other' },
    ]);
    const image = res.json<Image[]>()[0]!;
    const filesBefore = await filesUnder(root);
    expect(filesBefore.filter((f) => f.includes(image.id))).toHaveLength(3);

    expect((await w.api(w.tokens.tech).del(`/images/${image.id}`)).statusCode).toBe(204);
    expect((await w.ctx.app.inject({ url: image.thumbnailUrl })).statusCode).toBe(404);
    expect((await w.api(w.tokens.tech).del(`/images/${image.id}`)).statusCode).toBe(404);

    const files = createStoredFiles(w.ctx.app.db, createLocalStorage(root));
    const orphans = await files.orphans(w.ctx.clock.now, 100);
    expect(orphans.filter((k) => k.includes(image.id))).toHaveLength(3);
    // The storage integration's hourly job sweeps them.
    await w.ctx.app.jobs.enqueue(SWEEP_JOB, {});
    await w.ctx.app.jobs.drain();
    expect((await filesUnder(root)).filter((f) => f.includes(image.id))).toEqual([]);
    expect(await files.orphans(w.ctx.clock.now, 100)).toEqual([]);
  });

  it('the clean-up removes files never committed once they are an hour old, not younger ones', async () => {
    const storage = createLocalStorage(root);
    const t0 = w.ctx.clock.now;
    // Uploads that never committed, one an hour ago and one five minutes ago.
    const leftover = (minutesAgo: number) =>
      createStoredFiles(w.ctx.app.db, storage, () => new Date(t0.getTime() - minutesAgo * 60_000)).writes();
    await leftover(61).put(
      w.partners.nordic,
      'images/leftover/old',
      Readable.from([Buffer.from('x')]),
      'image/jpeg',
    );
    await leftover(5).put(
      w.partners.nordic,
      'images/leftover/new',
      Readable.from([Buffer.from('y')]),
      'image/jpeg',
    );
    const files = createStoredFiles(w.ctx.app.db, storage);
    expect(await files.sweepOrphans(t0)).toBe(1);
    expect(await storage.exists('images/leftover/old')).toBe(false);
    expect(await storage.exists('images/leftover/new')).toBe(true);
    expect(await files.sweepOrphans(new Date(t0.getTime() + 60 * 60_000))).toBe(1);
    expect(await storage.exists('images/leftover/new')).toBe(false);
  });
});

describe('other partners', () => {
  it('cannot list, add to or delete photos of another partner’s order', async () => {
    const fjord = w.api(w.tokens.fjord);
    expect((await fjord.get(`/service-orders/${orderId}/images`)).statusCode).toBe(404);
    const before = (await ledger()).length;
    const res = await post(w.tokens.fjord, orderId, [
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'categories', value: 'other' },
    ]);
    expect(res.statusCode).toBe(404);
    expect((await ledger()).length).toBe(before);
    const list = await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`);
    const id = list.json<Image[]>()[0]!.id;
    expect((await fjord.del(`/images/${id}`)).statusCode).toBe(404);
    expect((await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`)).json<Image[]>()[0]!.id).toBe(
      id,
    );
  });
});
