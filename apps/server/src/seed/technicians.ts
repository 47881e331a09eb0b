import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { technicians } from '../db/schema/technicians.ts';
import { users } from '../db/schema/users.ts';
import type { DEMO_PARTNERS } from './identities.ts';

interface DemoTechnician {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  jobTitle: string;
  department: string;
  isActive?: boolean;
  /** The demo user this technician signs in as. */
  userEmail?: string;
}

const TECHNICIANS: Record<(typeof DEMO_PARTNERS)[number], DemoTechnician[]> = {
  'Nordic Service AS': [
    {
      firstName: 'Tore',
      lastName: 'Nilsen',
      email: 'tech@nordic.example.com',
      phoneNumber: '+47 914 56 789',
      jobTitle: 'Service technician',
      department: 'Workshop',
      userEmail: 'tech@nordic.example.com',
    },
    {
      firstName: 'Sindre',
      lastName: 'Bakken',
      email: 'sindre.bakken@nordic.example.com',
      phoneNumber: '+47 917 20 431',
      jobTitle: 'Field technician',
      department: 'Field service',
    },
    {
      firstName: 'Kari',
      lastName: 'Haugen',
      email: 'kari.haugen@nordic.example.com',
      phoneNumber: '+47 482 11 907',
      jobTitle: 'Senior technician',
      department: 'Workshop',
    },
    {
      firstName: 'Jonas',
      lastName: 'Moe',
      email: 'jonas.moe@nordic.example.com',
      phoneNumber: '+47 938 64 210',
      jobTitle: 'Apprentice',
      department: 'Workshop',
    },
    {
      firstName: 'Eirik',
      lastName: 'Dahl',
      email: 'eirik.dahl@nordic.example.com',
      phoneNumber: '+47 466 30 118',
      jobTitle: 'Field technician',
      department: 'Field service',
      isActive: false,
    },
  ],
  'Fjord Repair AS': [
    {
      firstName: 'Henrik',
      lastName: 'Solberg',
      email: 'henrik.solberg@fjord.example.com',
      phoneNumber: '+47 909 41 552',
      jobTitle: 'Service technician',
      department: 'Workshop',
    },
    {
      firstName: 'Linn',
      lastName: 'Strand',
      email: 'linn.strand@fjord.example.com',
      phoneNumber: '+47 477 82 063',
      jobTitle: 'Field technician',
      department: 'Field service',
    },
    {
      firstName: 'Ola',
      lastName: 'Vik',
      email: 'ola.vik@fjord.example.com',
      phoneNumber: '+47 951 07 384',
      jobTitle: 'Service technician',
      department: 'Workshop',
    },
    {
      firstName: 'Per',
      lastName: 'Lund',
      email: 'per.lund@fjord.example.com',
      phoneNumber: '+47 413 59 926',
      jobTitle: 'Field technician',
      department: 'Field service',
      isActive: false,
    },
  ],
};

/** Idempotent: a partner that has technicians already gets none added. */
export async function seedTechnicians(db: Db, partnerIds: Map<string, string>): Promise<void> {
  const linked = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        Object.values(TECHNICIANS).flatMap((list) => list.flatMap((t) => (t.userEmail ? [t.userEmail] : []))),
      ),
    );
  const userIds = new Map(linked.map((u) => [u.email, u.id]));
  for (const [partner, list] of Object.entries(TECHNICIANS)) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(technicians)
      .where(eq(technicians.servicePartnerId, partnerId));
    if ((existing?.n ?? 0) > 0) continue;
    await db.insert(technicians).values(
      list.map(({ userEmail, isActive, ...t }) => ({
        ...t,
        servicePartnerId: partnerId,
        isActive: isActive ?? true,
        userId: userEmail ? (userIds.get(userEmail) ?? null) : null,
      })),
    );
  }
}
