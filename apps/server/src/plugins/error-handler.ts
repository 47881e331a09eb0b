import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, Problem } from '@service-portal/shared/problem';
import { AppError } from '../errors.ts';

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
): FastifyReply {
  const body: Problem = {
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

/** Turns every error into RFC 9457 problem+json; 5xx details never leave the server. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, error.status, error.code, error.message, error.extra.errors);
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
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large).
        return sendProblem(reply, status, CODE_BY_STATUS[status] ?? 'validation_failed', error.message);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, 500, 'internal_error', 'An unexpected error occurred.');
    });
  },
  { name: 'error-handler' },
);
