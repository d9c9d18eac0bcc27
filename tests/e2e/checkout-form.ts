// Fills the checkout's delivery details as a buyer types them, found by their labels.
import type { Page } from '@playwright/test';
import type { CustomerData } from '~/lib/checkout/schemas';
import { CUSTOMER } from '../helpers/fixtures';

export async function fillCheckoutDetails(page: Page, customer: CustomerData = CUSTOMER) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill(customer.name);
  await field('Email').fill(customer.email);
  await field('Phone').fill(customer.phone);
  await field('Street Address').fill(customer.street);
  await field('City').fill(customer.city);
  await field('Postal Code').fill(customer.postalCode);
  await field('Country').selectOption({ label: customer.country });
}
