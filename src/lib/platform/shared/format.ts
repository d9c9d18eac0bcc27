// Formatting at the edges: money is integer cents inside and euros with 2 decimals outside.
//
// Numbers are written by hand here, not with Intl: the first Intl formatter a page makes costs the
// browser 20 to 70 ms of main thread while it loads the locale's data (measured in Chromium, before
// a phone's slower processor), a long task on every page that shows a price. These are the few
// en-IE forms the site writes, the same as Intl's (format.test.ts compares them).

/** "1,234,567": a whole number's digits in threes with commas, as en-IE writes them. */
export function groupDigits(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && Math.trunc(n) !== 0 ? `-${grouped}` : grouped;
}

/**
 * "2.4", "1,250.125": a number as en-IE writes it, with at most `maxFraction` decimals (3, as
 * toLocaleString writes them) and no trailing zeros.
 */
export function numberText(x: number, maxFraction = 3): string {
  const [whole = '0', fraction = ''] = Math.abs(x).toFixed(maxFraction).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const text = `${groupDigits(Number(whole))}${decimals ? `.${decimals}` : ''}`;
  return x < 0 && text !== '0' ? `-${text}` : text;
}

/** "€1,234.50", "-€5.00": euro cents as en-IE writes euros. */
export function formatEuro(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  const euros = `€${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 && abs !== 0 ? `-${euros}` : euros;
}

/** "110.00": the plain decimal string PayPal and the API edges use. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer cents from the plain decimal string of the API edges ("110.00" → 11000). */
export function decimalStringToCents(decimal: string): number {
  return Math.round(Number(decimal) * 100);
}

/** "€110.00" from the plain decimal string of the API edges. */
export function formatEuroDecimal(decimal: string): string {
  return formatEuro(decimalStringToCents(decimal));
}

/** "#" plus the last 6 characters of an order id in upper case. */
export function shortOrderId(id: string): string {
  return `#${id.slice(-6).toUpperCase()}`;
}

export type ScoreBand = {
  label: 'Excellent' | 'Good' | 'Needs Improvement';
  tone: 'green' | 'yellow' | 'red';
};

/** Score bands: 8 or more Excellent (green), 6 to 7 Good (yellow), below 6 Needs Improvement (red). */
export function compositionBand(score: number): ScoreBand {
  if (score >= 8) return { label: 'Excellent', tone: 'green' };
  if (score >= 6) return { label: 'Good', tone: 'yellow' };
  return { label: 'Needs Improvement', tone: 'red' };
}

/** "1 file", "3 files": a count with its noun in the singular or the plural (regular English plurals). */
export function countOf(n: number, noun: string): string {
  return `${numberText(n)} ${n === 1 ? noun : `${noun}s`}`;
}
