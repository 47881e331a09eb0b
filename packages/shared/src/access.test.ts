import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATED,
  GLOBAL_ADMIN,
  hasRole,
  isAllowed,
  isProperlyConfigured,
  PUBLIC,
  STAFF_MANAGERS,
} from './access.ts';

const admin = { roles: ['Administrator'] as const, isGlobalAdmin: false };
const manager = { roles: ['ServiceManager'] as const, isGlobalAdmin: false };
const tech = { roles: [] as const, isGlobalAdmin: false };
const global = { roles: [] as const, isGlobalAdmin: true };

describe('hasRole', () => {
  it('lets an Administrator pass a ServiceManager check, not the other way round', () => {
    expect(hasRole(admin, 'ServiceManager')).toBe(true);
    expect(hasRole(manager, 'Administrator')).toBe(false);
    expect(hasRole(tech, 'ServiceManager')).toBe(false);
  });
});

describe('isAllowed', () => {
  it('applies each access kind', () => {
    expect(isAllowed(null, PUBLIC)).toBe(true);
    expect(isAllowed(null, AUTHENTICATED)).toBe(false);
    expect(isAllowed(tech, AUTHENTICATED)).toBe(true);
    expect(isAllowed(tech, STAFF_MANAGERS)).toBe(false);
    expect(isAllowed(manager, STAFF_MANAGERS)).toBe(true);
    expect(isAllowed(admin, STAFF_MANAGERS)).toBe(true);
    expect(isAllowed(admin, GLOBAL_ADMIN)).toBe(false);
    expect(isAllowed(global, GLOBAL_ADMIN)).toBe(true);
    // A global administrator passes role gates too (acting for a named partner).
    expect(isAllowed(global, STAFF_MANAGERS)).toBe(true);
    expect(hasRole(global, 'Administrator')).toBe(true);
  });
});

describe('isProperlyConfigured', () => {
  it('needs a partner or the global-admin flag', () => {
    expect(isProperlyConfigured({ servicePartnerId: null, isGlobalAdmin: false })).toBe(false);
    expect(isProperlyConfigured({ servicePartnerId: null, isGlobalAdmin: true })).toBe(true);
    expect(isProperlyConfigured({ servicePartnerId: 'p', isGlobalAdmin: false })).toBe(true);
  });
});
