// Demo content for a new installation (SEED_DEMO=1 on an empty database): procedurally drawn
// landscapes pushed through the real image pipeline, a variant for every photo × size × finish,
// framing, the default texts, drone samples (with a drawn drone clip, featured, when ffmpeg is
// there) and section backgrounds. Every row has a stable id
// and is inserted with ON CONFLICT DO NOTHING, so seeding twice changes nothing.
import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { CONTENT_DEFAULTS } from '~/lib/content/content-defaults';
import { processPhoto } from '~/lib/media/images.server';
import { mediaUrl } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import { repriceVariants } from '~/lib/shop/price-list-repricing.server';
import { gridPrice } from '~/lib/shop/price-lists';
import { DEFAULT_PRINT_PRICES_CENTS } from '~/lib/shop/pricing-defaults';
import { freeSlug } from '~/lib/shop/print-slugs.server';
import { ORIGINAL_PRODUCTS, ORIGINAL_SIZES } from '~/lib/site/catalogue';
import { BACKGROUND_SECTIONS, DEFAULT_FRAME_PRICE_CENTS, PRINT_DIMENSIONS } from '~/lib/site/constants';
import {
  appMeta,
  backgroundImages,
  droneMedia,
  framingOptions,
  mediaJobs,
  photos,
  productVariants,
  uploadedObjects,
  websiteContent,
} from '~db/schema';
import { loadDemoJpeg } from './demo-images';
import { DEMO_DRONE_PHOTOS, DEMO_PHOTOS, type DemoPhoto } from './demo-photos';
import { type DemoClip, makeDemoClip } from './demo-video';

const DEMO_CLIP = {
  title: 'Over Lough Tay at dusk',
  description: 'A slow pass along the ridge above the lough as the sun goes down.',
};

const SEEDED_KEY = 'demo_seeded_at';

