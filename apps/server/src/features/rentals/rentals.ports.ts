import type { Currency } from '@service-portal/shared/limits';
import type { customerInputSchema } from '@service-portal/shared/customers';
import type { Image } from '@service-portal/shared/images';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { UploadPart } from '../../lib/multipart.ts';

// What the rentals feature asks of others (rentals.module.ts gets them; features do not import each other).
export interface CustomerPort {
  /** The partner's customer (404 otherwise). */
  get(
    scope: TenantScope,
    id: string,
  ): Promise<{ id: string; name: string; email: string | null; phone: string | null }>;
  /**
   * The partner's customer with this e-mail (any case) or, without one, this phone number (in
   * E.164), or a new one: inside the rental's transaction `tx`, so a refused rental leaves nothing.
   */
  findOrCreate(
    scope: TenantScope,
    input: z.output<typeof customerInputSchema>,
    tx: Db,
  ): Promise<{ id: string }>;
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
