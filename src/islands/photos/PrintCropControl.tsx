// The photo dialog's Print crops part: each size the shop sells whose proportion differs from the
// photo's is a crop, drawn over the photo with the part left out dimmed. The owner moves the crop
// window along the axis it can move (a slider, and Start/Centre/End buttons) and sees how much is
// cut. The original sizes (Small, Medium, Large) are offered cropped from the centre until the owner
// stops offering one whose crop does not work; any other size of another proportion is not offered
// until the owner approves its crop (ticks "Offer this size"). Each size is named in inches and
// centimetres. Saved on its own (PUT /api/admin/photos/{id}/print-crops), apart from the photo's
// fields, with the endpoint's own schema; the shop, the checkout and the lab's print file follow the
// choice from then on.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type Control, type UseFormRegister, type UseFormSetValue, useForm, useWatch } from 'react-hook-form';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { type PrintCropsForm, printCropsSchema } from '~/lib/shop/print-crop-schemas';
import {
  cropWindow,
  cutWords,
  type PhotoPrintCrops,
  type PrintCrop,
  type PrintCropView,
  positionWords,
} from '~/lib/shop/print-crops';
import { sizeLabel } from '~/lib/shop/product-groups';
import { isOriginalSize } from '~/lib/site/catalogue';
import { PHOTOS_KEY } from './photos-api';

const toForm = (data: PhotoPrintCrops): PrintCropsForm => ({
  crops: data.sizes.map(({ size, position, offered }) => ({ size, position, offered })),
});

