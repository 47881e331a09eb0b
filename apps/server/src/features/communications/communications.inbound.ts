import type { FastifyBaseLogger } from 'fastify';
import { OPEN_STATUSES, type ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import {
  headerValue,
  messageIdsIn,
  parseAddress,
  parseMessageHeaders,
  timestampAgeSeconds,
  verifyMailgunSignature,
} from '../../integrations/mail/mailgun.ts';
import { storedDigitVariants } from '../../integrations/sms/phone-numbers.ts';
import { verifyTwilioSignature, type FormParams } from '../../integrations/sms/twilio-signature.ts';
import type { CommunicationsRepository, NewCommunication } from './communications.repository.ts';

/** An order of some partner, as inbound threading sees it. */
export interface ContactOrder {
  id: string;
  servicePartnerId: string;
  customerId: string;
  customerName: string;
  status: ServiceOrderStatus;
}

/** What inbound threading asks of the service-orders feature. */
export interface ContactLookup {
  /** Every partner's orders whose customer has this e-mail, or a phone with one of these digit forms. */
  findByContact(contact: { email: string } | { phoneDigits: string[] }): Promise<ContactOrder[]>;
}

export type ThreadMatch =
  | {
      kind: 'order';
      partnerId: string;
      orderId: string;
      customerId: string | null;
      customerName: string | null;
      via: 'reply_token' | 'message_id' | 'only_open_order';
    }
  | { kind: 'unassigned'; partnerId: string; customerId: string | null; customerName: string | null }
  | { kind: 'none' };

const single = <T>(values: T[]): T | null => {
  const set = new Set(values);
  return set.size === 1 ? ([...set][0] ?? null) : null;
};

/**
 * Rule 3 of integrations.md: the sender's only open order. With several open orders the message
 * waits unassigned (never guess between them); with no way to tell the partner it is not stored.
 */
export function matchByContact(orders: ContactOrder[]): ThreadMatch {
  const open = orders.filter((o) => OPEN_STATUSES.includes(o.status));
  const only = open.length === 1 ? open[0] : undefined;
  if (only) {
    return {
      kind: 'order',
      partnerId: only.servicePartnerId,
      orderId: only.id,
      customerId: only.customerId,
      customerName: only.customerName,
      via: 'only_open_order',
    };
  }
  const pool = open.length > 0 ? open : orders;
  const partnerId = single(pool.map((o) => o.servicePartnerId));
  if (!partnerId) return { kind: 'none' };
  return {
    kind: 'unassigned',
    partnerId,
    customerId: single(pool.map((o) => o.customerId)),
    customerName: single(pool.map((o) => o.customerName)),
  };
}

/** The plus-token of reply+{token}@{domain} among the recipients, if any. */
export function replyTokenIn(recipients: string | undefined, domain: string): string | null {
  if (!recipients) return null;
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[\\s<,;"])reply\\+([a-f0-9]{40})@${escaped}(?=$|[\\s>,;"])`, 'i').exec(
    recipients,
  );
  return match?.[1]?.toLowerCase() ?? null;
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Mailgun signs timestamp + token; older than this, or this far ahead, is refused. */
const MAX_AGE_S = 5 * 60;
const MAX_AHEAD_S = 60;
const REPLAY_KEEP_MS = 15 * 60_000;
const TEXT_MAX = 100_000;

export type InboundResult = 'stored' | 'duplicate' | 'unmatched';

export interface InboundDeps {
  repo: CommunicationsRepository;
  orders: ContactLookup;
  log: FastifyBaseLogger;
  now: () => Date;
  inboundEmailDomain: string;
  mailgunSigningKey: string | undefined;
  twilioAuthToken: string | undefined;
  smsCountryCode: string;
}

const notConfigured = (what: string) =>
  new AppError('internal_error', 503, `${what} is not configured on this server.`);

/** Inbound e-mail and SMS webhooks: verify, thread, store once. */
export function createInbound(deps: InboundDeps) {
  const { repo, log } = deps;

  async function store(
    match: ThreadMatch,
    row: Omit<NewCommunication, 'serviceOrderId' | 'customerId' | 'customerName'> & {
      senderName: string | null;
    },
    replayToken?: string,
  ): Promise<InboundResult> {
    return repo.transaction(async (tx) => {
      if (replayToken !== undefined && !(await repo.rememberReplayToken(replayToken, tx))) {
        throw new AppError('unauthenticated', 401, 'This webhook token was used before.');
      }
      if (match.kind === 'none') return 'unmatched';
      const { senderName, ...fields } = row;
      const scope: TenantScope = { partnerId: match.partnerId };
      const id = await repo.insertInbound(
        scope,
        {
          ...fields,
          serviceOrderId: match.kind === 'order' ? match.orderId : null,
          customerId: match.customerId,
          customerName: match.customerName ?? senderName,
        },
        tx,
      );
      return id ? 'stored' : 'duplicate';
    });
  }

  /** Rules 1 and 2 of integrations.md: our reply token, then the Message-IDs the reply refers to. */
  async function threadEmail(
    recipient: string | undefined,
    inReplyTo: string[],
    references: string[],
  ): Promise<ThreadMatch | null> {
    const token = replyTokenIn(recipient, deps.inboundEmailDomain);
    if (token) {
      const hit = await repo.findByReplyToken(token);
      if (hit?.serviceOrderId) {
        return {
          kind: 'order',
          partnerId: hit.servicePartnerId,
          orderId: hit.serviceOrderId,
          customerId: hit.customerId,
          customerName: hit.customerName,
          via: 'reply_token',
        };
      }
    }
    // The direct parent first, then the thread from the newest reference back.
    const wanted = [...new Set([...inReplyTo, ...[...references].reverse()])].slice(0, 50);
    if (wanted.length === 0) return null;
    const hits = await repo.findByMessageIds(wanted);
    for (const id of wanted) {
      const hit = hits.find((h) => h.messageId === id || h.providerMessageId === id);
      if (hit?.serviceOrderId) {
        return {
          kind: 'order',
          partnerId: hit.servicePartnerId,
          orderId: hit.serviceOrderId,
          customerId: hit.customerId,
          customerName: hit.customerName,
          via: 'message_id',
        };
      }
    }
    return null;
  }

  return {
    /**
     * POST /webhooks/sms/inbound (Twilio-style). `url` is the public URL Twilio called, rebuilt
     * from PUBLIC_URL; a bad or missing signature is 403 and stores nothing.
     */
    async receiveSms(url: string, params: FormParams, signature: string | undefined): Promise<InboundResult> {
      if (!deps.twilioAuthToken) throw notConfigured('Inbound SMS');
      if (!verifyTwilioSignature(deps.twilioAuthToken, url, params, signature)) {
        throw new AppError('forbidden', 403, 'The request signature is not valid.');
      }
      const sid = first(params.MessageSid);
      const from = first(params.From);
      if (!sid || !from) throw new AppError('validation_failed', 400, 'MessageSid and From are required.');
      const body = first(params.Body) ?? '';
      const media = Number(first(params.NumMedia) ?? '0');
      const mediaUrls = Array.from({ length: Number.isInteger(media) ? Math.min(media, 10) : 0 }, (_, i) =>
        first(params[`MediaUrl${i}`]),
      ).filter((u): u is string => Boolean(u));

      const digits = storedDigitVariants(from, deps.smsCountryCode);
      const match =
        digits.length > 0
          ? matchByContact(await deps.orders.findByContact({ phoneDigits: digits }))
          : ({ kind: 'none' } as const);
      const result = await store(match, {
        subject: null,
        message: (body || (mediaUrls.length > 0 ? '(picture message)' : '(empty message)')).slice(
          0,
          TEXT_MAX,
        ),
        deliveryNotes: mediaUrls.length > 0 ? `Media: ${mediaUrls.join(' ')}` : null,
        method: 'sms',
        direction: 'inbound',
        isInternal: false,
        readAt: null,
        createdBy: null,
        customerResponse: null,
        occurredAt: null,
        fromAddress: from,
        toAddress: first(params.To) ?? null,
        deliveryStatus: 'received',
        messageId: null,
        replyToken: null,
        providerMessageId: sid,
        senderName: null,
      });
      log.info(
        { providerMessageId: sid, result, via: match.kind === 'order' ? match.via : match.kind },
        'inbound SMS',
      );
      return result;
    },

    /**
     * POST /webhooks/email/inbound (Mailgun-style). Signature (401), freshness (401), replayed
     * token (401); then threading, and the provider's Message-Id keeps a retried delivery from
     * being stored twice.
     */
    async receiveEmail(params: FormParams): Promise<InboundResult> {
      if (!deps.mailgunSigningKey) throw notConfigured('Inbound e-mail');
      const timestamp = first(params.timestamp);
      const token = first(params.token);
      const signature = first(params.signature);
      if (!timestamp || !token || !signature) {
        throw new AppError('unauthenticated', 401, 'The webhook signature is missing.');
      }
      if (!verifyMailgunSignature(deps.mailgunSigningKey, timestamp, token, signature)) {
        throw new AppError('unauthenticated', 401, 'The webhook signature is not valid.');
      }
      const age = timestampAgeSeconds(timestamp, deps.now());
      if (age === null || age > MAX_AGE_S || age < -MAX_AHEAD_S) {
        throw new AppError('unauthenticated', 401, 'The webhook timestamp is outside the accepted window.');
      }
      await repo.pruneReplayTokens(REPLAY_KEEP_MS);

      const headers = parseMessageHeaders(first(params['message-headers']));
      const header = (name: string) => headerValue(headers, name) ?? first(params[name]);
      const providerMessageId = messageIdsIn(header('Message-Id'))[0] ?? null;
      const sender = parseAddress(first(params.from)) ?? parseAddress(first(params.sender));
      const recipient = first(params.recipient);

      let match = await threadEmail(
        recipient,
        messageIdsIn(header('In-Reply-To')),
        messageIdsIn(header('References')),
      );
      if (!match) {
        match = sender
          ? matchByContact(await deps.orders.findByContact({ email: sender.address }))
          : { kind: 'none' };
      }
      const text = (
        first(params['stripped-text'])?.trim() ||
        first(params['body-plain'])?.trim() ||
        '(empty message)'
      ).slice(0, TEXT_MAX);
      const result = await store(
        match,
        {
          subject: first(params.subject)?.slice(0, 998) ?? null,
          message: text,
          deliveryNotes: null,
          method: 'email',
          direction: 'inbound',
          isInternal: false,
          readAt: null,
          createdBy: null,
          customerResponse: null,
          occurredAt: null,
          fromAddress: sender?.address ?? null,
          toAddress: recipient ?? null,
          deliveryStatus: 'received',
          messageId: null,
          replyToken: null,
          providerMessageId,
          senderName: sender?.name ?? sender?.address ?? null,
        },
        `mailgun:${token}`,
      );
      if (result === 'unmatched') {
        // Nobody's order and no partner to file it with: logged without its text.
        log.warn(
          { from: sender?.address, providerMessageId },
          'inbound e-mail matched no partner; not stored',
        );
      } else {
        log.info(
          { providerMessageId, result, via: match.kind === 'order' ? match.via : match.kind },
          'inbound e-mail',
        );
      }
      return result;
    },
  };
}

export type Inbound = ReturnType<typeof createInbound>;
