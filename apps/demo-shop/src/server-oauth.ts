import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { authorizePage } from './oauth-page.ts';
import { record, SCOPES, sleep, type ShopState } from './server-state.ts';
import { associatedUser, findUser, SHOP_USERS, type ShopUser } from './users.ts';

/**
 * The demo shop's OAuth: the authorize page and its answer (a code on the redirect, signed with
 * Shopify's HMAC) and the token endpoint's grants (authorization code, token exchange, refresh
 * token, client credentials).
 */

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Shopify's OAuth redirect HMAC: the parameters without hmac/signature, sorted, k=v joined by &. */
export function oauthHmac(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The authorize page and its answer: a code on the redirect, signed with Shopify's HMAC. */
export function registerAuthorize(app: FastifyInstance, state: ShopState) {
  app.get('/admin/oauth/authorize', async (req, reply) => {
    const q = req.query as Record<string, string | string[] | undefined>;
    const one = (k: string) => (typeof q[k] === 'string' ? q[k] : '');
    const grant = q['grant_options[]'];
    const perUser = grant === 'per-user' || (Array.isArray(grant) && grant.includes('per-user'));
    const problem =
      one('client_id') !== state.opts.apiKey
        ? 'This app is not known to the shop (client_id).'
        : !/^https?:\/\/[^\s]+$/.test(one('redirect_uri'))
          ? 'The redirect_uri is missing or not a web address.'
          : !one('state')
            ? 'The state parameter is missing.'
            : null;
    record(state, req, problem ? 400 : 200);
    return reply
      .code(problem ? 400 : 200)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action *")
      .send(
        authorizePage({
          shop: state.opts.shop,
          problem,
          scope: one('scope') || SCOPES,
          clientId: one('client_id'),
          redirectUri: one('redirect_uri'),
          state: one('state'),
          perUser,
          users: SHOP_USERS,
        }),
      );
  });

  app.post('/admin/oauth/authorize', async (req, reply) => {
    const f = (req.body ?? {}) as Record<string, string>;
    if (f.client_id !== state.opts.apiKey || !/^https?:\/\/[^\s]+$/.test(f.redirect_uri ?? '') || !f.state) {
      record(state, req, 400);
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send('<!DOCTYPE html><title>Bad request</title><p>Bad request</p>');
    }
    const target = new URL(f.redirect_uri!);
    if (f.decision !== 'approve') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', f.state);
      record(state, req, 302);
      return reply.redirect(target.toString(), 302);
    }
    const user = SHOP_USERS.find((u) => String(u.id) === f.user) ?? SHOP_USERS[0]!;
    const code = randomBytes(16).toString('hex');
    state.codes.set(code, {
      userId: user.id,
      online: f.per_user === 'true',
      expiresAt: Date.now() + 10 * 60_000,
      scope: f.scope || SCOPES,
    });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`${state.opts.shop}/admin`).toString('base64').replace(/=+$/, ''),
      shop: state.opts.shop,
      state: f.state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    params.hmac = oauthHmac(params, state.opts.apiSecret);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    record(state, req, 302);
    return reply.redirect(target.toString(), 302);
  });
}

