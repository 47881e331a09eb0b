import { createHash } from 'node:crypto';
import type { Communication, CommunicationCreate } from '@service-portal/shared/communications';
import type { DefaultDurations } from '@service-portal/shared/pricing';
import {
  availableMinutes,
  bookedMinutes,
  compareMyDay,
  daysFrom,
  effectiveDuration,
  isOverbooked,
  isPartnerWorkingDay,
  maySchedule,
  mayUnschedule,
  postcodeOf,
  SCHEDULE_ERROR_STATUS,
  type AssignmentResult,
  type Board,
  type BoardQuery,
  type MyDay,
  type ScheduleCard,
  type ScheduleCell,
  type ScheduleErrorCode,
  type UnscheduledQuery,
  type WeekdayFlags,
} from '@service-portal/shared/schedule';
import type { ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import type { WorkingHours } from '@service-portal/shared/technicians';
import { languageForPhone } from '@service-portal/shared/upload-links';
import { isScheduledDateAllowed } from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { addDays, todayIn, zonedMidnight } from '@service-portal/shared/zoned-days';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CardRow, ScheduleRepository } from './schedule.repository.ts';
import { visitMessage } from './schedule.messages.ts';

/** What the schedule asks of the service-orders feature: the one write of a move. */
export interface OrderScheduling {
  setSchedule(
    scope: TenantScope,
    actor: { id: string; roles: readonly string[]; isGlobalAdmin: boolean },
    id: string,
    change: {
      technicianId: string | null;
      date: string | null;
      start: string | null;
      fromStatus: ServiceOrderStatus;
      status: ServiceOrderStatus;
      version: number;
    },
  ): Promise<boolean>;
  /** Hands service-orders the placement rule, so its form's PUT checks what the board checks. */
  useSchedulingRules(rules: {
    assertPlaceable(scope: TenantScope, placement: Placement): Promise<void>;
  }): void;
}

/** An order placed with a technician on a day, whatever path sets it (board or order form). */
export interface Placement {
  order: { status: ServiceOrderStatus; estimatedMinutes: number | null; serviceType: ServiceType };
  technicianId: string;
  date: string;
}
/** What it asks of pricing: the default durations per service type and the partner's working days. */
export interface DurationDefaults {
  defaultDurations(scope: TenantScope): Promise<DefaultDurations>;
  schedulingSettings(
    scope: TenantScope,
  ): Promise<{ defaultDurations: DefaultDurations; workingDays: WeekdayFlags }>;
}
/** What it asks of communications: a message to the order's customer, sent and logged. */
export interface OrderMessages {
  create(
    scope: TenantScope,
    author: { id: string },
    orderId: string,
    input: CommunicationCreate,
  ): Promise<Communication>;
}

export interface Actor {
  id: string;
  email: string;
  roles: readonly ('Administrator' | 'ServiceManager')[];
  isGlobalAdmin: boolean;
}

const REFUSALS: Record<ScheduleErrorCode, string> = {
  version_conflict: 'The order was changed by someone else. The board shows it as it is now.',
  technician_inactive: 'This technician is inactive and cannot be given work.',
  technician_off: 'This technician does not work that day.',
  partner_closed: 'The service partner does not work that day.',
  status_not_schedulable: "The order's status does not allow scheduling it.",
  duration_required:
    'The order has no estimated duration and its service type has no default. Give it a duration first.',
  no_technician_record: 'You have no technician record at this service partner.',
  not_scheduled: 'The order has no scheduled date to tell the customer about.',
};
const refuse = (code: ScheduleErrorCode, card?: ScheduleCard) =>
  new AppError(code, SCHEDULE_ERROR_STATUS[code], REFUSALS[code], card ? { fields: { card } } : {});

const MY_DAY_PHOTOS = 6;

