import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import type { Image } from '@service-portal/shared/images';
import type {
  UploadInfo,
  UploadLink,
  UploadLinkCreated,
  UploadResult,
  UploadSession,
  UploadStatus,
} from '@service-portal/shared/upload-links';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { createUploadLinksRepository } from './upload-links.repository.ts';
import { uploadLinks } from '../../db/schema/upload-links.ts';
import {
  filesUnder,
  gpsJpeg,
  heic,
  jpegOfSize,
  multipart,
  png,
  type Part,
} from '../../../test/image-fixtures.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let orderId: string;
const MB = 1024 * 1024;
const PHONE = '+47 912 34 567';
const SERIAL = 'SN-ABC-1';

beforeAll(async () => {
  w = await createOrdersWorld();
  const res = await w.api(w.tokens.manager).post(
    '/service-orders',
    orderInput({
      customerPhone: PHONE,
      serialNumber: SERIAL,
      internalNotes: 'INTERNAL-SECRET-NOTE',
      assignedTechnicianId: w.technicians.tore,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  orderId = res.json<{ id: string }>().id;
});
afterAll(async () => w.ctx.close());

const tokenOf = (url: string) => url.split('/customer-upload/')[1]!;

async function newLink(sendVia: 'sms' | 'email' | 'none' = 'none', id = orderId): Promise<UploadLinkCreated> {
  const res = await w.api(w.tokens.tech).post(`/service-orders/${id}/upload-links`, { sendVia });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadLinkCreated>();
}

const pub = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({
    method,
    url: `/api/customer-upload${url}`,
    headers,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function verify(token: string): Promise<string> {
  const res = await pub('POST', `/${token}/verify`, { phoneNumber: '912 34 567', serialNumber: 'sn abc 1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UploadSession>().session;
}

function upload(
  token: string,
  session: string | undefined,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const body = multipart(parts);
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api/customer-upload/${token}/images`,
    headers: { ...body.headers, ...(session ? { 'x-upload-session': session } : {}), ...headers },
    payload: body.payload,
  });
}

describe('staff create, send, list and revoke links', () => {
  it('sends the link by SMS through the communications log, in the customer’s language', async () => {
    const link = await newLink('sms');
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1\/customer-upload\/[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(tokenOf(link.url), 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(24 * 60 * 60_000);
    const comms = await w.api(w.tokens.tech).get(`/service-orders/${orderId}/communications`);
    const sms = comms.json<Communication[]>().find((c) => c.id === link.communicationId)!;
    expect(sms.method).toBe('sms');
    expect(sms.message).toContain(link.url);
    expect(sms.message).toMatch(/^Hei /); // +47: Norwegian
  });

  it('sends by e-mail in the language staff choose, with a subject', async () => {
    const res = await w.api(w.tokens.tech).post(`/service-orders/${orderId}/upload-links`, {
      sendVia: 'email',
      language: 'es',
    });
    const link = res.json<UploadLinkCreated>();
    const comms = await w.api(w.tokens.tech).get(`/service-orders/${orderId}/communications`);
    const mail = comms.json<Communication[]>().find((c) => c.id === link.communicationId)!;
    expect(mail.method).toBe('email');
    expect(mail.subject).toMatch(/^Fotos para la orden de servicio SO-/);
    expect(mail.message).toContain(link.url);
  });

  it('stores only a hash of the token', async () => {
    const link = await newLink();
    const rows = await w.ctx.app.db.select().from(uploadLinks);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link.url));
  });

  it('lists active links; a revoked one is gone and its token is an "Invalid Upload Link"', async () => {
    const link = await newLink();
    const list = await w.api(w.tokens.office).get(`/service-orders/${orderId}/upload-links`);
    expect(list.json<UploadLink[]>().map((l) => l.id)).toContain(link.id);
    expect(
      (await w.api(w.tokens.office).del(`/service-orders/${orderId}/upload-links/${link.id}`)).statusCode,
    ).toBe(204);
    const after = await w.api(w.tokens.office).get(`/service-orders/${orderId}/upload-links`);
    expect(after.json<UploadLink[]>().map((l) => l.id)).not.toContain(link.id);
    const res = await pub('GET', `/${tokenOf(link.url)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'invalid_upload_link' });
  });

  it('refuses an SMS link when the customer has no phone, leaving no active link', async () => {
    const other = (
      await w.api(w.tokens.tech).post('/service-orders', orderInput({ customerPhone: null }))
    ).json<{ id: string }>();
    const res = await w
      .api(w.tokens.tech)
      .post(`/service-orders/${other.id}/upload-links`, { sendVia: 'sms' });
    expect(res.statusCode).toBe(400);
    expect((await w.api(w.tokens.tech).get(`/service-orders/${other.id}/upload-links`)).json()).toEqual([]);
  });
});

describe('the customer’s side', () => {
  it('shows Service Information without internal notes', async () => {
    const link = await newLink();
    const res = await pub('GET', `/${tokenOf(link.url)}`);
    expect(res.statusCode).toBe(200);
    const info = res.json<UploadInfo>();
    expect(info).toMatchObject({ stage: 'received', bytesRemaining: 50 * MB });
    expect(info.orderNumber).toMatch(/^SO-\d{4}-\d{6}$/);
    expect(res.body).not.toContain('INTERNAL-SECRET-NOTE');
    expect(res.body).not.toContain(SERIAL);
  });

  it('an unknown token is an "Invalid Upload Link"', async () => {
    const res = await pub('GET', `/${'x'.repeat(32)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'invalid_upload_link' });
  });

  it('verification needs both to match; wrong answers are limited per link', async () => {
    const token = tokenOf((await newLink()).url);
    const empty = await pub('POST', `/${token}/verify`, { phoneNumber: '', serialNumber: SERIAL });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Please fill in both phone number and serial number');
    for (let i = 0; i < 5; i++) {
      const res = await pub('POST', `/${token}/verify`, { phoneNumber: PHONE, serialNumber: 'WRONG' });
      expect(res.statusCode).toBe(422);
    }
    const limited = await pub('POST', `/${token}/verify`, { phoneNumber: PHONE, serialNumber: SERIAL });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    w.ctx.clock.advance(16 * 60_000);
    expect(
      (await pub('POST', `/${token}/verify`, { phoneNumber: PHONE, serialNumber: SERIAL })).statusCode,
    ).toBe(200);
  });

  it('uploads three images (one HEIC) after verification; staff see them on the order', async () => {
    const token = tokenOf((await newLink()).url);
    const parts: Part[] = [
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'b.png', data: await png(), contentType: 'image/png' },
      { name: 'files', filename: 'c.heic', data: heic(), contentType: 'image/heic' },
      { name: 'categories', value: 'product_photo' },
      { name: 'categories', value: 'serial_number' },
      { name: 'categories', value: 'problem_area' },
      { name: 'descriptions', value: 'Front' },
      { name: 'descriptions', value: '' },
      { name: 'descriptions', value: 'Leak here' },
    ];
    expect((await upload(token, undefined, parts)).statusCode).toBe(401);
    const session = await verify(token);
    const res = await upload(token, session, parts);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<UploadResult>();
    expect(result.images.map((i) => i.category)).toEqual(['product_photo', 'serial_number', 'problem_area']);
    expect(result.bytesRemaining).toBeLessThan(50 * MB);

    const gallery = (await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`)).json<Image[]>();
    const mine = gallery.filter((g) => result.images.some((i) => i.id === g.id));
    expect(mine.map((i) => [i.source, i.originalType, i.description, i.uploadedBy])).toEqual([
      ['customer', 'image/jpeg', 'Front', null],
      ['customer', 'image/png', null, null],
      ['customer', 'image/heic', 'Leak here', null],
    ]);
  });

  it('a retried upload with the same Idempotency-Key stores its photos once', async () => {
    const token = tokenOf((await newLink()).url);
    const parts = async (): Promise<Part[]> => [
      { name: 'files', filename: 'retry.png', data: await png(), contentType: 'image/png' },
      { name: 'categories', value: 'problem_area' },
    ];
    const key = { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' };
    const countOnOrder = async () =>
      (await w.api(w.tokens.tech).get(`/service-orders/${orderId}/images`))
        .json<Image[]>()
        .filter((i) => i.originalName === 'retry.png').length;
    const before = await countOnOrder();

    // Without verification the key is ignored and the upload refused; it claims nothing.
    expect((await upload(token, undefined, await parts(), key)).statusCode).toBe(401);
    const session = await verify(token);
    const first = await upload(token, session, await parts(), key);
    expect(first.statusCode, first.body).toBe(201);
    // The customer's connection dropped the answer; the wizard sends the same photos again.
    const again = await upload(token, session, await parts(), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<UploadResult>().images).toEqual(first.json<UploadResult>().images);
    expect(await countOnOrder()).toBe(before + 1);

    // Another link's customer with the same key is a different owner: a real upload.
    const other = tokenOf((await newLink()).url);
    const theirs = await upload(other, await verify(other), await parts(), key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    // A new key on the first link is a new upload.
    const next = await upload(token, session, await parts(), {
      'idempotency-key': 'c0ffee00-0000-4000-8000-000000000002',
    });
    expect(next.statusCode).toBe(201);
    expect(await countOnOrder()).toBe(before + 3);
  });

  it('a customer cannot set staff-only moments', async () => {
    const token = tokenOf((await newLink()).url);
    const res = await upload(token, await verify(token), [
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'categories', value: 'other' },
      { name: 'moments', value: 'intake' },
    ]);
    expect(res.statusCode).toBe(400);
  });

  it('a session of one link does not open another', async () => {
    const a = tokenOf((await newLink()).url);
    const b = tokenOf((await newLink()).url);
    const res = await pub('GET', `/${b}/status`, undefined, { 'x-upload-session': await verify(a) });
    expect(res.statusCode).toBe(401);
  });

  it('holds a link to 50 MB in all, even across parallel requests; refused uploads leave no file', async () => {
    const token = tokenOf((await newLink()).url);
    const session = await verify(token);
    const nine = await jpegOfSize(9 * MB);
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        upload(token, session, [
          { name: 'files', filename: 'nine.jpg', data: nine },
          { name: 'categories', value: 'other' },
        ]),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 413)).toHaveLength(2);
    const info = (await pub('GET', `/${token}`)).json<UploadInfo>();
    expect(info.bytesRemaining).toBe(50 * MB - 5 * 9 * MB);
    const ledger = await w.ctx.app.db.select().from(storedFiles);
    expect(ledger.filter((r) => r.committedAt === null)).toEqual([]);
    const root = (w.ctx.app.config.storage as { root: string }).root;
    expect((await filesUnder(root)).length).toBe(ledger.length);
  });

  it('an expired link is an "Invalid Upload Link" (clock moved past 24 hours)', async () => {
    const token = tokenOf((await newLink()).url);
    const session = await verify(token);
    w.ctx.clock.advance(24 * 60 * 60_000 + 1000);
    // Staff sessions expire on the same clock.
    await w.signInAgain();
    for (const res of [
      await pub('GET', `/${token}`),
      await pub('POST', `/${token}/verify`, { phoneNumber: PHONE, serialNumber: SERIAL }),
      await upload(token, session, [
        { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
        { name: 'categories', value: 'other' },
      ]),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'invalid_upload_link' });
    }
  });
});

describe('without a token: phone + serial', () => {
  it('finds the open order and opens a link for it', async () => {
    const res = await pub('POST', '/lookup', { phoneNumber: '91234567', serialNumber: 'sn-abc-1' });
    expect(res.statusCode, res.body).toBe(200);
    const { token, session } = res.json<{ token: string; session: string }>();
    const status = await pub('GET', `/${token}/status`, undefined, { 'x-upload-session': session });
    expect(status.statusCode).toBe(200);
  });

  it('answers 404 when nothing matches and limits wrong answers per address', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await pub('POST', '/lookup', { phoneNumber: '91234567', serialNumber: `NOPE-${i}` });
      expect(res.statusCode).toBe(404);
    }
    expect((await pub('POST', '/lookup', { phoneNumber: '91234567', serialNumber: SERIAL })).statusCode).toBe(
      429,
    );
    w.ctx.clock.advance(16 * 60_000);
  });
});

