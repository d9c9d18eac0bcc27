// The print-customisation dialog: the print page's choices (lib/shop/print-choices.ts), material
// first, then the sizes offered in that material, then framing where the material takes a frame;
// defaults small, matte, no framing, quantity 1 (or what the photo is sold in, when not so); the
// quantity's steps stop at its bounds, the cap the checkout takes for one line. Variants and framing
// options are fetched only while it is open; only the materials and sizes the photo has a variant
// for are offered, the smallest size first, each with its price in the chosen material as the
// server listed it, and none until they have loaded. Line price = variant price + framing price for
// the size; total = line price × quantity; a missing variant price counts as 0.
// A native <dialog> opened with showModal(): focus trap, Esc and the inert page come with it.
import { useEffect, useId, useRef, useState } from 'react';
import { getJson } from '~/lib/platform/client/api';
import { afterNextPaint } from '~/lib/platform/client/load-on-reach';
import { notify } from '~/lib/platform/client/toaster';
import { addToCart } from '~/lib/shop/cart-store';
import { editionLine } from '~/lib/shop/editions';
import {
  choiceWords,
  clampQuantity,
  DEFAULT_CHOICE,
  FRAMED_LABEL,
  type FrameOption,
  framePriceText,
  framingOffered,
  framingShown,
  MATERIALS,
  materialsOffered,
  NO_FRAMING_LABEL,
  type PrintVariant,
  priceChoice,
  QUANTITY,
  settleChoice,
  showPrice,
  sizePriceText,
  sizesOffered,
  sizeWords,
  unframedMaterialWords,
} from '~/lib/shop/print-choices';
import type { Finish, PrintSize } from '~/lib/site/constants';
import { PrintPreview } from './PrintPreview';

/** A choice of material, size or framing: a card the size of a finger, marked when chosen. */
const CHOICE_CARD =
  'flex min-h-11 cursor-pointer rounded-md border border-mist-300 px-3 has-checked:border-heather-700 has-checked:bg-heather-100';

export interface PrintTarget {
  photoId: string;
  title: string;
  imageUrl: string;
  /** The photo's WebP derivatives as a srcset, when the card has them (the wall view picks from them). */
  imageSrcset?: string;
  returnFocus?: HTMLElement;
  /**
   * A client gallery's photo: where its prints are read (at the shop's prices) and the gallery
   * link's token its cart line carries, for the server to check. Such a photo has no edition.
   */
  gallery?: { variantsUrl: string; link: string; pass?: string };
}

type Framing = FrameOption & { id: string };

/** A size's words (sizeWords), its centimetres kept on one line where the words wrap. */
function SizeName({ size }: { size: PrintSize }) {
  const words = sizeWords(size);
  const cut = words.lastIndexOf(' (');
  return (
    <span className="font-medium">
      {words.slice(0, cut)} <span className="whitespace-nowrap">{words.slice(cut + 1)}</span>
    </span>
  );
}

