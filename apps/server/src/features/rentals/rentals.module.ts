import type { PricingConfig, RentalProductPricing } from '@service-portal/shared/pricing';
import type { Customer } from '@service-portal/shared/customers';
import type { z } from 'zod';
import type { customerInputSchema } from '@service-portal/shared/customers';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import type { RentalPhotosPort, ReminderSender } from './rentals.ports.ts';
import { createRentalsRepository } from './rentals.repository.ts';
import { rentalsRoutes } from './rentals.routes.ts';
import { createRentalsService, rentalSerialEvent, type RentalEvents } from './rentals.service.ts';

/**
 * Which rental units are the partner's: one query over this feature's table for pricing, which is
 * composed before rentals (rentals need its rates).
 */
export function rentalsReadPort(ctx: ModuleContext) {
  const repo = createRentalsRepository(ctx.db);
  return { owns: (scope: TenantScope, id: string) => repo.ownsProduct(scope, id) };
}

/** What a customer merge asks of a feature whose records reference customers (customers.service.ts). */
interface MergeParticipant {
  kind: 'rentals';
  references: readonly string[];
  count(scope: TenantScope, customerId: string, tx: Db): Promise<number>;
  reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number>;
}

/**
 * Rental units, rentals and bookings (docs/decisions/026-rentals.md). Needs the customers (a new
 * customer is found or created in the rental's transaction), the partner's pricing, the sender of
 * messages and the images feature's one photo pipeline. Reminders go hourly. Offers the unit's
 * rentals and their events for the serial history.
 */
export function rentalsModule(
  ctx: ModuleContext,
  needs: {
    customers: {
      get(scope: TenantScope, id: string): Promise<Customer>;
      findOrCreateContact(
        scope: TenantScope,
        input: z.output<typeof customerInputSchema>,
        tx: Db,
      ): Promise<{ id: string }>;
      /** A merge moves the merged customer's rentals and bookings, inside its transaction. */
      onMerge(references: MergeParticipant): void;
    };
    pricing: {
      getConfig(scope: TenantScope): Promise<PricingConfig>;
      getRental(scope: TenantScope, rentalProductId: string): Promise<RentalProductPricing>;
    };
    messages: ReminderSender;
    images: {
      listForRental: RentalPhotosPort['list'];
      uploadForRental: RentalPhotosPort['upload'];
      removeOfRental: RentalPhotosPort['remove'];
    };
    /** Webhooks out: events written in the change's own transaction. */
    events?: RentalEvents;
  },
) {
  const { customers, pricing, images } = needs;
  const service = createRentalsService({
    repo: createRentalsRepository(ctx.db),
    customers: {
      get: (scope, id) => customers.get(scope, id),
      findOrCreate: (scope, input, tx) => customers.findOrCreateContact(scope, input, tx),
    },
    pricing: {
      currency: async (scope) => (await pricing.getConfig(scope)).currency,
      rentalRates: async (scope, rentalProductId) => {
        const config = await pricing.getConfig(scope);
        // A unit without prices of its own takes the partner's defaults.
        const product = await pricing.getRental(scope, rentalProductId).catch(() => null);
        return { currency: config.currency, defaults: config, product };
      },
    },
    messages: needs.messages,
    events: needs.events,
    // Photos at the return go through the images feature's one pipeline and storage.
    photos: {
      list: (scope, rentalId) => images.listForRental(scope, rentalId),
      upload: (scope, actor, rentalId, parts) => images.uploadForRental(scope, actor, rentalId, parts),
      remove: (scope, rentalId, imageId) => images.removeOfRental(scope, rentalId, imageId),
    },
    now: ctx.now,
  });
  // A customer merge moves the merged customer's rentals and bookings too.
  customers.onMerge({
    kind: 'rentals',
    references: ['rentals.customer_id'],
    count: (scope, id, tx) => service.countForCustomer(scope, id, tx),
    reassignCustomer: (scope, fromId, toId, tx) => service.reassignCustomer(scope, fromId, toId, tx),
  });
  return {
    routes: [rentalsRoutes(service)],
    jobs: [
      // Reminders before the due date and when overdue, each (rental, kind) once.
      defineJob({
        name: 'rentals.reminders',
        handler: async ({ log }) => log.info(await service.sendReminders(ctx.now()), 'rental reminders sent'),
        options: { retries: 2, singletonKey: 'rentals.reminders' },
        schedule: { cron: '17 * * * *' },
      }),
      // Webhooks out: rentals that became overdue, each reported once.
      defineJob({
        name: 'rentals.overdue-events',
        handler: async ({ log, once }) =>
          log.info({ reported: await service.reportOverdue(once, ctx.now()) }, 'overdue rentals reported'),
        options: { retries: 2, singletonKey: 'rentals.overdue-events' },
        schedule: { cron: '23 * * * *' },
      }),
    ],
    offers: {
      serialRentals: (scope: TenantScope, serial: string) => service.serialHistory(scope, serial),
      serialEvents: async (q: { rentals(): Promise<readonly Parameters<typeof rentalSerialEvent>[0][]> }) =>
        (await q.rentals()).map(rentalSerialEvent),
    },
  } satisfies FeatureModule<object>;
}
