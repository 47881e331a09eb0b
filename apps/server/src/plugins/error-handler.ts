import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, Problem } from '@service-portal/shared/problem';
import { AppError } from '../errors.ts';
import { isMultipartBodyError } from '../lib/multipart.ts';
import { applySecurityHeaders } from './security.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'bad_gateway',
};

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  detail: string,
  errors?: Problem['errors'],
  fields?: Record<string, unknown>,
): FastifyReply {
  const body: Problem = {
    ...fields,
    type: `https://service-portal.dev/problems/${code.replaceAll('_', '-')}`,
    title: TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Error'),
    status,
    detail,
    code,
    instance: reply.request.url.split('?')[0],
    ...(errors ? { errors } : {}),
  };
  return reply.status(status).type('application/problem+json; charset=utf-8').send(body);
}

/** Seconds a client is asked to wait after a 503 before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * What a database failure means for the caller. `unavailable`: the database is gone, restarting,
 * too slow (statement timeout) or the pool had no connection in time; trying again later can
 * work (503). `contention`: a deadlock or serialization failure its retries did not get past
 * (503, Retry-After 1, the database itself is fine). `input`: PostgreSQL refused a value (class 22, "data exception": a character it
 * cannot store, a number out of range) that validation let through (400). Anything else is a bug.
 */
export function classifyDatabaseError(error: unknown): 'unavailable' | 'contention' | 'input' | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Connection refused/reset, admin shutdown, crash, cannot connect now, too many connections,
      // connection exceptions, statement timeout (query_canceled).
      if (
        /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code)
      )
        return 'unavailable';
      if (/^(57P0[1-3]|57014|53300|08\w{3})$/.test(code)) return 'unavailable';
      // A deadlock or serialization failure that its retries did not get past: not now (issue 32).
      if (code === '40P01' || code === '40001') return 'contention';
      // 55000 with these words: a database being switched over or started ("the database system
      // is not currently accepting connections", "… is in recovery mode").
      if (code === '55000' && /not currently accepting connections|recovery mode/i.test(e.message))
        return 'unavailable';
      if (/^22\w{3}$/.test(code)) return 'input';
    }
    // node-postgres says these in words only.
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable|Query read timeout/i.test(
        e.message,
      )
    )
      return 'unavailable';
  }
  return undefined;
}

/** A failed query for the log: the database's own message and code, never the bound values. */
function databaseCause(error: unknown): Record<string, unknown> {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const query = (error as { query?: unknown }).query;
  return {
    dbError:
      cause instanceof Error ? { message: cause.message, code: (cause as { code?: unknown }).code } : cause,
    ...(typeof query === 'string' ? { query } : {}),
  };
}

/**
 * Fastify's router answers an over-long path parameter (414) or a malformed escape (400) itself,
 * before any hook: as plain JSON without our headers. `frameworkErrors` sends them here instead.
 * An over-long id names nothing that exists, so it is a 404 like any unknown id.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  applySecurityHeaders(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendProblem(reply, 404, 'not_found', 'Resource not found.');
    return;
  }
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  void sendProblem(
    reply,
    status,
    CODE_BY_STATUS[status] ?? 'validation_failed',
    'The request URL is not valid.',
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** When requests last failed for want of the database (503): health reports degraded a while. */
    databaseTrouble: { note(): void; recent(): boolean };
  }
}

/** How long after a request failed for want of the database health still says degraded. */
export const DATABASE_TROUBLE_WINDOW_MS = 5_000;

/** Turns every error into RFC 9457 problem+json; 5xx details never leave the server. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    let troubleAt = Number.NEGATIVE_INFINITY;
    app.decorate('databaseTrouble', {
      note: () => {
        troubleAt = performance.now();
      },
      recent: () => performance.now() - troubleAt < DATABASE_TROUBLE_WINDOW_MS,
    });
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(
          reply,
          error.status,
          error.code,
          error.message,
          error.extra.errors,
          error.extra.fields,
        );
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message ?? 'Invalid value',
        }));
        return sendProblem(reply, 400, 'validation_failed', 'The request is not valid.', errors);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return sendProblem(reply, 500, 'internal_error', 'An unexpected error occurred.');
      }
      if (isMultipartBodyError(error)) {
        return sendProblem(reply, 400, 'invalid_multipart', 'The multipart body is malformed.');
      }
      const dbFailure = classifyDatabaseError(error);
      if (dbFailure === 'unavailable') {
        request.log.warn(databaseCause(error), 'database unavailable');
        app.databaseTrouble.note();
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return sendProblem(
          reply,
          503,
          'service_unavailable',
          'The service is temporarily unavailable. Please try again in a moment.',
        );
      }
      if (dbFailure === 'contention') {
        // Parallel writers in each other's way: the database is fine, the same request later is too.
        request.log.warn(databaseCause(error), 'database contention past retries');
        reply.header('retry-after', '1');
        return sendProblem(
          reply,
          503,
          'service_unavailable',
          'The service is busy. Please try again in a moment.',
        );
      }
      if (dbFailure === 'input') {
        request.log.warn(databaseCause(error), 'database refused a value');
        return sendProblem(reply, 400, 'validation_failed', 'The request is not valid.');
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large).
        return sendProblem(reply, status, CODE_BY_STATUS[status] ?? 'validation_failed', error.message);
      }
      if (error instanceof Error && error.cause instanceof Error && 'query' in error) {
        request.log.error(databaseCause(error), 'query failed');
      } else {
        request.log.error({ err: error }, 'unhandled error');
      }
      return sendProblem(reply, 500, 'internal_error', 'An unexpected error occurred.');
    });
  },
  { name: 'error-handler' },
);
