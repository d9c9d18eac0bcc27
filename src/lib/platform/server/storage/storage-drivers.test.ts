// One conformance suite for both storage drivers: the local one on a temp folder, the S3 one on
// s3rver (a real S3 API server) on loopback. Whatever a caller can see must be the same on both,
// except what the interface says differs (ETag, presigned URL, local path).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorageDriver, StorageNotFound, sha256Of } from '~/lib/platform/server/storage/storage-driver';
import { localDriver } from '~/lib/platform/server/storage/storage-local';
import { contentDisposition, s3Client, s3Driver } from '~/lib/platform/server/storage/storage-s3';
import { runFolder } from '~tests/helpers/run-folder';
import { startS3rver } from '~tests/helpers/s3rver';

const MiB = 1024 * 1024;

interface Subject {
  driver: StorageDriver;
  /** The local driver's root; the S3 one has none. */
  root: string | null;
  /** The S3 commands sent so far, by name (empty for local). */
  sent: string[];
  stop(): Promise<void>;
}

const subjects: Record<'local' | 's3', () => Promise<Subject>> = {
  async local() {
    const root = await mkdtemp(join(runFolder(), 'storage-local-'));
    return {
      driver: localDriver(root),
      root,
      sent: [],
      stop: () => rm(root, { recursive: true, force: true }),
    };
  },
  async s3() {
    const s3 = await startS3rver();
    const client = s3Client(s3.settings);
    const sent: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        sent.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize', name: 'recordCommands' },
    );
    const driver = s3Driver(s3.settings, {
      client,
      partSize: 5 * MiB,
      listPageSize: 10,
      // A copy in parts past 6 MiB here (5 GiB in use), to test it without 5 GiB objects.
      maxSingleCopyBytes: 6 * MiB,
      copyPartSize: 5 * MiB,
    });
    return { driver, root: null, sent, stop: s3.stop };
  },
};

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(list: AsyncIterable<{ key: string }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of list) keys.push(item.key);
  return keys;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sorted = (keys: string[]) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const BAD_KEYS = ['../x', '/x', 'a//b', 'a/./b', 'a/../b', 'x%2e', 'a\\b', 'a\nb', '', 'k'.repeat(600)];

