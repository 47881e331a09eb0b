import { and, arrayContains, asc, count, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { WebhookDeliveryState, WebhookEventType } from '@service-portal/shared/webhooks';
import type { Db } from '../../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/webhooks.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpoint = Omit<typeof webhookEndpoints.$inferInsert, 'servicePartnerId'>;

export interface AttemptRow {
  id: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  at: Date;
  outcome: 'succeeded' | 'failed' | 'refused';
  statusCode: number | null;
  durationMs: number;
  response: string;
  error: string | null;
  deliveryState: WebhookDeliveryState;
}

export interface DeliveryWork {
  delivery: typeof webhookDeliveries.$inferSelect;
  endpoint: EndpointRow;
  event: typeof webhookEvents.$inferSelect;
}

/** The only code that speaks Drizzle for webhooks; every query of a partner's rows is scoped. */
export function createWebhooksRepository(db: Db) {
  const endpoint = async (scope: TenantScope, id: string, tx: Db = db) =>
    (
      await tx
        .select()
        .from(webhookEndpoints)
        .where(scoped(webhookEndpoints, scope, eq(webhookEndpoints.id, id)))
        .limit(1)
    )[0] ?? null;

  return {
    endpoint,

    listEndpoints(scope: TenantScope): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(scoped(webhookEndpoints, scope))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    },

    /** Inserts unless the partner has `max` endpoints already (a per-partner lock orders creators). */
    async insertEndpointWithin(
      scope: TenantScope,
      values: NewEndpoint,
      max: number,
    ): Promise<EndpointRow | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${scope.partnerId}`}, 0))`,
        );
        const [row] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(scoped(webhookEndpoints, scope));
        if ((row?.n ?? 0) >= max) return 'limit';
        const [inserted] = await tx
          .insert(webhookEndpoints)
          .values({ ...values, servicePartnerId: scope.partnerId })
          .returning();
        if (!inserted) throw new Error('insert returned no row');
        return inserted;
      });
    },

    async updateEndpoint(
      scope: TenantScope,
      id: string,
      changes: Partial<NewEndpoint>,
    ): Promise<EndpointRow | null> {
      const rows = await db
        .update(webhookEndpoints)
        .set(changes)
        .where(scoped(webhookEndpoints, scope, eq(webhookEndpoints.id, id)))
        .returning();
      return rows[0] ?? null;
    },

    async deleteEndpoint(scope: TenantScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(scoped(webhookEndpoints, scope, eq(webhookEndpoints.id, id)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The partner's enabled endpoints that want `type` (or just `onlyEndpointId`, for a test event). */
    async subscribers(
      tx: Db,
      scope: TenantScope,
      type: WebhookEventType | null,
      onlyEndpointId?: string,
    ): Promise<{ id: string }[]> {
      return tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          scoped(
            webhookEndpoints,
            scope,
            eq(webhookEndpoints.enabled, true),
            type ? arrayContains(webhookEndpoints.events, [type]) : undefined,
            onlyEndpointId ? eq(webhookEndpoints.id, onlyEndpointId) : undefined,
          ),
        );
    },

    /** The outbox row and one delivery per endpoint, in the caller's transaction. */
    async insertEvent(
      tx: Db,
      scope: TenantScope,
      event: { type: string; body: string; createdAt: Date },
      endpointIds: readonly string[],
    ): Promise<{ eventId: string; deliveryIds: string[] }> {
      const [inserted] = await tx
        .insert(webhookEvents)
        .values({ ...event, servicePartnerId: scope.partnerId })
        .returning({ id: webhookEvents.id });
      if (!inserted) throw new Error('insert returned no row');
      const deliveries = await tx
        .insert(webhookDeliveries)
        .values(
          endpointIds.map((endpointId) => ({
            servicePartnerId: scope.partnerId,
            eventId: inserted.id,
            endpointId,
            createdAt: event.createdAt,
            updatedAt: event.createdAt,
          })),
        )
        .returning({ id: webhookDeliveries.id });
      return { eventId: inserted.id, deliveryIds: deliveries.map((d) => d.id) };
    },

    /** A delivery with its endpoint and event (the job's read; the job knows no partner yet). */
    async work(deliveryId: string): Promise<DeliveryWork | null> {
      const rows = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId))
        .limit(1);
      return rows[0] ?? null;
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    /**
     * Records attempt `attempt` of the delivery once: false when that attempt is already on
     * record (another run of the job got there first), and then nothing is written.
     */
    async recordAttempt(
      tx: Db,
      work: { deliveryId: string; endpointId: string; partnerId: string },
      attempt: {
        attempt: number;
        at: Date;
        outcome: 'succeeded' | 'failed' | 'refused';
        statusCode: number | null;
        durationMs: number;
        response: string;
        error: string | null;
      },
      state: WebhookDeliveryState,
    ): Promise<boolean> {
      const updated = await tx
        .update(webhookDeliveries)
        .set({ attempts: attempt.attempt, state, updatedAt: attempt.at })
        .where(
          and(
            eq(webhookDeliveries.id, work.deliveryId),
            lt(webhookDeliveries.attempts, attempt.attempt),
            eq(webhookDeliveries.state, 'pending'),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      if (updated.length === 0) return false;
      await tx.insert(webhookAttempts).values({
        ...attempt,
        servicePartnerId: work.partnerId,
        deliveryId: work.deliveryId,
        endpointId: work.endpointId,
      });
      return true;
    },

    /** A success ends the endpoint's failing streak. */
    async markHealthy(tx: Db, endpointId: string): Promise<void> {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
    },

    /**
     * A failure starts (or continues) the failing streak; once it is `disableAfterMs` old the
     * endpoint is switched off. True when this call switched it off.
     */
    async markFailing(tx: Db, endpointId: string, at: Date, disableAfterMs: number): Promise<boolean> {
      await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, endpointId));
      const disabled = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'failing', updatedAt: at })
        .where(
          and(
            eq(webhookEndpoints.id, endpointId),
            eq(webhookEndpoints.enabled, true),
            lt(webhookEndpoints.failingSince, new Date(at.getTime() - disableAfterMs + 1)),
          ),
        )
        .returning({ id: webhookEndpoints.id });
      return disabled.length > 0;
    },

    /** A delivery of the endpoint back to pending for one more attempt ("Send again"). */
    async reopenDelivery(scope: TenantScope, endpointId: string, deliveryId: string, at: Date, tx: Db) {
      const rows = await tx
        .update(webhookDeliveries)
        .set({ state: 'pending', updatedAt: at })
        .where(
          scoped(
            webhookDeliveries,
            scope,
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.endpointId, endpointId),
          ),
        )
        .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
      return rows[0] ?? null;
    },

    /** The endpoint's delivery log, newest first. */
    async attempts(scope: TenantScope, endpointId: string, limit: number): Promise<AttemptRow[]> {
      return db
        .select({
          id: webhookAttempts.id,
          deliveryId: webhookAttempts.deliveryId,
          eventId: webhookDeliveries.eventId,
          eventType: webhookEvents.type,
          attempt: webhookAttempts.attempt,
          at: webhookAttempts.at,
          outcome: webhookAttempts.outcome,
          statusCode: webhookAttempts.statusCode,
          durationMs: webhookAttempts.durationMs,
          response: webhookAttempts.response,
          error: webhookAttempts.error,
          deliveryState: webhookDeliveries.state,
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(scoped(webhookAttempts, scope, eq(webhookAttempts.endpointId, endpointId)))
        .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.attempt))
        .limit(limit);
    },

    /** Deliveries of the endpoint not attempted yet (the log shows them as waiting). */
    async pendingCount(scope: TenantScope, endpointIds: string[]): Promise<number> {
      if (endpointIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(
          scoped(
            webhookDeliveries,
            scope,
            inArray(webhookDeliveries.endpointId, endpointIds),
            eq(webhookDeliveries.state, 'pending'),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Retention, across partners (the one unscoped write): deletes up to `limit` of the oldest
     * events written before `before` none of whose deliveries is still pending; their deliveries
     * and attempts go with them (foreign keys cascade). Returns how many events went.
     */
    async deleteFinishedEvents(before: Date, limit: number): Promise<number> {
      const e = webhookEvents;
      const d = webhookDeliveries;
      const pending = db
        .select({ one: sql`1` })
        .from(d)
        .where(and(eq(d.eventId, e.id), eq(d.state, 'pending')));
      const batch = db
        .select({ id: e.id })
        .from(e)
        .where(and(lt(e.createdAt, before), notExists(pending)))
        .orderBy(asc(e.createdAt))
        .limit(limit);
      const gone = await db.delete(e).where(inArray(e.id, batch)).returning({ id: e.id });
      return gone.length;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
