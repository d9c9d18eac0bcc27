// "View on a wall", shared by the print dialog and the print page: a room chooser, the room drawn
// to scale (RoomDrawing, whose code loads once the view is open) with the print of the chosen size
// hung in it (the photo itself from its srcset, in its frame when one is chosen, with a soft
// shadow), and a caption that says what is shown. The view is 240 cm of wall across in a box of
// the same 3:2 shape, so the print's share of the box's width is its width in cm / 240.
// Nothing in it changes size when the drawing arrives, a room or a size is chosen: the box has a
// fixed shape and the caption a fixed height, so the controls below it stay where they are.
import { lazy, Suspense, useState } from 'react';
import {
  FRAME_COLOUR,
  MAT_COLOUR,
  percentOf,
  printText,
  ROOMS,
  type RoomId,
  roomById,
  VIEW_CM,
  wallScene,
  wallText,
} from '~/lib/shop/wall-scale';
import type { PrintSize } from '~/lib/site/constants';

// Should its code fail to arrive (the connection dropped), the wall stays plain; the print, its
// size and the caption still show.
const RoomDrawing = lazy(() =>
  import('./RoomDrawing').catch(() => ({
    default: () => (
      <p className="absolute inset-x-0 top-2 text-center text-sm text-ink-700">
        The room could not be drawn. Please check your connection.
      </p>
    ),
  })),
);

const SHADOW = '0 1px 2px rgb(14 18 21 / 0.28), 0 4px 12px rgb(14 18 21 / 0.22)';

export interface WallViewProps {
  imageUrl: string;
  /** The photo's derivatives ("url 640w, …"), for the browser to pick the one that fits. */
  imageSrcset?: string;
  /** The view's width on screen as a CSS length, to tell the browser how wide the print is drawn. */
  viewSizes: string;
  size: PrintSize;
  framed: boolean;
  landscape: boolean;
  id?: string;
}

export function WallView({ imageUrl, imageSrcset, viewSizes, size, framed, landscape, id }: WallViewProps) {
  const [roomId, setRoomId] = useState<RoomId>('living-room');
  const room = roomById(roomId);
  const { print, frame } = wallScene(room, size, framed, landscape);
  const outer = frame?.outer ?? print;
  const share = (print.width / VIEW_CM.width).toFixed(4);
  return (
    <div id={id}>
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Room</legend>
        {ROOMS.map((r) => (
          <button
            key={r.id}
            type="button"
            aria-pressed={r.id === roomId}
            onClick={() => setRoomId(r.id)}
            className="min-h-11 rounded-full border border-mist-300 bg-white px-3.5 text-sm font-medium text-ink-800 hover:border-ink-500 aria-pressed:border-heather-700 aria-pressed:bg-heather-100 aria-pressed:text-ink-950"
          >
            {r.name}
          </button>
        ))}
      </fieldset>
      <figure className="mt-3">
        <div className="relative aspect-[3/2] overflow-hidden rounded-sm bg-mist-100">
          <Suspense fallback={null}>
            <RoomDrawing room={room} />
          </Suspense>
          <div
            aria-hidden="true"
            className="absolute"
            style={{ ...percentOf(outer), boxShadow: SHADOW, background: frame ? FRAME_COLOUR : undefined }}
          />
          {frame && (
            <div
              aria-hidden="true"
              className="absolute"
              style={{ ...percentOf(frame.mat), background: MAT_COLOUR }}
            />
          )}
          <img
            src={imageUrl}
            srcSet={imageSrcset || undefined}
            sizes={imageSrcset ? `calc(${share} * (${viewSizes}))` : undefined}
            alt={`The print, ${printText(size)}${framed ? ', framed' : ''}`}
            className="absolute object-cover"
            style={{
              ...percentOf(print),
              boxShadow: frame ? 'inset 0 0 0 1px rgb(0 0 0 / 0.08)' : undefined,
            }}
          />
        </div>
        <figcaption className="mt-2 min-h-[6.25rem] text-sm text-ink-700 sm:min-h-[3.75rem]">
          {wallText(room, size, framed)}
        </figcaption>
      </figure>
    </div>
  );
}
