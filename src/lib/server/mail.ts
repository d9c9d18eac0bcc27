// Outgoing mail. With SMTP_URL set, nodemailer sends it; without, each message is written to
// DATA_DIR/outbox/ as an .eml file (so no outside service is needed to run the site).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from './config';
import { registerInstance } from './instances';

registerInstance('mail transport', import.meta.url);

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Header values never carry a line break: no header injection through a name or subject. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

let transport: Transporter | null = null;

function smtp(url: string): Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

export function outboxDir(): string {
  return join(getConfig().dataDir, 'outbox');
}

/** Sends a message, or files it in the outbox. Returns where it went. */
export async function sendMail(mail: Mail): Promise<{ delivered: 'smtp' | 'outbox'; id: string }> {
  const config = getConfig();
  const message = {
    from: headerSafe(config.mail.from),
    to: headerSafe(mail.to),
    subject: headerSafe(mail.subject),
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo ? headerSafe(mail.replyTo) : undefined,
  };
  if (config.mail.smtpUrl) {
    const info = await smtp(config.mail.smtpUrl).sendMail(message);
    return { delivered: 'smtp', id: String(info.messageId) };
  }
  // nodemailer's stream transport builds the real RFC 822 message without sending it.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const dir = outboxDir();
  mkdirSync(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}`;
  writeFileSync(join(dir, `${id}.eml`), built.message as Buffer);
  return { delivered: 'outbox', id };
}
