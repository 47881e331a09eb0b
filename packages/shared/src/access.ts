import type { Role } from './auth.ts';

/** What a route or screen demands of the caller. */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'roles'; roles: readonly Role[] }
  | { kind: 'globalAdmin' };

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
