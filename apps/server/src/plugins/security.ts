import type { IncomingMessage, ServerResponse } from 'node:http';
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

/**
 * The headers helmet sets for these options, found once by running its middleware against a
 * recording response: no directive is a function, so they are the same for every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { imageOrigins?: readonly string[] }) => {
    // Product pictures load straight from the shop (docs/decisions/024-catalogue-sync.md).
    // Helmet's headers are worked out once and handed to each reply as one object (running its
    // middleware per request was a tenth of the order list's own cost, issue 33 item 1). They are
    // set first thing, so a route's own header of the same name wins: an image's sandboxing CSP,
    // a logo's or a file's cache-control (until this was an onSend hook, `no-store` overwrote them).
    const headers = helmetHeaders(withImageOrigins(opts.imageOrigins ?? []));
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      transportHeaders(request, reply);
      done();
    });
  },
  { name: 'security' },
);
