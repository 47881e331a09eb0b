import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerIdentities } from '../../db/schema/partner-identity.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import type { TenantScope } from '../../db/tenant.ts';

const t = partnerIdentities;

export type IdentityRow = typeof partnerIdentities.$inferSelect;

export interface ContactValues {
  phone: string | null;
  email: string | null;
  address: string | null;
  website: string | null;
}

export interface LogoValues {
  logoId: string;
  logoKey: string;
  logoContentType: 'image/png' | 'image/jpeg';
  logoWidth: number;
  logoHeight: number;
  logoBytes: number;
}

const NO_LOGO = {
  logoId: null,
  logoKey: null,
  logoContentType: null,
  logoWidth: null,
  logoHeight: null,
  logoBytes: null,
} as const;

/** The only code that speaks Drizzle for the partner's identity; no rules. */
export function createPartnerIdentityRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    /** The partner's name (the foundation's table, read as a label) beside its identity row. */
    async find(scope: TenantScope): Promise<{ name: string; row: IdentityRow | null } | null> {
      const [found] = await db
        .select({ name: servicePartners.name, row: t })
        .from(servicePartners)
        .leftJoin(t, eq(t.servicePartnerId, servicePartners.id))
        .where(eq(servicePartners.id, scope.partnerId));
      return found ?? null;
    },

    async saveContact(scope: TenantScope, values: ContactValues, at: Date): Promise<void> {
      await db
        .insert(t)
        .values({ servicePartnerId: scope.partnerId, ...values, updatedAt: at })
        .onConflictDoUpdate({
          target: t.servicePartnerId,
          set: { ...values, updatedAt: at, version: sql`${t.version} + 1` },
        });
    },

    /** Sets (or, with null, removes) the logo; the trigger hands the old file to the clean-up. */
    async saveLogo(scope: TenantScope, logo: LogoValues | null, at: Date, tx: Db = db): Promise<void> {
      const values = logo ?? NO_LOGO;
      await tx
        .insert(t)
        .values({ servicePartnerId: scope.partnerId, ...values, updatedAt: at })
        .onConflictDoUpdate({
          target: t.servicePartnerId,
          set: { ...values, updatedAt: at, version: sql`${t.version} + 1` },
        });
    },

    /** A logo by its public id, whoever's it is (the id is the access check, decision 077). */
    async logoById(logoId: string): Promise<Pick<IdentityRow, 'logoKey' | 'logoContentType'> | null> {
      const [row] = await db
        .select({ logoKey: t.logoKey, logoContentType: t.logoContentType })
        .from(t)
        .where(eq(t.logoId, logoId));
      return row ?? null;
    },
  };
}

export type PartnerIdentityRepository = ReturnType<typeof createPartnerIdentityRepository>;
