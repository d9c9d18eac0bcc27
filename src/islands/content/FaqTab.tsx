// The FAQ tab: the questions and answers at the end of the home page, in their order. The owner
// adds, removes and reorders them (Move up and Move down, from the keyboard too; each move is
// announced), and writes facts that follow the settings as placeholders, listed here with what each
// reads now. The whole list is checked with the endpoint's own schema and saved with one call; a
// refused list stays in the form, and the saved one on the site.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  FAQ_ANSWER_MAX,
  FAQ_MAX_ENTRIES,
  FAQ_QUESTION_MAX,
  type FaqData,
  type FaqEntry,
  type FaqInput,
  faqSchema,
} from '~/lib/content/faq';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';

interface FaqList {
  entries: FaqEntry[];
  placeholders: { name: string; meaning: string; value: string }[];
}

const FAQ = '/api/admin/faq';
const field = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

function Placeholders({ list }: { list: FaqList['placeholders'] }) {
  return (
    <details className="mt-4 max-w-prose rounded-md border border-slate-200 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold">
        Placeholders: facts that follow your settings
      </summary>
      <p className="mt-2 text-slate-700">
        Write one of these, braces included, in a question or an answer; visitors read what it stands for
        today, so the text never contradicts your prices.
      </p>
      <dl className="mt-3 space-y-3">
        {list.map((p) => (
          <div key={p.name}>
            <dt>
              <code className="rounded bg-mist-100 px-1 font-semibold break-all">{`{${p.name}}`}</code>:{' '}
              {p.meaning}
            </dt>
            <dd className="mt-0.5 text-slate-600">Reads now: {p.value ? `“${p.value}”` : '(nothing)'}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function FaqForm({ saved, placeholders }: { saved: FaqEntry[]; placeholders: FaqList['placeholders'] }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<FaqInput, unknown, FaqData>({
    resolver: zodResolver(faqSchema),
    defaultValues: { entries: saved },
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'entries' });
  const entries = watch('entries');
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    document.getElementById(target)?.focus();
  });

  const nameOf = (i: number) => entries[i]?.question.trim() || `question ${i + 1}`;
  const moveTo = (from: number, to: number) => {
    const id = fields[from]?.id;
    setAnnouncement(`${nameOf(from)} moved to position ${to + 1} of ${fields.length}.`);
    move(from, to);
    // The focus stays on the button that moved the question, unless it is now disabled.
    const direction = to < from ? 'up' : 'down';
    const stuck = (direction === 'up' && to === 0) || (direction === 'down' && to === fields.length - 1);
    focusAfter.current = `faq-${stuck ? (direction === 'up' ? 'down' : 'up') : direction}-${id}`;
  };
  const removeAt = (i: number) => {
    setAnnouncement(`${nameOf(i)} removed. Save to take it off the site.`);
    const next = fields[i + 1] ?? fields[i - 1];
    focusAfter.current = next ? `faq-q-${next.id}` : 'faq-add';
    remove(i);
  };
  const add = () => {
    append({ question: '', answer: '' }, { shouldFocus: true });
    setAnnouncement(`Question ${fields.length + 1} added at the end.`);
  };

  const save = useMutation({
    mutationFn: (body: FaqData) => send<FaqList>('PUT', FAQ, body),
    onSuccess: (answer) => {
      setFailure('');
      client.setQueryData([FAQ], answer);
      reset({ entries: answer.entries });
      notify('success', 'Questions saved', 'The home page shows them now.');
    },
    onError: (err) => {
      const why = reason(err) ?? 'Please try again.';
      setFailure(why);
      notify('error', 'The questions were not saved', why);
    },
  });

  const listError = errors.entries?.message ?? errors.entries?.root?.message;
  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="mt-4 space-y-4">
      <Placeholders list={placeholders} />
      <ol className="space-y-4">
        {fields.map((item, i) => {
          const qError = errors.entries?.[i]?.question?.message;
          const aError = errors.entries?.[i]?.answer?.message;
          return (
            <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <label htmlFor={`faq-q-${item.id}`} className="block text-sm font-medium">
                Question {i + 1}
              </label>
              <input
                id={`faq-q-${item.id}`}
                className={`${field} min-h-11`}
                maxLength={FAQ_QUESTION_MAX * 2}
                aria-invalid={Boolean(qError)}
                aria-describedby={qError ? `faq-q-${item.id}-error` : undefined}
                {...register(`entries.${i}.question`)}
              />
              {qError && (
                <p id={`faq-q-${item.id}-error`} className="mt-1 text-sm text-red-700">
                  {qError}
                </p>
              )}
              <label htmlFor={`faq-a-${item.id}`} className="mt-3 block text-sm font-medium">
                Answer {i + 1}
              </label>
              <textarea
                id={`faq-a-${item.id}`}
                rows={4}
                className={field}
                aria-invalid={Boolean(aError)}
                aria-describedby={aError ? `faq-a-${item.id}-error` : undefined}
                {...register(`entries.${i}.answer`)}
              />
              {aError && (
                <p id={`faq-a-${item.id}-error`} className="mt-1 text-sm text-red-700">
                  {aError}
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  id={`faq-up-${item.id}`}
                  className="btn btn-secondary px-3 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                  disabled={i === 0}
                  onClick={() => moveTo(i, i - 1)}
                  aria-label={`Move up: ${nameOf(i)}`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  id={`faq-down-${item.id}`}
                  className="btn btn-secondary px-3 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                  disabled={i === fields.length - 1}
                  onClick={() => moveTo(i, i + 1)}
                  aria-label={`Move down: ${nameOf(i)}`}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="btn btn-secondary px-3 text-sm text-red-800"
                  onClick={() => removeAt(i)}
                  aria-label={`Remove: ${nameOf(i)}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {fields.length === 0 && (
        <p className="text-slate-700">No questions: the home page shows no FAQ section.</p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <button
        type="button"
        id="faq-add"
        className="btn btn-secondary disabled:cursor-not-allowed disabled:opacity-40"
        disabled={fields.length >= FAQ_MAX_ENTRIES}
        onClick={add}
      >
        Add a question
      </button>
      <p className="text-sm text-slate-600">
        Up to {FAQ_MAX_ENTRIES} questions; a question holds up to {FAQ_QUESTION_MAX} characters and an answer
        up to {FAQ_ANSWER_MAX}, as one paragraph.
      </p>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          Not saved: {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        <button type="submit" className="btn btn-primary disabled:opacity-60" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save questions'}
        </button>
        {isDirty && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setFailure('');
              reset({ entries: saved });
            }}
          >
            Undo changes
          </button>
        )}
      </div>
    </form>
  );
}

export default function FaqTab() {
  const { data, isError, isPending } = useQuery({ queryKey: [FAQ], queryFn: () => read<FaqList>(FAQ) });
  return (
    <section aria-labelledby="faq-h">
      <h2 id="faq-h" className="text-xl font-semibold">
        Frequently asked questions
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        Shown at the end of the home page, in this order, each opening on its own.
      </p>
      {isPending && <p aria-busy="true">Loading…</p>}
      {isError && <p role="alert">The questions could not be loaded. Reload the page to try again.</p>}
      {data && <FaqForm saved={data.entries} placeholders={data.placeholders} />}
    </section>
  );
}
