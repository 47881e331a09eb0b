import { AsyncLocalStorage } from 'node:async_hooks';
import type { HistoryActorKind } from '@service-portal/shared/history';

/** Who is making a change: what the database's history triggers record (issue 26). */
export interface Actor {
  kind: HistoryActorKind;
  id?: string | null;
  name?: string | null;
}

/**
 * What the work under way was started by: a request (its id, from X-Request-Id or made here) or a
 * job carrying the id of the request that enqueued it, and who acts in it (set once the caller is
 * known: the auth plugin for requests, the job runner for jobs). Services stay free of Fastify
 * objects; the job runner reads the id from here when a job is enqueued, and the database wrapper
 * (db/actor-db.ts) hands actor, request and partner to the history triggers of every write.
 */
export interface RequestContext {
  requestId: string;
  actor?: Actor;
  partnerId?: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Names who acts in the request or job under way (and for which partner), for its writes. */
export function setActor(actor: Actor, partnerId?: string | null): void {
  const store = storage.getStore();
  if (!store) return;
  store.actor = actor;
  if (partnerId !== undefined) store.partnerId = partnerId;
}

/**
 * Runs `fn` with `actor` acting (seeds and scripts outside a request). Awaited inside, because
 * Drizzle's queries are lazy: they run when awaited, and must run in this context.
 */
export async function runAs<T>(
  actor: Actor,
  fn: () => T | PromiseLike<T>,
  partnerId?: string | null,
): Promise<T> {
  const parent = storage.getStore();
  const context: RequestContext = {
    requestId: parent?.requestId ?? `${actor.kind}-${Date.now()}`,
    actor,
    partnerId: partnerId ?? parent?.partnerId ?? null,
  };
  return storage.run(context, async () => await fn());
}

/** An incoming X-Request-Id is honoured when it is short and plain (it lands in logs and rows). */
export function acceptableRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9._:@/+=-]{1,128}$/.test(value);
}
