// The round controls that the full-screen viewer and its zoom viewer share.

/** Cancels an event's default: right-click and drag on the photos (a hurdle against saving them). */
export const block = (e: { preventDefault: () => void }) => e.preventDefault();

/** A round control on the dark viewer: at least 44 px, as a thumb needs. */
export const ctrl =
  'inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm text-white transition-colors hover:bg-white/15 bg-ink-950/60';

export function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function CloseButton({
  label,
  className,
  onClose,
}: {
  label: string;
  className: string;
  onClose: () => void;
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClose}>
      <Icon>
        <path d="M6 6l12 12M18 6L6 18" />
      </Icon>
    </button>
  );
}
