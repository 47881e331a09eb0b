import {
  communicationCreateSchema,
  type CommunicationCreateInput,
} from '@service-portal/shared/communications';
import {
  addDays,
  answerRefusal,
  computeEstimateTotals,
  effectiveStatus,
  ESTIMATE_LIMITS,
  ESTIMATE_MESSAGES,
  statusAfterApproval,
  type Estimate,
  type EstimateApprove,
  type EstimateDecline,
  type EstimateInput,
  type EstimateSend,
} from '@service-portal/shared/estimates';
import type { Currency } from '@service-portal/shared/limits';
import type { ServiceOrder, ServiceOrderStatus } from '@service-portal/shared/service-orders';
import { languageForPhone } from '@service-portal/shared/upload-links';
import type { EstimateApprovedData } from '@service-portal/shared/webhooks';
import { todayIn } from '@service-portal/shared/zoned-days';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { estimateMessage } from './estimates.messages.ts';
import type { EstimateRow, EstimatesRepository, EstimateValues } from './estimates.repository.ts';

// What this feature asks of others (its module is given them; features do not import each other).
export interface EstimateOrders {
  /** The order (404 unless the partner's). */
  get(scope: TenantScope, id: string): Promise<ServiceOrder>;
  /** Moves the order by the transition rules for a customer's answer; false when it may not. */
  moveForCustomer(scope: TenantScope, id: string, to: ServiceOrderStatus, note: string): Promise<boolean>;
}
export interface EstimatePricing {
  quotePricing(
    scope: TenantScope,
  ): Promise<{ defaultHourlyRate: number; currency: Currency; vatRate: number }>;
}
export interface EstimateMessages {
  create(
    scope: TenantScope,
    author: { id: string },
    orderId: string,
    input: ReturnType<typeof communicationCreateSchema.parse>,
  ): Promise<{ id: string }>;
  recordCustomerAnswer(
    scope: TenantScope,
    orderId: string,
    m: { method: 'email' | 'sms'; subject: string; body: string },
  ): Promise<{ id: string }>;
}
export interface CustomerLinks {
  openLink(
    scope: TenantScope,
    actor: { id: string },
    orderId: string,
    expiresAt: Date,
    sentVia: 'sms' | 'email',
  ): Promise<{ id: string; url: string }>;
  verifiedOrder(
    token: string,
    session: string | undefined,
  ): Promise<{ scope: TenantScope; order: ServiceOrder }>;
}

/**
 * The webhooks outbox (a port wired in the module): `estimate.approved` is written inside the
 * transaction that approves; `data` (a function) is only built when an endpoint wants it.
 */
export interface EstimateEvents {
  enqueue(tx: Db, partnerId: string, type: 'estimate.approved', data: () => Promise<unknown>): Promise<void>;
}

export interface EstimatesDeps {
  repo: EstimatesRepository;
  orders: EstimateOrders;
  pricing: EstimatePricing;
  messages: EstimateMessages;
  links: CustomerLinks;
  /** Webhooks out; absent: no events are written. */
  events?: EstimateEvents;
  now?: () => Date;
}

const ESTIMATE = 'Estimate';
const REFUSALS = {
  already_decided: () => new AppError('estimate_already_decided', 409, ESTIMATE_MESSAGES.alreadyDecided),
  expired: () => new AppError('estimate_expired', 409, ESTIMATE_MESSAGES.expired),
  superseded: () => new AppError('estimate_superseded', 409, ESTIMATE_MESSAGES.superseded),
  not_sent: () => notFound(ESTIMATE),
} as const;

/** The event's data: the estimate as the API answers it, with the fields the event names. */
const approvedData = (e: Estimate): EstimateApprovedData & Estimate => ({
  ...e,
  orderId: e.serviceOrderId,
  approvedAt: e.decidedAt!,
});

/**
 * Estimates the customer approves (issue 27, part 1): composed by staff from the order's parts and
 * labour at the partner's rate, sent through the communications log with a link to the status
 * page, answered there by the customer. Each change after sending is a new version.
 */
