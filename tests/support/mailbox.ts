import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AppConfig } from '../../src/server/config';
import { startTestApp, type TestApp } from './app';

/**
 * A real SMTP server in the test's own process (smtp-server): the service delivers to it over TCP
 * as it would to any relay, and tests read what arrived — parsed, with the links in its text.
 */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text part, in order. */
  links: string[];
}

export interface Mailbox {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first mail to `to` (optionally matching the subject) not taken before; fails after `timeoutMs`. */
  next(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const to of recipients) {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to,
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
            });
          }
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    next(to, subject, timeoutMs = 10_000) {
      const find = () => messages.find((m) => !taken.has(m) && m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          taken.add(found);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms; got: ${messages.map((m) => `${m.to} "${m.subject}"`).join(', ') || 'nothing'}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `token` query parameter of the first link in a mail that goes to `path`. */
export function tokenFrom(mail: ReceivedMail, path: string): string {
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === path);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
  return token;
}

/**
 * A test app whose mail goes over SMTP to a mailbox in this process (no dev outbox), as a deployment
 * with SMTP_URL set sends it. Close both when done.
 */
export async function startAppWithMailbox(config: Partial<AppConfig> = {}): Promise<{ t: TestApp; mailbox: Mailbox }> {
  const mailbox = await startMailbox();
  const t = await startTestApp({ config: { smtpUrl: mailbox.url, mailFrom: 'creator-api <no-reply@creator-api.test>', mailOutbox: false, ...config } });
  return { t, mailbox };
}
