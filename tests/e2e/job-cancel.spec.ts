// The owner cancels a paid drone job on a phone (390 px), on a site of its own whose PayPal keys
// point at the local PayPal double (so the balance has a numbered invoice, and the refund goes
// through PayPal): a quote accepted and its balance invoiced and paid (through the endpoints the
// client's page uses); in the Jobs tab "Cancel the job" opens a dialog that says what the client
// paid and proposes all of it; the owner lowers the refund, is asked for a reason, gives one, and the
// job then reads "Cancelled" with what was refunded and a link to the credit note, which is a PDF;
// the client's mail says so. Screenshots at 390 and 1280 px go to test-results/job-cancel/ (or
// JOB_CANCEL_SHOTS).
import { expect, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { mailsFiledTo } from '../helpers/mail-file';
import { onSite, ownSiteWithPaypal } from './own-site';
import { signInTo } from './sign-in';

const SHOTS = process.env.JOB_CANCEL_SHOTS ?? 'test-results/job-cancel';

const own = ownSiteWithPaypal({
  SEED_DEMO: '1',
  OWNER_EMAIL: OWNER.email,
  OWNER_PASSWORD: OWNER.password,
});

test('the owner cancels a paid job on a phone, refunds part of it and gets its credit note', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const email = `ciara-${run}@example.ie`;
  const title = `Aerial photos of a wedding venue near Rathdrum ${run}`;

  onSite(page, () => own.site.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, '/admin?tab=jobs');
  const origin = own.site.url;
  const headers = { origin };
  const DATA_DIR = own.site.dataDir;

  // A job accepted, its balance (the whole €317.00: no deposit asked) invoiced and paid.
  const made = await page.request.post(`${origin}/api/admin/quotes`, {
    headers,
    data: {
      clientName: 'Ciara Walsh',
      clientEmail: email,
      title,
      location: 'Rathdrum, Co. Wicklow',
      shootDate: '',
      validUntil: '2099-12-31',
      terms: 'The balance is due on delivery.',
      depositPercent: 0,
      lines: [
        { kind: 'package', description: 'Aerial photography, half day', quantity: 1, unitPriceCents: 29_900 },
        { kind: 'travel', description: 'Travel beyond 50 km', quantity: 30, unitPriceCents: 60 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  expect((await page.request.post(`${origin}/api/admin/quotes/${id}/send`, { headers })).status()).toBe(200);
  const tokenIn = async (subject: RegExp) => {
    await expect
      .poll(() => mailsFiledTo(DATA_DIR, email).some((m) => subject.test(m.subject)), { timeout: 15_000 })
      .toBe(true);
    const mail = mailsFiledTo(DATA_DIR, email)
      .filter((m) => subject.test(m.subject))
      .at(-1);
    return mail?.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
  };
  const sentToken = await tokenIn(/^Your quote/);
  const accepted = await page.request.post(`${origin}/api/quotes/${sentToken}/accept`, {
    headers,
    data: { name: 'Ciara Walsh', acceptTerms: true, totalCents: 31_700 },
  });
  expect(accepted.status()).toBe(200);
  expect(
    (await page.request.post(`${origin}/api/admin/quotes/${id}/balance-invoice`, { headers })).status(),
  ).toBe(200);
  const payToken = await tokenIn(/^Invoice INV-\d{6}/);
  const started = await page.request.post(`${origin}/api/quotes/${payToken}/balance`, { headers, data: {} });
  const { id: orderId } = (await started.json()) as { id: string };
  const paid = await page.request.post(`${origin}/api/quotes/${payToken}/balance/${orderId}/capture`, {
    headers,
    data: {},
  });
  expect(paid.status()).toBe(200);

  // The Jobs tab: "Cancel the job" on the accepted job opens the dialog.
  await page.goto('/admin?tab=jobs');
  const jobs = page.getByRole('list', { name: 'Quotes' });
  const row = jobs.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: `Cancel the job ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel the job: ${title}` });
  await expect(dialog.getByText('Ciara Walsh paid €317.00 on this job.')).toBeVisible();
  await expect(dialog.getByLabel('Refund (€)')).toHaveValue('317.00');
  await page.screenshot({ path: `${SHOTS}/dialog-390.png`, fullPage: true });

  // A reason is needed; then a lower refund goes through.
  await dialog.getByLabel('Refund (€)').fill('150.00');
  await dialog.getByRole('button', { name: 'Cancel the job and refund' }).click();
  await expect(dialog.getByText('Please give the reason for cancelling the job.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The wedding moved to another county.');
  await dialog.getByRole('button', { name: 'Cancel the job and refund' }).click();
  await expect(dialog).toBeHidden();

  await expect(row.getByText(/^Cancelled \d+ \w+ · €150\.00 refunded \(CN-\d{6}\)$/)).toBeVisible();
  await expect(row.getByText('Reason: The wedding moved to another county.')).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel the job ${title}` })).toHaveCount(0);
  const link = row.getByRole('link', { name: /^Credit note CN-\d{6} for the balance \(PDF\)$/ });
  const pdf = await page.request.get(`${origin}${(await link.getAttribute('href')) ?? ''}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await page.screenshot({ path: `${SHOTS}/cancelled-390.png`, fullPage: true });

  // The stages filter knows cancelled jobs.
  await page.getByLabel('Show').selectOption({ label: 'Cancelled' });
  await expect(row).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cancelled-1280.png`, fullPage: true });

  // The client is told, with the credit note.
  const cancelToken = await tokenIn(/^Your drone job is cancelled/);
  // The job has one link: the one the quote was sent with.
  expect(cancelToken).toBe(sentToken);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/quote/${cancelToken}`);
  const notice = page.getByRole('status', { name: 'This job was cancelled' });
  await expect(notice).toBeVisible();
  await expect(
    notice.getByRole('link', { name: /^Credit note CN-\d{6} for the balance \(PDF\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay|Accept/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/client-cancelled-390.png`, fullPage: true });
});