function toCard(row: CardRow, defaults: DefaultDurations): ScheduleCard {
  const duration = effectiveDuration(row, defaults);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    title: row.title,
    priority: row.priority,
    serviceType: row.serviceType,
    status: row.status,
    customerName: row.customerName,
    customerAddress: row.customerAddress,
    postcode: postcodeOf(row.customerAddress),
    createdAt: row.createdAt.toISOString(),
    technicianId: row.technicianId,
    date: row.date,
    start: row.start,
    durationMinutes: duration?.minutes ?? null,
    durationIsDefault: duration?.isDefault ?? false,
    version: row.version,
  };
}

function cellOf(
  date: string,
  workingHours: WorkingHours,
  dayOff: { reason: string | null } | undefined,
  cards: readonly ScheduleCard[],
  partnerWorkingDays: WeekdayFlags,
): ScheduleCell {
  const available = availableMinutes({
    date,
    workingHours,
    dayOff: dayOff !== undefined,
    partnerWorkingDays,
  });
  const booked = bookedMinutes(cards);
  return {
    date,
    off: available === 0,
    offReason: dayOff?.reason ?? null,
    availableMinutes: available,
    bookedMinutes: booked,
    overbooked: isOverbooked(booked, available),
  };
}

const badField = (path: string, message: string) =>
  new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });

export function createScheduleService(deps: {
  repo: ScheduleRepository;
  orders: OrderScheduling;
  pricing: DurationDefaults;
  messages: OrderMessages;
  now: () => Date;
}) {
  const { repo, orders, pricing, messages, now } = deps;

  async function cardOrThrow(scope: TenantScope, id: string, defaults: DefaultDurations) {
    const row = await repo.card(scope, id);
    if (!row) throw notFound('Service order');
    return { row, card: toCard(row, defaults) };
  }

  /** A move that lost the version race: 404 when the order is gone, else the order as it is now. */
  async function lostRace(scope: TenantScope, id: string, defaults: DefaultDurations): Promise<never> {
    const { card } = await cardOrThrow(scope, id, defaults);
    throw refuse('version_conflict', card);
  }

  async function cellAt(scope: TenantScope, technicianId: string, workingHours: WorkingHours, date: string) {
    const [rows, dayOff, settings] = await Promise.all([
      repo.cellOrders(scope, technicianId, date),
      repo.hasDayOff(scope, technicianId, date),
      pricing.schedulingSettings(scope),
    ]);
    return cellOf(
      date,
      workingHours,
      dayOff ?? undefined,
      rows.map((r) => toCard(r, settings.defaultDurations)),
      settings.workingDays,
    );
  }

  /**
   * The board's rule (shared `maySchedule`) for an order placed with a technician on a day,
   * without the version (each caller checks its own). Throws the refusal with its code.
   */
  async function assertPlaceable(scope: TenantScope, placement: Placement): Promise<void> {
    const technician = await repo.technician(scope, placement.technicianId);
    if (!technician) throw notFound('Technician');
    const [dayOff, settings] = await Promise.all([
      repo.hasDayOff(scope, technician.id, placement.date),
      pricing.schedulingSettings(scope),
    ]);
    const decision = maySchedule({
      order: { ...placement.order, version: 0 },
      expectedVersion: 0,
      technician,
      date: placement.date,
      dayOff: dayOff !== null,
      defaultDurations: settings.defaultDurations,
      partnerWorkingDays: settings.workingDays,
    });
    // The form's own transitions govern its status: handing a started order to a colleague is
    // done there, while the board leaves a started order where it is (its moves check the status).
    if (!decision.ok && decision.reason !== 'status_not_schedulable') throw refuse(decision.reason);
  }

  return {
    assertPlaceable,

    async board(scope: TenantScope, query: BoardQuery): Promise<Board> {
      const from = query.from;
      const to = addDays(from, query.days - 1);
      const ids = query.technicianIds;
      const [partner, techs, daysOff, rows, settings, cursor] = await Promise.all([
        repo.partner(scope),
        repo.technicians(scope, from, to, ids),
        repo.daysOff(scope, from, to, ids),
        repo.scheduledOrders(scope, from, to, ids),
        pricing.schedulingSettings(scope),
        this.cursor(scope),
      ]);
      const defaults = settings.defaultDurations;
      const workingDays = settings.workingDays;
      const cards = rows.map((r) => toCard(r, defaults));
      const byCell = new Map<string, ScheduleCard[]>();
      for (const card of cards) {
        const key = `${card.technicianId}|${card.date}`;
        const list = byCell.get(key);
        if (list) list.push(card);
        else byCell.set(key, [card]);
      }
      const offByCell = new Map(daysOff.map((d) => [`${d.technicianId}|${d.date}`, { reason: d.reason }]));
      const dates = daysFrom(from, query.days);
      return {
        from,
        to,
        timeZone: partner.timeZone,
        days: dates.map((date) => ({
          date,
          isWorkingDay: isPartnerWorkingDay(date, workingDays),
        })),
        technicians: techs.map((tech) => ({
          id: tech.id,
          fullName: `${tech.firstName} ${tech.lastName}`,
          isActive: tech.isActive,
          cells: dates.map((date) =>
            cellOf(
              date,
              tech.workingHours,
              offByCell.get(`${tech.id}|${date}`),
              byCell.get(`${tech.id}|${date}`) ?? [],
              workingDays,
            ),
          ),
        })),
        orders: cards,
        cursor,
      };
    },

    async unscheduled(scope: TenantScope, q: UnscheduledQuery) {
      let createdBefore: Date | undefined;
      if (q.minAgeDays !== undefined) {
        const { timeZone } = await repo.partner(scope);
        // "At least n days old": created before the start of day today − n + 1.
        const day = addDays(todayIn(timeZone, now()), -q.minAgeDays + 1);
        createdBefore = zonedMidnight(
          timeZone,
          Number(day.slice(0, 4)),
          Number(day.slice(5, 7)),
          Number(day.slice(8)),
        );
      }
      const filters = {
        priority: q.priority,
        serviceType: q.serviceType,
        createdBefore,
        postcode: q.postcode,
      };
      const defaults = await pricing.defaultDurations(scope);
      const { items, total } = await repo.unscheduledPage(scope, filters, q.page, q.pageSize);
      return { items: items.map((r) => toCard(r, defaults)), total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * Schedules (or moves) an order: technician, day and start. The rules are shared
     * `maySchedule`; the write is conditional on the version, so of two moves sent with one version
     * exactly one wins and the other gets `version_conflict` with the order as it is now.
     */
    async assign(
      scope: TenantScope,
      actor: Actor,
      id: string,
      input: { technicianId: string; date: string; start: string | null; version: number },
    ): Promise<AssignmentResult> {
      const settings = await pricing.schedulingSettings(scope);
      const defaults = settings.defaultDurations;
      const { row, card } = await cardOrThrow(scope, id, defaults);
      const technician = await repo.technician(scope, input.technicianId);
      if (!technician) throw notFound('Technician');
      const [dayOff, partner] = await Promise.all([
        repo.hasDayOff(scope, technician.id, input.date),
        repo.partner(scope),
      ]);
      const decision = maySchedule({
        order: {
          status: row.status,
          version: row.version,
          estimatedMinutes: row.estimatedMinutes,
          serviceType: row.serviceType,
        },
        expectedVersion: input.version,
        technician,
        date: input.date,
        dayOff: dayOff !== null,
        defaultDurations: defaults,
        partnerWorkingDays: settings.workingDays,
      });
      if (!decision.ok)
        throw refuse(decision.reason, decision.reason === 'version_conflict' ? card : undefined);
      // The order form's rule: a new or changed date is not in the past (the same day may stay).
      if (!isScheduledDateAllowed(input.date, row.date, todayIn(partner.timeZone, now()))) {
        throw badField('date', VALIDATION_MESSAGES.scheduledDateInPast);
      }
      const applied = await orders.setSchedule(scope, actor, id, {
        technicianId: technician.id,
        date: input.date,
        start: input.start,
        fromStatus: row.status,
        status: decision.status,
        version: input.version,
      });
      if (!applied) return lostRace(scope, id, defaults);
      const fresh = await cardOrThrow(scope, id, defaults);
      return {
        card: fresh.card,
        cell: await cellAt(scope, technician.id, technician.workingHours, input.date),
      };
    },

    /** Back to the unscheduled list: no technician, date or start; `scheduled` becomes `created`. */
    async unassign(scope: TenantScope, actor: Actor, id: string, version: number): Promise<ScheduleCard> {
      const defaults = await pricing.defaultDurations(scope);
      const { row, card } = await cardOrThrow(scope, id, defaults);
      const decision = mayUnschedule(row, version);
      if (!decision.ok)
        throw refuse(decision.reason, decision.reason === 'version_conflict' ? card : undefined);
      const applied = await orders.setSchedule(scope, actor, id, {
        technicianId: null,
        date: null,
        start: null,
        fromStatus: row.status,
        status: decision.status,
        version,
      });
      if (!applied) return lostRace(scope, id, defaults);
      return (await cardOrThrow(scope, id, defaults)).card;
    },

    /** An opaque mark of everything the board shows; it changes whenever any of it changes. */
    async cursor(scope: TenantScope): Promise<string> {
      const marks = await repo.changeMarks(scope);
      return createHash('sha256').update(marks).digest('base64url').slice(0, 22);
    },

    async changes(scope: TenantScope, since: string) {
      const cursor = await this.cursor(scope);
      return { cursor, changed: cursor !== since };
    },

    /** The signed-in technician's orders on a day (today in the partner's zone by default). */
    async myDay(scope: TenantScope, user: { id: string; email: string }, date?: string): Promise<MyDay> {
      const technician = await repo.technicianOfUser(scope, user);
      if (!technician) throw refuse('no_technician_record');
      const { timeZone } = await repo.partner(scope);
      const day = date ?? todayIn(timeZone, now());
      const [rows, defaults] = await Promise.all([
        repo.dayOrders(scope, technician.id, day),
        pricing.defaultDurations(scope),
      ]);
      const ids = rows.map((r) => r.id);
      const [parts, photos] = await Promise.all([
        repo.sparePartsOf(scope, ids),
        repo.photosOf(scope, ids, MY_DAY_PHOTOS),
      ]);
      const ordersOut = rows
        .map((r) => ({
          id: r.id,
          orderNumber: r.orderNumber,
          title: r.title,
          status: r.status,
          priority: r.priority,
          serviceType: r.serviceType,
          start: r.start,
          durationMinutes: effectiveDuration(r, defaults)?.minutes ?? null,
          customerName: r.customerName,
          customerPhone: r.customerPhone,
          customerAddress: r.customerAddress,
          description: r.description,
          serialNumber: r.serialNumber,
          internalNotes: r.internalNotes,
          currency: r.currency,
          checkpoints: r.checkpoints,
          spareParts: parts.filter((p) => p.orderId === r.id).map(({ orderId: _orderId, ...line }) => line),
          photoIds: photos.filter((p) => p.orderId === r.id).map((p) => p.id),
          version: r.version,
        }))
        .sort(compareMyDay);
      return {
        date: day,
        timeZone,
        technician: { id: technician.id, fullName: `${technician.firstName} ${technician.lastName}` },
        orders: ordersOut,
      };
    },

    /**
     * Tells the customer the scheduled date (and start) by SMS or e-mail, through the
     * communications feature (stored, sent behind the request, logged on the order).
     */
    async notify(
      scope: TenantScope,
      actor: Actor,
      id: string,
      channel: 'sms' | 'email',
    ): Promise<Communication> {
      const row = await repo.card(scope, id);
      if (!row) throw notFound('Service order');
      if (!row.date) throw refuse('not_scheduled');
      const partner = await repo.partner(scope);
      const text = visitMessage(languageForPhone(row.customerPhone), {
        customerName: row.customerName,
        orderNumber: row.orderNumber,
        date: row.date,
        start: row.start,
        partnerName: partner.name,
      });
      return messages.create(scope, actor, id, {
        method: channel,
        subject: channel === 'email' ? text.subject : null,
        message: text.body,
        deliveryNotes: null,
        isInternal: false,
        customerResponse: null,
      });
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