export function createEstimatesService(deps: EstimatesDeps) {
  const { repo, orders } = deps;
  const now = deps.now ?? (() => new Date());

  /** The partner's day: an estimate is valid through its last day in the partner's zone. */
  async function today(scope: TenantScope): Promise<string> {
    return todayIn(await repo.partnerTimeZone(scope), now());
  }

  function present(row: EstimateRow, latestVersion: number, today: string): Estimate {
    const vatRate = row.vatRateBp / 100;
    return {
      id: row.id,
      serviceOrderId: row.serviceOrderId,
      version: row.version,
      status: effectiveStatus(row.status, row.validUntil, today),
      superseded: row.version < latestVersion,
      lines: row.lines,
      labourMinutes: row.labourMinutes,
      labourRateMinor: row.labourRateMinor,
      vatRate,
      currency: row.currency,
      totals: computeEstimateTotals({ ...row, vatRate }),
      validUntil: row.validUntil,
      noteToCustomer: row.noteToCustomer,
      sentAt: row.sentAt?.toISOString() ?? null,
      sentVia: row.sentVia,
      openedAt: row.openedAt?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      approvedName: row.approvedName,
      declineComment: row.declineComment,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function valuesOf(scope: TenantScope, input: EstimateInput): Promise<EstimateValues> {
    const pricing = await deps.pricing.quotePricing(scope);
    const day = await today(scope);
    const validUntil = input.validUntil ?? addDays(day, ESTIMATE_LIMITS.defaultValidDays);
    if (validUntil < day)
      throw new AppError('validation_failed', 400, 'The request is not valid.', {
        errors: [{ path: 'validUntil', message: 'The date cannot be in the past' }],
      });
    const totals = computeEstimateTotals({
      lines: input.lines,
      labourMinutes: input.labourMinutes,
      labourRateMinor: pricing.defaultHourlyRate,
      vatRate: pricing.vatRate,
    });
    return {
      lines: input.lines,
      labourMinutes: input.labourMinutes,
      labourRateMinor: pricing.defaultHourlyRate,
      vatRateBp: Math.round(pricing.vatRate * 100),
      currency: pricing.currency,
      totalMinor: totals.totalMinor,
      validUntil,
      noteToCustomer: input.noteToCustomer,
    };
  }

  async function rowOrThrow(scope: TenantScope, orderId: string, id: string) {
    const row = await repo.get(scope, orderId, id);
    if (!row) throw notFound(ESTIMATE);
    return row;
  }

  async function listPresented(scope: TenantScope, orderId: string): Promise<Estimate[]> {
    const rows = await repo.listForOrder(scope, orderId);
    const latest = rows[0]?.version ?? 0;
    const day = await today(scope);
    return rows.map((r) => present(r, latest, day));
  }

  /** The version the customer answers, checked against the rules; throws the refusal. */
  async function answerable(scope: TenantScope, orderId: string, estimateId: string, version: number) {
    const rows = await repo.listForOrder(scope, orderId);
    const row = rows.find((r) => r.id === estimateId && r.version === version);
    if (!row || row.status === 'draft') throw notFound(ESTIMATE);
    const latestSent = rows.find((r) => r.status !== 'draft')?.version ?? 0;
    const refusal = answerRefusal(
      { status: row.status, validUntil: row.validUntil, superseded: row.version < latestSent },
      await today(scope),
    );
    if (refusal) throw REFUSALS[refusal]();
    return row;
  }

  return {
    // ----- staff

    async list(scope: TenantScope, orderId: string): Promise<Estimate[]> {
      await orders.get(scope, orderId);
      return listPresented(scope, orderId);
    },

    /** A new version (the first, or the next after a sent one); a draft in between is replaced by it. */
    async create(scope: TenantScope, actor: { id: string }, orderId: string, input: EstimateInput) {
      await orders.get(scope, orderId);
      const values = await valuesOf(scope, input);
      const row = await repo.transaction(async (tx) => {
        const version = (await repo.latestVersion(scope, orderId, tx)) + 1;
        return repo.insert(scope, orderId, version, values, actor.id, tx);
      });
      return present(row, row.version, await today(scope));
    },

    /** Changes a draft; a sent estimate is changed by a new version (`create`). */
    async updateDraft(scope: TenantScope, orderId: string, id: string, input: EstimateInput) {
      await orders.get(scope, orderId);
      await rowOrThrow(scope, orderId, id);
      const row = await repo.updateDraft(scope, orderId, id, await valuesOf(scope, input));
      if (!row) throw new AppError('conflict', 409, ESTIMATE_MESSAGES.notSent);
      const all = await repo.listForOrder(scope, orderId);
      return present(row, all[0]?.version ?? row.version, await today(scope));
    },

    /** Sends the version with a link to the status page, through the communications log. */
    async send(scope: TenantScope, actor: { id: string }, orderId: string, id: string, input: EstimateSend) {
      const order = await orders.get(scope, orderId);
      const rows = await repo.listForOrder(scope, orderId);
      const row = rows.find((r) => r.id === id);
      if (!row) throw notFound(ESTIMATE);
      if (row.version < (rows[0]?.version ?? 0)) throw REFUSALS.superseded();
      if (row.status === 'approved' || row.status === 'declined') throw REFUSALS.already_decided();
      const day = await today(scope);
      if (row.validUntil < day) throw REFUSALS.expired();
      const expiresAt = new Date(`${addDays(row.validUntil, 1)}T00:00:00Z`);
      const link = await deps.links.openLink(scope, actor, order.id, expiresAt, input.method);
      const text = estimateMessage('sent', languageForPhone(order.customerPhone), {
        customerName: order.customerName,
        orderNumber: order.orderNumber,
        url: link.url,
        validUntil: row.validUntil,
        version: row.version,
      });
      const message: CommunicationCreateInput = {
        method: input.method,
        subject: input.method === 'email' ? text.subject : undefined,
        message: text.body,
        isInternal: false,
      };
      await deps.messages.create(scope, actor, order.id, communicationCreateSchema.parse(message));
      await repo.markSent(scope, row.id, input.method, now());
      return present((await repo.get(scope, orderId, id))!, rows[0]?.version ?? row.version, day);
    },

    // ----- the customer (public, behind a verified status link)

    /** The sent versions, newest first; the newest is marked opened when first seen. */
    async forCustomer(token: string, session: string | undefined): Promise<Estimate[]> {
      const { scope, order } = await deps.links.verifiedOrder(token, session);
      const rows = (await repo.listForOrder(scope, order.id)).filter((r) => r.status !== 'draft');
      const newest = rows[0];
      if (newest?.status === 'sent') await repo.markOpened(scope, newest.id, now());
      const fresh = (await repo.listForOrder(scope, order.id)).filter((r) => r.status !== 'draft');
      const latest = fresh[0]?.version ?? 0;
      const day = await today(scope);
      return fresh.map((r) => present(r, latest, day));
    },

    /** The one place an estimate becomes approved. */
    async approve(token: string, session: string | undefined, input: EstimateApprove): Promise<Estimate> {
      const { scope, order } = await deps.links.verifiedOrder(token, session);
      const row = await answerable(scope, order.id, input.estimateId, input.version);
      const day = await today(scope);
      const decided = await repo.transaction(async (tx) => {
        const approved = await repo.decide(
          scope,
          row.id,
          { status: 'approved', approvedName: input.name, declineComment: null },
          now(),
          tx,
        );
        // The outbox row commits (or rolls back) with the approval: one event per approval.
        if (approved)
          await deps.events?.enqueue(tx, scope.partnerId, 'estimate.approved', async () =>
            approvedData(present(approved, approved.version, day)),
          );
        return approved;
      });
      if (!decided) throw REFUSALS.already_decided();
      const estimate = present(decided, decided.version, day);
      const note = `Estimate v${row.version} approved by ${input.name}`;
      const to = statusAfterApproval(order.status);
      if (to) await orders.moveForCustomer(scope, order.id, to, note);
      await deps.messages.recordCustomerAnswer(scope, order.id, {
        method: row.sentVia ?? 'email',
        subject: note,
        body: `${note}.`,
      });
      return estimate;
    },

    async decline(token: string, session: string | undefined, input: EstimateDecline): Promise<Estimate> {
      const { scope, order } = await deps.links.verifiedOrder(token, session);
      const row = await answerable(scope, order.id, input.estimateId, input.version);
      const decided = await repo.transaction((tx) =>
        repo.decide(
          scope,
          row.id,
          { status: 'declined', approvedName: null, declineComment: input.comment },
          now(),
          tx,
        ),
      );
      if (!decided) throw REFUSALS.already_decided();
      await deps.messages.recordCustomerAnswer(scope, order.id, {
        method: row.sentVia ?? 'email',
        subject: `Estimate v${row.version} declined`,
        body: input.comment,
      });
      return present(decided, decided.version, await today(scope));
    },

    // ----- the reminder job

    /**
     * Reminds customers of unanswered estimates their partner's reminder days (the pricing
     * configuration; 0 = never) before the last valid day, once per version (claimed before
     * sending). A plain function: the job runner calls it daily.
     */
    async sendReminders(at: Date = now()): Promise<number> {
      const due = await repo.dueReminders(at);
      let sent = 0;
      for (const row of due) {
        // The message goes in the name of the version's author; without one it is not sent.
        if (!row.sentVia || !row.createdBy || !(await repo.claimReminder(row.id, at))) continue;
        const scope = { partnerId: row.servicePartnerId };
        const order = await orders.get(scope, row.serviceOrderId);
        const expiresAt = new Date(`${addDays(row.validUntil, 1)}T00:00:00Z`);
        const actor = { id: row.createdBy };
        const link = await deps.links.openLink(scope, actor, order.id, expiresAt, row.sentVia);
        const text = estimateMessage('reminder', languageForPhone(order.customerPhone), {
          customerName: order.customerName,
          orderNumber: order.orderNumber,
          url: link.url,
          validUntil: row.validUntil,
          version: row.version,
        });
        await deps.messages.create(
          scope,
          actor,
          order.id,
          communicationCreateSchema.parse({
            method: row.sentVia,
            subject: row.sentVia === 'email' ? text.subject : undefined,
            message: text.body,
            isInternal: false,
          } satisfies CommunicationCreateInput),
        );
        sent++;
      }
      return sent;
    },
  };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;
