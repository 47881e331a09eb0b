import {
  HANDOVER_UNDO_MINUTES,
  RENTAL_MESSAGES as M,
  handOverDefaultStart,
  handOverStartProblem,
  rentalCharge,
  resolveRentalRates,
  type Rental,
  type RentalCreate,
  type RentalListQuery,
  type RentalSerialEvent,
} from '@service-portal/shared/rentals';
import type { RentalCalendar, RentalDashboard } from '@service-portal/shared/rentals-overview';
import type { Image } from '@service-portal/shared/images';
import type { SerialEvent } from '@service-portal/shared/serial-history';
import type { Db } from '../../db/client.ts';
import type { UploadPart } from '../../lib/multipart.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CustomerPort, RentalPhotosPort, RentalPricingPort, ReminderSender } from './rentals.ports.ts';
import { fieldError, invalidTransition, missError, unavailable, versionConflict } from './rentals.errors.ts';
import { createRentalReminders } from './rentals.reminders.ts';
import { createRentalUnits, option, productOrThrow } from './rentals.units.ts';
import type { RentalProductRow, RentalRow, RentalsRepository } from './rentals.repository.ts';
import { statusCondition } from './rentals.repository.ts';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';

/**
 * The webhooks outbox (a port wired in the module): an event written inside the transaction of
 * the change it reports; `data` (a function) is only built when an endpoint wants it.
 */
export interface RentalEvents {
  enqueue(
    tx: Db,
    partnerId: string,
    type: 'rental.created' | 'rental.returned' | 'rental.overdue',
    data: () => Promise<unknown>,
  ): Promise<void>;
}

export interface RentalsDeps {
  /** Webhooks out; absent: no events are written. */
  events?: RentalEvents;
  repo: RentalsRepository;
  customers: CustomerPort;
  pricing: RentalPricingPort;
  messages: ReminderSender;
  photos: RentalPhotosPort;
  now?: () => Date;
}

const RENTAL = 'Rental';

/** Until when "Undo" turns a hand-over back into its booking: only while nothing else happened. */
function handOverUndoUntil(row: RentalRow, at: Date): string | null {
  if (row.status !== 'active' || row.bookedStartDate === null || row.handedOverAt === null) return null;
  if (row.updatedAt.getTime() !== row.handedOverAt.getTime()) return null;
  const until = row.handedOverAt.getTime() + HANDOVER_UNDO_MINUTES * 60_000;
  return until > at.getTime() ? new Date(until).toISOString() : null;
}

