// The quantity of one print stops at the cap the server takes for one line of an order, in the
// shop's print dialog as on the print page: a visitor cannot choose a quantity the checkout refuses.
import { expect, type Locator, test } from '@playwright/test';
import { QUANTITY } from '~/lib/shop/print-choices';

/**
 * Presses "Increase quantity" once more than the cap allows (with the keyboard: a hundred pointer
 * clicks, each waiting for the button to be stable, would take most of a minute).
 */
async function increasePastTheCap(scope: Locator) {
  const more = scope.getByRole('button', { name: 'Increase quantity' });
  await more.focus();
  for (let i = 1; i <= QUANTITY.max; i++) await scope.page().keyboard.press('Enter');
  return more;
}

test('the print dialog stops the quantity at the cap of one line of an order', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('button', { name: /Customise print: Lough Tay/ }).click();
  const dialog = page.getByRole('dialog', { name: /Lough Tay/ });
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  const more = await increasePastTheCap(dialog);
  await expect(dialog.getByRole('status', { name: 'Quantity' })).toHaveText(String(QUANTITY.max));
  await expect(more).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
});

test('the print page stops the quantity at the same cap', async ({ page }) => {
  await page.goto('/prints/lough-tay-at-first-light');
  const options = page.getByRole('form', { name: 'Print options: Lough Tay at First Light' });
  const more = await increasePastTheCap(options);
  await expect(options.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(QUANTITY.max));
  await expect(more).toBeDisabled();
});
