import { GraphQLError } from 'graphql';

/** Relay connections of the demo shop's GraphQL answers: pages of a list, with opaque cursors. */

function pageInfo<T>(nodes: T[], cursor: (n: T) => string, hasNextPage: boolean, hasPreviousPage: boolean) {
  return {
    hasNextPage,
    hasPreviousPage,
    startCursor: nodes.length ? cursor(nodes[0]!) : null,
    endCursor: nodes.length ? cursor(nodes[nodes.length - 1]!) : null,
  };
}

export function connection<T, R>(
  nodes: T[],
  view: (n: T) => R,
  cursor: (n: T) => string,
  hasNext: boolean,
  hasPrev: boolean,
) {
  return {
    nodes: nodes.map(view),
    edges: nodes.map((n) => ({ cursor: cursor(n), node: view(n) })),
    pageInfo: pageInfo(nodes, cursor, hasNext, hasPrev),
  };
}

const offsetCursor = (i: number) => Buffer.from(JSON.stringify({ o: i })).toString('base64url');
function offsetFrom(after: string | null | undefined): number {
  if (!after) return 0;
  try {
    const o = (JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as { o?: unknown }).o;
    return typeof o === 'number' ? o + 1 : 0;
  } catch {
    return 0;
  }
}

export const badRequest = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

export function slice<T, R>(
  items: T[],
  args: { first?: number | null; after?: string | null },
  view: (n: T) => R,
) {
  if (args.first == null) throw badRequest('you must provide one of first or last');
  if (args.first > 250 || args.first < 0) throw badRequest('The first argument must be between 0 and 250.');
  const start = offsetFrom(args.after);
  const first = args.first;
  const page = items.slice(start, start + first).map((item, i) => ({ item, i: start + i }));
  return connection(
    page,
    (x) => view(x.item),
    (x) => offsetCursor(x.i),
    start + first < items.length,
    start > 0,
  );
}