function presentRental(row: RentalRow, at: Date): Rental {
  return {
    id: row.id,
    kind: row.kind,
    status: row.effectiveStatus,
    rentalProductId: row.rentalProductId,
    unitName: row.unitName,
    serialNumber: row.serialNumber,
    customerId: row.customerId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    startDate: row.startDate,
    dueDate: row.dueDate,
    returnedDate: row.returnedDate,
    dailyRate: row.dailyRateMinor,
    weeklyRate: row.weeklyRateMinor,
    lateFeePerDay: row.lateFeePerDayMinor,
    currency: row.currency,
    deposit: row.depositMinor,
    notes: row.notes,
    returnCondition: row.returnCondition,
    returnNotes: row.returnNotes,
    charges: row.charges,
    handOverUndoUntil: handOverUndoUntil(row, at),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A rental or booking of a unit as the serial history shows it. */
export function rentalSerialEvent(r: RentalSerialEvent): SerialEvent {
  return {
    kind: 'rental',
    at: r.createdAt,
    title: r.unitName,
    detail: `${r.customerName}: ${r.startDate} – ${r.returnedDate ?? r.dueDate} (${r.kind === 'booking' ? 'booking' : r.status})`,
    serviceOrderId: null,
    orderNumber: null,
    rentalId: r.rentalId,
  };
}

/**
 * Rental units, rentals and bookings (spec §2 /rentals/*, product.md "Rentals"). Days are the
 * partner's calendar days; "overdue" is worked out when read, from the partner's today.
 */
export function createRentalsService(deps: RentalsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const reminders = createRentalReminders({ repo, messages: deps.messages, now });

  async function todayOf(scope: TenantScope): Promise<{ today: string; timeZone: string }> {
    const timeZone = await repo.partnerTimeZone(scope);
    return { today: dayInZone(now(), timeZone), timeZone };
  }

  const units = createRentalUnits(repo, todayOf);

  async function rentalOrThrow(scope: TenantScope, id: string, today: string, tx?: Db): Promise<RentalRow> {
    const row = await repo.getRental(scope, id, today, tx);
    if (!row) throw notFound(RENTAL);
    return row;
  }

  /** After a versioned write missed: 404 when gone, 409 when changed. */
  async function missedRental(scope: TenantScope, id: string, today: string): Promise<never> {
    await rentalOrThrow(scope, id, today);
    throw versionConflict('rental');
  }

  async function reserve(
    scope: TenantScope,
    actor: { id: string },
    input: RentalCreate,
    kind: 'rental' | 'booking',
  ): Promise<Rental> {
    const { today } = await todayOf(scope);
    if (kind === 'rental' && input.startDate > today) throw fieldError('startDate', M.startInFuture);
    if (kind === 'booking' && input.startDate < today) throw fieldError('startDate', M.bookingInPast);
    const product = await productOrThrow(repo, scope, input.rentalProductId, today);
    if (!product.isActive || product.condition === 'out_of_order')
      throw new AppError('unit_not_rentable', 409, M.notRentable);
    const prices = await deps.pricing.rentalRates(scope, product.id);
    const resolved = resolveRentalRates(prices.product, prices.defaults);
    const dailyMinor = input.dailyRate ?? resolved?.dailyMinor ?? null;
    const weeklyMinor = input.weeklyRate ?? resolved?.weeklyMinor ?? null;
    const daily = dailyMinor ?? (weeklyMinor !== null ? Math.ceil(weeklyMinor / 7) : null);
    if (daily === null) throw new AppError('rental_rate_missing', 409, M.noRate);

    const given = input.customer;
    const existing = 'customerId' in given ? await deps.customers.get(scope, given.customerId) : null;
    const id = await repo.transaction(async (tx) => {
      // A new customer is found or created in the rental's own transaction: a refused rental
      // leaves none behind.
      const contact =
        existing ??
        ('newCustomer' in given
          ? {
              ...given.newCustomer,
              id: (await deps.customers.findOrCreate(scope, given.newCustomer, tx)).id,
            }
          : null);
      if (!contact) throw new Error('a rental names its customer or gives a new one');
      // The unit is still out on an overdue rental: the database cannot see that (its range ends at
      // the due date), so a rental from today is refused here.
      if (kind === 'rental' && (await repo.hasOverdue(scope, product.id, today, null, tx)))
        throw unavailable();
      // A booking handed over before its start holds the unit from today (decision 052).
      const range = { start: input.startDate, due: input.dueDate, handOver: false };
      if (await repo.outEarly(scope, product.id, range, today, null, tx)) throw unavailable();
      const created = await repo.insertRental(
        scope,
        {
          rentalProductId: product.id,
          kind,
          status: kind === 'rental' ? 'active' : 'booked',
          customerId: contact.id,
          customerName: contact.name,
          customerEmail: contact.email,
          customerPhone: contact.phone,
          startDate: input.startDate,
          dueDate: input.dueDate,
          dailyRateMinor: daily,
          weeklyRateMinor: weeklyMinor,
          lateFeePerDayMinor: product.lateFeePerDayMinor,
          currency: prices.currency,
          depositMinor: input.deposit,
          notes: input.notes,
          createdBy: actor.id,
        },
        tx,
      );
      if (typeof created === 'string') throw missError(created);
      await deps.events?.enqueue(tx, scope.partnerId, 'rental.created', async () =>
        presentRental(await rentalOrThrow(scope, created.id, today, tx), now()),
      );
      return created.id;
    });
    return presentRental(await rentalOrThrow(scope, id, today), now());
  }

  return {
    /** The customers feature's merge: how many rentals and bookings move; moving them in `tx`. */
    countForCustomer: (scope: TenantScope, id: string, tx?: Db) => repo.countForCustomer(scope, id, tx),
    reassignCustomer: (scope: TenantScope, fromId: string, toId: string, tx: Db) =>
      repo.reassignCustomer(scope, fromId, toId, tx),

    // --- rental units (rentals.units.ts) ------------------------------------------------------

    ...units,

    // --- rentals and bookings ------------------------------------------------------------------

    async list(scope: TenantScope, q: RentalListQuery) {
      const { today } = await todayOf(scope);
      const { items, total } = await repo.listRentals(scope, q, today);
      return {
        items: items.map((row) => presentRental(row, now())),
        total,
        page: q.page,
        pageSize: q.pageSize,
        today,
      };
    },

    async get(scope: TenantScope, id: string): Promise<Rental> {
      const { today } = await todayOf(scope);
      return presentRental(await rentalOrThrow(scope, id, today), now());
    },

    createRental: (scope: TenantScope, actor: { id: string }, input: RentalCreate) =>
      reserve(scope, actor, input, 'rental'),
    createBooking: (scope: TenantScope, actor: { id: string }, input: RentalCreate) =>
      reserve(scope, actor, input, 'booking'),

    /** Dates, deposit and notes of a booking or an active rental. */
    async update(
      scope: TenantScope,
      id: string,
      input: { startDate: string; dueDate: string; deposit: number; notes: string | null; version: number },
    ): Promise<Rental> {
      const { today } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.status !== 'booked' && current.status !== 'active')
        throw invalidTransition('Only bookings and rentals under way can be changed.');
      if (current.status === 'active' && input.startDate !== current.startDate)
        throw fieldError('startDate', 'The start of a rental under way cannot change.');
      if (current.status === 'booked' && input.startDate < today && input.startDate !== current.startDate)
        throw fieldError('startDate', M.bookingInPast);
      const done = await repo.updateRentalIfVersion(scope, id, input.version, {
        startDate: input.startDate,
        dueDate: input.dueDate,
        depositMinor: input.deposit,
        notes: input.notes,
      });
      if (typeof done === 'string') throw missError(done);
      if (!done) return missedRental(scope, id, today);
      return this.get(scope, id);
    },

    /**
     * Hand over (issue 31): the booking turns into the rental from its actual start (default: the
     * booked start, or today once the booking has begun) and keeps the booked due date.
     */
    async pickup(scope: TenantScope, id: string, input: { startDate?: string | undefined; version: number }) {
      const { today } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.status !== 'booked') throw invalidTransition('Only a booking can be handed over.');
      const startDate = input.startDate ?? handOverDefaultStart(current, today);
      const problem = handOverStartProblem(current, startDate, today);
      if (problem) throw fieldError('startDate', problem);
      const done = await repo.transaction(async (tx) => {
        if (await repo.hasOverdue(scope, current.rentalProductId, today, id, tx)) throw unavailable();
        const range = { start: startDate, due: current.dueDate, handOver: true };
        if (await repo.outEarly(scope, current.rentalProductId, range, today, id, tx)) throw unavailable();
        return repo.handOverIfVersion(
          scope,
          id,
          input.version,
          { startDate, bookedStartDate: current.startDate, at: now() },
          tx,
        );
      });
      if (typeof done === 'string') throw missError(done);
      if (!done) return missedRental(scope, id, today);
      return this.get(scope, id);
    },

    /**
     * Undo of a hand-over: back to the booking it was, within HANDOVER_UNDO_MINUTES and while
     * nothing else happened to it (decision 052).
     */
    async undoPickup(scope: TenantScope, id: string, input: { version: number }): Promise<Rental> {
      const { today } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.version !== input.version) throw versionConflict('rental');
      if (handOverUndoUntil(current, now()) === null)
        throw invalidTransition('This hand-over can no longer be undone.');
      const since = new Date(now().getTime() - HANDOVER_UNDO_MINUTES * 60_000);
      const done = await repo.undoHandOverIfVersion(scope, id, input.version, since);
      if (typeof done === 'string') throw missError(done);
      if (!done) return missedRental(scope, id, today);
      return this.get(scope, id);
    },

    async cancel(scope: TenantScope, id: string, input: { version: number }): Promise<Rental> {
      const { today } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.status !== 'booked' && current.status !== 'active')
        throw invalidTransition('Only bookings and rentals under way can be cancelled.');
      const done = await repo.updateRentalIfVersion(scope, id, input.version, { status: 'cancelled' });
      if (done !== true) return missedRental(scope, id, today);
      return this.get(scope, id);
    },

    /**
     * The unit comes back: the charges are computed by the one shared rule and frozen on the
     * rental, and the unit takes the condition it came back in.
     */
    async returnRental(
      scope: TenantScope,
      id: string,
      input: {
        returnedDate?: string | undefined;
        condition: RentalProductRow['condition'];
        notes: string | null;
        version: number;
      },
    ): Promise<Rental> {
      const { today, timeZone } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.status !== 'active') throw invalidTransition('Only a rental under way can be returned.');
      const returnedDate = input.returnedDate ?? today;
      if (returnedDate > today) throw fieldError('returnedDate', M.returnInFuture);
      if (returnedDate < current.startDate) throw fieldError('returnedDate', M.returnBeforeStart);
      const charges = rentalCharge({
        pickup: current.startDate,
        returned: returnedDate,
        due: current.dueDate,
        dailyMinor: current.dailyRateMinor,
        weeklyMinor: current.weeklyRateMinor,
        lateFeePerDayMinor: current.lateFeePerDayMinor,
        timeZone,
      });
      const done = await repo.transaction(async (tx) => {
        const ok = await repo.updateRentalIfVersion(
          scope,
          id,
          input.version,
          {
            status: 'returned',
            returnedDate,
            returnCondition: input.condition,
            returnNotes: input.notes,
            charges,
            totalMinor: charges.totalMinor,
          },
          tx,
        );
        if (ok === true)
          await repo.updateProductIfVersion(
            scope,
            current.rentalProductId,
            null,
            { condition: input.condition },
            tx,
          );
        if (ok === true)
          await deps.events?.enqueue(tx, scope.partnerId, 'rental.returned', async () =>
            presentRental(await rentalOrThrow(scope, id, today, tx), now()),
          );
        return ok;
      });
      if (done !== true) return missedRental(scope, id, today);
      return this.get(scope, id);
    },

    /**
     * Reports rentals that became overdue (the hourly job): each rental once, whichever instance
     * runs it, through `once` (the event and the claim commit together).
     */
    async reportOverdue(
      once: (key: string, effect: (tx: Db) => Promise<void>) => Promise<boolean>,
      at: Date = now(),
    ): Promise<number> {
      const events = deps.events;
      if (!events) return 0;
      let reported = 0;
      for (const due of await repo.newlyOverdue(at, 14)) {
        const scope = { partnerId: due.servicePartnerId };
        // Read before the transaction: every query inside it must use its `tx`.
        const { today } = await todayOf(scope);
        const applied = await once(`webhook:rental.overdue:${due.rentalId}`, async (tx) => {
          await events.enqueue(tx, scope.partnerId, 'rental.overdue', async () =>
            presentRental(await rentalOrThrow(scope, due.rentalId, today, tx), at),
          );
        });
        if (applied) reported += 1;
      }
      return reported;
    },

    // --- photos with the return ----------------------------------------------------------------

    /** The rental's photos, oldest first, with signed URLs (404 unless the rental is the partner's). */
    async photos(scope: TenantScope, id: string): Promise<Image[]> {
      const { today } = await todayOf(scope);
      await rentalOrThrow(scope, id, today);
      return deps.photos.list(scope, id);
    },

    /**
     * Photos of the unit as it comes back: taken while the rental is under way (the return dialog
     * sends them before it confirms) or after it was returned; not on bookings or cancelled ones.
     */
    async addPhotos(
      scope: TenantScope,
      actor: { id: string },
      id: string,
      parts: AsyncIterable<UploadPart>,
    ): Promise<Image[]> {
      const { today } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.status !== 'active' && current.status !== 'returned')
        throw invalidTransition('Photos are taken of a rental under way or returned.');
      return deps.photos.upload(scope, actor, id, parts);
    },

    async removePhoto(scope: TenantScope, id: string, imageId: string): Promise<void> {
      const { today } = await todayOf(scope);
      await rentalOrThrow(scope, id, today);
      await deps.photos.remove(scope, id, imageId);
    },

    // --- calendar, dashboard, serial history ---------------------------------------------------

    async calendar(scope: TenantScope, from: string, to: string): Promise<RentalCalendar> {
      const { today } = await todayOf(scope);
      const [units, entries] = await Promise.all([
        repo.productOptions(scope, today, false),
        repo.calendarEntries(scope, from, to, today),
      ]);
      return { from, to, today, units: units.map(option), entries };
    },

    async dashboard(scope: TenantScope): Promise<RentalDashboard> {
      const { today } = await todayOf(scope);
      const monthStart = `${today.slice(0, 8)}01`;
      const [figures, dueSoon, overdue, prices] = await Promise.all([
        repo.dashboardFigures(scope, today, monthStart),
        repo.rentalsWhere(scope, today, statusCondition('active', today)),
        repo.rentalsWhere(scope, today, statusCondition('overdue', today)),
        deps.pricing.currency(scope),
      ]);
      const weekEnd = addDays(today, 6);
      const daysSoFar = Number(today.slice(8, 10));
      const capacity = figures.unitsTotal * daysSoFar;
      return {
        today,
        currency: prices,
        unitsTotal: figures.unitsTotal,
        available: figures.available,
        out: figures.out,
        overdue: figures.overdue,
        utilisation: capacity === 0 ? 0 : Math.min(1, figures.rentedDays / capacity),
        revenueThisMonth: figures.revenue,
        returnsDueThisWeek: dueSoon
          .filter((r) => r.dueDate <= weekEnd)
          .map((row) => presentRental(row, now())),
        overdueList: overdue.map((row) => presentRental(row, now())),
        upcomingBookings: figures.upcomingBookings,
      };
    },

    /** The rentals and bookings of a serial number (the serial history's rentals provider). */
    async serialHistory(scope: TenantScope, serial: string): Promise<RentalSerialEvent[]> {
      const { today } = await todayOf(scope);
      return (await repo.serialHistory(scope, serial, today)).map((row) => ({
        rentalId: row.id,
        kind: row.kind,
        status: row.effectiveStatus,
        unitName: row.unitName,
        customerName: row.customerName,
        startDate: row.startDate,
        dueDate: row.dueDate,
        returnedDate: row.returnedDate,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    // --- reminders (rentals.reminders.ts) ----------------------------------------------------

    ...reminders,
  };
}

export type RentalsService = ReturnType<typeof createRentalsService>;
