// A dashboard card, shown only when some mail could not be delivered: for each, who it was for,
// its subject, when it was written and the mail server's reason, with 'Send again'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedMail } from '~/lib/admin/schemas';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';

const FAILED_MAIL_PATH = '/api/admin/mail/failed';
const when = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

export function MailFailuresCard() {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: [FAILED_MAIL_PATH],
    queryFn: () => read<{ mails: FailedMail[] }>(FAILED_MAIL_PATH),
  });
  const retry = useMutation({
    mutationFn: (mail: FailedMail) => send('POST', `/api/admin/mail/${encodeURIComponent(mail.id)}/retry`),
    onSuccess: (_r, mail) => {
      notify('success', 'Mail queued again', `The mail to ${mail.to} will be sent in a moment.`);
      client.invalidateQueries({ queryKey: [FAILED_MAIL_PATH] });
    },
    onError: (err) => notify('error', 'Error', reason(err) ?? 'The mail could not be queued again.'),
  });
  const mails = data?.mails ?? [];
  if (mails.length === 0) return null;
  return (
    <section className="mt-8 rounded-lg border border-red-200 bg-white p-6" aria-labelledby="mail-failures-h">
      <h3 id="mail-failures-h" className="text-lg font-semibold">
        Mails not delivered
      </h3>
      <p className="mt-2 text-slate-600">
        These mails could not be delivered. Check the address or the mail settings, then send them again.
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {mails.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1 basis-64">
              <p className="font-medium break-words">{m.subject}</p>
              <p className="text-sm text-slate-700 break-words">
                To {m.to} · <time dateTime={m.queuedAt}>{when.format(new Date(m.queuedAt))}</time>
              </p>
              <p className="text-sm text-red-800 break-words">{m.reason}</p>
            </div>
            <button
              type="button"
              className="btn btn-secondary min-h-11"
              disabled={retry.isPending}
              onClick={() => retry.mutate(m)}
              aria-label={`Send again: ${m.subject} to ${m.to}`}
            >
              Send again
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
