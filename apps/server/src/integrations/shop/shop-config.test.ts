import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const SECRET = { APP_SECRET: 'a'.repeat(40) };

describe('config.shop', () => {
  it('without SHOPIFY_API_BASE: the demo shop, credentials derived from APP_SECRET (stable, distinct), tokens by client credentials', () => {
    const a = loadConfig(SECRET).shop;
    expect(a).toMatchObject({
      shop: 'nordic-sanitary-demo.myshopify.com',
      apiBase: null,
      apiVersion: '2026-10',
      allowlist: ['nordic-sanitary-demo.myshopify.com'],
      timeoutMs: 10_000,
      previousApiSecret: undefined,
      demo: true,
      tokenSource: 'client_credentials',
      adminToken: null,
      tokenRefreshMarginMs: 300_000,
    });
    expect(a.apiSecret).toMatch(/^shpss_[0-9a-f]{32}$/);
    expect(a.apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(loadConfig(SECRET).shop).toEqual(a);
    expect(loadConfig({ APP_SECRET: 'b'.repeat(40) }).shop.apiSecret).not.toBe(a.apiSecret);
    // A static token still works against the demo shop when one is set.
    expect(loadConfig({ ...SECRET, SHOPIFY_ADMIN_TOKEN: 'shpat_fixed_token' }).shop).toMatchObject({
      tokenSource: 'static',
      adminToken: 'shpat_fixed_token',
    });
  });

  it('a real shop takes every setting from the environment', () => {
    const shop = loadConfig({
      ...SECRET,
      SHOPIFY_SHOP: 'Maker.myshopify.com',
      SHOPIFY_API_BASE: 'https://maker.myshopify.com/',
      SHOPIFY_API_VERSION: '2026-07',
      SHOPIFY_ADMIN_TOKEN: 'shpat_realtoken',
      SHOPIFY_API_KEY: 'client-id-123',
      SHOPIFY_API_SECRET: 'shpss_realsecret',
      SHOPIFY_API_SECRET_PREVIOUS: 'shpss_oldsecret',
      SHOPIFY_SHOP_ALLOWLIST: 'maker.myshopify.com, Maker-Outlet.myshopify.com',
      SHOPIFY_TIMEOUT_MS: '2500',
    }).shop;
    expect(shop).toEqual({
      shop: 'maker.myshopify.com',
      apiBase: 'https://maker.myshopify.com',
      apiVersion: '2026-07',
      tokenSource: 'static',
      adminToken: 'shpat_realtoken',
      tokenRefreshMarginMs: 300_000,
      demo: false,
      apiKey: 'client-id-123',
      apiSecret: 'shpss_realsecret',
      previousApiSecret: 'shpss_oldsecret',
      allowlist: ['maker.myshopify.com', 'maker-outlet.myshopify.com'],
      timeoutMs: 2500,
    });
  });

  it('a real shop without a static token gets it at install (or by client credentials when asked)', () => {
    const real = {
      ...SECRET,
      SHOPIFY_SHOP: 'maker.myshopify.com',
      SHOPIFY_API_BASE: 'https://maker.myshopify.com',
      SHOPIFY_API_KEY: 'client-id-123',
      SHOPIFY_API_SECRET: 'shpss_realsecret',
    };
    expect(loadConfig(real).shop).toMatchObject({ tokenSource: 'installed', adminToken: null, demo: false });
    expect(
      loadConfig({
        ...real,
        SHOPIFY_TOKEN_SOURCE: 'client_credentials',
        SHOPIFY_TOKEN_REFRESH_MARGIN_SECONDS: '60',
      }).shop,
    ).toMatchObject({ tokenSource: 'client_credentials', adminToken: null, tokenRefreshMarginMs: 60_000 });
    expect(() => loadConfig({ ...real, SHOPIFY_TOKEN_SOURCE: 'static' })).toThrow(
      /SHOPIFY_ADMIN_TOKEN must be set when SHOPIFY_TOKEN_SOURCE is static/,
    );
    expect(() =>
      loadConfig({ ...real, SHOPIFY_TOKEN_SOURCE: 'installed', SHOPIFY_ADMIN_TOKEN: 'shpat_realtoken' }),
    ).toThrow(/SHOPIFY_ADMIN_TOKEN is a static token/);
    expect(() => loadConfig({ ...real, SHOPIFY_TOKEN_SOURCE: 'forever' })).toThrow(/SHOPIFY_TOKEN_SOURCE/);
  });

  it('refuses a real shop without its credentials, and malformed values', () => {
    expect(() => loadConfig({ ...SECRET, SHOPIFY_API_BASE: 'https://maker.myshopify.com' })).toThrow(
      /SHOPIFY_API_KEY and SHOPIFY_API_SECRET must be set/,
    );
    expect(() => loadConfig({ ...SECRET, SHOPIFY_API_BASE: 'https://maker.myshopify.com' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...SECRET, SHOPIFY_SHOP: 'evil.com' })).toThrow(/SHOPIFY_SHOP/);
    expect(() => loadConfig({ ...SECRET, SHOPIFY_SHOP: 'a.myshopify.com.evil.com' })).toThrow(/SHOPIFY_SHOP/);
    expect(() => loadConfig({ ...SECRET, SHOPIFY_API_VERSION: '2026-05' })).toThrow(/SHOPIFY_API_VERSION/);
    expect(() => loadConfig({ ...SECRET, SHOPIFY_SHOP_ALLOWLIST: 'a.myshopify.com,evil.com' })).toThrow(
      /SHOPIFY_SHOP_ALLOWLIST/,
    );
    expect(() => loadConfig({ ...SECRET, SHOPIFY_TIMEOUT_MS: '5' })).toThrow(/SHOPIFY_TIMEOUT_MS/);
  });
});
