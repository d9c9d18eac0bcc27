// What someone typed, made safe to write into a plain-text mail. The forms already refuse line
// breaks and other control characters in one-line fields (lib/checkout/customer.ts); this is the
// second line of defence, for rows stored before that rule and for any text that reaches a mail by
// another way: a name or an address can then never put a line of its own into a mail, such as a
// `Bcc: someone@example.com` under "Customer:".
import { CONTROL_CHARACTER } from '~/lib/platform/shared/control-characters';

/** Runs of control characters: C0 (CR, LF, TAB), DEL, C1, and the Unicode line and paragraph separators. */
const CONTROLS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');
/** The ways text may break a line. */
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;

/** One line: every run of control characters (line breaks included) becomes one space. */
export function mailLine(text: string | null | undefined): string {
  return (text ?? '').replace(CONTROLS, ' ').trim();
}

/**
 * Text of several lines (a delivery address, the message of an enquiry), each line cleaned as
 * mailLine does and started with `indent`: indented, the lines of an address stay inside its block
 * even when a stored address carries a line it should not.
 */
export function mailBlock(text: string | null | undefined, indent = ''): string {
  return (text ?? '')
    .split(LINE_BREAK)
    .map((line) => `${indent}${line.replace(CONTROLS, ' ').trimEnd()}`)
    .join('\n');
}
