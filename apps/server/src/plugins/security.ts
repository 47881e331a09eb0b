import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for every answer. Mantine writes its CSS variables into <style> tags at run
 * time, hence 'unsafe-inline' for styles only; scripts come from our origin alone.
 */
const helmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // HSTS only makes sense over TLS; set below when the request arrived over https.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

const helmetMiddleware = helmet(helmetOptions);

function transportHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (request.protocol === 'https') {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
  if (request.url.startsWith('/api/') || request.url === '/api') {
    reply.header('cache-control', 'no-store');
  }
}

/**
 * The same headers for answers made outside Fastify's hooks: the router's own errors (an over-long
 * path parameter, a malformed URL escape) go to `frameworkErrors` before any onRequest hook runs.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  helmetMiddleware(request.raw, reply.raw, () => {});
  transportHeaders(request, reply);
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyHelmet, helmetOptions);
    app.addHook('onSend', async (request, reply) => transportHeaders(request, reply));
  },
  { name: 'security' },
);
