// The photo at the top of the print dialog, and "View on a wall" below it: opened, the view shows
// the chosen size and frame hung to scale in a room (WallView.tsx) in place of the photo. When the
// chosen size has another proportion than the photo, the print is a crop: the part it leaves out is
// dimmed, with the window where the photographer placed it (lib/shop/print-crops.ts).
import { useId, useState } from 'react';
import { cropWindow, printCrop } from '~/lib/shop/print-crops';
import { bothUnitsWords } from '~/lib/site/catalogue';
import type { PrintSize } from '~/lib/site/constants';
import { WallView } from './WallView';

/** The preview's height in rem (h-48). */
const PREVIEW_REM = 12;

/** The dialog's content width: min(36rem, 100vw - 2rem) less its 1.5rem padding on each side. */
const VIEW_SIZES = 'min(33rem, 100vw - 5rem)';

export function PrintPreview({
  imageUrl,
  imageSrcset,
  size,
  framed,
  cropPosition = 0.5,
}: {
  imageUrl: string;
  imageSrcset?: string;
  size: PrintSize;
  framed: boolean;
  /** Where the crop window of this size sits (0 left or top, 0.5 centre, 1 right or bottom). */
  cropPosition?: number | undefined;
}) {
  const [onWall, setOnWall] = useState(false);
  // The photo's proportions, known once it has loaded: a landscape photo is printed across, a
  // portrait one upright, and the crop window is drawn over it.
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const landscape = natural ? natural.width >= natural.height : true;
  const crop = natural ? printCrop(natural.width, natural.height, size) : null;
  const win = cropWindow(crop, cropPosition);
  const wallId = useId();
  const pct = (n: number) => `${n * 100}%`;
  const outside = !crop
    ? []
    : crop.axis === 'x'
      ? [
          { left: 0, top: 0, width: win.left, height: 1 },
          { left: win.left + win.width, top: 0, width: 1 - win.left - win.width, height: 1 },
        ]
      : [
          { left: 0, top: 0, width: 1, height: win.top },
          { left: 0, top: win.top + win.height, width: 1, height: 1 - win.top - win.height },
        ];
  return (
    <>
      <div
        hidden={onWall}
        className="relative mt-4 flex h-48 items-center justify-center overflow-hidden rounded-sm bg-mist-100"
      >
        <div
          className="relative"
          style={
            natural
              ? {
                  aspectRatio: `${natural.width} / ${natural.height}`,
                  width: `min(100%, ${(PREVIEW_REM * natural.width) / natural.height}rem)`,
                }
              : { width: '100%', height: '100%' }
          }
        >
          <img
            src={imageUrl}
            alt=""
            className="absolute inset-0 h-full w-full object-contain"
            onLoad={(e) =>
              setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
            }
          />
          {outside.map((r) => (
            <div
              key={`${r.left}-${r.top}`}
              aria-hidden="true"
              data-testid="print-crop-dim"
              className="absolute bg-ink-900/60"
              style={{ left: pct(r.left), top: pct(r.top), width: pct(r.width), height: pct(r.height) }}
            />
          ))}
        </div>
      </div>
      {crop && !onWall && (
        <p className="mt-1 text-xs text-ink-600">
          A {bothUnitsWords(size)} print is a crop of this photo: the dimmed part is left out.
        </p>
      )}
      {onWall && (
        <div className="mt-4">
          <WallView
            id={wallId}
            imageUrl={imageUrl}
            imageSrcset={imageSrcset}
            viewSizes={VIEW_SIZES}
            size={size}
            framed={framed}
            landscape={landscape}
          />
        </div>
      )}
      <button
        type="button"
        className="btn btn-secondary mt-3 aria-expanded:border-heather-700 aria-expanded:bg-heather-100"
        aria-expanded={onWall}
        aria-controls={onWall ? wallId : undefined}
        onClick={() => setOnWall((open) => !open)}
      >
        View on a wall
      </button>
    </>
  );
}
