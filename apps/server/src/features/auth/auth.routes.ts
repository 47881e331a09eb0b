import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, PUBLIC } from '@service-portal/shared/access';
import {
  authTokenResponseSchema,
  otpRequestResponseSchema,
  otpRequestSchema,
  otpVerifySchema,
  userSchema,
} from '@service-portal/shared/auth';
import { problemSchema } from '@service-portal/shared/problem';
import { principalOf } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

const problems = { 400: problemSchema, 401: problemSchema, 429: problemSchema };

export function authRoutes(service: AuthService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/auth/otp/request',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          summary: 'Send a one-time sign-in code by e-mail',
          security: [],
          body: otpRequestSchema,
          response: { 200: otpRequestResponseSchema, ...problems },
        },
      },
      async (request) => service.requestCode(request.body.email, request.ip),
    );

    r.post(
      '/auth/otp/verify',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          summary: 'Exchange a one-time code for a token',
          security: [],
          body: otpVerifySchema,
          response: { 200: authTokenResponseSchema, ...problems },
        },
      },
      async (request) => service.verifyCode(request.body.email, request.body.otpCode, request.ip),
    );

    r.post(
      '/auth/logout',
      {
        config: { access: AUTHENTICATED, tenant: 'none' },
        schema: {
          tags: ['auth'],
          summary: 'Revoke the current token',
          response: { 204: z.null(), 401: problemSchema },
        },
      },
      async (request, reply) => {
        // Only a session signs out; an API token is revoked in the token list (and never gets here).
        const { sessionId } = principalOf(request);
        if (sessionId) await service.logout(sessionId);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/user/profile',
      {
        config: { access: AUTHENTICATED, tenant: 'none' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: userSchema, 401: problemSchema },
        },
      },
      async (request) => {
        const { sessionId: _sessionId, apiToken: _apiToken, ...user } = principalOf(request);
        return user;
      },
    );
  };
}
