// The photo at the top of the print dialog, and "View on a wall": the same box then shows the chosen
// size and frame drawn to scale in a room (WallPreview, whose code loads on the first toggle). The
// box's height is fixed and the wall is laid over the photo, so nothing in the dialog moves when the
// wall opens, loads or closes.
import { lazy, Suspense, useId, useState } from 'react';
import type { PrintSize } from '~/lib/site/constants';

// Should its code fail to arrive (the connection dropped), the box says so; the dialog stays usable.
const WallPreview = lazy(() =>
  import('./WallPreview').catch(() => ({
    default: () => (
      <p className="flex h-full items-center justify-center bg-mist-100 p-4 text-center text-sm text-ink-600">
        The wall could not be shown. Please check your connection and try again.
      </p>
    ),
  })),
);

export function PrintPreview({
  imageUrl,
  size,
  framed,
}: {
  imageUrl: string;
  size: PrintSize;
  framed: boolean;
}) {
  const [onWall, setOnWall] = useState(false);
  // A landscape photo is printed across, a portrait one upright: known once the photo has loaded.
  const [landscape, setLandscape] = useState(true);
  const wallId = useId();
  return (
    <>
      <div className="relative mt-4 h-48 overflow-hidden rounded-sm bg-mist-100">
        <img
          src={imageUrl}
          alt=""
          className="h-full w-full object-contain"
          onLoad={(e) => setLandscape(e.currentTarget.naturalWidth >= e.currentTarget.naturalHeight)}
        />
        <div id={wallId} hidden={!onWall} className="absolute inset-0">
          {onWall && (
            <Suspense fallback={null}>
              <WallPreview imageUrl={imageUrl} size={size} framed={framed} landscape={landscape} />
            </Suspense>
          )}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-secondary mt-3 aria-expanded:border-heather-700 aria-expanded:bg-heather-100"
        aria-expanded={onWall}
        aria-controls={wallId}
        onClick={() => setOnWall((open) => !open)}
      >
        View on a wall
      </button>
    </>
  );
}
