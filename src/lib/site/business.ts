// The business behind the shop, as the owner states it in the admin: its legal and trading names, its
// postal address, its VAT and company numbers and how to reach it. One zod schema checks the owner's
// form and the endpoint alike. A VAT number is checked against the format of the business's country
// (the EU's two-letter prefix and its length and pattern; the United Kingdom's for Great Britain and
// Northern Ireland); the check is of the format only, so a number is never refused for its check
// letter, which only the tax office can vouch for.
import { z } from 'zod';
import { hasControlCharacter, oneLineMessage } from '~/lib/platform/shared/control-characters';

interface VatFormat {
  /** The country's name in a sentence ("a VAT number of Ireland"). */
  name: string;
  /** The two letters a VAT number of the country starts with (Greece's are EL). */
  prefix: string;
  /** What follows the prefix. */
  rest: RegExp;
  /** How such a number is written, said to the owner when one is refused. */
  example: string;
}

const UK_REST = /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/;

/** The VAT number formats, by the ISO code of the business's country. */
export const VAT_FORMATS: Readonly<Record<string, VatFormat>> = {
  AT: { name: 'Austria', prefix: 'AT', rest: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { name: 'Belgium', prefix: 'BE', rest: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { name: 'Bulgaria', prefix: 'BG', rest: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { name: 'Cyprus', prefix: 'CY', rest: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { name: 'Czechia', prefix: 'CZ', rest: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { name: 'Germany', prefix: 'DE', rest: /^\d{9}$/, example: 'DE123456789' },
  DK: { name: 'Denmark', prefix: 'DK', rest: /^\d{8}$/, example: 'DK12345678' },
  EE: { name: 'Estonia', prefix: 'EE', rest: /^\d{9}$/, example: 'EE123456789' },
  ES: { name: 'Spain', prefix: 'ES', rest: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, example: 'ESX1234567X' },
  FI: { name: 'Finland', prefix: 'FI', rest: /^\d{8}$/, example: 'FI12345678' },
  FR: { name: 'France', prefix: 'FR', rest: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  GB: { name: 'Great Britain', prefix: 'GB', rest: UK_REST, example: 'GB123456789' },
  GR: { name: 'Greece', prefix: 'EL', rest: /^\d{9}$/, example: 'EL123456789' },
  HR: { name: 'Croatia', prefix: 'HR', rest: /^\d{11}$/, example: 'HR12345678901' },
  HU: { name: 'Hungary', prefix: 'HU', rest: /^\d{8}$/, example: 'HU12345678' },
  // Seven digits and one or two letters (IE1234567T, IE1234567WA), or the older form of a digit, a
  // letter (or + or *), five digits and a letter (IE1A23456B).
  IE: {
    name: 'Ireland',
    prefix: 'IE',
    rest: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    example: 'IE1234567T, IE1234567WA or IE1A23456B',
  },
  IT: { name: 'Italy', prefix: 'IT', rest: /^\d{11}$/, example: 'IT12345678901' },
  LT: { name: 'Lithuania', prefix: 'LT', rest: /^(?:\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { name: 'Luxembourg', prefix: 'LU', rest: /^\d{8}$/, example: 'LU12345678' },
  LV: { name: 'Latvia', prefix: 'LV', rest: /^\d{11}$/, example: 'LV12345678901' },
  MT: { name: 'Malta', prefix: 'MT', rest: /^\d{8}$/, example: 'MT12345678' },
  NL: { name: 'the Netherlands', prefix: 'NL', rest: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { name: 'Poland', prefix: 'PL', rest: /^\d{10}$/, example: 'PL1234567890' },
  PT: { name: 'Portugal', prefix: 'PT', rest: /^\d{9}$/, example: 'PT123456789' },
  RO: { name: 'Romania', prefix: 'RO', rest: /^[1-9]\d{1,9}$/, example: 'RO1234567890' },
  SE: { name: 'Sweden', prefix: 'SE', rest: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { name: 'Slovenia', prefix: 'SI', rest: /^[1-9]\d{7}$/, example: 'SI12345678' },
  SK: { name: 'Slovakia', prefix: 'SK', rest: /^[1-9]\d{9}$/, example: 'SK1234567890' },
  XI: { name: 'Northern Ireland', prefix: 'XI', rest: UK_REST, example: 'XI123456789' },
};

/** A VAT number of a country outside the table: letters and digits, as its tax office writes them. */
const ANY_VAT = /^[A-Z0-9]{4,15}$/;

/** The number as typed, in capitals, without the spaces, dots and hyphens people write into it. */
const compact = (typed: string) => typed.toUpperCase().replace(/[\s.-]/g, '');

/**
 * A VAT number in the form the site keeps (IE1234567T), or the sentence that says why it is not one of
 * `country`'s. The country's prefix may be left out when typing: it is added.
 */
export function checkVatNumber(
  country: string,
  typed: string,
): { ok: true; vatNumber: string } | { ok: false; message: string } {
  const number = compact(typed);
  const format = VAT_FORMATS[country];
  if (!format) {
    return ANY_VAT.test(number)
      ? { ok: true, vatNumber: number }
      : { ok: false, message: 'A VAT number is 4 to 15 letters and digits.' };
  }
  const rest = number.startsWith(format.prefix) ? number.slice(2) : number;
  if (format.rest.test(rest)) return { ok: true, vatNumber: `${format.prefix}${rest}` };
  return {
    ok: false,
    message: `That is not the form of a VAT number of ${format.name}: it is written like ${format.example}.`,
  };
}

/** An Eircode, A65 F4E2: a routing key of three characters and a unique identifier of four. */
const EIRCODE = /^([AC-FHKNPRTV-Y]\d{2}|D6W)([0-9AC-FHKNPRTV-Y]{4})$/;

/** A postcode as kept: an Irish one as an Eircode (A65 F4E2), any other as typed; null when not an Eircode in Ireland. */
export function checkPostcode(country: string, typed: string): string | null {
  if (country !== 'IE') return typed.trim();
  const m = EIRCODE.exec(typed.toUpperCase().replace(/\s/g, ''));
  return m ? `${m[1]} ${m[2]}` : null;
}

/** One line of text of at most `max` characters. */
const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label.toLowerCase()}.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v), `${oneLineMessage(label)}.`);

/** A line the card must have. */
const line = (label: string, max: number) =>
  text(label, max).min(1, `Please enter the ${label.toLowerCase()}.`);

/** A line the card may leave empty: kept as null. */
const optionalLine = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    text(label, max).nullable(),
  );

export const PHONE = /^\+?[\d\s\-()]{6,30}$/;

/** PUT /api/admin/business: the owner's business details, the whole card at once. */
export const businessDetailsSchema = z
  .object({
    legalName: line('Legal name', 200),
    tradingName: optionalLine('Trading name', 200),
    addressLine1: line('Address line 1', 200),
    addressLine2: optionalLine('Address line 2', 200),
    town: line('Town', 100),
    region: optionalLine('County or region', 100),
    postcode: optionalLine('Postcode', 20),
    country: z
      .string({ error: 'Please choose the country.' })
      .regex(/^[A-Z]{2}$/, 'Please choose the country from the list.'),
    vatNumber: optionalLine('VAT number', 30),
    companyNumber: optionalLine('Company number', 40),
    email: z
      .string({ error: 'Please enter the contact e-mail.' })
      .trim()
      .max(254, 'Please enter a valid e-mail address.')
      .pipe(z.email('Please enter a valid e-mail address.')),
    phone: optionalLine('Phone', 30).refine(
      (v) => v === null || PHONE.test(v),
      'A phone number has only digits, spaces, hyphens, brackets and a leading +.',
    ),
  })
  .transform((d, ctx) => {
    let { vatNumber, postcode } = d;
    if (vatNumber !== null) {
      const vat = checkVatNumber(d.country, vatNumber);
      if (vat.ok) vatNumber = vat.vatNumber;
      else ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: vat.message });
    }
    if (postcode !== null) {
      postcode = checkPostcode(d.country, postcode);
      if (postcode === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['postcode'],
          message: 'That is not an Eircode: it is written like A65 F4E2.',
        });
      }
    }
    return { ...d, vatNumber, postcode };
  });
export type BusinessDetailsInput = z.input<typeof businessDetailsSchema>;
export type BusinessDetails = z.output<typeof businessDetailsSchema>;

/** The name the business trades under: its trading name, or its legal name when it has none. */
export const tradingAs = (d: Pick<BusinessDetails, 'legalName' | 'tradingName'>): string =>
  d.tradingName ?? d.legalName;

/** The postal address, one line per part, the country named by `countryName`. */
export function addressLines(
  d: BusinessDetails,
  countryName: (code: string) => string | undefined,
): string[] {
  const townLine = [d.town, d.region].filter(Boolean).join(', ');
  return [d.addressLine1, d.addressLine2, townLine, d.postcode, countryName(d.country) ?? d.country].filter(
    (l): l is string => Boolean(l),
  );
}
