// The edit form of a background card: Image URL (one of this site's images or an https: address),
// Alt Text (optional), an upload that fills the Image URL, a preview, Save (only with an image URL)
// and Cancel. Validated with the endpoint's own schema; a refused address shows the server's reason.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useForm } from 'react-hook-form';
import Uploader, { type UploadedObject } from '~/islands/media/Uploader';
import {
  type BackgroundImageInput,
  backgroundImageSchema,
  backgroundUrlProblem,
} from '~/lib/backgrounds/schemas';
import { mediaUrl, widthsFor } from '~/lib/media/media-urls';
import { reason } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import type { BackgroundSection } from '~/lib/site/constants';
import { backgroundsKey, heroKey, type SectionBackgroundEntry, saveBackground } from './background-api';

const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

interface Props {
  section: BackgroundSection;
  current: SectionBackgroundEntry | null;
  onDone: () => void;
}

/** What the preview can show: this site's own images only (the page may not load other sites' images). */
function Preview({ url, alt }: { url: string; alt: string }) {
  if (!url)
    return <p className="text-sm text-slate-600">Enter an image URL or upload an image to see it here.</p>;
  if (backgroundUrlProblem(url)) return null;
  if (!url.startsWith('/media/')) {
    return (
      <p className="text-sm text-slate-600">
        This image is fetched and checked when you save; it shows here after saving.
      </p>
    );
  }
  return (
    <img
      src={url}
      alt={alt || 'Preview of the background'}
      width={640}
      height={360}
      className="aspect-video h-auto w-full rounded-md bg-slate-200 object-cover"
    />
  );
}

export function BackgroundEditorForm({ section, current, onDone }: Props) {
  const client = useQueryClient();
  const id = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<BackgroundImageInput>({
    resolver: zodResolver(backgroundImageSchema) as never,
    defaultValues: { section, imageUrl: current?.imageUrl ?? '', altText: current?.altText ?? '' },
  });
  const imageUrl = (watch('imageUrl') ?? '').trim();
  const altText = watch('altText') ?? '';

  const save = useMutation({
    mutationFn: (values: BackgroundImageInput) => saveBackground(values),
    onSuccess: () => {
      notify('success', 'Background updated', 'The background image has been updated successfully.');
      client.invalidateQueries({ queryKey: backgroundsKey });
      client.invalidateQueries({ queryKey: heroKey });
      onDone();
    },
    onError: (err) => {
      const why = reason(err);
      notify(
        'error',
        'Error',
        why ? `Failed to update background image. ${why}` : 'Failed to update background image.',
      );
    },
  });

  const onUploaded = useCallback(
    (object: UploadedObject) => {
      // A processed image is shown from its derivatives: the largest JPEG up to 1920 px.
      const media = object.media;
      const width = media
        ? (widthsFor(media.width)
            .filter((w) => w <= 1920)
            .at(-1) ?? media.width)
        : 0;
      const url = media ? mediaUrl(media.mediaId, width, 'jpg') : object.url;
      setValue('imageUrl', url, { shouldValidate: true, shouldDirty: true });
    },
    [setValue],
  );

  return (
    <form
      className="mt-4 space-y-4"
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(values))}
      aria-label={`Edit the ${section} background`}
    >
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-medium">
          Image URL
        </label>
        <input
          id={`${id}-url`}
          className={field}
          inputMode="url"
          autoComplete="off"
          placeholder="https://… or upload an image below"
          aria-invalid={Boolean(errors.imageUrl)}
          aria-describedby={errors.imageUrl ? `${id}-url-error` : undefined}
          {...register('imageUrl')}
        />
        {errors.imageUrl && (
          <p id={`${id}-url-error`} role="alert" className="mt-1 text-sm text-red-800">
            {errors.imageUrl.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="block text-sm font-medium">
          Alt Text (optional)
        </label>
        <input
          id={`${id}-alt`}
          className={field}
          maxLength={300}
          aria-invalid={Boolean(errors.altText)}
          {...register('altText')}
        />
        {errors.altText && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {errors.altText.message}
          </p>
        )}
      </div>
      <div>
        <p className="text-sm font-medium">Upload an image</p>
        <div className="mt-1">
          <Uploader purpose="image" onUploaded={onUploaded} height={220} />
        </div>
      </div>
      <div>
        <p className="text-sm font-medium">Preview</p>
        <div className="mt-1">
          <Preview url={imageUrl} alt={altText} />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={!imageUrl || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
