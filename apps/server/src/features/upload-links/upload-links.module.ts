import type { Db } from '../../db/client.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { deriveKey } from '../../lib/secrets.ts';
import type { CustomerAlerts } from './upload-links.ports.ts';
import { createUploadLinksRepository } from './upload-links.repository.ts';
import { uploadLinksRoutes } from './upload-links.routes.ts';
import {
  createUploadLinksService,
  type ImageIntake,
  type MessageSender,
  type OrderSource,
  type UploadLinksDeps,
} from './upload-links.service.ts';

/**
 * Customers' upload links and the status page. Offers the customers' ratings (the dashboard's
 * technician table); links long past their life go hourly.
 */
export function uploadLinksModule(
  ctx: ModuleContext,
  needs: {
    orders: OrderSource;
    images: ImageIntake;
    messages: MessageSender;
    /** The partner's name, logo and contact on the customer's pages (partner identity). */
    brand?: UploadLinksDeps['brand'];
    /** Webhooks out: the outbox port. */
    events?: {
      enqueue(tx: Db, partnerId: string, type: 'customer_upload.completed', data: unknown): Promise<void>;
    };
    /** Alerts (issue 31 item 12): a customer's photos and rating, made in the same transaction. */
    alerts?: CustomerAlerts;
  },
) {
  const { config, now } = ctx;
  const service = createUploadLinksService({
    repo: createUploadLinksRepository(ctx.db),
    orders: needs.orders,
    images: needs.images,
    messages: needs.messages,
    brand: needs.brand,
    publicUrl: config.publicUrl,
    sessionKey: deriveKey(config.appSecret, 'upload-sessions'),
    smsCountryCode: config.sms.defaultCountryCode,
    totalMaxBytes: config.uploads.totalMaxBytes,
    now,
    onUploadCompleted:
      needs.events || needs.alerts
        ? (partnerId, data) =>
            ctx.db.transaction(async (tx) => {
              await needs.events?.enqueue(tx, partnerId, 'customer_upload.completed', data);
              const [firstImageId] = data.imageIds;
              if (needs.alerts && firstImageId)
                await needs.alerts.customerPhotos(tx, partnerId, {
                  orderId: data.orderId,
                  orderNumber: data.orderNumber,
                  photoCount: data.imageIds.length,
                  firstImageId,
                  at: new Date(data.uploadedAt),
                });
            })
        : undefined,
    onRated: needs.alerts
      ? (tx, partnerId, rating) => needs.alerts!.customerRating(tx, partnerId, rating)
      : undefined,
  });
  return {
    routes: [uploadLinksRoutes(service)],
    jobs: [
      defineJob({
        name: 'upload-links.purge-expired',
        handler: async ({ log }) =>
          log.info({ removed: await service.purgeExpiredLinks(now()) }, 'old upload links removed'),
        options: { retries: 2, singletonKey: 'upload-links.purge-expired' },
        schedule: { cron: '41 * * * *' },
      }),
    ],
    offers: { ratings: service, customerLinks: service },
  } satisfies FeatureModule<object>;
}
