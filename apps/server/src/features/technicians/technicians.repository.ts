import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

const columns = {
  id: technicians.id,
  userId: technicians.userId,
  firstName: technicians.firstName,
  lastName: technicians.lastName,
  email: technicians.email,
  phoneNumber: technicians.phoneNumber,
  jobTitle: technicians.jobTitle,
  department: technicians.department,
  isActive: technicians.isActive,
  createdAt: technicians.createdAt,
  updatedAt: technicians.updatedAt,
  version: technicians.version,
};

export type TechnicianRow = Pick<typeof technicians.$inferSelect, keyof typeof columns>;

export function createTechniciansRepository(db: Db) {
  return {
    async get(scope: TenantScope, id: string): Promise<TechnicianRow | null> {
      const rows = await db
        .select(columns)
        .from(technicians)
        .where(scoped(technicians, scope, eq(technicians.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type TechniciansRepository = ReturnType<typeof createTechniciansRepository>;
