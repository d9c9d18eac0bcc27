// The 'Add New Photo' dialog, in add mode and edit mode, in a native <dialog> (showModal gives the
// focus trap, Esc and the inert page). The image goes through the signed upload with Uppy's
// progress; the form then sends multipart POST /api/admin/photos or PUT /api/admin/photos/{id} with
// its imageUrl. Editing keeps the current image when none is chosen. The fields are checked with
// the same zod schema as the endpoint. Once a file is chosen, its pixel size is read in the browser
// and the dialog says, before saving, at which print sizes the photo will be sold (print-fit.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { HttpError } from '~/lib/client/api';
import { readImageSize } from '~/lib/client/image-size';
import { notify } from '~/lib/client/toaster';
import { CATEGORY_LABELS, PHOTO_CATEGORIES } from '~/lib/shared/constants';
import { type PhotoForm, photoFormSchema } from '~/lib/shared/schemas';
import { type UploadedObject, UploaderView, uploadedFrom, useUppy } from '../Uploader';
import { PrintFitNote, printFitWords } from './PrintFitTable';
import { type AdminPhoto, sendPhotoForm } from './photos-api';

const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

interface Props {
  /** The photo to edit; none to add a new one. */
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
    featured: photo?.featured ?? false,
  };
}

export function PhotoDialog({ photo, onClose, onSaved }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const editing = photo !== null;
  const uppy = useUppy('image');
  const [uploaded, setUploaded] = useState<UploadedObject | null>(null);
  const [imageError, setImageError] = useState('');
  const [busy, setBusy] = useState<'' | 'uploading' | 'saving'>('');
  /** The chosen file's pixel size; null before a file is chosen or when the browser cannot read it. */
  const [chosenSize, setChosenSize] = useState<{ width: number; height: number } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PhotoForm>({
    resolver: zodResolver(photoFormSchema) as never,
    defaultValues: defaults(photo),
  });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    const onSuccess = (_file: unknown, response: { body?: UploadedObject }) => {
      if (response.body) {
        setUploaded(response.body);
        setImageError('');
      }
    };
    let chosen = 0;
    const onAdded = (file: { data?: unknown }) => {
      setImageError('');
      setChosenSize(null);
      const mine = ++chosen;
      if (file.data instanceof Blob)
        void readImageSize(file.data).then((size) => mine === chosen && setChosenSize(size));
    };
    const onRemoved = () => {
      chosen++;
      setUploaded(null);
      setChosenSize(null);
    };
    uppy.on('upload-success', onSuccess);
    uppy.on('file-added', onAdded);
    uppy.on('file-removed', onRemoved);
    return () => {
      uppy.off('upload-success', onSuccess);
      uppy.off('file-added', onAdded);
      uppy.off('file-removed', onRemoved);
    };
  }, [uppy]);

  /** The chosen image's address: the finished upload, or the chosen file uploaded now. */
  const imageUrl = async (): Promise<string | null> => {
    if (uploaded) return uploaded.url;
    if (uppy.getFiles().length === 0) return null;
    setBusy('uploading');
    const result = await uppy.upload();
    const object = uploadedFrom(result);
    if (!object) throw new Error('The image could not be uploaded.');
    setUploaded(object);
    return object.url;
  };

  const onSubmit = handleSubmit(async (values) => {
    const pending = uploaded === null && uppy.getFiles().length === 0;
    if (!editing && pending) {
      setImageError('Please select an image file');
      return;
    }
    const failed = editing ? 'Failed to update photo' : 'Failed to add photo';
    try {
      const url = await imageUrl();
      setBusy('saving');
      const fields = { ...values, imageUrl: url };
      if (editing) await sendPhotoForm('PUT', `/api/admin/photos/${encodeURIComponent(photo.id)}`, fields);
      else await sendPhotoForm('POST', '/api/admin/photos', fields);
      const fit = chosenSize ? printFitWords(chosenSize.width, chosenSize.height).sold : undefined;
      notify('success', editing ? 'Photo updated successfully' : 'Photo added successfully', fit);
      onSaved();
      dialog.current?.close();
    } catch (err) {
      notify('error', failed, err instanceof HttpError ? err.serverMessage : undefined);
    } finally {
      setBusy('');
    }
  });

  const title = editing ? 'Edit Photo' : 'Add New Photo';
  const submitLabel =
    busy === 'uploading'
      ? 'Uploading Photo...'
      : busy === 'saving'
        ? 'Saving...'
        : editing
          ? 'Save Changes'
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
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <label htmlFor="photo-title" className="block text-sm font-medium">
              Title
            </label>
            <input
              id="photo-title"
              className={field}
              {...register('title')}
              aria-invalid={Boolean(errors.title)}
              aria-describedby={errors.title ? 'photo-title-error' : undefined}
            />
            {errors.title && (
              <p id="photo-title-error" className="mt-1 text-sm text-red-700">
                {errors.title.message}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="photo-location" className="block text-sm font-medium">
              Location
            </label>
            <input id="photo-location" className={field} {...register('location')} />
          </div>
          <div>
            <label htmlFor="photo-category" className="block text-sm font-medium">
              Category
            </label>
            <select id="photo-category" className={field} {...register('category')}>
              {PHOTO_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <label className="flex min-h-11 items-center gap-3 self-end">
            <input type="checkbox" className="h-5 w-5" {...register('featured')} />
            <span>Featured on the home page</span>
          </label>
        </div>
        <div>
          <label htmlFor="photo-description" className="block text-sm font-medium">
            Description
          </label>
          <textarea id="photo-description" rows={3} className={field} {...register('description')} />
          {errors.description && <p className="mt-1 text-sm text-red-700">{errors.description.message}</p>}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Image</legend>
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
            <UploaderView uppy={uppy} purpose="image" height={260} />
          </div>
          {uploaded && <p className="mt-2 text-sm text-green-800">Image uploaded and processed.</p>}
          <div className="mt-2" aria-live="polite">
            {chosenSize && <PrintFitNote width={chosenSize.width} height={chosenSize.height} />}
          </div>
          {imageError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {imageError}
            </p>
          )}
        </fieldset>
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
