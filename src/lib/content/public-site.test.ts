// Pure logic of the public site: zoom arithmetic, viewer wrap-around, the contact schema,
// the drone video pick, and the hourly count of enquiries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownBlock, listContent, upsertContent } from '~/lib/content/content.server';
import { websiteContentSchema } from '~/lib/content/schemas';
import { countRecentInquiries } from '~/lib/enquiries/contact.server';
import { contactSchema } from '~/lib/enquiries/schemas';
import { ZOOM } from '~/lib/site/constants';
import { type DroneMediaEntry, pickDroneVideos } from '~/lib/site/site.server';
import {
  clampScale,
  containSize,
  FIT,
  RESET,
  wrapIndex,
  zoomPercent,
  zoomStep,
  zoomTo,
} from '~/lib/viewer/zoom';
import { contactInquiries } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';

describe('zoom', () => {
  it('steps by 0.2 and clamps at 0.5 and 5', () => {
    let s = RESET;
    s = zoomStep(s, 1);
    expect(s.scale).toBe(1.2);
    for (let i = 0; i < 40; i++) s = zoomStep(s, 1);
    expect(s.scale).toBe(ZOOM.max);
    for (let i = 0; i < 40; i++) s = zoomStep(s, -1);
    expect(s.scale).toBe(ZOOM.min);
    expect(zoomPercent(FIT.scale)).toBe('90%');
  });

  it('keeps the point under the pointer still', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: -500, max: 500 }),
        (from, to, px, py) => {
          const start = { scale: clampScale(from), x: 10, y: -20 };
          const at = { x: px, y: py };
          const u = { x: (at.x - start.x) / start.scale, y: (at.y - start.y) / start.scale };
          const end = zoomTo(start, to, at);
          expect(end.scale).toBeGreaterThanOrEqual(0.5);
          expect(end.scale).toBeLessThanOrEqual(5);
          expect(Math.abs(end.x + end.scale * u.x - at.x)).toBeLessThan(1);
          expect(Math.abs(end.y + end.scale * u.y - at.y)).toBeLessThan(1);
        },
      ),
    );
  });

  it('contains an image in its box', () => {
    expect(containSize(3000, 2000, 1200, 600)).toEqual({ width: 900, height: 600 });
    expect(containSize(0, 2000, 1200, 600)).toEqual({ width: 0, height: 0 });
  });

  it('wraps the viewer index at both ends', () => {
    expect(wrapIndex(0, -1, 6)).toBe(5);
    expect(wrapIndex(5, 1, 6)).toBe(0);
    expect(wrapIndex(2, 1, 6)).toBe(3);
  });
});

describe('contact schema', () => {
  const ok = { firstName: 'Aoife', lastName: 'Byrne', email: ' Aoife@Example.IE ', message: 'Hello' };
  it('accepts a valid enquiry, lower-cases the address and drops an empty interest', () => {
    const r = contactSchema.parse({ ...ok, serviceInterest: '' });
    expect(r.email).toBe('aoife@example.ie');
    expect(r.serviceInterest).toBeUndefined();
    expect(contactSchema.parse({ ...ok, serviceInterest: 'drone' }).serviceInterest).toBe('drone');
  });
  it('refuses line breaks in names, a bad address, an unknown interest and long messages', () => {
    expect(contactSchema.safeParse({ ...ok, firstName: 'A\r\nBcc: x@y.z' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...ok, email: 'a@b.c\nBcc: x@y.z' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...ok, serviceInterest: 'weddings' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...ok, message: 'x'.repeat(5001) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...ok, message: 'x'.repeat(5000) }).success).toBe(true);
    expect(contactSchema.safeParse({ ...ok, message: '   ' }).success).toBe(false);
  });
});

describe('drone videos', () => {
  // One fixed time: two calls of new Date() can fall on either side of a millisecond.
  const createdAt = new Date('2026-05-01T09:00:00Z');
  const v = (id: string, isFeatured = false, type: 'photo' | 'video' = 'video'): DroneMediaEntry => ({
    id,
    type,
    url: `/objects/uploads/${id}`,
    title: id,
    description: null,
    isActive: true,
    isFeatured,
    createdAt,
  });
  it('shows the featured video plus 1 other, or 2 others without a featured one', () => {
    expect(pickDroneVideos([v('a'), v('b', true), v('c'), v('p', false, 'photo')])).toEqual({
      featured: v('b', true),
      others: [v('a')],
    });
    expect(pickDroneVideos([v('a'), v('c'), v('d')]).others.map((x) => x.id)).toEqual(['a', 'c']);
    expect(pickDroneVideos([v('p', false, 'photo')])).toEqual({ featured: null, others: [] });
  });
});

describe('content and enquiries in the database', () => {
  it('upserts one block by section and key, and knows only the editable blocks', () => {
    const db = memoryDb();
    expect(isKnownBlock('hero', 'title')).toBe(true);
    expect(isKnownBlock('hero', 'nope')).toBe(false);
    upsertContent(db, 'hero', 'title', 'One');
    upsertContent(db, 'hero', 'title', 'Two');
    expect(listContent(db, 'hero')).toEqual([{ key: 'title', content: 'Two' }]);
    expect(
      websiteContentSchema.safeParse({ section: 'hero', key: 'title', content: 'x'.repeat(5001) }).success,
    ).toBe(false);
  });

  it('counts only the last hour of one address', () => {
    const db = memoryDb();
    const now = Date.now();
    const row = (email: string, ago: number) =>
      db
        .insert(contactInquiries)
        .values({ firstName: 'A', lastName: 'B', email, message: 'm', createdAt: new Date(now - ago) })
        .run();
    row('a@x.ie', 1000);
    row('a@x.ie', 30 * 60_000);
    row('a@x.ie', 2 * 60 * 60_000);
    row('b@x.ie', 1000);
    expect(countRecentInquiries(db, 'a@x.ie', now)).toBe(2);
  });
});
