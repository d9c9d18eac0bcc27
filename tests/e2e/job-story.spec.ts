// A drone job from the enquiry to the delivery, paid by card, on a site of its own with Stripe's
// test keys (its server talks to the local Stripe double; the page's Stripe.js is the stand-in served
// by routing): a visitor's enquiry becomes a quote in the owner's dashboard; the client opens the
// mailed link on a phone (390 px), accepts, and pays the deposit by card, coming back to the quote's
// page, which asks Stripe and says it is paid; the owner attaches a gallery and invoices the
// balance; the client pays the balance by card from the invoice's link, and the gallery's downloads
// open by themselves. Every mail along the way is checked in the outbox, with its amounts, and the
// invoices' PDFs are served. Stripe's test keys make test payments and the site takes no other: no
// money is taken and no number of the invoice sequence is used, so the deposit's receipt carries a
// specimen of its invoice (and says it was a test), and the balance is invoiced by a specimen too.
import { expect, type Page, test } from '@playwright/test';
import { type StripeDouble, startStripeDouble } from '~/lib/payments/stripe-double.server';
import { OWNER } from '../../playwright.config';
import { mailsFiledTo } from '../helpers/mail-file';
import { pdfText } from '../helpers/pdf-text';
import { type RunningServer, startServer } from '../helpers/server';
import { onSite as onSiteOf } from './own-site';
import { signInTo } from './sign-in';
import { routeStripe } from './stripe-js-stand-in';

let double: StripeDouble;
let site: RunningServer;
/** Where the screenshots to look at go (a folder outside test-results survives the next run). */
const SHOTS = process.env.JOB_STORY_SHOTS ?? 'test-results/job-story';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  double = await startStripeDouble();
  site = await startServer({
    SEED_DEMO: '1',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    STRIPE_SECRET_KEY: 'sk_test_jobstory0123456789',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_jobstory0123456789',
    STRIPE_WEBHOOK_SECRET: 'whsec_jobstory0123456789',
    STRIPE_API_BASE: double.url,
  });
});
test.afterAll(async () => {
  await site?.stop();
  await double?.close();
});

/** The page, with its relative addresses sent to this spec's own site. */
const onSite = (page: Page) => onSiteOf(page, () => site.url);

const mailsTo = (email: string) => mailsFiledTo(site.dataDir, email);
/** Polls the outbox until a mail to `email` whose subject matches arrives, and answers it. */
async function mailTo(email: string, subject: RegExp) {
  await expect
    .poll(() => mailsTo(email).some((m) => subject.test(m.subject)), { timeout: 15_000 })
    .toBe(true);
  return mailsTo(email).find((m) => subject.test(m.subject)) as ReturnType<typeof mailsTo>[number];
}
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathOf = (text: string) =>
  new URL(text.match(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/)?.[0] ?? 'x:').pathname;

