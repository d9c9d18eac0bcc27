// The Profile tab: the business details (the trader the site names), the bio picture shown in the
// about section with its upload (JPG, PNG or GIF, at most 5 MB, best square and at least 400x400),
// the owner's e-mail and name as the sign-in account holds them (read only), and the password change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import Uploader, { type UploadedObject } from '~/islands/media/Uploader';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import type { BioPictureInput } from '~/lib/profile/schemas';
import { BusinessDetailsForm } from './BusinessDetailsForm';
import PasswordForm from './PasswordForm';
import { ProfilePicture } from './ProfilePicture';

interface Profile {
  bioPictureUrl: string | null;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
}

const PROFILE = '/api/admin/profile';
const NOT_PROVIDED = 'Not provided';

export default function ProfileTab() {
  const client = useQueryClient();
  const { data, isError, isPending } = useQuery({
    queryKey: [PROFILE],
    queryFn: () => read<Profile>(PROFILE),
  });
  const [uploaderKey, setUploaderKey] = useState(0);

  const save = useMutation({
    mutationFn: (body: BioPictureInput) =>
      send<{ bioPictureUrl: string }>('PUT', '/api/admin/bio-picture', body),
    onSuccess: (saved) => {
      notify('success', 'Bio picture updated successfully');
      client.setQueryData<Profile>([PROFILE], (p) => (p ? { ...p, bioPictureUrl: saved.bioPictureUrl } : p));
      setUploaderKey((k) => k + 1);
    },
    onError: (err) => notify('error', 'Failed to update bio picture', reason(err)),
  });
  const onUploaded = useCallback(
    (obj: UploadedObject) => save.mutate({ bioPictureURL: obj.url }),
    [save.mutate],
  );

  if (isError) return <p role="alert">The profile could not be loaded. Please reload the page.</p>;
  const name = [data?.firstName, data?.lastName].filter(Boolean).join(' ');

  return (
    <div className="space-y-12">
      <BusinessDetailsForm />

      <section aria-labelledby="bio-picture-h">
        <h2 id="bio-picture-h" className="text-xl font-semibold">
          Bio Picture
        </h2>
        <p className="mt-1 max-w-prose text-slate-600">
          Shown beside your story in the about section of the home page.
        </p>
        <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
          <div>
            <h3 className="text-sm font-medium text-slate-700">Current bio picture</h3>
            <ProfilePicture url={data?.bioPictureUrl ?? null} loading={isPending} />
          </div>
          <div>
            <h3 className="text-sm font-medium text-slate-700">Upload a new bio picture</h3>
            <div className="mt-3">
              <Uploader key={uploaderKey} purpose="bio-picture" onUploaded={onUploaded} height={280} />
            </div>
            {save.isPending && (
              <p className="mt-2 text-sm text-slate-700" role="status">
                Saving the bio picture…
              </p>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="account-h">
        <h2 id="account-h" className="text-xl font-semibold">
          Account
        </h2>
        <p className="mt-1 max-w-prose text-slate-600">As your sign-in account holds them.</p>
        <dl className="mt-4 grid max-w-xl gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-[8rem_1fr]">
          <dt className="text-sm font-medium text-slate-700">Email</dt>
          <dd className="break-all">{isPending ? '…' : data?.email || NOT_PROVIDED}</dd>
          <dt className="text-sm font-medium text-slate-700">Name</dt>
          <dd>{isPending ? '…' : name || NOT_PROVIDED}</dd>
        </dl>
      </section>

      <PasswordForm />
    </div>
  );
}
