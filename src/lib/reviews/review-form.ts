// The review page's forms (pages/review/[token].astro): each is plain HTML that also posts without
// JavaScript; this takes over the submit. It checks the fields with the endpoint's own schema
// (lib/reviews/review-schema.ts) and says what is missing beside each field, then sends the review as
// JSON. A sent review's form gives way to a thank-you; a refusal (the print reviewed already, the
// link no longer valid, too many reviews) is said in the server's words.
import * as z from 'zod/mini';
import { HttpError, sendJson } from '~/lib/platform/client/api';
import { REVIEW_FIELDS, reviewSchema } from '~/lib/reviews/review-schema';

const THANKS = 'Thank you! Your review will appear on the site once the photographer has read it.';

function showErrors(form: HTMLFormElement, errors: Map<string, string>): void {
  for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    const field = slot.dataset.errorFor ?? '';
    const message = errors.get(field) ?? '';
    slot.textContent = message;
    slot.hidden = message === '';
    for (const input of form.querySelectorAll<HTMLElement>(`[name="${field}"]`)) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  }
}

/** The first message of each field whose value breaks the schema. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): Map<string, string> {
  const errors = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  return errors;
}

export function bindReviewForm(form: HTMLFormElement): void {
  // The schema's messages replace the browser's own bubbles.
  form.noValidate = true;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const problem = form.querySelector<HTMLElement>('[data-form-error]');
  const idleLabel = button?.textContent ?? 'Send review';
  let busy = false;

  // A field's message goes as soon as the field is changed.
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
    if (!slot || slot.hidden) return;
    slot.hidden = true;
    slot.textContent = '';
    for (const input of form.querySelectorAll(`[name="${name}"]`)) input.removeAttribute('aria-invalid');
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const body = Object.fromEntries(REVIEW_FIELDS.map((name) => [name, data.get(name) ?? undefined]));
    const parsed = z.safeParse(reviewSchema, body);
    if (problem) problem.textContent = '';
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      showErrors(form, errors);
      const first = REVIEW_FIELDS.find((f) => errors.has(f));
      // A broken link (token, print) has no field of its own: it is said under the form.
      if (problem && (errors.has('token') || errors.has('photoId'))) {
        problem.textContent = errors.get('token') ?? errors.get('photoId') ?? '';
      }
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    showErrors(form, new Map());
    busy = true;
    form.setAttribute('aria-busy', 'true');
    if (button) {
      button.disabled = true;
      button.textContent = 'Sending…';
    }
    try {
      await sendJson('POST', '/api/reviews', parsed.data);
      const thanks = document.createElement('p');
      thanks.setAttribute('role', 'status');
      thanks.tabIndex = -1;
      thanks.className = 'mt-4 text-ink-900';
      thanks.textContent = THANKS;
      form.replaceChildren(...[form.querySelector('h2'), thanks].filter((n) => n !== null));
      thanks.focus();
    } catch (err) {
      if (problem) {
        problem.textContent =
          err instanceof HttpError && err.status < 500 && err.serverMessage
            ? err.serverMessage
            : 'Your review could not be sent. Please try again in a moment.';
      }
    } finally {
      busy = false;
      form.removeAttribute('aria-busy');
      if (button) {
        button.disabled = false;
        button.textContent = idleLabel;
      }
    }
  });
}

export function bindReviewForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-review-form]')) bindReviewForm(form);
}
