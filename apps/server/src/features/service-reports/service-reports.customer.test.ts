import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerReport, ServiceReport } from '@service-portal/shared/service-reports';
import type { UploadLinkCreated, UploadSession } from '@service-portal/shared/upload-links';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { verifyReportHash } from './service-reports.pdf.ts';

// The signed report on the customer's status page (issue 27): behind a verified link only.
let w: OrdersWorld;
const PHONE = '+47 912 34 567';
const manager = () => w.api(w.tokens.manager);

const pub = (url: string, session?: string) =>
  w.ctx.app.inject({
    method: 'GET',
    url: `/api/customer-upload${url}`,
    headers: session ? { 'x-upload-session': session } : {},
  });

async function linkFor(serial: string, create = manager) {
  const order = (
    await create().post('/service-orders', orderInput({ customerPhone: PHONE, serialNumber: serial }))
  ).json<{ id: string }>();
  const link = await create().post(`/service-orders/${order.id}/upload-links`, { sendVia: 'sms' });
  expect(link.statusCode, link.body).toBe(201);
  const linkToken = /\/customer-upload\/([A-Za-z0-9_-]+)/.exec(link.json<UploadLinkCreated>().url)![1]!;
  const verified = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/customer-upload/${linkToken}/verify`,
    payload: { phoneNumber: PHONE, serialNumber: serial },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { orderId: order.id, token: linkToken, session: verified.json<UploadSession>().session };
}

beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

describe("the service report behind the customer's status link", () => {
  it('says unsigned, then signed with the name and hash, and serves the PDF that verifies', async () => {
    const { orderId, token, session } = await linkFor('SN-REP-1');
    const before = await pub(`/${token}/report`, session);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<CustomerReport>()).toEqual({
      signed: false,
      signedAt: null,
      signerName: null,
      sha256: null,
      pdfBytes: null,
    });
    expect((await pub(`/${token}/report/pdf`, session)).statusCode).toBe(404);

    const signed = await manager().post(`/service-orders/${orderId}/report/signature`, {
      signerName: 'Kari Nordmann',
      language: 'en',
      signature: { kind: 'typed' },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const { sha256 } = signed.json<ServiceReport>();

    const after = (await pub(`/${token}/report`, session)).json<CustomerReport>();
    expect(after).toMatchObject({ signed: true, signerName: 'Kari Nordmann', sha256 });
    const pdf = await pub(`/${token}/report/pdf`, session);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(verifyReportHash(new Uint8Array(pdf.rawPayload))).toBe(sha256);
  });

  it('refuses without a verified session, and with the session of another link', async () => {
    const mine = await linkFor('SN-REP-2');
    const theirs = await linkFor('SN-REP-3', () => w.api(w.tokens.fjord));
    expect((await pub(`/${mine.token}/report`)).statusCode).toBe(401);
    expect((await pub(`/${mine.token}/report/pdf`)).statusCode).toBe(401);
    expect((await pub(`/${mine.token}/report`, theirs.session)).statusCode).toBe(401);
    expect((await pub(`/${mine.token}/report/pdf`, theirs.session)).statusCode).toBe(401);
    expect((await pub('/not-a-real-token/report', mine.session)).statusCode).toBeGreaterThanOrEqual(400);
  });
});
