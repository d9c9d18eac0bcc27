// Contact enquiries: each is stored with the owner's mail queued in the same transaction (plain text,
// with the visitor's address to reply to), and one address may send 5 an hour (counted from the stored rows, so a restart does
// not reset it).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_LIMIT_PER_HOUR,
  countRecentInquiries,
  inquiryMailText,
  submitInquiry,
} from '~/lib/enquiries/contact.server';
import { type ContactData, contactSchema } from '~/lib/enquiries/schemas';
import type { Db } from '~/lib/platform/server/db';
import { contactInquiries } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeEnquiry } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('contact');
const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2025-05-20T10:00:00Z');

const enquiry: ContactData = {
  firstName: 'Cian',
  lastName: 'Doyle',
  email: 'cian@example.ie',
  serviceInterest: 'drone',
  message: 'Could you film our farm from the air in May?\nThanks!',
};

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('submitting an enquiry', () => {
  it('stores it and queues the owner’s mail, with the visitor to reply to', async () => {
    const { id } = await submitInquiry(db, enquiry, NOW);
    expect(db.select().from(contactInquiries).all()).toEqual([
      { id, ...enquiry, handledAt: null, createdAt: new Date(NOW) },
    ]);
    const mails = queuedMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'owner@example.com',
      replyTo: 'cian@example.ie',
      subject: 'New enquiry from Cian Doyle (Drone Photography/Video)',
      text: inquiryMailText(enquiry),
      status: 'pending',
    });
  });

  it('writes the mail as plain text, saying when no service was chosen', () => {
    const text = inquiryMailText({ ...enquiry, serviceInterest: undefined, message: '<b>hi</b>' });
    expect(text.split('\n').slice(0, 4)).toEqual([
      'From: Cian Doyle <cian@example.ie>',
      'Service interest: Not given',
      '',
      '<b>hi</b>',
    ]);
    expect(text).toContain('within 24 hours');
  });

  it('refuses a sixth enquiry from one address within the hour with 429, storing nothing', async () => {
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) await submitInquiry(db, enquiry, NOW - i * 60_000);
    await expect(submitInquiry(db, enquiry, NOW)).rejects.toMatchObject({
      status: 429,
      message: 'You have sent 5 messages in the last hour. Please wait a while before sending another.',
    });
    expect(db.select().from(contactInquiries).all()).toHaveLength(CONTACT_LIMIT_PER_HOUR);
    expect(queuedMails(db)).toHaveLength(CONTACT_LIMIT_PER_HOUR);
    // Another address is not held back.
    await expect(submitInquiry(db, { ...enquiry, email: 'other@example.ie' }, NOW)).resolves.toBeTruthy();
  });

  it('counts only the last hour of enquiries from that address', () => {
    for (let i = 0; i < 4; i++) makeEnquiry(db, { createdAt: new Date(NOW - 10 * 60_000) });
    makeEnquiry(db, { createdAt: new Date(NOW - HOUR - 1) });
    makeEnquiry(db, { email: 'someone@example.ie', createdAt: new Date(NOW) });
    expect(countRecentInquiries(db, 'cian@example.ie', NOW)).toBe(4);
    expect(countRecentInquiries(db, 'cian@example.ie', NOW + HOUR)).toBe(0);
  });
});

describe('line breaks and other control characters in an enquiry', () => {
  const form = { ...enquiry, serviceInterest: 'drone' };
  const controls = ['\r\n', '\n', '\t', '\u0000', '\u007f', '\u0085', '\u2028', '\u2029'];

  it('are refused in the names, with a message a person understands', () => {
    for (const c of controls) {
      for (const [field, label] of [
        ['firstName', 'First name'],
        ['lastName', 'Last name'],
      ] as const) {
        const parsed = contactSchema.safeParse({ ...form, [field]: `Eve${c}Bcc: victim@example.com` });
        expect(parsed.success, `${field} ${JSON.stringify(c)}`).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(
          `${label} must be one line of text, without line breaks, tabs or invisible characters`,
        );
      }
    }
  });

  it('are kept out of the lines of the owner’s mail even when stored (the message keeps its line breaks)', () => {
    const text = inquiryMailText({
      ...enquiry,
      firstName: 'Eve\r\nBcc: victim@example.com',
      lastName: 'Doyle\u2028Cc: other@example.com',
      message: 'Line one\r\nLine two\u2028Line three\u0000\tend',
    });
    expect(text.split('\n').slice(0, 6)).toEqual([
      'From: Eve Bcc: victim@example.com Doyle Cc: other@example.com <cian@example.ie>',
      'Service interest: Drone Photography/Video',
      '',
      'Line one',
      'Line two',
      'Line three end',
    ]);
  });
});
