import { createHash, randomBytes } from 'node:crypto';
import type { AuthTokenResponse } from '@service-portal/shared/auth';
import {
  SHOP_AUTH_LIMITS,
  SHOP_REQUIRED_SCOPES,
  type ShopCallbackQuery,
  type ShopCallbackResponse,
  type ShopLoginResponse,
} from '@service-portal/shared/shop-auth';
import type {
  ShopUserLink,
  ShopUserLinkCreate,
  ShopUserLinkListQuery,
} from '@service-portal/shared/shop-links';
import { AppError, notFound } from '../../errors.ts';
import { safeEqual } from '../../lib/secrets.ts';
import {
  checkSessionToken,
  isAllowedShop,
  isFreshTimestamp,
  isValidOauthHmac,
  missingScopes,
} from './shop-auth.checks.ts';
import type { ShopAuthRepository } from './shop-auth.repository.ts';

/** The shop's user behind an access token (integrations.md: trusted only when `email_verified`). */
export interface ShopAssociatedUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface ShopAccessGrant {
  scope: string;
  associatedUser: ShopAssociatedUser | null;
}

/**
 * The shop's access-token endpoint (code exchange and token exchange), as the shop client offers
 * it. A failure throws; an error with `kind` 'unavailable', 'timeout' or 'throttled' is the shop
 * being down (→ 502), anything else a refusal.
 */
export interface ShopTokenEndpoint {
  exchangeCode(code: string): Promise<ShopAccessGrant>;
  exchangeSessionToken(sessionToken: string): Promise<ShopAccessGrant>;
}

/** What the auth feature offers: a session made as a code sign-in makes one. */
export interface SessionStarter {
  startSession(userId: string, method: 'shopify'): Promise<AuthTokenResponse | null>;
  signInUserIdByEmail(email: string): Promise<string | null>;
}

export interface ShopAuthSettings {
  /** Where the browser finds the shop (`https://{shop}`, or the demo shop on loopback). */
  apiBase: string;
  apiKey: string;
  apiSecret: string;
  previousApiSecret: string | null;
  allowlist: string[];
  /** Our web app's origin: the authorize redirect comes back to `${publicUrl}/auth/callback`. */
  publicUrl: string;
}

export interface ShopAuthDeps {
  repo: ShopAuthRepository;
  shop: ShopTokenEndpoint;
  sessions: SessionStarter;
  settings: ShopAuthSettings;
  /**
   * A session token passed checks 1–5 (signature, time, audience, shop): the app may exchange it
   * for its own offline token (issue 24: the install of an embedded app). Never throws: the
   * caller logs its own failures, which must not stop a sign-in.
   */
  onVerifiedSessionToken?: (token: string) => Promise<void>;
  now?: () => Date;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const notLinked = () =>
  new AppError(
    'shop_user_not_linked',
    403,
    'Your shop account is not linked to a user of this portal. Ask your administrator to link it.',
  );

const SHOP_DOWN_KINDS = new Set(['unavailable', 'timeout', 'throttled']);
function isShopDown(err: unknown): boolean {
  const kind = (err as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string' && SHOP_DOWN_KINDS.has(kind)) return true;
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 500;
}

export function createShopAuthService(deps: ShopAuthDeps) {
  const { repo, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = [settings.apiSecret, settings.previousApiSecret ?? ''].filter((s) => s.length > 0);

  /** A shop call for sign-in; the shop failing is 502, the shop refusing is `refused`. */
  async function callShop<T>(call: () => Promise<T>, refused: () => AppError): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isShopDown(err)) {
        throw new AppError('bad_gateway', 502, 'The shop did not answer. Please try again later.');
      }
      throw refused();
    }
  }

