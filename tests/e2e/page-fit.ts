// What the page-fit tests share (page-fit.spec.ts at 1280 px, page-fit.phone.spec.ts on a 390 px
// phone): the list of every page, admin tab and dialog; a busy day's data (an unhandled enquiry, 25
// orders, a refunded order, a mail that could not be delivered), made through the site's own API
// and database and removed afterwards; and the measure of a page that does not fit its screen.
//
// The page must be no wider than the DEVICE (390 or 1280 px): document.documentElement.scrollWidth
// is compared with that width, never with innerWidth, which grows to fit the content under mobile
// emulation (a phone zooms out to show a page that is too wide, so a test against it cannot fail).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { eq, like } from 'drizzle-orm';
import { contactInquiries, mailQueue, orderItems, orders, photos as photoRows, quotes } from '~db/schema';
import { OWNER } from '../../playwright.config';
import { withSiteDb } from '../helpers/db';
import { makeEditionCopy, makeOrder } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import {
  addGalleryFiles,
  galleryPhoto,
  makeGallery,
  makeGalleryLink,
  removeGallery,
} from '../helpers/gallery-factories';
import { mailsFiledTo } from '../helpers/mail-file';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

/** Signs the owner in and lands on `path`. */
export async function signIn(page: Page, path = '/admin') {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
}

/** What a busy day leaves in the shop, with names long enough to test the layout. */
export interface BusyDay {
  /** The start of the 25 orders' e-mails, to search them by. */
  buyerSearch: string;
  refundedEmail: string;
  refundedOrderId: string;
  /** The certificate of a numbered copy of a limited edition. */
  certificateCode: string;
  /** A client gallery's link, with two photos and a long message. */
  galleryToken: string;
  /** A drone quote's link, sent and waiting for the client's answer, with long words in it. */
  quoteToken: string;
  remove: () => void;
}

/**
 * An unhandled enquiry (through the contact form's API), 25 orders (through the factories, as the
 * orders list's own test makes them), a test-mode purchase refunded through the admin's API (so
 * `request` ends signed in as the owner), and a failed mail (as the mail sender leaves one). Names
 * are this run's own; `remove` deletes them all.
 */
