// The business details: the VAT number's check against its country's format (Irish forms, the EU's
// prefixes, Northern Ireland's and Great Britain's), the Eircode, the one schema of the form and the
// endpoint, the stored row (none until saved), and the name the mails are sent and signed with.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { memoryDb } from '~tests/helpers/db';
import {
  addressLines,
  type BusinessDetailsInput,
  businessDetailsSchema,
  checkVatNumber,
  tradingAs,
} from './business';
import { mailSenderName, readBusinessDetails, saveBusinessDetails } from './business.server';
import { OWNER_NAME } from './constants';

const vat = (country: string, typed: string) => {
  const r = checkVatNumber(country, typed);
  return r.ok ? r.vatNumber : null;
};

describe('the VAT number check', () => {
  it('takes the Irish forms: seven digits and one or two letters, and the older form', () => {
    expect(vat('IE', 'IE1234567T')).toBe('IE1234567T');
    expect(vat('IE', 'IE1234567WA')).toBe('IE1234567WA');
    expect(vat('IE', 'IE1A23456B')).toBe('IE1A23456B');
    expect(vat('IE', 'IE1+23456B')).toBe('IE1+23456B');
  });

  it('writes a number in its standard form: capitals, no spaces or dots, the prefix added', () => {
    expect(vat('IE', ' ie 123 4567 t ')).toBe('IE1234567T');
    expect(vat('IE', '1234567-WA')).toBe('IE1234567WA');
    expect(vat('AT', 'u12345678')).toBe('ATU12345678');
    expect(vat('GR', '123456789')).toBe('EL123456789');
    expect(vat('NL', 'NL123.456.789.B01')).toBe('NL123456789B01');
  });

  it('refuses an Irish number of the wrong form, saying how one is written', () => {
    for (const wrong of [
      'IE123456T',
      'IE12345678',
      'IE1234567',
      'IE1234567TXX',
      'IEABCDEFGH',
      'IE1234567Z',
      'DE123456789',
    ]) {
      const r = checkVatNumber('IE', wrong);
      expect(r, wrong).toEqual({
        ok: false,
        message:
          'That is not the form of a VAT number of Ireland: it is written like IE1234567T, IE1234567WA or IE1A23456B.',
      });
    }
  });

  it('checks the other EU countries by their prefix and form', () => {
    const good: [string, string][] = [
      ['AT', 'ATU12345678'],
      ['BE', 'BE0123456789'],
      ['BG', 'BG1234567890'],
      ['CY', 'CY12345678X'],
      ['CZ', 'CZ1234567890'],
      ['DE', 'DE123456789'],
      ['DK', 'DK12345678'],
      ['EE', 'EE123456789'],
      ['ES', 'ESX1234567X'],
      ['ES', 'ES12345678Z'],
      ['FI', 'FI12345678'],
      ['FR', 'FRAB123456789'],
      ['GR', 'EL123456789'],
      ['HR', 'HR12345678901'],
      ['HU', 'HU12345678'],
      ['IT', 'IT12345678901'],
      ['LT', 'LT123456789012'],
      ['LU', 'LU12345678'],
      ['LV', 'LV12345678901'],
      ['MT', 'MT12345678'],
      ['NL', 'NL123456789B01'],
      ['PL', 'PL1234567890'],
      ['PT', 'PT123456789'],
      ['RO', 'RO1234567890'],
      ['SE', 'SE123456789001'],
      ['SI', 'SI12345678'],
      ['SK', 'SK1234567890'],
      ['XI', 'XI123456789'],
      ['GB', 'GB123456789012'],
    ];
    for (const [country, number] of good) expect(vat(country, number), number).toBe(number);
    const bad: [string, string][] = [
      ['AT', 'AT12345678'],
      ['DE', 'DE12345678'],
      ['ES', 'ES123456789'],
      ['FR', 'FRIO123456789'],
      ['GR', 'GR123456789'],
      ['NL', 'NL123456789A01'],
      ['SE', 'SE123456789012'],
      ['XI', 'GB123456789'],
    ];
    for (const [country, number] of bad) expect(vat(country, number), number).toBeNull();
    expect(checkVatNumber('DE', 'DE1234')).toEqual({
      ok: false,
      message: 'That is not the form of a VAT number of Germany: it is written like DE123456789.',
    });
  });

  it('takes letters and digits for a country outside the table', () => {
    expect(vat('NO', 'NO 123 456 789 MVA')).toBe('NO123456789MVA');
    expect(vat('NO', '12')).toBeNull();
  });
});

