import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, with its declared access: the route-walk test reads it. */
    routeTable: { method: string; url: string; access: unknown; tenant: unknown; idempotent: unknown }[];
  }
}

/** Records every route with its declared access, tenancy and idempotency. */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeTable', []);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Read the declaration lazily: a plugin's own onRoute hook (docs, static files) sets it after this one runs.
      for (const method of methods) {
        app.routeTable.push({
          method,
          url: route.url,
          get access() {
            return route.config?.access;
          },
          get tenant() {
            return route.config?.tenant;
          },
          get idempotent() {
            return route.config?.idempotent;
          },
        });
      }
    });
  },
  { name: 'route-table' },
);
