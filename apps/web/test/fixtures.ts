import type { User } from '@service-portal/shared/auth';

const NORDIC_ID = '5b1f0c1e-8a4d-4c2b-9e7f-1a2b3c4d5e6f';

function user(overrides: Partial<User>): User {
  const id = overrides.id ?? '0f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
  return {
    id,
    userId: id,
    email: 'someone@nordic.example.com',
    firstName: 'Some',
    lastName: 'One',
    roles: [],
    isActive: true,
    isGlobalAdmin: false,
    servicePartnerId: NORDIC_ID,
    servicePartnerName: 'Nordic Service AS',
    department: null,
    jobTitle: null,
    phoneNumber: null,
    ...overrides,
  };
}

export const technician = user({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'tech@nordic.example.com',
  firstName: 'Tor',
  lastName: 'Teknikk',
});

export const serviceManager = user({
  id: '22222222-2222-4222-8222-222222222222',
  email: 'manager@nordic.example.com',
  firstName: 'Mona',
  lastName: 'Manager',
  roles: ['ServiceManager'],
});

export const administrator = user({
  id: '33333333-3333-4333-8333-333333333333',
  email: 'office@nordic.example.com',
  firstName: 'Ola',
  lastName: 'Office',
  roles: ['Administrator'],
});

export const globalAdmin = user({
  id: '44444444-4444-4444-8444-444444444444',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  isGlobalAdmin: true,
  servicePartnerId: null,
  servicePartnerName: null,
});

export const noPartner = user({
  id: '55555555-5555-4555-8555-555555555555',
  email: 'nopartner@example.com',
  firstName: 'Nils',
  lastName: 'Nobody',
  servicePartnerId: null,
  servicePartnerName: null,
});
