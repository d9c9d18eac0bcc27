// The FAQ is the owner's editable list, over HTTP on the built server: only the owner reads and
// saves it (401 signed out, 403 for another account); a list breaking a rule or naming an unknown
// placeholder is refused whole with a 400 that says why, and the saved list stays; a saved list
// reaches the cached home page on the next request, and its placeholders follow the settings without
// another edit. The copyright line, the price card's promises and the packages' points are
// editable text like the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let owner: string;
let former: string;

beforeAll(async () => {
  // An account that is no longer the owner's: made while OWNER_EMAIL named it, kept after.
  const first = await startServer({ OWNER_EMAIL: 'former@example.com' });
  await first.stop();
  server = await startServer({ DATA_DIR: first.dataDir });
  owner = await signIn(server.url);
  former = await signIn(server.url, 'former@example.com');
  withSiteDb(server.dataDir, (db) => {
    makePhoto(db, { id: 'p-faq', title: 'Lough Dan', width: 6000, height: 4000 });
    for (const size of ['small', 'medium', 'large'] as const) {
      for (const finish of ['matte', 'gloss'] as const) makeVariant(db, { photoId: 'p-faq', size, finish });
    }
  });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: string, path: string, body?: unknown, cookie = owner) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A page as an anonymous visitor gets it (kept by the front's page cache), tags dropped. */
async function visit(path: string) {
  const res = await fetch(`${server.url}${path}`);
  const html = await res.text();
  return {
    cache: res.headers.get('x-cache'),
    html,
    text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  };
}

/** The questions and answers of the home page's FAQ, as visitors read them, in order. */
async function homeFaq() {
  const { html, cache } = await visit('/');
  const start = html.indexOf('id="faq"');
  if (start < 0) return { cache, entries: [] };
  const section = html.slice(start, html.indexOf('</section>', start));
  const plain = (s: string) =>
    s
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const entries = [...section.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>\s*<p[^>]*>([\s\S]*?)<\/p>/g)].map(
    (m) => ({ question: plain(m[1] ?? ''), answer: plain(m[2] ?? '') }),
  );
  return { cache, entries };
}

const LIST = [
  { question: 'Do you ship to Northern Ireland?', answer: 'Yes, in {reply_time} I confirm the date.' },
  { question: 'Is gloss dearer?', answer: 'Matte or gloss: {gloss_price_sentence}' },
  { question: 'What sizes?', answer: 'Three: {print_sizes}.' },
];

describe('who may read and save the FAQ', () => {
  it('answers a visitor 401 and another account 403, and changes nothing', async () => {
    for (const cookie of ['', former]) {
      const status = cookie ? 403 : 401;
      expect((await call('GET', '/api/admin/faq', undefined, cookie)).status).toBe(status);
      const put = await call('PUT', '/api/admin/faq', { entries: [] }, cookie);
      expect(put.status).toBe(status);
      expect((await put.json()).message).toEqual(expect.any(String));
    }
    expect((await homeFaq()).entries).toHaveLength(5);
  });
});

describe('the owner’s FAQ', () => {
  it('starts as today’s five questions, with the facts filled from the settings', async () => {
    const res = await call('GET', '/api/admin/faq');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.entries).toHaveLength(5);
    expect(body.entries[4].answer).toContain('starts from {drone_price}');
    expect(body.placeholders).toContainEqual({
      name: 'drone_price',
      meaning: expect.stringContaining('half-day drone price'),
      value: '€299',
    });
    const { entries } = await homeFaq();
    expect(entries[0]).toEqual({
      question: 'What print sizes do you offer?',
      answer:
        'Prints come in small 8 × 12 in (20 × 30 cm), medium 12 × 16 in (30 × 41 cm) and large 16 × 20 in (41 × 51 cm). Matte is photographic paper with a matte surface: no glare, soft blacks. Gloss is photographic paper with a gloss surface: deep blacks and vivid colour. For another size, send a message through the form with “Custom Print Order” selected.',
    });
    expect(entries[1]?.answer).toContain('Both finishes cost the same at every size.');
    expect(entries[4]?.answer).toContain('A half-day shoot starts from €299, edited material');
  });

  it('is saved whole and in order, and the cached home page shows it on the next request', async () => {
    await homeFaq();
    expect((await homeFaq()).cache).toBe('hit');
    const res = await call('PUT', '/api/admin/faq', { entries: LIST });
    expect(res.status).toBe(200);
    expect((await res.json()).entries).toEqual(LIST);
    const { cache, entries } = await homeFaq();
    expect(cache).toBe('miss');
    expect(entries).toEqual([
      { question: 'Do you ship to Northern Ireland?', answer: 'Yes, in 24 hours I confirm the date.' },
      { question: 'Is gloss dearer?', answer: 'Matte or gloss: Both finishes cost the same at every size.' },
      {
        question: 'What sizes?',
        answer:
          'Three: small 8 × 12 in (20 × 30 cm), medium 12 × 16 in (30 × 41 cm) and large 16 × 20 in (41 × 51 cm).',
      },
    ]);
  });

  it('refuses a bad list whole with a 400 that says why, and keeps the saved one', async () => {
    const refusals: [unknown, string][] = [
      [
        { entries: [...LIST, { question: 'Cost?', answer: 'From {drone_cost}, or {dronePrice}.' }] },
        'Answer 4 uses the unknown placeholders {drone_cost}, {dronePrice}. The placeholders you can use are {print_sizes},',
      ],
      [{ entries: [{ question: '   ', answer: 'Yes.' }] }, 'Question 1 is empty'],
      [
        { entries: [{ question: 'Long?', answer: 'x'.repeat(2001) }] },
        'Answer 1 is 2001 characters long; at most 2000 fit.',
      ],
      [
        { entries: Array.from({ length: 41 }, () => ({ question: 'Q?', answer: 'A.' })) },
        'at most 40 questions',
      ],
      [
        { entries: [{ question: 'Bell\u0007?', answer: 'A.' }] },
        'Question 1 holds an invisible control character',
      ],
      [{ entries: 'all of them' }, 'The FAQ must be a list of questions and answers.'],
      ['{"entries": [', 'The request body must be valid JSON.'],
    ];
    for (const [body, message] of refusals) {
      const res = await call('PUT', '/api/admin/faq', body);
      expect(res.status, message).toBe(400);
      expect((await res.json()).message).toContain(message);
    }
    expect((await (await call('GET', '/api/admin/faq')).json()).entries).toEqual(LIST);
    expect((await homeFaq()).entries.map((e) => e.question)).toEqual(LIST.map((e) => e.question));
  });

  it('follows a change of the gloss price without being edited', async () => {
    const gloss = { size: 'small', finish: 'gloss', price: '52' };
    expect((await call('PUT', '/api/admin/pricing', { updates: [gloss] })).status).toBe(200);
    const { cache, entries } = await homeFaq();
    expect(cache).toBe('miss');
    expect(entries[1]?.answer).toBe(
      'Matte or gloss: Against matte, gloss costs €7.00 more for a small print, the same for a medium print and the same for a large print.',
    );
  });

  it('with no questions, the home page has no FAQ section', async () => {
    expect((await call('PUT', '/api/admin/faq', { entries: [] })).status).toBe(200);
    const { html } = await visit('/');
    expect(html).not.toContain('id="faq"');
    expect(html).toContain('id="contact"');
  });
});

