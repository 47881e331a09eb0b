import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { renderTemplate, type TemplateId } from '@service-portal/shared/communications';
import { OPEN_STATUSES, type ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../db/client.ts';
import { communications } from '../db/schema/communications.ts';
import { serviceOrders } from '../db/schema/service-orders.ts';
import { users } from '../db/schema/users.ts';
import { toE164 } from '../integrations/sms/phone-numbers.ts';
import { DEMO_PARTNERS } from './identities.ts';
import { createRandom, hashSeed, type Random } from './random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The demo's reply domain; mail sent from a running server uses INBOUND_EMAIL_DOMAIN. */
const DEMO_DOMAIN = 'inbound.service-portal.local';
const DEMO_SMS_FROM = '+4759440000';
const MAIL_FROM = 'no-reply@service-portal.local';

const EMAIL_REPLIES = [
  'Thanks! Tuesday works for me.',
  'Could you come after 15:00? I am at work until then.',
  'Great, I will pick it up on Friday.',
  'How much will the parts cost? Please call me before you order anything.',
  'The unit started making the noise again yesterday, just so you know.',
  'Can I get a receipt for the warranty claim?',
  'The key is under the flower pot by the cabin door.',
];
const SMS_REPLIES = [
  'OK, thanks!',
  'Can you call me?',
  'I will come Thursday after work.',
  'Perfect 👍',
  'Which address do I pick it up at?',
];
const FOLLOW_UPS = [
  'Any news about my order?',
  'Hi, just checking when the technician can come.',
  'Is the part in yet?',
  'Can I still change the visit to next week?',
];
const CALLS_IN: [string, string | null][] = [
  [
    'Customer called to ask about the status of the repair.',
    'Told them we are waiting for the technician report',
  ],
  ['Customer called: the unit shows the error again.', 'Asked them to send a photo of the display'],
  ['Customer asked whether the visit can be moved.', 'Moved to next week, same time'],
];
const CALLS_OUT: [string, string | null][] = [
  ['Called the customer to agree on a visit date.', 'Agreed on Tuesday 09:00'],
  ['Called about the price of the spare parts.', 'Customer accepted the estimate'],
  ['Called to say the unit is ready; no answer, left a voicemail.', null],
];
const NOTES = [
  'Ordered the part from Cinderella Eco AS; delivery in 3–5 days.',
  'Checked the warranty: unit bought in 2023, still covered.',
  'Customer has a dog; ring before entering the garden.',
  'Spoke with the technician: bring a spare fuse and the long vent brush.',
];

type Row = typeof communications.$inferInsert;

interface DemoOrder {
  id: string;
  orderNumber: string;
  status: ServiceOrderStatus;
  customerId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  scheduledDate: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function osloDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/**
 * Threads on a share of each partner's orders, newest orders more often: e-mails and SMS we sent
 * (from the templates), the customers' replies (threaded, the recent ones unread), logged calls,
 * internal notes, one failed e-mail, and one inbound e-mail that waits unassigned. Idempotent: a
 * partner with communications gets none added.
 */
export async function seedCommunications(
  db: Db,
  partnerIds: Map<string, string>,
  now = new Date(),
): Promise<void> {
  for (const partner of DEMO_PARTNERS) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(communications)
        .where(eq(communications.servicePartnerId, partnerId));
      if ((existing?.n ?? 0) > 0) return;
      const orders: DemoOrder[] = await tx
        .select({
          id: serviceOrders.id,
          orderNumber: serviceOrders.orderNumber,
          status: serviceOrders.status,
          customerId: serviceOrders.customerId,
          customerName: serviceOrders.customerName,
          customerEmail: serviceOrders.customerEmail,
          customerPhone: serviceOrders.customerPhone,
          scheduledDate: serviceOrders.scheduledDate,
          createdAt: serviceOrders.createdAt,
          updatedAt: serviceOrders.updatedAt,
        })
        .from(serviceOrders)
        .where(eq(serviceOrders.servicePartnerId, partnerId));
      const staff = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.servicePartnerId, partnerId));
      if (orders.length === 0 || staff.length === 0) return;

      const rnd = createRandom(hashSeed(`communications:${partner}`));
      const rows: Row[] = [];
      orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (const order of orders) {
        const ageDays = (now.getTime() - order.createdAt.getTime()) / DAY;
        if (!rnd.chance(ageDays < 90 ? 0.55 : 0.15)) continue;
        rows.push(
          ...threadFor(
            order,
            partnerId,
            partner,
            staff.map((s) => s.id),
            rnd,
            now,
          ),
        );
      }

      const open = orders.filter((o) => OPEN_STATUSES.includes(o.status)).reverse();
      const failing = open.find(
        (o) => !rows.some((r) => r.serviceOrderId === o.id && r.deliveryStatus === 'failed'),
      );
      if (failing) {
        const at = new Date(
          Math.max(failing.createdAt.getTime() + 10 * MINUTE, now.getTime() - rnd.int(2, 20) * HOUR),
        );
        rows.push({
          ...base(partnerId, failing, at, rnd.pick(staff).id),
          method: 'email',
          direction: 'outbound',
          subject: `Your order ${failing.orderNumber}: visit date`,
          message: `Hello ${failing.customerName},\n\nWe would like to agree on a date for the visit. Please reply with a day that suits you.\n\nBest regards,\n${partner}`,
          toAddress: failing.customerEmail,
          fromAddress: MAIL_FROM,
          deliveryStatus: 'failed',
          deliveryError:
            '550 5.1.1 <' + failing.customerEmail + '>: Recipient address rejected: mailbox unavailable',
          deliveryAttempts: 1,
          messageId: `<${randomUUID()}@${DEMO_DOMAIN}>`,
          replyToken: randomBytes(20).toString('hex'),
        });
      }

      // A customer writing without replying to anything: it waits in the unassigned inbox.
      const withTwoOpen =
        open.find((o) => open.filter((x) => x.customerId === o.customerId).length >= 2) ?? open[0];
      if (withTwoOpen) {
        const at = new Date(now.getTime() - rnd.int(1, 6) * HOUR);
        rows.push({
          servicePartnerId: partnerId,
          serviceOrderId: null,
          customerId: withTwoOpen.customerId,
          customerName: withTwoOpen.customerName,
          method: 'email',
          direction: 'inbound',
          subject: 'Question about my orders',
          message: 'Hello, I have two units with you at the moment. When can I expect the first one back?',
          fromAddress: withTwoOpen.customerEmail.toLowerCase(),
          toAddress: `post@${DEMO_DOMAIN}`,
          deliveryStatus: 'received',
          providerMessageId: `<${randomUUID()}@mail.example.net>`,
          readAt: null,
          occurredAt: at,
          createdAt: at,
          updatedAt: at,
        });
      }

      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(communications).values(rows.slice(i, i + 500));
    });
  }
}

