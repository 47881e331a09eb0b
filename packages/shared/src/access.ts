import type { ApiScope } from './api-tokens.ts';
import type { Role } from './auth.ts';

/**
 * What a route or screen demands of the caller. `scope` opens the route to partner API tokens
 * holding that scope (docs/decisions/055-api-tokens.md); a route without one is for people only.
 */
export type Access = (
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'roles'; roles: readonly Role[] }
  | { kind: 'globalAdmin' }
) & { readonly scope?: ApiScope };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const GLOBAL_ADMIN: Access = { kind: 'globalAdmin' };
export const roles = (...list: Role[]): Access => ({ kind: 'roles', roles: list });
/** Pricing and Warehouse Locations (spec §6). */
export const STAFF_MANAGERS: Access = roles('Administrator', 'ServiceManager');
/**
 * Running the catalogue sync: the partner's Administrator (and the global administrator). Here, not
 * in products.ts, because the side menu reads it and must not load the products' schemas.
 */
export const PRODUCT_SYNC_ACCESS: Access = roles('Administrator');
/** The same access, also open to API tokens that hold `scope`. */
export const scoped = (access: Access, scope: ApiScope): Access => ({ ...access, scope });

/**
 * May an API token with these scopes call a route with this access? Only a route that names a
 * scope the token holds; never a global administrator's route. The caller's roles are checked
 * as well (`isAllowed`): a token can do no more than the Administrator it acts for.
 */
export function tokenMayCall(scopes: readonly ApiScope[], access: Access): boolean {
  if (access.kind === 'public') return true;
  if (access.kind === 'globalAdmin' || access.scope === undefined) return false;
  return scopes.includes(access.scope);
}

export interface AccessSubject {
  roles: readonly Role[];
  isGlobalAdmin: boolean;
}

/**
 * ServiceManager checks also pass for Administrator (spec §6). A global administrator passes every
 * role check: they run the platform and act for the partner they name (docs/decisions/002).
 */
export function hasRole(subject: AccessSubject, role: Role): boolean {
  if (subject.isGlobalAdmin || subject.roles.includes(role)) return true;
  return role === 'ServiceManager' && subject.roles.includes('Administrator');
}

/** A gated route needs any one of the listed roles. */
export function isAllowed(subject: AccessSubject | null, access: Access): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'authenticated':
      return subject !== null;
    case 'globalAdmin':
      return subject?.isGlobalAdmin === true;
    case 'roles':
      return subject !== null && access.roles.some((r) => hasRole(subject, r));
  }
}

/** A user without a partner who is not a global administrator cannot use the product. */
export function isProperlyConfigured(user: {
  servicePartnerId: string | null;
  isGlobalAdmin: boolean;
}): boolean {
  return user.servicePartnerId !== null || user.isGlobalAdmin;
}
