// The buttons under a form that sets a secret key the site keeps encrypted (the print lab's, Stripe's):
// save (which checks the key first), and remove, offered only for a key set in the admin, since a
// key from the environment can only be changed there.
interface Props {
  saveLabel: string;
  removeLabel: string;
  saving: boolean;
  removing: boolean;
  /** The key was set in the admin, not in the environment. */
  removable: boolean;
  onRemove: () => void;
}

export function KeyFormActions({ saveLabel, removeLabel, saving, removing, removable, onRemove }: Props) {
  return (
    <div className="flex gap-2">
      <button type="submit" className="btn btn-secondary min-h-11" disabled={saving}>
        {saving ? 'Checking…' : saveLabel}
      </button>
      {removable && (
        <button type="button" className="btn btn-secondary min-h-11" disabled={removing} onClick={onRemove}>
          {removeLabel}
        </button>
      )}
    </div>
  );
}
