// The photo at the top of the print dialog, and "View on a wall" below it: opened, the view shows
// the chosen size and frame hung to scale in a room (WallView.tsx) in place of the photo.
import { useId, useState } from 'react';
import type { PrintSize } from '~/lib/site/constants';
import { WallView } from './WallView';

/** The dialog's content width: min(36rem, 100vw - 2rem) less its 1.5rem padding on each side. */
const VIEW_SIZES = 'min(33rem, 100vw - 5rem)';

export function PrintPreview({
  imageUrl,
  imageSrcset,
  size,
  framed,
}: {
  imageUrl: string;
  imageSrcset?: string;
  size: PrintSize;
  framed: boolean;
}) {
  const [onWall, setOnWall] = useState(false);
  // A landscape photo is printed across, a portrait one upright: known once the photo has loaded.
  const [landscape, setLandscape] = useState(true);
  const wallId = useId();
  return (
    <>
      <div hidden={onWall} className="relative mt-4 h-48 overflow-hidden rounded-sm bg-mist-100">
        <img
          src={imageUrl}
          alt=""
          className="h-full w-full object-contain"
          onLoad={(e) => setLandscape(e.currentTarget.naturalWidth >= e.currentTarget.naturalHeight)}
        />
      </div>
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
