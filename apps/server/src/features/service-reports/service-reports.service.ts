import { Readable } from 'node:stream';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import {
  reportTotals,
  reportVatRate,
  type ReportContent,
  type ReportEvent,
  type CustomerReport,
  type ReportSettings,
  type ReportSign,
  type ServiceReport,
} from '@service-portal/shared/service-reports';
import type { PartnerContact } from '@service-portal/shared/partner-identity';
import type { ReportSignedData } from '@service-portal/shared/webhooks';
import type { WorkLog } from '@service-portal/shared/work-logs';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Outbox } from '../../integrations/mail/mailer.ts';
import type { StoredFiles } from '../../integrations/storage/file-ledger.ts';
import { buildReportPdf } from './service-reports.pdf.ts';
import { reportTexts } from './service-reports.messages.ts';
import type { ReportRow, ServiceReportsRepository } from './service-reports.repository.ts';

// What this feature asks of others (features do not import each other; the module wires them).
export interface ReportOrders {
  get(scope: TenantScope, id: string): Promise<ServiceOrder>;
}
export interface ReportWorkLogs {
  list(scope: TenantScope, orderId: string): Promise<WorkLog[]>;
}
export interface ReportPhotos {
  /** The order's images, scoped to the partner. */
  list(scope: TenantScope, orderId: string): Promise<{ id: string; source: 'customer' | 'staff' }[]>;
  /** The display-size file of an image listed above. */
  displayFile(imageId: string): Promise<Readable | null>;
}
export interface ReportPricing {
  /** The pricing configuration; `vatRate` once the estimates work adds it (else 25 %). */
  getConfig(scope: TenantScope): Promise<object>;
}
/**
 * The webhooks outbox (a port wired in the module): `report.signed` is written inside the
 * transaction that signs; `data` (a function) is only built when an endpoint wants it.
 */
export interface ReportEvents {
  enqueue(tx: Db, partnerId: string, type: 'report.signed', data: () => Promise<unknown>): Promise<void>;
}

/** The order behind a verified status link (the upload-links feature's check). */
export interface ReportLinks {
  verifiedOrder(
    token: string,
    session: string | undefined,
  ): Promise<{ scope: TenantScope; order: ServiceOrder }>;
}
/** The partner's logo, PNG or JPEG (an optional port; without it the name is printed). */
export type PartnerLogo = (scope: TenantScope) => Promise<Uint8Array | null>;
/** The partner's contact details, printed in the header (an optional port; without it none). */
export type PartnerContactPort = (scope: TenantScope) => Promise<PartnerContact>;
const NO_CONTACT: PartnerContact = { phone: null, email: null, address: null, website: null };

export interface ServiceReportsDeps {
  repo: ServiceReportsRepository;
  orders: ReportOrders;
  workLogs: ReportWorkLogs;
  photos: ReportPhotos;
  pricing: ReportPricing;
  files: StoredFiles;
  outbox: Outbox;
  links: ReportLinks;
  logo?: PartnerLogo;
  contact?: PartnerContactPort;
  /** Webhooks out; absent: no events are written. */
  events?: ReportEvents;
  now: () => Date;
}

const alreadySigned = () =>
  new AppError('report_already_signed', 409, 'The service report is signed already; it is signed once.');

