import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  communicationCreateSchema,
  type CommunicationCreateInput,
} from '@service-portal/shared/communications';
import type { PartnerBrand } from '@service-portal/shared/partner-identity';
import { OPEN_STATUSES, type ServiceOrder } from '@service-portal/shared/service-orders';
import {
  customerProgress,
  customerStageOf,
  languageForPhone,
  UPLOAD_LINK_RULES,
  type RatingInput,
  type Rating,
  type UploadInfo,
  type UploadLink,
  type UploadLinkCreate,
  type UploadLinkCreated,
  type UploadLookupResult,
  type UploadResult,
  type UploadSession,
  type UploadStatus,
  type UploadVerify,
} from '@service-portal/shared/upload-links';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { RatedEvent } from './upload-links.ports.ts';
import { AppError, notFound } from '../../errors.ts';
import { storedDigitVariants, toE164 } from '../../integrations/sms/phone-numbers.ts';
import type { UploadPart } from '../../lib/multipart.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { linkMessage } from './upload-links.messages.ts';
import type { LinkRow, UploadLinksRepository } from './upload-links.repository.ts';

// What this feature asks of others (its module is given them; features do not import each other).
export interface OrderSource {
  /** The order (404 unless the partner's). */
  get(scope: TenantScope, id: string): Promise<ServiceOrder>;
  /** Every partner's orders whose customer phone has one of these digit forms, open ones first. */
  findByContact(contact: { phoneDigits: string[] }): Promise<{ id: string; servicePartnerId: string }[]>;
}
export interface ImageIntake {
  upload(
    scope: TenantScope,
    input: {
      orderId: string;
      source: 'customer';
      uploadedBy: null;
      uploadLinkId: string;
      parts: AsyncIterable<UploadPart>;
      budget: { reserve(bytes: number): Promise<boolean>; release(bytes: number): Promise<void> };
    },
  ): Promise<{ id: string; category: string; description: string | null }[]>;
}
export interface MessageSender {
  create(
    scope: TenantScope,
    author: { id: string },
    orderId: string,
    input: ReturnType<typeof communicationCreateSchema.parse>,
  ): Promise<{ id: string }>;
}

export interface UploadLinksDeps {
  repo: UploadLinksRepository;
  orders: OrderSource;
  images: ImageIntake;
  messages: MessageSender;
  publicUrl: string;
  /** Signs the proof of verification the customer's browser carries. */
  sessionKey: Uint8Array;
  smsCountryCode: string;
  /** Bytes one link may take in all (spec §5: 50 MB). */
  totalMaxBytes: number;
  now?: () => Date;
  /** The partner's name, logo and contact for the customer's pages (the partner-identity port). */
  brand?: (scope: TenantScope) => Promise<PartnerBrand>;
  /**
   * Webhooks out: a customer's upload finished. The images are stored by the images feature in
   * its own transactions, so the event is written right after they are (its own transaction).
   */
  onUploadCompleted?: (
    partnerId: string,
    data: { orderId: string; orderNumber: string; imageIds: string[]; uploadedAt: string },
  ) => Promise<void>;
  /** Alerts: a customer rated an order; called inside the transaction that stores the rating. */
  onRated?: (tx: Db, partnerId: string, rating: RatedEvent) => Promise<void>;
}

const invalidLink = () => new AppError('invalid_upload_link', 404, 'Invalid Upload Link.');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Serial numbers as people type them: case, spaces and dashes do not matter. */
const normalSerial = (s: string | null) => (s ?? '').replace(/[\s-]/g, '').toUpperCase();

function tooManyAttempts(retryAfterS: number) {
  return new AppError('rate_limited', 429, 'Too many attempts. Please try again later.', {
    headers: { 'retry-after': String(retryAfterS) },
  });
}

function mismatch() {
  return new AppError('validation_failed', 422, 'The phone number and serial number do not match.', {
    errors: [{ path: 'serialNumber', message: 'The phone number and serial number do not match.' }],
  });
}

/**
 * Customer upload links (product.md "Customer image upload"): made by staff for an order and sent
 * through the communications log, or opened by the customer with phone + serial number; the
 * customer's side (information, verification, upload, progress, rating) is public and rests on
 * the token, with verification proven by a signed session.
 */