const FORM: BusinessDetailsInput = {
  legalName: 'Aoife Byrne',
  tradingName: 'Wicklow Light Photography',
  addressLine1: 'Unit 4, Kilcoole Business Park',
  addressLine2: '',
  town: 'Kilcoole',
  region: 'Co. Wicklow',
  postcode: 'a63 x2y4',
  country: 'IE',
  vatNumber: 'ie 1234567t',
  companyNumber: '',
  email: 'shop@wicklowlight.ie',
  phone: '+353 1 234 5678',
};

describe('the business details schema', () => {
  it('keeps the details in their standard form, empty optional fields as null', () => {
    expect(businessDetailsSchema.parse(FORM)).toEqual({
      ...FORM,
      addressLine2: null,
      postcode: 'A63 X2Y4',
      vatNumber: 'IE1234567T',
      companyNumber: null,
    });
  });

  it('refuses a malformed VAT number on its field, with the sentence', () => {
    const r = businessDetailsSchema.safeParse({ ...FORM, vatNumber: 'IE12345' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'vatNumber',
        'That is not the form of a VAT number of Ireland: it is written like IE1234567T, IE1234567WA or IE1A23456B.',
      ],
    ]);
  });

  it('refuses an Irish postcode that is not an Eircode, a missing name and a name of two lines', () => {
    const issues = (input: Partial<BusinessDetailsInput>) =>
      businessDetailsSchema.safeParse({ ...FORM, ...input }).error?.issues.map((i) => i.message);
    expect(issues({ postcode: 'SW1A 1AA' })).toEqual([
      'That is not an Eircode: it is written like A65 F4E2.',
    ]);
    expect(issues({ postcode: 'SW1A 1AA', country: 'GB', vatNumber: null })).toBeUndefined();
    expect(issues({ legalName: '  ' })).toEqual(['Please enter the legal name.']);
    expect(issues({ tradingName: 'Wicklow\r\nBcc: x@example.com' })?.[0]).toMatch(/one line of text/);
    expect(issues({ email: 'not an address' })).toEqual(['Please enter a valid e-mail address.']);
    expect(issues({ phone: 'call me' })?.[0]).toMatch(/only digits/);
  });

  it('names the trader and writes the address one part a line', () => {
    const d = businessDetailsSchema.parse(FORM);
    expect(tradingAs(d)).toBe('Wicklow Light Photography');
    expect(tradingAs({ ...d, tradingName: null })).toBe('Aoife Byrne');
    expect(addressLines(d, (c) => (c === 'IE' ? 'Ireland' : undefined))).toEqual([
      'Unit 4, Kilcoole Business Park',
      'Kilcoole, Co. Wicklow',
      'A63 X2Y4',
      'Ireland',
    ]);
  });
});

describe('the stored details and the mails’ name', () => {
  let db: Db;
  beforeEach(() => {
    db = memoryDb();
  });
  afterEach(() => {
    delete process.env.MAIL_FROM;
    resetConfigForTests();
  });

  it('reads nothing until saved, then the whole card, replaced on the next save', () => {
    expect(readBusinessDetails(db)).toBeNull();
    const d = businessDetailsSchema.parse(FORM);
    saveBusinessDetails(db, d);
    expect(readBusinessDetails(db)).toEqual(d);
    saveBusinessDetails(db, { ...d, tradingName: null, phone: null });
    expect(readBusinessDetails(db)).toEqual({ ...d, tradingName: null, phone: null });
  });

  it('sends and signs mails as the trading name, else the configured name, else the site’s', () => {
    expect(getConfig().mail.from).not.toMatch(/</);
    expect(mailSenderName(db)).toBe(OWNER_NAME);
    process.env.MAIL_FROM = '"Aoife at Wicklow Light" <shop@example.ie>';
    resetConfigForTests();
    expect(mailSenderName(db)).toBe('Aoife at Wicklow Light');
    const d = businessDetailsSchema.parse(FORM);
    saveBusinessDetails(db, d);
    expect(mailSenderName(db)).toBe('Wicklow Light Photography');
    saveBusinessDetails(db, { ...d, tradingName: null });
    expect(mailSenderName(db)).toBe('Aoife at Wicklow Light');
  });
});
