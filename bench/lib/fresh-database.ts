import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { User } from '@service-portal/shared/auth';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { createTokenService } from '../../apps/server/src/plugins/auth.ts';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths.ts';

/** The PostgreSQL server the in-process benches use (`BENCH_PG_URL`, no database name). */
export const BENCH_PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(
  /\/+$/,
  '',
);

/**
 * A bench's own database, made afresh (dropped if there) and migrated, with the production config
 * the in-process benches run the real app on: no demo data, limits out of the way, the data
 * folder `sp-<name>-data` in the temporary directory. Returns the secret that signs its tokens.
 */
export async function freshBenchDatabase(name: string) {
  const admin = new pg.Client({ connectionString: `${BENCH_PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = `${BENCH_PG_URL}/${name}`;
  const secret = randomBytes(48).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    APP_SECRET: secret,
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: path.join(os.tmpdir(), `sp-${name.replace(/^sp_/, '').replace(/_/g, '-')}-data`),
    RATE_LIMIT_PER_USER: '100000000',
    RATE_LIMIT_PER_IP: '100000000',
  });
  const database = await openDatabase({ driver: 'postgres', url, max: 10 });
  await database.migrate(MIGRATIONS_DIR);
  return { url, secret, config, database };
}

/** A bearer token for `person` of `partner` on the bench's session `sessionId`. */
export function issueBenchToken(
  secret: string,
  person: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'roles'>,
  partner: { id: string; name: string },
  sessionId: string,
  expiresAt: Date,
): Promise<string> {
  const user: User = {
    ...person,
    userId: person.id,
    isActive: true,
    isGlobalAdmin: false,
    servicePartnerId: partner.id,
    servicePartnerName: partner.name,
    department: null,
    jobTitle: null,
    phoneNumber: null,
  };
  return createTokenService(secret).issue(user, sessionId, expiresAt);
}

/**
 * A bench's Administrator of `partner` (made here, with a session of 12 hours) and the
 * `authorization` header of its bearer token, signed with the bench database's `secret`.
 */
export async function benchAdministrator(
  db: Db,
  secret: string,
  partner: { id: string; name: string },
  person: { email: string; firstName: string; lastName: string },
) {
  const [user] = await db
    .insert(schema.users)
    .values({ ...person, roles: ['Administrator'], servicePartnerId: partner.id })
    .returning();
  if (!user) throw new Error('the bench Administrator was not created');
  const expiresAt = new Date(Date.now() + 12 * 3600_000);
  const [session] = await db
    .insert(schema.sessions)
    .values({ userId: user.id, method: 'bench', expiresAt })
    .returning({ id: schema.sessions.id });
  if (!session) throw new Error('the bench session was not created');
  const token = await issueBenchToken(
    secret,
    { ...user, roles: ['Administrator'] },
    partner,
    session.id,
    expiresAt,
  );
  return { user, headers: { authorization: `Bearer ${token}` } };
}
