import { deriveKey } from '../../lib/secrets.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import type { TokenService } from '../../plugins/auth.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

/** Sign-in by e-mailed code, sessions and their housekeeping. */
export function authModule(
  ctx: ModuleContext,
  needs: {
    tokens: TokenService;
    /** Tells the cached callers of every instance that a sign-in changed. */
    onAuthChange: () => Promise<void>;
  },
) {
  const service = createAuthService({
    repo: createAuthRepository(ctx.db),
    tokens: needs.tokens,
    outbox: ctx.outbox,
    otpPepper: deriveKey(ctx.config.appSecret, 'otp-pepper'),
    onAuthChange: needs.onAuthChange,
    now: ctx.now,
  });
  return {
    routes: [authRoutes(service)],
    jobs: [
      // Rate-limit events, dead codes and ended sessions older than a day.
      defineJob({
        name: 'auth.prune-events',
        handler: async () => service.pruneOld(),
        options: { retries: 2, singletonKey: 'auth.prune-events' },
        schedule: { cron: '7 * * * *' },
      }),
    ],
    offers: { sessions: service },
  } satisfies FeatureModule<object>;
}
