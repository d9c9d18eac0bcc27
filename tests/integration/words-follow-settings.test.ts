// The home page's words follow the owner's settings over HTTP on the built server: the FAQ and the
// pricing guide say what gloss costs from the prices charged, and the anonymous page, kept by the
// front's page cache, shows the new words on the first request after a save; the drone price and
// packages, the footer's text and its social links are editable, a link only as an http(s) address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ SOCIAL_PROFILE_URL: 'https://www.instagram.com/wicklowlight' });
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay', width: 6000, height: 4000 });
    for (const size of ['small', 'medium', 'large'] as const) {
      for (const finish of ['matte', 'gloss'] as const) makeVariant(db, { photoId: 'p-tay', size, finish });
    }
  });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: string, path: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The home page as an anonymous visitor gets it, with the page cache's verdict. */
async function home() {
  const res = await fetch(`${server.url}/`);
  return { cache: res.headers.get('x-cache'), html: await res.text() };
}

/** The visible text of the FAQ and of the pricing guide, tags dropped. */
const textOf = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('</section>', start);
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
};

describe('gloss against matte on the home page', () => {
  it('says both finishes cost the same while they do', async () => {
    const { html } = await home();
    expect(textOf(html, 'faq-title')).toContain('Both finishes cost the same at every size.');
    expect(textOf(html, 'pricing-guide-title')).toContain('Both finishes cost the same at every size.');
  });

  it('after gloss is priced dearer, the cached page says by how much on the next request', async () => {
    await home();
    expect((await home()).cache).toBe('hit');
    const res = await call('PUT', '/api/admin/pricing', {
      updates: [
        { size: 'small', finish: 'gloss', price: '50' },
        { size: 'medium', finish: 'gloss', price: '80' },
        { size: 'large', finish: 'gloss', price: '115' },
      ],
    });
    expect(res.status).toBe(200);
    const { cache, html } = await home();
    expect(cache).toBe('miss');
    const sentence = 'Gloss costs €5.00 more than matte at every size.';
    expect(textOf(html, 'faq-title')).toContain(sentence);
    expect(textOf(html, 'pricing-guide-title')).toContain(sentence);
    expect(html).not.toContain('Both finishes cost the same');
  });

  it('a different gap per size is said size by size', async () => {
    await call('PUT', '/api/admin/pricing', { updates: [{ size: 'small', finish: 'gloss', price: '45' }] });
    const { html } = await home();
    expect(textOf(html, 'faq-title')).toContain(
      'Against matte, gloss costs the same for a small print, €5.00 more for a medium print and €5.00 more for a large print.',
    );
  });
});

/** The visible text of a page as an anonymous visitor gets it, tags dropped. */
async function pageText(path: string) {
  const res = await fetch(`${server.url}${path}`);
  const html = await res.text();
  return {
    cache: res.headers.get('x-cache'),
    html,
    text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  };
}

describe('the drone price and packages are editable content', () => {
  it('shows today’s price and packages until the owner changes them', async () => {
    const home = await pageText('/');
    expect(home.text).toContain('from €299');
    expect(home.text).toContain('A half-day shoot starts from €299,');
    expect(home.text).toContain('Site surveys');
    const drone = await pageText('/drone-services');
    expect(drone.text).toContain('From €299 for a half-day shoot');
    expect(drone.html).toContain('"minPrice":299');
  });

  it('a saved price and package reach the cached / and /drone-services on the next request', async () => {
    await pageText('/');
    await pageText('/drone-services');
    expect((await pageText('/')).cache).toBe('hit');
    expect((await pageText('/drone-services')).cache).toBe('hit');
    const saves = [
      { section: 'drone', key: 'price', content: '€349' },
      { section: 'drone', key: 'service3Name', content: 'Roof inspections' },
      { section: 'droneServices', key: 'service3Name', content: 'Roof and land inspections' },
    ];
    for (const body of saves) expect((await call('PUT', '/api/website-content', body)).status).toBe(200);

    const home = await pageText('/');
    expect(home.cache).toBe('miss');
    expect(home.text).toContain('from €349');
    expect(home.text).toContain('A half-day shoot starts from €349,');
    expect(home.text).toContain('Roof inspections');
    expect(home.text).not.toContain('€299');
    const drone = await pageText('/drone-services');
    expect(drone.text).toContain('Across Ireland · from €349');
    expect(drone.text).toContain('From €349 for a half-day shoot');
    expect(drone.text).toContain('Roof and land inspections');
    expect(drone.html).toContain('"minPrice":349');
    expect(drone.text).not.toContain('€299');
  });
});

/** The footer's social links as a visitor gets them: [label, href]. */
const socialLinks = (html: string) => {
  const list = /<ul[^>]*aria-label="Social links"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<a href="([^"]*)"[^>]*>\s*([^<]*?)\s*<\/a>/g)].map((m) => [m[2], m[1]]);
};

describe('the footer text and social links are editable content', () => {
  it('shows today’s text, and the SOCIAL_PROFILE_URL setting as the first link by default', async () => {
    const { html, text } = await pageText('/shop');
    expect(text).toContain(
      'Landscape and aerial photography from the Garden of Ireland. Fine-art prints, made to order.',
    );
    expect(socialLinks(html)).toEqual([['Instagram', 'https://www.instagram.com/wicklowlight']]);
  });

  it('a link that is not an http(s) address is a 400 with a sentence, and nothing is saved', async () => {
    for (const content of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,hi',
      'www.flickr.com/me',
      'ftp://example.com/',
    ]) {
      const res = await call('PUT', '/api/website-content', {
        section: 'footer',
        key: 'social2Url',
        content,
      });
      expect(res.status, content).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(
        'A link must be a web address starting with https:// or http://.',
      );
    }
    const stored = (await (await call('GET', '/api/website-content/footer')).json()) as { key: string }[];
    expect(stored.map((e) => e.key)).not.toContain('social2Url');
  });

  it('saved text and links reach the cached pages on the next request', async () => {
    await pageText('/shop');
    expect((await pageText('/shop')).cache).toBe('hit');
    const saves = [
      { section: 'footer', key: 'text', content: 'Prints and aerial work from the Wicklow hills.' },
      { section: 'footer', key: 'social1Url', content: 'https://www.flickr.com/photos/wicklowlight' },
      { section: 'footer', key: 'social2Url', content: 'https://vimeo.com/wicklowlight' },
    ];
    for (const body of saves) expect((await call('PUT', '/api/website-content', body)).status).toBe(200);
    for (const path of ['/shop', '/']) {
      const { cache, html, text } = await pageText(path);
      expect(cache, path).toBe('miss');
      expect(text).toContain('Prints and aerial work from the Wicklow hills.');
      expect(socialLinks(html)).toEqual([
        ['Flickr', 'https://www.flickr.com/photos/wicklowlight'],
        ['Vimeo', 'https://vimeo.com/wicklowlight'],
      ]);
    }
  });
});
