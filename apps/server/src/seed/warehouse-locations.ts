import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { warehouseLocations } from '../db/schema/warehouse-locations.ts';
import type { DEMO_PARTNERS } from './identities.ts';

const LOCATIONS: Record<
  (typeof DEMO_PARTNERS)[number],
  { name: string; description: string; isActive?: boolean }[]
> = {
  'Nordic Service AS': [
    {
      name: 'Alnabru main warehouse',
      description: 'Units in for repair, shelves A–F, and the spare-part stock.',
    },
    { name: 'Workshop bench area', description: 'Units on the bench being repaired or tested.' },
    { name: 'Service van 1', description: 'Parts and loan units carried by the field technicians.' },
    {
      name: 'Lillestrøm store (closed)',
      description: 'The old shop front, emptied in the spring.',
      isActive: false,
    },
  ],
  'Fjord Repair AS': [
    { name: 'Bergen warehouse', description: 'Main stock and units waiting for pickup at Kokstad.' },
    { name: 'Workshop', description: 'Units being repaired or tested in the workshop.' },
    { name: 'Førde depot (closed)', description: 'Shared depot we no longer rent.', isActive: false },
  ],
};

/** Idempotent: a partner that has locations already gets none added. */
export async function seedWarehouseLocations(db: Db, partnerIds: Map<string, string>): Promise<void> {
  for (const [partner, list] of Object.entries(LOCATIONS)) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(warehouseLocations)
      .where(eq(warehouseLocations.servicePartnerId, partnerId));
    if ((existing?.n ?? 0) > 0) continue;
    await db
      .insert(warehouseLocations)
      .values(list.map((l) => ({ ...l, servicePartnerId: partnerId, isActive: l.isActive ?? true })));
  }
}
