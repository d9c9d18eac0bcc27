// A recipient's "Send my selection": the owner is mailed at most once per link every ten minutes.
// The first send goes at once; the sends that follow within the ten minutes are gathered into one
// mail, due when the ten minutes are over, which always carries the latest selection (it is
// rewritten by each send, in the send's own transaction) and is delivered by the sender whether or
// not the client sends again.
import { beforeEach, describe, expect, it } from 'vitest';
import { SELECTION_MAIL_EVERY_MS, sendSelection } from '~/lib/galleries/gallery-favourites.server';
import type { Db } from '~/lib/platform/server/db';
import type { Mail } from '~/lib/platform/server/mail/mail';
import { deliverDueMails } from '~/lib/platform/server/mail/mail-sender';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import {
  makeFavourite,
  makeGallery,
  makeGalleryFile,
  makeGalleryLink,
} from '~tests/helpers/gallery-factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('gallery-selection-mail');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const t0 = new Date('2030-05-10T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function transport() {
  const sent: Mail[] = [];
  return { sent, send: async (mail: Mail) => void sent.push(mail) };
}

describe('the selection mail to the owner', () => {
  it('gives 1 mail now and 1 gathered mail later for 35 sends in quick succession, not 35', async () => {
    const g = makeGallery(db, { title: 'Powerscourt' });
    const a = makeGalleryFile(db, g.id, { fileName: 'A.jpg', sortOrder: 1 });
    const b = makeGalleryFile(db, g.id, { fileName: 'B.jpg', sortOrder: 2 });
    const { link } = makeGalleryLink(db, g.id, { recipientName: 'Niamh' });
    makeFavourite(db, link.id, a.id);
    const out = transport();

    sendSelection(db, g, link, t0);
    // The sender delivers the first at once.
    expect(await deliverDueMails(db, { transport: out.send, clock: () => at(1000) })).toMatchObject({
      sent: 1,
    });
    for (let i = 1; i < 35; i++) {
      // The last change comes with the last send: a note on a second photo.
      if (i === 34) makeFavourite(db, link.id, b.id, 'crop the chimney');
      sendSelection(db, g, link, at(i * 5000));
    }
    expect(queuedMails(db)).toHaveLength(2);
    // Nothing more goes before the ten minutes are over, whoever asks.
    await deliverDueMails(db, { transport: out.send, clock: () => at(SELECTION_MAIL_EVERY_MS - 1000) });
    expect(out.sent).toHaveLength(1);
    // The client has stopped; a later run of the sender mails what was gathered.
    await deliverDueMails(db, { transport: out.send, clock: () => at(SELECTION_MAIL_EVERY_MS) });
    expect(out.sent).toHaveLength(2);
    const [first, gathered] = out.sent;
    expect(first?.text).toContain('A.jpg');
    expect(first?.text).not.toContain('B.jpg');
    expect(gathered?.subject).toBe('Selection from Niamh: Powerscourt (updated)');
    expect(gathered?.text).toContain('A.jpg, B.jpg');
    expect(gathered?.text).toContain('crop the chimney');
    expect(gathered?.text).toContain('after the one mailed at 10 May 2030, 11:00');
  });

  it('mails at once again once ten minutes have passed since the last mail, and keeps links apart', async () => {
    const g = makeGallery(db);
    const f = makeGalleryFile(db, g.id);
    const one = makeGalleryLink(db, g.id, { recipientName: 'Niamh' }).link;
    const two = makeGalleryLink(db, g.id, { recipientName: 'Niamh' }).link;
    makeFavourite(db, one.id, f.id, 'one');
    makeFavourite(db, two.id, f.id, 'two');
    sendSelection(db, g, one, t0);
    sendSelection(db, g, two, at(1000));
    sendSelection(db, g, two, at(2000));
    const mails = queuedMails(db);
    expect(mails).toHaveLength(3);
    expect(mails.filter((m) => m.text.includes('two'))).toHaveLength(2);
    sendSelection(db, g, one, at(SELECTION_MAIL_EVERY_MS + 1));
    expect(queuedMails(db)).toHaveLength(4);
  });
});
