// How a VAT invoice and a credit note are numbered on the page: their kind's prefix and the number
// of the document in its own sequence, six digits at least ("INV-000042", "CN-000003").

export type DocumentKind = 'invoice' | 'credit_note';

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** The number of a document as printed and mailed: "INV-000042", "CN-000003". */
export function documentNumber(kind: DocumentKind, n: number): string {
  return `${PREFIX[kind]}-${String(n).padStart(6, '0')}`;
}
