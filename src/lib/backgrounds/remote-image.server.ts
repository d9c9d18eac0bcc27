// Fetching an image from another site for the owner (a background given by an https: address),
// without letting that address reach into the box's own network:
// - only https:, no user name or password in the address;
// - the host is resolved here and every address it resolves to must be public (no private,
//   loopback, link-local, unique-local, multicast or reserved range, IPv4 or IPv6, IPv4-mapped
//   included); the connection then goes to that checked address (the socket's lookup is pinned
//   to it), so a second DNS answer cannot swap in another one;
// - at most 3 redirects, each checked the same way; 10 s for the whole fetch; at most 10 MB,
//   reading stops as soon as the body grows beyond it; the answer must say it is an image.
// The bytes then go through the one image module like any upload.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { HttpError } from '~/lib/platform/server/http/http';
import { UPLOAD_LIMITS } from '~/lib/site/constants';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface RemoteImageOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Host name → addresses; the system resolver unless a test passes its own. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** Whether an address may be reached: public addresses only. Only tests widen it. */
  isAllowedAddress?: (address: string) => boolean;
  /** Extra trusted certificate authority (tests use a self-signed one). */
  ca?: string | Buffer;
}

export const REMOTE_IMAGE_LIMITS = {
  maxBytes: UPLOAD_LIMITS.image,
  timeoutMs: 10_000,
  maxRedirects: 3,
} as const;

const refuse = (message: string, status = 400) => new HttpError(status, message);

/** An https: address without credentials; anything else is refused with a reason a person can read. */
export function parseRemoteImageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('The image address is not a valid URL.');
  }
  if (url.protocol !== 'https:') {
    throw refuse('Only https:// image addresses (or images of this site) can be used.');
  }
  if (url.username || url.password) {
    throw refuse('The image address must not contain a user name or password.');
  }
  if (!url.hostname) throw refuse('The image address has no host.');
  return url;
}

// ---------------------------------------------------------------- addresses

function ipv4Bytes(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail allowed), or null. */
function ipv6Bytes(raw: string): number[] | null {
  const ip = raw.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  let head = ip;
  let tail: number[] = [];
  const lastColon = ip.lastIndexOf(':');
  if (ip.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4Bytes(ip.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    head = `${ip.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0] ?? '');
  const right = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const all = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const bytes = all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

type Range = [prefix: number[], bits: number];

const inRange = (bytes: number[], [prefix, bits]: Range) => {
  for (let i = 0; i < bits; i++) {
    const byte = Math.floor(i / 8);
    const mask = 0x80 >> (i % 8);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
};

// Every IPv4 range that is not the public internet (IANA special-purpose registry).
const IPV4_REFUSED: Range[] = [
  [[0], 8], // this network
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata lives here)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

const h = (...groups: number[]) => groups.flatMap((g) => [g >> 8, g & 0xff]);
// IPv6: only global unicast (2000::/3) is public, less the special ranges inside it.
const IPV6_GLOBAL: Range = [h(0x2000), 3];
const IPV6_REFUSED: Range[] = [
  [h(0x2001, 0x0000), 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking…)
  [h(0x2001, 0x0db8), 32], // documentation
  [h(0x2002), 16], // 6to4: carries an IPv4 address of any kind
  [h(0x3fff), 20], // documentation
];

/** True for an address on the public internet; false for every private or special range. */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address.replace(/^\[|\]$/g, '').split('%')[0] ?? '');
  if (kind === 4) {
    const bytes = ipv4Bytes(address);
    return bytes !== null && !IPV4_REFUSED.some((r) => inRange(bytes, r));
  }
  if (kind !== 6) return false;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return isPublicAddress(bytes.slice(12).join('.'));
  return inRange(bytes, IPV6_GLOBAL) && !IPV6_REFUSED.some((r) => inRange(bytes, r));
}

async function systemResolve(host: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** The one address to connect to: every address of the host must be allowed, else it is refused. */
async function checkedAddress(
  url: URL,
  opts: Required<Pick<RemoteImageOptions, 'resolve' | 'isAllowedAddress'>>,
) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await opts.resolve(host);
    } catch {
      throw refuse(`The image host ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw refuse(`The image host ${host} could not be found.`);
  if (!addresses.every((a) => opts.isAllowedAddress(a.address))) {
    throw refuse('The image address points to a private or reserved network address, which is not allowed.');
  }
  return addresses[0] as ResolvedAddress;
}

/** A socket lookup that always answers the address already checked. */
const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };

function get(url: URL, pinned: ResolvedAddress, signal: AbortSignal, ca?: string | Buffer) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(pinned),
        agent: false,
        signal,
        ca,
        headers: { accept: 'image/*', 'user-agent': 'WicklowLight-BackgroundFetch/1' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw tooLargeRemote(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

const tooLargeRemote = (maxBytes: number) =>
  refuse(`The image at that address is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, 413);

/** Fetches an image from an https: address within the limits above; its bytes, unprocessed. */
export async function fetchRemoteImage(raw: string, options: RemoteImageOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? REMOTE_IMAGE_LIMITS.maxBytes;
  const timeoutMs = options.timeoutMs ?? REMOTE_IMAGE_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? REMOTE_IMAGE_LIMITS.maxRedirects;
  const checks = {
    resolve: options.resolve ?? systemResolve,
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let url = parseRemoteImageUrl(raw);
  try {
    for (let redirects = 0; ; redirects++) {
      const pinned = await checkedAddress(url, checks);
      if (controller.signal.aborted) throw new Error('timed out');
      const res = await get(url, pinned, controller.signal, options.ca);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects >= maxRedirects) throw refuse('The image address redirects too many times.');
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          throw refuse('The image address redirects to an invalid URL.');
        }
        url = parseRemoteImageUrl(next.href);
        continue;
      }
      if (status !== 200) {
        res.resume();
        throw refuse(`The image could not be fetched: the other site answered ${status}.`);
      }
      const type = String(res.headers['content-type'] ?? '').toLowerCase();
      if (!type.startsWith('image/')) {
        res.resume();
        throw refuse('The address does not point to an image.', 415);
      }
      const declared = Number(res.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        throw tooLargeRemote(maxBytes);
      }
      return await readCapped(res, maxBytes);
    }
  } catch (err) {
    if (controller.signal.aborted) {
      throw refuse(`The image took longer than ${Math.round(timeoutMs / 1000)} s to fetch.`);
    }
    if (err instanceof HttpError || (err as { code?: string }).code === 'HTTP_ERROR') throw err;
    throw refuse('The image could not be fetched from that address.');
  } finally {
    clearTimeout(timer);
  }
}
