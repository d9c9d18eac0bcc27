// One section's card in the background editor: the current background (or the default look) with
// Add/Change and Delete, and the edit form in its place while editing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { thumbnailUrl } from '~/lib/media/media-urls';
import { reason } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import type { BackgroundSection } from '~/lib/site/constants';
import { BackgroundEditorForm } from './BackgroundEditorForm';
import { backgroundsKey, heroKey, removeBackground, type SectionBackgroundEntry } from './background-api';

interface Props {
  section: BackgroundSection;
  label: { title: string; where: string };
  current: SectionBackgroundEntry | null;
}

export function BackgroundEditorCard({ section, label, current }: Props) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const headingId = `bg-card-${section}`;
  const remove = useMutation({
    mutationFn: (id: string) => removeBackground(id),
    onSuccess: () => {
      notify('success', 'Background removed', 'The background image has been removed successfully.');
      client.invalidateQueries({ queryKey: backgroundsKey });
      client.invalidateQueries({ queryKey: heroKey });
    },
    onError: (err) => {
      const why = reason(err);
      notify(
        'error',
        'Error',
        why ? `Failed to remove background image. ${why}` : 'Failed to remove background image.',
      );
    },
  });

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-xl font-semibold">
          {label.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{label.where}</p>
        {editing ? (
          <BackgroundEditorForm section={section} current={current} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="mt-4">
              {current ? (
                <figure>
                  <img
                    src={thumbnailUrl(current.imageUrl, current.mediaId, current.width)}
                    alt={current.altText ?? `${label.title} background`}
                    width={640}
                    height={360}
                    loading="lazy"
                    className="aspect-video h-auto w-full rounded-md bg-slate-200 object-cover"
                  />
                  {current.altText && (
                    <figcaption className="mt-2 text-sm text-slate-700">{current.altText}</figcaption>
                  )}
                </figure>
              ) : (
                <p className="flex aspect-video items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-slate-700">
                  No background image: the section shows its default look.
                </p>
              )}
            </div>
            <div className="mt-4 flex flex-wrap gap-3">
              <button
                type="button"
                className="btn btn-primary"
                aria-label={`${current ? 'Change' : 'Add'} ${label.title} background`}
                onClick={() => setEditing(true)}
              >
                {current ? 'Change' : 'Add'}
              </button>
              {current && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Delete ${label.title} background`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Remove the ${label.title} background?`)) remove.mutate(current.id);
                  }}
                >
                  Delete
                </button>
              )}
            </div>
          </>
        )}
      </section>
    </li>
  );
}
