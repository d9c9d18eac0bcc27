// The EU's threshold for distance sales: while a seller's sales of goods to consumers in other EU
// countries stay within €10,000 (net of VAT) in the calendar year and the year before, the seller's
// own country's VAT applies to them; the sale that passes it, and every later one, must carry the
// buyer's country's VAT (through the One-Stop-Shop). The owner is warned at 80% and at 100%.
import { formatEuro } from '~/lib/platform/shared/format';

export const OSS_THRESHOLD_CENTS = 1_000_000;

export type OssLevel = 'under' | 'near' | 'over';

export interface OssStanding {
  /** This calendar year's sales to consumers in other EU countries, net of VAT, in cents. */
  netCents: number;
  thresholdCents: number;
  level: OssLevel;
}

export function ossStanding(netCents: number): OssStanding {
  const level: OssLevel =
    netCents >= OSS_THRESHOLD_CENTS ? 'over' : netCents >= OSS_THRESHOLD_CENTS * 0.8 ? 'near' : 'under';
  return { netCents, thresholdCents: OSS_THRESHOLD_CENTS, level };
}

/** What the card says while the shop is registered for the One-Stop-Shop. */
export const OSS_REGISTERED_SENTENCE =
  'Registered for One-Stop-Shop: buyers in other EU countries (and Northern Ireland) are charged their own country’s VAT.';

/**
 * What the owner reads of it: the figure, and at 80% and 100% what it means; once the shop is
 * registered, that it is, and no warning (the threshold no longer decides which VAT is charged).
 */
export function ossSentences(
  s: OssStanding,
  year: number,
  registered = false,
): { figure: string; warning: string | null; registered: string | null } {
  const figure = `${formatEuro(s.netCents)} of ${formatEuro(s.thresholdCents)} in ${year}: prints sent to buyers in other EU countries (and Northern Ireland), net of VAT.`;
  if (registered) return { figure, warning: null, registered: OSS_REGISTERED_SENTENCE };
  if (s.level === 'over')
    return {
      figure,
      registered: null,
      warning:
        'Over the €10,000 threshold: these sales now carry the VAT of the buyer’s country, not Ireland’s. Register for the One-Stop-Shop with Revenue and talk to your accountant before the next EU sale.',
    };
  if (s.level === 'near')
    return {
      figure,
      registered: null,
      warning:
        'Near the €10,000 threshold (80% reached). From the sale that passes it, the buyer’s country’s VAT applies: plan the One-Stop-Shop registration with your accountant.',
    };
  return { figure, warning: null, registered: null };
}
