// Paid sales per week as bars, drawn by uPlot. uPlot and its stylesheet are fetched only when this
// chart mounts (the Dashboard tab with sales to show), so no other page or tab carries them: the
// script through a dynamic import, the stylesheet as a <link> to its URL (a CSS import, even a
// dynamic one, would be folded into the page's own CSS by the build). The
// chart is one image to assistive technology, named by a summary; a visually hidden table holds
// every week's figures. The chart takes its container's width and follows it.
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css?url';
import { formatEuro } from '~/lib/platform/shared/format';

export interface WeekPoint {
  weekStart: string;
  salesCents: number;
  orders: number;
}

const HEIGHT = 220;
// Both axes draw in this font, and the label spacing below is measured in it.
const FONT_PX = 12;
const FONT = `${FONT_PX}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
/** Clear space between two week labels, and between a label and the plot, in CSS px. */
const LABEL_GAP = 12;
const AXIS_GAP = 6;
const BAR = '#475569'; // slate-600
const INK = '#475569';
const GRID = '#e2e8f0'; // slate-200

const dayMonth = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' });
const weekDate = (weekStart: string) => new Date(`${weekStart}T00:00:00Z`);
const wholeEuros = (cents: number) => formatEuro(cents).replace(/\.00$/, '');

/** "Paid sales per week for the last 12 weeks: €90.00 in total, best week starting 9 June 2025 with €45.00." */
export function salesSummary(weeks: WeekPoint[]): string {
  const total = weeks.reduce((sum, w) => sum + w.salesCents, 0);
  let best: WeekPoint | undefined;
  for (const w of weeks) if (w.salesCents > (best?.salesCents ?? 0)) best = w;
  const head = `Paid sales per week for the last ${weeks.length} weeks: ${formatEuro(total)} in total`;
  if (!best) return `${head}.`;
  return `${head}, best week starting ${fullDate.format(weekDate(best.weekStart))} with ${formatEuro(best.salesCents)}.`;
}

let measurer: CanvasRenderingContext2D | null | undefined;
/** The widest of `labels` in the axis font, in CSS px (a generous guess where no canvas measures). */
function widestLabel(labels: string[]): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (measurer) measurer.font = FONT;
  return Math.max(
    0,
    ...labels.map((l) => (measurer ? measurer.measureText(l).width : l.length * FONT_PX * 0.7)),
  );
}

/**
 * Steps between labelled weeks, from every week to one label for the whole chart: uPlot takes the
 * first whose labels stand at least `space` apart, so labels never overlap however narrow the plot.
 */
const weekSteps = (count: number) => [1, 2, 3, 4, 6, 8, 13, 26, 52].filter((s) => s < count).concat(count);

function options(weeks: WeekPoint[], width: number, bars?: uPlot.Series.PathBuilder): uPlot.Options {
  const last = weeks.length - 1;
  const weekLabels = weeks.map((w) => dayMonth.format(weekDate(w.weekStart)));
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, last + 0.5] },
      y: { range: (_u, _min, max) => [0, max * 1.1 || 1] },
    },
    axes: [
      {
        stroke: INK,
        font: FONT,
        // The week labels sit lower than half a line under the plot, so the euro label drawn
        // centred on the plot's bottom edge ("€0") keeps clear of the first week's label.
        gap: FONT_PX / 2 + AXIS_GAP,
        size: FONT_PX * 2 + AXIS_GAP * 2,
        grid: { show: false },
        ticks: { show: false },
        incrs: weekSteps(weeks.length),
        space: widestLabel(weekLabels) + LABEL_GAP,
        values: (_u, splits) => splits.map((i) => weekLabels[i] ?? ''),
      },
      {
        stroke: INK,
        font: FONT,
        gap: AXIS_GAP,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        space: FONT_PX * 2.5,
        // As wide as the widest euro label shown, so a good season's figures are never cut off.
        size: (_u, values) => Math.ceil(widestLabel(values ?? []) + AXIS_GAP * 2),
        values: (_u, splits) => splits.map((c) => wholeEuros(c)),
      },
    ],
    series: [{}, { fill: BAR, stroke: BAR, width: 0, paths: bars, points: { show: false } }],
  };
}

export function SalesChart({ weeks }: { weeks: WeekPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const bars = UPlot.paths.bars?.({ size: [0.6, 48] });
      const data: uPlot.AlignedData = [weeks.map((_w, i) => i), weeks.map((w) => w.salesCents)];
      plot = new UPlot(options(weeks, el.clientWidth, bars), data, el);
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [weeks]);

  return (
    <>
      <link rel="stylesheet" href={uplotCss} precedence="default" />
      <div
        ref={box}
        role="img"
        aria-label={salesSummary(weeks)}
        className="w-full overflow-hidden"
        style={{ height: HEIGHT }}
      />
      <table className="sr-only">
        <caption>Paid sales per week</caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            <th scope="col">Paid sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{fullDate.format(weekDate(w.weekStart))}</th>
              <td>{formatEuro(w.salesCents)}</td>
              <td>{w.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
