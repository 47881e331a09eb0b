import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isSentMethod,
  LOGGED_METHODS,
  COMMUNICATION_MESSAGES,
  type Communication,
  type CommunicationCreate,
  type CommunicationUpdate,
  type InboxItem,
  type UnreadSummary,
} from '@service-portal/shared/communications';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { parseAddress } from '../../integrations/mail/mailgun.ts';
import type { MailTransport } from '../../integrations/mail/mailer.ts';
import { toE164 } from '../../integrations/sms/phone-numbers.ts';
import type { SmsTransport } from '../../integrations/sms/sms.ts';
import type { JobRunner } from '../../lib/jobs/runner.ts';
import { createDelivery } from './communications.delivery.ts';
import { createInbound, type ContactLookup, type Inbound } from './communications.inbound.ts';
import type { CommunicationChanges, CommunicationsRepository } from './communications.repository.ts';

/** The order a communication belongs to, as far as this feature needs it. */
export interface OrderContact {
  id: string;
  orderNumber: string;
  status: ServiceOrderStatus;
  customerId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
}

// What this feature asks of the service-orders feature (features do not import each other; app.ts
// passes the service-orders service in, which satisfies this).
export interface OrderDirectory extends ContactLookup {
  /** The order's customer contact, or null when the order is not the partner's (→ 404). */
  contactOf(scope: TenantScope, orderId: string): Promise<OrderContact | null>;
}

export interface Author {
  id: string;
}

export interface CommunicationsDeps {
  repo: CommunicationsRepository;
  orders: OrderDirectory;
  mail: MailTransport;
  sms: SmsTransport;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  inboundEmailDomain: string;
  /** MAIL_FROM, shown as the sender of e-mails we send. */
  mailFrom: string;
  mailgunSigningKey: string | undefined;
  twilioAuthToken: string | undefined;
  smsCountryCode: string;
  now?: () => Date;
}

const COMMUNICATION = 'Communication';
/** A logged call may be entered with its own time; a little clock skew is allowed, the future is not. */
const FUTURE_SKEW_MS = 5 * 60_000;

const versionConflict = () =>
  new AppError(
    'version_conflict',
    409,
    'The communication was changed by someone else. Reload it and try again.',
  );
const conflict = (message: string) => new AppError('conflict', 409, message);
function fieldError(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}

/**
 * Communications on service orders: logged calls and talks, e-mails and SMS sent to the
 * customer (outbox style, see communications.delivery.ts), replies that arrive by webhook
 * (communications.inbound.ts), and the unread badge.
 */
/**
 * The read that the service-orders list takes (`includeCommunications`): the communications of
 * many orders in one query, by order id. It needs nothing of service orders, so app.ts makes it
 * before both services and no cycle forms (docs/decisions/013-no-service-cycles.md).
 */
export function createOrderCommunications(repo: Pick<CommunicationsRepository, 'listForOrders'>) {
  return {
    forOrders: async (
      scope: TenantScope,
      orderIds: readonly string[],
    ): Promise<Map<string, Communication[]>> => {
      const byOrder = new Map<string, Communication[]>();
      for (const item of await repo.listForOrders(scope, [...orderIds])) {
        if (!item.serviceOrderId) continue;
        byOrder.set(item.serviceOrderId, [...(byOrder.get(item.serviceOrderId) ?? []), item]);
      }
      return byOrder;
    },
  };
}

