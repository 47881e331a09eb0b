import { randomInt } from 'node:crypto';
import type { User } from '@service-portal/shared/auth';
import { LIMITS } from '@service-portal/shared/limits';
import { AppError } from '../../errors.ts';
import { hmacHex, safeEqual } from '../../lib/secrets.ts';
import type { Outbox } from '../../integrations/mail/mailer.ts';
import type { TokenService } from '../../plugins/auth.ts';
import type { AuthRepository } from './auth.repository.ts';

const HOUR = 60 * 60_000;
/** Wrong codes from one address before it must wait: stops guessing across many e-mails. */
const VERIFY_FAILURES_PER_IP_PER_HOUR = 50;

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenService;
  outbox: Outbox;
  otpPepper: Uint8Array;
  now?: () => Date;
  /** Called after a session is revoked: signed-in callers are re-read. */
  onAuthChange?: () => void | Promise<void>;
}

function tooMany(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('rate_limited', 429, 'Too many attempts. Please try again later.', {
    headers: { 'retry-after': String(seconds) },
  });
}

const invalidCode = () =>
  new AppError('invalid_credentials', 401, 'Invalid email or OTP code. Please try again.');

type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserByEmail']>>>;

export function toUser(row: UserRow): User {
  const u = row.user;
  return {
    id: u.id,
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: u.roles,
    isActive: u.isActive,
    isGlobalAdmin: u.isGlobalAdmin,
    servicePartnerId: u.servicePartnerId,
    servicePartnerName: row.partnerName,
    servicePartnerTimeZone: row.partnerTimeZone,
    department: u.department,
    jobTitle: u.jobTitle,
    phoneNumber: u.phoneNumber,
  };
}

function canSignIn(row: UserRow | null): row is UserRow {
  return row !== null && row.user.isActive && row.partnerActive !== false;
}

function otpMail(code: string, firstName: string) {
  const minutes = LIMITS.otpTtlMs / 60_000;
  return {
    subject: `Your Service Portal sign-in code: ${code}`,
    text:
      `Hello ${firstName},\n\nYour sign-in code is ${code}.\n` +
      `It is valid for ${minutes} minutes and can be used once.\n\n` +
      `If you did not ask for it, you can ignore this e-mail.\n\nService Portal`,
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const hashCode = (email: string, code: string) => hmacHex(deps.otpPepper, `${email}|${code}`);

  return {
    /**
     * Removes rate-limit events, codes and sessions more than a day old: of no use any more. Run
     * hourly by the job runner ('auth.prune-events'), not on the request path.
     */
    async pruneOld(): Promise<void> {
      await deps.repo.pruneEvents(new Date(now().getTime() - 24 * HOUR));
    },

    /**
     * Issues a code. The answer and the work done are the same whether or not the e-mail
     * belongs to a user: a code is stored either way, and only a user's code is mailed.
     */
    async requestCode(email: string, ip: string) {
      const t = now();
      // Check and record under a lock on the e-mail and the address: concurrent requests, spread
      // over several instances, are counted one after another and the limits hold exactly.
      await deps.repo.withLimitLocks([`otp_request_email:${email}`, `otp_request_ip:${ip}`], async (repo) => {
        const perEmail = await repo.eventTimes('otp_request_email', email, new Date(t.getTime() - HOUR));
        const last = perEmail[0];
        if (last && t.getTime() - last.getTime() < LIMITS.otpMinIntervalMs) {
          throw tooMany(LIMITS.otpMinIntervalMs - (t.getTime() - last.getTime()));
        }
        const oldestCounted = perEmail[LIMITS.otpPerEmailPerHour - 1];
        if (oldestCounted) throw tooMany(oldestCounted.getTime() + HOUR - t.getTime());
        const perIp = await repo.eventTimes('otp_request_ip', ip, new Date(t.getTime() - HOUR));
        const oldestIp = perIp[LIMITS.otpPerIpPerHour - 1];
        if (oldestIp) throw tooMany(oldestIp.getTime() + HOUR - t.getTime());

        await repo.recordEvent('otp_request_email', email, t);
        await repo.recordEvent('otp_request_ip', ip, t);
      });

      const code = String(randomInt(0, 10 ** LIMITS.otpDigits)).padStart(LIMITS.otpDigits, '0');
      await deps.repo.replaceCode(email, hashCode(email, code), new Date(t.getTime() + LIMITS.otpTtlMs), t);

      const user = await deps.repo.findUserByEmail(email);
      if (canSignIn(user)) {
        await deps.outbox.enqueue({ to: user.user.email, ...otpMail(code, user.user.firstName) }, 'otp', {
          discardAfter: new Date(t.getTime() + LIMITS.otpTtlMs),
        });
      }

      return {
        message: 'If the e-mail belongs to an account, a sign-in code is on its way.',
        expiresInSeconds: LIMITS.otpTtlMs / 1000,
      };
    },

    async verifyCode(email: string, code: string, ip: string) {
      const t = now();
      // Under a lock on the address, like the request limits: concurrent guesses are counted in turn.
      const outcome = await deps.repo.withLimitLocks([`otp_verify_fail_ip:${ip}`], async (repo) => {
        const failures = await repo.countEvents('otp_verify_fail_ip', ip, new Date(t.getTime() - HOUR));
        if (failures >= VERIFY_FAILURES_PER_IP_PER_HOUR) return 'limited' as const;
        const live = await repo.latestLiveCode(email, t);
        if (!live || !safeEqual(hashCode(email, code), live.codeHash)) {
          if (live) await repo.countWrongTry(live.id, LIMITS.otpMaxWrongTries, t);
          await repo.recordEvent('otp_verify_fail_ip', ip, t);
          return 'wrong' as const;
        }
        return (await repo.consumeCode(live.id, t)) ? ('ok' as const) : ('wrong' as const);
      });
      if (outcome === 'limited') throw tooMany(HOUR / 4);
      if (outcome === 'wrong') throw invalidCode();

      const row = await deps.repo.findUserByEmail(email);
      if (!canSignIn(row)) throw invalidCode();
      const user = toUser(row);
      const expiresAt = new Date(t.getTime() + LIMITS.sessionTtlMs);
      const sessionId = await deps.repo.createSession(user.id, 'otp', expiresAt);
      const token = await deps.tokens.issue(user, sessionId, expiresAt);
      return { token, expiresAt: expiresAt.toISOString(), user };
    },

    /**
     * A session for another sign-in method (the shop's), made exactly as a code sign-in makes one;
     * null when the user may not sign in (unknown, inactive, or of an inactive partner).
     */
    async startSession(userId: string, method: 'shopify') {
      const row = await deps.repo.findUserById(userId);
      if (!canSignIn(row)) return null;
      const user = toUser(row);
      const expiresAt = new Date(now().getTime() + LIMITS.sessionTtlMs);
      const sessionId = await deps.repo.createSession(user.id, method, expiresAt);
      const token = await deps.tokens.issue(user, sessionId, expiresAt);
      return { token, expiresAt: expiresAt.toISOString(), user };
    },

    /** The id of the active user with this e-mail (any case) who may sign in, or null. */
    async signInUserIdByEmail(email: string): Promise<string | null> {
      const row = await deps.repo.findUserByEmail(email);
      return canSignIn(row) ? row.user.id : null;
    },

    async logout(sessionId: string) {
      await deps.repo.revokeSession(sessionId, now());
      await deps.onAuthChange?.();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
