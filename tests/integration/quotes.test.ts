// Drone quotes over HTTP on the built server: the owner's endpoints (owner only in every spelling of
// the path, same origin only, bad bodies refused), and the client's: accepting through the mailed
// link with every refusal a sentence and nothing changed, two acceptances at once making one, a
// change asked for, and the PDF with the same total. Mails are read from the outbox.
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type FiledMail, waitForOutbox } from '../helpers/outbox';
import { farmQuoteBody, message, ownerSiteForFile } from '../helpers/owner-requests';
import { pdfText } from '../helpers/pdf-text';

const ctx = ownerSiteForFile();
const { owner } = ctx;

/** Sends the path exactly as written (fetch folds `//` and `/./` before sending). */
function rawStatus(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  const url = new URL(ctx.site.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const quote = (email: string, title = 'Aerial photos of a farm near Aughrim') =>
  farmQuoteBody(email, { title });

/** A quote made and sent by the owner; its token read from the client's mail in the outbox. */
async function sentQuote(email: string, title?: string) {
  const made = await owner('POST', '/api/admin/quotes', quote(email, title));
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const sent = await owner('POST', `/api/admin/quotes/${id}/send`);
  expect(sent.status).toBe(200);
  const mails = await waitForOutbox(ctx.site.dataDir, (all) => all.some((m) => m.to === email));
  const mail = mails.find((m) => m.to === email) as FiledMail;
  const token = mail.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
  expect(token).toHaveLength(43);
  return { id, token, mail };
}

const accept = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${ctx.site.url}/api/quotes/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.site.url, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const quoteRow = (id: string) => {
  const db = new Database(join(ctx.site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from quotes where id = ?').get(id) as Record<string, unknown>;
  } finally {
    db.close();
  }
};

describe('the owner’s quote endpoints', () => {
  it('answer 401 without a session in every spelling, 403 from another site, 400 to garbage', async () => {
    for (const path of [
      '/api/admin/quotes',
      '//api/admin/quotes',
      '/./api/admin/quotes',
      '/api/%61dmin/quotes',
      '/api/admin%2Fquotes',
      '/API/ADMIN/QUOTES',
    ]) {
      const status = await rawStatus('GET', path);
      expect([401, 400], path).toContain(status);
      expect(
        await rawStatus('POST', path, { 'content-type': 'application/json', origin: ctx.site.url }, '{}'),
        path,
      ).not.toBe(201);
    }
    expect(await rawStatus('GET', '//api/admin/quotes')).toBe(401);
    expect(await rawStatus('GET', '/./api/admin/quotes')).toBe(401);
    expect(await rawStatus('GET', '/api/%61dmin/quotes')).toBe(401);
    const crossSite = await owner('POST', '/api/admin/quotes', quote('x@example.ie'), {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const garbage = await owner('POST', '/api/admin/quotes', '{"clientName": ');
    expect(garbage.status).toBe(400);
    expect(await message(garbage)).toMatch(/valid JSON/);
    const noLines = await owner('POST', '/api/admin/quotes', {
      ...quote('x@example.ie'),
      clientEmail: 'nope',
    });
    expect(noLines.status).toBe(400);
  });

  it('lists a sent quote in words, and refuses to send it twice', async () => {
    const { id } = await sentQuote('list@example.ie', 'Survey of a roof in Arklow');
    const list = (await (await owner('GET', '/api/admin/quotes?status=sent')).json()) as {
      quotes: { id: string; standingWords: string; grossCents: number }[];
    };
    const row = list.quotes.find((q) => q.id === id);
    expect(row?.standingWords).toMatch(/^Sent \d+ \w+, valid until 31 Dec$/);
    expect(row?.grossCents).toBe(31_700);
    const again = await owner('POST', `/api/admin/quotes/${id}/send`);
    expect(again.status).toBe(409);
    expect((await owner('GET', '/api/admin/quotes?status=nonsense')).status).toBe(400);
  });
});

describe('the client’s quote endpoints', () => {
  it('refuse bad links, changed totals, missing names and unticked terms, and bad bodies, changing nothing', async () => {
    const { id, token } = await sentQuote('refusals@example.ie');
    const good = { name: 'Áine Byrne', acceptTerms: true, totalCents: 31_700 };
    for (const bad of [
      'x'.repeat(43),
      `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`,
      'short',
      'a'.repeat(44),
    ]) {
      const res = await accept(bad, good);
      expect(res.status, bad).toBe(404);
      expect(await message(res)).toBe('This quote link is not valid.');
    }
    const changed = await accept(token, { ...good, totalCents: 100 });
    expect(changed.status).toBe(409);
    expect(await message(changed)).toBe(
      'The quote changed since you opened it: reload the page to see the current figures.',
    );
    const noName = await accept(token, { ...good, name: '  ' });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { field: string }).field).toBe('name');
    const unticked = await accept(token, { ...good, acceptTerms: false });
    expect(unticked.status).toBe(400);
    expect(await message(unticked)).toMatch(/I accept the terms above/);
    expect((await accept(token, 'not json')).status).toBe(400);
    expect((await accept(token, { ...good, name: 'x'.repeat(100_000) })).status).toBe(413);
    expect((await accept(token, good, { origin: 'https://evil.example' })).status).toBe(403);
    expect(quoteRow(id)).toMatchObject({ status: 'sent', accepted_at: null });
  });

  it('accepts once when two acceptances arrive together, records it, and mails both sides', async () => {
    const { id, token } = await sentQuote('accept@example.ie');
    const body = { name: 'Áine Byrne', acceptTerms: true, totalCents: 31_700 };
    const answers = await Promise.all([accept(token, body), accept(token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409) as Response;
    expect(await message(refused)).toMatch(/^This quote was already accepted on \d+ \w+ \d{4}\.$/);
    expect(quoteRow(id)).toMatchObject({
      status: 'accepted',
      accepted_name: 'Áine Byrne',
      accepted_total_cents: 31_700,
      accepted_ip: '127.0.0.1',
    });
    const mails = await waitForOutbox(
      ctx.site.dataDir,
      (all) =>
        all.filter((m) => m.subject.includes('accepted') || m.subject.includes('Quote accepted')).length >= 2,
    );
    expect(mails.find((m) => m.to === 'accept@example.ie' && /You accepted/.test(m.subject))?.text).toContain(
      'Accepted by: Áine Byrne',
    );
    expect(
      mails.find((m) => m.to === 'owner@example.com' && /Quote accepted by Áine Byrne/.test(m.subject)),
    ).toBeDefined();
    // The page now says so, and is never cached.
    const page = await fetch(`${ctx.site.url}/quote/${token}`);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Accepted by Áine Byrne');
  });

  it('takes a change request to the owner, and serves the PDF with the same total', async () => {
    const { id, token, mail } = await sentQuote('change@example.ie');
    const asked = await fetch(`${ctx.site.url}/api/quotes/${token}/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ctx.site.url },
      body: JSON.stringify({ message: 'Could we add a short video of the house?' }),
    });
    expect(asked.status).toBe(200);
    expect(quoteRow(id)).toMatchObject({ status: 'changes_requested' });
    await waitForOutbox(ctx.site.dataDir, (all) =>
      all.some(
        (m) => m.to === 'owner@example.com' && m.text.includes('Could we add a short video of the house?'),
      ),
    );
    const empty = await fetch(`${ctx.site.url}/api/quotes/${token}/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ctx.site.url },
      body: JSON.stringify({ message: '' }),
    });
    expect(empty.status).toBe(400);

    const pdf = await fetch(`${ctx.site.url}/quote/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('€317.00');
    // The mail that sent the link carries the same quote as a PDF.
    const attached = mail.attachments;
    expect(attached.map((a) => [a.filename, a.contentType])).toEqual([
      ['Quote - Aerial photos of a farm near Aughrim.pdf', 'application/pdf'],
    ]);
    expect(pdfText(attached[0]?.content ?? Buffer.alloc(0))).toContain('€317.00');
    expect((await fetch(`${ctx.site.url}/quote/${'x'.repeat(43)}/pdf`)).status).toBe(404);
    expect((await fetch(`${ctx.site.url}/quote/${'x'.repeat(43)}`)).status).toBe(404);
  });
});