  /**
   * The user of ours a shop user signs in as: the linked one, else (when `learn` can tell us the
   * shop's verified e-mail) the active user with that e-mail, to be linked. Nobody else.
   */
  async function resolveUser(
    shop: string,
    shopUserId: string,
    learn: () => Promise<ShopAssociatedUser | null>,
  ): Promise<{ userId: string; newLink: boolean }> {
    const linked = await repo.linkedUserId(shop, shopUserId);
    if (linked) return { userId: linked, newLink: false };
    const associated = await learn();
    if (!associated || associated.id !== shopUserId || !associated.emailVerified || !associated.email) {
      throw notLinked();
    }
    const userId = await deps.sessions.signInUserIdByEmail(associated.email);
    if (!userId) throw notLinked();
    return { userId, newLink: true };
  }

  async function signIn(shop: string, shopUserId: string, resolved: { userId: string; newLink: boolean }) {
    let userId = resolved.userId;
    if (resolved.newLink) {
      const link = await repo.link({
        shop,
        shopUserId,
        userId,
        method: 'verified_email',
        createdBy: null,
        now: now(),
      });
      userId = link.userId;
    }
    const session = await deps.sessions.startSession(userId, 'shopify');
    // A linked user who was deactivated since: refused like an unknown one, nothing more said.
    if (!session) throw notLinked();
    return session;
  }

