import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { ServiceReport } from '@service-portal/shared/service-reports';
import type { WorkLog } from '@service-portal/shared/work-logs';
import { serviceReports } from '../../db/schema/service-reports.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { verifyReportHash } from './service-reports.pdf.ts';

let w: OrdersWorld;
let order: ServiceOrder;
let fjordOrder: ServiceOrder;
const manager = () => w.api(w.tokens.manager);
const report = (id = order.id) => `/service-orders/${id}/report`;

async function signaturePng(): Promise<string> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 90, 290 20" stroke="black" stroke-width="4" fill="none"/></svg>';
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

async function pdfOf(id: string) {
  const res = await manager().get(`${report(id)}/pdf`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return new Uint8Array(res.rawPayload);
}

async function moveTo(o: ServiceOrder, status: string) {
  const current = (await manager().get(`/service-orders/${o.id}`)).json<ServiceOrder>();
  return manager().put(`/service-orders/${o.id}`, { status, version: current.version });
}

beforeAll(async () => {
  w = await createOrdersWorld();
  order = (
    await manager().post(
      '/service-orders',
      orderInput({
        title: 'Sauna heater',
        serialNumber: 'SN-ÆØÅ-42',
        customerName: 'Åse Ødegård',
        spareParts: [
          {
            partNumber: 'CIN-HE-230',
            partName: 'Varmeelement',
            quantity: 2,
            unitCost: 10_000,
            currency: 'NOK',
          },
        ],
      }),
    )
  ).json();
  const log = (
    await manager().post(`/service-orders/${order.id}/work-logs`, {
      category: 'service_log',
      description: 'Byttet element',
      manualMinutes: 60,
    })
  ).json<WorkLog>();
  const done = await manager().post(`/service-orders/${order.id}/work-logs/${log.id}/complete`, {});
  expect(done.statusCode, done.body).toBe(200);
  fjordOrder = (
    await w.api(w.tokens.fjord).post('/service-orders', orderInput({ title: 'Fjord job' }))
  ).json();
});
afterAll(async () => w.ctx.close());

describe('the service report', () => {
  it('shows what will be printed: parts, completed work and totals with 25 % VAT', async () => {
    const res = await manager().get(report());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ServiceReport>();
    expect(body.signed).toBe(false);
    expect(body.content.parts).toEqual([
      expect.objectContaining({ partNumber: 'CIN-HE-230', lineMinor: 20_000 }),
    ]);
    expect(body.content.workLogs).toHaveLength(1);
    const labour = body.content.workLogs[0]!.costMinor;
    expect(body.content.vatRate).toBe(0.25);
    expect(body.content.totals).toEqual([
      {
        currency: 'NOK',
        labourMinor: labour,
        partsMinor: 20_000,
        netMinor: labour + 20_000,
        vatMinor: Math.round((labour + 20_000) * 0.25),
        grossMinor: labour + 20_000 + Math.round((labour + 20_000) * 0.25),
      },
    ]);
    expect(body.events.map((e) => e.kind)).toEqual(['created', 'opened']);
  });

  it('refuses completion while the partner requires a signature and the report is unsigned', async () => {
    const set = await manager().put('/service-reports/settings', { requireSignature: true });
    expect(set.statusCode, set.body).toBe(200);
    expect((await moveTo(order, 'in_progress')).statusCode).toBe(200);
    const refused = await moveTo(order, 'completed');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('signature_required');
    const bulk = await manager().post('/service-orders/bulk-update-status', {
      orderIds: [order.id],
      status: 'completed',
      completionNotes: null,
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().code).toBe('signature_required');
    const after = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
    expect(after.status).toBe('in_progress');
  });

  it('refuses a bad signature and changes nothing', async () => {
    const res = await manager().post(`${report()}/signature`, {
      signerName: '',
      language: 'nb',
      signature: { kind: 'drawn', png: 'not-a-png' },
    });
    expect(res.statusCode).toBe(400);
    expect((await manager().get(report())).json<ServiceReport>().signed).toBe(false);
  });

  it('signs once: builds the PDF in the customer language, stores its hash, mails it', async () => {
    const res = await manager().post(`${report()}/signature`, {
      signerName: 'Åse Ødegård',
      language: 'nb',
      signature: { kind: 'drawn', png: await signaturePng() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const signed = res.json<ServiceReport>();
    expect(signed).toMatchObject({ signed: true, signerName: 'Åse Ødegård', language: 'nb' });
    expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);

    const bytes = await pdfOf(order.id);
    expect(verifyReportHash(bytes)).toBe(signed.sha256);
    const [row] = await w.ctx.app.db
      .select()
      .from(serviceReports)
      .where(eq(serviceReports.serviceOrderId, order.id));
    expect(row?.sha256).toBe(signed.sha256);
    // A changed byte no longer verifies.
    const tampered = Buffer.from(bytes);
    const mid = Math.floor(tampered.length / 2);
    tampered.writeUInt8(tampered.readUInt8(mid) ^ 0xff, mid);
    expect(verifyReportHash(tampered)).toBeNull();

    const { text } = await extractText(bytes, { mergePages: false });
    const all = text.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('Servicerapport');
    expect(all).toContain('CIN-HE-230');
    expect(all).toContain('Varmeelement');
    expect(all).toContain('SN-ÆØÅ-42');
    expect(all).toContain('Navn med blokkbokstaver: Åse Ødegård');
    const totals = signed.content.totals[0]!;
    const nok = (minor: number) =>
      new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' })
        .format(minor / 100)
        .replace(/\u2212/g, '-')
        .replace(/\s+/g, ' ');
    expect(all).toContain(`Mva. 25 % ${nok(totals.vatMinor)}`);
    expect(all).toContain(`Sum inkl. mva. ${nok(totals.grossMinor)}`);
    // The totals and the signature share a page; the hash is on the last page.
    expect(text.find((p) => p.includes('Sum inkl. mva.'))).toContain('Kundens signatur');
    const last = text.at(-1) ?? '';
    expect(last).toContain('Dokumenthistorikk');
    expect(last).toContain('Signert av kunden');
    expect(last).toContain(signed.sha256);

    await w.ctx.app.outbox.drain();
    const mail = await w.ctx.mail.waitFor(order.customerEmail);
    expect(mail.subject).toContain(order.orderNumber);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
  });

  it('refuses a second signature and keeps the first', async () => {
    const res = await manager().post(`${report()}/signature`, {
      signerName: 'Someone Else',
      language: 'en',
      signature: { kind: 'typed' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('report_already_signed');
    expect((await manager().get(report())).json<ServiceReport>().signerName).toBe('Åse Ødegård');
  });

  it('completes once signed', async () => {
    const res = await moveTo(order, 'completed');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps partners apart on every route', async () => {
    const fjord = w.api(w.tokens.fjord);
    expect((await fjord.get(report())).statusCode).toBe(404);
    expect((await fjord.get(`${report()}/pdf`)).statusCode).toBe(404);
    const sign = await fjord.post(`${report()}/signature`, {
      signerName: 'Intruder',
      language: 'en',
      signature: { kind: 'typed' },
    });
    expect(sign.statusCode).toBe(404);
    // Fjord's setting is its own: Nordic's requirement does not reach it.
    expect((await fjord.get('/service-reports/settings')).json()).toEqual({ requireSignature: false });
    expect((await manager().get(report(fjordOrder.id))).statusCode).toBe(404);
    expect((await manager().get(`${report(fjordOrder.id)}/pdf`)).statusCode).toBe(404);
  });

  it('lets only managers change the setting', async () => {
    const res = await w.api(w.tokens.tech).put('/service-reports/settings', { requireSignature: false });
    expect(res.statusCode).toBe(403);
    expect((await manager().get('/service-reports/settings')).json()).toEqual({ requireSignature: true });
  });
});
