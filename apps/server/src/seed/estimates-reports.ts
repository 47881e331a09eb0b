import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { computeEstimateTotals, vatBasisPoints } from '@service-portal/shared/estimates';
import { reportTotals, type ReportContent } from '@service-portal/shared/service-reports';
import type { Db } from '../db/client.ts';
import { estimates } from '../db/schema/estimates.ts';
import { serviceOrders, serviceOrderSpareParts } from '../db/schema/service-orders.ts';
import { partnerIdentities } from '../db/schema/partner-identity.ts';
import { serviceReports } from '../db/schema/service-reports.ts';
import { buildReportPdf } from '../features/service-reports/service-reports.pdf.ts';
import { createStoredFiles } from '../integrations/storage/file-ledger.ts';
import type { FileStorage } from '../integrations/storage/storage.ts';

const PARTNER = 'Nordic Service AS';
const HOURLY_RATE = 95_000;
const VAT_RATE = 25;

/**
 * Issue 27's "Done when": Nordic has an order with an approved estimate (version 2; version 1
 * replaced and readable), and a completed order whose signed report opens as a PDF. The report is
 * built by the feature's own PDF code and stored on the ledger like a real signature.
 */
export async function seedEstimatesAndReports(
  db: Db,
  partnerIds: Map<string, string>,
  storage?: FileStorage,
): Promise<void> {
  const partnerId = partnerIds.get(PARTNER);
  if (!partnerId) return;
  const orders = await db
    .select()
    .from(serviceOrders)
    .where(eq(serviceOrders.servicePartnerId, partnerId))
    .orderBy(asc(serviceOrders.orderNumber));
  const open = orders.find((o) => o.status === 'in_progress' || o.status === 'on_hold');
  const done = orders.find((o) => o.status === 'completed');
  if (open) await seedApprovedEstimate(db, partnerId, open);
  if (done && storage) await seedSignedReport(db, partnerId, done, storage);
}

type Order = typeof serviceOrders.$inferSelect;

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function seedApprovedEstimate(db: Db, partnerId: string, order: Order) {
  const lines = [
    { partNumber: 'PMP-220', description: 'Circulation pump', quantity: 1, unitPriceMinor: 189_000 },
    { partNumber: 'GSK-12', description: 'Gasket set', quantity: 2, unitPriceMinor: 12_500 },
  ];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
  const row = (version: number, labourMinutes: number, status: 'sent' | 'approved') => {
    const totals = computeEstimateTotals({
      lines,
      labourMinutes,
      labourRateMinor: HOURLY_RATE,
      vatRate: VAT_RATE,
    });
    return {
      servicePartnerId: partnerId,
      serviceOrderId: order.id,
      version,
      status,
      lines,
      labourMinutes,
      labourRateMinor: HOURLY_RATE,
      vatRateBp: vatBasisPoints(VAT_RATE),
      currency: order.currency,
      totalMinor: totals.totalMinor,
      validUntil: day(30).toISOString().slice(0, 10),
      noteToCustomer: version === 2 ? 'The pump is worn out; the gaskets go with it.' : null,
      sentAt: day(version === 1 ? -4 : -2),
      sentVia: 'email' as const,
      openedAt: day(version === 1 ? -3 : -2),
      decidedAt: status === 'approved' ? day(-1) : null,
      approvedName: status === 'approved' ? order.customerName : null,
    };
  };
  await db
    .insert(estimates)
    .values([row(1, 120, 'sent'), row(2, 90, 'approved')])
    .onConflictDoNothing();
}

async function seedSignedReport(db: Db, partnerId: string, order: Order, storage: FileStorage) {
  const existing = await db
    .select({ id: serviceReports.id })
    .from(serviceReports)
    .where(and(eq(serviceReports.serviceOrderId, order.id)));
  if (existing.length > 0) return;
  const parts = await db
    .select()
    .from(serviceOrderSpareParts)
    .where(eq(serviceOrderSpareParts.serviceOrderId, order.id))
    .orderBy(asc(serviceOrderSpareParts.position));
  const partLines = parts.map((p) => ({
    partNumber: p.partNumber,
    partName: p.partName,
    quantity: p.quantity,
    unitCostMinor: p.unitCostMinor,
    lineMinor: p.quantity * p.unitCostMinor,
    currency: p.currency,
  }));
  const labour = [{ currency: order.currency, amountMinor: HOURLY_RATE * 1.5 }];
  const [identity] = await db
    .select()
    .from(partnerIdentities)
    .where(eq(partnerIdentities.servicePartnerId, partnerId));
  const logoStream = identity?.logoKey ? await storage.get(identity.logoKey) : null;
  const logo = logoStream ? await readAll(logoStream) : null;
  const content: ReportContent = {
    partnerName: PARTNER,
    partnerContact: {
      phone: identity?.phone ?? null,
      email: identity?.email ?? null,
      address: identity?.address ?? null,
      website: identity?.website ?? null,
    },
    orderNumber: order.orderNumber,
    title: order.title,
    customer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      address: order.customerAddress,
    },
    serialNumber: order.serialNumber,
    completionNotes: order.completionNotes ?? 'Tested after the repair; works as it should.',
    checkpoints: [],
    parts: partLines,
    workLogs: [
      {
        category: 'service_log',
        description: 'Repair and test',
        userName: 'Tor Teknikk',
        billedMinutes: 90,
        costMinor: HOURLY_RATE * 1.5,
        currency: order.currency,
      },
    ],
    vatRate: VAT_RATE / 100,
    totals: reportTotals(
      labour,
      partLines.map((p) => ({ currency: p.currency, amountMinor: p.lineMinor })),
      VAT_RATE / 100,
    ),
    photoCount: 0,
    timeZone: 'Europe/Oslo',
  };
  const signedAt = order.completedAt ?? new Date();
  const openedAt = new Date(signedAt.getTime() - 10 * 60_000);
  const pdf = await buildReportPdf({
    content,
    language: 'nb',
    logo,
    photos: (async function* () {})(),
    signerName: order.customerName,
    signature: { kind: 'typed' },
    events: [
      { kind: 'created', at: order.createdAt.toISOString() },
      { kind: 'opened', at: openedAt.toISOString() },
      { kind: 'signed', at: signedAt.toISOString() },
      { kind: 'sent', at: signedAt.toISOString() },
    ],
  });
  const key = `service-reports/${partnerId}/${order.id}/${pdf.sha256}.pdf`;
  const writes = createStoredFiles(db, storage, () => signedAt).writes();
  await writes.put(partnerId, key, Readable.from([pdf.bytes]), 'application/pdf');
  await db.transaction(async (tx) => {
    await tx.insert(serviceReports).values({
      servicePartnerId: partnerId,
      serviceOrderId: order.id,
      openedAt,
      language: 'nb',
      signerName: order.customerName,
      signatureKind: 'typed',
      signedAt,
      fileKey: key,
      pdfBytes: pdf.bytes.length,
      sha256: pdf.sha256,
      sentAt: signedAt,
    });
    await writes.commit(tx, signedAt);
  });
}
