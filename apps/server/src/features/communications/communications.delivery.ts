import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../integrations/mail/mailer.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import type { JobRunner } from '../../lib/jobs/runner.ts';
import type { SmsTransport } from '../../integrations/sms/sms.ts';
import type { CommunicationRow, CommunicationsRepository } from './communications.repository.ts';

export interface DeliveryDeps {
  repo: CommunicationsRepository;
  mail: MailTransport;
  sms: SmsTransport;
  log: FastifyBaseLogger;
  jobs: JobRunner;
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

export const SEND_JOB = 'communications.send';
export const RECOVER_JOB = 'communications.recover';

interface SendPayload {
  id: string;
  /** A retry has taken the row already (failed → sending); the job sends it as it is. */
  claimed?: boolean;
}

/**
 * The outbox of communications: a message is stored first (pending), then a job (lib/jobs) takes
 * it (`claim`, one atomic UPDATE) and sends it. Every outcome is written back on the row (sent or
 * failed with the reason), so a failure shows on the entry and staff retry it there: the job itself
 * does not resend a refused message (the runner retries only when the outcome could not be stored).
 */
export function createDelivery(deps: DeliveryDeps) {
  const { repo, jobs } = deps;

  async function send(row: CommunicationRow, log: FastifyBaseLogger): Promise<void> {
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

  const sendJob = defineJob<SendPayload>({
    name: SEND_JOB,
    handler: async ({ payload, log }) => {
      // Run twice (a lost lease), the second run finds the row taken and sends nothing.
      const row = payload.claimed
        ? await repo.sendingRow(payload.id)
        : await repo.claim(payload.id, 'pending');
      if (row) await send(row, log);
    },
    options: { retries: 3, backoff: { delayMs: 2_000, factor: 3, maxDelayMs: 60_000 } },
  });

  /**
   * Sends what was stored but never got a job (written before jobs existed, or the job was lost),
   * and marks sends that never reported back as failed so that staff see them.
   */
  const recoverJob = defineJob({
    name: RECOVER_JOB,
    handler: async ({ log }) => {
      const stuck = await repo.failStuckSending(STUCK_AFTER_MS, INTERRUPTED);
      if (stuck > 0) log.warn({ count: stuck }, 'communications interrupted while sending marked failed');
      for (const id of await repo.pendingIds(500)) {
        await jobs.enqueue<SendPayload>(SEND_JOB, { id }, { uniqueKey: `${SEND_JOB}:${id}` });
      }
    },
    options: { retries: 2, singletonKey: RECOVER_JOB },
    schedule: { cron: '*/10 * * * *' },
  });

  return {
    /** The sends and their recovery, registered by the feature's module. */
    jobs: [sendJob, recoverJob],

    /** Queues a stored, pending message for sending. */
    async dispatch(id: string): Promise<void> {
      await jobs.enqueue<SendPayload>(SEND_JOB, { id }, { uniqueKey: `${SEND_JOB}:${id}` });
    },

    /** Queues a message the caller has already claimed (a retry). */
    async sendClaimed(row: CommunicationRow): Promise<void> {
      await jobs.enqueue<SendPayload>(
        SEND_JOB,
        { id: row.id, claimed: true },
        { uniqueKey: `${SEND_JOB}:${row.id}` },
      );
    },

    /** Runs the due sends (tests). */
    drain: () => jobs.drain(),

    /** At start-up: one recovery run, whichever instance takes it. */
    async recover(): Promise<void> {
      await jobs.enqueue(RECOVER_JOB, {}, { uniqueKey: RECOVER_JOB });
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
