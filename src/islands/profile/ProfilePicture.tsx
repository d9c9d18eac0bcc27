// The current bio picture in the Profile tab, with the about section's states: a skeleton while it
// loads, 'No profile photo set' when there is none, 'Unable to load profile photo' when it fails.
import { useState } from 'react';

const box = 'mt-3 aspect-square w-full max-w-64 overflow-hidden rounded-md bg-slate-100';

export function ProfilePicture({ url, loading }: { url: string | null; loading: boolean }) {
  const [state, setState] = useState<{ url: string | null; status: 'loading' | 'loaded' | 'error' }>({
    url,
    status: 'loading',
  });
  const status = state.url === url ? state.status : 'loading';
  if (loading) return <div className={`${box} animate-pulse`} aria-hidden="true" />;
  if (!url) {
    return (
      <div className={`${box} flex items-center justify-center p-4 text-center text-sm text-slate-700`}>
        No profile photo set
      </div>
    );
  }
  return (
    <div className={`${box} relative`}>
      {status === 'loading' && (
        <div className="absolute inset-0 animate-pulse bg-slate-200" aria-hidden="true" />
      )}
      {status === 'error' ? (
        <div className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-700">
          Unable to load profile photo
        </div>
      ) : (
        <img
          src={url}
          alt="Your current bio portrait"
          className="relative h-full w-full object-cover"
          onLoad={() => setState({ url, status: 'loaded' })}
          onError={() => setState({ url, status: 'error' })}
        />
      )}
    </div>
  );
}