export async function makeBusyDay(request: APIRequestContext, baseURL: string): Promise<BusyDay> {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const headers = { origin: baseURL };
  const buyerName = `Siobhán Ní Mhaolmhuaidh-Fitzgerald ${run}`;
  const buyerEmail = (i: number) =>
    `siobhan.nimhaolmhuaidh.fitzgerald.${run}.${i}@a-rather-long-domain-name.example.ie`;
  const refundedEmail = `padraig.oceallachain.${run}@example.ie`;

  const enquiry = await request.post('/api/contact', {
    headers,
    data: {
      firstName: 'Gráinne',
      lastName: `Fit-Check ${run}`,
      email: `grainne.fitcheck.${run}@a-rather-long-domain-name.example.ie`,
      serviceInterest: 'prints',
      message:
        'Could I have Lough Tay printed at 30x40 inches for a wedding present, framed, by the end of the month? https://www.example.ie/a/very/long/link/that/does/not/break/anywhere/at/all',
    },
  });
  expect(enquiry.status()).toBe(201);

  // A certificate's code is 24 letters a–z and digits 2–7.
  const certificateCode = `fit${run.replace(/[^a-z2-7]/g, 'a')}`.padEnd(24, 'a').slice(0, 24);
  const shots = [
    await galleryPhoto(DATA_DIR, `DJI_0301_a_rather_long_file_name_from_the_drone_${run}.JPG`),
    await galleryPhoto(DATA_DIR, 'DJI_0302.JPG'),
  ];
  let galleryToken = '';
  let galleryId = '';
  withSiteDb(DATA_DIR, (db) => {
    const gallery = makeGallery(db, {
      title: `Powerscourt wedding of Gráinne and Pádraig Ó Ceallacháin ${run}`,
      message: 'Here are the photos of your day. '.repeat(12),
      printsAllowed: true,
    });
    galleryId = gallery.id;
    addGalleryFiles(db, gallery.id, shots);
    galleryToken = makeGalleryLink(db, gallery.id, { recipientName: 'Gráinne' }).token;
    const photo = db.select({ id: photoRows.id }).from(photoRows).limit(1).get();
    if (!photo) throw new Error('The demo photos are missing');
    const copy = makeEditionCopy(db, {
      photoId: photo.id,
      number: 1,
      soldAt: new Date(),
      certificateCode,
    });
    // Its order goes with the others in `remove`.
    db.update(orders).set({ customerName: buyerName }).where(eq(orders.id, copy.orderId)).run();
    db.update(orderItems).set({ editionSize: 10 }).where(eq(orderItems.id, copy.orderItemId)).run();
    for (let i = 1; i <= 25; i++)
      // Ids of this run's own: another test process's factories count from 1 on the same database.
      makeOrder(db, {
        id: `fit-${run}-${i}`,
        items: [{ id: `fit-${run}-${i}-line` }],
        customerName: buyerName,
        customerEmail: buyerEmail(i),
        payment: i % 3 === 0 ? 'started' : 'paid',
      });
    const now = new Date();
    db.insert(mailQueue)
      .values({
        id: `fit-${run}`,
        messageId: `<fit-${run}@localhost>`,
        to: `nobody.at.all.${run}@a-rather-long-domain-name.example.ie`,
        subject: `Your order #${run.slice(-6).toUpperCase()} is confirmed: Lough Tay at First Light, large, framed`,
        text: 'Thank you for your order.',
        status: 'failed',
        attempts: 1,
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + 24 * 60 * 60_000),
        lastError: `550 5.1.1 <nobody.at.all.${run}@a-rather-long-domain-name.example.ie>: Recipient address rejected: User unknown in virtual mailbox table`,
        failedAt: now,
      })
      .run();
  });

  // A test-mode purchase, paid, then refunded as the owner refunds one.
  const photos = (await (await request.get('/api/photos')).json()) as { id: string }[];
  const variants = (await (await request.get(`/api/photos/${photos[0]?.id}/variants`)).json()) as {
    id: string;
  }[];
  const created = await request.post('/api/paypal/order', {
    headers,
    data: { lines: [{ variantId: variants[0]?.id, framing: null, quantity: 1 }], country: 'IE' },
  });
  expect(created.status()).toBe(201);
  const { id: paypalOrderId } = (await created.json()) as { id: string };
  const captured = await request.post(`/api/paypal/order/${paypalOrderId}/capture`, {
    headers,
    data: {
      customerData: { ...CUSTOMER, name: `Pádraig Ó Ceallacháin ${run}`, email: refundedEmail },
      cartItems: [],
    },
  });
  expect(captured.status()).toBe(200);
  const refundedOrderId = ((await captured.json()) as { order: { id: string } }).order.id;
  // The owner refunds it, through the admin's API with the owner's session.
  const signedIn = await request.post('/api/login', {
    headers,
    form: { email: OWNER.email, password: OWNER.password },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(303);
  const refunded = await request.post(`/api/admin/orders/${refundedOrderId}/refund`, {
    headers,
    data: { notifyCustomer: false },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);

  // A drone quote with long names and lines, sent to a client: its link is the client's page.
  const quoteEmail = `quote.${run}@a-rather-long-domain-name.example.ie`;
  const madeQuote = await request.post('/api/admin/quotes', {
    headers,
    data: {
      clientName: `Ruairí Ó Conchobhair-Mac Giolla Phádraig ${run}`,
      clientEmail: quoteEmail,
      title: 'Aerial photography and a two-minute film of Ballykilcavan Farm, its orchards and the old mill',
      location: 'Ballykilcavan, Stradbally, Co. Laois (about 95 km from Wicklow)',
      shootDate: '',
      validUntil: '2099-12-31',
      terms: 'A deposit of 30% of the total confirms the booking; the balance is due on delivery.',
      lines: [
        {
          kind: 'package',
          description: 'Aerial photography, half day, twenty edited stills',
          quantity: 1,
          unitPriceCents: 29_900,
        },
        {
          kind: 'travel',
          description: 'Travel beyond the free 50 km, both ways',
          quantity: 90,
          unitPriceCents: 60,
        },
        {
          kind: 'licence',
          description: 'Licence for commercial use on the farm’s website and brochures',
          quantity: 1,
          unitPriceCents: 15_000,
        },
      ],
    },
  });
  expect(madeQuote.status(), await madeQuote.text()).toBe(201);
  const quoteId = ((await madeQuote.json()) as { id: string }).id;
  const sentQuote = await request.post(`/api/admin/quotes/${quoteId}/send`, { headers });
  expect(sentQuote.status(), await sentQuote.text()).toBe(200);
  let quoteToken = '';
  await expect
    .poll(() => {
      const mail = mailsFiledTo(DATA_DIR, quoteEmail).find((m) => m.text.includes('/quote/'));
      quoteToken = mail?.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
      return quoteToken;
    })
    .not.toBe('');

  return {
    buyerSearch: `fitzgerald.${run}.`,
    refundedEmail,
    refundedOrderId,
    certificateCode,
    galleryToken,
    quoteToken,
    remove: async () => {
      await removeGallery(DATA_DIR, galleryId);
      withSiteDb(DATA_DIR, (db) => {
        db.delete(quotes).where(eq(quotes.id, quoteId)).run();
        db.delete(orders).where(eq(orders.customerName, buyerName)).run();
        db.delete(orders).where(eq(orders.id, refundedOrderId)).run();
        db.delete(contactInquiries)
          .where(like(contactInquiries.lastName, `%${run}`))
          .run();
        db.delete(mailQueue)
          .where(eq(mailQueue.id, `fit-${run}`))
          .run();
      });
    },
  };
}

/**
 * Every page under src/pages and the addresses that show it. A page added later fails the test
 * that checks this list against the folder until it is added here.
 */
export function pageAddresses(day: BusyDay): Record<string, { out: string[]; owner: string[] }> {
  const slip = `/admin/orders/${day.refundedOrderId}/packing-slip`;
  const outcome = `orderId=${day.refundedOrderId}`;
  const publicPages = (...paths: string[]) => ({ out: paths, owner: paths });
  return {
    'index.astro': publicPages('/'),
    'shop.astro': publicPages('/shop'),
    'drone-services.astro': publicPages('/drone-services'),
    'composition-analysis.astro': publicPages('/composition-analysis'),
    'privacy.astro': publicPages('/privacy'),
    'terms.astro': publicPages('/terms'),
    'shipping-returns.astro': publicPages('/shipping-returns'),
    'withdraw.astro': publicPages('/withdraw'),
    '404.astro': publicPages('/no-such-page-here'),
    // The empty cart is sent on to /shop; the cart with a line is set in the tests.
    'checkout.astro': publicPages(
      '/checkout',
      `/checkout?success=true&${outcome}`,
      `/checkout?pending=true&${outcome}`,
    ),
    'api/login.astro': { out: ['/api/login'], owner: [] },
    'api/logout.astro': publicPages('/api/logout'),
    'admin.astro': { out: [], owner: [] }, // every tab, in the tests
    'background-editor.astro': { out: [], owner: ['/background-editor'] },
    'admin/orders/[id]/packing-slip.astro': { out: [], owner: [slip] },
    'admin/review-preview.astro': { out: [], owner: ['/admin/review-preview'] },
    // A demo print's page, and a review link that is not known (a real one is the buyer's alone).
    'prints/[slug].astro': publicPages('/prints/lough-tay-at-first-light'),
    'review/[token].astro': publicPages('/review/this-link-is-not-known-0000000000000000000000'),
    'certificate/[code].astro': publicPages(`/certificate/${day.certificateCode}`),
    // A drone client's quote, and a link that is not known.
    'quote/[token].astro': publicPages(
      `/quote/${day.quoteToken}`,
      '/quote/this-link-is-not-known-000000000000000000000',
    ),
    // A client's gallery, and a link that is not known.
    'g/[token].astro': publicPages(
      `/g/${day.galleryToken}`,
      '/g/this-link-is-not-known-00000000000000000000000',
    ),
  };
}

/** Pages no address shows on purpose. */
export const NOT_VISITED = {
  // Rendered only when a page throws; the site has no address that throws.
  '500.astro': 'the error page',
};

/** Every .astro page under src/pages, as paths relative to it. */
export function astroPages(): string[] {
  const root = join(process.cwd(), 'src/pages');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.astro'))
    .map((f) => relative(root, join(root, f)))
    .sort();
}

/** Scrolls to the end and back, so that every lazy section, image and island has been laid out. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

/**
 * What does not fit a screen of `width` × `height` px: the page wider than the screen, and every
 * control (link, button, field, tab…) that lies outside it where no scrolling brings it in. A
 * control inside a box that scrolls or clips (a tab strip, a dialog) is judged by that box; one in
 * a fixed layer (a dialog, a bar) must be within the screen's height too, as the page's own
 * scrolling does not reach it.
 */
export function misfits(page: Page): Promise<string[]> {
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return page.evaluate(({ width, height }) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const limit = Math.min(width, root.clientWidth);
    const named = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    if (root.scrollWidth > limit) {
      // Named with the innermost elements that reach past the screen: where to look.
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= limit + 1)
            return true;
        return false;
      };
      // An element past the edge, or one whose content (a long word) spills past it.
      const reaches = (el: Element) => {
        const box = el.getBoundingClientRect();
        const spills = getComputedStyle(el).overflowX === 'visible';
        return box.width > 0 ? Math.max(box.right, spills ? box.left + el.scrollWidth : 0) : 0;
      };
      const past = [...document.body.querySelectorAll('*')].filter(
        (el) => reaches(el) > limit + 1 && !clipped(el),
      );
      const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
      problems.push(
        `page is ${root.scrollWidth} px wide on a ${limit} px screen, widened by ${innermost
          .slice(0, 3)
          .map(named)
          .join(', ')}`,
      );
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="slider"], [contenteditable]:not([contenteditable="false"])',
    );
    /** Where the control can be brought by scrolling: judged by the box that scrolls or clips it. */
    const reach = (control: HTMLElement) => {
      const rect = control.getBoundingClientRect();
      let x = { from: rect.left, to: rect.right };
      let y = { from: rect.top, to: rect.bottom };
      let fixed = getComputedStyle(control).position === 'fixed';
      for (let a = control.parentElement; a && a !== document.body && a !== root; a = a.parentElement) {
        const style = getComputedStyle(a);
        const box = a.getBoundingClientRect();
        if (style.overflowX !== 'visible' && (x.from < box.left - 1 || x.to > box.right + 1))
          x = { from: box.left, to: box.right };
        if (!fixed && style.overflowY !== 'visible' && (y.from < box.top - 1 || y.to > box.bottom + 1))
          y = { from: box.top, to: box.bottom };
        if (style.position === 'fixed') fixed = true;
      }
      const outside = x.from < -1 || x.to > width + 1 || (fixed && (y.from < -1 || y.to > height + 1));
      return { rect, outside };
    };
    // While a modal dialog is open, the page behind it is inert: only the dialog's controls count.
    const modal = document.querySelector('dialog:modal');
    for (const control of controls) {
      if (modal && !modal.contains(control)) continue;
      // A toast (sonner's, focusable) slides in and out on its own and leaves: not part of the layout.
      if (control.closest('[data-sonner-toaster]')) continue;
      const { rect, outside } = reach(control);
      // Not shown, or visually hidden (1 px, for screen readers): nothing to tap.
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (getComputedStyle(control).visibility === 'hidden' || !outside) continue;
      // One that comes on screen when focused (the skip link) is in reach.
      const before = document.activeElement;
      control.focus({ preventScroll: true });
      const focused = document.activeElement === control && !reach(control).outside;
      if (before instanceof HTMLElement) before.focus({ preventScroll: true });
      else control.blur();
      if (focused) continue;
      problems.push(
        `${named(control)} at x ${Math.round(rect.left)}…${Math.round(rect.right)}, y ${Math.round(rect.top)}…${Math.round(rect.bottom)}`,
      );
    }
    return problems;
  }, size);
}

