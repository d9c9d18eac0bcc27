// The Photos tab. Replaced by the media tools being built on their own branch.
export default function PhotosTab() {
  return <p className="max-w-prose text-slate-700">The Photos tab is being built.</p>;
}
