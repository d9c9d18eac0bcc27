// ARIA tabs with the keyboard of the WAI-ARIA pattern: arrow keys move between tabs and select,
// Home and End go to the first and last. Written by hand: a dozen lines of roving tabindex, where a
// tabs library would add a dependency and its styles for nothing more.
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';

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
  // On a phone the strip scrolls sideways: the open tab (Enquiries, opened from a link) is scrolled
  // into it, without moving the page, and again when a badge arrives and widens a tab.
  const badges = tabs.map((t) => t.badge ?? 0).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the badges change the tabs' widths
  useEffect(() => {
    const tab = refs.current[current];
    const strip = tab?.parentElement;
    if (!tab || !strip) return;
    const left = tab.offsetLeft;
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = left + tab.offsetWidth / 2 - strip.clientWidth / 2;
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
      {/* relative: the badges' screen-reader text (absolutely placed) stays inside the scrolling
          strip; without it, it widened the whole page on a phone. */}
      <div
        role="tablist"
        aria-label="Admin sections"
        className="relative -mx-5 mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-5 sm:mx-0 sm:px-0"
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
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} className="pt-8">
        {props.children}
      </div>
    </>
  );
}