/** A stable uuid-shaped id for a demo row, so a second seed finds the first one's rows. */
export function demoId(name: string): string {
  const h = createHash('sha1').update(`wicklow-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface Processed {
  photo: DemoPhoto;
  mediaId: string;
  width: number;
  height: number;
  dominantColor: string;
  placeholder: string;
  imageUrl: string;
}

/** Runs tasks with at most `limit` at a time (sharp already uses both cores per encode). */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

async function processDemo(photo: DemoPhoto): Promise<Processed> {
  const mediaId = demoId(`media:${photo.slug}`).replaceAll('-', '');
  const jpeg = await loadDemoJpeg(photo);
  const out = await processPhoto(jpeg, { mediaId, avif: 'defer' });
  const largestJpeg = out.widths.filter((w) => w <= 1920).at(-1) ?? out.widths[0] ?? out.width;
  return {
    photo,
    mediaId: out.mediaId,
    width: out.width,
    height: out.height,
    dominantColor: out.dominantColor,
    placeholder: out.placeholder,
    imageUrl: mediaUrl(out.mediaId, largestJpeg, 'jpg'),
  };
}

export interface SeedReport {
  seeded: boolean;
  photos: number;
  ms: number;
}

/**
 * Seeds when the database has no photos and was never seeded (so a photo the owner deleted
 * does not come back at the next start). `force` seeds again regardless, which must be a no-op
 * for rows that exist.
 */
export async function seedDemo(
  db: Db,
  opts: {
    force?: boolean;
    process?: (photo: DemoPhoto) => Promise<Processed>;
    /** Makes the drone clip; by default drawn and encoded, or none when `process` is a stand-in. */
    clip?: (objectId: string, posterId: string) => Promise<DemoClip | null>;
  } = {},
): Promise<SeedReport> {
  const started = Date.now();
  const marker = db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).get();
  const photoCount = db.select({ n: count() }).from(photos).get()?.n ?? 0;
  if (!opts.force && (marker || photoCount > 0)) return { seeded: false, photos: 0, ms: 0 };

  const processed = await mapLimit([...DEMO_PHOTOS, ...DEMO_DRONE_PHOTOS], 2, opts.process ?? processDemo);
  const byslug = new Map(processed.map((p) => [p.photo.slug, p]));
  const makeClip = opts.clip ?? (opts.process ? null : makeDemoClip);
  const clipId = demoId('object:drone-clip').replaceAll('-', '');
  const existingClip = db.select().from(uploadedObjects).where(eq(uploadedObjects.id, clipId)).get();
  const clip =
    makeClip && !existingClip
      ? await makeClip(clipId, demoId('media:drone-clip-poster').replaceAll('-', ''))
      : null;
  const gallery = processed.filter((p) => DEMO_PHOTOS.includes(p.photo));
  const drone = processed.filter((p) => DEMO_DRONE_PHOTOS.includes(p.photo));
  // Older demo photos first, so "newest first" shows a sensible order.
  const base = Date.UTC(2026, 0, 1);

  db.transaction((tx) => {
    gallery.forEach((p, i) => {
      const id = demoId(`photo:${p.photo.slug}`);
      tx.insert(photos)
        .values({
          id,
          title: p.photo.title,
          // Its print page's address, from the title as for any photo (a row seeded before is kept).
          slug: freeSlug(tx, p.photo.title, id),
          description: p.photo.description,
          imageUrl: p.imageUrl,
          category: p.photo.category,
          location: p.photo.location,
          featured: p.photo.featured,
          homepageHero: p.photo.homepageHero,
          mediaId: p.mediaId,
          width: p.width,
          height: p.height,
          dominantColor: p.dominantColor,
          placeholder: p.placeholder,
          createdAt: new Date(base + i * 86_400_000),
          updatedAt: new Date(base + i * 86_400_000),
        })
        .onConflictDoNothing()
        .run();
      for (const { size, finish } of ORIGINAL_PRODUCTS) {
        const priceCents = gridPrice(DEFAULT_PRINT_PRICES_CENTS, size, finish);
        if (priceCents === undefined) continue;
        tx.insert(productVariants)
          .values({
            id: demoId(`variant:${p.photo.slug}:${size}:${finish}`),
            photoId: id,
            size,
            finish,
            priceCents,
            dimensions: PRINT_DIMENSIONS[size],
          })
          .onConflictDoNothing()
          .run();
      }
    });
    // The demo's prints at what their price lists say, should the owner have made lists already.
    repriceVariants(
      tx,
      gallery.map((p) => demoId(`photo:${p.photo.slug}`)),
    );
    for (const p of [...processed, ...(clip ? [clip.poster] : [])]) {
      tx.insert(mediaJobs)
        .values({ id: demoId(`job:${p.mediaId}`), mediaId: p.mediaId, kind: 'avif' })
        .onConflictDoNothing()
        .run();
    }
    for (const size of ORIGINAL_SIZES) {
      tx.insert(framingOptions)
        .values({ id: demoId(`framing:${size}`), size, priceCents: DEFAULT_FRAME_PRICE_CENTS })
        .onConflictDoNothing()
        .run();
    }
    for (const [section, block] of Object.entries(CONTENT_DEFAULTS)) {
      for (const [key, content] of Object.entries(block)) {
        tx.insert(websiteContent)
          .values({ id: demoId(`content:${section}:${key}`), section, key, content })
          .onConflictDoNothing()
          .run();
      }
    }
    drone.forEach((p) => {
      tx.insert(droneMedia)
        .values({
          id: demoId(`drone:${p.photo.slug}`),
          type: 'photo',
          url: p.imageUrl,
          title: p.photo.title,
          description: p.photo.description,
          mediaId: p.mediaId,
          width: p.width,
          height: p.height,
          dominantColor: p.dominantColor,
          placeholder: p.placeholder,
        })
        .onConflictDoNothing()
        .run();
    });
    if (clip) {
      const facts = {
        mediaId: clip.poster.mediaId,
        width: clip.poster.width,
        height: clip.poster.height,
        dominantColor: clip.poster.dominantColor,
        placeholder: clip.poster.placeholder,
      };
      tx.insert(uploadedObjects)
        .values({
          id: clip.objectId,
          purpose: 'video',
          status: 'ready',
          contentType: 'video/mp4',
          size: clip.size,
          ...facts,
        })
        .onConflictDoNothing()
        .run();
      tx.insert(droneMedia)
        .values({
          id: demoId('drone:clip'),
          type: 'video',
          url: `/objects/uploads/${clip.objectId}`,
          ...DEMO_CLIP,
          isFeatured: true,
          ...facts,
        })
        .onConflictDoNothing()
        .run();
    }
    const backgroundFor: Record<(typeof BACKGROUND_SECTIONS)[number], Processed | undefined> = {
      hero: gallery.find((p) => p.photo.homepageHero),
      about: gallery.find((p) => p.photo.category === 'mountains'),
      gallery: gallery.find((p) => p.photo.category === 'countryside'),
      contact: gallery.find((p) => p.photo.category === 'coastal'),
      shop: gallery.find((p) => p.photo.category === 'aerial') ?? byslug.values().next().value,
    };
    for (const section of BACKGROUND_SECTIONS) {
      const p = backgroundFor[section];
      if (!p) continue;
      // With its media facts, as the owner's background editor stores them: the section then gets
      // the responsive AVIF/WebP ladder and the placeholder, not one large JPEG for every screen.
      tx.insert(backgroundImages)
        .values({
          id: demoId(`background:${section}`),
          section,
          imageUrl: p.imageUrl,
          altText: `${p.photo.title}, ${p.photo.location}`,
          mediaId: p.mediaId,
          width: p.width,
          height: p.height,
          dominantColor: p.dominantColor,
          placeholder: p.placeholder,
        })
        .onConflictDoNothing()
        .run();
    }
    tx.insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .run();
  });

  return { seeded: true, photos: gallery.length, ms: Date.now() - started };
}
