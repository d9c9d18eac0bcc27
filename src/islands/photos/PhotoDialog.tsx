// The 'Add New Photo' dialog, in add mode and edit mode, in a native <dialog> (showModal gives the
// focus trap, Esc and the inert page). Adding takes several photo originals at once (JPEG, PNG or
// TIFF up to 200 MB each): each file is uploaded as soon as it is chosen, through a signed upload
// with its own progress and its own error (a refused file leaves the batch, the others go on), and
// gets its own fields, prefilled from the title, description, location and keywords written in the
// file (IPTC/XMP), with the print sizes it will be sold at. Saving sends one multipart POST
// /api/admin/photos per photo with its imageUrl. Editing keeps the current image when none is
// chosen (PUT /api/admin/photos/{id}), and shows how each print size crops the photo, to move or
// withdraw (PrintCropControl.tsx). The fields are checked with the endpoint's own zod schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { restrictionNote, UploaderView, useUppy } from '~/islands/media/Uploader';
import { PhotoPriceListControl } from '~/islands/shop/PhotoPriceListControl';
import type { PhotoDetails } from '~/lib/media/photo-details';
import { joinKeywords } from '~/lib/photos/keywords';
import { categoryFromKeywords } from '~/lib/photos/photo-batch';
import { type PhotoForm, photoFormSchema } from '~/lib/photos/schemas';
import { HttpError } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { EditionControl } from './EditionControl';
import { PhotoEntryFields, type PhotoRows } from './PhotoEntryFields';
import { PrintCropControl } from './PrintCropControl';
import { printFitWords } from './PrintFitTable';
import { type PhotoEntry, uploadsSettled, usePhotoEntries } from './photo-entries';
import { type AdminPhoto, sendPhotoForm } from './photos-api';

const rowsSchema = z.object({ photos: z.array(photoFormSchema) });

interface Props {
  /** The photo to edit; none to add new ones. */
  photo: AdminPhoto | null;
  onClose: () => void;
  onSaved: () => void;
}

function defaults(photo: AdminPhoto | null): PhotoForm {
  return {
    title: photo?.title ?? '',
    description: photo?.description ?? '',
    category: photo?.category ?? 'coastal',
    location: photo?.location ?? '',
    keywords: photo?.keywords ?? '',
    featured: photo?.featured ?? false,
  };
}

/** The fields a file's own words fill in. */
const PREFILLS = ['title', 'description', 'location', 'keywords'] as const;

