// IP addresses as the rate limits compare them.
import { isIP } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * One spelling per address: an IPv4 address that a dual-stack socket shows as IPv6
 * (`::ffff:127.0.0.1`) is the IPv4 address (`127.0.0.1`); IPv6 is in lower case.
 */
export function normalizeIp(address: string): string {
  const trimmed = address.trim();
  const mapped = MAPPED_IPV4.exec(trimmed);
  if (mapped?.[1] && isIP(mapped[1]) === 4) return mapped[1];
  return trimmed.toLowerCase();
}

/** 4 or 6 for an IP address (after normalizeIp), 0 for anything else. */
export function ipVersion(address: string): 0 | 4 | 6 {
  return isIP(address) as 0 | 4 | 6;
}

/**
 * The one compressed spelling of an IPv6 address (RFC 5952: lower case, no leading zeros, the
 * longest run of zero groups as `::`, hexadecimal groups only), or null when it is not one.
 * The URL parser reads every spelling, an embedded dotted IPv4 address included.
 */
function canonicalIpv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** The eight 16-bit groups of a canonical IPv6 address. */
function groupsOf(canonical: string): number[] {
  const [head, tail] = canonical.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key of an address for the per-address limits (the rate limits, the sign-in limit). An IPv4
 * address is limited alone, also when a dual-stack socket shows it as IPv6 (`::ffff:192.0.2.1`).
 * An IPv6 client is limited by its /64 prefix: one home or phone is given a whole /64 and may
 * use any address in it, so counting single addresses would give it billions of allowances. The
 * key is the prefix in one spelling (`2001:db8:1:2::/64`) whichever way the address was written,
 * zone id (`%eth0`) included. Anything that is not an IP address is returned as normalizeIp gives it.
 */
export function rateLimitKey(address: string): string {
  const normal = normalizeIp(address);
  if (ipVersion(normal) !== 6) return normal;
  const canonical = canonicalIpv6(normal.replace(/%.*$/, ''));
  if (canonical === null) return normal;
  const groups = groupsOf(canonical);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  const prefix = groups.slice(0, 4).map((g) => g.toString(16));
  return `${canonicalIpv6(`${prefix.join(':')}::`)}/64`;
}
