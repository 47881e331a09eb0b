import type { Role } from '@service-portal/shared/auth';
import type { Db } from '../db/client.ts';
import { servicePartners } from '../db/schema/partners.ts';
import { users } from '../db/schema/users.ts';

export const DEMO_PARTNERS = ['Nordic Service AS', 'Fjord Repair AS'] as const;

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  partner: (typeof DEMO_PARTNERS)[number] | null;
  isGlobalAdmin?: boolean;
  jobTitle?: string;
  department?: string;
  phoneNumber?: string;
}

/** The demo accounts of product.md ("Configuration and demo data"). */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@example.com',
    firstName: 'Astrid',
    lastName: 'Admin',
    roles: [],
    partner: null,
    isGlobalAdmin: true,
    jobTitle: 'Platform administrator',
  },
  {
    email: 'office@nordic.example.com',
    firstName: 'Olav',
    lastName: 'Berg',
    roles: ['Administrator'],
    partner: 'Nordic Service AS',
    jobTitle: 'Office manager',
    department: 'Office',
    phoneNumber: '+47 912 34 567',
  },
  {
    email: 'manager@nordic.example.com',
    firstName: 'Marte',
    lastName: 'Hansen',
    roles: ['ServiceManager'],
    partner: 'Nordic Service AS',
    jobTitle: 'Service manager',
    department: 'Service',
    phoneNumber: '+47 913 45 678',
  },
  {
    email: 'tech@nordic.example.com',
    firstName: 'Tore',
    lastName: 'Nilsen',
    roles: [],
    partner: 'Nordic Service AS',
    jobTitle: 'Service technician',
    department: 'Workshop',
    phoneNumber: '+47 914 56 789',
  },
  {
    email: 'manager@fjord.example.com',
    firstName: 'Frida',
    lastName: 'Lie',
    roles: ['ServiceManager'],
    partner: 'Fjord Repair AS',
    jobTitle: 'Service manager',
    department: 'Service',
    phoneNumber: '+47 915 67 890',
  },
  { email: 'nopartner@example.com', firstName: 'Nils', lastName: 'Partnerløs', roles: [], partner: null },
];

/** Idempotent: re-running adds only what is missing and never changes what exists. */
export async function seedIdentities(db: Db): Promise<Map<string, string>> {
  await db
    .insert(servicePartners)
    .values(DEMO_PARTNERS.map((name) => ({ name })))
    .onConflictDoNothing();
  const partners = await db
    .select({ id: servicePartners.id, name: servicePartners.name })
    .from(servicePartners);
  const partnerIds = new Map(partners.map((p) => [p.name, p.id]));

  await db
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        roles: u.roles,
        isGlobalAdmin: u.isGlobalAdmin ?? false,
        servicePartnerId: u.partner ? (partnerIds.get(u.partner) ?? null) : null,
        jobTitle: u.jobTitle ?? null,
        department: u.department ?? null,
        phoneNumber: u.phoneNumber ?? null,
      })),
    )
    .onConflictDoNothing();
  return partnerIds;
}
