import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';

// The demo shop's tokens as Shopify hands them out (issue 24): expiring offline tokens with
// refresh tokens (expiring=1), the refresh grant rotating both, client credentials, a static
// token, a refused token's 401, and the control routes that expire and revoke them.

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop({ products: 3 });
});
afterAll(async () => t.close());

const creds = () => ({
  client_id: t.configOverrides.shop.apiKey,
  client_secret: t.configOverrides.shop.apiSecret,
});
const tokenEndpoint = async (body: Record<string, unknown>) => {
  const res = await fetch(`${t.shop.url}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...creds(), ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const admin = async (token: string) => {
  const res = await fetch(`${t.shop.url}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query: '{ products(first: 1) { nodes { id } } }' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const offlineByExchange = async (expiring: '0' | '1') =>
  tokenEndpoint({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: await t.shop.control.mintSessionToken(),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    expiring,
  });
const control = (path: string, method = 'POST', body?: unknown) =>
  fetch(`${t.shop.url}/_control${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

describe('demo shop tokens', () => {
  it('token exchange with expiring=1: an hour-long offline token with a 90-day refresh token', async () => {
    const { status, body } = await offlineByExchange('1');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      scope: 'read_products,write_draft_orders,read_draft_orders',
      expires_in: 3600,
      refresh_token_expires_in: 90 * 24 * 3600,
    });
    expect(body.access_token).toMatch(/^shpat_/);
    expect(body.refresh_token).toMatch(/^shprt_/);
    expect(body).not.toHaveProperty('associated_user');
    expect((await admin(body.access_token as string)).status).toBe(200);
    const looked = t.shop.control.lookupToken(body.access_token as string);
    expect(looked?.scopes).toEqual(['read_products', 'write_draft_orders', 'read_draft_orders']);
    expect(looked!.expiresAt! - Date.now()).toBeGreaterThan(3590_000);
    // Without expiring=1: the old kind, no expiry and no refresh token.
    const old = await offlineByExchange('0');
    expect(old.body).not.toHaveProperty('refresh_token');
    expect(old.body).not.toHaveProperty('expires_in');
    expect(t.shop.control.lookupToken(old.body.access_token as string)?.expiresAt).toBeNull();
  });

  it('the refresh grant rotates: new access and refresh tokens; the spent refresh token is refused', async () => {
    const first = (await offlineByExchange('1')).body;
    const grants = t.shop.control.refreshGrants();
    const refreshed = await tokenEndpoint({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 90 * 24 * 3600 });
    expect(refreshed.body.access_token).not.toBe(first.access_token);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(t.shop.control.refreshGrants()).toBe(grants + 1);
    const again = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
    const wrongSecret = await tokenEndpoint({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
      client_secret: 'shpss_wrong',
    });
    expect(wrongSecret.status).toBe(401);
  });

  it('client credentials: a 24-hour token without refresh token', async () => {
    const { status, body } = await tokenEndpoint({ grant_type: 'client_credentials' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      expires_in: 86_399,
      scope: 'read_products,write_draft_orders,read_draft_orders',
    });
    expect(body).not.toHaveProperty('refresh_token');
    expect((await admin(body.access_token as string)).status).toBe(200);
  });

  it('expired tokens answer 401 as Shopify does; refresh tokens still work; revoke forgets everything but the grants', async () => {
    const exchanged = (await offlineByExchange('1')).body;
    const staticToken = t.configOverrides.shop.adminToken!;
    expect((await admin(staticToken)).status).toBe(200);
    const expired = await control('/tokens/expire');
    expect(((await expired.json()) as { expired: number }).expired).toBeGreaterThan(0);
    for (const token of [staticToken, exchanged.access_token as string]) {
      const res = await admin(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    const refreshed = await tokenEndpoint({
      grant_type: 'refresh_token',
      refresh_token: exchanged.refresh_token,
    });
    expect((await admin(refreshed.body.access_token as string)).status).toBe(200);

    await control('/tokens/revoke');
    expect((await admin(refreshed.body.access_token as string)).status).toBe(401);
    const spent = await tokenEndpoint({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
    });
    expect(spent.status).toBe(400);
    // A new install (or client credentials) works again.
    const fresh = (await offlineByExchange('1')).body;
    expect((await admin(fresh.access_token as string)).status).toBe(200);
  });

  it('the offline token life is set by control (and refused when not a whole number of seconds)', async () => {
    expect((await control('/tokens/life', 'PUT', { offlineTokenSeconds: 0 })).status).toBe(400);
    expect((await control('/tokens/life', 'PUT', { offlineTokenSeconds: 'soon' })).status).toBe(400);
    expect((await control('/tokens/life', 'PUT', { offlineTokenSeconds: 120 })).status).toBe(200);
    expect((await offlineByExchange('1')).body).toMatchObject({ expires_in: 120 });
    await control('/tokens/life', 'PUT', { offlineTokenSeconds: 3600 });
    const listed = (await (await control('/tokens', 'GET')).json()) as {
      tokens: { token: string; kind: string }[];
      refreshGrants: number;
    };
    // Listed for tests, never whole.
    expect(listed.tokens.every((x) => x.token.endsWith('…') && x.token.length <= 11)).toBe(true);
    expect(listed.refreshGrants).toBeGreaterThan(0);
  });
});
