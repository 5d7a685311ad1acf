import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedEmail {
  to: string[];
  /** The raw message with quoted-printable soft breaks undone, so links can be read. */
  raw: string;
  subject: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedEmail[];
  /** Resolves with the next message sent to this address. */
  nextFor(address: string, timeoutMs?: number): Promise<CapturedEmail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server in the test process: the app sends through nodemailer, tests read what arrived. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedEmail[] = [];
  const waiters: { address: string; resolve: (email: CapturedEmail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        const email: CapturedEmail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        };
        messages.push(email);
        for (const waiter of [...waiters]) {
          if (email.to.includes(waiter.address.toLowerCase())) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(email);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextFor(address, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no e-mail for ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          address,
          resolve: (email) => {
            clearTimeout(timer);
            resolve(email);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
