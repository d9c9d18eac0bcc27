// The storage driver on this machine's disk: a key is a file under the root folder. Writes go to
// root/tmp/ first and are renamed into place (same filesystem, so the rename is atomic): a reader
// sees the old bytes or the new ones, never half. Content type and cache control are not kept on
// disk; whoever serves a local file sets them from the key.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, opendir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  assertRange,
  type ByteRange,
  isFileBody,
  type PutBody,
  rangePastEnd,
  type StorageDriver,
  StorageNotFound,
  type StoredObject,
} from './storage-driver';

/** The folder of partial writes: never listed, and no key may start in it. */
const TMP = 'tmp';
const READ_CHUNK = 1024 * 1024;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export function localDriver(root: string): StorageDriver {
  const base = resolve(root);
  const tmpDir = join(base, TMP);

  /** The file of a key, after the key rules and a check that it stays under the root. */
  function pathOf(key: string): string {
    assertKey(key);
    if (key === TMP || key.startsWith(`${TMP}/`)) {
      throw new RangeError(
        `The storage key "${key}" is refused: tmp/ holds the local driver's partial writes.`,
      );
    }
    const path = join(base, key);
    if (!path.startsWith(base + sep))
      throw new RangeError(`The storage key "${key}" leaves the storage folder.`);
    return path;
  }

  async function throughTmp(dest: string, write: (tmp: string) => Promise<void>): Promise<void> {
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = join(tmpDir, randomBytes(12).toString('base64url'));
    try {
      await write(tmp);
      await mkdir(dirname(dest), { recursive: true });
      await rename(tmp, dest);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** The files under a folder, in key order: a folder sorts as its name followed by "/", as in its keys. */
  async function* walk(dir: string, keyPrefix: string, match: string): AsyncGenerator<StoredObject> {
    let entries: { name: string; sortName: string; isDir: boolean }[];
    try {
      const found = [];
      for await (const entry of await opendir(dir)) {
        if (!entry.isFile() && !entry.isDirectory()) continue;
        if (keyPrefix === '' && entry.name === TMP) continue;
        const isDir = entry.isDirectory();
        found.push({ name: entry.name, sortName: isDir ? `${entry.name}/` : entry.name, isDir });
      }
      entries = found;
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    entries.sort((a, b) => (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0));
    for (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (entry.isDir) {
        // Only folders whose keys can start with the prefix are walked.
        if (match.startsWith(`${key}/`) || `${key}/`.startsWith(match)) {
          yield* walk(join(dir, entry.name), `${key}/`, match);
        }
      } else if (key.startsWith(match)) {
        const info = await stat(join(dir, entry.name)).catch((err) => {
          if (isMissing(err)) return null;
          throw err;
        });
        if (info) yield { key, size: info.size, etag: null };
      }
    }
  }

  return {
    kind: 'local',

    async put(key, body: PutBody) {
      const dest = pathOf(key);
      await throughTmp(dest, async (tmp) => {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body);
        else if (isFileBody(body)) await copyFile(body.file, tmp);
        else await pipeline(body, createWriteStream(tmp));
      });
    },

    async get(key, range?: ByteRange): Promise<Readable> {
      const path = pathOf(key);
      assertRange(range);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        if (isMissing(err)) throw new StorageNotFound(key);
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new StorageNotFound(key);
        if (range && range.start >= info.size) throw rangePastEnd(key, range);
      } catch (err) {
        await handle.close();
        throw err;
      }
      return handle.createReadStream({ start: range?.start, end: range?.end, highWaterMark: READ_CHUNK });
    },

    async head(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return info.isFile() ? { key, size: info.size, etag: null } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    async move(from, to) {
      const source = pathOf(from);
      const dest = pathOf(to);
      await mkdir(dirname(dest), { recursive: true });
      try {
        await rename(source, dest);
      } catch (err) {
        if (isMissing(err)) throw new StorageNotFound(from);
        throw err;
      }
    },

    list(prefix) {
      assertPrefix(prefix);
      // Start in the deepest folder the prefix names whole; below it, keys are matched as text.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      // No key lives in tmp/, so a prefix inside it lists nothing (not the partial writes).
      if (folder.startsWith(`${TMP}/`)) return (async function* () {})();
      return walk(join(base, folder), folder, prefix);
    },

    async presignGet(key) {
      pathOf(key);
      return null;
    },

    localPath(key) {
      return pathOf(key);
    },
  };
}
