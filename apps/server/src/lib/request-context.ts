import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the work under way was started by: a request (its id, from X-Request-Id or made here) or a
 * job carrying the id of the request that enqueued it. Services stay free of Fastify objects; the
 * job runner reads the id from here when a job is enqueued.
 */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** An incoming X-Request-Id is honoured when it is short and plain (it lands in logs and rows). */
export function acceptableRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9._:@/+=-]{1,128}$/.test(value);
}
