// The Dashboard's watch on the EU distance-sales threshold: this year's sales to other EU countries
// net of VAT against €10,000, with the warning at 80% and 100% (lib/selling/oss-threshold.ts).
import { decimalStringToCents } from '~/lib/platform/shared/format';
import { type OssLevel, ossSentences, ossStanding } from '~/lib/selling/oss-threshold';

export interface OssFigures {
  year: number;
  /** Net of VAT, euros with 2 decimals. */
  net: string;
  level: OssLevel;
  /** Whether the shop is registered for the One-Stop-Shop. */
  registered?: boolean;
}

// The card's own tone says the level too, for a reader who does not see the meter's colour.
const TONE: Record<OssLevel | 'registered', string> = {
  registered: 'border-slate-200 bg-white',
  under: 'border-slate-200 bg-white',
  near: 'border-amber-300 bg-amber-50',
  over: 'border-red-300 bg-red-50',
};

export function OssThresholdCard(props: { oss: OssFigures | undefined }) {
  if (!props.oss) return null;
  const standing = ossStanding(decimalStringToCents(props.oss.net));
  const { figure, warning, registered } = ossSentences(standing, props.oss.year, props.oss.registered);
  const share = Math.min(100, Math.round((standing.netCents / standing.thresholdCents) * 100));
  return (
    <section
      className={`mt-6 rounded-lg border p-5 ${TONE[props.oss.registered ? 'registered' : standing.level]}`}
      aria-labelledby="oss-h"
    >
      <h3 id="oss-h" className="text-lg font-semibold">
        EU sales and the €10,000 threshold
      </h3>
      <p className="mt-2 text-sm text-slate-700">{figure}</p>
      {/* The browser's own meter: amber from 80%, red at 100% (low, high and optimum). */}
      <meter
        className="mt-3 block h-3 w-full"
        aria-label="Share of the €10,000 threshold"
        min={0}
        max={standing.thresholdCents}
        low={standing.thresholdCents * 0.8}
        high={standing.thresholdCents - 1}
        optimum={0}
        value={Math.min(standing.netCents, standing.thresholdCents)}
      >
        {share}%
      </meter>
      {registered && <p className="mt-3 text-sm font-medium text-slate-900">{registered}</p>}
      {warning && (
        <p role="status" className="mt-3 text-sm font-medium text-slate-900">
          {warning}
        </p>
      )}
    </section>
  );
}
