// On S3 the bucket keeps private objects (print originals, client galleries' files, the files
// made for a print lab) beside the public ones, and MEDIA_PUBLIC_URL must serve only the public
// prefixes, media/ and objects/: a photo's public id also names its original
// (originals/{id}.jpg), so a bucket or CDN that serves everything gives away every original. The storage check asks MEDIA_PUBLIC_URL, as a stranger
// would, for one stored object of each private prefix (a client gallery's derivatives, under
// galleries/media/, probed on their own: they are what a gallery shows); any answer but a refusal
// is reported. It also asks for a listing of the bucket there: keys alone name every original and
// every client's files, so a public address that lists them is reported too.
import { getConfig } from '~/lib/platform/server/config';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { PRINT_FILE_ROOT, PRIVATE_MEDIA_ROOT } from '~/lib/platform/server/storage/storage';

const PRIVATE_PREFIXES = ['originals/', 'galleries/', PRIVATE_MEDIA_ROOT, PRINT_FILE_ROOT] as const;
const TIMEOUT_MS = 10_000;

/** What a stranger reached at MEDIA_PUBLIC_URL that must stay private. */
export interface Exposure {
  url: string;
  /** A private object's bytes, or a listing of the bucket's keys. */
  what: 'object' | 'listing';
}

/** The public addresses at which a private object was served or the bucket listed (none locally). */
export async function exposedPrivateObjects(): Promise<Exposure[]> {
  const { storage } = getConfig();
  if (storage.driver !== 's3') return [];
  const exposed: Exposure[] = [];
  for (const prefix of PRIVATE_PREFIXES) {
    let key: string | undefined;
    for await (const object of getStorage().list(prefix)) {
      key = object.key;
      break;
    }
    if (!key) continue;
    const url = `${storage.mediaPublicUrl}/${key}`;
    const res = await probe(url, 'HEAD');
    if (res && res.status >= 200 && res.status < 300) exposed.push({ url, what: 'object' });
  }
  // ListObjectsV2, then the first version of the call, at the bucket's public root.
  for (const query of ['?list-type=2&max-keys=1', '?max-keys=1']) {
    const url = `${storage.mediaPublicUrl}/${query}`;
    const res = await probe(url, 'GET');
    if (!res?.ok) continue;
    const body = await res.text().catch(() => '');
    if (body.includes('<ListBucketResult')) {
      exposed.push({ url, what: 'listing' });
      break;
    }
  }
  return exposed;
}

function probe(url: string, method: 'GET' | 'HEAD'): Promise<Response | null> {
  return fetch(url, { method, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(
    () => null,
  );
}
