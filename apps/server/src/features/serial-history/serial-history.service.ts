import type { RentalSerialEvent } from '@service-portal/shared/rentals';
import type { SerialEvent, SerialHistory } from '@service-portal/shared/serial-history';
import type { TenantScope } from '../../db/tenant.ts';

/** An order of the unit, as the providers need it to label their events. */
export interface SerialOrder {
  id: string;
  orderNumber: string;
}

/**
 * One history being gathered: the unit's orders and rentals are read once, on first use, and
 * shared by every provider; a provider reads its own records of all of them in one query.
 */
export interface SerialQuery {
  scope: TenantScope;
  serial: string;
  orders(): Promise<readonly SerialOrder[]>;
  rentals(): Promise<readonly RentalSerialEvent[]>;
}

/** One feature's events for a serial number, contributed by the feature's module. */
export type SerialEventProvider = (query: SerialQuery) => Promise<SerialEvent[]>;

/** Where the unit's orders and rentals come from (the service-orders and rentals modules). */
export interface SerialSubjects {
  orders(scope: TenantScope, serial: string): Promise<SerialOrder[]>;
  rentals(scope: TenantScope, serial: string): Promise<RentalSerialEvent[]>;
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= read());
}

/**
 * Service history by serial number (product.md "Products and the shop catalogue"): every order,
 * status change, spare part, work log, photo and rental of one physical unit within the partner,
 * newest first. The events come from the features that own them, through providers; what they
 * cost does not grow with the number of orders (serial-history.queries.test.ts).
 */
export function createSerialHistoryService(
  subjects: SerialSubjects,
  providers: readonly SerialEventProvider[],
) {
  return {
    async history(scope: TenantScope, serial: string): Promise<SerialHistory> {
      const clean = serial.trim();
      const query: SerialQuery = {
        scope,
        serial: clean,
        orders: once(() => subjects.orders(scope, clean)),
        rentals: once(() => subjects.rentals(scope, clean)),
      };
      const all = (await Promise.all(providers.map((p) => p(query)))).flat();
      all.sort((a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind));
      return { serial: clean, events: all };
    },
  };
}

export type SerialHistoryService = ReturnType<typeof createSerialHistoryService>;