export const signatureRequired = (orderNumber: string) =>
  new AppError(
    'signature_required',
    409,
    `Order ${orderNumber} cannot be completed before the customer has signed its service report.`,
  );

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createServiceReportsService(deps: ServiceReportsDeps) {
  const { repo, now } = deps;

  async function content(scope: TenantScope, order: ServiceOrder): Promise<ReportContent> {
    const [partner, contact, logs, images, pricing] = await Promise.all([
      repo.partner(scope),
      deps.contact ? deps.contact(scope) : NO_CONTACT,
      deps.workLogs.list(scope, order.id),
      deps.photos.list(scope, order.id),
      deps.pricing.getConfig(scope),
    ]);
    const vatRate = reportVatRate(pricing);
    const workLogs = logs
      .filter((l) => l.status === 'completed' && l.currency !== null && l.costMinor !== null)
      .map((l) => ({
        category: l.category,
        description: l.description,
        userName: l.userName,
        billedMinutes: l.billedMinutes ?? 0,
        costMinor: l.costMinor ?? 0,
        currency: l.currency ?? order.currency,
      }));
    const parts = order.spareParts.map((p) => ({
      partNumber: p.partNumber,
      partName: p.partName,
      quantity: p.quantity,
      unitCostMinor: p.unitCost,
      lineMinor: p.quantity * p.unitCost,
      currency: p.currency,
    }));
    const checkpoints: ReportContent['checkpoints'] = [];
    for (const group of ['measurements', 'components'] as const) {
      const answers: Record<string, { answer: string | null; details: string | null } | undefined> =
        order.checkpoints[group];
      for (const [key, value] of Object.entries(answers)) {
        if (value?.answer) checkpoints.push({ group, key, answer: value.answer, details: value.details });
      }
    }
    return {
      partnerName: partner?.name ?? '',
      partnerContact: {
        phone: contact.phone,
        email: contact.email,
        address: contact.address,
        website: contact.website,
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
      completionNotes: order.completionNotes,
      checkpoints,
      parts,
      workLogs,
      vatRate,
      totals: reportTotals(
        workLogs.map((w) => ({ currency: w.currency, amountMinor: w.costMinor })),
        parts.map((p) => ({ currency: p.currency, amountMinor: p.lineMinor })),
        vatRate,
      ),
      photoCount: images.filter((i) => i.source === 'customer').length,
      timeZone: partner?.timeZone ?? 'Europe/Oslo',
    };
  }

  function eventsOf(order: ServiceOrder, row: ReportRow | null): ReportEvent[] {
    const events: ReportEvent[] = [{ kind: 'created', at: order.createdAt }];
    if (row) events.push({ kind: 'opened', at: row.openedAt.toISOString() });
    if (row?.signedAt) events.push({ kind: 'signed', at: row.signedAt.toISOString() });
    if (row?.sentAt) events.push({ kind: 'sent', at: row.sentAt.toISOString() });
    return events;
  }

  async function view(
    scope: TenantScope,
    order: ServiceOrder,
    row: ReportRow | null,
  ): Promise<ServiceReport> {
    return {
      serviceOrderId: order.id,
      signed: row?.signedAt != null,
      signerName: row?.signerName ?? null,
      signatureKind: row?.signatureKind ?? null,
      signedAt: row?.signedAt?.toISOString() ?? null,
      language: row?.language ?? null,
      sha256: row?.sha256 ?? null,
      pdfBytes: row?.pdfBytes ?? null,
      events: eventsOf(order, row),
      signatureRequired: await repo.requireSignature(scope),
      content: await content(scope, order),
    };
  }

  async function signedPdf(scope: TenantScope, order: ServiceOrder) {
    const row = await repo.find(scope, order.id);
    if (!row?.fileKey || !row.pdfBytes) throw notFound('Service report');
    const stream = await deps.files.get(row.fileKey);
    if (!stream) throw notFound('Service report');
    return { stream, bytes: row.pdfBytes, fileName: `${order.orderNumber}-service-report.pdf` };
  }

  async function* customerPhotos(scope: TenantScope, orderId: string): AsyncGenerator<Buffer> {
    const images = (await deps.photos.list(scope, orderId)).filter((i) => i.source === 'customer');
    for (const image of images) {
      const stream = await deps.photos.displayFile(image.id);
      if (stream) yield await readAll(stream);
    }
  }

  return {
    /** What will be printed, for the phone; the first call notes that the report was shown. */
    async get(scope: TenantScope, orderId: string): Promise<ServiceReport> {
      const order = await deps.orders.get(scope, orderId);
      if (!(await repo.find(scope, orderId))) await repo.markOpened(scope, orderId, now());
      return view(scope, order, await repo.find(scope, orderId));
    },

    /**
     * The customer signs: the PDF is built, stored on the ledger, e-mailed to the customer, and
     * its hash kept. Once only: a second signature is 409 and changes nothing.
     */
    async sign(
      scope: TenantScope,
      actor: { id: string },
      orderId: string,
      input: ReportSign,
    ): Promise<ServiceReport> {
      const order = await deps.orders.get(scope, orderId);
      let row = await repo.find(scope, orderId);
      if (row?.signedAt) throw alreadySigned();
      if (!row) {
        await repo.markOpened(scope, orderId, now());
        row = await repo.find(scope, orderId);
      }
      const signedAt = now();
      const c = await content(scope, order);
      const signaturePng =
        input.signature.kind === 'drawn' ? Buffer.from(input.signature.png, 'base64') : null;
      const events = eventsOf(order, row);
      events.push({ kind: 'signed', at: signedAt.toISOString() });
      events.push({ kind: 'sent', at: signedAt.toISOString() });
      const pdf = await buildReportPdf({
        content: c,
        language: input.language,
        logo: deps.logo ? await deps.logo(scope) : null,
        photos: customerPhotos(scope, orderId),
        signerName: input.signerName,
        signature: signaturePng ? { kind: 'drawn', png: signaturePng } : { kind: 'typed' },
        events,
      });
      const key = `service-reports/${scope.partnerId}/${orderId}/${pdf.sha256}.pdf`;
      const writes = deps.files.writes();
      await writes.put(scope.partnerId, key, Readable.from([pdf.bytes]), 'application/pdf');
      const t = reportTexts(input.language);
      try {
        await repo.transaction(async (tx: Db) => {
          const reportId = await repo.sign(
            scope,
            orderId,
            {
              language: input.language,
              signerName: input.signerName,
              signatureKind: input.signature.kind,
              signaturePng,
              signedAt,
              signedBy: actor.id,
              fileKey: key,
              pdfBytes: pdf.bytes.length,
              sha256: pdf.sha256,
              sentAt: signedAt,
            },
            tx,
          );
          if (!reportId) throw alreadySigned();
          await writes.commit(tx, signedAt);
          // The outbox row commits (or rolls back) with the signature: one event per signing.
          await deps.events?.enqueue(tx, scope.partnerId, 'report.signed', async () => {
            const data: ReportSignedData & Record<string, unknown> = {
              id: reportId,
              orderId,
              orderNumber: order.orderNumber,
              signedAt: signedAt.toISOString(),
              signerName: input.signerName,
              signatureKind: input.signature.kind,
              language: input.language,
              sha256: pdf.sha256,
              pdfBytes: pdf.bytes.length,
            };
            return data;
          });
          // The customer's copy is queued with the signature too: a crash after the commit
          // cannot leave a signed report that was never mailed.
          await deps.outbox.enqueue(
            {
              to: order.customerEmail,
              subject: t.mailSubject(order.orderNumber),
              text: t.mailBody(order.customerName, order.orderNumber, c.partnerName),
              attachments: [
                { filename: `${order.orderNumber}.pdf`, contentType: 'application/pdf', fileKey: key },
              ],
            },
            'service-report',
            { tx },
          );
        });
      } catch (err) {
        await writes.discard();
        throw err;
      }
      return view(scope, order, await repo.find(scope, orderId));
    },

    /** The customer's status page: whether the report is signed, by whom, and its hash. */
    async forCustomer(token: string, session: string | undefined): Promise<CustomerReport> {
      const { scope, order } = await deps.links.verifiedOrder(token, session);
      const row = await repo.find(scope, order.id);
      const signed = row?.signedAt != null && row.fileKey != null;
      return {
        signed,
        signedAt: signed ? (row?.signedAt?.toISOString() ?? null) : null,
        signerName: signed ? (row?.signerName ?? null) : null,
        sha256: signed ? (row?.sha256 ?? null) : null,
        pdfBytes: signed ? (row?.pdfBytes ?? null) : null,
      };
    },

    /** The signed PDF behind a verified status link; 404 until signed. */
    async customerPdf(token: string, session: string | undefined) {
      const { scope, order } = await deps.links.verifiedOrder(token, session);
      return signedPdf(scope, order);
    },

    /** The signed PDF; 404 until the report is signed. */
    async pdf(scope: TenantScope, orderId: string) {
      return signedPdf(scope, await deps.orders.get(scope, orderId));
    },

    async settings(scope: TenantScope): Promise<ReportSettings> {
      return { requireSignature: await repo.requireSignature(scope) };
    },

    async updateSettings(scope: TenantScope, input: ReportSettings): Promise<ReportSettings> {
      await repo.setRequireSignature(scope, input.requireSignature, now());
      return { requireSignature: await repo.requireSignature(scope) };
    },
  };
}

export type ServiceReportsService = ReturnType<typeof createServiceReportsService>;

/** The rule service orders ask before completing: with the setting on, the report must be signed. */
export function createCompletionGate(repo: ServiceReportsRepository) {
  return {
    async assertCompletable(scope: TenantScope, order: { id: string; orderNumber: string }, tx?: Db) {
      if (!(await repo.requireSignature(scope, tx))) return;
      const row = await repo.find(scope, order.id, tx);
      if (!row?.signedAt) throw signatureRequired(order.orderNumber);
    },
  };
}
