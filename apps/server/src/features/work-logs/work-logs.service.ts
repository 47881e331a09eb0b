import { hasRole, type AccessSubject } from '@service-portal/shared/access';
import { computeWorkLogCost, MAX_WORKED_MINUTES, type CostPricing } from '@service-portal/shared/pricing';
import {
  sumMoney,
  timePerTechnician,
  WORK_LOG_MESSAGES,
  workedSecondsOf,
  type Money,
  type OrderTotals,
  type TechnicianTime,
  type WorkLog,
  type WorkLogCreate,
  type WorkLogUpdate,
} from '@service-portal/shared/work-logs';
import type { SerialEvent } from '@service-portal/shared/serial-history';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { WorkLogRow, WorkLogsRepository, WorkLogValues } from './work-logs.repository.ts';

/** Who is acting: the signed-in user. */
export interface Actor extends AccessSubject {
  id: string;
}

// What this feature asks of other features (features do not import each other; its module is given
// the service-orders and pricing services, which satisfy these).
export interface OrderLookup {
  /** 404 unless the order is the partner's. */
  assertExists(scope: TenantScope, orderId: string): Promise<void>;
  /** 404 unless the order is the partner's; 409 when it is cancelled (no new time on it). */
  assertOpenForWork(scope: TenantScope, orderId: string): Promise<void>;
  /** Σ quantity × unit cost of the orders' spare-part lines, per order and currency, in one query. */
  partsTotals(scope: TenantScope, orderIds: readonly string[]): Promise<Map<string, Money[]>>;
}
export interface PricingSource {
  /** The partner's pricing as of now (defaults until saved); inside `tx` when given. */
  costPricing(scope: TenantScope, tx?: Db): Promise<CostPricing>;
}

export interface TechnicianLookup {
  /** 400 on `path` unless an active technician of the partner. */
  assertAssignable(scope: TenantScope, id: string, path?: string): Promise<unknown>;
  /** 404 unless the technician is the partner's. */
  get(scope: TenantScope, id: string): Promise<unknown>;
}

export interface WorkLogsDeps {
  repo: WorkLogsRepository;
  orders: OrderLookup;
  pricing: PricingSource;
  technicians: TechnicianLookup;
  /** The clock timers and completion read. */
  now?: () => Date;
}

const LOG = 'Work log';
const conflict = (detail: string) => new AppError('conflict', 409, detail);
const versionConflict = () =>
  new AppError('version_conflict', 409, 'The work log was changed by someone else. Reload it and try again.');
const completedConflict = () =>
  conflict('This work log is completed; its time and cost can no longer change.');

