// On S3 the bucket keeps private objects (print originals, client galleries' files) beside the
// public ones, and MEDIA_PUBLIC_URL must serve only the public prefixes, media/ and objects/: a
// photo's public id also names its original (originals/{id}.jpg), so a bucket or CDN that serves
// everything gives away every original. The storage check asks MEDIA_PUBLIC_URL, as a stranger
// would, for one stored object of each private prefix (a client gallery's derivatives, under
// galleries/media/, probed on their own: they are what a gallery shows); any answer but a refusal
// is reported.
import { getConfig } from '~/lib/platform/server/config';
import { getStorage } from '~/lib/platform/server/object-store';
import { PRIVATE_MEDIA_ROOT } from '~/lib/platform/server/storage';

const PRIVATE_PREFIXES = ['originals/', 'galleries/', PRIVATE_MEDIA_ROOT] as const;
const TIMEOUT_MS = 10_000;

/** The public addresses at which a private object was served (empty when none, and locally). */
export async function exposedPrivateObjects(): Promise<string[]> {
  const { storage } = getConfig();
  if (storage.driver !== 's3') return [];
  const exposed: string[] = [];
  for (const prefix of PRIVATE_PREFIXES) {
    let key: string | undefined;
    for await (const object of getStorage().list(prefix)) {
      key = object.key;
      break;
    }
    if (!key) continue;
    const url = `${storage.mediaPublicUrl}/${key}`;
    const res = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => null);
    if (res && res.status >= 200 && res.status < 300) exposed.push(url);
  }
  return exposed;
}
