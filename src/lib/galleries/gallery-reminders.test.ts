// The expiry reminder: queued 7 days before a gallery expires, only when the owner switched it on,
// once per expiry, to each open link with an e-mail address (never a revoked or expired link's),
// and again after the owner sets a new expiry. An expired gallery is kept, never deleted.
import { beforeEach, describe, expect, it } from 'vitest';
import { findGallery, updateGallery } from '~/lib/galleries/galleries.server';
import { sendExpiryReminders } from '~/lib/galleries/gallery-reminders.server';
import { galleryUpdateSchema } from '~/lib/galleries/schemas';
import type { Db } from '~/lib/platform/server/db';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeGallery, makeGalleryLink } from '~tests/helpers/gallery-factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('gallery-reminders');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});
const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-01T09:00:00Z');
const inDays = (n: number) => new Date(now.getTime() + n * DAY);

describe('expiry reminders', () => {
  it('mails each open recipient with an address once, 7 days before, when switched on', () => {
    const g = makeGallery(db, { title: 'Wicklow Gap', expiresAt: inDays(6), expiryReminder: true });
    makeGalleryLink(db, g.id, { recipientName: 'Ciara', recipientEmail: 'ciara@example.com' });
    makeGalleryLink(db, g.id, { recipientName: 'No address' });
    makeGalleryLink(db, g.id, { recipientEmail: 'revoked@example.com', revokedAt: inDays(-1) });
    makeGalleryLink(db, g.id, { recipientEmail: 'expired@example.com', expiresAt: inDays(-1) });
    // Not switched on, too far off, already past: no mail.
    makeGalleryLink(db, makeGallery(db, { expiresAt: inDays(3) }).id, { recipientEmail: 'off@example.com' });
    const far = makeGallery(db, { expiresAt: inDays(8), expiryReminder: true });
    makeGalleryLink(db, far.id, { recipientEmail: 'far@example.com' });
    const past = makeGallery(db, { expiresAt: inDays(-1), expiryReminder: true });
    makeGalleryLink(db, past.id, { recipientEmail: 'past@example.com' });

    expect(sendExpiryReminders(db, now)).toBe(1);
    const [mail] = queuedMails(db);
    expect(mail?.to).toBe('ciara@example.com');
    expect(mail?.subject).toBe('Your gallery closes soon: Wicklow Gap');
    expect(mail?.text).toContain('stays open until 2026-06-07 (inclusive)');
    expect(sendExpiryReminders(db, new Date(now.getTime() + 60_000))).toBe(0);
    // The expired gallery is still there.
    expect(findGallery(db, past.id).id).toBe(past.id);
  });

  it('reminds again after the owner sets a new expiry', () => {
    const g = makeGallery(db, { expiresAt: inDays(5), expiryReminder: true });
    makeGalleryLink(db, g.id, { recipientEmail: 'ciara@example.com' });
    expect(sendExpiryReminders(db, now)).toBe(1);
    updateGallery(db, g.id, galleryUpdateSchema.parse({ expiresOn: '2026-06-05' }), now);
    expect(sendExpiryReminders(db, now)).toBe(1);
    expect(queuedMails(db)).toHaveLength(2);
  });
});
