// In-place text editing for the owner, in two states: viewing and editing.
// Entering edit copies the current text; Save commits through PUT /api/website-content; Cancel or
// Esc reverts. Single-line: Enter saves; multiline: Enter adds a line. Rendered only for the owner:
// visitors get plain server-rendered text. (React reserves `key`, so the block's key is `contentKey`.)
import { useId, useRef, useState } from 'react';
import { getJson, sendJson } from '~/lib/client/api';
import { notify } from '~/lib/client/toaster';

type Tag = 'h1' | 'h2' | 'h3' | 'p' | 'div' | 'span';

interface Props {
  section: string;
  contentKey: string;
  initial: string;
  multiline?: boolean;
  as?: Tag;
  class?: string;
  /** Shown when the text is empty. */
  placeholder?: string;
  /** What the block is, for the Edit button's accessible name, e.g. "hero title". */
  label?: string;
  /** Dark background: the controls use light colours. */
  dark?: boolean;
}

export default function EditableText({
  section,
  contentKey,
  initial,
  multiline = false,
  as: Tag = 'p',
  class: className,
  placeholder = 'Click to edit...',
  label,
  dark = false,
}: Props) {
  const [text, setText] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const name = label ?? `${section} ${contentKey}`;

  const start = () => {
    setDraft(text);
    setEditing(true);
  };
  const cancel = () => {
    setDraft(text);
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
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
      requestAnimationFrame(() => editButton.current?.focus());
      void notify('success', 'Content updated', 'Your changes have been saved successfully.');
    } catch {
      void notify('error', 'Error', 'Failed to update content. Please try again.');
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

  const btn = dark
    ? 'rounded-md border border-white/60 px-3 py-1.5 text-sm text-white hover:bg-white/10 disabled:opacity-60'
    : 'rounded-md border border-ink-700 px-3 py-1.5 text-sm text-ink-900 hover:bg-mist-100 disabled:opacity-60';
  const field = 'w-full rounded-md border border-ink-600 bg-white p-2 font-[inherit] text-ink-950';

  if (editing) {
    return (
      <div className={className}>
        <label htmlFor={id} className="sr-only">
          Edit {name}
        </label>
        {multiline ? (
          <textarea
            id={id}
            className={`${field} min-h-40 text-base`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            // biome-ignore lint/a11y/noAutofocus: the owner just asked to edit this block
            autoFocus
          />
        ) : (
          <input
            id={id}
            className={field}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            // biome-ignore lint/a11y/noAutofocus: the owner just asked to edit this block
            autoFocus
          />
        )}
        <div className="mt-2 flex gap-2 font-sans text-base">
          <button type="button" className={btn} onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className={btn} onClick={cancel} disabled={saving}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  const paragraphs = multiline ? text.split(/\n{2,}/).filter((p) => p.trim()) : [];
  return (
    <div className="group relative">
      {multiline && Tag !== 'h1' && Tag !== 'h2' && Tag !== 'h3' ? (
        <div className={className}>
          {paragraphs.length ? (
            paragraphs.map((p) => <p key={p}>{p}</p>)
          ) : (
            <p className="opacity-70">{placeholder}</p>
          )}
        </div>
      ) : (
        <Tag className={className}>{text || <span className="opacity-70">{placeholder}</span>}</Tag>
      )}
      <button ref={editButton} type="button" onClick={start} className={`${btn} mt-2 font-sans`}>
        Edit<span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}
