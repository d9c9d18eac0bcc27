// The preview with what the analyser saw drawn over it in SVG (the photo's pixels are never
// re-encoded): the detected horizon (or a sloping skyline, dashed), the thirds grid and the salient
// region, each behind a toggle. Under it, what the line found was taken for, and two buttons for the
// owner to say whether it is the horizon; the analysis is then redone with their word.
// The SVG uses the photo's own proportions (viewBox 0-100 on both axes, stretched to the image).
import { useState } from 'react';
import type { CompositionMeasurements, HorizonChoice } from '~/lib/composition/schemas';

type Layer = 'horizon' | 'thirds' | 'salient';

const LAYERS: { key: Layer; label: string }[] = [
  { key: 'horizon', label: 'Horizon line' },
  { key: 'thirds', label: 'Thirds grid' },
  { key: 'salient', label: 'Salient region' },
];

const pc = (f: number) => f * 100;

/** What the line across the frame was taken for, and the owner's word on it, in a sentence. */
function foundSentence(m: CompositionMeasurements): string {
  if (m.horizonChoice === 'horizon')
    return 'You said the line found is the horizon, so it is levelled as one.';
  if (m.horizonChoice === 'not-horizon')
    return 'You said the line found is not the horizon, so there is nothing to level.';
  if (m.found === 'horizon') return 'Found: a horizon (the yellow line).';
  if (m.found === 'skyline')
    return 'Found: a skyline, a sloping ridge or tree line with nothing to level (the dashed line).';
  return 'Found: no horizon and no skyline.';
}

function HorizonChoiceButtons({
  chosen,
  busy,
  onChoose,
}: {
  chosen: HorizonChoice | null;
  busy: boolean;
  onChoose: (choice: HorizonChoice) => void;
}) {
  const buttons: { choice: HorizonChoice; label: string }[] = [
    { choice: 'horizon', label: 'This is the horizon' },
    { choice: 'not-horizon', label: 'This is not the horizon' },
  ];
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {buttons.map(({ choice, label }) => (
        <button
          key={choice}
          type="button"
          className="btn btn-secondary"
          aria-pressed={chosen === choice}
          disabled={busy}
          onClick={() => onChoose(choice)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export default function CompositionOverlay({
  src,
  alt,
  measurements,
  onChoose,
  busy = false,
}: {
  src: string;
  alt: string;
  measurements: CompositionMeasurements | undefined;
  /** Redoes the analysis with the owner's word on the line found; no buttons without it. */
  onChoose?: (choice: HorizonChoice) => void;
  busy?: boolean;
}) {
  const [shown, setShown] = useState<Record<Layer, boolean>>({ horizon: true, thirds: true, salient: true });
  const missing: Record<Layer, string | null> = {
    horizon: measurements?.horizon || measurements?.skyline ? null : 'none found',
    thirds: measurements ? null : 'not measured',
    salient: measurements?.salientBox ? null : 'none found',
  };
  const horizon = measurements?.horizon;
  const skyline = measurements?.skyline;
  const box = measurements?.salientBox;
  return (
    <div>
      <div className="relative inline-block max-w-full">
        <img src={src} alt={alt} className="block max-h-[28rem] w-auto max-w-full rounded-md" />
        {measurements && (
          <svg
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            {shown.thirds && (
              <g
                data-overlay="thirds"
                stroke="white"
                strokeOpacity="0.85"
                strokeWidth="1.5"
                vectorEffect="non-scaling-stroke"
              >
                {[100 / 3, 200 / 3].map((t) => (
                  <g key={t}>
                    <line x1={t} y1="0" x2={t} y2="100" vectorEffect="non-scaling-stroke" />
                    <line x1="0" y1={t} x2="100" y2={t} vectorEffect="non-scaling-stroke" />
                  </g>
                ))}
              </g>
            )}
            {shown.horizon && horizon && (
              <line
                data-overlay="horizon"
                x1={pc(horizon.x1)}
                y1={pc(horizon.y1)}
                x2={pc(horizon.x2)}
                y2={pc(horizon.y2)}
                stroke="#facc15"
                strokeWidth="3"
                vectorEffect="non-scaling-stroke"
              />
            )}
            {shown.horizon && skyline && (
              <line
                data-overlay="skyline"
                x1={pc(skyline.x1)}
                y1={pc(skyline.y1)}
                x2={pc(skyline.x2)}
                y2={pc(skyline.y2)}
                stroke="#facc15"
                strokeWidth="3"
                strokeDasharray="10 6"
                vectorEffect="non-scaling-stroke"
              />
            )}
            {shown.salient && box && (
              <rect
                data-overlay="salient"
                x={pc(box.x)}
                y={pc(box.y)}
                width={pc(box.width)}
                height={pc(box.height)}
                fill="none"
                stroke="#22d3ee"
                strokeWidth="3"
                strokeDasharray="8 5"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </svg>
        )}
      </div>
      {measurements && (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-ink-950">Show over the photo</legend>
          <div className="mt-1 flex flex-wrap gap-x-5">
            {LAYERS.map(({ key, label }) => (
              <label key={key} className="flex min-h-11 items-center gap-2 text-sm text-ink-800">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={shown[key] && !missing[key]}
                  disabled={missing[key] !== null}
                  onChange={(e) => setShown((s) => ({ ...s, [key]: e.target.checked }))}
                />
                {label}
                {missing[key] && <span className="text-ink-700">({missing[key]})</span>}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {measurements && measurements.found !== undefined && (
        <div className="mt-3">
          <p className="text-sm text-ink-800">{foundSentence(measurements)}</p>
          {onChoose && measurements.found !== null && (
            <HorizonChoiceButtons
              chosen={measurements.horizonChoice ?? null}
              busy={busy}
              onChoose={onChoose}
            />
          )}
        </div>
      )}
    </div>
  );
}
