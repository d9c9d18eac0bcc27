// A real SMTP server for tests (the smtp-server package) on 127.0.0.1: it keeps every message it
// accepts, and refuses with 550 the recipients a test names. It can be stopped and started again on
// the same port, to play a mail server that is down and then back.
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  messageId: string | undefined;
  subject: string | undefined;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Recipients answered `550 5.1.1 <address>: no such mailbox here`. */
  refuse: Set<string>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now (the system picks it, then it is released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** An SMTP server on a port of its own; not listening until `start()`. */
export async function testSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let server: SMTPServer | undefined;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    start: () =>
      new Promise((resolve, reject) => {
        server = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS', 'AUTH'],
          logger: false,
          onRcptTo(address, _session, callback) {
            if (!refuse.has(address.address)) return callback();
            const err = Object.assign(new Error(`5.1.1 <${address.address}>: no such mailbox here`), {
              responseCode: 550,
            });
            callback(err);
          },
          onData(stream, session, callback) {
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => {
              const raw = Buffer.concat(chunks).toString('utf8');
              received.push({
                to: session.envelope.rcptTo.map((r) => r.address),
                raw,
                messageId: header(raw, 'Message-ID'),
                subject: header(raw, 'Subject'),
              });
              callback();
            });
          },
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}
