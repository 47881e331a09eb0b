import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GLOBAL_ADMIN, PUBLIC } from '@service-portal/shared/access';
import { authTokenResponseSchema } from '@service-portal/shared/auth';
import { problemSchema } from '@service-portal/shared/problem';
import {
  SHOP_REQUIRED_SCOPES,
  shopCallbackQuerySchema,
  shopCallbackResponseSchema,
  shopLoginQuerySchema,
  shopLoginResponseSchema,
  verifyJwtSchema,
} from '@service-portal/shared/shop-auth';
import {
  shopUserLinkCreateSchema,
  shopUserLinkListQuerySchema,
  shopUserLinkListResponseSchema,
  shopUserLinkParamsSchema,
  shopUserLinkSchema,
} from '@service-portal/shared/shop-links';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ShopAuthService } from './shop-auth.service.ts';

const tags = ['auth'];
const notLinked =
  'the shop user is linked to none of our users, and no verified e-mail of an active user links them';

/** Shop sign-in (spec §7 Auth; integrations.md): session token and OAuth redirect; links for administrators. */
export function shopAuthRoutes(service: ShopAuthService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/auth/verify-jwt',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: "Exchange the shop's session token (App Bridge) for a token of ours",
          security: [],
          body: verifyJwtSchema,
          response: {
            200: authTokenResponseSchema,
            400: problemSchema,
            401: problemWith({
              invalid_session_token:
                'not HS256, bad signature, expired or not yet valid, wrong audience, no jti',
              session_token_replayed: 'the jti was used already',
            }),
            403: problemWith({
              shop_not_allowed: 'iss/dest not the same allowlisted shop',
              shop_user_not_linked: notLinked,
            }),
            502: problemWith({ bad_gateway: 'the shop did not answer the token exchange' }),
          },
        },
      },
      async (request) => service.verifySessionToken(request.body.shopifyJwt),
    );

    r.get(
      '/auth/login',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: "Start the shop's OAuth sign-in: the authorize URL and its state (10 minutes, single use)",
          security: [],
          querystring: shopLoginQuerySchema,
          response: { 200: shopLoginResponseSchema, 400: problemSchema },
        },
      },
      async (request) => service.startLogin(request.query.returnUrl),
    );

    r.get(
      '/auth/callback',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: "Complete the shop's OAuth sign-in (the web page at /auth/callback calls this)",
          security: [],
          querystring: shopCallbackQuerySchema,
          response: {
            200: shopCallbackResponseSchema,
            400: problemWith({
              shop_not_allowed: 'the shop is invalid or not allowlisted',
              validation_failed: 'missing parameters',
            }),
            401: problemWith({
              invalid_shop_signature: 'the hmac does not match',
              shop_request_expired: 'timestamp more than 90 s away',
              invalid_shop_code: 'the shop refused the code',
            }),
            403: problemWith({
              invalid_oauth_state: 'state unknown, used, expired or not the expected one',
              shop_scopes_missing: `${SHOP_REQUIRED_SCOPES.join(' or ')} not granted`,
              shop_user_not_linked: notLinked,
            }),
            502: problemWith({ bad_gateway: 'the shop failed the code exchange' }),
          },
        },
      },
      async (request) => service.completeLogin(request.query),
    );

    // --- links (global administrator) -------------------------------------------------------
    const admin = { access: GLOBAL_ADMIN, tenant: 'none' as const };
    const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

    r.get(
      '/admin/shop-user-links',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Shop users linked to our users; search by e-mail, shop or shop user id',
          querystring: shopUserLinkListQuerySchema,
          response: { 200: shopUserLinkListResponseSchema, ...read },
        },
      },
      async (request) => service.listLinks(request.query),
    );

    r.post(
      '/admin/shop-user-links',
      {
        config: { ...admin, idempotent: true },
        schema: {
          tags: ['admin'],
          summary: 'Link a shop user id to one of our users',
          body: shopUserLinkCreateSchema,
          response: {
            201: shopUserLinkSchema,
            ...read,
            409: problemWith({ duplicate: 'the shop user is linked already' }),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createLink(request.body, principalOf(request).id)),
    );

    r.delete(
      '/admin/shop-user-links/:id',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Remove a link: the shop user cannot sign in until linked again',
          params: shopUserLinkParamsSchema,
          response: { 204: z.null(), ...read, 404: problemSchema },
        },
      },
      async (request, reply) => {
        await service.removeLink(request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
