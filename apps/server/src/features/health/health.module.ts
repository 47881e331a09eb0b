import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FeatureModule } from '../../feature-module.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { healthRoutes } from './health.routes.ts';

/** The journal time of the newest migration this build carries (readiness compares it). */
function newestMigration(): number | null {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    return Math.max(...journal.entries.map((e) => e.when));
  } catch {
    return null;
  }
}

/**
 * Liveness and readiness (readiness answers 503 once the instance is told to stop; it names the
 * shop's token state without failing on it: docs/decisions/046).
 */
export function healthModule(needs: {
  shuttingDown: () => boolean;
  shopState: (() => Promise<'ok' | 'refused' | 'not_installed'>) | null;
}) {
  return {
    routes: [
      healthRoutes({
        version: pkg.version,
        expectedMigration: newestMigration(),
        shuttingDown: needs.shuttingDown,
        shopState: needs.shopState,
      }),
    ],
    offers: {},
  } satisfies FeatureModule;
}
