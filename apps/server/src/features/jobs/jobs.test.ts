import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import type { Job, JobListResponse } from '@service-portal/shared/jobs';
import { jobs } from '../../db/schema/jobs.ts';
import { seedIdentities } from '../../seed/identities.ts';
import { MAIL_JOB } from '../../integrations/mail/mailer.ts';
import {
  bearer,
  codeFrom,
  createTestContext,
  nextIp,
  signIn,
  type TestContext,
} from '../../../test/helper.ts';

let ctx: TestContext;
let nordic: string;
const tokens = { admin: '', partnerAdmin: '', manager: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  const partnerIds = await seedIdentities(ctx.app.db);
  nordic = partnerIds.get('Nordic Service AS')!;
  tokens.admin = await signIn(ctx, 'admin@example.com');
  tokens.partnerAdmin = await signIn(ctx, 'office@nordic.example.com');
  tokens.manager = await signIn(ctx, 'manager@nordic.example.com');
});
afterAll(async () => ctx.close());

function api(token: string, headers: Record<string, string> = {}) {
  const send = (method: InjectOptions['method'], url: string) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers } });
  return { get: (url: string) => send('GET', url), post: (url: string) => send('POST', url) };
}
const admin = () => api(tokens.admin);

async function jobRow(id: string) {
  const [row] = await ctx.app.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function requestCode(email: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { email },
    remoteAddress: nextIp(),
    headers,
  });
}

