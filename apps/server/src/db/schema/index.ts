// The Drizzle schema as one object, for the client's relational typing and drizzle-kit.
export * from './partners.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './customers.ts';
export * from './technicians.ts';
export * from './warehouse-locations.ts';
export * from './service-orders.ts';
export * from './pricing.ts';
export * from './work-logs.ts';
export * from './communications.ts';
export * from './stored-files.ts';
export * from './upload-links.ts';
export * from './images.ts';
export * from './jobs.ts';
export * from './idempotency.ts';
export * from './products.ts';