function toWorkLog(row: WorkLogRow, now: Date, pricing: CostPricing | null): WorkLog {
  const workedSeconds = workedSecondsOf(row, now);
  return {
    ...row,
    workedSeconds,
    timerStartedAt: row.timerStartedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    estimate:
      row.status === 'open' && pricing
        ? computeWorkLogCost({ workedSeconds, category: row.category, pricing })
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Work logs on a service order (spec §3, §7): time by timer (server state, so it survives a reload
 * and shows on every device) or typed by hand, and a cost frozen at completion from the partner's
 * pricing of that moment (`computeWorkLogCost`, the rule the web app shows too).
 */
export function createWorkLogsService(deps: WorkLogsDeps) {
  const { repo, orders, pricing, technicians } = deps;
  const now = deps.now ?? (() => new Date());

  async function getOrThrow(
    scope: TenantScope,
    orderId: string,
    logId: string,
    tx?: Db,
  ): Promise<WorkLogRow> {
    const row = await repo.get(scope, orderId, logId, tx);
    if (!row) throw notFound(LOG);
    return row;
  }

  async function present(scope: TenantScope, row: WorkLogRow): Promise<WorkLog> {
    return toWorkLog(row, now(), row.status === 'open' ? await pricing.costPricing(scope) : null);
  }

  /** One running timer per person and order; several people may each run one. */
  async function assertNoOtherTimer(
    scope: TenantScope,
    orderId: string,
    userId: string,
    exceptLogId: string | null,
    tx: Db,
  ): Promise<void> {
    await repo.lockUserOnOrder(orderId, userId, tx);
    if (await repo.otherRunning(scope, orderId, userId, exceptLogId, tx)) {
      throw conflict(
        'Another work log of the same person on this order has its timer running. Stop that one first.',
      );
    }
  }

  async function startTimer(scope: TenantScope, orderId: string, logId: string): Promise<void> {
    await repo.transaction(async (tx) => {
      const log = await repo.lock(scope, orderId, logId, tx);
      if (!log) throw notFound(LOG);
      if (log.status === 'completed') throw completedConflict();
      if (log.timerStartedAt) throw conflict('The timer of this work log is running already.');
      if (log.userId) await assertNoOtherTimer(scope, orderId, log.userId, logId, tx);
      if (!(await repo.startTimer(scope, orderId, logId, now(), tx))) {
        throw conflict('The timer of this work log is running already.');
      }
    });
  }

  function timeOf(rows: Awaited<ReturnType<WorkLogsRepository['timeInputs']>>): TechnicianTime[] {
    const at = now();
    return timePerTechnician(rows.map((r) => ({ ...r, workedSeconds: workedSecondsOf(r, at) })));
  }

  async function totalsFor(
    scope: TenantScope,
    orderIds: readonly string[],
  ): Promise<Map<string, OrderTotals>> {
    const ids = [...new Set(orderIds)];
    const [labour, parts, open] = await Promise.all([
      repo.labourTotals(scope, ids),
      orders.partsTotals(scope, ids),
      repo.openLogs(scope, ids),
    ]);
    const at = now();
    const estimates = new Map<string, Money[]>();
    // Open logs are priced now, with the pricing read once for the whole batch.
    const current = open.length > 0 ? await pricing.costPricing(scope) : null;
    for (const log of open) {
      if (!current) break;
      const cost = computeWorkLogCost({
        workedSeconds: workedSecondsOf(log, at),
        category: log.category,
        pricing: current,
      });
      estimates.set(log.orderId, [
        ...(estimates.get(log.orderId) ?? []),
        { currency: cost.currency, amountMinor: cost.costMinor },
      ]);
    }
    return new Map(
      ids.map((id) => {
        const labourOf = labour.get(id) ?? [];
        const partsOf = parts.get(id) ?? [];
        const totals: OrderTotals = {
          serviceOrderId: id,
          labour: sumMoney(labourOf),
          labourEstimate: sumMoney(estimates.get(id) ?? []),
          openWorkLogs: estimates.get(id)?.length ?? 0,
          parts: sumMoney(partsOf),
          total: sumMoney(labourOf, partsOf),
        };
        return [id, totals];
      }),
    );
  }

  return {
    async list(scope: TenantScope, orderId: string): Promise<WorkLog[]> {
      await orders.assertExists(scope, orderId);
      const rows = await repo.list(scope, orderId);
      const current = rows.some((r) => r.status === 'open') ? await pricing.costPricing(scope) : null;
      const at = now();
      return rows.map((row) => toWorkLog(row, at, current));
    },

    /** The serial history's work logs: those of all the unit's orders, in one query. */
    async serialEvents(
      scope: TenantScope,
      orders: readonly { id: string; orderNumber: string }[],
    ): Promise<SerialEvent[]> {
      const numbers = new Map(orders.map((o) => [o.id, o.orderNumber]));
      return (await repo.listForOrders(scope, [...numbers.keys()])).map((log) => ({
        kind: 'work_log' as const,
        at: log.createdAt.toISOString(),
        title: log.category,
        detail: log.description,
        serviceOrderId: log.serviceOrderId,
        orderNumber: numbers.get(log.serviceOrderId) ?? null,
      }));
    },

    async get(scope: TenantScope, orderId: string, logId: string): Promise<WorkLog> {
      return present(scope, await getOrThrow(scope, orderId, logId));
    },

    async create(scope: TenantScope, actor: Actor, orderId: string, input: WorkLogCreate): Promise<WorkLog> {
      await orders.assertOpenForWork(scope, orderId);
      if (input.technicianId) await technicians.assertAssignable(scope, input.technicianId, 'technicianId');
      const { startTimer: start, ...values } = input;
      const id = await repo.transaction(async (tx) => {
        if (start) await assertNoOtherTimer(scope, orderId, actor.id, null, tx);
        const inserted = await repo.insert(
          scope,
          orderId,
          { ...values, userId: actor.id, timerStartedAt: start ? now() : null },
          tx,
        );
        if (!inserted) throw notFound('Service order'); // deleted since the check
        return inserted;
      });
      return present(scope, await getOrThrow(scope, orderId, id));
    },

    async update(scope: TenantScope, orderId: string, logId: string, input: WorkLogUpdate): Promise<WorkLog> {
      const { version, ...fields } = input;
      if (fields.technicianId) await technicians.assertAssignable(scope, fields.technicianId, 'technicianId');
      const changes: Partial<WorkLogValues> = {};
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      if (!(await repo.updateIfVersion(scope, orderId, logId, version, changes))) {
        const current = await getOrThrow(scope, orderId, logId);
        if (current.status === 'completed') throw completedConflict();
        throw versionConflict();
      }
      return present(scope, await getOrThrow(scope, orderId, logId));
    },

    /** A completed log carries billed money: only an Administrator or ServiceManager removes one. */
    async remove(scope: TenantScope, actor: Actor, orderId: string, logId: string): Promise<void> {
      const current = await getOrThrow(scope, orderId, logId);
      if (current.status === 'completed' && !hasRole(actor, 'ServiceManager')) {
        throw forbidden('Only an Administrator or ServiceManager can remove a completed work log.');
      }
      if (!(await repo.delete(scope, orderId, logId))) throw notFound(LOG);
    },

    async startTimer(scope: TenantScope, orderId: string, logId: string): Promise<WorkLog> {
      await startTimer(scope, orderId, logId);
      return present(scope, await getOrThrow(scope, orderId, logId));
    },

    async stopTimer(scope: TenantScope, orderId: string, logId: string): Promise<WorkLog> {
      if (!(await repo.stopTimer(scope, orderId, logId, now()))) {
        const current = await getOrThrow(scope, orderId, logId);
        if (current.status === 'completed') throw completedConflict();
        throw conflict('The timer of this work log is not running.');
      }
      return present(scope, await getOrThrow(scope, orderId, logId));
    },

    /**
     * Stops a running timer, then bills the worked time with the partner's pricing of this moment
     * and stores time and cost on the log. Later price changes never touch it.
     */
    async complete(scope: TenantScope, orderId: string, logId: string): Promise<WorkLog> {
      const row = await repo.transaction(async (tx) => {
        const log = await repo.lock(scope, orderId, logId, tx);
        if (!log) throw notFound(LOG);
        if (log.status === 'completed') throw conflict('This work log is completed already.');
        const at = now();
        const trackedSeconds = workedSecondsOf({ ...log, manualMinutes: null }, at);
        const workedSeconds = log.manualMinutes === null ? trackedSeconds : log.manualMinutes * 60;
        if (workedSeconds > MAX_WORKED_MINUTES * 60) {
          throw new AppError(
            'validation_failed',
            400,
            'The tracked time is longer than one work log may bill. Enter the duration by hand.',
            { errors: [{ path: 'manualMinutes', message: WORK_LOG_MESSAGES.durationTooLong }] },
          );
        }
        const cost = computeWorkLogCost({
          workedSeconds,
          category: log.category,
          pricing: await pricing.costPricing(scope, tx),
        });
        await repo.complete(scope, orderId, logId, trackedSeconds, cost, at, tx);
        return getOrThrow(scope, orderId, logId, tx);
      });
      return toWorkLog(row, now(), null);
    },

    // --- time per technician ----------------------------------------------------------------------

    /** The order's worked time per named technician, billable and not (open logs as of now). */
    async orderTimePerTechnician(scope: TenantScope, orderId: string): Promise<TechnicianTime[]> {
      await orders.assertExists(scope, orderId);
      return timeOf(await repo.timeInputs(scope, { orderId }));
    },

    /** A technician's worked time over all the partner's orders, billable and not. */
    async technicianTime(scope: TenantScope, technicianId: string): Promise<TechnicianTime[]> {
      await technicians.get(scope, technicianId);
      return timeOf(await repo.timeInputs(scope, { technicianId }));
    },

    // --- totals ----------------------------------------------------------------------------------

    /**
     * Totals of many orders at once, whatever their number: one query each for labour, parts and
     * open logs (plus the pricing when a log is open). Orders that are not the partner's come out
     * empty; callers check existence first where it matters.
     */
    totalsFor,

    /** Labour (completed logs) + parts per currency; open logs priced now, shown apart as an estimate. */
    async orderTotals(scope: TenantScope, orderId: string): Promise<OrderTotals> {
      await orders.assertExists(scope, orderId);
      const totals = (await totalsFor(scope, [orderId])).get(orderId);
      if (!totals) throw new Error('order totals missing');
      return totals;
    },
  };
}

export type WorkLogsService = ReturnType<typeof createWorkLogsService>;
