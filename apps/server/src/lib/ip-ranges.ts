import { BlockList, isIP } from 'node:net';

/** `10.0.0.0/8`, `::1/128` or a single address; null when it is neither. */
export function parseCidr(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > max ||
    (prefixText ?? '').trim() !== (prefixText ?? '')
  ) {
    return null;
  }
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A BlockList of the given CIDRs (each already checked by `parseCidr`). */
export function blockListOf(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/**
 * Addresses no outgoing request of ours may reach unless allowed (SSRF): unspecified, loopback,
 * private (RFC 1918, fc00::/7), link-local (with the cloud metadata address 169.254.169.254),
 * CGNAT, benchmarking, documentation, multicast and reserved ranges.
 */
export const NON_PUBLIC_CIDRS = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '::1/128',
  '64:ff9b::/96',
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
] as const;

const nonPublic = blockListOf(NON_PUBLIC_CIDRS);

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it is. */
export function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

/** Whether the address is a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const version = isIP(plain);
  if (version === 0) return false;
  return !nonPublic.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}
