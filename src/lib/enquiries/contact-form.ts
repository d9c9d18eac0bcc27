// The contact form's states: idle, submitting ('Sending...', disabled), success (form
// reset and the success toast) or failure (the error toast). The form is plain HTML that also
// posts without JavaScript; this script only takes over the submit. Toasts load on first use.
import { HttpError, sendJson } from '~/lib/platform/client/api';

const SUCCESS = [
  'Message Sent',
  "Thank you for your inquiry. I'll get back to you within 24 hours.",
] as const;
const FAILURE = ['Error', 'Failed to send message. Please try again.'] as const;

async function toast(kind: 'success' | 'error', title: string, text: string): Promise<void> {
  const { notify } = await import('~/lib/platform/client/toaster');
  await notify(kind, title, text);
}

export function bindContactForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const problem = form.querySelector<HTMLElement>('[data-form-error]');
  const idleLabel = button?.textContent ?? 'Send Message';
  let busy = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const body = Object.fromEntries(new FormData(form));
    if (button) {
      button.disabled = true;
      button.textContent = 'Sending...';
    }
    form.setAttribute('aria-busy', 'true');
    if (problem) problem.textContent = '';
    try {
      await sendJson('POST', '/api/contact', body);
      form.reset();
      void toast('success', ...SUCCESS);
    } catch (err) {
      // The server's reason (bad input, too many messages) helps more than a generic line.
      if (problem && err instanceof HttpError && err.status < 500 && err.serverMessage) {
        problem.textContent = err.serverMessage;
      }
      void toast('error', ...FAILURE);
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
