import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS, sendProblem } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered while the server shuts down too (health: readiness says so, liveness stays green). */
    duringShutdown?: boolean;
  }
}

/**
 * Requests that arrive while the server shuts down (a keep-alive connection, or one accepted just
 * before the listener closed) get the product's 503: problem+json with Retry-After and the
 * security headers, and `Connection: close` so the client goes elsewhere. It replaces Fastify's
 * own `return503OnClosing` answer (`{"error":"Service Unavailable"}` without our headers, issue
 * 32), which platform.ts turns off. Registered after the security plugin (whose onRequest hook
 * has set the headers by then) and before sign-in, which would ask the database.
 */
export const closingPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback style, as the other per-request hooks with nothing to await: an async hook costs
    // every request a promise (issue 33 item 1). Having answered, it does not call `done`.
    app.addHook('onRequest', (request, reply, done) => {
      if (!app.lifecycle.shuttingDown || request.routeOptions.config.duringShutdown) {
        done();
        return;
      }
      reply.header('connection', 'close');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      sendProblem(
        reply,
        503,
        'service_unavailable',
        'The service is shutting down. Please try again in a moment.',
      );
    });
  },
  { name: 'closing', dependencies: ['jobs', 'error-handler', 'security'] },
);
