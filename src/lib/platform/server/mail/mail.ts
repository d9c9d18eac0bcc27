// The mail transport: how one message leaves the site. With SMTP_URL set, nodemailer hands it to
// that server; without, it is written to DATA_DIR/outbox/ as an .eml file (so no outside service is
// needed to run the site). Nothing calls this directly but the mail sender (mail-sender.ts): every
// mail is first queued in the database (mail-queue.ts) in the transaction of what caused it.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from '../config';
import { registerInstance } from '../instances';
import { mailLine } from './mail-text';

registerInstance('mail transport', import.meta.url);

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
  /**
   * The name of a document to attach ("invoice:<id>"), or several, rendered when the mail leaves by
   * the sender's `attachment` option (mail-sender.ts). Stored in one column, one name per line.
   */
  attachment?: string | readonly string[] | null;
}

/** The attachment names as the outbox stores them: one per line; null for none. */
export function storedAttachmentNames(attachment: Mail['attachment']): string | null {
  const names = typeof attachment === 'string' ? [attachment] : (attachment ?? []);
  return names.length ? names.join('\n') : null;
}

/** A file attached to a mail as it leaves. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A mail as the transport sends it: with the Message-ID it keeps for every attempt. */
export interface OutgoingMail extends Mail {
  messageId: string;
  /** The From header's display name, in place of the configured one (MAIL_FROM's address is kept). */
  fromName?: string;
  /** When it was queued: the outbox files are named by it, so they sort in the order of events. */
  queuedAt: Date;
  /** The files attached, rendered from `attachment`. */
  attachments?: MailAttachment[];
}

export type MailTransport = (mail: OutgoingMail) => Promise<void>;

/** Header values never carry a line break nor other control character: no header injection through a name or subject. */
export const headerSafe = (value: string): string => mailLine(value);

export function outboxDir(): string {
  return join(getConfig().dataDir, 'outbox');
}

/** A refusal the mail server will give again for the same message (a 5xx reply to the recipient or the message). */
export class PermanentMailError extends Error {
  readonly code = 'MAIL_REFUSED';
}

export function isPermanentMailError(err: unknown): err is PermanentMailError {
  return (err as { code?: unknown } | null)?.code === 'MAIL_REFUSED';
}

/** The address of a From header as configured: "Name <shop@example.ie>" or a bare address. */
const addressOf = (from: string): string => /<([^>]*)>/.exec(from)?.[1]?.trim() ?? from.trim();

function message(from: string, mail: OutgoingMail) {
  const name = mail.fromName ? headerSafe(mail.fromName) : '';
  return {
    // nodemailer quotes and encodes the name as the header needs.
    from: name ? { name, address: headerSafe(addressOf(from)) } : headerSafe(from),
    to: headerSafe(mail.to),
    subject: headerSafe(mail.subject),
    text: mail.text,
    replyTo: mail.replyTo ? headerSafe(mail.replyTo) : undefined,
    messageId: mail.messageId,
    date: mail.queuedAt,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

interface SmtpError {
  code?: string;
  permanent?: boolean;
  response?: string;
}

/** A transport that hands each mail to the SMTP server at `url`. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(url);
  return async (mail) => {
    try {
      await transporter.sendMail(message(from, mail));
    } catch (err) {
      const e = err as SmtpError;
      // nodemailer marks 5xx replies (but 503) as permanent; a refused recipient or message is final,
      // anything else (no connection, a 4xx, a failed sign-in to the server) is tried again later.
      if (e.permanent && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')) {
        throw new PermanentMailError(e.response ?? String(err));
      }
      throw err;
    }
  };
}

/** A transport that files each mail in `dir`, named by when it was queued and its queue id. */
export function outboxTransport(dir: string, from: string): MailTransport {
  // nodemailer's stream transport builds the real RFC 822 message without sending it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return async (mail) => {
    const built = await builder.sendMail(message(from, mail));
    const stamp = mail.queuedAt.toISOString().replace(/[:.]/g, '-');
    const key = mail.messageId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 36);
    // Written off the event loop: creating a file in a folder of thousands took a few percent of
    // the server's time while buyers were paying. The same queued mail written twice (a retry
    // after a crash) replaces its file. Written under another name and renamed, so that whoever
    // reads the folder never finds a mail half written.
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${stamp}-${key}.eml`);
    await writeFile(`${file}.part`, built.message as Buffer);
    await rename(`${file}.part`, file);
  };
}

let configured: { key: string; transport: MailTransport } | undefined;

/** The transport the configuration asks for: SMTP_URL, or the outbox folder. */
export function configuredTransport(): MailTransport {
  const { mail, dataDir } = getConfig();
  const key = `${mail.smtpUrl ?? ''}|${dataDir}|${mail.from}`;
  if (configured?.key !== key) {
    const transport = mail.smtpUrl
      ? smtpTransport(mail.smtpUrl, mail.from)
      : outboxTransport(join(dataDir, 'outbox'), mail.from);
    configured = { key, transport };
  }
  return configured.transport;
}