/** Waits for the page's data and islands, lays the whole page out, then measures it. */
export async function expectFits(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await scrollThrough(page);
  expect.soft(await misfits(page), `${what} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** A cart of one real print, as the shop stores it. */
async function cartOfOnePrint(page: Page): Promise<string> {
  const photos = (await (await page.request.get('/api/photos')).json()) as { id: string; title: string }[];
  const photo = photos[0];
  const variants = (await (await page.request.get(`/api/photos/${photo?.id}/variants`)).json()) as {
    id: string;
    size: string;
    finish: string;
  }[];
  const variant = variants.find((v) => v.size === 'large') ?? variants[0];
  return JSON.stringify([
    {
      variantId: variant?.id,
      size: variant?.size,
      finish: variant?.finish,
      framing: 'large',
      quantity: 2,
      unitCents: 13500,
      title: photo?.title,
    },
  ]);
}

/** The public pages, then the checkout with a cart, the print dialog, the viewers and the menu. */
export async function expectPublicPagesFit(page: Page, addresses: string[]) {
  for (const path of addresses) {
    await page.goto(path);
    await expectFits(page, path);
  }
  const cart = await cartOfOnePrint(page);
  await page.evaluate((c) => localStorage.setItem('wicklow:cart:v1', c), cart);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expectFits(page, '/checkout with a cart');
  await page.evaluate(() => localStorage.removeItem('wicklow:cart:v1'));

  await page.goto('/shop');
  await page
    .getByRole('button', { name: /^Customise print:/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'the print dialog');

  await page.goto('/');
  await page
    .locator('#gallery')
    .getByRole('button', { name: /full screen$/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expectFits(page, 'the full-screen viewer');
  await viewer.getByRole('button', { name: 'Zoom' }).click();
  await expect(page.getByRole('dialog', { name: /^Zoom:/ })).toBeVisible();
  await expectFits(page, 'the zoom viewer');

  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  // The menu button is on phones only.
  if (await menu.isVisible()) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expectFits(page, 'the phone menu');
  }
}

/** Every admin tab (as the tab strip lists them), every dialog the admin opens, and the packing slip. */
export async function expectAdminFits(page: Page, day: BusyDay) {
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const hrefs = await tabs.evaluateAll((all) => all.map((t) => t.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThanOrEqual(9);
  for (const href of hrefs) {
    await page.goto(`/admin${href}`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    // The open tab is scrolled into the strip, where the owner sees it.
    await expect(tabs.and(page.locator('[aria-selected="true"]'))).toBeInViewport({ ratio: 1 });
    await expectFits(page, `/admin${href}`);
  }

  await page.goto('/admin?tab=orders');
  // Typed into only once the island has hydrated (Astro then drops its ssr marker).
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const search = page.getByLabel('Search by customer e-mail or name');
  for (const name of [day.buyerSearch, day.refundedEmail]) {
    await search.fill(name);
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ orders$/)).toBeVisible();
    await page.getByRole('button', { name: /^View/ }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Order #/ });
    await expect(dialog.getByRole('heading', { name: 'Items' })).toBeVisible();
    await expectFits(page, `the order of ${name}`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  await page.goto('/admin?tab=photos');
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'the Add New Photo dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page
    .getByRole('button', { name: /^Edit: / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Photo' })).toBeVisible();
  await expectFits(page, 'the Edit Photo dialog');

  await page.goto('/admin?tab=videos');
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'the Upload Video dialog');
}

/** The tests, for the screen the spec file sets (test.use({ viewport })). */
export function pageFitTests() {
  let day: BusyDay | undefined;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    day = await makeBusyDay(request, baseURL as string);
    await request.dispose();
  });
  test.afterAll(() => day?.remove());

  test('the list of pages holds every page under src/pages', () => {
    const listed = [...Object.keys(pageAddresses(day as BusyDay)), ...Object.keys(NOT_VISITED)].sort();
    expect(listed).toEqual(astroPages());
  });

  test('signed out, every page, the print dialog, the viewers and the menu fit the screen', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const pages = Object.values(pageAddresses(day as BusyDay)).flatMap((p) => p.out);
    await expectPublicPagesFit(page, pages);
  });

  test('signed in with a busy day, every page, admin tab and dialog fits the screen', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page);
    await expectAdminFits(page, day as BusyDay);
    const pages = Object.values(pageAddresses(day as BusyDay)).flatMap((p) => p.owner);
    await expectPublicPagesFit(page, pages);
  });
}