describe('the other texts made editable', () => {
  const saveText = (section: string, key: string, content: string) =>
    call('PUT', '/api/website-content', { section, key, content });

  it('the copyright line keeps its year generated, and refuses an unknown placeholder', async () => {
    const year = new Date().getFullYear();
    expect((await visit('/')).text).toContain(`© ${year} Wicklow Light Photography. All rights reserved.`);
    const refused = await saveText('footer', 'copyright', '© {yaer} Wicklow Light');
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(
      'The text uses the unknown placeholder {yaer}. The placeholders you can use are {year}.',
    );
    expect((await saveText('footer', 'copyright', '© {year} Áine Byrne, Wicklow Light')).status).toBe(200);
    expect((await visit('/shop')).text).toContain(`© ${year} Áine Byrne, Wicklow Light`);
  });

  it('the price card’s promises and the packages’ points show today’s text until saved', async () => {
    expect((await visit('/')).text).toContain('Edited material delivered within 48\u201172 hours');
    expect((await visit('/drone-services')).text).toContain('Roof and structure inspections');
    expect((await saveText('drone', 'promise3', 'Fully insured, EU-registered operator')).status).toBe(200);
    expect((await saveText('droneServices', 'service3Point2', 'Roof and gutter inspections')).status).toBe(
      200,
    );
    expect((await visit('/')).text).toContain('Fully insured, EU-registered operator');
    const drone = (await visit('/drone-services')).text;
    expect(drone).toContain('Roof and gutter inspections');
    expect(drone).not.toContain('Roof and structure inspections');
  });
});
