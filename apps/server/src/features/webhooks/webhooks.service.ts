import { randomInt } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_ENDPOINTS_PER_PARTNER_MAX,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_OLD_SECRET_MS,
  WEBHOOK_TEST_EVENT,
  webhookRetryDelay,
  type WebhookAnyEventType,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEventType,
  type WebhookPayload,
} from '@service-portal/shared/webhooks';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { sealText, unsealText } from '../../lib/secrets.ts';
import {
  checkEndpointUrl,
  postWebhook,
  type AddressPolicy,
  type DeliveryResult,
  type Resolve,
} from './webhooks.delivery.ts';
import { endpointDisabledMail } from './webhooks.messages.ts';
import type { AttemptRow, EndpointRow, WebhooksRepository } from './webhooks.repository.ts';
import { newWebhookSecret, webhookHeaders } from './webhooks.signing.ts';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_RETENTION_JOB = 'webhooks.retention';
/** Events deleted per statement by the retention job (short transactions, any backlog). */
const RETENTION_BATCH = 1_000;

export interface DeliverPayload {
  deliveryId: string;
  /** The attempt this job makes (1-based); a run finding it on record already does nothing. */
  attempt: number;
  /** "Send again": one attempt, no retry schedule after it. */
  manual?: boolean;
}

/** Queues a job inside the caller's transaction (the runner's `enqueue` with `tx`). */
export type QueueDelivery = (
  tx: Db,
  partnerId: string,
  payload: DeliverPayload,
  runAt: Date,
) => Promise<void>;

export interface WebhooksDeps {
  repo: WebhooksRepository;
  now: () => Date;
  /** Seals the signing secrets at rest; the endpoint id is the context. */
  secretKey: Uint8Array;
  policy: AddressPolicy;
  timeoutMs: number;
  /** Days an event whose deliveries are all done (succeeded or failed) is kept, with its log. */
  retentionDays: number;
  queue: QueueDelivery;
  administrators: (scope: TenantScope) => Promise<{ email: string; firstName: string }[]>;
  sendMail: (message: MailMessage) => Promise<void>;
  publicUrl: string;
  /** Tests resolve names their own way; default: the system resolver. */
  resolve?: Resolve;
  /** [0, 1) for the retry jitter. */
  random?: () => number;
}

const MESSAGE_ID_PREFIX = 'msg_';
const LOG_LIMIT = 200;
const ALREADY_RECORDED = new Error('attempt already recorded');

function urlRefused(reason: string): AppError {
  // The reason is the detail; the web shows its own translated text on the URL field.
  return new AppError('webhook_url_refused', 400, reason);
}

