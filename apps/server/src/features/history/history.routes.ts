import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED, GLOBAL_ADMIN, roles, STAFF_MANAGERS } from '@service-portal/shared/access';
import {
  historyPageSchema,
  historyQuerySchema,
  historyRetentionSchema,
  historySearchQuerySchema,
  historySubjectParamsSchema,
} from '@service-portal/shared/history';
import { problemSchema } from '@service-portal/shared/problem';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { HistoryService } from './history.service.ts';

const tags = ['history'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

/** Field-level history (issue 26): per page, the pricing page, a global search, and retention. */
export function historyRoutes(service: HistoryService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/history/:subject/:id',
      {
        config: { access: AUTHENTICATED },
        schema: {
          tags,
          summary:
            'Who changed what, field by field, newest first: an order (with its lines, work logs, messages and images), rental, rental unit, technician or document; filter by `table.field` and by person',
          params: historySubjectParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historyPageSchema, ...read, 404: problemSchema },
        },
      },
      async (request) =>
        service.ofSubject(
          tenantOf(request),
          principalOf(request),
          request.params.subject,
          request.params.id,
          request.query,
        ),
    );

    r.get(
      '/history/pricing',
      {
        config: { access: STAFF_MANAGERS },
        schema: {
          tags,
          summary: "The partner's pricing history: configuration, category prices and rental prices",
          querystring: historyQuerySchema,
          response: { 200: historyPageSchema, ...read },
        },
      },
      async (request) => service.ofPricing(tenantOf(request), principalOf(request), request.query),
    );

    r.get(
      '/admin/history',
      {
        config: { access: GLOBAL_ADMIN, tenant: 'none' },
        schema: {
          tags,
          summary:
            "A global administrator's search of the history across partners (by partner, table, record, field, person, request, time)",
          querystring: historySearchQuerySchema,
          response: { 200: historyPageSchema, ...read },
        },
      },
      async (request) => service.search(principalOf(request), request.query),
    );

    const retentionAccess = { access: roles('Administrator') };
    r.get(
      '/history/retention',
      {
        config: retentionAccess,
        schema: {
          tags,
          summary: 'How many months the partner keeps history (default 24)',
          response: { 200: historyRetentionSchema, ...read },
        },
      },
      async (request) => service.retention(tenantOf(request)),
    );

    r.put(
      '/history/retention',
      {
        config: retentionAccess,
        schema: {
          tags,
          summary:
            'Set how many months the partner keeps history (1–120); the daily job deletes older events',
          body: historyRetentionSchema,
          response: { 200: historyRetentionSchema, ...read },
        },
      },
      async (request) => service.setRetention(tenantOf(request), request.body.months),
    );
  };
}
