// The country of an address, from a database on this machine: no address is sent anywhere.
// The data is the npm package @ip-location-db/geo-whois-asn-country-mmdb (country per address
// block from the regional registries' records; CC BY 4.0, nro.net), read by mmdb-lib. It is loaded
// on the first lookup (about 8 MB), and refreshed by updating the package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList } from 'node:net';
import { type Response as MmdbRecord, Reader } from 'mmdb-lib';
import { ipVersion } from '~/lib/platform/server/http/ip';
import { getLog } from '~/lib/platform/server/log';

const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

let reader: Reader<MmdbRecord> | null | undefined;

function open(): Reader<MmdbRecord> | null {
  if (reader !== undefined) return reader;
  try {
    // The decoded records (one per country) are kept by their place in the file: decoding the
    // same small record again on every lookup cost a third of it.
    reader = new Reader<MmdbRecord>(readFileSync(createRequire(import.meta.url).resolve(DATABASE)), {
      cache: new Map(),
    });
  } catch (err) {
    getLog().warn({ err }, 'The country database could not be read: countries are counted as unknown.');
    reader = null;
  }
  return reader;
}

/**
 * Addresses that are nobody's country: private, loopback, link-local, shared (carrier NAT) and
 * documentation ranges (IANA's special-purpose registries). The database names a country for some
 * of them (it gives 192.168.0.0/16 to Australia), so they are answered before it is asked.
 * IPv4 ranges are compared as numbers (every new visitor is checked, and node's BlockList costs as
 * much as the lookup itself); IPv6 goes through BlockList, as it is rare and its parsing is not.
 */
const NOT_PUBLIC_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
];

/** A dotted IPv4 address as an unsigned 32-bit number (the caller has checked it is one). */
function ipv4Number(ip: string): number {
  let value = 0;
  for (const part of ip.split('.')) value = value * 256 + Number(part);
  return value;
}

const NOT_PUBLIC_V4_MASKS = NOT_PUBLIC_V4.map(([net, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: ipv4Number(net) & mask, mask };
});

const isPublicV4 = (ip: string): boolean => {
  const value = ipv4Number(ip);
  return NOT_PUBLIC_V4_MASKS.every(({ base, mask }) => (value & mask) >>> 0 !== base >>> 0);
};

const NOT_PUBLIC_V6 = new BlockList();
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(net, bits, 'ipv6');

/**
 * The ISO 3166 code of the country an address is in, or '' when unknown (a private or loopback
 * address among them). An IPv6 client's /64 prefix (`2001:db8:1:2::/64`) is looked up by its first address.
 */
export function countryOf(address: string): string {
  const ip = address.replace(/\/\d+$/, '');
  const version = ipVersion(ip);
  if (version === 0 || !(version === 4 ? isPublicV4(ip) : !NOT_PUBLIC_V6.check(ip, 'ipv6'))) return '';
  try {
    // This database's records hold only `country_code`, not the shape of MaxMind's own.
    const record = open()?.get(ip) as { country_code?: unknown } | null | undefined;
    const code = record?.country_code;
    return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : '';
  } catch {
    return '';
  }
}
