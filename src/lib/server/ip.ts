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
