import type { Currency } from '@service-portal/shared/limits';
import {
  RENTAL_MESSAGES as M,
  rentalCharge,
  resolveRentalRates,
  type Rental,
  type RentalCalendar,
  type RentalCreate,
  type RentalDashboard,
  type RentalListQuery,
  type RentalProduct,
  type RentalProductListQuery,
  type RentalProductOption,
  type RentalProductValues,
  type RentalSerialEvent,
  type RentalSettings,
  type ReminderKind,
  type ReminderMethod,
} from '@service-portal/shared/rentals';
import { languageForPhone } from '@service-portal/shared/upload-links';
import type { z } from 'zod';
import type { customerInputSchema } from '@service-portal/shared/customers';
import type { Image } from '@service-portal/shared/images';
import type { Db } from '../../db/client.ts';
import type { UploadPart } from '../../lib/multipart.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { reminderMessage } from './rentals.messages.ts';
import type { RentalProductRow, RentalRow, RentalsRepository, WriteMiss } from './rentals.repository.ts';
import { statusCondition } from './rentals.repository.ts';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';

// What this feature asks of others (app.ts passes ports in; features do not import each other).
export interface CustomerPort {
  /** The partner's customer (404 otherwise). */
  get(
    scope: TenantScope,
    id: string,
  ): Promise<{ id: string; name: string; email: string | null; phone: string | null }>;
  /** The partner's customer with this e-mail (any case) or phone, or a new one. */
  findOrCreate(scope: TenantScope, input: z.output<typeof customerInputSchema>): Promise<{ id: string }>;
}
export interface RentalPricingPort {
  /** The partner's pricing currency. */
  currency(scope: TenantScope): Promise<Currency>;
  /** The partner's currency and default rates, and the product's own prices if any. */
  rentalRates(
    scope: TenantScope,
    rentalProductId: string,
  ): Promise<{
    currency: Currency;
    defaults: { defaultDailyRentalRate: number | null; defaultWeeklyRentalRate: number | null };
    product: { dailyPrice: number | null; weeklyPrice: number | null } | null;
  }>;
}
export interface ReminderSender {
  /** Stores (logged in the communications) and sends an e-mail or SMS to the customer. */
  sendToCustomer(
    scope: TenantScope,
    message: {
      customerId: string | null;
      customerName: string;
      email: string | null;
      phone: string | null;
      method: 'email' | 'sms';
      subject: string;
      body: string;
    },
  ): Promise<{ id: string }>;
}

/** The images feature's one pipeline for photos (content check, limits, thumbnails, storage). */
export interface RentalPhotosPort {
  list(scope: TenantScope, rentalId: string): Promise<Image[]>;
  upload(
    scope: TenantScope,
    actor: { id: string },
    rentalId: string,
    parts: AsyncIterable<UploadPart>,
  ): Promise<Image[]>;
  remove(scope: TenantScope, rentalId: string, imageId: string): Promise<void>;
}

export interface RentalsDeps {
  repo: RentalsRepository;
  customers: CustomerPort;
  pricing: RentalPricingPort;
  messages: ReminderSender;
  photos: RentalPhotosPort;
  now?: () => Date;
}

const RENTAL = 'Rental';
const PRODUCT = 'Rental product';

function fieldError(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}
const versionConflict = (what: string) =>
  new AppError('version_conflict', 409, `The ${what} was changed by someone else. Reload it and try again.`);
const unavailable = () => new AppError('unit_unavailable', 409, M.unavailable);
const invalidTransition = (message: string) => new AppError('invalid_transition', 409, message);

function missError(miss: WriteMiss): AppError {
  if (miss === 'serial_taken')
    return new AppError('serial_taken', 409, M.serialTaken, {
      errors: [{ path: 'serialNumber', message: M.serialTaken }],
    });
  return unavailable();
}

function presentProduct(row: RentalProductRow): RentalProduct {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    condition: row.condition,
    isActive: row.isActive,
    catalogProductId: row.catalogProductId,
    lateFeePerDay: row.lateFeePerDayMinor,
    notes: row.notes,
    availability: row.availability,
    currentRentalId: row.currentRentalId,
    nextBookingStart: row.nextBookingStart,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function option(row: RentalProductRow): RentalProductOption {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    condition: row.condition,
    isActive: row.isActive,
    availability: row.availability,
  };
}

