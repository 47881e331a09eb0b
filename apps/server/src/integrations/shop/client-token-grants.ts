import { isObject, toAccessToken } from './client-answers.ts';
import type { ShopClientOptions, Transport } from './client-transport.ts';
import { ShopError } from './errors.ts';
import type { ShopAccessToken } from './types.ts';

/**
 * The shop client's OAuth token endpoint grants (authorization code, token exchange, refresh
 * token, client credentials): each a POST with the app's client id and secret.
 */
export interface ShopTokenGrants {
  /** OAuth: the authorization code → an access token (online for per-user grants). */
  exchangeCode(code: string): Promise<ShopAccessToken>;
  /**
   * Token exchange: an App Bridge session token → an online access token (with the user), or with
   * `online: false` an offline one (`expiring`: the expiring kind, with a refresh token).
   */
  exchangeSessionToken(
    sessionToken: string,
    opts?: { online?: boolean; expiring?: boolean },
  ): Promise<ShopAccessToken>;
  /** grant_type=refresh_token: a new offline token and refresh token (the old refresh token is spent). */
  refreshAccessToken(refreshToken: string): Promise<ShopAccessToken>;
  /** grant_type=client_credentials: a 24-hour offline token for the organisation's own store. */
  clientCredentialsToken(): Promise<ShopAccessToken>;
}

export function createTokenGrants(opts: ShopClientOptions, transport: Transport): ShopTokenGrants {
  const { base, send } = transport;
  async function tokenRequest(body: Record<string, string>, what: string): Promise<ShopAccessToken> {
    if (!opts.apiKey || !opts.apiSecret)
      throw new Error('createShopClient: apiKey and apiSecret are needed for the token endpoint');
    const { status, body: answer } = await send(
      `${base}/admin/oauth/access_token`,
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: opts.apiKey, client_secret: opts.apiSecret, ...body }),
      },
      what,
    );
    if (status >= 400) {
      const code = isObject(answer) && typeof answer.error === 'string' ? answer.error : undefined;
      throw new ShopError('bad_response', `the shop refused ${what}${code ? `: ${code}` : ''}`, {
        status,
        ...(code ? { code } : {}),
      });
    }
    return toAccessToken(answer);
  }

  return {
    exchangeCode: (code) => tokenRequest({ code }, 'the authorization code'),
    exchangeSessionToken: (sessionToken, o = {}) =>
      tokenRequest(
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: sessionToken,
          subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
          requested_token_type:
            o.online === false
              ? 'urn:shopify:params:oauth:token-type:offline-access-token'
              : 'urn:shopify:params:oauth:token-type:online-access-token',
          // As @shopify/shopify-api sends it: '1' asks for an expiring offline token.
          ...(o.online === false ? { expiring: o.expiring === false ? '0' : '1' } : {}),
        },
        'the session token exchange',
      ),
    refreshAccessToken: (refreshToken) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'the token refresh'),
    clientCredentialsToken: () =>
      tokenRequest({ grant_type: 'client_credentials' }, 'the client-credentials grant'),
  };
}
