import { eq, isNull } from 'drizzle-orm';
import type { ReportLanguage } from '@service-portal/shared/service-reports';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { serviceReports, serviceReportSettings } from '../../db/schema/service-reports.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

const r = serviceReports;

export type ReportRow = typeof serviceReports.$inferSelect;

/** The only code that speaks Drizzle for service reports; no rules. */
export function createServiceReportsRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    /** The partner's name and time zone (the foundation's table, read as a label). */
    async partner(scope: TenantScope): Promise<{ name: string; timeZone: string } | null> {
      const [row] = await db
        .select({ name: servicePartners.name, timeZone: servicePartners.timeZone })
        .from(servicePartners)
        .where(eq(servicePartners.id, scope.partnerId));
      return row ?? null;
    },

    async requireSignature(scope: TenantScope, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ v: serviceReportSettings.requireSignature })
        .from(serviceReportSettings)
        .where(eq(serviceReportSettings.servicePartnerId, scope.partnerId));
      return row?.v ?? false;
    },

    async setRequireSignature(scope: TenantScope, value: boolean, at: Date): Promise<void> {
      await db
        .insert(serviceReportSettings)
        .values({ servicePartnerId: scope.partnerId, requireSignature: value, updatedAt: at })
        .onConflictDoUpdate({
          target: serviceReportSettings.servicePartnerId,
          set: { requireSignature: value, updatedAt: at },
        });
    },

    async find(scope: TenantScope, orderId: string, tx: Db = db): Promise<ReportRow | null> {
      const [row] = await tx
        .select()
        .from(r)
        .where(scoped(r, scope, eq(r.serviceOrderId, orderId)));
      return row ?? null;
    },

    /** Notes the first time the report is shown for signing; later calls change nothing. */
    async markOpened(scope: TenantScope, orderId: string, at: Date): Promise<void> {
      await db
        .insert(r)
        .values({ servicePartnerId: scope.partnerId, serviceOrderId: orderId, openedAt: at })
        .onConflictDoNothing({ target: r.serviceOrderId });
    },

    /** Signs the report once: false when it was signed already (the WHERE decides, not a read). */
    async sign(
      scope: TenantScope,
      orderId: string,
      values: {
        language: ReportLanguage;
        signerName: string;
        signatureKind: 'drawn' | 'typed';
        signaturePng: Buffer | null;
        signedAt: Date;
        signedBy: string;
        fileKey: string;
        pdfBytes: number;
        sha256: string;
        sentAt: Date | null;
      },
      tx: Db,
    ): Promise<string | null> {
      const rows = await tx
        .update(r)
        .set(values)
        .where(scoped(r, scope, eq(r.serviceOrderId, orderId), isNull(r.signedAt)))
        .returning({ id: r.id });
      return rows.length === 1 ? rows[0]!.id : null;
    },
  };
}

export type ServiceReportsRepository = ReturnType<typeof createServiceReportsRepository>;
