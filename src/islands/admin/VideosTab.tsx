// The Videos tab. Replaced by the media tools being built on their own branch.
export default function VideosTab() {
  return <p className="max-w-prose text-slate-700">The Videos tab is being built.</p>;
}
