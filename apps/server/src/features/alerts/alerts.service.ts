import { hasRole, type AccessSubject } from '@service-portal/shared/access';
import {
  ALERT_LIMITS,
  alertSchema,
  decodeAlertCursor,
  encodeAlertCursor,
  type Alert,
  type AlertData,
  type AlertList,
  type AlertListQuery,
  type AlertSettings,
  type AlertSettingsUpdate,
} from '@service-portal/shared/alerts';
import type { Db } from '../../db/client.ts';
import { requirePartner, type TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AlertRow, AlertsRepository, Viewer } from './alerts.repository.ts';

export const ALERTS_SWEEP_JOB = 'alerts.sweep';

/** The caller as the alerts see them: who they are and what they may see. */
export type AlertReader = AccessSubject & { id: string };

/**
 * What a feature where something happens is given: make the alert inside the transaction of the
 * change it reports, so both are stored or neither.
 */
export interface AlertsPort {
  customerPhotos(
    tx: Db,
    partnerId: string,
    event: { orderId: string; firstImageId: string; at: Date } & AlertData<'customer_photos'>,
  ): Promise<void>;
  customerRating(
    tx: Db,
    partnerId: string,
    event: { orderId: string; at: Date } & AlertData<'customer_rating'>,
  ): Promise<void>;
}

const viewerOf = (reader: AlertReader): Viewer => ({
  userId: reader.id,
  seesAll: hasRole(reader, 'ServiceManager'),
});

function present(row: AlertRow): Alert {
  return alertSchema.parse({
    id: row.id,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  });
}

const invalidCursor = () =>
  new AppError('validation_failed', 400, 'Invalid cursor.', {
    errors: [{ path: 'cursor', message: 'Invalid cursor.' }],
  });

export function createAlertsService(deps: { repo: AlertsRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  const port: AlertsPort = {
    async customerPhotos(tx, partnerId, e) {
      await repo.insert(tx, partnerId, {
        kind: 'customer_photos',
        subjectType: 'order',
        subjectId: e.orderId,
        dedupeKey: `customer_photos:${e.firstImageId}`,
        data: { orderNumber: e.orderNumber, photoCount: e.photoCount },
        createdAt: e.at,
      });
    },
    async customerRating(tx, partnerId, e) {
      await repo.insert(tx, partnerId, {
        kind: 'customer_rating',
        subjectType: 'order',
        subjectId: e.orderId,
        // One rating per order.
        dedupeKey: `customer_rating:${e.orderId}`,
        data: { orderNumber: e.orderNumber, rating: e.rating, comment: e.comment },
        createdAt: e.at,
      });
    },
  };

  return {
    port,

    async list(scope: TenantScope, reader: AlertReader, query: AlertListQuery): Promise<AlertList> {
      const viewer = viewerOf(reader);
      let after: { createdAt: Date; id: string } | undefined;
      if (query.cursor !== undefined) {
        const decoded = decodeAlertCursor(query.cursor);
        if (!decoded) throw invalidCursor();
        after = { createdAt: new Date(decoded.createdAt), id: decoded.id };
      }
      const [rows, unreadCount] = await Promise.all([
        repo.list(scope, viewer, { limit: query.limit, after, unreadOnly: query.unread === 'true' }),
        repo.unreadCount(scope, viewer),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(present),
        nextCursor:
          rows.length > query.limit && last ? encodeAlertCursor(last.createdAt.toISOString(), last.id) : null,
        unreadCount,
      };
    },

    async unreadCount(scope: TenantScope, reader: AlertReader): Promise<{ count: number }> {
      return { count: await repo.unreadCount(scope, viewerOf(reader)) };
    },

    /** Marks one alert read for the caller (again: no change); 404 unless they may see it. */
    async markRead(scope: TenantScope, reader: AlertReader, id: string): Promise<Alert> {
      const viewer = viewerOf(reader);
      const row = await repo.get(scope, viewer, id);
      if (!row) throw notFound('Alert');
      if (row.readAt === null) await repo.markRead(viewer, id, now());
      const after = await repo.get(scope, viewer, id);
      return present(after ?? row);
    },

    async markAllRead(scope: TenantScope, reader: AlertReader): Promise<{ unreadCount: number }> {
      const viewer = viewerOf(reader);
      await repo.markAllRead(scope, viewer, now());
      return { unreadCount: await repo.unreadCount(scope, viewer) };
    },

    async settings(scope: TenantScope): Promise<AlertSettings> {
      requirePartner(scope);
      const stored = await repo.settings(scope);
      return stored ?? { stalledAfterDays: ALERT_LIMITS.stalledAfterDaysDefault, version: 0 };
    },

    async saveSettings(scope: TenantScope, input: AlertSettingsUpdate): Promise<AlertSettings> {
      requirePartner(scope);
      const saved = await repo.saveSettings(scope, input, now());
      if (!saved)
        throw new AppError(
          'version_conflict',
          409,
          'The alert settings were changed by someone else. Reload them and try again.',
        );
      return saved;
    },

    /**
     * The hourly sweep (the one job runner): overdue rentals and stalled orders, each alert once per
     * episode however often it runs, and alerts past their retention removed.
     */
    async sweep(at: Date = now()): Promise<{ overdue: number; stalled: number; purged: number }> {
      const overdue = await repo.makeOverdueAlerts(at);
      const stalled = await repo.makeStalledAlerts(at);
      const purged = await repo.purgeBefore(new Date(at.getTime() - ALERT_LIMITS.retentionDays * 86_400_000));
      return { overdue, stalled, purged };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
