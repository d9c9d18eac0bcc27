/**
 * A control character: C0 (line feed, carriage return and tab among them), DEL, C1, or the Unicode
 * line and paragraph separators. Every customer field is one line: the details go into the order
 * mails, where a line break in a name could forge a line of its own (say `Bcc: someone@example.com`
 * under "Customer:"), and onto the packing slip.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it must find.
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