  return {
    /** POST /auth/verify-jwt: the seven checks of integrations.md in order, then a session of ours. */
    async verifySessionToken(token: string): Promise<AuthTokenResponse> {
      const t = now();
      // 1–5: form and alg, signature, time, audience, issuer/destination.
      const checked = checkSessionToken(token, {
        secrets,
        apiKey: settings.apiKey,
        allowlist: settings.allowlist,
        now: t,
      });
      if (!checked.ok) throw new AppError(checked.code, checked.status, checked.message);
      const { claims } = checked;
      if (deps.onVerifiedSessionToken) {
        // The shop vouched for this token: the app's install needs nothing more (not even a link).
        await deps.onVerifiedSessionToken(token);
      }

      // 6. The shop user is one of ours (linked, or linked now by a verified e-mail).
      if (claims.sub === null) throw notLinked();
      const resolved = await resolveUser(claims.shop, claims.sub, async () => {
        const grant = await callShop(
          () => deps.shop.exchangeSessionToken(token),
          () => new AppError('invalid_session_token', 401, 'The shop refused the session token.'),
        );
        return grant.associatedUser;
      });

      // 7. Each token signs in once: its jti is kept until exp + 10 s, in the database (every instance sees it).
      if (claims.jti === null)
        throw new AppError('invalid_session_token', 401, 'Invalid session token: no jti.');
      const keepUntil = new Date(claims.exp * 1000 + SHOP_AUTH_LIMITS.sessionTokenLeewayMs);
      if (!(await repo.useJti(claims.jti, keepUntil))) {
        throw new AppError('session_token_replayed', 401, 'This session token was used already.');
      }

      return signIn(claims.shop, claims.sub, resolved);
    },

    /** GET /auth/login: a fresh state (kept hashed, 10 minutes, single use) and the shop's authorize URL. */
    async startLogin(returnUrl: string): Promise<ShopLoginResponse> {
      const t = now();
      const state = randomBytes(SHOP_AUTH_LIMITS.stateBytes).toString('base64url');
      await repo.saveState(sha256(state), returnUrl, new Date(t.getTime() + SHOP_AUTH_LIMITS.stateTtlMs), t);
      const url = new URL('/admin/oauth/authorize', settings.apiBase);
      url.searchParams.set('client_id', settings.apiKey);
      url.searchParams.set('scope', SHOP_REQUIRED_SCOPES.join(','));
      url.searchParams.set('redirect_uri', `${settings.publicUrl}/auth/callback`);
      url.searchParams.set('state', state);
      url.searchParams.append('grant_options[]', 'per-user');
      return { authorizationUrl: url.toString(), state };
    },

    /** GET /auth/callback: the six steps of integrations.md in order, then a session of ours. */
    async completeLogin(params: ShopCallbackQuery): Promise<ShopCallbackResponse> {
      const t = now();
      // 1. The shop's HMAC over what it sent.
      if (!isValidOauthHmac(params, secrets)) {
        throw new AppError('invalid_shop_signature', 401, 'The sign-in answer is not signed by the shop.');
      }
      // 2. Sent within the last (or next) 90 seconds.
      if (!isFreshTimestamp(params.timestamp, t)) {
        throw new AppError(
          'shop_request_expired',
          401,
          'The sign-in answer is too old. Please sign in again.',
        );
      }
      // 3. A valid shop on the allowlist.
      const shop = (params.shop ?? '').toLowerCase();
      if (!isAllowedShop(shop, settings.allowlist)) {
        throw new AppError('shop_not_allowed', 400, 'The shop is not allowed to sign in here.');
      }
      // 4. The state is the browser's and one we issued, unused and unexpired (used up now).
      const badState = () =>
        new AppError(
          'invalid_oauth_state',
          403,
          'The sign-in link is not valid any more. Please sign in again.',
        );
      if (!safeEqual(params.state, params.expected_state)) throw badState();
      const returnUrl = await repo.consumeState(sha256(params.state), t);
      if (returnUrl === null) throw badState();
      // 5. The code, exchanged once (the state above is single use, so this runs once per sign-in).
      const grant = await callShop(
        () => deps.shop.exchangeCode(params.code),
        () => new AppError('invalid_shop_code', 401, 'The shop refused the sign-in. Please sign in again.'),
      );
      // 6. Every scope we need granted.
      const missing = missingScopes(grant.scope, SHOP_REQUIRED_SCOPES);
      if (missing.length > 0) {
        throw new AppError('shop_scopes_missing', 403, `The shop did not grant: ${missing.join(', ')}.`);
      }
      const shopUser = grant.associatedUser;
      if (!shopUser) throw notLinked();
      const resolved = await resolveUser(shop, shopUser.id, async () => shopUser);
      const session = await signIn(shop, shopUser.id, resolved);
      return { ...session, returnUrl };
    },

    /** Used ids and states past their life; hourly on the job runner. */
    async prune(): Promise<void> {
      await repo.prune(now());
    },

    // --- links (global administrator) --------------------------------------------------------

    async listLinks(query: ShopUserLinkListQuery) {
      const { items, total } = await repo.listLinks(query);
      return { items: items.map(toLink), total, page: query.page, pageSize: query.pageSize };
    },

    async createLink(input: ShopUserLinkCreate & { shop: string; shopUserId: string }, adminId: string) {
      if (!(await repo.userExists(input.userId))) {
        throw new AppError('validation_failed', 400, 'User not found.', {
          errors: [{ path: 'userId', message: 'User not found' }],
        });
      }
      if (await repo.findLink(input.shop, input.shopUserId)) {
        throw new AppError('duplicate', 409, 'This shop user is linked already. Remove that link first.');
      }
      const link = await repo.link({
        shop: input.shop,
        shopUserId: input.shopUserId,
        userId: input.userId,
        method: 'admin',
        createdBy: adminId,
        now: now(),
      });
      if (!link.created) {
        throw new AppError('duplicate', 409, 'This shop user is linked already. Remove that link first.');
      }
      const row = await repo.getLink(link.id);
      if (!row) throw notFound('Link');
      return toLink(row);
    },

    async removeLink(id: string): Promise<void> {
      if (!(await repo.deleteLink(id))) throw notFound('Link');
    },
  };
}

type LinkRow = NonNullable<Awaited<ReturnType<ShopAuthRepository['getLink']>>>;
function toLink(row: LinkRow): ShopUserLink {
  return {
    id: row.id,
    shop: row.shop,
    shopUserId: row.shopUserId,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: `${row.userFirstName} ${row.userLastName}`.trim(),
    method: row.method,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ShopAuthService = ReturnType<typeof createShopAuthService>;
