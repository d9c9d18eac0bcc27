// In-place text editing for the owner, in two states: viewing and editing.
// The owner sees what visitors see: the block is rendered as the same element with the same id and
// classes as the visitors' plain text (components/Editable.astro), and the editor works inside it,
// so the text keeps its font, size and spacing while it is edited. The Edit button floats just above
// the block's right end (where the line before usually stops short) and takes no room. Entering edit copies the current text; Save commits through
// PUT /api/website-content; Cancel or Esc reverts. Single-line: Enter saves; multiline: Enter adds
// a line. Rendered only for the owner. (React reserves `key`, so the block's key is `contentKey`.)
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fillPlaceholders } from '~/lib/content/placeholders';
import { getJson, HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';

type Tag = 'h1' | 'h2' | 'h3' | 'p' | 'div';

interface Props {
  section: string;
  contentKey: string;
  initial: string;
  multiline?: boolean;
  as?: Tag;
  id?: string;
  className?: string;
  /** Shown when the text is empty. */
  placeholder?: string;
  /** What the block is, for the Edit button's accessible name, e.g. "hero title". */
  label?: string;
  /** On a dark band: the Edit button is light. */
  dark?: boolean;
  /** The values of the placeholders the text may hold: shown filled, edited as written. */
  values?: Record<string, string>;
}

/** A multiline block rendered as a div holds one paragraph per blank-line-separated part. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The textarea grows with its text, as the block it stands in for would. */
function fitHeight(field: HTMLTextAreaElement) {
  field.style.height = 'auto';
  field.style.height = `${field.scrollHeight}px`;
}

export default function EditableText({
  section,
  contentKey,
  initial,
  multiline = false,
  as: Tag = 'p',
  id,
  className,
  placeholder = 'Click to edit...',
  label,
  dark = false,
  values,
}: Props) {
  const [text, setText] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const fieldId = useId();
  const name = label ?? `${section} ${contentKey}`;

  // Back from editing, the focus returns to the Edit button (once it is rendered again).
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  // The field opens focused, sized to its text, with the caret at the end.
  const openField = useCallback((field: HTMLTextAreaElement | null) => {
    if (!field) return;
    fitHeight(field);
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const start = () => {
    setDraft(text);
    setEditing(true);
  };
  const cancel = () => {
    setDraft(text);
    setEditing(false);
  };
  const save = async () => {
    setSaving(true);
    try {
      await sendJson('PUT', '/api/website-content', { section, key: contentKey, content: draft });
      // On success the content is re-fetched, so the block shows what was stored.
      const entries = await getJson<{ key: string; content: string }[]>(
        `/api/website-content/${section}`,
      ).catch(() => null);
      setText(entries?.find((e) => e.key === contentKey)?.content ?? draft);
      setEditing(false);
      void notify('success', 'Content updated', 'Your changes have been saved successfully.');
    } catch (err) {
      // The server's own sentence when it refused the text (an unknown placeholder, a bad link).
      const why = err instanceof HttpError && err.serverMessage ? err.serverMessage : 'Please try again.';
      void notify('error', 'Error', `Failed to update content. ${why}`);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (e.key === 'Enter' && !multiline) {
      e.preventDefault();
      void save();
    }
  };

  let content: React.ReactNode;
  if (editing) {
    content = (
      // The field takes the block's font, size and colour (preflight sets font: inherit), and has
      // neither padding nor border, so the text stays where it was.
      <textarea
        id={fieldId}
        ref={openField}
        aria-label={`Edit ${name}`}
        rows={1}
        className="block w-full resize-none overflow-hidden"
        value={draft}
        onChange={(e) => {
          // A single line stays one line, even when text with line breaks is pasted.
          setDraft(multiline ? e.target.value : e.target.value.replace(/\s*\n\s*/g, ' '));
          fitHeight(e.target);
        }}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
      />
    );
  } else if (!text.trim()) {
    // The text's own colour, in italics: a faded placeholder fails contrast on the dark footer.
    content = <span className="italic">{placeholder}</span>;
  } else {
    const shown = values ? fillPlaceholders(text, values) : text;
    content = multiline && Tag === 'div' ? paragraphsOf(shown).map((p) => <p key={p}>{p}</p>) : shown;
  }

  return (
    // A plain block around the text: its margins pass through, and the Edit button is placed on it.
    <div className="relative">
      <Tag id={id} className={className}>
        {content}
      </Tag>
      {editing ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={cancel} disabled={saving}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          ref={editButton}
          type="button"
          onClick={start}
          className={`absolute right-0 bottom-full inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-4 font-sans text-sm font-semibold shadow-sm ${
            dark ? 'bg-white text-ink-900' : 'bg-ink-900 text-white'
          }`}
        >
          Edit<span className="sr-only"> {name}</span>
        </button>
      )}
    </div>
  );
}
