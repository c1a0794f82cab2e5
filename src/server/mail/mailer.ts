import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import { newObjectId } from '../lib/object-id';
import type { MailMessage } from './message';

/**
 * Sends the service's mail. With SMTP_URL it goes out through nodemailer; without it (the embedded
 * default) nothing leaves the machine: each mail is written to the log, and — when the dev outbox is
 * on (MAIL_OUTBOX; on by default only for the embedded database and never with SMTP_URL) — kept for
 * the /dev/outbox page. Callers compose messages with composeMail (message.ts); they never see which
 * transport runs.
 */
export interface Mailer {
  readonly mode: 'smtp' | 'log';
  /** The mails kept for /dev/outbox; null when the outbox is off. */
  readonly outbox: DevOutbox | null;
  send(message: MailMessage): Promise<void>;
  /** One line for the start-up banner. */
  describe(): string;
  close(): Promise<void>;
}

export interface OutboxEntry {
  id: string;
  sentAt: Date;
  message: MailMessage;
}

/** The last mails this process "sent" without SMTP, newest first. Memory only: a restart empties it. */
export class DevOutbox {
  private readonly entries: OutboxEntry[] = [];

  constructor(private readonly capacity = 100) {}

  add(message: MailMessage): OutboxEntry {
    const entry = { id: newObjectId(), sentAt: new Date(), message };
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, this.capacity);
    return entry;
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }
}

export type MailConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'mailOutbox'>;

/** `smtp://user:secret@host:587` → `smtp://host:587`: what the banner and logs may show. */
export function redactSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'SMTP';
  }
}

export function createMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      // A stuck relay must not hold a sign-up for minutes: fail and let the user ask again.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const where = redactSmtpUrl(config.smtpUrl);
    return {
      mode: 'smtp',
      outbox: null,
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
        logger.info('mail sent', { template: message.template, to: message.to, message_id: info.messageId });
      },
      describe: () => `mail: SMTP through ${where}, from ${config.mailFrom}`,
      close: () => Promise.resolve(transport.close()),
    };
  }
  const outbox = config.mailOutbox ? new DevOutbox() : null;
  return {
    mode: 'log',
    outbox,
    send(message) {
      // No SMTP: the mail (links included) goes to the log so a developer can follow it.
      logger.info('mail not sent (no SMTP_URL); its text follows', { template: message.template, to: message.to, subject: message.subject, text: message.text });
      outbox?.add(message);
      return Promise.resolve();
    },
    describe: () =>
      outbox
        ? 'mail: no SMTP_URL — mail is not sent; each one is written to the log and to the dev outbox at /dev/outbox'
        : 'mail: no SMTP_URL — mail is not sent; each one is written to the log only (set SMTP_URL to deliver it)',
    close: () => Promise.resolve(),
  };
}
