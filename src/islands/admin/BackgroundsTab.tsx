// The Backgrounds tab. Replaced by the media tools being built on their own branch.
export default function BackgroundsTab() {
  return <p className="max-w-prose text-slate-700">The Backgrounds tab is being built.</p>;
}
