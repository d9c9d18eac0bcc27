// A drone quote from an enquiry to its acceptance, through both sides' screens: a visitor asks about
// a drone shoot; the owner writes a quote from that enquiry in the dashboard (a package and travel
// beyond the free radius) and sends it; the client opens the link from the mail on a phone (390 px),
// accepts by typing their name and ticking the terms, and the page says so; the client then pays the
// deposit (30% of the total, with test mode's clearly marked button) and the page says it is paid;
// the quote's PDF carries the same total; the owner's Jobs tab then reads "Accepted by …" and the
// deposit paid, with what remains. Then the delivery: the owner attaches a new gallery to the job and
// invoices the balance (by a specimen with no number: the site takes only test payments); the client
// opens the invoice's link on a phone and pays the balance; the gallery's downloads open by
// themselves, and the mails of each step are in the outbox.
import { expect, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { mailsFiledTo } from '../helpers/mail-file';
import { pdfText } from '../helpers/pdf-text';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

test('an enquiry becomes a quote, accepted and paid on a phone, delivered in a gallery whose downloads open on payment', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const email = `orla-${run}@example.ie`;
  const client = { first: 'Orla', last: `Kavanagh ${run}` };
  const fullName = `${client.first} ${client.last}`;
  const title = `Aerial photos of a farm near Aughrim ${run}`;

  // 1. The visitor's enquiry, through the contact endpoint the home page's form posts to.
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  const sent = await page.request.post('/api/contact', {
    headers: { origin },
    data: {
      firstName: client.first,
      lastName: client.last,
      email,
      serviceInterest: 'drone',
      message: 'Could you photograph our farm near Aughrim from the air in spring?',
    },
  });
  expect(sent.status()).toBe(201);

  // 2. The owner writes a quote from it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, '/admin?tab=enquiries');
  await page
    .getByRole('listitem')
    .filter({ hasText: fullName })
    .getByRole('button', { name: `Write a quote for ${fullName}` })
    .click();
  const form = page.getByRole('form', { name: 'New quote' });
  await expect(form.getByLabel('Client’s name')).toHaveValue(fullName);
  await expect(form.getByLabel('Client’s e-mail')).toHaveValue(email);
  await expect(
    form.getByText('Could you photograph our farm near Aughrim from the air in spring?'),
  ).toBeVisible();
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel('Shoot location').fill('Aughrim, Co. Wicklow');
  await form.getByRole('button', { name: 'Add package' }).click();
  await expect(form.getByLabel('Unit price of line 1 (€)')).toHaveValue('299.00');
  await form.getByRole('button', { name: 'Add travel' }).click();
  await form.getByLabel('Km of line 2', { exact: true }).fill('30');
  await expect(form.getByLabel('Rate per km of line 2 (€)')).toHaveValue('0.60');
  const totals = form.getByRole('definition');
  // Net €317.00 (€299 + 30 km × €0.60); the total adds the owner's VAT, if registered.
  await expect(totals.first()).toHaveText('€317.00');
  const total = (await totals.last().textContent()) ?? '';
  expect(total).toMatch(/^€\d+\.\d{2}$/);
  await form.getByRole('button', { name: 'Send to client' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Sent \d+ \w+, valid until \d+ \w+$/ }),
  ).toBeVisible();

  // 3. The client opens the mailed link on a phone and accepts.
  let link = '';
  await expect
    .poll(() => {
      const mail = mailsFiledTo(DATA_DIR, email).find((m) => m.text.includes('/quote/'));
      link = mail?.text.match(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const clientPage = await phone.newPage();
  await clientPage.goto(new URL(link).pathname);
  await expect(clientPage.getByRole('heading', { name: `Quote: ${title}` })).toBeVisible();
  await expect(clientPage.getByRole('row', { name: /Total/ })).toContainText(total);
  await expect(clientPage.getByText('Licence:', { exact: false }).first()).toBeVisible();
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(clientPage.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await seriousViolations(clientPage)).toEqual([]);
  await clientPage.getByLabel('Your full name').fill(fullName);
  await clientPage.getByLabel('I accept the terms above').check();
  await clientPage.getByRole('button', { name: 'Accept the quote' }).click();
  await expect(
    clientPage.getByRole('status').filter({ hasText: `Accepted by ${fullName} on` }),
  ).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Accept the quote' })).toHaveCount(0);

  // The deposit: 30% of the accepted total, worked out by the server, paid in test mode.
  const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;
  const totalCents = Math.round(Number(total.replace(/[€,]/g, '')) * 100);
  const depositCents = Math.round((totalCents * 30) / 100);
  const deposit = euro(depositCents);
  const balance = euro(totalCents - depositCents);
  await expect(
    clientPage.getByRole('heading', { name: `Pay the deposit: ${deposit} (30% of ${total})` }),
  ).toBeVisible();
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await clientPage.getByRole('button', { name: 'Test mode: no real payment' }).click();
  await expect(
    clientPage.getByRole('status').filter({ hasText: `Deposit of ${deposit} paid on` }),
  ).toContainText(`The balance of ${balance} is due on delivery.`);
  await expect(clientPage.getByRole('button', { name: 'Test mode: no real payment' })).toHaveCount(0);
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await clientPage.setViewportSize({ width: 1280, height: 900 });
  await expect(clientPage.getByText(`Deposit of ${deposit} paid on`)).toBeVisible();
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  expect(await seriousViolations(clientPage)).toEqual([]);

  // The PDF, at the same secret address, with the same total.
  const pdf = await clientPage.request.get(`${new URL(link).pathname}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdfText(await pdf.body())).toContain(total);
  await phone.close();

  // 4. The owner's Jobs tab says who accepted it, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin?tab=jobs');
  const item = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(`Accepted by ${fullName} on`);
  await expect(item).toContainText(total);
  await expect(item).toContainText(
    new RegExp(
      `Deposit ${deposit.replace('.', '\\.')} paid \\d+ \\w+ \\(test payment, no money taken\\) · ${balance.replace('.', '\\.')} to pay`,
    ),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The form fits the phone too, lines and all.
  await page.getByRole('button', { name: 'New quote' }).click();
  const phoneForm = page.getByRole('form', { name: 'New quote' });
  await phoneForm.getByRole('button', { name: 'Add package' }).click();
  await phoneForm.getByRole('button', { name: 'Add travel' }).click();
  await expect(phoneForm.getByLabel('Km of line 2', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // 5. The owner attaches a new gallery to the job and invoices the balance.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=jobs');
  await page.getByRole('button', { name: `Open the quote ${title}` }).click();
  const delivery = page.getByRole('region', { name: 'Delivery and balance' });
  await expect(delivery).toContainText('No gallery attached yet');
  await expect(delivery).toContainText(`Balance ${balance} not invoiced yet`);
  await expect(delivery.getByLabel('Gallery for this job')).toHaveValue('new');
  await delivery.getByRole('button', { name: 'Attach the gallery' }).click();
  await expect(delivery).toContainText(`Gallery “${title}”: proofing until the balance is paid`);
  await delivery.getByRole('button', { name: 'Invoice the balance' }).click();
  await expect(delivery).toContainText(
    new RegExp(`${balance.replace('.', '\\.')} due since \\d+ \\w+ \\(specimen invoice\\)`),
  );
  await expect(delivery.getByRole('button', { name: 'Invoice the balance' })).toHaveCount(0);
  await expect(delivery.getByRole('link', { name: 'Balance invoice (specimen)' })).toBeVisible();

  // 6. The client opens the invoice's link on a phone and pays the balance.
  let payLink = '';
  await expect
    .poll(() => {
      const mail = mailsFiledTo(DATA_DIR, email).find((m) =>
        /^Invoice \(specimen\): the balance for/.test(m.subject),
      );
      payLink = mail?.text.match(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/)?.[0] ?? '';
      return payLink;
    })
    .not.toBe('');
  // The job has one link, in every mail.
  expect(payLink).toBe(link);
  const phone2 = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const payPage = await phone2.newPage();
  await payPage.goto(new URL(payLink).pathname);
  await expect(payPage.getByRole('heading', { name: `Pay the balance: ${balance}` })).toBeVisible();
  expect(await payPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(payPage)).toEqual([]);
  const invoicePdf = await payPage.request.get(`${new URL(payLink).pathname}/invoice/balance`);
  expect(invoicePdf.headers()['content-type']).toBe('application/pdf');
  const invoiceText = pdfText(await invoicePdf.body());
  expect(invoiceText).toContain('Balance due (incl. VAT)');
  expect(invoiceText).toContain(balance);
  await payPage.getByRole('button', { name: 'Test mode: no real payment' }).click();
  await expect(
    payPage.getByRole('status').filter({ hasText: `Balance of ${balance} paid on` }),
  ).toBeVisible();
  await expect(payPage.getByRole('button', { name: 'Test mode: no real payment' })).toHaveCount(0);
  expect(await payPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // 7. The gallery's downloads opened by themselves: its link came by mail, with the receipt.
  let galleryLink = '';
  await expect
    .poll(() => {
      const mail = mailsFiledTo(DATA_DIR, email).find((m) => m.subject === `Your photos are ready: ${title}`);
      galleryLink = mail?.text.match(/https?:\/\/\S+\/g\/[A-Za-z0-9_-]+/)?.[0] ?? '';
      return galleryLink;
    })
    .not.toBe('');
  await payPage.goto(new URL(galleryLink).pathname);
  await expect(payPage.getByRole('link', { name: 'Download all (ZIP)' })).toBeVisible();
  await expect(payPage.getByText('These are watermarked proofs')).toHaveCount(0);
  await phone2.close();
  await expect
    .poll(() => mailsFiledTo(DATA_DIR, email).map((m) => m.subject))
    .toContain(`Balance received: ${title}`);
  await expect
    .poll(() => mailsFiledTo(DATA_DIR, OWNER.email).map((m) => m.subject))
    .toContain(`Balance paid by ${fullName}: ${title}`);

  // The owner's Jobs tab: paid, and the gallery released.
  await page.goto('/admin?tab=jobs');
  const done = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem').filter({ hasText: title });
  await expect(done).toContainText('Paid in full');
});