export function PhotoDialog({ photo, onClose, onSaved }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const editing = photo !== null;
  const uppy = useUppy('photo', { several: !editing, autoProceed: true });
  const [imageError, setImageError] = useState('');
  const [busy, setBusy] = useState<'' | 'uploading' | 'saving'>('');
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<PhotoRows>({
    resolver: zodResolver(rowsSchema) as never,
    defaultValues: { photos: [defaults(photo)] },
  });
  const rows = useFieldArray({ control, name: 'photos' });

  const { entries, refused } = usePhotoEntries(uppy, {
    append: () => rows.append(defaults(null), { shouldFocus: false }),
    remove: (i) => rows.remove(i),
    prefill: (i, details: PhotoDetails) => {
      const filled: string[] = [];
      for (const key of PREFILLS) {
        const value = key === 'keywords' ? joinKeywords(details.keywords) : details[key];
        // What the owner has typed already is kept.
        if (!value || getValues(`photos.${i}.${key}`)?.trim()) continue;
        setValue(`photos.${i}.${key}`, value, { shouldDirty: true, shouldValidate: true });
        filled.push(key);
      }
      // The category its keywords name ("sea", "drone", "hills"...), unless the owner chose one.
      const category = categoryFromKeywords(details.keywords);
      if (category && !getFieldState(`photos.${i}.category`).isDirty) {
        setValue(`photos.${i}.category`, category, { shouldDirty: true, shouldValidate: true });
        filled.push('category');
      }
      return filled;
    },
  });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  /** Saves one photo; the reason it could not be saved, or null. */
  const saveOne = async (entry: PhotoEntry, values: PhotoForm): Promise<string | null> => {
    if (entry.fileId && !entry.uploaded) return entry.error || 'The image could not be uploaded.';
    const fields = { ...values, imageUrl: entry.uploaded?.url ?? null };
    try {
      if (editing) await sendPhotoForm('PUT', `/api/admin/photos/${encodeURIComponent(photo.id)}`, fields);
      else await sendPhotoForm('POST', '/api/admin/photos', fields);
      return null;
    } catch (err) {
      return (err instanceof HttpError && err.serverMessage) || 'Please try again.';
    }
  };

  const onSubmit = handleSubmit(async () => {
    if (!editing && entries.every((e) => e.fileId === null)) {
      setImageError(
        refused.length ? 'Please choose a photo the site can take.' : 'Please select an image file',
      );
      return;
    }
    setBusy('uploading');
    try {
      await uploadsSettled(uppy);
      setBusy('saving');
      // The values after the uploads: a prefill may have arrived meanwhile.
      const values = getValues('photos');
      const batch = entries.map((entry, i) => ({ entry, values: values[i] as PhotoForm }));
      const saved: typeof batch = [];
      for (const item of batch) {
        const reason = await saveOne(item.entry, item.values);
        if (reason === null) saved.push(item);
        else
          notify(
            'error',
            editing ? 'Failed to update photo' : `Failed to add “${item.values.title}”`,
            reason,
          );
      }
      if (saved.length > 0) onSaved();
      if (saved.length === 1 && saved[0]) {
        const size = saved[0].entry.size;
        notify(
          'success',
          editing ? 'Photo updated successfully' : 'Photo added successfully',
          size ? printFitWords(size.width, size.height).sold : undefined,
        );
      } else if (saved.length > 1) {
        notify('success', `${saved.length} photos added successfully`);
      }
      if (saved.length === batch.length) {
        dialog.current?.close();
        return;
      }
      // What was saved leaves the dialog; what was not stays, with its fields, to try again.
      for (const { entry } of saved) if (entry.fileId) uppy.removeFile(entry.fileId);
    } finally {
      setBusy('');
    }
  });

  const count = entries.filter((e) => e.fileId).length;
  const title = editing ? 'Edit Photo' : 'Add New Photo';
  const submitLabel =
    busy === 'uploading'
      ? 'Uploading…'
      : busy === 'saving'
        ? 'Saving...'
        : editing
          ? 'Save Changes'
          : count > 1
            ? `Add ${count} Photos`
            : 'Add Photo';
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; Esc closes a native dialog.
    <dialog
      ref={dialog}
      aria-labelledby="photo-dialog-h"
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && !busy && dialog.current?.close()}
      className="m-auto max-h-[92vh] w-[min(46rem,96vw)] overflow-y-auto rounded-lg bg-white p-0 text-slate-900 backdrop:bg-black/50"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="photo-dialog-h" className="text-xl font-semibold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-secondary px-3"
            disabled={Boolean(busy)}
            onClick={() => dialog.current?.close()}
          >
            Close
          </button>
        </div>
        <section aria-labelledby="photo-files-h">
          <h3 id="photo-files-h" className="text-sm font-medium">
            {editing ? 'Image' : 'Photos'}
          </h3>
          {editing && (
            <div className="mt-2 flex items-center gap-3">
              <img
                src={photo.imageUrl}
                alt=""
                width={96}
                height={64}
                className="h-16 w-24 shrink-0 rounded-sm object-cover"
              />
              <p className="text-sm text-slate-700">Choose a new image only to replace the current one.</p>
            </div>
          )}
          <div className="mt-2">
            <UploaderView
              uppy={uppy}
              purpose="photo"
              height={editing ? 220 : 260}
              hideUploadButton
              note={restrictionNote('photo', !editing)}
            />
          </div>
          {refused.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be refused twice; the list only grows.
            <p key={i} role="alert" className="mt-2 text-sm text-red-700">
              {r.name} was not added: {r.reason}
            </p>
          ))}
          {imageError && count === 0 && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {imageError}
            </p>
          )}
        </section>
        {rows.fields.map((row, i) => {
          const entry = entries[i];
          return entry ? (
            <PhotoEntryFields
              key={row.id}
              index={i}
              entry={entry}
              register={register}
              errors={errors}
              fallbackLegend="Details"
            />
          ) : null;
        })}
        {editing && <PrintCropControl photoId={photo.id} imageUrl={photo.imageUrl} />}
        {editing && <EditionControl photoId={photo.id} />}
        {editing && <PhotoPriceListControl photoId={photo.id} />}
        {editing && (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            {photo.everOrdered
              ? 'This photo has been ordered, so it cannot be deleted: it can only be hidden, so that past orders still show what was bought.'
              : 'A photo that has never been ordered can be deleted from the Photos tab. Once ordered, it can only be hidden, so that past orders still show what was bought.'}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={Boolean(busy)}>
            {submitLabel}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={Boolean(busy)}
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
