import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  readStatusOf,
  type Communication,
  type CommunicationDirection,
  type CommunicationMethod,
  type DeliveryStatus,
  type InboxItem,
} from '@service-portal/shared/communications';
import type { Db } from '../../db/client.ts';
import { communications, webhookReplayTokens } from '../../db/schema/communications.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { users } from '../../db/schema/users.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

// Display labels (the author's name, an order's number) are joined here, as the service-orders
// repository joins technician names: read-only labels in the same query beat a round trip per
// feature. Whether an order is the partner's is asked of the service-orders service.

const c = communications;
const personName = (first: PgColumn, last: PgColumn) => sql<string | null>`${first} || ' ' || ${last}`;

const columns = {
  id: c.id,
  serviceOrderId: c.serviceOrderId,
  customerId: c.customerId,
  customerName: c.customerName,
  subject: c.subject,
  message: c.message,
  deliveryNotes: c.deliveryNotes,
  method: c.method,
  direction: c.direction,
  isInternal: c.isInternal,
  readAt: c.readAt,
  createdBy: c.createdBy,
  createdByName: personName(users.firstName, users.lastName),
  customerResponse: c.customerResponse,
  fromAddress: c.fromAddress,
  toAddress: c.toAddress,
  deliveryStatus: c.deliveryStatus,
  deliveryError: c.deliveryError,
  deliveryAttempts: c.deliveryAttempts,
  occurredAt: c.occurredAt,
  sentAt: c.sentAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  version: c.version,
};
const inboxColumns = { ...columns, orderNumber: serviceOrders.orderNumber };

