// The title and description fields of a drone sample, the same in the drone page's own manager, the
// admin's drone photos and the video upload dialog.
const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

export interface SampleFieldsProps {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  titleLabel: string;
  title: string;
  onTitle: (value: string) => void;
  /** Leave out to show the title alone. */
  description?: string;
  onDescription?: (value: string) => void;
  required?: boolean;
  /** The id of the error that describes the title, while there is one. */
  errorId?: string;
}

export function SampleFields(p: SampleFieldsProps) {
  return (
    <>
      <div>
        <label htmlFor={`${p.id}-title`} className="block text-sm font-medium">
          {p.titleLabel}
        </label>
        <input
          id={`${p.id}-title`}
          className={field}
          value={p.title}
          maxLength={200}
          required={p.required}
          aria-describedby={p.errorId}
          onChange={(e) => p.onTitle(e.target.value)}
        />
      </div>
      {p.onDescription && (
        <div>
          <label htmlFor={`${p.id}-description`} className="block text-sm font-medium">
            Description (optional)
          </label>
          <textarea
            id={`${p.id}-description`}
            className={field}
            rows={2}
            value={p.description ?? ''}
            maxLength={1000}
            onChange={(e) => p.onDescription?.(e.target.value)}
          />
        </div>
      )}
    </>
  );
}
