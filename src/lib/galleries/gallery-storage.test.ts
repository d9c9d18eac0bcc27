// Gallery files and the storage rules, on real files in a temporary DATA_DIR: the storage check
// keeps a gallery photo's derivatives and a video's private original and streamable copy, lists a
// private file no gallery names and a missing original; the sweep and the check give up a partial
// gallery upload after a week without a write, not before; releasing files keeps a gallery's media.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkStorage } from '~/lib/media/storage-check.server';
import { GALLERY_UPLOAD_AGE_MS, sweepStorage } from '~/lib/media/storage-sweep.server';
import { releaseFiles } from '~/lib/media/stored-files.server';
import type { Db } from '~/lib/platform/server/db';
import {
  galleryOriginalPath,
  galleryUploadsDir,
  mediaDir,
  storagePaths,
} from '~/lib/platform/server/storage/storage';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { ageFile, writeMediaFiles } from '~tests/helpers/factories';
import { makeGallery, makeGalleryFile } from '~tests/helpers/gallery-factories';

const data = tempDataDir('gallery-storage');
let db: Db;
beforeEach(() => {
  db = memoryDb();
  rmSync(storagePaths().uploads, { recursive: true, force: true });
});
const HOUR = 60 * 60 * 1000;

function writeKey(key: string): string {
  const path = galleryOriginalPath(key);
  writeFileSync(path, 'bytes');
  ageFile(path, 2 * HOUR);
  return path;
}

describe('the storage check and gallery files', () => {
  it('keeps what gallery files use and lists what none does, and a missing original', async () => {
    const g = makeGallery(db);
    const photo = makeGalleryFile(db, g.id);
    writeMediaFiles(photo.mediaId as string);
    ageFile(mediaDir(photo.mediaId as string), 2 * HOUR);
    const photoOriginal = writeKey(photo.originalKey);
    const video = makeGalleryFile(db, g.id, {
      kind: 'video',
      originalKey: 'galleries/video00001.mp4',
      streamKey: 'galleries/video00001-stream.mp4',
      mediaId: null,
    });
    const videoFiles = [writeKey(video.originalKey), writeKey(video.streamKey as string)];
    const stray = writeKey('galleries/stray00001.mp4');
    makeGalleryFile(db, g.id, {
      fileName: 'gone.jpg',
      originalKey: 'galleries/gone00001.jpg',
      mediaId: null,
    });

    const report = await checkStorage(db, data.dir);
    expect(report.orphans.map((o) => o.key)).toEqual(['galleries/stray00001.mp4']);
    expect(report.orphans.map((o) => o.path)).toEqual([stray]);
    const listed = report.orphans.map((o) => o.path);
    for (const kept of [photoOriginal, ...videoFiles]) expect(listed).not.toContain(kept);
    expect(report.missing).toEqual([
      { record: expect.stringContaining('(gone.jpg)'), wants: 'galleries/gone00001.jpg' },
    ]);
  });

  it('never releases a gallery photo’s media while the gallery file is there', async () => {
    const g = makeGallery(db);
    const photo = makeGalleryFile(db, g.id);
    writeMediaFiles(photo.mediaId as string);
    expect(await releaseFiles(db, { mediaIds: [photo.mediaId] })).toEqual({ removed: 0 });
    expect(existsSync(mediaDir(photo.mediaId as string))).toBe(true);
  });
});

describe('partial gallery uploads', () => {
  it('are given up after a week without a write, with their progress record, not before', async () => {
    const dir = galleryUploadsDir();
    mkdirSync(dir, { recursive: true });
    const write = (name: string, ageMs: number) => {
      writeFileSync(join(dir, name), 'x');
      ageFile(join(dir, name), ageMs);
    };
    // Started 10 days ago (its record is as old) but written to an hour ago: still going.
    write('a_1', HOUR);
    write('a_1.json', 10 * 24 * HOUR);
    write('b_2', GALLERY_UPLOAD_AGE_MS + HOUR);
    write('b_2.json', GALLERY_UPLOAD_AGE_MS + HOUR);
    const check = await checkStorage(db, data.dir);
    expect(check.orphans.map((o) => o.path).sort()).toEqual([join(dir, 'b_2'), join(dir, 'b_2.json')]);
    expect((await sweepStorage(db)).galleryUploads).toBe(1);
    expect(existsSync(join(dir, 'a_1'))).toBe(true);
    expect(existsSync(join(dir, 'a_1.json'))).toBe(true);
    expect(existsSync(join(dir, 'b_2'))).toBe(false);
    expect(existsSync(join(dir, 'b_2.json'))).toBe(false);
  });
});
