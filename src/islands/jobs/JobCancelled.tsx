// A cancelled job in the Jobs tab: when, what was refunded, the reason, and a link to each credit
// note issued for the refund (the owner's PDF).
import { type CancellationView, ownerCancelWords } from '~/lib/jobs/job-cancel-rules';
import { quotePath } from './quotes-api';

const PART = { deposit: 'the deposit', balance: 'the balance' } as const;

export function JobCancelled({ quoteId, cancellation }: { quoteId: string; cancellation: CancellationView }) {
  return (
    <div className="mt-1 text-sm">
      <p className="font-medium text-slate-900">{ownerCancelWords(cancellation)}</p>
      <p className="text-slate-700 break-words">Reason: {cancellation.reason}</p>
      {cancellation.creditNotes.map((n) => (
        <p key={n.number}>
          <a
            className="underline"
            href={`${quotePath(quoteId)}/credit-note?part=${n.part}`}
            target="_blank"
            rel="noopener"
          >
            Credit note {n.number} for {PART[n.part]} (PDF)
          </a>
        </p>
      ))}
    </div>
  );
}
