import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED, roles } from '@service-portal/shared/access';
import {
  alertIdParamsSchema,
  alertListQuerySchema,
  alertListSchema,
  alertReadAllResultSchema,
  alertSchema,
  alertSettingsSchema,
  alertSettingsUpdateSchema,
  alertUnreadCountSchema,
} from '@service-portal/shared/alerts';
import { problemSchema } from '@service-portal/shared/problem';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { AlertsService } from './alerts.service.ts';

const tags = ['alerts'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };

/**
 * The signed-in user's alerts (issue 31 item 12, docs/decisions/078-alerts.md): for people only,
 * since read state is a person's; the partner's alert settings for its Administrator.
 */
export function alertsRoutes(service: AlertsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };
    const administrators = { access: roles('Administrator') };

    r.get(
      '/alerts',
      {
        config,
        schema: {
          tags,
          summary: "The user's alerts, newest first, with the unread count; page on with `cursor`",
          querystring: alertListQuerySchema,
          response: { 200: alertListSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), principalOf(request), request.query),
    );

    r.get(
      '/alerts/unread-count',
      {
        config,
        schema: {
          tags,
          summary: "How many of the user's alerts are unread (the badge)",
          response: { 200: alertUnreadCountSchema, ...read },
        },
      },
      async (request) => service.unreadCount(tenantOf(request), principalOf(request)),
    );

    r.post(
      '/alerts/:id/read',
      {
        config,
        schema: {
          tags,
          summary: 'Mark one alert read for the user',
          params: alertIdParamsSchema,
          response: { 200: alertSchema, ...one },
        },
      },
      async (request) => service.markRead(tenantOf(request), principalOf(request), request.params.id),
    );

    r.post(
      '/alerts/read-all',
      {
        config,
        schema: {
          tags,
          summary: 'Mark every alert the user has now read',
          response: { 200: alertReadAllResultSchema, ...read },
        },
      },
      async (request) => service.markAllRead(tenantOf(request), principalOf(request)),
    );

    r.get(
      '/alerts/settings',
      {
        config,
        schema: {
          tags,
          summary: "The partner's alert settings (days before an order counts as stalled)",
          response: { 200: alertSettingsSchema, ...read },
        },
      },
      async (request) => service.settings(tenantOf(request)),
    );

    r.put(
      '/alerts/settings',
      {
        config: administrators,
        schema: {
          tags,
          summary: "Change the partner's alert settings (Administrator)",
          body: alertSettingsUpdateSchema,
          response: { 200: alertSettingsSchema, ...read, 409: problemSchema },
        },
      },
      async (request) => service.saveSettings(tenantOf(request), request.body),
    );
  };
}
