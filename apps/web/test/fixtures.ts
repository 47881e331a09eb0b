import type { User } from '@service-portal/shared/auth';
import type { ServiceOrder, ServiceOrderListItem } from '@service-portal/shared/service-orders';
import type { Technician } from '@service-portal/shared/technicians';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';

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
    servicePartnerTimeZone: 'Europe/Oslo',
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
  servicePartnerTimeZone: null,
});

export const noPartner = user({
  id: '55555555-5555-4555-8555-555555555555',
  email: 'nopartner@example.com',
  firstName: 'Nils',
  lastName: 'Nobody',
  servicePartnerId: null,
  servicePartnerName: null,
  servicePartnerTimeZone: null,
});

// ---------------------------------------------------------------------------------------------
// Service orders, technicians, warehouse locations (shapes of packages/shared)

export const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';

/** A full order as GET /api/service-orders/:id returns it. */
export function serviceOrder(overrides: Partial<ServiceOrder> = {}): ServiceOrder {
  return {
    id: ORDER_ID,
    orderNumber: 'SO-2026-000042',
    title: 'Heater does not ignite',
    serviceType: 'repair',
    priority: 'normal',
    status: 'in_progress',
    description: 'Stopped after the holidays.',
    serialNumber: 'CT-1042',
    relatedProductId: null,
    estimatedCost: 125000,
    currency: 'NOK',
    scheduledDate: null,
    assignedTechnicianId: null,
    assignedTechnicianName: null,
    customerId: CUSTOMER_ID,
    customerName: 'Kari Nordmann',
    customerEmail: 'kari@example.no',
    customerPhone: '+47 912 34 567',
    customerAddress: 'Storgata 1, Oslo',
    internalNotes: null,
    warehouseLocationId: null,
    warehouseLocationName: null,
    completionNotes: null,
    checkpoints: { measurements: {}, components: {}, agreement: { partsSubmittedOtherDetails: null } },
    spareParts: [],
    statusHistory: [
      {
        id: 'd0000000-0000-4000-8000-000000000001',
        fromStatus: null,
        toStatus: 'created',
        changedBy: serviceManager.id,
        changedByName: 'Mona Manager',
        changedAt: '2026-03-01T09:00:00.000Z',
        note: null,
      },
      {
        id: 'd0000000-0000-4000-8000-000000000002',
        fromStatus: 'created',
        toStatus: 'in_progress',
        changedBy: technician.id,
        changedByName: 'Tor Teknikk',
        changedAt: '2026-03-02T10:30:00.000Z',
        note: null,
      },
    ],
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T10:30:00.000Z',
    completedAt: null,
    createdBy: serviceManager.id,
    createdByName: 'Mona Manager',
    version: 3,
    ...overrides,
  };
}

/** List rows: `count` orders numbered from `first`, newest first. */
export function serviceOrderRows(count: number, first = 1): ServiceOrderListItem[] {
  return Array.from({ length: count }, (_, index) => {
    const n = first + index;
    const id = `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    return {
      id,
      orderNumber: `SO-2026-${String(n).padStart(6, '0')}`,
      title: `Order ${n}`,
      serviceType: 'repair',
      priority: 'normal',
      status: 'created',
      customerId: CUSTOMER_ID,
      customerName: `Customer ${n}`,
      customerEmail: `customer${n}@example.no`,
      customerPhone: null,
      serialNumber: null,
      scheduledDate: null,
      assignedTechnicianId: null,
      assignedTechnicianName: null,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      completedAt: null,
      version: 1,
    };
  });
}

export function listPage(items: ServiceOrderListItem[], total = items.length, page = 1, pageSize = 20) {
  return { status: 200, body: { items, total, page, pageSize } };
}

export const technicianRecords: Technician[] = [
  {
    id: 'e0000000-0000-4000-8000-000000000001',
    firstName: 'Tor',
    lastName: 'Teknikk',
    fullName: 'Tor Teknikk',
    email: 'tech@nordic.example.com',
    phoneNumber: null,
    jobTitle: null,
    department: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  },
];

export const warehouseLocationRecords: WarehouseLocation[] = [
  {
    id: 'f0000000-0000-4000-8000-000000000001',
    name: 'Shelf A1',
    description: 'Main workshop, left wall',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  },
];

/** The lookups the order screens load, answered. */
export const lookupRoutes = {
  'GET /api/technicians': {
    status: 200,
    body: { items: technicianRecords, total: 1, page: 1, pageSize: 100 },
  },
  'GET /api/warehouse-locations/options': {
    status: 200,
    body: warehouseLocationRecords.map(({ id, name, isActive }) => ({ id, name, isActive })),
  },
};
