import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for every answer. Mantine writes its CSS variables into <style> tags at run
 * time, hence 'unsafe-inline' for styles only; scripts come from our origin alone.
 * 'wasm-unsafe-eval' lets the camera scan compile its barcode decoder, a .wasm file served from
 * our own origin (decision 066); it allows WebAssembly only, not eval.
 */
const helmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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

/** The helmet options with more image origins allowed (the shop's product pictures). */
function withImageOrigins(origins: readonly string[]) {
  if (origins.length === 0) return helmetOptions;
  const { directives } = helmetOptions.contentSecurityPolicy;
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      ...helmetOptions.contentSecurityPolicy,
      directives: { ...directives, imgSrc: [...directives.imgSrc, ...origins] },
    },
  };
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { imageOrigins?: readonly string[] }) => {
    // Product pictures load straight from the shop (docs/decisions/024-catalogue-sync.md).
    // Helmet's middleware is built once: @fastify/helmet builds it on every request (its CSP
    // directives parsed each time, issue 33 item 1); the headers it sets are the same.
    const middleware = helmet(withImageOrigins(opts.imageOrigins ?? []));
    app.addHook('onRequest', (request, reply, done) => {
      middleware(request.raw, reply.raw, () => undefined);
      done();
    });
    app.addHook('onSend', async (request, reply) => transportHeaders(request, reply));
  },
  { name: 'security' },
);