export function PrintDialog({ target, openCount }: { target: PrintTarget | null; openCount: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosenSize, setSize] = useState<PrintSize>(DEFAULT_CHOICE.size);
  const [chosenFinish, setFinish] = useState<Finish>(DEFAULT_CHOICE.finish);
  const [chosenFramed, setFramed] = useState<boolean>(DEFAULT_CHOICE.framed);
  const [quantity, setQuantity] = useState<number>(DEFAULT_CHOICE.quantity);
  const [variants, setVariants] = useState<PrintVariant[] | null>(null);
  const [framing, setFraming] = useState<Framing[]>([]);
  const [loadError, setLoadError] = useState(false);
  // A limited edition's size and copies left, read afresh at each opening (null: an open edition).
  const [edition, setEdition] = useState<{ editionSize: number; left: number } | null>(null);
  const titleId = useId();

  // Each opening starts from the defaults (restored on closing, see onClose) and fetches afresh
  // (only while open).
  useEffect(() => {
    if (!target || openCount === 0) return;
    if (!dialog.current?.open) dialog.current?.showModal();
    let live = true;
    const photoUrl = `/api/photos/${encodeURIComponent(target.photoId)}`;
    Promise.all([
      getJson<PrintVariant[]>(target.gallery?.variantsUrl ?? `${photoUrl}/variants`),
      getJson<Framing[]>('/api/framing-options'),
      target.gallery
        ? null
        : getJson<{ editionSize: number | null; left: number | null }>(`${photoUrl}/edition`),
    ])
      .then(([v, f, e]) => {
        if (!live) return;
        setVariants(v ?? []);
        setFraming(f ?? []);
        setEdition(e?.editionSize ? { editionSize: e.editionSize, left: e.left ?? 0 } : null);
      })
      .catch(() => live && setLoadError(true));
    return () => {
      live = false;
    };
  }, [target, openCount]);

  const close = () => dialog.current?.close();
  const sold = variants ?? [];
  const materials = materialsOffered(sold);
  // The choice as it stands, moved to what the photo is sold in (DEFAULT_CHOICE may not be).
  const { finish, size } = settleChoice(sold, { finish: chosenFinish, size: chosenSize });
  const sizes = sizesOffered(sold, finish);
  /** A material chosen: its sizes follow, the chosen size kept when it comes in it, else its smallest. */
  const chooseMaterial = (f: Finish) => {
    const next = settleChoice(sold, { finish: f, size });
    setFinish(next.finish);
    setSize(next.size);
  };
  // While loading, the framing choice shows (nothing can be chosen yet), as it does for the default matte.
  const showFraming = variants === null || framingShown(sold, framing, finish);
  const { variant, framePrice, framed, unitCents, totalCents } = priceChoice(variants ?? [], framing, {
    size,
    finish,
    framed: chosenFramed,
    quantity,
  });
  // The chosen print made by the lab: its words for the product (undefined: the owner makes it).
  const labWords = variant?.lab?.[framed ? 'framed' : 'unframed'];

  const soldOut = edition !== null && edition.left <= 0;

  const add = () => {
    if (!target || !variant || soldOut) return;
    addToCart({
      variantId: variant.id,
      size,
      finish,
      framing: framed ? size : null,
      quantity,
      unitCents,
      title: target.title,
      photoId: target.photoId,
      dimensions: variant.dimensions,
      imageUrl: target.imageUrl,
      ...(target.gallery ? { galleryLink: target.gallery.link } : {}),
      ...(target.gallery?.pass ? { galleryPass: target.gallery.pass } : {}),
    });
    const message = `${quantity} × ${target.title}, ${choiceWords(size, finish, framed)}`;
    // Closing a modal dialog restyles the whole page (it stops being inert), which takes a slow phone
    // longer than a frame. So the dialog leaves the screen at once, and is closed for real (the page
    // usable again, focus back on the card) right after that frame; then the toast, whose first use
    // loads and mounts its own React root.
    const d = dialog.current;
    if (d) d.style.display = 'none';
    afterNextPaint(() => {
      close();
      if (d) d.style.display = '';
      void notify('success', 'Added to cart', message);
    });
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; the keyboard closes a native dialog with Esc.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={() => {
        setSize(DEFAULT_CHOICE.size);
        setFinish(DEFAULT_CHOICE.finish);
        setFramed(DEFAULT_CHOICE.framed);
        setQuantity(DEFAULT_CHOICE.quantity);
        setVariants(null);
        setEdition(null);
        setLoadError(false);
        target?.returnFocus?.focus();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) close(); // a click on the backdrop
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-950/60"
    >
      {/* The content is built while the dialog is still closed (with no photo yet), so opening it
          only sets the title and the image. */}
      <div className="max-h-[90dvh] overflow-y-auto p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="eyebrow text-ink-600">Customise your print</p>
            <h2 id={titleId} className="mt-1 text-2xl text-ink-950">
              {target?.title}
            </h2>
            {edition && (
              <p className="mt-1 text-sm font-medium text-ink-800 tabular-nums">{editionLine(edition)}</p>
            )}
          </div>
          <button
            type="button"
            onClick={close}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-mist-100"
            aria-label="Close"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {target?.imageUrl && (
          <PrintPreview
            key={openCount}
            imageUrl={target.imageUrl}
            imageSrcset={target.imageSrcset}
            size={size}
            framed={framed}
            cropPosition={variants?.find((v) => v.size === size)?.cropPosition}
          />
        )}

        {loadError && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            The print options could not be loaded. Please close this and try again.
          </p>
        )}

        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-ink-800">Material</legend>
          {variants === null && !loadError && (
            <p className="mt-2 min-h-11 text-sm text-ink-600" aria-busy="true">
              Loading the materials and sizes of this print…
            </p>
          )}
          {variants && materials.length === 0 && (
            <p className="mt-2 text-sm text-ink-600">This photo is not available as a print.</p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {materials.map((f) => (
              <label key={f} className={`${CHOICE_CARD} flex-col py-2`}>
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="print-material"
                    value={f}
                    checked={finish === f}
                    onChange={() => chooseMaterial(f)}
                    aria-labelledby={`${titleId}-material-${f}`}
                    aria-describedby={`${titleId}-material-${f}-about`}
                  />
                  <span id={`${titleId}-material-${f}`} className="font-medium">
                    {MATERIALS[f].label}
                  </span>
                </span>
                <span id={`${titleId}-material-${f}-about`} className="text-sm text-ink-600">
                  {MATERIALS[f].description}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {sizes.length > 0 && (
          <fieldset className="mt-5">
            <legend className="text-sm font-semibold text-ink-800">Size</legend>
            <div className="mt-2 grid gap-2">
              {sizes.map((s) => (
                <label
                  key={s}
                  className={`${CHOICE_CARD} flex-wrap items-center justify-between gap-x-3 py-2`}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="print-size"
                      value={s}
                      checked={size === s}
                      onChange={() => setSize(s)}
                    />
                    <SizeName size={s} />
                  </span>
                  <span className="text-[0.9375rem] text-ink-900 tabular-nums">
                    {sizePriceText(sold, s, finish)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        {showFraming ? (
          <fieldset className="mt-5">
            <legend className="text-sm font-semibold text-ink-800">Framing</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              <label className={`${CHOICE_CARD} items-center gap-2`}>
                <input
                  type="radio"
                  name="print-framing"
                  checked={!framed}
                  onChange={() => setFramed(false)}
                />
                <span className="font-medium">{NO_FRAMING_LABEL}</span>
              </label>
              <label className={`${CHOICE_CARD} items-center gap-2 has-disabled:opacity-50`}>
                <input
                  type="radio"
                  name="print-framing"
                  checked={framed}
                  disabled={framePrice === null}
                  onChange={() => setFramed(true)}
                />
                <span className="font-medium">
                  {FRAMED_LABEL} ({framePriceText(framePrice)})
                </span>
              </label>
            </div>
          </fieldset>
        ) : (
          !framingOffered(finish) && (
            <p className="mt-5 text-sm text-ink-700">{unframedMaterialWords(finish)}</p>
          )
        )}

        <fieldset className="mt-5 flex items-center gap-3">
          <legend className="float-left mr-3 text-sm font-semibold text-ink-800">Quantity</legend>
          <div className="flex items-center rounded-md border border-mist-300">
            <button
              type="button"
              className="h-11 w-11 text-lg disabled:opacity-40"
              onClick={() => setQuantity((q) => clampQuantity(q - 1))}
              disabled={quantity <= QUANTITY.min}
              aria-label="Decrease quantity"
            >
              −
            </button>
            <output className="w-10 text-center tabular-nums" aria-live="polite" aria-label="Quantity">
              {quantity}
            </output>
            <button
              type="button"
              className="h-11 w-11 text-lg disabled:opacity-40"
              onClick={() => setQuantity((q) => clampQuantity(q + 1))}
              disabled={quantity >= QUANTITY.max}
              aria-label="Increase quantity"
            >
              +
            </button>
          </div>
        </fieldset>

        {labWords !== undefined && (
          <p className="mt-4 text-sm text-ink-700">
            Made and sent by our print lab{labWords ? `: ${labWords}` : ''}.
          </p>
        )}
        <dl className="mt-6 space-y-1 border-t border-mist-200 pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-ink-600">Price per print</dt>
            <dd className="tabular-nums" data-testid="unit-price">
              {showPrice(unitCents)}
            </dd>
          </div>
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="total-price">
              {showPrice(totalCents)}
            </dd>
          </div>
        </dl>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary disabled:opacity-50"
            onClick={add}
            disabled={!variant || soldOut}
          >
            {variants === null && !loadError ? 'Loading…' : soldOut ? 'Sold out' : 'Add to Cart'}
          </button>
        </div>
      </div>
    </dialog>
  );
}
