import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../integrations/mail/mailer.ts';
import type { SmsTransport } from '../../integrations/sms/sms.ts';
import type { CommunicationRow, CommunicationsRepository } from './communications.repository.ts';

export interface DeliveryDeps {
  repo: CommunicationsRepository;
  mail: MailTransport;
  sms: SmsTransport;
  log: FastifyBaseLogger;
  /** Domain of the reply+{token}@… address. */
  inboundEmailDomain: string;
}

/** A send that has not reported back after this long is taken to have died with its process. */
const STUCK_AFTER_MS = 10 * 60_000;
const INTERRUPTED =
  'Sending was interrupted (the server stopped); the message may or may not have been delivered. ' +
  'Sending it again reuses its Message-ID, so a duplicate can be recognised.';

export const replyAddress = (token: string, domain: string) => `reply+${token}@${domain}`;

function reason(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return 'The message could not be sent.';
}

/**
 * The outbox of communications: a message is stored first (pending), then taken (`claim`, one
 * atomic UPDATE) and sent behind the request. Every outcome is written back on the row (sent or
 * failed with the reason), so a failure shows on the entry and can be retried.
 */
export function createDelivery(deps: DeliveryDeps) {
  const { repo, log } = deps;
  const jobs = new Set<Promise<void>>();

  function track(job: Promise<void>): void {
    const tracked = job
      .catch((err: unknown) => log.error({ err }, 'communication delivery failed unexpectedly'))
      .finally(() => jobs.delete(tracked));
    jobs.add(tracked);
  }

  async function send(row: CommunicationRow): Promise<void> {
    try {
      if (!row.toAddress) throw new Error('The message has no recipient.');
      if (row.method === 'email') {
        if (!row.messageId || !row.replyToken)
          throw new Error('The e-mail has no Message-ID or reply token.');
        await deps.mail.send({
          to: row.toAddress,
          subject: row.subject ?? '',
          text: row.message,
          replyTo: replyAddress(row.replyToken, deps.inboundEmailDomain),
          messageId: row.messageId,
        });
        await repo.markSent(row.id, null);
      } else if (row.method === 'sms') {
        // The row id is the idempotency key: the same on every attempt at this message.
        const { providerMessageId } = await deps.sms.send({
          to: row.toAddress,
          body: row.message,
          idempotencyKey: row.id,
        });
        await repo.markSent(row.id, providerMessageId);
      } else {
        throw new Error(`A ${row.method} entry is not sent.`);
      }
      log.info(
        { communicationId: row.id, method: row.method, attempt: row.deliveryAttempts },
        'communication sent',
      );
    } catch (err) {
      log.warn(
        { err, communicationId: row.id, method: row.method, attempt: row.deliveryAttempts },
        'communication not sent',
      );
      await repo.markFailed(row.id, reason(err));
    }
  }

  /** Sends a stored, pending message behind the request. */
  function dispatch(id: string): void {
    track(
      (async () => {
        const row = await repo.claim(id, 'pending');
        if (row) await send(row);
      })(),
    );
  }

  return {
    dispatch,

    /** Sends a message the caller has already claimed (a retry). */
    sendClaimed(row: CommunicationRow): void {
      track(send(row));
    },

    /** Waits for the sends under way (shutdown, tests). */
    async drain(): Promise<void> {
      while (jobs.size > 0) await Promise.allSettled([...jobs]);
    },

    /**
     * At start-up: sends what was stored but never taken, and marks sends that never reported
     * back as failed so that staff see them.
     */
    async recover(): Promise<void> {
      const stuck = await repo.failStuckSending(STUCK_AFTER_MS, INTERRUPTED);
      if (stuck > 0) log.warn({ count: stuck }, 'communications interrupted while sending marked failed');
      for (const id of await repo.pendingIds(500)) dispatch(id);
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