function presentRental(row: RentalRow): Rental {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * Rental units, rentals and bookings (spec §2 /rentals/*, product.md "Rentals"). Days are the
 * partner's calendar days; "overdue" is worked out when read, from the partner's today.
 */
export function createRentalsService(deps: RentalsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function todayOf(scope: TenantScope): Promise<{ today: string; timeZone: string }> {
    const timeZone = await repo.partnerTimeZone(scope);
    return { today: dayInZone(now(), timeZone), timeZone };
  }

  async function rentalOrThrow(scope: TenantScope, id: string, today: string, tx?: Db): Promise<RentalRow> {
    const row = await repo.getRental(scope, id, today, tx);
    if (!row) throw notFound(RENTAL);
    return row;
  }

  async function productOrThrow(scope: TenantScope, id: string, today: string, tx?: Db) {
    const row = await repo.getProduct(scope, id, today, tx);
    if (!row) throw notFound(PRODUCT);
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
    const product = await productOrThrow(scope, input.rentalProductId, today);
    if (!product.isActive || product.condition === 'out_of_order')
      throw new AppError('unit_not_rentable', 409, M.notRentable);
    const prices = await deps.pricing.rentalRates(scope, product.id);
    const resolved = resolveRentalRates(prices.product, prices.defaults);
    const dailyMinor = input.dailyRate ?? resolved?.dailyMinor ?? null;
    const weeklyMinor = input.weeklyRate ?? resolved?.weeklyMinor ?? null;
    const daily = dailyMinor ?? (weeklyMinor !== null ? Math.ceil(weeklyMinor / 7) : null);
    if (daily === null) throw new AppError('rental_rate_missing', 409, M.noRate);

    let contact: { id: string; name: string; email: string | null; phone: string | null };
    if ('customerId' in input.customer) {
      contact = await deps.customers.get(scope, input.customer.customerId);
    } else {
      const fields = input.customer.newCustomer;
      const { id: customerId } = await deps.customers.findOrCreate(scope, fields);
      contact = { id: customerId, name: fields.name, email: fields.email, phone: fields.phone };
    }
    const id = await repo.transaction(async (tx) => {
      // The unit is still out on an overdue rental: the database cannot see that (its range ends at
      // the due date), so a rental from today is refused here.
      if (kind === 'rental' && (await repo.hasOverdue(scope, product.id, today, null, tx)))
        throw unavailable();
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
      return created.id;
    });
    return presentRental(await rentalOrThrow(scope, id, today));
  }

  return {
    // --- rental products -----------------------------------------------------------------------

    async listProducts(scope: TenantScope, q: RentalProductListQuery) {
      const { today } = await todayOf(scope);
      const { items, total } = await repo.listProducts(scope, q, today);
      return { items: items.map(presentProduct), total, page: q.page, pageSize: q.pageSize };
    },

    async productOptions(scope: TenantScope, includeInactive: boolean): Promise<RentalProductOption[]> {
      const { today } = await todayOf(scope);
      return (await repo.productOptions(scope, today, includeInactive)).map(option);
    },

    async getProduct(scope: TenantScope, id: string): Promise<RentalProduct> {
      const { today } = await todayOf(scope);
      return presentProduct(await productOrThrow(scope, id, today));
    },

    async createProduct(scope: TenantScope, input: RentalProductValues): Promise<RentalProduct> {
      const { lateFeePerDay, ...rest } = input;
      const created = await repo.insertProduct(scope, { ...rest, lateFeePerDayMinor: lateFeePerDay });
      if (typeof created === 'string') throw missError(created);
      return this.getProduct(scope, created.id);
    },

    async updateProduct(
      scope: TenantScope,
      id: string,
      input: Omit<RentalProductValues, 'isActive'> & { isActive?: boolean | undefined; version: number },
    ): Promise<RentalProduct> {
      const { version, lateFeePerDay, isActive, ...rest } = input;
      const done = await repo.updateProductIfVersion(scope, id, version, {
        ...rest,
        lateFeePerDayMinor: lateFeePerDay,
        ...(isActive === undefined ? {} : { isActive }),
      });
      if (typeof done === 'string') throw missError(done);
      if (!done) {
        await this.getProduct(scope, id);
        throw versionConflict('rental product');
      }
      return this.getProduct(scope, id);
    },

    async setProductStatus(
      scope: TenantScope,
      id: string,
      input: { isActive: boolean; version: number },
    ): Promise<RentalProduct> {
      const done = await repo.updateProductIfVersion(scope, id, input.version, { isActive: input.isActive });
      if (done !== true) {
        await this.getProduct(scope, id);
        throw versionConflict('rental product');
      }
      return this.getProduct(scope, id);
    },

    async removeProduct(scope: TenantScope, id: string): Promise<void> {
      const done = await repo.deleteProduct(scope, id);
      if (done === 'in_use')
        throw new AppError(
          'in_use',
          409,
          'The rental product has rentals or bookings: deactivate it instead of deleting it.',
        );
      if (!done) throw notFound(PRODUCT);
    },

    /** For the pricing feature: prices are only set for the caller's own units. */
    owns: (scope: TenantScope, id: string) => repo.ownsProduct(scope, id),

    // --- rentals and bookings ------------------------------------------------------------------

    async list(scope: TenantScope, q: RentalListQuery) {
      const { today } = await todayOf(scope);
      const { items, total } = await repo.listRentals(scope, q, today);
      return { items: items.map(presentRental), total, page: q.page, pageSize: q.pageSize, today };
    },

    async get(scope: TenantScope, id: string): Promise<Rental> {
      const { today } = await todayOf(scope);
      return presentRental(await rentalOrThrow(scope, id, today));
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

    /** A booking turns into the rental at pickup (from today). */
    async pickup(scope: TenantScope, id: string, input: { dueDate?: string | undefined; version: number }) {
      const { today } = await todayOf(scope);
      const current = await rentalOrThrow(scope, id, today);
      if (current.status !== 'booked') throw invalidTransition('Only a booking can be picked up.');
      const dueDate = input.dueDate ?? current.dueDate;
      if (dueDate < today) throw fieldError('dueDate', M.dueBeforeStart);
      const done = await repo.transaction(async (tx) => {
        if (await repo.hasOverdue(scope, current.rentalProductId, today, id, tx)) throw unavailable();
        return repo.updateRentalIfVersion(
          scope,
          id,
          input.version,
          { kind: 'rental', status: 'active', startDate: today, dueDate },
          tx,
        );
      });
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
        return ok;
      });
      if (done !== true) return missedRental(scope, id, today);
      return this.get(scope, id);
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
        returnsDueThisWeek: dueSoon.filter((r) => r.dueDate <= weekEnd).map(presentRental),
        overdueList: overdue.map(presentRental),
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

    // --- reminders -----------------------------------------------------------------------------

    getSettings: (scope: TenantScope) => repo.getSettings(scope),

    async saveSettings(scope: TenantScope, input: RentalSettings): Promise<RentalSettings> {
      if (!(await repo.saveSettings(scope, input))) throw versionConflict('reminder settings');
      return repo.getSettings(scope);
    },

    /**
     * Sends the reminders due at `at` for every partner (the job): "due soon" the configured days
     * before the due date, "overdue" once it has passed. Each (rental, kind) is claimed by its
     * primary key before sending, so none goes out twice, whichever instance runs the job.
     */
    async sendReminders(at: Date = now()): Promise<{ sent: number; skipped: number }> {
      let sent = 0;
      let skipped = 0;
      for (const due of await repo.dueReminders(at)) {
        const scope = { partnerId: due.servicePartnerId };
        const method: ReminderMethod | null =
          due.method === 'sms'
            ? due.customerPhone
              ? 'sms'
              : due.customerEmail
                ? 'email'
                : null
            : due.customerEmail
              ? 'email'
              : due.customerPhone
                ? 'sms'
                : null;
        const kind: ReminderKind = due.kind;
        if (!method) {
          // Nobody to write to: remember it as handled, so it is not looked at again.
          await repo.claimReminder(scope, due.rentalId, kind, 'none');
          skipped += 1;
          continue;
        }
        if (!(await repo.claimReminder(scope, due.rentalId, kind, method))) continue;
        const text = reminderMessage(languageForPhone(due.customerPhone), kind, {
          customerName: due.customerName,
          unitName: due.unitName,
          serialNumber: due.serialNumber,
          dueDate: due.dueDate,
          partnerName: due.partnerName,
        });
        try {
          const message = await deps.messages.sendToCustomer(scope, {
            customerId: due.customerId,
            customerName: due.customerName,
            email: due.customerEmail,
            phone: due.customerPhone,
            method,
            subject: text.subject,
            body: text.body,
          });
          await repo.setReminderCommunication(due.rentalId, kind, message.id);
          sent += 1;
        } catch (err) {
          // Not stored: the claim goes, so the next run tries again.
          await repo.releaseReminder(due.rentalId, kind);
          throw err;
        }
      }
      return { sent, skipped };
    },

    remindersOf: (scope: TenantScope, rentalId: string) => repo.remindersOf(scope, rentalId),
  };
}

export type RentalsService = ReturnType<typeof createRentalsService>;
