// The owner edits the FAQ in the admin's FAQ tab from the keyboard and mouse: adds a question with a
// placeholder, moves it up, removes another, saves; a visitor then reads the new list on the home
// page, the placeholder filled. A refused list keeps the form as typed and the site as saved.
import { expect, test } from '@playwright/test';
import { signIn } from './page-fit';

test('the owner adds a question, moves it up, removes another, and a visitor reads the new FAQ', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signIn(page, '/admin?tab=faq');
  const saved = await (await page.request.get('/api/admin/faq')).json();
  try {
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('Question 5', { exact: true })).toHaveValue(
      'How do I book a drone shoot, and what does it cost?',
    );
    await panel.getByText('Placeholders: facts that follow your settings').click();
    await expect(panel.getByText('{drone_price}')).toBeVisible();

    // A typo in a placeholder: refused whole, with the reason, and the form keeps what was typed.
    await panel.getByRole('button', { name: 'Add a question' }).click();
    const question = panel.getByLabel('Question 6', { exact: true });
    await expect(question).toBeFocused();
    await question.fill('Do you gift-wrap prints?');
    await panel.getByLabel('Answer 6', { exact: true }).fill('Yes, and drone days start from {drone_prise}.');
    await panel.getByRole('button', { name: 'Save questions' }).click();
    await expect(panel.getByText(/Answer 6 uses the unknown placeholder \{drone_prise\}/)).toBeVisible();
    await expect(question).toHaveValue('Do you gift-wrap prints?');

    await panel.getByLabel('Answer 6', { exact: true }).fill('Yes, and drone days start from {drone_price}.');
    // Up from the keyboard: the focus stays on Move up as the question climbs.
    const up = panel.getByRole('button', { name: 'Move up: Do you gift-wrap prints?' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(up).toBeFocused();
    await expect(panel.getByLabel('Question 5', { exact: true })).toHaveValue('Do you gift-wrap prints?');
    await expect(page.getByText('Do you gift-wrap prints? moved to position 5 of 6.')).toBeAttached();
    await panel.getByRole('button', { name: 'Remove: How long does delivery take?' }).click();
    await expect(panel.getByLabel('Question 6', { exact: true })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Save questions' }).click();
    await expect(page.getByText('Questions saved')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/#faq');
    const faq = visitor.locator('#faq summary');
    await expect(faq).toHaveText([
      'What print sizes do you offer?',
      'What is the difference between matte and gloss, and do they cost the same?',
      'Can I order a print framed?',
      'Do you gift-wrap prints?',
      'How do I book a drone shoot, and what does it cost?',
    ]);
    await faq.filter({ hasText: 'gift-wrap' }).click();
    await expect(visitor.getByText('Yes, and drone days start from €299.')).toBeVisible();
    await visitor.context().close();
  } finally {
    // The other tests read the FAQ as it was.
    await page.request.put('/api/admin/faq', {
      data: { entries: saved.entries },
      headers: { origin: new URL(page.url()).origin },
    });
  }
});
