/**
 * The one question the Admin API executor asks about a token: which scopes does it carry?
 * `null`: unknown token (401); `'expired'`: known but expired (401). The demo shop's token store
 * answers it (server.ts); keep it the only way the executor learns about tokens.
 */
export type ScopesOf = (token: string) => { scopes: string[] } | 'expired' | null;

export function splitScopes(scope: string): string[] {
  return scope
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
