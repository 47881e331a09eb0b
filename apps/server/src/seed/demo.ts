import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../integrations/storage/storage.ts';
import { servicePartners } from '../db/schema/partners.ts';
import { seedCommunications } from './communications.ts';
import { seedCustomers } from './customers.ts';
import { seedDocuments } from './documents.ts';
import { seedEstimatesAndReports } from './estimates-reports.ts';
import { seedHistoryStory } from './history.ts';
import { seedIdentities } from './identities.ts';
import { seedPartnerIdentities } from './partner-identity.ts';
import { seedPricing } from './pricing.ts';
import { seedRentals } from './rentals.ts';
import { seedSchedule } from './schedule.ts';
import { seedServiceOrders } from './service-orders.ts';
import { seedTechnicians } from './technicians.ts';
import { seedWarehouseLocations } from './warehouse-locations.ts';
import { seedWorkLogs } from './work-logs.ts';

/**
 * Loads the demo data; each feature's issue adds its part here. The info center's files need the
 * file storage: without one its documents are left out.
 */
export async function seedDemoData(db: Db, options: { storage?: FileStorage } = {}): Promise<void> {
  const partnerIds = await seedIdentities(db);
  await seedTechnicians(db, partnerIds);
  await seedWarehouseLocations(db, partnerIds);
  await seedCustomers(db, partnerIds);
  await seedServiceOrders(db, partnerIds);
  await seedCommunications(db, partnerIds);
  await seedPricing(db, partnerIds);
  await seedWorkLogs(db, partnerIds);
  await seedSchedule(db, partnerIds);
  if (options.storage) await seedDocuments(db, partnerIds, options.storage);
  await seedRentals(db, partnerIds);
  await seedHistoryStory(db, partnerIds);
  await seedPartnerIdentities(db, partnerIds, options.storage);
  await seedEstimatesAndReports(db, partnerIds, options.storage);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(servicePartners);
  return (row?.n ?? 0) === 0;
}
