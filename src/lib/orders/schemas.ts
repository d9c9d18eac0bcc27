// The owner's order list, status changes, refunds and VAT report: one zod schema per payload.
import { z } from 'zod';
import { hasControlCharacter, oneLineMessage } from '~/lib/platform/shared/control-characters';
import { isCalendarDate } from '~/lib/platform/shared/irish-dates';
import { periodDays, VAT_REPORT_MAX_DAYS } from '~/lib/selling/vat-report';
import { ORDER_STATUSES } from '~/lib/site/constants';

export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE_MAX = 50;
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** An empty query value means "not given". */
const queryValue = (v: unknown) => (v === '' || v === null ? undefined : v);
const positiveInt = (label: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${label} must be a whole number.`)
    .transform(Number)
    .pipe(z.number().min(1, `${label} must be at least 1.`).max(max, `${label} must be at most ${max}.`));

/** GET /api/admin/orders?page&limit&search&status (also GET /api/orders): the owner's order list, page by page. */
export const ordersQuerySchema = z.object({
  page: z.preprocess(queryValue, positiveInt('The page', 100_000).default(1)),
  limit: z.preprocess(
    queryValue,
    positiveInt('The number of orders a page', ORDERS_PAGE_SIZE_MAX).default(ORDERS_PAGE_SIZE),
  ),
  search: z.preprocess(
    queryValue,
    z.string().trim().max(200, 'A search can be at most 200 characters.').default(''),
  ),
  status: z.preprocess(
    queryValue,
    z
      .enum(ORDER_STATUS_FILTERS, {
        error: `The status to show must be one of: ${ORDER_STATUS_FILTERS.join(', ')}.`,
      })
      .default('all'),
  ),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

const shippingDetail = (label: string) =>
  z.preprocess(
    (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(100, `${label} must be at most 100 characters`)
      .refine((v) => !hasControlCharacter(v), oneLineMessage(label))
      .optional(),
  );

/**
 * PATCH /api/orders/{id}/status and PUT /api/admin/orders/{id}/status. Carrier and tracking number
 * are kept only with the shipped status; notifyCustomer defaults to true.
 */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `The status must be one of: ${ORDER_STATUSES.join(', ')}.` }),
  carrier: shippingDetail('Carrier'),
  trackingNumber: shippingDetail('Tracking number'),
  notifyCustomer: z.boolean({ error: 'Say whether to e-mail the customer (true or false).' }).default(true),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** POST /api/admin/orders/{id}/refund: a full refund of the order's PayPal capture. */
export const refundOrderSchema = z.object({
  notifyCustomer: z.boolean({ error: 'Say whether to e-mail the customer (true or false).' }).default(true),
});

const reportDay = (label: string) =>
  z
    .string({ error: `${label} is missing: give a date written YYYY-MM-DD.` })
    .refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD.`);

/** A period of whole days in Irish time, `to` included, at most five years; `tooLong` says so. */
const periodQuerySchema = (tooLong: string) =>
  z
    .object({ from: reportDay('The start date'), to: reportDay('The end date') })
    .refine((p) => p.from <= p.to, 'The start date must be on or before the end date.')
    .refine((p) => periodDays(p) <= VAT_REPORT_MAX_DAYS, tooLong);

/** GET /api/admin/vat-report?from&to: whole days in Irish time, `to` included, at most five years. */
export const vatReportQuerySchema = periodQuerySchema(
  'A VAT report covers at most five years: choose a shorter period.',
);

/** GET /api/admin/vat-report's view: per rate (the default) or per country and rate; CSV or, per country, JSON. */
export const vatReportViewSchema = z.object({
  by: z.preprocess(
    queryValue,
    z.enum(['rate', 'country'], { error: 'The report is by rate or by country.' }).default('rate'),
  ),
  format: z.preprocess(
    queryValue,
    z.enum(['csv', 'json'], { error: 'The format must be CSV or JSON.' }).default('csv'),
  ),
});

/** GET /api/admin/exports/orders.csv?from&to: the same period as the VAT report's. */
export const exportQuerySchema = periodQuerySchema(
  'An export covers at most five years: choose a shorter period.',
);