/** The token endpoint: authorization code, token exchange, refresh token and client credentials grants. */
export function registerTokenEndpoint(app: FastifyInstance, state: ShopState) {
  const { tokens } = state;
  /**
   * An access token answer: online (per-user) with the user, or offline; offline with
   * `expiring` has expires_in, refresh_token and refresh_token_expires_in (Shopify's fields).
   */
  function tokenAnswer(online: boolean, user: ShopUser | undefined, scope: string, expiring: boolean) {
    const scopes = scope.split(',').filter(Boolean);
    if (!online || !user) return tokens.issueOffline(scopes, expiring);
    const { token: access_token, expiresIn } = tokens.issueOnline(scopes, user.id);
    return {
      access_token,
      scope,
      expires_in: expiresIn,
      associated_user_scope: scope,
      session: randomBytes(16).toString('hex'),
      account_number: 1,
      associated_user: associatedUser(user),
    };
  }

  const oauthError = (
    reply: FastifyReply,
    req: FastifyRequest,
    status: number,
    error: string,
    description: string,
  ) => {
    record(state, req, status, { code: error });
    return reply.code(status).send({ error, error_description: description });
  };

  app.post('/admin/oauth/access_token', async (req, reply) => {
    if (state.faults.delayMs > 0) await sleep(state.faults.delayMs);
    if (state.faults.unavailable > 0) {
      state.faults.unavailable -= 1;
      record(state, req, 503, { code: 'UNAVAILABLE' });
      return reply
        .code(503)
        .type('text/html')
        .send('<!DOCTYPE html><title>Service Unavailable</title><h1>Service Unavailable</h1>');
    }
    const b = (req.body ?? {}) as Record<string, unknown>;
    const str = (k: string) => (typeof b[k] === 'string' ? b[k] : '');
    if (
      !safeEqual(str('client_id'), state.opts.apiKey) ||
      !safeEqual(str('client_secret'), state.opts.apiSecret)
    ) {
      return oauthError(reply, req, 401, 'invalid_client', 'Client credentials are invalid');
    }
    // `expiring=1` (a string in JSON or a form, as Shopify's library sends it) asks for an expiring offline token.
    const expiring = b.expiring === '1' || b.expiring === 1 || b.expiring === true;
    if (
      state.faults.revoked &&
      (str('grant_type') === 'refresh_token' || str('grant_type') === 'client_credentials')
    ) {
      return oauthError(reply, req, 400, 'invalid_grant', 'The app is not installed on this shop');
    }
    if (str('grant_type') === 'refresh_token') {
      const answer = tokens.refresh(str('refresh_token'));
      if (!answer) {
        return oauthError(reply, req, 400, 'invalid_grant', 'The refresh token is invalid, expired or used');
      }
      record(state, req, 200, { code: 'REFRESHED' });
      return answer;
    }
    if (str('grant_type') === 'client_credentials') {
      record(state, req, 200, { code: 'CLIENT_CREDENTIALS' });
      return tokens.issueClientCredentials(SCOPES.split(','));
    }
    if (str('grant_type') === 'urn:ietf:params:oauth:grant-type:token-exchange') {
      if (str('subject_token_type') !== 'urn:ietf:params:oauth:token-type:id_token') {
        return oauthError(reply, req, 400, 'invalid_request', 'subject_token_type must be an id_token');
      }
      let sub: string;
      try {
        const { payload } = await jwtVerify(
          str('subject_token'),
          new TextEncoder().encode(state.opts.apiSecret),
          {
            algorithms: ['HS256'],
            audience: state.opts.apiKey,
            clockTolerance: 10,
          },
        );
        if (payload.dest !== `https://${state.opts.shop}` || typeof payload.sub !== 'string')
          throw new Error('dest');
        sub = payload.sub;
      } catch {
        return oauthError(
          reply,
          req,
          400,
          'invalid_subject_token',
          'The subject token is invalid or expired',
        );
      }
      const user = findUser({ sub });
      if (!user) return oauthError(reply, req, 400, 'invalid_subject_token', 'Unknown user');
      const online =
        str('requested_token_type') !== 'urn:shopify:params:oauth:token-type:offline-access-token';
      record(state, req, 200);
      return tokenAnswer(online, user, SCOPES, expiring);
    }
    const code = str('code');
    const grant = state.codes.get(code);
    state.codes.delete(code); // single use, even when expired
    if (!grant || grant.expiresAt < Date.now()) {
      return oauthError(
        reply,
        req,
        400,
        'invalid_request',
        'The authorization code was not found or was already used',
      );
    }
    record(state, req, 200);
    return tokenAnswer(grant.online, findUser({ sub: String(grant.userId) }), grant.scope, expiring);
  });
}
