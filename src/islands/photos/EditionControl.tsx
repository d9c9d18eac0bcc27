// The photo dialog's Edition part: an open edition, or a limited edition of N copies (1 to 30,
// counted across every size and frame), with the copies sold and held by unpaid orders. Saved on
// its own (PUT /api/admin/photos/{id}/edition), apart from the photo's fields; a refusal (below the
// copies sold, or back to open after a sale) is shown beside the control in the server's words.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { editionLine, MAX_EDITION_SIZE, MIN_EDITION_SIZE } from '~/lib/shop/editions';

interface Edition {
  editionSize: number | null;
  sold: number;
  reserved: number;
  left: number | null;
}

export function EditionControl({ photoId }: { photoId: string }) {
  const client = useQueryClient();
  const path = `/api/admin/photos/${encodeURIComponent(photoId)}/edition`;
  const { data: edition } = useQuery({ queryKey: [path], queryFn: () => read<Edition>(path) });
  const [limited, setLimited] = useState<boolean | null>(null);
  const [size, setSize] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const isLimited = limited ?? (edition ? edition.editionSize !== null : false);
  const shownSize = size || (edition?.editionSize ? String(edition.editionSize) : '');
  const save = useMutation({
    mutationFn: () => send<Edition>('PUT', path, { editionSize: isLimited ? Number(shownSize) : null }),
    onSuccess: (saved) => {
      setError('');
      client.setQueryData([path], saved);
      notify(
        'success',
        'Edition saved',
        saved.editionSize === null
          ? 'Open edition'
          : editionLine({ editionSize: saved.editionSize, left: saved.left ?? 0 }),
      );
    },
    onError: (err) => setError(reason(err) ?? 'The edition could not be saved.'),
  });
  return (
    <fieldset className="rounded-md border border-slate-200 p-4" aria-describedby={`${id}-state`}>
      <legend className="px-1 text-sm font-medium">Edition</legend>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-kind`} checked={!isLimited} onChange={() => setLimited(false)} />
          Open edition
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-kind`} checked={isLimited} onChange={() => setLimited(true)} />
          Limited edition
        </label>
        {isLimited && (
          <label className="flex min-h-11 items-center gap-2">
            of
            <input
              type="number"
              inputMode="numeric"
              min={MIN_EDITION_SIZE}
              max={MAX_EDITION_SIZE}
              step={1}
              value={shownSize}
              onChange={(e) => setSize(e.target.value)}
              aria-label="Copies in the edition"
              className="min-h-11 w-20 rounded-md border border-slate-300 px-3 tabular-nums"
            />
            copies
          </label>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={save.isPending || !edition}
          onClick={() => save.mutate()}
        >
          {save.isPending ? 'Saving…' : 'Save edition'}
        </button>
      </div>
      <p id={`${id}-state`} className="mt-2 text-sm text-slate-700">
        {!edition
          ? 'Loading the edition…'
          : edition.editionSize === null
            ? `Open edition: no limit on copies${edition.sold ? `, ${edition.sold} numbered` : ''}.`
            : `${editionLine({ editionSize: edition.editionSize, left: edition.left ?? 0 })}: ${edition.sold} sold, ${edition.reserved} held by unpaid orders.`}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
