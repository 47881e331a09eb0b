import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { acceptableRequestId, runWithRequestContext } from '../lib/request-context.ts';

/** Never log a query string (codes, tokens, states travel there) or an Authorization header. */
function requestSerializer(req: {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}) {
  return { method: req.method, url: req.url.split('?')[0], route: req.routeOptions?.url, ip: req.ip };
}

export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        '*.otpCode',
        '*.token',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: { req: requestSerializer },
  };
}

/**
 * X-Request-Id from a proxy is kept (when plain and short), otherwise one is made; either way it is
 * in every log line of the request, in the answer, and on the jobs the request queues.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
    const given = req.headers['x-request-id'];
    return acceptableRequestId(given) ? given : randomUUID();
  },
};

/** The request id in the answer and the request's context, and one log line per request. */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header('x-request-id', request.id);
      runWithRequestContext({ requestId: request.id }, done);
    });
    // One log line per request, after the answer, without query strings (Fastify's own two are off).
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