function base(partnerId: string, order: DemoOrder, at: Date, createdBy: string | null): Row {
  return {
    servicePartnerId: partnerId,
    serviceOrderId: order.id,
    customerId: order.customerId,
    customerName: order.customerName,
    message: '',
    method: 'phone',
    direction: 'outbound',
    deliveryStatus: 'logged',
    createdBy,
    readAt: at,
    occurredAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

/** One order's conversation, in time order, never after `now`. */
function threadFor(
  order: DemoOrder,
  partnerId: string,
  partnerName: string,
  staff: string[],
  rnd: Random,
  now: Date,
): Row[] {
  const rows: Row[] = [];
  const start = order.createdAt.getTime();
  const end = Math.min(
    now.getTime() - 10 * MINUTE,
    Math.max(order.updatedAt.getTime(), start + HOUR) + 2 * DAY,
  );
  let at = start + rnd.int(5, 90) * MINUTE;
  const step = () => {
    at = Math.min(end, at + rnd.int(2, 36) * HOUR);
    return new Date(at);
  };
  const sms = toE164(order.customerPhone, '47');
  const vars = {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    partnerName,
    scheduledDate: order.scheduledDate ? osloDate(order.scheduledDate) : null,
  };
  const emails: Row[] = [];
  const texts: Row[] = [];

  const sendEmail = (subject: string, message: string, when: Date) => {
    const row: Row = {
      ...base(partnerId, order, when, rnd.pick(staff)),
      method: 'email',
      subject,
      message,
      toAddress: order.customerEmail,
      fromAddress: MAIL_FROM,
      deliveryStatus: 'sent',
      deliveryAttempts: 1,
      sentAt: new Date(when.getTime() + 4000),
      messageId: `<${randomUUID()}@${DEMO_DOMAIN}>`,
      replyToken: randomBytes(20).toString('hex'),
    };
    rows.push(row);
    emails.push(row);
  };
  const sendSms = (message: string, when: Date) => {
    if (!sms) return;
    const row: Row = {
      ...base(partnerId, order, when, rnd.pick(staff)),
      method: 'sms',
      message,
      toAddress: sms,
      fromAddress: DEMO_SMS_FROM,
      deliveryStatus: 'sent',
      deliveryAttempts: 1,
      sentAt: new Date(when.getTime() + 2000),
      providerMessageId: `SM${randomBytes(16).toString('hex')}`,
    };
    rows.push(row);
    texts.push(row);
  };
  const template = (id: TemplateId, when: Date, preferSms: boolean) => {
    const t = renderTemplate(id, vars);
    if (t.missing.length > 0) return;
    if (preferSms && sms) sendSms(`${t.subject}. ${partnerName}`, when);
    else sendEmail(t.subject, t.message, when);
  };

  if (rnd.chance(0.6)) {
    sendEmail(
      `We have received your service order ${order.orderNumber}`,
      `Hello ${order.customerName},\n\nThank you for your order. We will be in touch about the visit shortly. Reply to this e-mail if you have questions.\n\nBest regards,\n${partnerName}`,
      new Date(at),
    );
  }
  if (rnd.chance(0.3)) {
    const [message, response] = rnd.chance(0.5) ? rnd.pick(CALLS_IN) : rnd.pick(CALLS_OUT);
    const inbound = CALLS_IN.some(([m]) => m === message);
    rows.push({
      ...base(partnerId, order, step(), rnd.pick(staff)),
      method: 'phone',
      direction: inbound ? 'inbound' : 'outbound',
      message,
      customerResponse: response,
    });
  }
  if (order.scheduledDate && rnd.chance(0.7)) template('scheduled', step(), rnd.chance(0.5));
  if (order.status === 'waiting_for_parts' && rnd.chance(0.7))
    template('waiting_for_parts', step(), rnd.chance(0.6));
  if (rnd.chance(0.15)) {
    rows.push({
      ...base(partnerId, order, step(), rnd.pick(staff)),
      method: 'in_person',
      isInternal: true,
      message: rnd.pick(NOTES),
    });
  }
  if (order.status === 'ready_for_pickup' && rnd.chance(0.8)) template('ready_for_pickup', step(), true);
  if (order.status === 'completed' && rnd.chance(0.4)) template('completed', step(), false);

  // Replies: threaded to what we sent (and has gone out by now: a planned step later than now is
  // dropped below, and a reply must not point at it); the last few days' are still unread.
  const sent = emails.filter((e) => (e.occurredAt as Date).getTime() <= now.getTime());
  const repliedTo = sent.length > 0 && rnd.chance(0.5) ? rnd.pick(sent) : null;
  if (repliedTo) {
    const when = new Date(
      Math.min(now.getTime() - 5 * MINUTE, (repliedTo.occurredAt as Date).getTime() + rnd.int(1, 30) * HOUR),
    );
    const fresh = now.getTime() - when.getTime() < 6 * DAY;
    rows.push({
      ...base(partnerId, order, when, null),
      method: 'email',
      direction: 'inbound',
      subject: `Re: ${repliedTo.subject ?? ''}`,
      message: rnd.pick(EMAIL_REPLIES),
      fromAddress: order.customerEmail.toLowerCase(),
      toAddress: `reply+${repliedTo.replyToken}@${DEMO_DOMAIN}`,
      deliveryStatus: 'received',
      providerMessageId: `<${randomUUID()}@mail.example.net>`,
      readAt: fresh && rnd.chance(0.8) ? null : new Date(when.getTime() + rnd.int(10, 300) * MINUTE),
    });
  }
  const textedBack = texts.length > 0 && rnd.chance(0.55) ? rnd.pick(texts) : null;
  if (textedBack && sms) {
    const when = new Date(
      Math.min(
        now.getTime() - 5 * MINUTE,
        (textedBack.occurredAt as Date).getTime() + rnd.int(5, 240) * MINUTE,
      ),
    );
    const fresh = now.getTime() - when.getTime() < 6 * DAY;
    rows.push({
      ...base(partnerId, order, when, null),
      method: 'sms',
      direction: 'inbound',
      message: rnd.pick(SMS_REPLIES),
      fromAddress: sms,
      toAddress: DEMO_SMS_FROM,
      deliveryStatus: 'received',
      providerMessageId: `SM${randomBytes(16).toString('hex')}`,
      readAt: fresh && rnd.chance(0.8) ? null : new Date(when.getTime() + rnd.int(10, 300) * MINUTE),
    });
  }
  // Customers of orders still open write again now and then: the badge has something to show.
  const last = rows.reduce((max, r) => Math.max(max, (r.occurredAt as Date).getTime()), start);
  const followUpAt = now.getTime() - rnd.int(1, 72) * HOUR;
  if (OPEN_STATUSES.includes(order.status) && rows.length > 0 && followUpAt > last && rnd.chance(0.3)) {
    const when = new Date(followUpAt);
    const bySms = sms !== null && texts.length > 0 && rnd.chance(0.5);
    const lastEmail = sent.at(-1);
    rows.push({
      ...base(partnerId, order, when, null),
      method: bySms ? 'sms' : 'email',
      direction: 'inbound',
      subject: bySms ? null : `Re: ${lastEmail?.subject ?? `Order ${order.orderNumber}`}`,
      message: rnd.pick(FOLLOW_UPS),
      fromAddress: bySms ? sms : order.customerEmail.toLowerCase(),
      toAddress: bySms
        ? DEMO_SMS_FROM
        : lastEmail
          ? `reply+${lastEmail.replyToken}@${DEMO_DOMAIN}`
          : `post@${DEMO_DOMAIN}`,
      deliveryStatus: 'received',
      providerMessageId: bySms
        ? `SM${randomBytes(16).toString('hex')}`
        : `<${randomUUID()}@mail.example.net>`,
      readAt: rnd.chance(0.75)
        ? null
        : new Date(Math.min(now.getTime(), followUpAt + rnd.int(10, 120) * MINUTE)),
    });
  }
  return rows.filter((r) => (r.occurredAt as Date).getTime() <= now.getTime());
}