test('an enquiry becomes a quote, the deposit and the balance are paid by card on a phone, and the downloads open', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const email = `niamh-${run}@example.ie`;
  const client = { first: 'Niamh', last: `Doyle ${run}` };
  const fullName = `${client.first} ${client.last}`;
  const title = `Aerial photos of a vineyard near Avoca ${run}`;

  // 1. The visitor's enquiry, through the endpoint the home page's form posts to.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = onSite(await ownerContext.newPage());
  const sent = await owner.request.post(`${site.url}/api/contact`, {
    headers: { origin: site.url },
    data: {
      firstName: client.first,
      lastName: client.last,
      email,
      serviceInterest: 'drone',
      message: 'Could you photograph our vineyard from the air in May?',
    },
  });
  expect(sent.status()).toBe(201);

  // 2. The owner writes the quote from it and sends it.
  await signInTo(owner, '/admin?tab=enquiries');
  await owner
    .getByRole('listitem')
    .filter({ hasText: fullName })
    .getByRole('button', { name: `Write a quote for ${fullName}` })
    .click();
  const form = owner.getByRole('form', { name: 'New quote' });
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel('Shoot location').fill('Avoca, Co. Wicklow');
  await form.getByRole('button', { name: 'Add package' }).click();
  await expect(form.getByLabel('Unit price of line 1 (€)')).toHaveValue('299.00');
  const total = (await form.getByRole('definition').last().textContent()) ?? '';
  expect(total).toMatch(/^€\d+\.\d{2}$/);
  await form.getByRole('button', { name: 'Send to client' }).click();
  await expect(owner.getByRole('status').filter({ hasText: /^Sent \d+ \w+, valid until/ })).toBeVisible();
  const quoteMail = await mailTo(email, new RegExp(literal(title)));
  expect(quoteMail.text).toContain(total);

  // 3. The client accepts on a phone and pays the deposit by card.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const clientPage = onSite(await phone.newPage());
  const stripeJs: string[] = [];
  await routeStripe(clientPage, double.url, (url) => stripeJs.push(url));
  const link = pathOf(quoteMail.text);
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { name: `Quote: ${title}` })).toBeVisible();
  // The answer form works once its island has hydrated.
  await expect(clientPage.locator('astro-island[ssr]')).toHaveCount(0);
  await clientPage.getByLabel('Your full name').fill(fullName);
  await clientPage.getByLabel('I accept the terms above').check();
  await clientPage.getByRole('button', { name: 'Accept the quote' }).click();
  await expect(
    clientPage.getByRole('status').filter({ hasText: `Accepted by ${fullName} on` }),
  ).toBeVisible();

  const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;
  const totalCents = Math.round(Number(total.replace(/[€,]/g, '')) * 100);
  const depositCents = Math.round((totalCents * 30) / 100);
  const deposit = euro(depositCents);
  const balance = euro(totalCents - depositCents);
  await expect(
    clientPage.getByRole('heading', { name: `Pay the deposit: ${deposit} (30% of ${total})` }),
  ).toBeVisible();
  // Stripe.js loads only once the client chooses to pay by card.
  expect(stripeJs).toEqual([]);
  await clientPage.getByRole('button', { name: 'Pay by card' }).click();
  await expect(clientPage.getByText('Test card payments', { exact: false })).toBeVisible();
  // The bank declines the first card; the next card pays the same PaymentIntent.
  const intentsBefore = double.intents.size;
  await clientPage.getByLabel('Card number').fill('4000 0000 0000 0002');
  await clientPage.getByRole('button', { name: `Pay ${deposit} by card` }).click();
  await expect(clientPage.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await clientPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await clientPage.screenshot({ path: `${SHOTS}/deposit-card-390.png`, fullPage: true });
  await clientPage.getByRole('button', { name: `Pay ${deposit} by card` }).click();
  await expect(clientPage).toHaveURL(/\?card=deposit$/);
  await expect(
    clientPage.getByRole('status').filter({ hasText: `Deposit of ${deposit} paid on` }),
  ).toContainText('(A test payment: no money was taken.)');
  await expect(clientPage.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
  expect(stripeJs.length).toBeGreaterThan(0);
  const [depositIntent, ...more] = [...double.intents.values()].slice(intentsBefore);
  expect(more).toEqual([]);
  expect(depositIntent).toMatchObject({ status: 'succeeded', amount: depositCents });
  // The deposit's invoice is a specimen, linked where the invoice would be.
  await expect(clientPage.getByRole('link', { name: 'Deposit invoice (specimen)' })).toBeVisible();
  await clientPage.screenshot({ path: `${SHOTS}/deposit-specimen-390.png`, fullPage: true });
  await clientPage.setViewportSize({ width: 1280, height: 900 });
  await clientPage.screenshot({ path: `${SHOTS}/deposit-specimen-1280.png`, fullPage: true });

  const receipt = await mailTo(email, /^Deposit received: /);
  expect(receipt.subject).toBe(`Deposit received: ${title}`);
  expect(receipt.text).toContain(deposit);
  expect(receipt.text).toContain('This was a test payment: no money was taken.');
  expect(receipt.attachments.map((a) => a.filename)).toEqual([
    expect.stringMatching(/^specimen-deposit-[0-9A-F]{6}\.pdf$/),
  ]);
  const attachedWords = pdfText(receipt.attachments[0]?.content ?? Buffer.alloc(0));
  expect(attachedWords).toContain('SPECIMEN');
  expect(attachedWords).toContain(deposit);
  const notice = await mailTo(OWNER.email, new RegExp(`^Deposit paid by ${literal(fullName)}`));
  expect(notice.text).toContain(deposit);
  await phone.close();

  // 4. The owner attaches a new gallery and invoices the balance.
  await owner.goto('/admin?tab=jobs');
  const item = owner.getByRole('list', { name: 'Quotes' }).getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(`Deposit ${deposit} paid`);
  await owner.getByRole('button', { name: `Open the quote ${title}` }).click();
  const delivery = owner.getByRole('region', { name: 'Delivery and balance' });
  await delivery.getByRole('button', { name: 'Attach the gallery' }).click();
  await expect(delivery).toContainText(`Gallery “${title}”: proofing until the balance is paid`);
  await expect(delivery.getByRole('link', { name: 'Deposit invoice (specimen)' })).toBeVisible();
  await delivery.getByRole('button', { name: 'Invoice the balance' }).click();
  await expect(delivery).toContainText(
    new RegExp(`${literal(balance)} due since \\d+ \\w+ \\(specimen invoice\\)`),
  );
  await expect(delivery.getByRole('link', { name: 'Balance invoice (specimen)' })).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/owner-job-1280.png`, fullPage: true });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: `${SHOTS}/owner-job-390.png`, fullPage: true });
  await owner.setViewportSize({ width: 1280, height: 900 });

  // 5. The client pays the balance by card from the invoice's link.
  const invoiceMail = await mailTo(email, /^Invoice \(specimen\): the balance for/);
  expect(invoiceMail.text).toContain(balance);
  expect(invoiceMail.text).toContain(
    'It is a specimen, not a VAT invoice: this site takes only test payments.',
  );
  expect(invoiceMail.attachments.map((a) => a.filename)).toEqual([
    expect.stringMatching(/^specimen-balance-[0-9A-F]{6}\.pdf$/),
  ]);
  const payLink = pathOf(invoiceMail.text);
  // The job has one link, in every mail.
  expect(payLink).toBe(link);
  const phone2 = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const payPage = onSite(await phone2.newPage());
  await routeStripe(payPage, double.url);
  await payPage.goto(payLink);
  await expect(payPage.getByRole('heading', { name: `Pay the balance: ${balance}` })).toBeVisible();
  const pdf = await payPage.request.get(`${site.url}${payLink}/invoice/balance`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const pdfWords = pdfText(await pdf.body());
  expect(pdfWords).toContain('SPECIMEN');
  expect(pdfWords).toContain('Number: none (specimen)');
  expect(pdfWords).toContain(balance);
  // The test deposit's specimen is served where its invoice would be.
  const depositPdf = await payPage.request.get(`${site.url}${payLink}/invoice/deposit`);
  expect(depositPdf.status()).toBe(200);
  expect(depositPdf.headers()['content-type']).toBe('application/pdf');
  const depositWords = pdfText(await depositPdf.body());
  expect(depositWords).toContain('SPECIMEN');
  expect(depositWords).toContain(deposit);
  await expect(payPage.getByRole('link', { name: 'Download the invoice (specimen)' })).toBeVisible();
  await payPage.getByRole('button', { name: 'Pay by card' }).click();
  await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payPage.setViewportSize({ width: 1280, height: 900 });
  await payPage.screenshot({ path: `${SHOTS}/balance-card-1280.png`, fullPage: true });
  await payPage.setViewportSize({ width: 390, height: 844 });
  await payPage.getByRole('button', { name: `Pay ${balance} by card` }).click();
  await expect(payPage).toHaveURL(/\?card=balance$/);
  await expect(
    payPage.getByRole('status').filter({ hasText: `Balance of ${balance} paid on` }),
  ).toBeVisible();
  expect(await payPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await payPage.screenshot({ path: `${SHOTS}/balance-paid-390.png`, fullPage: true });

  // 6. The downloads opened by themselves: the gallery's link came by mail, with the receipts.
  const ready = await mailTo(email, new RegExp(`^Your photos are ready: ${literal(title)}$`));
  const galleryLink = ready.text.match(/https?:\/\/\S+\/g\/[A-Za-z0-9_-]+/)?.[0] ?? '';
  const balanceReceipt = await mailTo(email, /^Balance received: /);
  expect(balanceReceipt.text).toContain(balance);
  // No number of the invoice sequence was used on this test-only site.
  expect(balanceReceipt.text).not.toMatch(/INV-\d{6}/);
  const balanceNotice = await mailTo(OWNER.email, new RegExp(`^Balance paid by ${literal(fullName)}`));
  expect(balanceNotice.text).toContain(balance);
  await payPage.goto(new URL(galleryLink).pathname);
  await expect(payPage.getByRole('link', { name: 'Download all (ZIP)' })).toBeVisible();
  await expect(payPage.getByText('These are watermarked proofs')).toHaveCount(0);
  await phone2.close();

  await owner.goto('/admin?tab=jobs');
  const done = owner.getByRole('list', { name: 'Quotes' }).getByRole('listitem').filter({ hasText: title });
  await expect(done).toContainText('Paid in full');
  await ownerContext.close();
});
