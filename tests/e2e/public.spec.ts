// The public site as a visitor uses it: the viewers and their keys, the contact form's states,
// the FAQ, the drone page's placeholders, the legal pages, and axe on every page and viewer.
import { expect, type Page, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { seriousViolations } from './axe';

async function openFirstPhoto(page: Page) {
  await page.goto('/');
  const gallery = page.locator('#gallery');
  const cards = gallery.getByRole('button', { name: /full screen$/ });
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  await cards.first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  return { viewer, count, first: cards.first() };
}

test('the full-screen viewer: counter, buttons, arrow keys wrapping, Esc and focus back to the card', async ({
  page,
}) => {
  const { viewer, count, first } = await openFirstPhoto(page);
  const counter = viewer.getByText(new RegExp(`^\\d+ of ${count}$`));
  await expect(counter).toHaveText(`1 of ${count}`);
  await expect(counter).toHaveAttribute('aria-live', 'polite');
  await expect(viewer.getByRole('heading', { level: 2 })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 of ${count}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`${count} of ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`1 of ${count}`);
  await viewer.getByRole('button', { name: 'Previous photo' }).click();
  await expect(counter).toHaveText(`${count} of ${count}`);
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(counter).toHaveText(`1 of ${count}`);
  // Focus stays inside: tabbing many times never reaches the page behind. (After the dialog's last
  // control the browser's own controls take the focus, and the document's body is the active element,
  // before the first control of the dialog again.)
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const active = document.activeElement;
      return !active || active === document.body || Boolean(active.closest('dialog'));
    });
    expect(inside, `after ${i + 1} tabs`).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();
});

test('the viewer loads only on the first click', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('viewer-mount'))).toBe(false);
  await page
    .locator('#gallery')
    .getByRole('button', { name: /full screen$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts.some((s) => s.includes('viewer-mount'))).toBe(true);
});

test('a photo list that cannot be fetched is told in a toast, and the next click opens the viewer', async ({
  page,
}) => {
  let refuse = true;
  await page.route('**/viewer/featured.json', (route) => (refuse ? route.abort() : route.continue()));
  await page.goto('/');
  const card = page
    .locator('#gallery')
    .getByRole('button', { name: /full screen$/ })
    .first();
  await card.click();
  await expect(page.getByText('The photo could not be opened')).toBeVisible();
  await expect(page.getByText('Please check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  refuse = false;
  await card.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('print options that cannot load are told in a toast', async ({ page }) => {
  await page.route('**/_astro/print-dialog-mount*.js', (route) => route.abort());
  await page.goto('/shop');
  await page
    .getByRole('button', { name: /^Customise print:/ })
    .first()
    .click();
  await expect(page.getByText('The print options could not be opened')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the zoom viewer: every key and button, and the clamps at 50% and 500%', async ({ page }) => {
  const { viewer } = await openFirstPhoto(page);
  const largest: string[] = [];
  page.on('request', (r) => {
    if (/\/media\/.+\/(1920|2560)\.webp$/.test(r.url())) largest.push(r.url());
  });
  await viewer.getByRole('button', { name: 'Zoom' }).click();
  const zoom = page.getByRole('dialog', { name: /^Zoom:/ });
  await expect(zoom).toBeVisible();
  const level = zoom.getByRole('status', { name: 'Zoom level' }).or(zoom.locator('output'));
  // Fit (90%) runs after the image loads.
  await expect(level).toHaveText('90%');
  expect(largest.length).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('+');
  await expect(level).toHaveText('110%');
  await page.keyboard.press('=');
  await expect(level).toHaveText('130%');
  await page.keyboard.press('-');
  await expect(level).toHaveText('110%');
  await page.keyboard.press('0');
  await expect(level).toHaveText('100%');
  await page.keyboard.press('f');
  await expect(level).toHaveText('90%');
  for (let i = 0; i < 5; i++) await page.keyboard.press('-');
  await expect(level).toHaveText('50%');
  for (let i = 0; i < 30; i++) await page.keyboard.press('+');
  await expect(level).toHaveText('500%');
  await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).toHaveText('500%');
  await zoom.getByRole('button', { name: 'Zoom out' }).click();
  await expect(level).toHaveText('480%');
  await zoom.getByRole('button', { name: 'Reset' }).click();
  await expect(level).toHaveText('100%');
  await zoom.getByRole('button', { name: 'Fit to screen' }).click();
  await expect(level).toHaveText('90%');
  // The wheel zooms in a step.
  const stage = zoom.locator('img').first();
  const box = await stage.boundingBox();
  expect(box, 'the zoomed image has a layout box').not.toBeNull();
  const { x, y, width, height } = box!;
  await page.mouse.move(x + width / 2, y + height / 2);
  await page.mouse.wheel(0, -100);
  await expect(level).toHaveText('110%');
  // Right-click is blocked on the image.
  const prevented = await stage.evaluate((img) => {
    const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    img.dispatchEvent(e);
    return e.defaultPrevented;
  });
  expect(prevented).toBe(true);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Zoom' })).toBeFocused();
  await expect(zoom.getByRole('button', { name: 'Close zoom' })).toHaveCount(0);
});

async function fillContact(page: Page, email = `visitor-${Date.now()}@example.ie`) {
  const form = page.getByRole('form', { name: 'Send a message' });
  await form.getByLabel('First name').fill('Aoife');
  await form.getByLabel('Last name').fill('Byrne');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/Service interest/).selectOption({ label: 'Drone Photography/Video' });
  await form.getByLabel('Message').fill('Could you film our farm in May?');
  return form;
}

test('the contact form: Sending..., success toast and a reset form', async ({ page }) => {
  await page.goto('/#contact');
  const form = await fillContact(page);
  await page.route('**/api/contact', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByText('Message Sent')).toBeVisible();
  await expect(
    page.getByText("Thank you for your inquiry. I'll get back to you within 24 hours."),
  ).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('the contact form: a server error shows the failure toast and keeps the text', async ({ page }) => {
  await page.goto('/#contact');
  const form = await fillContact(page);
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Could you film our farm in May?');
});

test('the contact form: the sixth message in an hour is refused by the server', async ({ page }) => {
  const email = `busy-${Date.now()}@example.ie`;
  await page.goto('/#contact');
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/contact', {
      data: { firstName: 'A', lastName: 'B', email, message: `m${i}` },
    });
    expect(res.status()).toBe(201);
  }
  const form = await fillContact(page, email);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(form.getByRole('alert')).toContainText('5 messages in the last hour');
});

test('the FAQ: 5 questions, several open at once, answers that agree with the shop', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  const questions = faq.locator('summary');
  await expect(questions).toHaveCount(5);
  await questions.nth(1).click();
  await questions.nth(3).click();
  await expect(faq.getByText(/Both finishes cost the same at every size/)).toBeVisible();
  await expect(
    faq.getByText(/5-8 business days within Ireland and 5-10 business days internationally/),
  ).toBeVisible();
  await questions.nth(1).click();
  await expect(faq.getByText(/Both finishes cost the same at every size/)).toBeHidden();
  await questions.nth(0).click();
  await expect(
    faq.getByText(
      /small 8 × 12 in \(20 × 30 cm\), medium 12 × 16 in \(30 × 41 cm\) and large 16 × 20 in \(41 × 51 cm\)/,
    ),
  ).toBeVisible();
});

test('the home page: pricing guide, drone card, about and Open Graph image', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('#contact').getByText('Quick pricing guide')).toBeVisible();
  await expect(page.locator('#drone').getByText('€299')).toBeVisible();
  await expect(
    page.locator('#drone').getByRole('link', { name: /drone services|sample work/i }),
  ).toHaveAttribute('href', '/drone-services');
  await expect(page.locator('#about').getByText('Wicklow, Ireland')).toBeVisible();
  await expect(page.locator('#about').getByText('No profile photo set')).toBeVisible();
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(og).toMatch(/\/api\/photos\/featured\/og-image$/);
  const image = await request.get(og as string);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  // X takes the large card's image from og:image.
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? '{}').image[0]['@type']).toBe('ImageObject');
});

test('the drone page: samples in the viewer, a video with its poster, upload notices and Sign In', async ({
  page,
}) => {
  await page.goto('/drone-services');
  await expect(page.getByText('Admin access required to upload sample photos')).toBeVisible();
  await expect(page.getByText('Admin access required to upload sample videos')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(2);
  // The seeded drone clip shows its poster frame, never a black box.
  await expect(page.locator('#samples video[poster^="/media/"]').first()).toBeVisible();
  await expect(page.getByText(/IAA licensed/i)).toHaveCount(0);
  for (const promise of [/4K/, /GPS/, /3-axis gimbal/, /insured/, /48-72 hours/, /beyond 50 km/]) {
    await expect(page.getByText(promise).first()).toBeVisible();
  }
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld['@type']).toBe('ProfessionalService');
  const samples = page.locator('#samples').getByRole('button', { name: /full screen$/ });
  const n = await samples.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(2);
  await samples.first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close viewer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer).toBeHidden();
});

test('a broken drone image shows a grey placeholder', async ({ page }) => {
  await page.route(/\/media\/.+\.(webp|jpg|avif)$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/drone-services');
  await page.locator('#samples').scrollIntoViewIfNeeded();
  await expect(page.locator('#samples').getByText('Image unavailable').first()).toBeVisible();
});

for (const [path, heading] of [
  ['/terms', 'Terms of sale'],
  ['/privacy', 'Privacy'],
  ['/shipping-returns', 'Shipping and returns'],
] as const) {
  test(`${path} reads well and has no serious axe violations`, async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: new RegExp(`^${heading.split(' ')[0]}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the terms keep the 14-day right of withdrawal and say prices include VAT', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText(/within\s+14 days without giving a reason/)).toBeVisible();
  await expect(page.getByText(/include VAT/)).toBeVisible();
  await expect(page.getByText(/processed within 3-5 business days/)).toBeVisible();
});

test('the owner edits the hero title in place; Esc reverts, Save commits', async ({ page, browser }) => {
  await page.goto('/api/login?next=/');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const hero = page.locator('#home');
  // The editor is an island: wait until it has hydrated (Astro drops the ssr attribute then).
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
  const original = (await hero.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await hero.getByRole('button', { name: 'Edit hero title' }).click();
  const field = hero.getByLabel('Edit hero title');
  await field.fill('Something else');
  await page.keyboard.press('Escape');
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(original);
  await hero.getByRole('button', { name: 'Edit hero title' }).click();
  await field.fill('Light on the Wicklow hills');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your changes have been saved successfully.')).toBeVisible();
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Light on the Wicklow hills');
  // A visitor sees the new title on the next request, without edit controls.
  const visitor = await browser.newPage();
  await visitor.goto(page.url());
  await expect(visitor.locator('#home').getByRole('heading', { level: 1 })).toHaveText(
    'Light on the Wicklow hills',
  );
  await expect(visitor.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await visitor.close();
  // Put it back for the other tests.
  await hero.getByRole('button', { name: 'Edit hero title' }).click();
  await field.fill(original);
  await hero.getByRole('button', { name: 'Save' }).click();
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(original);
});

test('the zoom viewer pans by dragging and zooms by pinching', async ({ page }) => {
  const { viewer } = await openFirstPhoto(page);
  await viewer.getByRole('button', { name: 'Zoom' }).click();
  const zoom = page.getByRole('dialog', { name: /^Zoom:/ });
  const level = zoom.getByRole('status', { name: 'Zoom level' }).or(zoom.locator('output'));
  await expect(level).toHaveText('90%');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(level).toHaveText('130%');
  const img = zoom.locator('img').first();
  const before = await img.boundingBox();
  if (!before) throw new Error('no image box');

  // Drag with the mouse: the image follows the pointer.
  const cx = before.x + before.width / 2;
  const cy = before.y + before.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 80, cy + 40, { steps: 8 });
  await page.mouse.up();
  const moved = await img.boundingBox();
  expect(Math.round((moved?.x ?? 0) - before.x)).toBeGreaterThanOrEqual(70);
  expect(Math.round((moved?.y ?? 0) - before.y)).toBeGreaterThanOrEqual(30);

  // Pinch with two fingers moving apart: the zoom level goes up.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - d, y: cy, id: 1 },
              { x: cx + d, y: cy, id: 2 },
            ],
    });
  await touch('touchStart', 40);
  for (const d of [60, 80, 100, 120]) await touch('touchMove', d);
  await touch('touchEnd', 0);
  await expect.poll(async () => Number.parseInt((await level.textContent()) ?? '0', 10)).toBeGreaterThan(130);

  // After a drag on the photo, the keys still reach the zoom viewer: minus zooms out, and Escape
  // closes the zoom viewer alone.
  const zoomed = await level.textContent();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 30, cy, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.press('-');
  await expect(level).not.toHaveText(zoomed ?? '');
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(viewer).toBeVisible();
});