describe('status page and rating', () => {
  it('shows progress in customer words with dates; after completion takes one rating staff see', async () => {
    const token = tokenOf((await newLink()).url);
    const session = await verify(token);
    const h = { 'x-upload-session': session };
    const before = (await pub('GET', `/${token}/status`, undefined, h)).json<UploadStatus>();
    expect(before.stage).toBe('received');
    expect(before.canRate).toBe(false);
    expect(before.steps[0]).toMatchObject({ stage: 'received' });
    expect(before.steps[0]!.reachedAt).not.toBeNull();
    expect((await pub('POST', `/${token}/rating`, { rating: 5 }, h)).statusCode).toBe(409);

    for (const status of ['in_progress', 'completed']) {
      const res = await w
        .api(w.tokens.manager)
        .post('/service-orders/bulk-update-status', { orderIds: [orderId], status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = (await pub('GET', `/${token}/status`, undefined, h)).json<UploadStatus>();
    expect(after.stage).toBe('completed');
    expect(after.steps.map((s) => [s.stage, s.reachedAt !== null])).toEqual([
      ['received', true],
      ['scheduled', false],
      ['in_repair', true],
      ['waiting_for_parts', false],
      ['ready_for_pickup', false],
      ['completed', true],
    ]);
    expect(after.canRate).toBe(true);
    expect((await pub('POST', `/${token}/rating`, { rating: 6 }, h)).statusCode).toBe(400);
    const rated = await pub('POST', `/${token}/rating`, { rating: 4, comment: 'Quick and friendly' }, h);
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await pub('POST', `/${token}/rating`, { rating: 1 }, h)).statusCode).toBe(409);
    const staff = await w.api(w.tokens.tech).get(`/service-orders/${orderId}/rating`);
    expect(staff.json()).toMatchObject({ rating: 4, comment: 'Quick and friendly' });
    expect((await pub('GET', `/${token}/status`, undefined, h)).json<UploadStatus>().canRate).toBe(false);

    // It counts for the technician assigned when it was given (the dashboard's rating), per partner.
    const repo = createUploadLinksRepository(w.ctx.app.db);
    expect(await repo.technicianRating({ partnerId: w.partners.nordic }, w.technicians.tore)).toEqual({
      average: 4,
      count: 1,
    });
    expect(await repo.technicianRating({ partnerId: w.partners.fjord }, w.technicians.tore)).toEqual({
      average: null,
      count: 0,
    });
    // The dashboard's technician table shows it; another partner's dashboard does not.
    type Board = { technicians: { technicianId: string; rating: number | null }[] };
    const board = (await w.api(w.tokens.manager).get('/dashboard?period=this_year')).json<Board>();
    expect(board.technicians.find((t) => t.technicianId === w.technicians.tore)?.rating).toBe(4);
    const other = (await w.api(w.tokens.fjord).get('/dashboard?period=this_year')).json<Board>();
    expect(other.technicians.every((t) => t.rating === null)).toBe(true);
  });
});

describe('other partners and clean-up', () => {
  it('cannot list, create or revoke links or read the rating of another partner’s order', async () => {
    const link = await newLink();
    const fjord = w.api(w.tokens.fjord);
    expect((await fjord.get(`/service-orders/${orderId}/upload-links`)).statusCode).toBe(404);
    expect(
      (await fjord.post(`/service-orders/${orderId}/upload-links`, { sendVia: 'none' })).statusCode,
    ).toBe(404);
    expect((await fjord.del(`/service-orders/${orderId}/upload-links/${link.id}`)).statusCode).toBe(404);
    expect((await fjord.get(`/service-orders/${orderId}/rating`)).statusCode).toBe(404);
    expect((await pub('GET', `/${tokenOf(link.url)}`)).statusCode).toBe(200);
  });

  it('purgeExpiredLinks removes links a week past expiry', async () => {
    const { createUploadLinksService } = await import('./upload-links.service.ts');
    const service = createUploadLinksService({
      repo: createUploadLinksRepository(w.ctx.app.db),
      orders: { get: async () => Promise.reject(new Error('unused')), findByContact: async () => [] },
      images: { upload: async () => [] },
      messages: { create: async () => ({ id: '' }) },
      publicUrl: 'http://x',
      sessionKey: new Uint8Array(32),
      smsCountryCode: '47',
      totalMaxBytes: 1,
    });
    const count = async () => (await w.ctx.app.db.select().from(uploadLinks)).length;
    const total = await count();
    expect(await service.purgeExpiredLinks(w.ctx.clock.now)).toBe(0);
    expect(await service.purgeExpiredLinks(new Date(w.ctx.clock.now.getTime() + 9 * 24 * 60 * 60_000))).toBe(
      total,
    );
    expect(await count()).toBe(0);
  });
});