export function createCommunicationsService(deps: CommunicationsDeps) {
  const { repo, orders } = deps;
  const now = deps.now ?? (() => new Date());
  const delivery = createDelivery({
    repo,
    mail: deps.mail,
    sms: deps.sms,
    log: deps.log,
    jobs: deps.jobs,
    inboundEmailDomain: deps.inboundEmailDomain,
  });
  const inbound = createInbound({
    repo,
    orders,
    log: deps.log,
    now,
    inboundEmailDomain: deps.inboundEmailDomain,
    mailgunSigningKey: deps.mailgunSigningKey,
    twilioAuthToken: deps.twilioAuthToken,
    smsCountryCode: deps.smsCountryCode,
  });
  const mailFromAddress = parseAddress(deps.mailFrom)?.address ?? null;

  async function orderOrThrow(scope: TenantScope, orderId: string): Promise<OrderContact> {
    const order = await orders.contactOf(scope, orderId);
    if (!order) throw notFound('Service order');
    return order;
  }

  async function getOrThrow(scope: TenantScope, orderId: string, id: string): Promise<Communication> {
    const found = await repo.get(scope, id, orderId);
    if (!found) throw notFound(COMMUNICATION);
    return found;
  }

  function assertNotFuture(at: string | undefined, path = 'occurredAt'): Date | undefined {
    if (at === undefined) return undefined;
    const when = new Date(at);
    if (when.getTime() > now().getTime() + FUTURE_SKEW_MS)
      throw fieldError(path, 'The time cannot be in the future');
    return when;
  }

  return {
    async list(scope: TenantScope, orderId: string): Promise<Communication[]> {
      await orderOrThrow(scope, orderId);
      return repo.listForOrder(scope, orderId);
    },

    /** The communications of a page of orders, in one query (GET /service-orders?includeCommunications=true). */
    forOrders: createOrderCommunications(repo).forOrders,

    /** One communication; opening an unread inbound message marks it read (spec §4). */
    async get(scope: TenantScope, orderId: string, id: string): Promise<Communication> {
      const found = await getOrThrow(scope, orderId, id);
      if (found.direction !== 'inbound' || found.readAt !== null) return found;
      await repo.markRead(scope, id, orderId);
      return getOrThrow(scope, orderId, id);
    },

    /**
     * E-mail and SMS are stored as pending and sent behind the request (to the order's customer,
     * with a reply address and Message-ID of their own); internal entries and logs are stored only.
     */
    async create(
      scope: TenantScope,
      author: Author,
      orderId: string,
      input: CommunicationCreate,
    ): Promise<Communication> {
      const order = await orderOrThrow(scope, orderId);
      const occurredAt = assertNotFuture(input.occurredAt);
      const sent = isSentMethod(input.method) && !input.isInternal;

      let toAddress: string | null = null;
      let fromAddress: string | null = null;
      let messageId: string | null = null;
      let replyToken: string | null = null;
      if (sent && input.method === 'email') {
        toAddress = order.customerEmail;
        fromAddress = mailFromAddress;
        messageId = `<${randomUUID()}@${deps.inboundEmailDomain}>`;
        replyToken = randomBytes(20).toString('hex'); // 160 random bits
      } else if (sent && input.method === 'sms') {
        toAddress = toE164(order.customerPhone, deps.smsCountryCode);
        if (!toAddress)
          throw fieldError('method', "The order's customer has no phone number an SMS can be sent to");
        fromAddress = deps.sms.from ?? null;
      }

      const id = await repo.insert(scope, {
        serviceOrderId: order.id,
        customerId: order.customerId,
        customerName: order.customerName,
        subject: input.subject,
        message: input.message,
        deliveryNotes: input.deliveryNotes,
        method: input.method,
        direction: input.direction ?? 'outbound',
        isInternal: input.isInternal,
        readAt: 'now',
        createdBy: author.id,
        customerResponse: input.customerResponse,
        occurredAt: occurredAt ?? null,
        fromAddress,
        toAddress,
        deliveryStatus: sent ? 'pending' : 'logged',
        messageId,
        replyToken,
        providerMessageId: null,
      });
      // Read back before sending starts, so the answer shows the message as stored (pending).
      const created = await getOrThrow(scope, orderId, id);
      if (sent) await delivery.dispatch(id);
      return created;
    },

    /**
     * A customer's answer given on the status page (issue 27: an estimate approved or declined),
     * logged on the order as an unread inbound entry so that staff see it under the bell. It is
     * filed under the method the question went by: the answer is a reply to that message.
     */
    async recordCustomerAnswer(
      scope: TenantScope,
      orderId: string,
      m: { method: 'email' | 'sms'; subject: string; body: string },
    ): Promise<{ id: string }> {
      const order = await orderOrThrow(scope, orderId);
      const id = await repo.insert(scope, {
        serviceOrderId: order.id,
        customerId: order.customerId,
        customerName: order.customerName,
        subject: m.subject,
        message: m.body,
        deliveryNotes: null,
        method: m.method,
        direction: 'inbound',
        isInternal: false,
        readAt: null,
        createdBy: null,
        customerResponse: null,
        occurredAt: null,
        fromAddress: null,
        toAddress: null,
        deliveryStatus: 'received',
        messageId: null,
        replyToken: null,
        providerMessageId: null,
      });
      return { id };
    },

    /**
     * A message to a customer about no service order (the rentals' reminders): stored in the
     * communications as pending like any other e-mail or SMS, then sent behind the call.
     */
    async sendToCustomer(
      scope: TenantScope,
      m: {
        customerId: string | null;
        customerName: string;
        email: string | null;
        phone: string | null;
        method: 'email' | 'sms';
        subject: string;
        body: string;
      },
    ): Promise<{ id: string }> {
      const toAddress = m.method === 'email' ? m.email : toE164(m.phone, deps.smsCountryCode);
      if (!toAddress) throw fieldError('method', 'The customer has no address for this method');
      const id = await repo.insert(scope, {
        serviceOrderId: null,
        customerId: m.customerId,
        customerName: m.customerName,
        subject: m.method === 'email' ? m.subject : null,
        message: m.body,
        deliveryNotes: null,
        method: m.method,
        direction: 'outbound',
        isInternal: false,
        readAt: 'now',
        createdBy: null,
        customerResponse: null,
        occurredAt: null,
        fromAddress: m.method === 'email' ? mailFromAddress : (deps.sms.from ?? null),
        toAddress,
        deliveryStatus: 'pending',
        messageId: m.method === 'email' ? `<${randomUUID()}@${deps.inboundEmailDomain}>` : null,
        replyToken: m.method === 'email' ? randomBytes(20).toString('hex') : null,
        providerMessageId: null,
      });
      await delivery.dispatch(id);
      return { id };
    },

    /**
     * Changes the fields sent. What was sent or received keeps its words and time: only its
     * delivery notes and the customer's response can change.
     */
    async update(
      scope: TenantScope,
      orderId: string,
      id: string,
      input: CommunicationUpdate,
    ): Promise<Communication> {
      const current = await getOrThrow(scope, orderId, id);
      if (current.version !== input.version) throw versionConflict();
      const { version, occurredAt, ...fields } = input;
      const changes: CommunicationChanges = {};
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      const when = assertNotFuture(occurredAt);
      if (when) changes.occurredAt = when;

      const locked = current.deliveryStatus !== 'logged';
      const differs = (key: keyof Communication, value: unknown) =>
        value !== undefined &&
        (key === 'occurredAt'
          ? new Date(value as string).getTime() !== new Date(current.occurredAt).getTime()
          : current[key] !== value);
      if (locked) {
        const frozen = (['subject', 'message', 'isInternal', 'direction', 'occurredAt'] as const).filter(
          (k) => differs(k, input[k]),
        );
        if (frozen.length > 0) {
          throw conflict(
            `A ${current.direction === 'inbound' ? 'received' : 'sent'} message cannot be changed (${frozen.join(', ')}); add delivery notes or the customer's response instead.`,
          );
        }
      } else {
        const isLog = LOGGED_METHODS.includes(current.method);
        if (!isLog && input.isInternal === false) {
          throw conflict('An internal e-mail or SMS note is never sent; write a new message to send one.');
        }
        if (!isLog && differs('direction', input.direction)) {
          throw fieldError('direction', COMMUNICATION_MESSAGES.inboundOnlyForLogs);
        }
      }

      if (!(await repo.updateIfVersion(scope, orderId, id, version, changes))) {
        if (!(await repo.get(scope, id, orderId))) throw notFound(COMMUNICATION);
        throw versionConflict();
      }
      return getOrThrow(scope, orderId, id);
    },

    async remove(scope: TenantScope, orderId: string, id: string): Promise<void> {
      const current = await getOrThrow(scope, orderId, id);
      if (current.deliveryStatus === 'pending' || current.deliveryStatus === 'sending') {
        throw conflict('The message is being sent; delete it when it has been sent or has failed.');
      }
      if (!(await repo.delete(scope, id, orderId))) {
        if (!(await repo.get(scope, id, orderId))) throw notFound(COMMUNICATION);
        throw conflict('The message is being sent; delete it when it has been sent or has failed.');
      }
    },

    /** Spec §4: marking read sets readAt to now (once; marking again keeps the first time). */
    async markRead(scope: TenantScope, orderId: string, id: string): Promise<Communication> {
      await getOrThrow(scope, orderId, id);
      await repo.markRead(scope, id, orderId);
      return getOrThrow(scope, orderId, id);
    },

    /**
     * Sends a failed e-mail or SMS again. The row is claimed with one atomic UPDATE from failed to
     * sending, so two retries at once send it once; the Message-ID and idempotency key stay the
     * same, so the receiving side can tell a duplicate after an ambiguous failure.
     */
    async retry(scope: TenantScope, orderId: string, id: string): Promise<Communication> {
      const claimed = await repo.claim(id, 'failed', { scope, orderId });
      if (!claimed) {
        const current = await getOrThrow(scope, orderId, id);
        throw conflict(
          `Only a message that failed can be sent again; this one is ${current.deliveryStatus}.`,
        );
      }
      const answer = await getOrThrow(scope, orderId, id);
      await delivery.sendClaimed(claimed);
      return answer;
    },

    // --- partner-wide ----------------------------------------------------------------------------

    /** The badge: how many inbound messages are unread, and the newest of them. */
    /** A customer merge moves the merged customer's messages to the survivor (customers asks, in its transaction). */
    /** For the customers feature's merge preview: how many communications would move. */
    async countForCustomer(scope: TenantScope, customerId: string, tx?: Db): Promise<number> {
      return repo.countForCustomer(scope, customerId, tx);
    },

    async reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number> {
      return repo.reassignCustomer(scope, fromId, toId, tx);
    },

    async unread(scope: TenantScope, limit: number): Promise<UnreadSummary> {
      const [count, items] = await Promise.all([repo.unreadCount(scope), repo.unreadLatest(scope, limit)]);
      return { count, items };
    },

    async unassigned(scope: TenantScope, page: { page: number; pageSize: number }) {
      const { items, total } = await repo.unassigned(scope, page);
      return { items, total, page: page.page, pageSize: page.pageSize };
    },

    /** Marks any of the partner's messages read, filed or not (the badge list, the unassigned inbox). */
    async markReadAnywhere(scope: TenantScope, id: string): Promise<InboxItem> {
      if (!(await repo.getInboxItem(scope, id))) throw notFound(COMMUNICATION);
      await repo.markRead(scope, id);
      const item = await repo.getInboxItem(scope, id);
      if (!item) throw notFound(COMMUNICATION);
      return item;
    },

    /** Files an inbound message (usually from the unassigned inbox) under one of the partner's orders. */
    async assign(scope: TenantScope, id: string, orderId: string): Promise<InboxItem> {
      const current = await repo.getInboxItem(scope, id);
      if (!current) throw notFound(COMMUNICATION);
      const order = await orderOrThrow(scope, orderId);
      if (current.direction !== 'inbound')
        throw conflict('Only a message from a customer can be filed under an order.');
      if (!(await repo.assign(scope, id, order))) throw notFound(COMMUNICATION);
      const item = await repo.getInboxItem(scope, id);
      if (!item) throw notFound(COMMUNICATION);
      return item;
    },

    /** Discards an unassigned message (spam, a wrong number); filed ones are deleted on their order. */
    async removeUnassigned(scope: TenantScope, id: string): Promise<void> {
      const current = await repo.getInboxItem(scope, id);
      if (!current) throw notFound(COMMUNICATION);
      if (current.serviceOrderId) throw conflict('The message is filed under an order; delete it there.');
      if (!(await repo.delete(scope, id, null))) throw notFound(COMMUNICATION);
    },

    // --- webhooks and lifecycle ------------------------------------------------------------------

    receiveSms: (...args: Parameters<Inbound['receiveSms']>) => inbound.receiveSms(...args),
    receiveEmail: (...args: Parameters<Inbound['receiveEmail']>) => inbound.receiveEmail(...args),
    /** Waits for sends under way (app close, tests). */
    drain: () => delivery.drain(),
    /** At start-up: resend what was never taken, fail what was cut off mid-send. */
    recover: () => delivery.recover(),
    /** The sends' jobs, for the feature's module to register. */
    jobs: delivery.jobs,
  };
}

export type CommunicationsService = ReturnType<typeof createCommunicationsService>;
