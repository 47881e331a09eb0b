import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { servicePartners } from '../db/schema/partners.ts';
import { seedIdentities } from './identities.ts';

/** Loads the demo data; each feature's issue adds its part here. */
export async function seedDemoData(db: Db): Promise<void> {
  await seedIdentities(db);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(servicePartners);
  return (row?.n ?? 0) === 0;
}