interface Row {
  id: string;
  serviceOrderId: string | null;
  customerId: string | null;
  customerName: string | null;
  subject: string | null;
  message: string;
  deliveryNotes: string | null;
  method: CommunicationMethod;
  direction: CommunicationDirection;
  isInternal: boolean;
  readAt: Date | null;
  createdBy: string | null;
  createdByName: string | null;
  customerResponse: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  deliveryStatus: string;
  deliveryError: string | null;
  deliveryAttempts: number;
  occurredAt: Date;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function toCommunication(row: Row): Communication {
  return {
    ...row,
    deliveryStatus: row.deliveryStatus as DeliveryStatus,
    status: readStatusOf(row.readAt),
    readAt: isoOrNull(row.readAt),
    occurredAt: iso(row.occurredAt),
    sentAt: isoOrNull(row.sentAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
const toInboxItem = (row: Row & { orderNumber: string | null }): InboxItem => ({
  ...toCommunication(row),
  orderNumber: row.orderNumber,
});

/** The stored row, as the sender needs it. */
export type CommunicationRow = typeof c.$inferSelect;

export interface NewCommunication {
  serviceOrderId: string | null;
  customerId: string | null;
  customerName: string | null;
  subject: string | null;
  message: string;
  deliveryNotes: string | null;
  method: CommunicationMethod;
  direction: CommunicationDirection;
  isInternal: boolean;
  /** 'now' for what staff enter (they have read it); null for what arrives from a customer. */
  readAt: 'now' | null;
  createdBy: string | null;
  customerResponse: string | null;
  occurredAt: Date | null;
  fromAddress: string | null;
  toAddress: string | null;
  deliveryStatus: DeliveryStatus;
  messageId: string | null;
  replyToken: string | null;
  providerMessageId: string | null;
}

export interface CommunicationChanges {
  subject?: string | null;
  message?: string;
  deliveryNotes?: string | null;
  isInternal?: boolean;
  customerResponse?: string | null;
  occurredAt?: Date;
  direction?: CommunicationDirection;
}

const unreadInbound = (scope: TenantScope) => scoped(c, scope, eq(c.direction, 'inbound'), isNull(c.readAt));

const ERROR_MAX = 1000;

export function createCommunicationsRepository(db: Db) {
  function select(tx: Db = db) {
    return tx.select(columns).from(c).leftJoin(users, eq(users.id, c.createdBy));
  }

  function values(scope: TenantScope, v: NewCommunication) {
    const { readAt, occurredAt, ...rest } = v;
    return {
      ...rest,
      servicePartnerId: scope.partnerId,
      readAt: readAt === 'now' ? sql`now()` : null,
      ...(occurredAt ? { occurredAt } : {}),
    };
  }

  return {
    /** Runs `fn` in one transaction; every query inside must use the `tx` it is given. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async listForOrder(scope: TenantScope, orderId: string): Promise<Communication[]> {
      const rows = await select()
        .where(scoped(c, scope, eq(c.serviceOrderId, orderId)))
        .orderBy(asc(c.occurredAt), asc(c.createdAt), asc(c.id));
      return rows.map(toCommunication);
    },

    /** The communications of several orders in one query (the list's includeCommunications). */
    async listForOrders(scope: TenantScope, orderIds: string[]): Promise<Communication[]> {
      if (orderIds.length === 0) return [];
      const rows = await select()
        .where(scoped(c, scope, inArray(c.serviceOrderId, orderIds)))
        .orderBy(asc(c.occurredAt), asc(c.createdAt), asc(c.id));
      return rows.map(toCommunication);
    },

    /** One of the partner's communications; with `orderId`, only when it is filed under that order. */
    async get(scope: TenantScope, id: string, orderId?: string, tx: Db = db): Promise<Communication | null> {
      const rows = await select(tx)
        .where(scoped(c, scope, eq(c.id, id), orderId ? eq(c.serviceOrderId, orderId) : undefined))
        .limit(1);
      return rows[0] ? toCommunication(rows[0]) : null;
    },

    async insert(scope: TenantScope, v: NewCommunication, tx: Db = db): Promise<string> {
      const [row] = await tx.insert(c).values(values(scope, v)).returning({ id: c.id });
      if (!row) throw new Error('communication insert returned nothing');
      return row.id;
    },

    /**
     * An inbound message from a webhook; nothing when the provider's id was stored before (a
     * retried webhook). The partner comes from the order or thread it matched.
     */
    async insertInbound(scope: TenantScope, v: NewCommunication, tx: Db): Promise<string | null> {
      const rows = await tx
        .insert(c)
        .values(values(scope, v))
        .onConflictDoNothing({ target: [c.method, c.providerMessageId] })
        .returning({ id: c.id });
      return rows[0]?.id ?? null;
    },

    /** Applies the changes only if the stored version is still `version`, bumping it. */
    async updateIfVersion(
      scope: TenantScope,
      orderId: string,
      id: string,
      version: number,
      changes: CommunicationChanges,
    ): Promise<boolean> {
      const rows = await db
        .update(c)
        .set({ ...changes, version: sql`${c.version} + 1`, updatedAt: sql`now()` })
        .where(scoped(c, scope, eq(c.id, id), eq(c.serviceOrderId, orderId), eq(c.version, version)))
        .returning({ id: c.id });
      return rows.length === 1;
    },

    /** Deletes unless it is being sent right now; the stored status answers why not. */
    async delete(scope: TenantScope, id: string, orderId: string | null): Promise<boolean> {
      const rows = await db
        .delete(c)
        .where(
          scoped(
            c,
            scope,
            eq(c.id, id),
            orderId ? eq(c.serviceOrderId, orderId) : isNull(c.serviceOrderId),
            sql`${c.deliveryStatus} not in ('pending', 'sending')`,
          ),
        )
        .returning({ id: c.id });
      return rows.length === 1;
    },

    /** Sets readAt once (spec §4); a second call leaves the first time. */
    async markRead(scope: TenantScope, id: string, orderId?: string): Promise<void> {
      await db
        .update(c)
        .set({ readAt: sql`now()` })
        .where(
          scoped(
            c,
            scope,
            eq(c.id, id),
            isNull(c.readAt),
            orderId ? eq(c.serviceOrderId, orderId) : undefined,
          ),
        );
    },

    // --- sending -------------------------------------------------------------------------------

    /**
     * Takes a message for sending: one atomic UPDATE from `from` to `sending`, so of two callers
     * (two retries, a retry and the start-up recovery) exactly one gets the row.
     */
    async claim(
      id: string,
      from: 'pending' | 'failed',
      where?: { scope: TenantScope; orderId: string },
    ): Promise<CommunicationRow | null> {
      const condition = and(eq(c.id, id), eq(c.deliveryStatus, from));
      const rows = await db
        .update(c)
        .set({
          deliveryStatus: 'sending',
          deliveryAttempts: sql`${c.deliveryAttempts} + 1`,
          deliveryError: null,
          updatedAt: sql`now()`,
        })
        .where(where ? scoped(c, where.scope, condition, eq(c.serviceOrderId, where.orderId)) : condition)
        .returning();
      return rows[0] ?? null;
    },

    async markSent(id: string, providerMessageId: string | null): Promise<void> {
      await db
        .update(c)
        .set({
          deliveryStatus: 'sent',
          sentAt: sql`now()`,
          deliveryError: null,
          ...(providerMessageId ? { providerMessageId } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(c.id, id), eq(c.deliveryStatus, 'sending')));
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db
        .update(c)
        .set({ deliveryStatus: 'failed', deliveryError: error.slice(0, ERROR_MAX), updatedAt: sql`now()` })
        .where(and(eq(c.id, id), eq(c.deliveryStatus, 'sending')));
    },

    /** A message taken for sending by a retry, as the send job reads it. */
    async sendingRow(id: string): Promise<CommunicationRow | null> {
      const rows = await db
        .select()
        .from(c)
        .where(and(eq(c.id, id), eq(c.deliveryStatus, 'sending')));
      return rows[0] ?? null;
    },

    /** Messages stored but never taken for sending (the process stopped in between). All partners. */
    async pendingIds(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: c.id })
        .from(c)
        .where(eq(c.deliveryStatus, 'pending'))
        .orderBy(asc(c.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Sends that never reported back (the process stopped mid-send) become failed, so staff see
     * them and can retry; the stable Message-ID / idempotency key tells a duplicate apart.
     */
    async failStuckSending(olderThanMs: number, error: string): Promise<number> {
      const rows = await db
        .update(c)
        .set({ deliveryStatus: 'failed', deliveryError: error, updatedAt: sql`now()` })
        .where(
          and(
            eq(c.deliveryStatus, 'sending'),
            lt(c.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
          ),
        )
        .returning({ id: c.id });
      return rows.length;
    },

    // --- partner-wide lists ----------------------------------------------------------------------

    async unreadCount(scope: TenantScope): Promise<number> {
      const [row] = await db.select({ n: count() }).from(c).where(unreadInbound(scope));
      return row?.n ?? 0;
    },

    async unreadLatest(scope: TenantScope, limit: number): Promise<InboxItem[]> {
      const rows = await db
        .select(inboxColumns)
        .from(c)
        .leftJoin(users, eq(users.id, c.createdBy))
        .leftJoin(serviceOrders, eq(serviceOrders.id, c.serviceOrderId))
        .where(unreadInbound(scope))
        .orderBy(desc(c.occurredAt), desc(c.id))
        .limit(limit);
      return rows.map(toInboxItem);
    },

    async unassigned(
      scope: TenantScope,
      page: { page: number; pageSize: number },
    ): Promise<{ items: InboxItem[]; total: number }> {
      // Inbound only: outbound messages without an order are the rentals' reminders, not unassigned mail.
      const where = scoped(c, scope, isNull(c.serviceOrderId), eq(c.direction, 'inbound'));
      const [rows, totals] = await Promise.all([
        db
          .select(inboxColumns)
          .from(c)
          .leftJoin(users, eq(users.id, c.createdBy))
          .leftJoin(serviceOrders, eq(serviceOrders.id, c.serviceOrderId))
          .where(where)
          .orderBy(desc(c.occurredAt), desc(c.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(c).where(where),
      ]);
      return { items: rows.map(toInboxItem), total: totals[0]?.n ?? 0 };
    },

    async getInboxItem(scope: TenantScope, id: string): Promise<InboxItem | null> {
      const rows = await db
        .select(inboxColumns)
        .from(c)
        .leftJoin(users, eq(users.id, c.createdBy))
        .leftJoin(serviceOrders, eq(serviceOrders.id, c.serviceOrderId))
        .where(scoped(c, scope, eq(c.id, id)))
        .limit(1);
      return rows[0] ? toInboxItem(rows[0]) : null;
    },

    /** How many communications a customer has (a merge's preview). */
    async countForCustomer(scope: TenantScope, customerId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(c)
        .where(scoped(c, scope, eq(c.customerId, customerId)));
      return row?.n ?? 0;
    },

    /**
     * A customer merge: every communication of customer `fromId` now belongs to `toId`, inside the
     * merge's transaction. The version stays, so an edit open in another tab does not conflict.
     */
    async reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number> {
      const rows = await tx
        .update(c)
        .set({ customerId: toId, updatedAt: sql`now()` })
        .where(scoped(c, scope, eq(c.customerId, fromId)))
        .returning({ id: c.id });
      return rows.length;
    },

    /** Files an inbound message under an order (the order's customer becomes the message's). */
    async assign(
      scope: TenantScope,
      id: string,
      order: { id: string; customerId: string; customerName: string },
    ): Promise<boolean> {
      const rows = await db
        .update(c)
        .set({
          serviceOrderId: order.id,
          customerId: order.customerId,
          customerName: sql`coalesce(${c.customerName}, ${order.customerName})`,
          version: sql`${c.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(scoped(c, scope, eq(c.id, id), eq(c.direction, 'inbound')))
        .returning({ id: c.id });
      return rows.length === 1;
    },

    // --- threading (webhooks: no tenant yet, the match decides it) -------------------------------

    /** The outgoing message whose reply address carried this token. */
    async findByReplyToken(token: string) {
      const rows = await db
        .select({
          servicePartnerId: c.servicePartnerId,
          serviceOrderId: c.serviceOrderId,
          customerId: c.customerId,
          customerName: c.customerName,
        })
        .from(c)
        .where(eq(c.replyToken, token))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Filed messages with one of these Message-IDs: ours on outgoing mail, or the customer's own
     * on earlier inbound mail of the thread.
     */
    async findByMessageIds(ids: string[]) {
      if (ids.length === 0) return [];
      const matches: SQL[] = [
        inArray(c.messageId, ids),
        and(eq(c.method, 'email'), inArray(c.providerMessageId, ids))!,
      ];
      return db
        .select({
          servicePartnerId: c.servicePartnerId,
          serviceOrderId: c.serviceOrderId,
          customerId: c.customerId,
          customerName: c.customerName,
          messageId: c.messageId,
          providerMessageId: c.providerMessageId,
        })
        .from(c)
        .where(and(or(...matches), sql`${c.serviceOrderId} is not null`));
    },

    /** False when the token was seen before (a replayed webhook). Inside the storing transaction. */
    async rememberReplayToken(token: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(webhookReplayTokens)
        .values({ token })
        .onConflictDoNothing()
        .returning({ token: webhookReplayTokens.token });
      return rows.length === 1;
    },

    /** Tokens older than the freshness window cannot be replayed anyway. */
    async pruneReplayTokens(olderThanMs: number): Promise<void> {
      await db
        .delete(webhookReplayTokens)
        .where(lt(webhookReplayTokens.seenAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`));
    },
  };
}

export type CommunicationsRepository = ReturnType<typeof createCommunicationsRepository>;
