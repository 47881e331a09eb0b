import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_LOG_BYTES } from '@service-portal/shared/webhooks';
import { blockListOf, isPublicAddress, unmapped } from '../../lib/ip-ranges.ts';

/** How much of an answer is read at most; the rest is not waited for. */
export const WEBHOOK_READ_LIMIT_BYTES = 64 * 1024;

export interface DeliveryResult {
  outcome: 'succeeded' | 'failed' | 'refused';
  statusCode: number | null;
  durationMs: number;
  /** The first 2 KB of the answer. */
  response: string;
  error: string | null;
}

export interface AddressPolicy {
  /** CIDRs reachable although not public; plain http only to these. */
  allowedCidrs: readonly string[];
}

export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    );
  });

/** Why an address may not be used, or null when it may. */
export function createAddressCheck(policy: AddressPolicy) {
  const allowed = blockListOf(policy.allowedCidrs);
  const isAllowed = (address: string) => {
    const plain = unmapped(address);
    return allowed.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
  return {
    isAllowed,
    refusal(address: string): string | null {
      if (isAllowed(address) || isPublicAddress(address)) return null;
      return `The address ${address} is not public (loopback, private, link-local, metadata or reserved).`;
    },
  };
}

/**
 * Checks an endpoint's URL and resolves it: every address the name has must be allowed (a name
 * with one private address among public ones is refused, as a rebinding attacker would set it
 * up). Answers the address to connect to, or why not.
 */
export async function checkEndpointUrl(
  rawUrl: string,
  policy: AddressPolicy,
  resolve: Resolve = systemResolve,
): Promise<{ ok: true; url: URL; address: string } | { ok: false; reason: string }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'The address is not a URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: 'Only https addresses can receive webhooks.' };
  if (url.username || url.password)
    return { ok: false, reason: 'The address may not carry a user name or password.' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: `The name ${host} could not be resolved.` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `The name ${host} has no address.` };
  const check = createAddressCheck(policy);
  for (const address of addresses) {
    const refusal = check.refusal(address);
    if (refusal) return { ok: false, reason: refusal };
  }
  const address = addresses[0]!;
  if (url.protocol === 'http:' && !addresses.every((a) => check.isAllowed(a)))
    return { ok: false, reason: 'Only https addresses can receive webhooks.' };
  return { ok: true, url, address };
}

/**
 * POSTs one signed message to the checked address (the connection goes to the address that was
 * checked, whatever DNS says a moment later), follows no redirect, gives up after `timeoutMs`
 * and reads at most 64 KB of the answer.
 */
export async function postWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: AddressPolicy;
  timeoutMs: number;
  resolve?: Resolve;
  now?: () => number;
}): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const checked = await checkEndpointUrl(options.url, options.policy, options.resolve);
  if (!checked.ok) {
    return {
      outcome: 'refused',
      statusCode: null,
      durationMs: elapsed(),
      response: '',
      error: checked.reason,
    };
  }
  const { url, address } = checked;
  const family = isIP(address) === 6 ? 6 : 4;
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<DeliveryResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<DeliveryResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ServicePortal-Webhooks/1',
          'content-length': Buffer.byteLength(options.body),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_LOG_BYTES).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            finish({
              outcome: 'refused',
              statusCode: status,
              response: text,
              error: 'The endpoint answered with a redirect; redirects are not followed.',
            });
          } else {
            finish({
              outcome: status >= 200 && status < 300 ? 'succeeded' : 'failed',
              statusCode: status,
              response: text,
              error: null,
            });
          }
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_READ_LIMIT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_READ_LIMIT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error('timeout'));
      finish({
        outcome: 'failed',
        statusCode: null,
        response: '',
        error: `No answer within ${options.timeoutMs} ms.`,
      });
    }, options.timeoutMs);
    request.on('error', (err) =>
      finish({
        outcome: 'failed',
        statusCode: null,
        response: '',
        error: err.message || 'Connection failed.',
      }),
    );
    request.end(options.body);
  });
}
