import type { SerialEvent, SerialHistory } from '@service-portal/shared/serial-history';
import type { TenantScope } from '../../db/tenant.ts';

/** One feature's events for a serial number (orders, work logs, photos, rentals...), wired in app.ts. */
export type SerialEventProvider = (scope: TenantScope, serial: string) => Promise<SerialEvent[]>;

/**
 * Service history by serial number (product.md "Products and the shop catalogue"): every order,
 * status change, spare part, work log, photo and rental of one physical unit within the partner,
 * newest first. The events come from the features that own them, through providers.
 */
export function createSerialHistoryService(providers: readonly SerialEventProvider[]) {
  return {
    async history(scope: TenantScope, serial: string): Promise<SerialHistory> {
      const clean = serial.trim();
      const all = (await Promise.all(providers.map((p) => p(scope, clean)))).flat();
      all.sort((a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind));
      return { serial: clean, events: all };
    },
  };
}

export type SerialHistoryService = ReturnType<typeof createSerialHistoryService>;