export function createUploadLinksService(deps: UploadLinksDeps) {
  const { repo, orders } = deps;
  const now = deps.now ?? (() => new Date());
  const window = UPLOAD_LINK_RULES.attemptWindowMs;

  function presentLink(row: LinkRow): UploadLink {
    return {
      id: row.id,
      serviceOrderId: row.serviceOrderId,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      sentVia: row.sentVia,
      createdBy:
        row.createdById && row.createdByName ? { id: row.createdById, name: row.createdByName } : null,
      bytesUsed: row.bytesUsed,
    };
  }

  async function newLink(
    scope: TenantScope,
    orderId: string,
    createdBy: string | null,
    sentVia: LinkRow['sentVia'],
  ): Promise<{ id: string; token: string; expiresAt: Date }> {
    const token = randomBytes(UPLOAD_LINK_RULES.tokenBytes).toString('base64url');
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + UPLOAD_LINK_RULES.ttlMs);
    const id = await repo.insert({
      servicePartnerId: scope.partnerId,
      serviceOrderId: orderId,
      tokenHash: hashOf(token),
      sentVia,
      createdBy,
      createdAt,
      expiresAt,
    });
    return { id, token, expiresAt };
  }

  /** A usable link (not expired, not revoked) and its order; anything else is "Invalid Upload Link". */
  async function resolve(token: string): Promise<{ link: LinkRow; scope: TenantScope; order: ServiceOrder }> {
    const link = await repo.byTokenHash(hashOf(token));
    if (!link || link.revokedAt || link.expiresAt.getTime() <= now().getTime()) throw invalidLink();
    const scope = { partnerId: link.servicePartnerId };
    try {
      return { link, scope, order: await orders.get(scope, link.serviceOrderId) };
    } catch {
      throw invalidLink();
    }
  }

  function sessionFor(link: { id: string; expiresAt: Date }): UploadSession {
    const exp = link.expiresAt.getTime();
    const sig = createHmac('sha256', deps.sessionKey).update(`${link.id}.${exp}`).digest('base64url');
    return { session: `${link.id}.${exp}.${sig}`, expiresAt: link.expiresAt.toISOString() };
  }

  /** The link behind a token, when the caller has verified it (a valid session for this link). */
  async function verified(token: string, session: string | undefined) {
    const found = await resolve(token);
    const [id, exp, sig] = (session ?? '').split('.');
    const expected = createHmac('sha256', deps.sessionKey).update(`${id}.${exp}`).digest('base64url');
    if (id !== found.link.id || !sig || !safeEqual(sig, expected) || Number(exp) <= now().getTime()) {
      throw new AppError('unauthenticated', 401, 'Verify your phone number and serial number first.');
    }
    return found;
  }

  /**
   * Takes one of the subject's attempts in the window, counted and recorded in one step (parallel
   * attempts cannot all pass the count); it stands as a failure when `judge` finds the answer
   * wrong (null: `wrong` is thrown), and is taken back when it was right or could not be judged.
   * Refused with 429 once `max` attempts have failed or are being judged.
   */
  async function attempt<T>(
    subject: string,
    max: number,
    judge: () => Promise<T | null>,
    wrong: () => AppError,
  ): Promise<T> {
    const at = now();
    const claim = await repo.claimAttempt(subject, new Date(at.getTime() - window), max, at);
    if (claim === null) throw tooManyAttempts(Math.ceil(window / 1000));
    let result: T | null;
    try {
      result = await judge();
    } catch (err) {
      await repo.releaseAttempt(claim);
      throw err;
    }
    if (result === null) throw wrong();
    await repo.releaseAttempt(claim);
    return result;
  }

  /** The open order whose customer's phone and serial number match, with a fresh link to it. */
  async function findOpenOrder(input: UploadVerify): Promise<UploadLookupResult | null> {
    const e164 = toE164(input.phoneNumber, deps.smsCountryCode);
    const candidates = e164
      ? await orders.findByContact({ phoneDigits: storedDigitVariants(e164, deps.smsCountryCode) })
      : [];
    for (const c of candidates.slice(0, 20)) {
      const scope = { partnerId: c.servicePartnerId };
      const order = await orders.get(scope, c.id);
      if (!OPEN_STATUSES.includes(order.status)) continue;
      if (
        normalSerial(order.serialNumber) === '' ||
        normalSerial(order.serialNumber) !== normalSerial(input.serialNumber)
      )
        continue;
      const link = await newLink(scope, order.id, null, 'none');
      return { token: link.token, ...sessionFor(link) };
    }
    return null;
  }

  function phoneMatches(order: ServiceOrder, phone: string): boolean {
    const a = toE164(phone, deps.smsCountryCode);
    return a !== null && a === toE164(order.customerPhone, deps.smsCountryCode);
  }

  function bytesRemaining(link: LinkRow): number {
    return Math.max(0, deps.totalMaxBytes - link.bytesUsed);
  }

  return {
    // ----- staff

    async create(
      scope: TenantScope,
      actor: { id: string },
      orderId: string,
      input: UploadLinkCreate,
    ): Promise<UploadLinkCreated> {
      const order = await orders.get(scope, orderId);
      const sentVia = input.sendVia ?? 'sms';
      const { id, token } = await newLink(scope, order.id, actor.id, sentVia);
      const url = `${deps.publicUrl}/customer-upload/${token}`;
      let communicationId: string | null = null;
      if (sentVia !== 'none') {
        const language = input.language ?? languageForPhone(order.customerPhone);
        const text = linkMessage(language, {
          customerName: order.customerName,
          orderNumber: order.orderNumber,
          url,
        });
        const message: CommunicationCreateInput = {
          method: sentVia,
          subject: sentVia === 'email' ? text.subject : undefined,
          message: text.body,
          isInternal: false,
        };
        try {
          communicationId = (
            await deps.messages.create(scope, actor, order.id, communicationCreateSchema.parse(message))
          ).id;
        } catch (err) {
          await repo.revoke(scope, order.id, id, now());
          throw err;
        }
        await repo.setCommunication(id, communicationId);
      }
      const row = await repo.get(scope, order.id, id);
      return { ...presentLink(row!), url, communicationId };
    },

    async listActive(scope: TenantScope, orderId: string): Promise<UploadLink[]> {
      await orders.get(scope, orderId);
      return (await repo.listActive(scope, orderId, now())).map(presentLink);
    },

    async revoke(scope: TenantScope, orderId: string, linkId: string): Promise<void> {
      if (!(await repo.revoke(scope, orderId, linkId, now()))) throw notFound('Upload link');
    },

    /** The customer's rating of the order, for staff (null until given). */
    async ratingOf(scope: TenantScope, orderId: string): Promise<Rating | null> {
      await orders.get(scope, orderId);
      const r = await repo.rating(orderId);
      return r ? { rating: r.rating, comment: r.comment, createdAt: r.createdAt.toISOString() } : null;
    },

    /**
     * A link that lives until `expiresAt` (an estimate's last valid day), for another feature to
     * send in its own message (issue 27). The customer verifies it like any other link.
     */
    async openLink(
      scope: TenantScope,
      actor: { id: string },
      orderId: string,
      expiresAt: Date,
      sentVia: 'sms' | 'email',
    ): Promise<{ id: string; url: string }> {
      const token = randomBytes(UPLOAD_LINK_RULES.tokenBytes).toString('base64url');
      const id = await repo.insert({
        servicePartnerId: scope.partnerId,
        serviceOrderId: orderId,
        tokenHash: hashOf(token),
        sentVia,
        createdBy: actor.id,
        createdAt: now(),
        expiresAt,
      });
      return { id, url: `${deps.publicUrl}/customer-upload/${token}` };
    },

    /** The order behind a verified link (another feature's customer route asks this first). */
    async verifiedOrder(
      token: string,
      session: string | undefined,
    ): Promise<{ scope: TenantScope; order: ServiceOrder }> {
      const { scope, order } = await verified(token, session);
      return { scope, order };
    },

    // ----- the customer (public)

    async info(token: string): Promise<UploadInfo> {
      const { link, order, scope } = await resolve(token);
      return {
        orderNumber: order.orderNumber,
        product: order.title,
        stage: customerStageOf(order.status),
        expiresAt: link.expiresAt.toISOString(),
        bytesRemaining: bytesRemaining(link),
        partner: deps.brand ? await deps.brand(scope) : null,
      };
    },

    /** Phone and serial must match the order; wrong answers are counted per link. */
    async verify(token: string, input: UploadVerify): Promise<UploadSession> {
      const { link, order } = await resolve(token);
      return attempt(
        `link:${link.id}`,
        UPLOAD_LINK_RULES.maxFailedAttempts,
        async () => {
          const ok =
            phoneMatches(order, input.phoneNumber) &&
            normalSerial(order.serialNumber) !== '' &&
            normalSerial(order.serialNumber) === normalSerial(input.serialNumber);
          return ok ? sessionFor(link) : null;
        },
        mismatch,
      );
    },

    /** `/customer-upload` without a token: phone + serial find the open order and open a link for it. */
    async lookup(input: UploadVerify, clientIp: string): Promise<UploadLookupResult> {
      return attempt(
        `ip:${clientIp}`,
        UPLOAD_LINK_RULES.maxFailedAttempts * 2,
        () => findOpenOrder(input),
        () =>
          new AppError(
            'not_found',
            404,
            'No open service order matches this phone number and serial number.',
          ),
      );
    },

    /**
     * Who owns an `Idempotency-Key` sent to the customer upload (decision 057): the verified link,
     * so a customer's retry with the same key gets the first answer. Null when the caller has not
     * verified; the upload itself then refuses.
     */
    async idempotencyOwner(token: string, session: string | undefined): Promise<string | null> {
      try {
        const { link } = await verified(token, session);
        return `upload-link:${link.id}`;
      } catch {
        return null;
      }
    },

    async upload(
      token: string,
      session: string | undefined,
      parts: AsyncIterable<UploadPart>,
    ): Promise<UploadResult> {
      const { link, scope } = await verified(token, session);
      const max = deps.totalMaxBytes;
      const images = await deps.images.upload(scope, {
        orderId: link.serviceOrderId,
        source: 'customer',
        uploadedBy: null,
        uploadLinkId: link.id,
        parts,
        budget: {
          reserve: (bytes) => repo.reserveBytes(link.id, bytes, max, now()),
          release: (bytes) => repo.releaseBytes(link.id, bytes),
        },
      });
      const after = await repo.byTokenHash(hashOf(token));
      if (images.length > 0) {
        await deps.onUploadCompleted?.(scope.partnerId, {
          orderId: link.serviceOrderId,
          orderNumber: (await deps.orders.get(scope, link.serviceOrderId)).orderNumber,
          imageIds: images.map((i) => i.id),
          uploadedAt: now().toISOString(),
        });
      }
      return {
        images: images.map((i) => ({ id: i.id, category: i.category, description: i.description })),
        bytesRemaining: after ? bytesRemaining(after) : 0,
      };
    },

    /** The order's progress in customer words, and the rating once it is completed. */
    async status(token: string, session: string | undefined): Promise<UploadStatus> {
      const { order } = await verified(token, session);
      const history = [...order.statusHistory].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
      const r = await repo.rating(order.id);
      const rating = r
        ? { rating: r.rating, comment: r.comment, createdAt: r.createdAt.toISOString() }
        : null;
      const stage = customerStageOf(order.status);
      return {
        orderNumber: order.orderNumber,
        product: order.title,
        stage,
        steps: customerProgress(history, order.status),
        rating,
        canRate: stage === 'completed' && rating === null,
      };
    },

    async rate(token: string, session: string | undefined, input: RatingInput): Promise<Rating> {
      const { link, order } = await verified(token, session);
      if (order.status !== 'completed')
        throw new AppError('conflict', 409, 'The order is not completed yet.');
      const createdAt = now();
      const comment = input.comment ? input.comment : null;
      const { onRated } = deps;
      const rated = { orderId: order.id, orderNumber: order.orderNumber, rating: input.rating, comment };
      const inserted = await repo.insertRating(
        {
          serviceOrderId: order.id,
          servicePartnerId: link.servicePartnerId,
          rating: input.rating,
          comment,
          uploadLinkId: link.id,
          technicianId: order.assignedTechnicianId,
          createdAt,
        },
        onRated ? (tx) => onRated(tx, link.servicePartnerId, { ...rated, at: createdAt }) : undefined,
      );
      if (!inserted) throw new AppError('conflict', 409, 'This order has been rated already.');
      return { rating: input.rating, comment, createdAt: createdAt.toISOString() };
    },

    /**
     * The technician's rating for the dashboard (product.md: the mean of customers' 1–5 ratings of
     * orders assigned to them, as assigned when rated); null average until someone rated.
     */
    /** Customers' ratings per technician in a period: the dashboard's technician table reads it. */
    ratingsByTechnician(scope: TenantScope, from: Date, to: Date): Promise<Map<string, number>> {
      return repo.ratingsByTechnician(scope, from, to);
    },

    technicianRating(
      scope: TenantScope,
      technicianId: string,
    ): Promise<{ average: number | null; count: number }> {
      return repo.technicianRating(scope, technicianId);
    },

    /**
     * Deletes links a week past their expiry or revocation and verification failures a day old.
     * A plain function: the job runner calls it on a schedule. Returns the links removed.
     */
    async purgeExpiredLinks(at: Date = now()): Promise<number> {
      return repo.purge(
        new Date(at.getTime() - 7 * 24 * 60 * 60_000),
        new Date(at.getTime() - 24 * 60 * 60_000),
      );
    },
  };
}

export type UploadLinksService = ReturnType<typeof createUploadLinksService>;
