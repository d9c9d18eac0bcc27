// An order's status as a coloured badge: pending yellow, processing blue, shipped green,
// delivered emerald, cancelled red, anything else grey.
const TONES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  processing: 'bg-blue-100 text-blue-900',
  shipped: 'bg-green-100 text-green-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${TONES[status] ?? 'bg-gray-100 text-gray-900'}`}
    >
      {status}
    </span>
  );
}