/** The photo with the crop window drawn: the part the print leaves out is dimmed. */
export function CropPicture({
  imageUrl,
  width,
  height,
  crop,
  position,
  withdrawn = false,
}: {
  imageUrl: string;
  width: number;
  height: number;
  crop: PrintCrop | null;
  position: number;
  withdrawn?: boolean;
}) {
  const win = cropWindow(crop, position);
  const pct = (n: number) => `${n * 100}%`;
  // The parts outside the window: before it and after it along the axis that moves.
  const outside =
    crop?.axis === 'x'
      ? [
          { left: 0, top: 0, width: win.left, height: 1 },
          { left: win.left + win.width, top: 0, width: 1 - win.left - win.width, height: 1 },
        ]
      : [
          { left: 0, top: 0, width: 1, height: win.top },
          { left: 0, top: win.top + win.height, width: 1, height: 1 - win.top - win.height },
        ];
  return (
    <div
      className="relative overflow-hidden rounded-sm bg-slate-200"
      // A portrait photo is kept to 16rem high; a landscape one takes the column's width.
      style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, ${(16 * width) / height}rem)` }}
    >
      <img
        src={imageUrl}
        alt=""
        className={`absolute inset-0 h-full w-full object-cover ${withdrawn ? 'opacity-40 grayscale' : ''}`}
      />
      {crop &&
        outside.map((r) => (
          <div
            key={`${r.left}-${r.top}`}
            aria-hidden="true"
            className="absolute bg-black/60"
            style={{ left: pct(r.left), top: pct(r.top), width: pct(r.width), height: pct(r.height) }}
          />
        ))}
      {crop && (
        <div
          aria-hidden="true"
          className="absolute border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
          style={{ left: pct(win.left), top: pct(win.top), width: pct(win.width), height: pct(win.height) }}
        />
      )}
    </div>
  );
}

function SizeCrop({
  index,
  view,
  imageUrl,
  width,
  height,
  control,
  register,
  setValue,
}: {
  index: number;
  view: PrintCropView;
  imageUrl: string;
  width: number;
  height: number;
  control: Control<PrintCropsForm>;
  register: UseFormRegister<PrintCropsForm>;
  setValue: UseFormSetValue<PrintCropsForm>;
}) {
  const uid = useId();
  const name = sizeLabel(view.size);
  const position = useWatch({ control, name: `crops.${index}.position` }) ?? 0.5;
  const offered = useWatch({ control, name: `crops.${index}.offered` }) ?? view.offered;
  const crop = view.crop;
  // An original size is withdrawn when its crop does not work; another waits for the owner's approval,
  // and its crop can be moved before it is approved.
  const awaitsApproval = crop !== null && !isOriginalSize(view.size);
  const locked = !offered && !awaitsApproval;
  const [start, end] = crop?.axis === 'y' ? ['Top', 'Bottom'] : ['Left', 'Right'];
  const moveTo = (at: number) =>
    setValue(`crops.${index}.position`, at, { shouldDirty: true, shouldValidate: true });
  return (
    <fieldset className="grid items-start gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2">
      <legend className="sr-only">{name}</legend>
      <CropPicture
        imageUrl={imageUrl}
        width={width}
        height={height}
        crop={crop}
        position={position}
        withdrawn={!offered}
      />
      <div className="space-y-2 text-sm">
        <p aria-hidden="true" className="font-medium">
          {name}
        </p>
        <p id={`${uid}-cut`} className="text-slate-700">
          {crop ? `${cutWords(crop)}.` : 'Prints the whole photo.'}
        </p>
        {crop && (
          <>
            <label className="block">
              <span className="block text-slate-700">Crop position, {name}</span>
              <input
                type="range"
                min={0}
                max={1}
                step={0.01}
                disabled={locked}
                aria-describedby={`${uid}-cut`}
                aria-valuetext={positionWords(crop, position)}
                className="mt-1 block min-h-11 w-full accent-slate-800"
                {...register(`crops.${index}.position`, { valueAsNumber: true })}
              />
            </label>
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Move the crop, {name}</legend>
              {[
                [start, 0],
                ['Centre', 0.5],
                [end, 1],
              ].map(([label, at]) => (
                <button
                  key={label}
                  type="button"
                  className="btn btn-secondary px-3 aria-pressed:border-slate-800 aria-pressed:bg-slate-100"
                  disabled={locked}
                  aria-pressed={position === at}
                  onClick={() => moveTo(at as number)}
                >
                  {label}
                </button>
              ))}
            </fieldset>
          </>
        )}
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" {...register(`crops.${index}.offered`)} />
          Offer this size
        </label>
        {!offered && (
          <p className="rounded-md bg-amber-50 p-2 text-amber-950">
            {awaitsApproval
              ? 'Not offered until you approve this crop.'
              : 'Not offered: this crop does not work.'}
          </p>
        )}
      </div>
    </fieldset>
  );
}

export function PrintCropControl({ photoId, imageUrl }: { photoId: string; imageUrl: string }) {
  const client = useQueryClient();
  const path = `/api/admin/photos/${encodeURIComponent(photoId)}/print-crops`;
  const { data } = useQuery({ queryKey: [path], queryFn: () => read<PhotoPrintCrops>(path) });
  const [error, setError] = useState('');
  const {
    control,
    register,
    setValue,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<PrintCropsForm>({
    resolver: zodResolver(printCropsSchema),
    defaultValues: { crops: [] },
  });
  useEffect(() => {
    if (data) reset(toForm(data));
  }, [data, reset]);

  const save = useMutation({
    mutationFn: (form: PrintCropsForm) => send<PhotoPrintCrops>('PUT', path, form),
    onSuccess: (saved) => {
      setError('');
      client.setQueryData([path], saved);
      // The Photos tab's "for sale" badge follows the sizes offered.
      client.invalidateQueries({ queryKey: PHOTOS_KEY });
      const withdrawn = saved.sizes.filter((s) => s.fits && !s.offered).map((s) => sizeLabel(s.size));
      notify(
        'success',
        'Print crops saved',
        withdrawn.length ? `Not offered: ${withdrawn.join('; ')}.` : 'Every size is offered.',
      );
    },
    onError: (err) => setError(reason(err) ?? 'The print crops could not be saved.'),
  });

  // A size is shown when it crops the photo, or when it was withdrawn (so that it can be offered again).
  const shown = (data?.sizes ?? [])
    .map((view, index) => ({ view, index }))
    .filter(({ view }) => view.fits && (view.crop || !view.offered));
  const { width, height } = data ?? {};
  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium">Print crops</legend>
      {!data ? (
        <p className="text-sm text-slate-700">Loading the print crops…</p>
      ) : shown.length === 0 || !width || !height ? (
        <p className="text-sm text-slate-700">
          Every size on sale prints this photo whole: its proportion matches each print’s.
        </p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            These sizes have another proportion than the photo, so their prints are a crop: the dimmed part is
            left out. Move the crop to keep what matters. Small, Medium and Large are offered until you stop
            offering one the crop does not suit; any other size is offered only once you approve its crop.
          </p>
          {shown.map(({ view, index }) => (
            <SizeCrop
              key={view.size}
              index={index}
              view={view}
              imageUrl={imageUrl}
              width={width}
              height={height}
              control={control}
              register={register}
              setValue={setValue}
            />
          ))}
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={save.isPending}
              onClick={handleSubmit((form) => save.mutate(form))}
            >
              {save.isPending ? 'Saving…' : 'Save print crops'}
            </button>
            {isDirty && !save.isPending && <span className="text-sm text-slate-700">Not saved yet.</span>}
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
