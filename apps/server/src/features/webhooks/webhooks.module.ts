import type { WebhookEventType } from '@service-portal/shared/webhooks';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { deriveKey } from '../../lib/secrets.ts';
import type { Resolve } from './webhooks.delivery.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import {
  createWebhooksService,
  WEBHOOK_DELIVER_JOB,
  WEBHOOK_RETENTION_JOB,
  type DeliverPayload,
} from './webhooks.service.ts';

/**
 * What a feature that reports events is given: write one event, inside the transaction of the
 * change it reports (the outbox). `data` may be a function, called only when someone listens.
 */
export interface WebhookEvents {
  enqueue(tx: Db, partnerId: string, type: WebhookEventType, data: unknown): Promise<void>;
}

/**
 * Webhooks out (issue 29, docs/decisions/056-webhooks-out.md). Needs the partner's
 * Administrators (to tell them when an endpoint is switched off); offers the outbox port.
 */
export function webhooksModule(
  ctx: ModuleContext,
  needs: {
    administrators: (scope: TenantScope) => Promise<{ email: string; firstName: string }[]>;
    /** Tests resolve names their own way. */
    resolve?: Resolve;
  },
) {
  const service = createWebhooksService({
    repo: createWebhooksRepository(ctx.db),
    now: ctx.now,
    secretKey: deriveKey(ctx.config.appSecret, 'webhook-secrets'),
    policy: { allowedCidrs: ctx.config.webhooks.allowedCidrs },
    timeoutMs: ctx.config.webhooks.timeoutMs,
    retentionDays: ctx.config.webhooks.retentionDays,
    queue: async (tx, partnerId, payload, runAt) => {
      await ctx.jobs.enqueue<DeliverPayload>(WEBHOOK_DELIVER_JOB, payload, {
        tx,
        runAt,
        servicePartnerId: partnerId,
        // "Send again" runs now even while a scheduled retry of the same attempt waits; whichever
        // runs first records the attempt and the other finds it done.
        uniqueKey: `webhook:${payload.deliveryId}:${payload.attempt}${payload.manual ? ':manual' : ''}`,
      });
    },
    administrators: needs.administrators,
    sendMail: (message) => ctx.outbox.enqueue(message, 'webhook-disabled'),
    publicUrl: ctx.config.publicUrl,
    resolve: needs.resolve,
  });
  const events: WebhookEvents = {
    enqueue: (tx, partnerId, type, data) => service.enqueue(tx, partnerId, type, data),
  };
  return {
    routes: [webhooksRoutes(service)],
    jobs: [
      defineJob<DeliverPayload>({
        name: WEBHOOK_DELIVER_JOB,
        handler: async ({ payload, signal }) => service.deliver(payload, signal),
        // The HTTP retries follow the webhook schedule (the service queues each attempt); these
        // cover the instance dying mid-attempt: the lease runs out and another run sends it again.
        options: { retries: 5, backoff: { delayMs: 1_000, factor: 2, maxDelayMs: 60_000 } },
      }),
      defineJob({
        name: WEBHOOK_RETENTION_JOB,
        handler: async ({ log }) => log.info(await service.enforceRetention(), 'webhook retention enforced'),
        options: { retries: 2, singletonKey: WEBHOOK_RETENTION_JOB },
        schedule: { cron: '41 3 * * *' },
      }),
    ],
    offers: { events },
  } satisfies FeatureModule<object>;
}
