import type { FastifyInstance } from 'fastify';
import { actualCost, prepare, run } from './graphql.ts';
import { imagesOf, record, sleep, type ShopState } from './server-state.ts';

/**
 * The demo shop's Admin GraphQL endpoint: faults first (503, 401, 429), then validation, the
 * single query max cost and the leaky bucket, then the query, with Shopify's cost extension.
 */
export function registerAdminApi(app: FastifyInstance, state: ShopState) {
  const costExtension = (requested: number, actual: number | null) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: state.bucket.status() },
  });

  // ------------------------------------------------------------------ Admin GraphQL
  app.post('/admin/api/:version/graphql.json', async (req, reply) => {
    if (state.faults.delayMs > 0) await sleep(state.faults.delayMs);
    const { version } = req.params as { version: string };
    const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const operationName = typeof body.operationName === 'string' ? body.operationName : null;
    const base = {
      operationName,
      variables: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    };
    if (state.faults.unavailable > 0) {
      state.faults.unavailable -= 1;
      record(state, req, 503, { ...base, code: 'UNAVAILABLE' });
      return reply
        .code(503)
        .type('text/html')
        .send('<!DOCTYPE html><title>Service Unavailable</title><h1>Service Unavailable</h1>');
    }
    const token = req.headers['x-shopify-access-token'];
    const access = typeof token === 'string' ? state.scopesOf(token) : null;
    if (state.faults.revoked || access === null || access === 'expired') {
      record(state, req, 401, { ...base, code: 'UNAUTHORIZED' });
      return reply
        .code(401)
        .send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    if (!/^\d{4}-(01|04|07|10)$/.test(version) && version !== 'unstable') {
      record(state, req, 404, { ...base, code: 'NOT_FOUND' });
      return reply.code(404).send({ errors: 'Not Found' });
    }
    if (state.faults.throttle429 > 0) {
      state.faults.throttle429 -= 1;
      record(state, req, 429, { ...base, code: 'THROTTLED' });
      return reply
        .code(429)
        .header('retry-after', '1')
        .send({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] });
    }
    if (typeof body.query !== 'string') {
      record(state, req, 400, { ...base, code: 'BAD_REQUEST' });
      return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    }
    const prepared = prepare(body.query, body.variables, operationName, version);
    if (!prepared.ok) {
      record(state, req, 200, { ...base, code: 'GRAPHQL_VALIDATION_FAILED' });
      return { errors: prepared.errors.map((e) => e.toJSON()) };
    }
    const { requestedCost } = prepared.query;
    const opName = prepared.query.operation.name?.value ?? operationName;
    const entry = { operationName: opName, variables: base.variables, requestedCost };
    if (requestedCost > state.singleQueryMax || state.faults.maxCostExceeded > 0) {
      if (state.faults.maxCostExceeded > 0) state.faults.maxCostExceeded -= 1;
      record(state, req, 200, { ...entry, actualCost: null, code: 'MAX_COST_EXCEEDED' });
      return {
        errors: [
          {
            message: `Query cost is ${requestedCost}, which exceeds the single query max cost limit (${state.singleQueryMax}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requestedCost, maxCost: state.singleQueryMax },
          },
        ],
        extensions: costExtension(requestedCost, null),
      };
    }
    if (!state.bucket.take(requestedCost)) {
      record(state, req, 200, { ...entry, actualCost: null, code: 'THROTTLED' });
      return {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: costExtension(requestedCost, null),
      };
    }
    const result = await run(prepared.query, {
      store: state.store,
      shop: state.opts.shop,
      baseUrl: imagesOf(state),
      now: () => new Date(),
      scopes: access.scopes,
    });
    const actual = actualCost(prepared.query, result.data);
    state.bucket.refund(Math.max(0, requestedCost - actual));
    record(state, req, 200, {
      ...entry,
      actualCost: actual,
      ...(result.errors?.length ? { code: 'ERRORS' } : {}),
    });
    return {
      ...(result.errors?.length ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
      data: result.data ?? null,
      extensions: costExtension(requestedCost, actual),
    };
  });
}
