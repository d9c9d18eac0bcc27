// Public reads as the views the pages use: a photo without its private fields, the hero (the hero
// photo, else the hero background, else nothing), the drone samples on show (featured first), the
// section backgrounds on show, and the owner's profile.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getHeroImage, HERO_SET_AT_KEY, toPublicPhoto } from '~/lib/photos/public-photos.server';
import type { Db } from '~/lib/platform/server/db';
import {
  getOwnerProfile,
  listBackgroundImages,
  listDroneMedia,
  pickDroneVideos,
} from '~/lib/site/site.server';
import { appMeta, backgroundImages, droneMedia } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeBackground, makeDroneMedia, makePhoto, makeUser } from '~tests/helpers/factories';

tempDataDir('site');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('a public photo', () => {
  it('carries the fields a page shows, with the date as ISO text', () => {
    const photo = makePhoto(db, { createdAt: new Date('2025-03-01T08:00:00Z') });
    const shown = toPublicPhoto(photo);
    expect(Object.keys(shown).sort()).toEqual(
      [
        'category',
        'createdAt',
        'description',
        'dominantColor',
        'featured',
        'height',
        'homepageHero',
        'id',
        'imageUrl',
        'location',
        'mediaId',
        'placeholder',
        'title',
        'width',
      ].sort(),
    );
    expect(shown).toMatchObject({ id: photo.id, createdAt: '2025-03-01T08:00:00.000Z' });
  });
});

describe('the hero image', () => {
  const chosenAt = (ms: number) =>
    db
      .insert(appMeta)
      .values({ key: HERO_SET_AT_KEY, value: String(ms) })
      .run();

  it('is the hero photo when it was chosen after the hero background', () => {
    makeBackground(db, { section: 'hero', updatedAt: new Date(1_000) });
    const hero = makePhoto(db, { homepageHero: true, title: 'Lough Tay' });
    chosenAt(2_000);
    expect(getHeroImage(db)).toEqual({
      imageUrl: hero.imageUrl,
      altText: 'Lough Tay',
      photo: toPublicPhoto(hero),
      media: {
        mediaId: hero.mediaId,
        width: hero.width,
        height: hero.height,
        dominantColor: hero.dominantColor,
        placeholder: hero.placeholder,
      },
    });
  });

  it('is the hero background when that was chosen later, or when no photo is the hero', () => {
    const bg = makeBackground(db, { section: 'hero', imageUrl: '/images/bg.jpg', altText: 'Hills' });
    const shown = { imageUrl: '/images/bg.jpg', altText: 'Hills', photo: null, media: null };
    expect(getHeroImage(db)).toEqual(shown);
    makePhoto(db, { homepageHero: true });
    chosenAt(bg.updatedAt.getTime() - 1);
    expect(getHeroImage(db)).toEqual(shown);
  });

  it('is nothing when the hero background is hidden and no photo is the hero', () => {
    makePhoto(db);
    const bg = makeBackground(db, { section: 'hero' });
    makeBackground(db, { section: 'about' });
    db.update(backgroundImages).set({ isActive: false }).where(eq(backgroundImages.id, bg.id)).run();
    expect(getHeroImage(db)).toBeNull();
  });
});

describe('drone samples on the page', () => {
  it('are the active ones, the featured first and then the oldest first', () => {
    const oldPhoto = makeDroneMedia(db);
    makeDroneMedia(db, { isActive: false });
    const video = makeDroneMedia(db, { type: 'video' });
    const star = makeDroneMedia(db, { type: 'video', isFeatured: true });
    expect(listDroneMedia(db).map((m) => m.id)).toEqual([star.id, oldPhoto.id, video.id]);
  });

  it('show the featured video and one other, or two videos when none is featured', () => {
    const [a, b, c] = [1, 2, 3].map(() => makeDroneMedia(db, { type: 'video' }));
    makeDroneMedia(db, { type: 'photo' });
    const none = pickDroneVideos(listDroneMedia(db));
    expect({ featured: none.featured, others: none.others.map((v) => v.id) }).toEqual({
      featured: null,
      others: [a?.id, b?.id],
    });
    db.update(droneMedia).set({ isFeatured: true }).where(eq(droneMedia.id, c!.id)).run();
    const one = pickDroneVideos(listDroneMedia(db));
    expect(one.featured?.id).toBe(c?.id);
    expect(one.others.map((v) => v.id)).toEqual([a?.id]);
  });
});

describe('section backgrounds and the owner', () => {
  it('lists the backgrounds on show', () => {
    const about = makeBackground(db, { section: 'about' });
    makeBackground(db, { section: 'shop', isActive: false });
    expect(listBackgroundImages(db)).toEqual([
      {
        id: about.id,
        section: 'about',
        imageUrl: about.imageUrl,
        altText: about.altText,
        mediaId: about.mediaId,
        width: about.width,
        height: about.height,
      },
    ]);
  });

  it('finds the owner’s profile by the configured address, and nothing before the account exists', () => {
    makeUser(db, { email: 'someone@example.ie' });
    expect(getOwnerProfile(db)).toBeNull();
    makeUser(db, { email: 'owner@example.com', firstName: 'Niamh', bioPictureUrl: '/media/x/640.jpg' });
    expect(getOwnerProfile(db)).toEqual({
      email: 'owner@example.com',
      firstName: 'Niamh',
      lastName: null,
      bioPictureUrl: '/media/x/640.jpg',
    });
  });
});