/**
 * Webhooks out (docs/decisions/056-webhooks-out.md): endpoints, the outbox port other features
 * write events through inside their own transactions, and the delivery job with its retries.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { repo, now } = deps;
  const random = deps.random ?? (() => randomInt(0, 1_000_000) / 1_000_000);

  const seal = (id: string, secret: string) => sealText(deps.secretKey, secret, id);
  const open = (id: string, sealed: string) => unsealText(deps.secretKey, sealed, id);

  /** The secrets that sign now: the current one, and the previous one during its grace. */
  function signingSecrets(row: EndpointRow, at: Date): string[] {
    const secrets = [open(row.id, row.secretSealed)];
    if (row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt > at)
      secrets.push(open(row.id, row.previousSecretSealed));
    return secrets;
  }

  function present(row: EndpointRow): WebhookEndpoint {
    const at = now();
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events,
      enabled: row.enabled,
      secret: open(row.id, row.secretSealed),
      previousSecretExpiresAt:
        row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt > at
          ? row.previousSecretExpiresAt.toISOString()
          : null,
      disabledReason: row.disabledReason ?? null,
      failingSince: row.failingSince?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function presentAttempt(row: AttemptRow): WebhookAttempt {
    return {
      id: row.id,
      deliveryId: row.deliveryId,
      messageId: `${MESSAGE_ID_PREFIX}${row.eventId}`,
      eventType: row.eventType,
      attempt: row.attempt,
      at: row.at.toISOString(),
      outcome: row.outcome,
      statusCode: row.statusCode,
      durationMs: row.durationMs,
      response: row.response,
      error: row.error,
      deliveryState: row.deliveryState,
    };
  }

  async function assertUsableUrl(url: string): Promise<void> {
    const checked = await checkEndpointUrl(url, deps.policy, deps.resolve);
    if (!checked.ok) throw urlRefused(checked.reason);
  }

  async function endpointOrThrow(scope: TenantScope, id: string): Promise<EndpointRow> {
    const row = await repo.endpoint(scope, id);
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  /** Writes the event and its deliveries and queues their first attempts, all in `tx`. */
  async function write(
    tx: Db,
    scope: TenantScope,
    type: WebhookAnyEventType,
    data: unknown,
    endpointIds: readonly string[],
  ): Promise<string[]> {
    const at = now();
    const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
    const { deliveryIds } = await repo.insertEvent(
      tx,
      scope,
      { type, body: JSON.stringify(payload), createdAt: at },
      endpointIds,
    );
    for (const deliveryId of deliveryIds)
      await deps.queue(tx, scope.partnerId, { deliveryId, attempt: 1 }, at);
    return deliveryIds;
  }

  async function tellAdministrators(scope: TenantScope, endpoint: EndpointRow): Promise<void> {
    for (const admin of await deps.administrators(scope)) {
      await deps.sendMail({ to: admin.email, ...endpointDisabledMail(admin, endpoint, deps.publicUrl) });
    }
  }

  return {
    async list(scope: TenantScope): Promise<{ items: WebhookEndpoint[] }> {
      return { items: (await repo.listEndpoints(scope)).map(present) };
    },

    async get(scope: TenantScope, id: string): Promise<WebhookEndpoint> {
      return present(await endpointOrThrow(scope, id));
    },

    async create(scope: TenantScope, input: WebhookEndpointCreate): Promise<WebhookEndpoint> {
      await assertUsableUrl(input.url);
      const at = now();
      const id = crypto.randomUUID();
      const row = await repo.insertEndpointWithin(
        scope,
        {
          ...input,
          // The id is fixed before the insert: it is the sealed secret's context.
          id,
          secretSealed: seal(id, newWebhookSecret()),
          createdAt: at,
          updatedAt: at,
        },
        WEBHOOK_ENDPOINTS_PER_PARTNER_MAX,
      );
      if (row === 'limit') {
        throw new AppError(
          'conflict',
          409,
          `A partner can have at most ${WEBHOOK_ENDPOINTS_PER_PARTNER_MAX} webhook endpoints. Delete one first.`,
        );
      }
      return present(row);
    },

    async update(scope: TenantScope, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
      const current = await endpointOrThrow(scope, id);
      if (input.url !== undefined && input.url !== current.url) await assertUsableUrl(input.url);
      const changes: Partial<EndpointRow> = { updatedAt: now() };
      if (input.url !== undefined) changes.url = input.url;
      if (input.description !== undefined) changes.description = input.description;
      if (input.events !== undefined) changes.events = input.events;
      if (input.enabled !== undefined) {
        changes.enabled = input.enabled;
        // Enabled again by hand: a fresh start, not the old streak.
        if (input.enabled) Object.assign(changes, { disabledReason: null, failingSince: null });
      }
      const row = await repo.updateEndpoint(scope, id, changes);
      if (!row) throw notFound('Webhook endpoint');
      return present(row);
    },

    async remove(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.deleteEndpoint(scope, id))) throw notFound('Webhook endpoint');
    },

    /** A new secret; the old one keeps signing (as a second signature) for 24 hours. */
    async rotateSecret(scope: TenantScope, id: string): Promise<WebhookEndpoint> {
      const current = await endpointOrThrow(scope, id);
      const at = now();
      const row = await repo.updateEndpoint(scope, id, {
        secretSealed: seal(id, newWebhookSecret()),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(at.getTime() + WEBHOOK_OLD_SECRET_MS),
        updatedAt: at,
      });
      if (!row) throw notFound('Webhook endpoint');
      return present(row);
    },

    async attempts(scope: TenantScope, id: string): Promise<{ items: WebhookAttempt[] }> {
      await endpointOrThrow(scope, id);
      return { items: (await repo.attempts(scope, id, LOG_LIMIT)).map(presentAttempt) };
    },

    /** A `webhook.test` event for this endpoint alone, whatever events it chose. */
    async sendTest(scope: TenantScope, id: string): Promise<{ deliveryId: string }> {
      const endpoint = await endpointOrThrow(scope, id);
      if (!endpoint.enabled) throw disabled();
      const [deliveryId] = await repo.transaction((tx) =>
        write(
          tx,
          scope,
          WEBHOOK_TEST_EVENT,
          { endpointId: id, message: 'A test event from Service Portal.' },
          [id],
        ),
      );
      return { deliveryId: deliveryId! };
    },

    /** One more attempt of a delivery now, with the same webhook-id. */
    async sendAgain(scope: TenantScope, id: string, deliveryId: string): Promise<{ deliveryId: string }> {
      const endpoint = await endpointOrThrow(scope, id);
      if (!endpoint.enabled) throw disabled();
      await repo.transaction(async (tx) => {
        const reopened = await repo.reopenDelivery(scope, id, deliveryId, now(), tx);
        if (!reopened) throw notFound('Webhook delivery');
        await deps.queue(
          tx,
          scope.partnerId,
          { deliveryId, attempt: reopened.attempts + 1, manual: true },
          now(),
        );
      });
      return { deliveryId };
    },

    /**
     * The outbox port: called by other features inside the transaction of their change. Nothing
     * is written when no enabled endpoint of the partner wants `type`; `data` is only built then.
     */
    async enqueue(tx: Db, partnerId: string, type: WebhookEventType, data: unknown): Promise<void> {
      const scope: TenantScope = { partnerId };
      const endpoints = await repo.subscribers(tx, scope, type);
      if (endpoints.length === 0) return;
      const value = typeof data === 'function' ? await (data as () => Promise<unknown>)() : data;
      await write(
        tx,
        scope,
        type,
        value,
        endpoints.map((e) => e.id),
      );
    },

    /**
     * The retention job: deletes the events older than `retentionDays` whose deliveries are all
     * done, with their deliveries and attempts (the delivery log), in batches. Pending ones stay.
     */
    async enforceRetention(): Promise<{ deleted: number }> {
      const before = new Date(now().getTime() - deps.retentionDays * 86_400_000);
      let deleted = 0;
      for (;;) {
        const n = await repo.deleteFinishedEvents(before, RETENTION_BATCH);
        deleted += n;
        if (n < RETENTION_BATCH) return { deleted };
      }
    },

    /** The job: one attempt of one delivery, recorded once, the next one queued with it. */
    async deliver(payload: DeliverPayload, signal?: AbortSignal): Promise<void> {
      const work = await repo.work(payload.deliveryId);
      if (!work) return; // the endpoint (and with it the delivery) was deleted
      const { delivery, endpoint, event } = work;
      if (delivery.state !== 'pending' || delivery.attempts >= payload.attempt) return;
      const scope: TenantScope = { partnerId: delivery.servicePartnerId };
      const started = now();
      let result: DeliveryResult;
      if (!endpoint.enabled) {
        result = {
          outcome: 'refused',
          statusCode: null,
          durationMs: 0,
          response: '',
          error: 'The endpoint is disabled.',
        };
      } else {
        const id = `${MESSAGE_ID_PREFIX}${event.id}`;
        const timestamp = Math.floor(started.getTime() / 1000);
        result = await postWebhook({
          url: endpoint.url,
          body: event.body,
          headers: webhookHeaders(signingSecrets(endpoint, started), id, timestamp, event.body),
          policy: deps.policy,
          timeoutMs: deps.timeoutMs,
          resolve: deps.resolve,
        });
      }
      if (signal?.aborted) throw new Error('The delivery was interrupted; it runs again.');
      const ok = result.outcome === 'succeeded';
      const delay =
        ok || payload.manual || !endpoint.enabled ? null : webhookRetryDelay(payload.attempt, random());
      let disabledNow = false;
      await repo
        .transaction(async (tx) => {
          if (ok) await repo.markHealthy(tx, endpoint.id);
          else if (endpoint.enabled)
            disabledNow = await repo.markFailing(tx, endpoint.id, now(), WEBHOOK_DISABLE_AFTER_MS);
          const retry = delay !== null && !disabledNow && payload.attempt < WEBHOOK_MAX_ATTEMPTS;
          const state = ok ? 'succeeded' : retry ? 'pending' : 'failed';
          const recorded = await repo.recordAttempt(
            tx,
            { deliveryId: delivery.id, endpointId: endpoint.id, partnerId: scope.partnerId },
            { attempt: payload.attempt, at: started, ...result },
            state,
          );
          // Another run recorded this attempt first: undo the streak bookkeeping too.
          if (!recorded) throw ALREADY_RECORDED;
          if (retry) {
            await deps.queue(
              tx,
              scope.partnerId,
              { deliveryId: delivery.id, attempt: payload.attempt + 1 },
              new Date(now().getTime() + (delay ?? 0)),
            );
          }
        })
        .catch((err: unknown) => {
          if (err !== ALREADY_RECORDED) throw err;
          disabledNow = false;
        });
      if (disabledNow) {
        const row = await repo.endpoint(scope, endpoint.id);
        if (row) await tellAdministrators(scope, row);
      }
    },
  };

  function disabled(): AppError {
    return new AppError(
      'webhook_endpoint_disabled',
      409,
      'The endpoint is disabled. Enable it before sending events to it.',
    );
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
