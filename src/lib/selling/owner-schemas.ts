// The owner's selling settings as they arrive: shipping zones and where countries ship, VAT rates
// per product class, and discount codes. Money comes in euros (a number or a numeric string) and
// rates in percent, and leaves these schemas in integer cents and basis points; every entry is
// checked before anything is saved, and a bad one is named in a sentence.
import { z } from 'zod';
import { isCalendarDate, nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { eurosToCents, MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import { COUNTRIES, countryName } from './countries';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, type DiscountKind, normaliseCode } from './discount';
import { isOssCountry, type OssCountry } from './oss-rates';
import { DEFAULT_ZONES, ZONE_IDS, type ZoneId } from './shipping-zones';
import { MAX_VAT_BP, VAT_CLASS_LABELS, VAT_CLASSES, type VatClass } from './vat';

const PRICE_RULE = `a number of euros from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals`;
const shown = (v: unknown) => (JSON.stringify(v) ?? 'nothing').slice(0, 40);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const zoneName = (id: ZoneId) => DEFAULT_ZONES.find((z) => z.id === id)?.name ?? id;

/** Euros → cents, or an issue naming what was wrong with it. */
function cents(ctx: z.RefinementCtx, value: unknown, what: string): number {
  const c = eurosToCents(value);
  if (c === null)
    ctx.addIssue({ code: 'custom', message: `${what} must be ${PRICE_RULE} (got ${shown(value)}).` });
  return c ?? 0;
}

// ---------------------------------------------------------------- shipping

const zoneSchema = z
  .object({
    id: z.enum(ZONE_IDS, { error: `Unknown shipping zone: use ${ZONE_IDS.join(', ')}.` }),
    firstPrint: z.unknown().optional(),
    additionalPrint: z.unknown().optional(),
    framedSurcharge: z.unknown().optional(),
    freeOver: z.unknown().optional(),
  })
  .transform((zone, ctx) => {
    const where = zoneName(zone.id);
    return {
      id: zone.id,
      firstPrintCents: cents(ctx, zone.firstPrint, `The first print's shipping to ${where}`),
      additionalPrintCents: cents(ctx, zone.additionalPrint, `Each further print's shipping to ${where}`),
      framedSurchargeCents: cents(ctx, zone.framedSurcharge, `The framed print surcharge to ${where}`),
      freeOverCents: blank(zone.freeOver)
        ? null
        : cents(ctx, zone.freeOver, `The free-shipping threshold of ${where}`),
    };
  });
export type ZoneInput = z.output<typeof zoneSchema>;

const countryMoveSchema = z.object({
  country: z
    .string({ error: 'Each country must be its two-letter code.' })
    .max(8, 'Each country must be its two-letter code.')
    .refine((c) => countryName(c) !== undefined, {
      error: (i) => `Unknown country ${shown(i.input)}: choose one from the list.`,
    }),
  zone: z
    .enum(ZONE_IDS, {
      error: `A country goes to a zone (${ZONE_IDS.join(', ')}) or to null: not shipped to.`,
    })
    .nullable(),
});
export type CountryMove = z.output<typeof countryMoveSchema>;

/**
 * PUT /api/admin/shipping: zones to change (each given whole), and countries to move, each to a zone
 * or to null ("not shipped to"); a country moved back to its own zone is no longer listed as moved.
 */
export const shippingSettingsSchema = z
  .object(
    {
      zones: z
        .array(zoneSchema, { error: 'The shipping zones must be a list of zones.' })
        .max(ZONE_IDS.length)
        .optional(),
      countries: z
        .array(countryMoveSchema, { error: 'The countries must be a list, each with its country and zone.' })
        .max(COUNTRIES.length)
        .optional(),
    },
    { error: 'Send an object: { zones, countries }.' },
  )
  .superRefine(({ zones, countries }, ctx) => {
    if (!zones?.length && !countries?.length)
      ctx.addIssue({ code: 'custom', message: 'Nothing to change: give zones or countries.' });
    const ids = zones?.map((z) => z.id) ?? [];
    if (new Set(ids).size < ids.length) ctx.addIssue({ code: 'custom', message: 'A zone is given twice.' });
    const codes = countries?.map((c) => c.country) ?? [];
    if (new Set(codes).size < codes.length)
      ctx.addIssue({ code: 'custom', message: 'A country is given twice.' });
  });
export type ShippingSettingsInput = z.output<typeof shippingSettingsSchema>;

// ---------------------------------------------------------------- VAT

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** A rate typed in percent (23, "13.5") → basis points, or null unless 0 to 100 with at most 2 decimals. */
export function percentToBp(value: unknown): number | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !PERCENT.test(text.trim())) return null;
  const [whole, frac = ''] = text.trim().split('.');
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return bp <= MAX_VAT_BP ? bp : null;
}

