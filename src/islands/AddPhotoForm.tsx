// "Add New Photo" (admin dashboard, Photos tab): the photo's details, and its image sent through the
// signed-URL uploader. The form is validated with the same zod schema as the endpoint.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { HttpError } from '~/lib/client/api';
import { notify } from '~/lib/client/toaster';
import { useHydrated } from '~/lib/client/use-hydrated';
import { ADMIN_REDIRECT_DELAY_MS, CATEGORY_LABELS, PHOTO_CATEGORIES } from '~/lib/shared/constants';
import { type PhotoForm, photoFormSchema } from '~/lib/shared/schemas';
import Uploader, { type UploadedObject } from './Uploader';

const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5 text-base';

export default function AddPhotoForm() {
  const [image, setImage] = useState<UploadedObject | null>(null);
  const [imageError, setImageError] = useState('');
  const [added, setAdded] = useState<{ id: string; title: string } | null>(null);
  const [uploaderKey, setUploaderKey] = useState(0);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PhotoForm>({
    resolver: zodResolver(photoFormSchema) as never,
    defaultValues: { title: '', description: '', category: 'coastal', location: '', featured: false },
  });
  const onUploaded = useCallback((obj: UploadedObject) => {
    setImage(obj);
    setImageError('');
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    if (!image) {
      setImageError('Please select an image file');
      return;
    }
    const body = new FormData();
    for (const [key, value] of Object.entries({ ...values, imageUrl: image.url })) {
      // Null fields are skipped (FormData would send them as the text "null").
      if (value !== null && value !== undefined) body.set(key, String(value));
    }
    try {
      const res = await fetch('/api/admin/photos', { method: 'POST', body, credentials: 'include' });
      if (res.status === 401) {
        void notify('error', 'Unauthorized', 'You are logged out. Logging in again...');
        setTimeout(() => window.location.assign('/api/login'), ADMIN_REDIRECT_DELAY_MS);
        return;
      }
      if (!res.ok) {
        const message = ((await res.json().catch(() => ({}))) as { message?: string }).message;
        throw new HttpError(res.status, `${res.status}: ${message ?? res.statusText}`, message);
      }
      const photo = (await res.json()) as { id: string; title: string };
      void notify('success', 'Photo added successfully');
      setAdded(photo);
      reset();
      setImage(null);
      setUploaderKey((k) => k + 1);
    } catch (err) {
      const detail = err instanceof HttpError ? err.serverMessage : undefined;
      void notify('error', 'Failed to add photo', detail);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
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
          />
          {errors.title && <p className="mt-1 text-sm text-red-700">{errors.title.message}</p>}
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
        <div className="mt-1">
          <Uploader key={uploaderKey} purpose="image" onUploaded={onUploaded} />
        </div>
        {image && <p className="mt-2 text-sm text-green-800">Image uploaded and processed.</p>}
        {imageError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {imageError}
          </p>
        )}
      </fieldset>
      <button
        type="submit"
        disabled={!hydrated || isSubmitting}
        className="min-h-11 rounded-md bg-slate-900 px-5 font-medium text-white hover:bg-slate-800 disabled:opacity-60"
      >
        {isSubmitting ? 'Adding Photo...' : 'Add Photo'}
      </button>
      {added && (
        <p className="text-sm">
          Added “{added.title}”.{' '}
          <a href="/shop" className="underline underline-offset-4">
            See it in the shop
          </a>
        </p>
      )}
    </form>
  );
}
