// The analysis in four tabs (Overview, Elements, Feedback, Tips). The tabs follow the WAI-ARIA
// tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): roving tabindex, arrow keys, Home and
// End, automatic activation. Hand-written: no tabs library is installed, and this is all it needs.
// The Tips tab adds the general tips for the kind of photo (GET /api/composition-tips?type=…).
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { CompositionAnalysis } from '~/lib/composition/schemas';
import { getJson } from '~/lib/platform/client/api';
import { compositionBand } from '~/lib/platform/shared/format';
import type { CompositionTipType } from '~/lib/site/constants';

const TABS = ['Overview', 'Elements', 'Feedback', 'Tips'] as const;
type Tab = (typeof TABS)[number];

const BAND_STYLE = {
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-900',
} as const;

const BAR_STYLE = { green: 'bg-green-700', yellow: 'bg-yellow-500', red: 'bg-red-700' } as const;

function Band({ score }: { score: number }) {
  const band = compositionBand(score);
  return <span className={`badge ${BAND_STYLE[band.tone]}`}>{band.label}</span>;
}

function Overview({ analysis }: { analysis: CompositionAnalysis }) {
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-3">
        <span className="font-display text-5xl text-ink-950">{analysis.overallScore}</span>
        <span className="text-ink-700">out of 10</span>
        <Band score={analysis.overallScore} />
      </p>
      <p className="mt-4 text-ink-800">{analysis.summary}</p>
    </div>
  );
}

function Elements({ analysis }: { analysis: CompositionAnalysis }) {
  return (
    <ul className="space-y-5">
      {Object.entries(analysis.compositionElements).map(([name, el]) => (
        <li key={name}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-medium text-ink-950">{name}</h3>
            <span className="flex items-center gap-2 text-sm text-ink-700">
              {el.score}/10 <Band score={el.score} />
            </span>
          </div>
          <div className="mt-2 h-1.5 rounded-full bg-mist-200" aria-hidden="true">
            <div
              className={`h-1.5 rounded-full ${BAR_STYLE[compositionBand(el.score).tone]}`}
              style={{ width: `${el.score * 10}%` }}
            />
          </div>
          <p className="mt-2 text-ink-700">{el.feedback}</p>
        </li>
      ))}
    </ul>
  );
}

function List({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <section>
      <h3 className="font-medium text-ink-950">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-ink-700">{empty}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-2 pl-5 text-ink-800">
          {items.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

const KIND_NAMES: Record<CompositionTipType, string> = { landscape: 'landscape', aerial: 'aerial' };

function Tips({ analysis, tipType }: { analysis: CompositionAnalysis; tipType: CompositionTipType }) {
  const [general, setGeneral] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setGeneral(null);
    setFailed(false);
    getJson<{ tips: string[] }>(`/api/composition-tips?type=${tipType}`)
      .then((body) => live && setGeneral(body?.tips ?? []))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [tipType]);
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <List title="Tips for this photo" items={analysis.tips} empty="No tips for this photo." />
      <section>
        {general === null && !failed ? (
          <>
            <h3 className="font-medium text-ink-950">Tips for {KIND_NAMES[tipType]} photography</h3>
            <p className="mt-2 text-ink-700">Loading tips...</p>
          </>
        ) : (
          <List
            title={`Tips for ${KIND_NAMES[tipType]} photography`}
            items={general ?? []}
            empty={failed ? 'The tips could not be loaded. Please try again.' : 'No tips.'}
          />
        )}
      </section>
    </div>
  );
}

function Panel({
  tab,
  analysis,
  tipType,
}: {
  tab: Tab;
  analysis: CompositionAnalysis;
  tipType: CompositionTipType;
}) {
  if (tab === 'Overview') return <Overview analysis={analysis} />;
  if (tab === 'Elements') return <Elements analysis={analysis} />;
  if (tab === 'Feedback') {
    return (
      <div className="grid gap-6 sm:grid-cols-2">
        <List title="Strengths" items={analysis.strengths} empty="No particular strengths stood out." />
        <List title="Improvements" items={analysis.improvements} empty="Nothing in particular to improve." />
      </div>
    );
  }
  return <Tips analysis={analysis} tipType={tipType} />;
}

export default function CompositionResult({
  analysis,
  tipType = 'landscape',
}: {
  analysis: CompositionAnalysis;
  tipType?: CompositionTipType;
}) {
  const [active, setActive] = useState<Tab>('Overview');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.indexOf(active);
    const next = {
      ArrowRight: (i + 1) % TABS.length,
      ArrowLeft: (i - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setActive(TABS[next]!);
    refs.current[next]?.focus();
  };
  const id = (tab: Tab, part: 'tab' | 'panel') => `composition-${tab.toLowerCase()}-${part}`;
  return (
    <div className="mt-8 rounded-md border border-mist-200 bg-white">
      <div
        role="tablist"
        aria-label="Analysis"
        className="flex overflow-x-auto border-b border-mist-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={id(tab, 'tab')}
            aria-selected={tab === active}
            aria-controls={id(tab, 'panel')}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => setActive(tab)}
            className={`min-h-11 flex-1 whitespace-nowrap border-b-2 px-4 text-sm font-medium ${
              tab === active
                ? 'border-heather-700 text-ink-950'
                : 'border-transparent text-ink-600 hover:text-ink-900'
            }`}
          >
            {tab}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={id(active, 'panel')}
        aria-labelledby={id(active, 'tab')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes the panel focusable
        tabIndex={0}
        className="p-5 sm:p-6"
      >
        <Panel tab={active} analysis={analysis} tipType={tipType} />
      </div>
    </div>
  );
}
