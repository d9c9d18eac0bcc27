// The Profile tab. Replaced by the media tools being built on their own branch.
export default function ProfileTab() {
  return <p className="max-w-prose text-slate-700">The Profile tab is being built.</p>;
}
