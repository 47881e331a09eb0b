import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { createUploadLinksRepository } from './upload-links.repository.ts';
import { uploadLinksRoutes } from './upload-links.routes.ts';
import {
  createUploadLinksService,
  type ImageIntake,
  type MessageSender,
  type OrderSource,
} from './upload-links.service.ts';

/**
 * Customers' upload links and the status page. Offers the customers' ratings (the dashboard's
 * technician table); links long past their life go hourly.
 */
export function uploadLinksModule(
  ctx: ModuleContext,
  needs: { orders: OrderSource; images: ImageIntake; messages: MessageSender },
) {
  const { config, now } = ctx;
  const service = createUploadLinksService({
    repo: createUploadLinksRepository(ctx.db),
    orders: needs.orders,
    images: needs.images,
    messages: needs.messages,
    publicUrl: config.publicUrl,
    sessionKey: deriveKey(config.appSecret, 'upload-sessions'),
    smsCountryCode: config.sms.defaultCountryCode,
    totalMaxBytes: config.uploads.totalMaxBytes,
    now,
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
    offers: { ratings: service },
  } satisfies FeatureModule<object>;
}
