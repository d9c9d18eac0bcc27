// The owner's enquiries: those waiting for an answer by default (or all), newest first, with the
// service in words, a reply subject and the number still waiting; marking one handled keeps the
// first time it was marked, and it can be set waiting again.
import { beforeEach, describe, expect, it } from 'vitest';
import { listEnquiries, setEnquiryHandled } from '~/lib/enquiries/enquiries.server';
import { enquiriesQuerySchema, enquiryHandledSchema } from '~/lib/enquiries/schemas';
import type { Db } from '~/lib/platform/server/db';
import { memoryDb } from '~tests/helpers/db';
import { makeEnquiry } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('listing enquiries', () => {
  it('gives the unhandled ones newest first by default, all on asking, and the count waiting', () => {
    const older = makeEnquiry(db, { serviceInterest: 'prints' });
    const done = makeEnquiry(db, { handledAt: new Date() });
    const newer = makeEnquiry(db, { serviceInterest: null });
    const waiting = listEnquiries(db);
    expect(waiting.unhandled).toBe(2);
    expect(waiting.enquiries.map((e) => e.id)).toEqual([newer.id, older.id]);
    const all = listEnquiries(db, 'all');
    expect(all.enquiries.map((e) => e.id)).toEqual([newer.id, done.id, older.id]);
    expect(all.unhandled).toBe(2);
  });

  it('shows each with its service in words and a reply subject', () => {
    const drone = makeEnquiry(db, { serviceInterest: 'drone', firstName: 'Cian', message: 'May?' });
    makeEnquiry(db, { serviceInterest: null });
    const [none, withDrone] = listEnquiries(db).enquiries;
    expect(withDrone).toEqual({
      id: drone.id,
      firstName: 'Cian',
      lastName: 'Doyle',
      email: 'cian@example.ie',
      serviceInterest: 'drone',
      serviceLabel: 'Drone Photography/Video',
      message: 'May?',
      createdAt: drone.createdAt,
      handledAt: null,
      replySubject: 'Re: your enquiry about Drone Photography/Video',
    });
    expect(none).toMatchObject({
      serviceInterest: null,
      serviceLabel: null,
      replySubject: 'Re: your enquiry',
    });
  });
});

describe('marking an enquiry', () => {
  it('handled takes it off the waiting list and keeps the first time it was marked', () => {
    const e = makeEnquiry(db);
    const first = new Date('2025-05-01T10:00:00Z');
    expect(setEnquiryHandled(db, e.id, true, first).handledAt).toEqual(first);
    expect(setEnquiryHandled(db, e.id, true, new Date('2025-05-02T10:00:00Z')).handledAt).toEqual(first);
    expect(listEnquiries(db)).toEqual({ enquiries: [], unhandled: 0 });
  });

  it('not handled puts it back on the waiting list', () => {
    const e = makeEnquiry(db, { handledAt: new Date() });
    expect(setEnquiryHandled(db, e.id, false).handledAt).toBeNull();
    expect(listEnquiries(db).enquiries.map((x) => x.id)).toEqual([e.id]);
  });

  it('is a 404 for an unknown enquiry', () => {
    expect(() => setEnquiryHandled(db, 'no-such-enquiry', true)).toThrow(
      expect.objectContaining({ status: 404, message: 'That enquiry was not found.' }),
    );
  });
});

describe('the enquiry payloads', () => {
  it('take unhandled or all as the filter, unhandled when absent', () => {
    expect(enquiriesQuerySchema.parse({}).filter).toBe('unhandled');
    expect(enquiriesQuerySchema.parse({ filter: 'all' }).filter).toBe('all');
    expect(enquiriesQuerySchema.safeParse({ filter: 'spam' }).success).toBe(false);
  });

  it('take handled as true or false only', () => {
    expect(enquiryHandledSchema.parse({ handled: true })).toEqual({ handled: true });
    for (const bad of [{}, { handled: 'yes' }, { handled: 1 }]) {
      expect(enquiryHandledSchema.safeParse(bad).success).toBe(false);
    }
  });
});
