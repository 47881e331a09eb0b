/** Query parameters a session token may arrive in (docs/decisions/025-shop-sign-in.md). */
export const SESSION_TOKEN_PARAMS = ['id_token', 'shopifyJwt'] as const;

/**
 * Whether the page may be opened by the shop admin with a session token: one in the URL, or App
 * Bridge's `window.shopify` present. Kept apart from the sign-in component so the entry can ask it
 * without loading React Query or the router (main.tsx).
 */
export function mayCarrySessionToken(search: string): boolean {
  const params = new URLSearchParams(search);
  return SESSION_TOKEN_PARAMS.some((name) => params.has(name)) || 'shopify' in window;
}
