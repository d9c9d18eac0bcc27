// Formatting at the edges: money is integer cents inside and euros with 2 decimals outside.

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
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
  return `${n.toLocaleString('en-IE')} ${n === 1 ? noun : `${noun}s`}`;
}
