// Gallery uploads in progress on STORAGE=s3 wait in the bucket (tus/ keys, @tus/s3-store), on a real
// S3 server: an upload's parts, record and last piece are there and none on this machine; the storage
// check lists one not continued for a week and --fix removes it whole (its multipart upload too);
// the sweep gives it up after a week, not before.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@tus/utils';
import { describe, expect, it } from 'vitest';
import { checkStorage, removeOrphans } from '~/lib/media/storage-check.server';
import { GALLERY_UPLOAD_AGE_MS, sweepStorage } from '~/lib/media/storage-sweep.server';
import { getConfig } from '~/lib/platform/server/config';
import { resumableStore } from '~/lib/platform/server/storage/resumable-uploads';
import { s3ClientConfig } from '~/lib/platform/server/storage/storage-s3';
import { memoryDb } from '~tests/helpers/db';
import { storedKeys } from '~tests/helpers/stored';
import { inSiteStore } from '~tests/helpers/test-storage';

const MiB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

/** A site on S3 with one upload of 12 MiB of which 9 MiB arrived: one part of 8 MiB and a last piece of 1 MiB. */
function withUpload(use: (dataDir: string, id: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-tus-bucket-'));
  return inSiteStore(
    dataDir,
    async () => {
      const { datastore, idPrefix, kind } = resumableStore();
      expect(kind).toBe('s3');
      const id = `${idPrefix}8f7d3c7e-1111-4222-8333-444455556666_${randomBytes(16).toString('hex')}`;
      await datastore.create(new Upload({ id, size: 12 * MiB, offset: 0, metadata: {} }));
      expect(await datastore.write(Readable.from([randomBytes(9 * MiB)]), id, 0)).toBe(9 * MiB);
      expect((await datastore.getUpload(id)).offset).toBe(9 * MiB);
      await use(dataDir, id);
    },
    's3',
  );
}

async function multipartKeys(): Promise<string[]> {
  const { storage } = getConfig();
  if (storage.driver !== 's3') throw new Error('not on S3');
  const client = new S3Client(s3ClientConfig(storage.s3));
  const page = await client.send(new ListMultipartUploadsCommand({ Bucket: storage.s3.bucket }));
  return (page.Uploads ?? []).map((u) => u.Key ?? '');
}

describe('gallery uploads in progress on S3', () => {
  it('wait in the bucket, parts and record, with nothing on this machine', async () => {
    await withUpload(async (dataDir, id) => {
      expect(id.startsWith('tus/')).toBe(true);
      expect(await storedKeys('tus/')).toEqual([`${id}.info`, `${id}.part`]);
      expect(await multipartKeys()).toEqual([id]);
      const tus = join(dataDir, 'uploads', 'tus');
      expect(existsSync(tus) ? readdirSync(tus) : []).toEqual([]);
    });
  });

  it('are listed by the storage check after a week without a part, and removed whole by --fix', async () => {
    await withUpload(async (dataDir, id) => {
      const db = memoryDb();
      const now = (await checkStorage(db, dataDir)).orphans.map((o) => o.key);
      expect(now).not.toContain(id);
      const later = await checkStorage(db, dataDir, new Date(Date.now() + GALLERY_UPLOAD_AGE_MS + DAY));
      const listed = later.orphans.filter((o) => o.key.startsWith('tus/'));
      expect(listed).toEqual([{ key: id, path: null }]);
      await removeOrphans({ ...later, orphans: listed });
      expect(await storedKeys('tus/')).toEqual([]);
      expect(await multipartKeys()).toEqual([]);
    });
  });

  it('are given up by the sweep after a week without a part, not before', async () => {
    await withUpload(async (_dataDir, id) => {
      const db = memoryDb();
      expect((await sweepStorage(db, new Date(Date.now() + 6 * DAY))).galleryUploads).toBe(0);
      expect(await multipartKeys()).toEqual([id]);
      expect(
        (await sweepStorage(db, new Date(Date.now() + GALLERY_UPLOAD_AGE_MS + DAY))).galleryUploads,
      ).toBe(1);
      expect(await storedKeys('tus/')).toEqual([]);
      expect(await multipartKeys()).toEqual([]);
    });
  });
});
