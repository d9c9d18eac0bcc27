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
  /** The files attached (a multipart message's parts with a file name). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
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

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHead(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { headers, body };
}

/** A part's body as bytes, its transfer encoding undone. */
function bodyBytes(part: Part): Buffer {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(part.body), 'utf8');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s/g, ''), 'base64');
  return Buffer.from(part.body, 'utf8');
}

/** The leaves of a (possibly multipart) message, in order. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leaves(splitHead(p.replace(/^\r?\n/, ''))));
}

export function parseMail(raw: string, file = ''): FiledMail {
  const message = splitHead(raw);
  const { headers } = message;
  const parts = leaves(message);
  const fileName = (p: Part) =>
    /filename="?([^";]+)"?/i.exec(
      `${p.headers.get('content-disposition') ?? ''};${p.headers.get('content-type') ?? ''}`,
    )?.[1];
  const textPart = parts.find(
    (p) => !fileName(p) && /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain'),
  );
  const text = textPart ? decodeTextPart(textPart) : '';
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
    attachments: parts
      .filter((p) => fileName(p))
      .map((p) => ({
        filename: fileName(p) ?? '',
        contentType: (p.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '',
        content: bodyBytes(p),
      })),
  };
}

function decodeTextPart(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  return part.body;
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
