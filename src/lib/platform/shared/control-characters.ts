/**
 * A control character: C0 (line feed, carriage return and tab among them), DEL, C1, or the Unicode
 * line and paragraph separators. Every customer field is one line: the details go into the order
 * mails, where a line break in a name could forge a line of its own (say `Bcc: someone@example.com`
 * under "Customer:"), and onto the packing slip.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it must find.
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

/** The refusal of a field holding a control character, for a person who pasted one unseen. */
export const oneLineMessage = (label: string) =>
  `${label} must be one line of text, without line breaks, tabs or invisible characters`;

/** Control characters (C0, DEL, C1), whitespace and invisible marks: browsers drop some inside URLs. */
export function hasControlOrSpace(s: string): boolean {
  return /[\s\u200b-\u200f\u2060\ufeff]/.test(s) || hasControlCharacter(s);
}
