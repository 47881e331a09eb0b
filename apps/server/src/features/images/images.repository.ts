import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ImageCategory, ImageMoment, ImageType } from '@service-portal/shared/images';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { users } from '../../db/schema/users.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

export interface ImageRow {
  id: string;
  /** Exactly one of the two is set (a CHECK in the database). */
  serviceOrderId: string | null;
  rentalId: string | null;
  source: 'customer' | 'staff';
  category: ImageCategory;
  moment: ImageMoment | null;
  description: string | null;
  uploadedById: string | null;
  uploadedByName: string | null;
  originalKey: string;
  originalType: ImageType;
  originalName: string;
  originalBytes: number;
  displayKey: string;
  thumbnailKey: string;
  width: number | null;
  height: number | null;
  createdAt: Date;
}

export type ImageValues = Omit<ImageRow, 'uploadedByName' | 'uploadedById'> & {
  uploadedBy: string | null;
  uploadLinkId: string | null;
};

const i = images;
const columns = {
  id: i.id,
  serviceOrderId: i.serviceOrderId,
  rentalId: i.rentalId,
  source: i.source,
  category: i.category,
  moment: i.moment,
  description: i.description,
  uploadedById: i.uploadedBy,
  uploadedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  originalKey: i.originalKey,
  originalType: i.originalType,
  originalName: i.originalName,
  originalBytes: i.originalBytes,
  displayKey: i.displayKey,
  thumbnailKey: i.thumbnailKey,
  width: i.width,
  height: i.height,
  createdAt: i.createdAt,
};

/** The only Drizzle code of images (their files' ledger is the storage integration's). */
export function createImagesRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async listForOrder(scope: TenantScope, orderId: string): Promise<ImageRow[]> {
      return db
        .select(columns)
        .from(i)
        .leftJoin(users, eq(users.id, i.uploadedBy))
        .where(scoped(i, scope, eq(i.serviceOrderId, orderId)))
        .orderBy(asc(i.createdAt), asc(i.id));
    },

    async listForRental(scope: TenantScope, rentalId: string): Promise<ImageRow[]> {
      return db
        .select(columns)
        .from(i)
        .leftJoin(users, eq(users.id, i.uploadedBy))
        .where(scoped(i, scope, eq(i.rentalId, rentalId)))
        .orderBy(asc(i.createdAt), asc(i.id));
    },

    /** The photos of many orders and rentals in one query (the serial history), oldest first. */
    async listForOwners(
      scope: TenantScope,
      orderIds: readonly string[],
      rentalIds: readonly string[],
    ): Promise<ImageRow[]> {
      if (orderIds.length === 0 && rentalIds.length === 0) return [];
      return db
        .select(columns)
        .from(i)
        .leftJoin(users, eq(users.id, i.uploadedBy))
        .where(
          scoped(
            i,
            scope,
            or(
              orderIds.length > 0 ? inArray(i.serviceOrderId, [...orderIds]) : undefined,
              rentalIds.length > 0 ? inArray(i.rentalId, [...rentalIds]) : undefined,
            ),
          ),
        )
        .orderBy(asc(i.createdAt), asc(i.id));
    },

    /** Deletes the rental's photo (false when the rental has no such photo). */
    async removeOfRental(scope: TenantScope, rentalId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(i)
        .where(scoped(i, scope, eq(i.rentalId, rentalId), eq(i.id, id)))
        .returning({ id: i.id });
      return rows.length > 0;
    },

    async get(scope: TenantScope, id: string): Promise<ImageRow | null> {
      const rows = await db
        .select(columns)
        .from(i)
        .leftJoin(users, eq(users.id, i.uploadedBy))
        .where(scoped(i, scope, eq(i.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** For signed file URLs: the signature names the image, so no tenant is needed. */
    async keysOf(id: string) {
      const rows = await db
        .select({
          originalKey: i.originalKey,
          originalType: i.originalType,
          originalName: i.originalName,
          displayKey: i.displayKey,
          thumbnailKey: i.thumbnailKey,
        })
        .from(i)
        .where(eq(i.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertMany(scope: TenantScope, values: ImageValues[], tx: Db): Promise<void> {
      if (values.length === 0) return;
      await tx.insert(i).values(values.map((v) => ({ ...v, servicePartnerId: scope.partnerId })));
    },

    async remove(scope: TenantScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(i)
        .where(scoped(i, scope, eq(i.id, id)))
        .returning({ id: i.id });
      return rows.length > 0;
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