describe('mail through the runner', () => {
  it('queues a sign-in code as a job with its sealed message, and sends it', async () => {
    await ctx.app.outbox.drain();
    const before = ctx.mail.messages.length;
    const res = await requestCode('manager@nordic.example.com', { 'x-request-id': 'proxy-req-0001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('proxy-req-0001');
    const mail = await ctx.mail.waitFor('manager@nordic.example.com', 5000, before);
    const code = codeFrom(mail.text);

    await ctx.app.outbox.drain();
    const [job] = await ctx.app.db.select().from(jobs).where(eq(jobs.requestId, 'proxy-req-0001'));
    expect(job).toMatchObject({ name: MAIL_JOB, state: 'succeeded', attempts: 1 });
    // The code travels sealed: the jobs table (and the admin screen) never shows it.
    expect(JSON.stringify(job!.payload)).not.toContain(code);
    expect(JSON.stringify(job!.payload)).not.toContain('manager@nordic');
    ctx.clock.advance(12.5 * 60_000);
  });

  it('retries a refused mail with backoff, then keeps it failed with the SMTP error; a retry sends it', async () => {
    ctx.mail.rejecting.add('office@nordic.example.com');
    try {
      const res = await requestCode('office@nordic.example.com', { 'x-request-id': 'proxy-req-0002' });
      expect(res.statusCode).toBe(200);
      await ctx.app.outbox.drain();
      const [queued] = await ctx.app.db.select().from(jobs).where(eq(jobs.requestId, 'proxy-req-0002'));
      expect(queued).toMatchObject({ state: 'queued', attempts: 1 });
      expect(queued!.lastError).toMatch(/550|Mailbox unavailable/);
      for (const wait of [5_000, 15_000, 45_000, 135_000]) {
        ctx.clock.advance(wait);
        await ctx.app.outbox.drain();
      }
      const failed = await jobRow(queued!.id);
      expect(failed).toMatchObject({ state: 'failed', attempts: 5, maxAttempts: 5 });
      expect(failed.lastError).toMatch(/550|Mailbox unavailable/);

      // The admin screen lists it among the failed, and can run it again.
      const list = await admin().get('/admin/jobs?state=failed');
      expect(list.statusCode).toBe(200);
      const body = list.json<JobListResponse>();
      expect(body.items.map((j) => j.id)).toContain(queued!.id);
      expect(body.counts.failed).toBeGreaterThanOrEqual(1);

      ctx.mail.rejecting.delete('office@nordic.example.com');
      const before = ctx.mail.messages.length;
      // Still within the code's 10 minutes: run again, it is sent.
      const retried = await admin().post(`/admin/jobs/${queued!.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json<Job>()).toMatchObject({ state: 'queued', attempts: 0 });
      await ctx.app.outbox.drain();
      expect(await jobRow(queued!.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
      const sent = await ctx.mail.waitFor('office@nordic.example.com', 5000, before);
      expect(sent.subject).toMatch(/sign-in code/);
    } finally {
      ctx.mail.rejecting.delete('office@nordic.example.com');
    }
  });

  it('drops a sign-in code that expired while its mail waited for a retry', async () => {
    ctx.clock.advance(12.5 * 60_000);
    ctx.mail.rejecting.add('manager@nordic.example.com');
    try {
      await requestCode('manager@nordic.example.com', { 'x-request-id': 'proxy-req-0003' });
      await ctx.app.outbox.drain();
      const [queued] = await ctx.app.db.select().from(jobs).where(eq(jobs.requestId, 'proxy-req-0003'));
      expect(queued).toMatchObject({ state: 'queued', attempts: 1 });
      ctx.mail.rejecting.delete('manager@nordic.example.com');
      const before = ctx.mail.messages.length;
      ctx.clock.advance(11 * 60_000);
      await ctx.app.outbox.drain();
      expect(await jobRow(queued!.id)).toMatchObject({ state: 'succeeded', attempts: 2 });
      expect(ctx.mail.messages.length).toBe(before);
    } finally {
      ctx.mail.rejecting.delete('manager@nordic.example.com');
    }
  });
});

describe('admin jobs API', () => {
  it('shows a running job with its progress, and cancels it', async () => {
    const reported = gate();
    let aborted = false;
    ctx.app.jobs.register('test.catalogue-sync', async ({ reportProgress, signal }) => {
      await reportProgress(40, 120);
      reported.open();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted = true;
    });
    const { id } = await ctx.app.jobs.enqueue('test.catalogue-sync', {}, { servicePartnerId: nordic });
    await reported.opened;

    const one = await admin().get(`/admin/jobs/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<Job>()).toMatchObject({
      id,
      name: 'test.catalogue-sync',
      state: 'running',
      progress: { current: 40, total: 120 },
      servicePartnerId: nordic,
    });
    const running = await admin().get('/admin/jobs?state=running');
    expect(running.json<JobListResponse>().items.map((j) => j.id)).toEqual([id]);

    const cancelled = await admin().post(`/admin/jobs/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Job>().state).toBe('cancelled');
    await ctx.app.jobs.drain();
    expect(aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ state: 'cancelled' });

    const again = await admin().post(`/admin/jobs/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_transition' });
  });

  it('refuses to retry a job that has not failed, and answers 404 for an unknown one', async () => {
    ctx.app.jobs.register('test.noop', async () => {});
    const { id } = await ctx.app.jobs.enqueue('test.noop', {});
    await ctx.app.jobs.drain();
    const res = await admin().post(`/admin/jobs/${id}/retry`);
    expect(res.statusCode).toBe(409);
    expect((await jobRow(id)).state).toBe('succeeded');
    const missing = await admin().get('/admin/jobs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const bad = await admin().get('/admin/jobs?state=exploded');
    expect(bad.statusCode).toBe(400);
  });

  it("is the global administrator's only: a partner's administrator and manager get 403 and change nothing", async () => {
    ctx.app.jobs.register(
      'test.partner-job',
      async () => {
        throw new Error('for the dead letter');
      },
      { retries: 0 },
    );
    const { id } = await ctx.app.jobs.enqueue('test.partner-job', {}, { servicePartnerId: nordic });
    await ctx.app.jobs.drain();
    expect((await jobRow(id)).state).toBe('failed');
    for (const token of [tokens.partnerAdmin, tokens.manager]) {
      const as = api(token, { [ACTING_PARTNER_HEADER]: nordic });
      expect((await as.get('/admin/jobs')).statusCode).toBe(403);
      expect((await as.get(`/admin/jobs/${id}`)).statusCode).toBe(403);
      expect((await as.post(`/admin/jobs/${id}/retry`)).statusCode).toBe(403);
      expect((await as.post(`/admin/jobs/${id}/cancel`)).statusCode).toBe(403);
    }
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 1 });
  });
});

describe('request ids', () => {
  it('echoes a plain incoming X-Request-Id, and makes one for a missing or unsafe one', async () => {
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3a' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a');
    const none = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'x'.repeat(300) },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('live answers 200; ready checks the database and the migrations', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'applied',
      shuttingDown: false,
      // No shop in this suite (a shop's token state: integrations/shop/tokens.test.ts).
      checks: { database: 'ok', migrations: 'applied', shop: 'none' },
    });
  });

  it('ready answers 503 while a migration is missing, and while shutting down', async () => {
    const result: unknown = await ctx.app.db.execute(
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const [last] = (result as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await ctx.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const pending = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({ status: 'not_ready', migrations: 'pending' });
    } finally {
      await ctx.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    ctx.app.lifecycle.shuttingDown = true;
    try {
      const closing = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(closing.statusCode).toBe(503);
      expect(closing.json()).toMatchObject({
        status: 'not_ready',
        shuttingDown: true,
        migrations: 'applied',
      });
      // Liveness stays green: the process is fine, it is only leaving.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.shuttingDown = false;
    }
  });
});

describe('metrics', () => {
  it('is off unless configured', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(404);
  });

  it('answers Prometheus text to the token only: request durations by route, queue depth, pool', async () => {
    const token = 'metrics-token-0123456789';
    const other = await createTestContext({ config: { metrics: { enabled: true, token } } });
    try {
      await other.app.inject({ method: 'GET', url: '/api/health/live' });
      await other.app.jobs.enqueue('jobs.prune', {}, { runAt: new Date(Date.now() + 3_600_000) });
      expect((await other.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
      const wrong = await other.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: bearer('metrics-token-wrong-00000'),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'unauthenticated' });

      const res = await other.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status_code="200"\} 1/,
      );
      expect(res.body).toMatch(/jobs_queue_depth\{name="jobs\.prune",state="queued"\} [1-9]/);
      expect(res.body).toContain('# TYPE jobs_attempts_total counter');
      expect(res.body).toContain('process_cpu_seconds_total');
      if (other.app.database.driver === 'postgres')
        expect(res.body).toMatch(/db_pool_connections\{kind="total"\}/);
    } finally {
      await other.close();
    }
  });
});
