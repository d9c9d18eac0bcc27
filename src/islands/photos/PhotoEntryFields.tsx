// One photo's fields in the add-photo dialog (title, location, keywords, category, featured,
// description), with its file's upload progress or error, what was filled in from the file, and
// at which print sizes it will be sold.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { PhotoForm } from '~/lib/photos/schemas';
import { CATEGORY_LABELS, PHOTO_CATEGORIES } from '~/lib/site/constants';
import { PrintFitNote } from './PrintFitTable';
import type { PhotoEntry } from './photo-entries';

export interface PhotoRows {
  photos: PhotoForm[];
}

const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

interface Props {
  index: number;
  entry: PhotoEntry;
  register: UseFormRegister<PhotoRows>;
  errors: FieldErrors<PhotoRows>;
  /** The legend when no file is named: the dialog's only photo. */
  fallbackLegend: string;
}

interface TextFieldProps extends ReturnType<UseFormRegister<PhotoRows>> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
}

function TextField({ id, label, hint, error, ...registration }: TextFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={field}
        {...registration}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function UploadState({ entry, id }: { entry: PhotoEntry; id: string }) {
  if (entry.state === 'uploading') {
    return (
      <div className="flex items-center gap-3 text-sm text-slate-700">
        <progress
          id={id}
          max={100}
          value={entry.progress}
          className="h-2 w-32"
          aria-label={`Upload of ${entry.name}`}
        />
        <span>Uploading… {entry.progress}%</span>
      </div>
    );
  }
  if (entry.state === 'failed') {
    return (
      <p role="alert" className="text-sm text-red-700">
        This file could not be uploaded: {entry.error}
      </p>
    );
  }
  if (entry.state !== 'ready') return null;
  return (
    <p className="text-sm text-green-800">
      Image uploaded and processed.
      {entry.prefilled.length > 0 && ` Filled in from the file: ${entry.prefilled.join(', ')}.`}
    </p>
  );
}

export function PhotoEntryFields({ index, entry, register, errors, fallbackLegend }: Props) {
  const id = (name: string) => `photo-${index}-${name}`;
  const fieldErrors = errors.photos?.[index];
  return (
    <fieldset className="min-w-0 space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="max-w-full truncate px-1 text-sm font-medium">{entry.name || fallbackLegend}</legend>
      <UploadState entry={entry} id={id('progress')} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          id={id('title')}
          label="Title"
          error={fieldErrors?.title?.message}
          {...register(`photos.${index}.title`)}
        />
        <TextField id={id('location')} label="Location" {...register(`photos.${index}.location`)} />
        <TextField
          id={id('keywords')}
          label="Keywords"
          hint="Separated by commas. The shop’s search finds the photo by them."
          error={fieldErrors?.keywords?.message}
          {...register(`photos.${index}.keywords`)}
        />
        <div>
          <label htmlFor={id('category')} className="block text-sm font-medium">
            Category
          </label>
          <select id={id('category')} className={field} {...register(`photos.${index}.category`)}>
            {PHOTO_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={id('description')} className="block text-sm font-medium">
          Description
        </label>
        <textarea
          id={id('description')}
          rows={3}
          className={field}
          {...register(`photos.${index}.description`)}
        />
        {fieldErrors?.description && (
          <p className="mt-1 text-sm text-red-700">{fieldErrors.description.message}</p>
        )}
      </div>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="h-5 w-5" {...register(`photos.${index}.featured`)} />
        <span>Featured on the home page</span>
      </label>
      <div aria-live="polite">
        {entry.size && <PrintFitNote width={entry.size.width} height={entry.size.height} />}
      </div>
    </fieldset>
  );
}