describe.each(['local', 's3'] as const)('the %s storage driver', (kind) => {
  let subject: Subject;
  let driver: StorageDriver;
  let scratch: string;

  beforeAll(async () => {
    subject = await subjects[kind]();
    driver = subject.driver;
    scratch = await mkdtemp(join(runFolder(), 'storage-src-'));
  });
  afterAll(async () => {
    await subject?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('is the kind it says', () => {
    expect(driver.kind).toBe(kind);
  });

  it('stores a Buffer, a file on disk and a stream, and gives each back whole', async () => {
    const fromBuffer = randomBytes(3000);
    const fromFile = randomBytes(70_000);
    const fromStream = [randomBytes(1000), randomBytes(2000), randomBytes(5)];
    const file = join(scratch, 'source.bin');
    await writeFile(file, fromFile);

    await driver.put('bodies/buffer.bin', fromBuffer, { contentType: 'application/octet-stream' });
    await driver.put('bodies/file.bin', { file });
    await driver.put('bodies/stream.bin', Readable.from(fromStream));

    expect(await bytesOf(await driver.get('bodies/buffer.bin'))).toEqual(fromBuffer);
    expect(await bytesOf(await driver.get('bodies/file.bin'))).toEqual(fromFile);
    expect(await bytesOf(await driver.get('bodies/stream.bin'))).toEqual(Buffer.concat(fromStream));
  });

  it('stores a 12 MiB object from a Buffer and from a file, and reads it back byte for byte', async () => {
    const big = randomBytes(12 * MiB);
    const file = join(scratch, 'big.bin');
    await writeFile(file, big);
    const before = subject.sent.length;

    await driver.put('big/from-buffer.bin', big);
    await driver.put('big/from-file.bin', { file });

    for (const key of ['big/from-buffer.bin', 'big/from-file.bin']) {
      expect(await sha256Of(driver, key)).toBe(sha256(big));
      expect((await driver.head(key))?.size).toBe(12 * MiB);
    }
    if (kind === 's3') {
      // Parts of 5 MiB: 5 + 5 + 2, twice, and no single PutObject of 12 MiB.
      const sent = subject.sent.slice(before);
      expect(sent.filter((c) => c === 'UploadPartCommand')).toHaveLength(6);
      expect(sent.filter((c) => c === 'CompleteMultipartUploadCommand')).toHaveLength(2);
      expect(sent).not.toContain('PutObjectCommand');
    }
  });

  it('reads a byte range, the last byte alone, and refuses a range past the end', async () => {
    const bytes = randomBytes(1000);
    await driver.put('range/object.bin', bytes);

    expect(await bytesOf(await driver.get('range/object.bin', { start: 10, end: 19 }))).toEqual(
      bytes.subarray(10, 20),
    );
    expect(await bytesOf(await driver.get('range/object.bin', { start: 999, end: 999 }))).toEqual(
      bytes.subarray(999),
    );
    await expect(driver.get('range/object.bin', { start: 1000, end: 1010 })).rejects.toThrow(RangeError);
    await expect(driver.get('range/object.bin', { start: 20, end: 10 })).rejects.toThrow(RangeError);
  });

  it('tells the size of an object (and its ETag on S3), and null for an absent key', async () => {
    const bytes = randomBytes(4321);
    await driver.put('head/object.bin', bytes);

    const head = await driver.head('head/object.bin');
    expect(head).toMatchObject({ key: 'head/object.bin', size: 4321 });
    if (kind === 's3') expect(head?.etag).toMatch(/^[0-9a-f]{32}$/);
    else expect(head?.etag).toBeNull();

    expect(await driver.head('head/absent.bin')).toBeNull();
    await expect(driver.get('head/absent.bin')).rejects.toThrow(StorageNotFound);
    await expect(driver.get('head/absent.bin', { start: 0, end: 1 })).rejects.toThrow(StorageNotFound);
  });

  it('overwrites an object whole', async () => {
    await driver.put('overwrite/object.txt', Buffer.from('the first, longer version'));
    await driver.put('overwrite/object.txt', Buffer.from('second'));

    expect((await bytesOf(await driver.get('overwrite/object.txt'))).toString()).toBe('second');
    expect((await driver.head('overwrite/object.txt'))?.size).toBe(6);
  });

  it('keeps the previous bytes when a stream fails half way through an overwrite', async () => {
    await driver.put('failed/object.txt', Buffer.from('saved before'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half of the new'));
        this.destroy(new Error('the upload was cut off'));
      },
    });

    await expect(driver.put('failed/object.txt', failing)).rejects.toThrow();

    expect((await bytesOf(await driver.get('failed/object.txt'))).toString()).toBe('saved before');
    if (subject.root) expect(await readdir(join(subject.root, 'tmp'))).toEqual([]);
  });

  it('shows nothing of an object while it is still being written', async () => {
    await driver.put('writing/done.txt', Buffer.from('already here'));
    let finish: () => void = () => {};
    const resumed = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = Readable.from(
      (async function* () {
        yield Buffer.from('the first half, ');
        await resumed;
        yield Buffer.from('and the rest');
      })(),
    );
    const writing = driver.put('writing/slow.txt', slow);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await driver.head('writing/slow.txt')).toBeNull();
    expect(await keysOf(driver.list(''))).not.toContainEqual(expect.stringMatching(/^tmp\/|slow/));
    if (subject.root) expect(await readdir(join(subject.root, 'tmp'))).toHaveLength(1);

    finish();
    await writing;
    expect((await bytesOf(await driver.get('writing/slow.txt'))).toString()).toBe(
      'the first half, and the rest',
    );
  });

  if (kind === 'local') {
    it('refuses keys in tmp/, where the local driver keeps its partial writes', async () => {
      await expect(driver.put('tmp/x', Buffer.from('x'))).rejects.toThrow(RangeError);
      expect(() => driver.localPath('tmp')).toThrow(RangeError);
      expect(await keysOf(driver.list('tmp/'))).toEqual([]);
    });
  }

  it('deletes an object, and deleting an absent key is fine', async () => {
    await driver.put('delete/object.bin', randomBytes(10));
    await driver.delete('delete/object.bin');

    expect(await driver.head('delete/object.bin')).toBeNull();
    await expect(driver.get('delete/object.bin')).rejects.toThrow(StorageNotFound);
    await expect(driver.delete('delete/object.bin')).resolves.toBeUndefined();
    await expect(driver.delete('delete/never-was.bin')).resolves.toBeUndefined();
  });

  it('lists the objects under a prefix in key order, with their sizes', async () => {
    const keys = ['list/b', 'list/a/y', 'list/c/d/e', 'list/a/x', 'list/a0'];
    // S3 sorts keys by their bytes, so "a-b/x" and "a.txt" come before "a/x": the local driver
    // walks folder by folder and must still agree. s3rver does not (tests/helpers/s3rver.ts), so
    // on S3 only the keys where it behaves like S3 are listed.
    if (kind === 'local') keys.push('list/a.txt', 'list/a-b/x');
    for (const [i, key] of keys.entries()) await driver.put(key, Buffer.alloc(i + 1));
    await driver.put('listing/outside', Buffer.from('not under list/'));

    const listed = [];
    for await (const item of driver.list('list/')) listed.push(item);
    expect(listed.map((i) => i.key)).toEqual(sorted(keys));
    expect(listed.find((i) => i.key === 'list/a0')?.size).toBe(5);

    // A prefix is text, not a folder: "list/a" also finds "list/a0" (and "list/a-b/x", "list/a.txt").
    expect(await keysOf(driver.list('list/a'))).toEqual(sorted(keys.filter((k) => k.startsWith('list/a'))));
    expect(await keysOf(driver.list('list'))).toEqual(sorted([...keys, 'listing/outside']));
    expect(await keysOf(driver.list('list/nothing-here/'))).toEqual([]);
  });

  it('lists more objects than fit in one page', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `paged/${String(i).padStart(2, '0')}.txt`);
    for (const key of keys) await driver.put(key, Buffer.from(key));
    const before = subject.sent.length;

    expect(await keysOf(driver.list('paged/'))).toEqual(keys);
    if (kind === 's3') {
      // Pages of 10: three requests for 25 keys.
      expect(subject.sent.slice(before).filter((c) => c === 'ListObjectsV2Command')).toHaveLength(3);
    }
  });

  it('refuses every bad key with a RangeError in every method, and writes nothing', async () => {
    const all = await keysOf(driver.list(''));
    for (const key of BAD_KEYS) {
      const refused = `key ${JSON.stringify(key.slice(0, 20))}`;
      await expect(driver.put(key, Buffer.from('x')), refused).rejects.toThrow(RangeError);
      await expect(driver.put(key, Readable.from([Buffer.from('x')])), refused).rejects.toThrow(RangeError);
      await expect(driver.get(key), refused).rejects.toThrow(RangeError);
      await expect(driver.head(key), refused).rejects.toThrow(RangeError);
      await expect(driver.delete(key), refused).rejects.toThrow(RangeError);
      await expect(driver.move(key, 'ok/key'), refused).rejects.toThrow(RangeError);
      await expect(driver.move('ok/key', key), refused).rejects.toThrow(RangeError);
      await expect(driver.presignGet(key, { fileName: 'x', disposition: 'inline' }), refused).rejects.toThrow(
        RangeError,
      );
      expect(() => driver.localPath(key), refused).toThrow(RangeError);
      // '' is the prefix of everything, so it is the one bad key that list takes.
      if (key !== '') expect(() => driver.list(key), refused).toThrow(RangeError);
    }
    expect(await keysOf(driver.list(''))).toEqual(all);
    if (subject.root) expect(existsSync(join(dirname(subject.root), 'x'))).toBe(false);
  });

  it('gives a presigned URL with the Content-Disposition asked for (S3), or null (local)', async () => {
    const bytes = randomBytes(2048);
    await driver.put('presign/photo.jpg', bytes);
    const name = '../Sunrise "Lough Tay" – Éire.jpg';

    const url = await driver.presignGet('presign/photo.jpg', { fileName: name, disposition: 'attachment' });
    if (kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*X-Amz-Expires=900/);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
    const disposition = answer.headers.get('content-disposition');
    expect(disposition).toBe(
      `attachment; filename="Sunrise Lough Tay _ _ire.jpg"; filename*=UTF-8''Sunrise%20Lough%20Tay%20%E2%80%93%20%C3%89ire.jpg`,
    );
    expect(disposition).toBe(contentDisposition('attachment', name));

    const inline = await driver.presignGet('presign/photo.jpg', {
      fileName: 'view.jpg',
      disposition: 'inline',
      expiresInSeconds: 60,
    });
    expect(inline).toMatch(/X-Amz-Expires=60/);
    expect((await fetch(inline!)).headers.get('content-disposition')).toBe(
      `inline; filename="view.jpg"; filename*=UTF-8''view.jpg`,
    );
  });

  it('moves an object to another key, replacing what was there, with no byte read by this machine on S3', async () => {
    const bytes = randomBytes(3000);
    await driver.put('move/from.bin', bytes);
    await driver.put('moved/to.bin', Buffer.from('old'));
    const before = subject.sent.length;
    await driver.move('move/from.bin', 'moved/to.bin', { contentType: 'video/mp4' });
    const sent = subject.sent.slice(before);
    expect(await bytesOf(await driver.get('moved/to.bin'))).toEqual(bytes);
    expect(await driver.head('move/from.bin')).toBeNull();
    if (kind === 's3') {
      expect(sent).toContain('CopyObjectCommand');
      expect(sent).not.toContain('GetObjectCommand');
      expect(sent).not.toContain('PutObjectCommand');
      const url = await driver.presignGet('moved/to.bin', { fileName: 'a.mp4', disposition: 'inline' });
      expect((await fetch(url!)).headers.get('content-type')).toBe('video/mp4');
    }
  });

  it('moves a large object in parts on S3 (past one CopyObject), byte for byte', async () => {
    const bytes = randomBytes(13 * MiB + 7);
    await driver.put('move/large.bin', bytes);
    const before = subject.sent.length;
    await driver.move('move/large.bin', 'moved/large.bin');
    const sent = subject.sent.slice(before);
    expect(sha256(await bytesOf(await driver.get('moved/large.bin')))).toBe(sha256(bytes));
    expect(await driver.head('move/large.bin')).toBeNull();
    if (kind === 's3') {
      expect(sent.filter((c) => c === 'UploadPartCopyCommand')).toHaveLength(3);
      expect(sent).not.toContain('CopyObjectCommand');
    }
  });

  it('refuses to move a key that holds nothing, and changes nothing', async () => {
    await driver.put('moved/kept.bin', Buffer.from('kept'));
    await expect(driver.move('move/absent.bin', 'moved/kept.bin')).rejects.toThrow(StorageNotFound);
    expect((await bytesOf(await driver.get('moved/kept.bin'))).toString()).toBe('kept');
  });

  it('gives the local path of an object inside its root (local), or null (S3)', async () => {
    const bytes = randomBytes(500);
    await driver.put('path/object.bin', bytes);

    const path = driver.localPath('path/object.bin');
    if (!subject.root) {
      expect(path).toBeNull();
      return;
    }
    expect(path?.startsWith(subject.root + sep)).toBe(true);
    expect(await readFile(path!)).toEqual(bytes);
  });
});
