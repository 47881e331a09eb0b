import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createSmsTransport } from '../../integrations/sms/sms.ts';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { createCommunicationsRepository } from './communications.repository.ts';
import { communicationsRoutes } from './communications.routes.ts';
import {
  createCommunicationsService,
  createOrderCommunications,
  type OrderDirectory,
} from './communications.service.ts';
import { communicationsWebhookRoutes } from './communications.webhooks.ts';

/**
 * The communications read of the service-orders list (`includeCommunications`): one query over
 * this feature's table, made before service orders (docs/decisions/013-no-service-cycles.md).
 */
export function communicationsReadPort(ctx: ModuleContext) {
  return createOrderCommunications(createCommunicationsRepository(ctx.db));
}

/** What a customer merge asks of a feature whose records reference customers (customers.service.ts). */
interface MergeParticipant {
  kind: 'communications';
  references: readonly string[];
  count(scope: TenantScope, customerId: string, tx: Db): Promise<number>;
  reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number>;
}

/**
 * Communications on orders: logged, e-mailed and texted, replies by webhook. Sends are jobs; at
 * start, sends cut off by a stop are resumed or shown as failed. Offers the service as the sender
 * of messages to customers (upload links, rentals' reminders).
 */
export function communicationsModule(
  ctx: ModuleContext,
  needs: {
    orders: OrderDirectory;
    /** Merges move the merged customer's communications, inside the merge's transaction. */
    customers: { onMerge(references: MergeParticipant): void };
  },
) {
  const { config } = ctx;
  const service = createCommunicationsService({
    repo: createCommunicationsRepository(ctx.db),
    orders: needs.orders,
    mail: ctx.mail,
    sms: createSmsTransport(config.sms, ctx.log),
    log: ctx.log,
    jobs: ctx.jobs,
    inboundEmailDomain: config.inboundEmailDomain,
    mailFrom: config.mailFrom,
    mailgunSigningKey: config.mailgunSigningKey,
    twilioAuthToken: config.sms.authToken,
    smsCountryCode: config.sms.defaultCountryCode,
    now: ctx.now,
  });
  // A merge moves the merged customer's communications too (after its orders).
  needs.customers.onMerge({
    kind: 'communications',
    references: ['communications.customer_id'],
    count: (scope, id, tx) => service.countForCustomer(scope, id, tx),
    reassignCustomer: (scope, fromId, toId, tx) => service.reassignCustomer(scope, fromId, toId, tx),
  });
  return {
    routes: [
      communicationsRoutes(service),
      communicationsWebhookRoutes(service, { publicUrl: config.publicUrl }),
    ],
    jobs: service.jobs,
    onReady: () => service.recover(),
    offers: { messages: service },
  } satisfies FeatureModule<object>;
}
