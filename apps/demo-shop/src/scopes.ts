/**
 * The one question the Admin API executor asks about a token: which scopes does it carry?
 * `null`: unknown token (401); `'expired'`: known but expired (401). The demo shop's token store
 * answers it (server.ts); keep it the only way the executor learns about tokens.
 */
export type ScopesOf = (token: string) => { scopes: string[] } | 'expired' | null;

/** A token as the demo shop keeps it. */
export interface ScopedToken {
  /** Comma-separated, as the token endpoint answers it (`read_products,write_draft_orders`). */
  scope: string;
  /** Epoch ms; null: never expires. */
  expiresAt: number | null;
}

export function splitScopes(scope: string): string[] {
  return scope
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `ScopesOf` over a token map (the demo shop's issued tokens). */
export function scopesOfTokens(
  tokens: ReadonlyMap<string, ScopedToken>,
  now: () => number = Date.now,
): ScopesOf {
  return (token) => {
    const known = tokens.get(token);
    if (!known) return null;
    if (known.expiresAt !== null && known.expiresAt < now()) return 'expired';
    return { scopes: splitScopes(known.scope) };
  };
}