/** PUT /api/admin/vat-rates { rates: { print?, edition?, framing?, shipping? } }: rates in percent. */
export const vatRatesSchema = z
  .object(
    {
      rates: z.record(z.string(), z.unknown(), { error: 'The VAT rates must be given per product class.' }),
    },
    { error: 'Send an object: { rates }.' },
  )
  .transform(({ rates }, ctx) => {
    const out: Partial<Record<VatClass, number>> = {};
    for (const [key, value] of Object.entries(rates)) {
      if (!(VAT_CLASSES as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown product class ${shown(key)}: use ${VAT_CLASSES.join(', ')}.`,
        });
        return z.NEVER;
      }
      const bp = percentToBp(value);
      if (bp === null) {
        const label = VAT_CLASS_LABELS[key as VatClass];
        ctx.addIssue({
          code: 'custom',
          message: `The VAT rate of ${label.toLowerCase()} must be a percentage from 0 to 100 with at most 2 decimals (got ${shown(value)}).`,
        });
        return z.NEVER;
      }
      out[key as VatClass] = bp;
    }
    if (Object.keys(out).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'No rates were given.' });
      return z.NEVER;
    }
    return out;
  });
export type VatRatesInput = z.output<typeof vatRatesSchema>;

// ---------------------------------------------------------------- discount codes

export const DISCOUNT_CODE_RULE =
  'A code is 3 to 32 letters, digits, hyphens (-) or underscores (_), with no spaces.';
export const MAX_DISCOUNT_USES = 1_000_000;

const codeSchema = z
  .string({ error: DISCOUNT_CODE_RULE })
  .max(64, DISCOUNT_CODE_RULE)
  .transform((c) => c.trim())
  .refine((c) => DISCOUNT_CODE_PATTERN.test(c), DISCOUNT_CODE_RULE)
  .transform(normaliseCode);

/** The value of a code of that kind: whole percent from 1 to 100, or euros above 0. */
function discountValue(ctx: z.RefinementCtx, kind: DiscountKind, value: unknown): number {
  if (kind === 'percent') {
    const n = typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 100) return n;
    ctx.addIssue({
      code: 'custom',
      message: `A percentage off must be a whole number from 1 to 100 (got ${shown(value)}).`,
    });
    return 0;
  }
  const c = cents(ctx, value, 'The amount off');
  if (c === 0 && eurosToCents(value) === 0)
    ctx.addIssue({ code: 'custom', message: 'The amount off must be more than €0.' });
  return c;
}

/** The last day a code may be used (YYYY-MM-DD, Irish time) → the instant it expires: the next midnight. */
function expiry(ctx: z.RefinementCtx, value: unknown): Date | null {
  if (blank(value)) return null;
  if (typeof value !== 'string' || !isCalendarDate(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `The last day must be a date written YYYY-MM-DD (got ${shown(value)}).`,
    });
    return null;
  }
  return startOfIrishDay(nextDay(value));
}

function maxUses(ctx: z.RefinementCtx, value: unknown): number | null {
  if (blank(value)) return null;
  const n = typeof value === 'string' && /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_DISCOUNT_USES) return n;
  ctx.addIssue({
    code: 'custom',
    message: `The use limit must be a whole number from 1 to ${MAX_DISCOUNT_USES}, or empty for no limit (got ${shown(value)}).`,
  });
  return null;
}

const minOrder = (ctx: z.RefinementCtx, value: unknown): number | null =>
  blank(value) ? null : cents(ctx, value, 'The minimum order') || null;

const discountFields = {
  kind: z.enum(DISCOUNT_KINDS, { error: 'The kind of a code is percent or fixed.' }),
  value: z.unknown().optional(),
  expiresOn: z.unknown().optional(),
  maxUses: z.unknown().optional(),
  minOrder: z.unknown().optional(),
};

/** POST /api/admin/discounts: a new code. */
export const discountCreateSchema = z
  .object({ code: codeSchema, ...discountFields }, { error: 'Send an object: { code, kind, value }.' })
  .transform((d, ctx) => ({
    code: d.code,
    kind: d.kind,
    value: discountValue(ctx, d.kind, d.value),
    expiresAt: expiry(ctx, d.expiresOn),
    maxUses: maxUses(ctx, d.maxUses),
    minOrderCents: minOrder(ctx, d.minOrder),
  }));
export type DiscountCreateInput = z.output<typeof discountCreateSchema>;

/**
 * PUT /api/admin/discounts/{id}: what changes of a code (its spelling stays). The kind and the value
 * come together, as a value means nothing without its kind; `active: false` switches the code off.
 */
export const discountUpdateSchema = z
  .object(
    {
      kind: discountFields.kind.optional(),
      value: z.unknown().optional(),
      expiresOn: z.unknown().optional(),
      maxUses: z.unknown().optional(),
      minOrder: z.unknown().optional(),
      active: z.boolean({ error: 'Say whether the code is switched on (true or false).' }).optional(),
    },
    { error: 'Send an object of what changes.' },
  )
  .transform((d, ctx) => {
    if ((d.kind === undefined) !== (d.value === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give the kind of the code (percent or fixed) with its value.',
      });
      return z.NEVER;
    }
    const out: {
      kind?: DiscountKind;
      value?: number;
      expiresAt?: Date | null;
      maxUses?: number | null;
      minOrderCents?: number | null;
      active?: boolean;
    } = {};
    if (d.kind !== undefined) {
      out.kind = d.kind;
      out.value = discountValue(ctx, d.kind, d.value);
    }
    if (d.expiresOn !== undefined) out.expiresAt = expiry(ctx, d.expiresOn);
    if (d.maxUses !== undefined) out.maxUses = maxUses(ctx, d.maxUses);
    if (d.minOrder !== undefined) out.minOrderCents = minOrder(ctx, d.minOrder);
    if (d.active !== undefined) out.active = d.active;
    if (Object.keys(out).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to change.' });
      return z.NEVER;
    }
    return out;
  });
export type DiscountUpdateInput = z.output<typeof discountUpdateSchema>;

// ---------------------------------------------------------------- One-Stop-Shop

/** Where a country outside the One-Stop-Shop table is refused: Ireland has its own card. */
function ossCountryProblem(code: string): string | null {
  if (code === 'IE') return 'Ireland’s rates are the VAT rates above, not a row of the One-Stop-Shop table.';
  if (isOssCountry(code)) return null;
  return `Unknown country ${shown(code)}: the One-Stop-Shop table holds the other EU member states and Northern Ireland (XI).`;
}

/**
 * PUT /api/admin/oss { registered?, rates?: { DE: { print?, edition?, framing?, shipping? }, … } }:
 * whether the shop is registered for the One-Stop-Shop, and rates in percent per country and product
 * class; all or nothing. The admin's form checks its entries with this same schema before sending.
 */
export const ossSettingsSchema = z
  .object(
    {
      registered: z.boolean({ error: 'registered must be true or false.' }).optional(),
      rates: z
        .record(z.string(), z.record(z.string(), z.unknown()), {
          error: 'rates must be an object of countries, each with its rates per class.',
        })
        .optional(),
    },
    { error: 'Send an object: { registered, rates }.' },
  )
  .transform(({ registered, rates }, ctx) => {
    const out: { country: OssCountry; vatClass: VatClass; rateBp: number }[] = [];
    for (const [country, classes] of Object.entries(rates ?? {})) {
      const problem = ossCountryProblem(country);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      for (const [key, value] of Object.entries(classes)) {
        if (!(VAT_CLASSES as readonly string[]).includes(key)) {
          ctx.addIssue({
            code: 'custom',
            message: `Unknown product class ${shown(key)}: use ${VAT_CLASSES.join(', ')}.`,
          });
          return z.NEVER;
        }
        const bp = percentToBp(value);
        if (bp === null) {
          const label = VAT_CLASS_LABELS[key as VatClass].toLowerCase();
          ctx.addIssue({
            code: 'custom',
            message: `The VAT rate of ${label} in ${countryName(country) ?? country} must be a percentage from 0 to 100 with at most 2 decimals (got ${shown(value)}).`,
          });
          return z.NEVER;
        }
        out.push({ country: country as OssCountry, vatClass: key as VatClass, rateBp: bp });
      }
    }
    if (registered === undefined && out.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to change: give registered or rates.' });
      return z.NEVER;
    }
    return { registered, rates: out };
  });
export type OssSettingsInput = z.output<typeof ossSettingsSchema>;
