// ARIA tabs with the keyboard of the WAI-ARIA pattern: arrow keys move between tabs and select,
// Home and End go to the first and last. Written by hand: a dozen lines of roving tabindex, where a
// tabs library would add a dependency and its styles for nothing more.
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';

export interface TabSpec {
  id: string;
  label: string;
  badge?: number;
}

export function Tabs(props: {
  tabs: TabSpec[];
  current: string;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  const { tabs, current, onSelect } = props;
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const stripRef = useRef<HTMLDivElement>(null);
  // Which ends of the strip hide tabs: each such end fades out, with an arrow, so a phone's
  // strip shows that it scrolls. From a small screen up the tabs wrap into rows and none hides.
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = () => {
    const strip = stripRef.current;
    if (!strip) return;
    const before = strip.scrollLeft > 1;
    const after = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
    setHidden((h) => (h.before === before && h.after === after ? h : { before, after }));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured once, then on every resize
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);
  // On a phone the strip scrolls sideways: the open tab (Enquiries, opened from a link) is scrolled
  // into it, without moving the page, and again when a badge arrives and widens a tab.
  const badges = tabs.map((t) => t.badge ?? 0).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the badges change the tabs' widths
  useEffect(() => {
    const tab = refs.current[current];
    const strip = stripRef.current;
    if (!tab || !strip) return;
    const left = tab.offsetLeft;
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = left + tab.offsetWidth / 2 - strip.clientWidth / 2;
    measure();
  }, [current, badges]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const tab = tabs[to] as TabSpec;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  };
  return (
    <>
      <div className="relative -mx-5 mt-6 sm:mx-0">
        {/* relative: the badges' screen-reader text (absolutely placed) stays inside the scrolling
          strip; without it, it widened the whole page on a phone. */}
        <div
          ref={stripRef}
          onScroll={measure}
          role="tablist"
          aria-label="Admin sections"
          className="relative flex gap-1 overflow-x-auto border-b border-slate-200 px-5 sm:flex-wrap sm:overflow-visible sm:px-0"
        >
          {tabs.map((tab, index) => {
            const selected = tab.id === current;
            return (
              // A link to ?tab=…, so that a tab chosen before the page's scripts have run still opens.
              <a
                key={tab.id}
                ref={(el) => {
                  refs.current[tab.id] = el;
                }}
                href={`?tab=${tab.id}`}
                role="tab"
                id={`tab-${tab.id}`}
                aria-controls={`panel-${tab.id}`}
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                onClick={(e: MouseEvent) => {
                  e.preventDefault();
                  onSelect(tab.id);
                }}
                onKeyDown={(e) => move(e, index)}
                className={`inline-flex min-h-11 shrink-0 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium no-underline ${
                  selected
                    ? 'border-slate-900 text-slate-900'
                    : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {tab.label}
                {tab.badge ? (
                  <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs text-slate-900">
                    <span className="sr-only">, unhandled: </span>
                    {tab.badge}
                  </span>
                ) : null}
              </a>
            );
          })}
        </div>
        {hidden.before && <EdgeFade side="before" />}
        {hidden.after && <EdgeFade side="after" />}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} className="pt-8">
        {props.children}
      </div>
    </>
  );
}

/** The fade and arrow over an end of the strip that hides tabs; decoration only (the tabs stay in the tab order). */
function EdgeFade(props: { side: 'before' | 'after' }) {
  const after = props.side === 'after';
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none absolute top-0 bottom-px flex w-12 items-center sm:hidden ${
        after ? 'right-0 justify-end bg-linear-to-l pr-1' : 'left-0 justify-start bg-linear-to-r pl-1'
      } from-mist-50 via-mist-50/90 to-transparent text-xl text-slate-700`}
    >
      {after ? '›' : '‹'}
    </div>
  );
}
