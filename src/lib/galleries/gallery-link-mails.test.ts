// Mails carrying a recipient's link: releasing a gallery mails each recipient with an address (whose
// link still opens it) a fresh link in the release's transaction; "Email link again" gives the link
// a fresh token and mails it, the old address then opening nothing, the link's hearts kept. And the
// owner's card says the day a link really stops working: the earlier of its own and its gallery's.
import { beforeEach, describe, expect, it } from 'vitest';
import { updateGallery } from '~/lib/galleries/galleries.server';
import { openLink } from '~/lib/galleries/gallery-access.server';
import { favouriteFiles } from '~/lib/galleries/gallery-favourites.server';
import { linkJson, mailLinkAgain } from '~/lib/galleries/gallery-links.server';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import {
  makeFavourite,
  makeGallery,
  makeGalleryFile,
  makeGalleryLink,
} from '~tests/helpers/gallery-factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('gallery-link-mails');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const now = new Date('2026-06-01T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const tokenIn = (text: string) => /\/g\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

function statusOf(fn: () => unknown): number | string {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return isHttpError(err) ? err.status : String(err);
  }
}

describe('releasing a gallery', () => {
  it('mails each recipient with an address a fresh link, once, and never a revoked or expired one', () => {
    const g = makeGallery(db, { title: 'Lough Bray', downloads: 'none', releasedAt: null });
    const ciara = makeGalleryLink(db, g.id, { recipientName: 'Ciara', recipientEmail: 'ciara@example.com' });
    const noMail = makeGalleryLink(db, g.id, { recipientName: 'Seán' });
    makeGalleryLink(db, g.id, {
      recipientEmail: 'revoked@example.com',
      revokedAt: new Date(now.getTime() - DAY),
    });
    makeGalleryLink(db, g.id, {
      recipientEmail: 'expired@example.com',
      expiresAt: new Date(now.getTime() - DAY),
    });

    updateGallery(db, g.id, { released: true }, now);
    const mails = queuedMails(db);
    expect(mails.map((m) => m.to)).toEqual(['ciara@example.com']);
    expect(mails[0]?.subject).toBe('Your photos are ready: Lough Bray');
    expect(mails[0]?.text).toContain('are released: you can now see them in full.');
    expect(mails[0]?.text).toContain('replaces the one you were sent before');
    const fresh = tokenIn(mails[0]?.text ?? '');
    expect(openLink(db, fresh, now)).toMatchObject({ state: 'open', link: { id: ciara.link.id } });
    expect(openLink(db, ciara.token, now).state).toBe('unknown');
    // A link without an address keeps its own.
    expect(openLink(db, noMail.token, now).state).toBe('open');

    // Saving the released gallery again, or its other settings, mails nobody.
    updateGallery(db, g.id, { released: true }, now);
    updateGallery(db, g.id, { title: 'Lough Bray, June' }, now);
    expect(queuedMails(db)).toHaveLength(1);
  });
});

describe('Email link again', () => {
  it('mails a fresh link in place of the old one, keeping the hearts, and refuses where it cannot', () => {
    const g = makeGallery(db, { title: 'Glendalough' });
    const f = makeGalleryFile(db, g.id);
    const { link, token } = makeGalleryLink(db, g.id, {
      recipientName: 'Ciara',
      recipientEmail: 'ciara@example.com',
    });
    makeFavourite(db, link.id, f.id, 'warmer');

    const again = mailLinkAgain(db, g.id, link.id, now);
    expect(again.url).toMatch(new RegExp(`/g/${again.token}$`));
    const [mail] = queuedMails(db);
    expect(mail?.to).toBe('ciara@example.com');
    expect(tokenIn(mail?.text ?? '')).toBe(again.token);
    expect(mail?.text).toContain('replaces the one you were sent before, which no longer works');
    expect(openLink(db, token, now).state).toBe('unknown');
    const opened = openLink(db, again.token, now);
    expect(opened.state).toBe('open');
    if (opened.state === 'open') expect(favouriteFiles(db, opened.link)).toHaveLength(1);

    const noAddress = makeGalleryLink(db, g.id).link;
    expect(statusOf(() => mailLinkAgain(db, g.id, noAddress.id, now))).toBe(422);
    const revoked = makeGalleryLink(db, g.id, { recipientEmail: 'r@example.com', revokedAt: now }).link;
    expect(statusOf(() => mailLinkAgain(db, g.id, revoked.id, now))).toBe(409);
    const past = makeGalleryLink(db, g.id, {
      recipientEmail: 'p@example.com',
      expiresAt: new Date(now.getTime() - DAY),
    }).link;
    expect(statusOf(() => mailLinkAgain(db, g.id, past.id, now))).toBe(409);
    // Through another gallery's address, the link is not found.
    expect(statusOf(() => mailLinkAgain(db, makeGallery(db).id, link.id, now))).toBe(404);
    expect(queuedMails(db)).toHaveLength(1);
  });
});

describe('a link’s last day on the owner’s card', () => {
  it('is the earlier of the link’s own last day and its gallery’s', () => {
    // A last day is kept as the midnight after it, in Irish time.
    const closesAfter = (day: string) => startOfIrishDay(nextDay(day));
    const g = makeGallery(db, { expiresAt: closesAfter('2026-12-31') });
    const own = (day: string | null) =>
      makeGalleryLink(db, g.id, { expiresAt: day ? closesAfter(day) : null }).link;
    expect(linkJson(own(null), g, now)).toMatchObject({ expiresOn: null, lastDay: '2026-12-31' });
    expect(linkJson(own('2026-09-30'), g, now).lastDay).toBe('2026-09-30');
    expect(linkJson(own('2027-03-01'), g, now).lastDay).toBe('2026-12-31');
    const open = makeGallery(db);
    expect(linkJson(makeGalleryLink(db, open.id).link, open, now).lastDay).toBeNull();
    // A link whose gallery has closed is expired, whatever its own last day.
    expect(linkJson(own(null), g, new Date('2027-01-02T12:00:00Z')).state).toBe('expired');
  });
});
