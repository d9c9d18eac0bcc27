// Visitors and page views per day as two lines, drawn by uPlot. uPlot and its stylesheet are fetched
// only when this chart mounts (the Dashboard tab with visits to show), as the sales chart does, so
// no public page carries them. The chart is one image to assistive technology, named by a summary;
// a visually hidden table holds every day's figures. It takes its container's width and follows it.
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css?url';

export interface DayPoint {
  day: string;
  visitors: number;
  views: number;
}

const HEIGHT = 220;
const FONT_PX = 12;
const FONT = `${FONT_PX}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
const INK = '#475569'; // slate-600
const GRID = '#e2e8f0'; // slate-200
/** Visitors in the slate of the text, views in the heather accent: both AA against white. */
export const VISITORS_COLOUR = '#1e293b';
export const VIEWS_COLOUR = '#7c3a72';

const dayMonth = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Visitors and page views per day for the last 30 days: 12 visitors and 40 page views, most on 3 June (5 visitors)." */
export function visitsSummary(days: DayPoint[]): string {
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0);
  const views = days.reduce((sum, d) => sum + d.views, 0);
  let best: DayPoint | undefined;
  for (const d of days) if (d.visitors > (best?.visitors ?? 0)) best = d;
  const head = `Visitors and page views per day for the last ${days.length} days: ${visitors} visitors and ${views} page views`;
  if (!best) return `${head}.`;
  return `${head}, most on ${fullDate.format(dateOf(best.day))} (${best.visitors} visitors).`;
}

function options(days: DayPoint[], width: number): uPlot.Options {
  const labels = days.map((d) => dayMonth.format(dateOf(d.day)));
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [0, Math.max(1, days.length - 1)] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        stroke: INK,
        font: FONT,
        grid: { show: false },
        ticks: { show: false },
        // One label a week at most, as far apart as the narrowest screen needs.
        incrs: [7, 14, 28],
        space: 56,
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        stroke: INK,
        font: FONT,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        space: FONT_PX * 2.5,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
        values: (_u, splits) => splits.map((n) => String(n)),
        size: 48,
      },
    ],
    series: [
      {},
      { label: 'Visitors', stroke: VISITORS_COLOUR, width: 2, points: { show: false } },
      { label: 'Page views', stroke: VIEWS_COLOUR, width: 2, dash: [6, 4], points: { show: false } },
    ],
  };
}

export function VisitsChart({ days }: { days: DayPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const data: uPlot.AlignedData = [
        days.map((_d, i) => i),
        days.map((d) => d.visitors),
        days.map((d) => d.views),
      ];
      plot = new UPlot(options(days, el.clientWidth), data, el);
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days]);

  return (
    <>
      <link rel="stylesheet" href={uplotCss} precedence="default" />
      <div
        ref={box}
        role="img"
        aria-label={visitsSummary(days)}
        className="w-full overflow-hidden"
        style={{ height: HEIGHT }}
      />
      <table className="sr-only">
        <caption>Visitors and page views per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Visitors</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{fullDate.format(dateOf(d.day))}</th>
              <td>{d.visitors}</td>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
