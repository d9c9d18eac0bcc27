// What is wrong with a field of the Products tab's cards, said under it (and read out at once).
export function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <span id={id} role="alert" className="mt-1 block text-sm text-red-800">
      {text}
    </span>
  );
}
