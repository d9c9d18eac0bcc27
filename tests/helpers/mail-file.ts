// One mail as the site files it in DATA_DIR/outbox/ (no SMTP set), read back as plain fields:
// encoded headers and quoted-printable or base64 bodies are decoded, so a test compares the words
// sent. Apart from outbox.ts, which waits with vitest's expect, so that browser tests can read mails too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FiledMail {
  file: string;
  to: string;
  from: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
}

/** Quoted-printable text (ASCII on the wire) back to the UTF-8 it encodes. */
function decodeQuotedPrintable(s: string): string {
  const flat = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < flat.length; i++) {
    const hex = flat.slice(i + 1, i + 3);
    if (flat[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(flat.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export function parseMail(raw: string, file = ''): FiledMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  const header = (name: string) => {
    const v = headers.get(name);
    return v === undefined ? undefined : decodeHeader(v);
  };
  return {
    file,
    to: header('to') ?? '',
    from: header('from') ?? '',
    replyTo: header('reply-to'),
    subject: header('subject') ?? '',
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}

/** The mails filed for `to` in the outbox of the site whose data folder is `dataDir`. */
export function mailsFiledTo(dataDir: string, to: string): ReturnType<typeof parseMail>[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((f) => parseMail(readFileSync(join(dir, f), 'utf8'), f)).filter((m) => m.to === to);
}
