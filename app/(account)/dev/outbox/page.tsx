import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getApp } from '@/server/app-singleton';

export const metadata: Metadata = { title: 'Dev outbox', robots: { index: false, follow: false }, referrer: 'no-referrer' };

const WHEN = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/**
 * The mail this process would have sent, for a developer without SMTP. It exists only while the
 * outbox is on (no SMTP_URL, and MAIL_OUTBOX or the embedded database); otherwise a 404. It shows
 * every account's links, which is why it is never on where mail is really delivered.
 */
export default async function DevOutboxPage() {
  // Per request, never prerendered: building the site must not open the database.
  await connection();
  const { mailer } = (await getApp()).services;
  if (!mailer.outbox) notFound();
  const entries = mailer.outbox.list();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Dev outbox</h1>
          <p>No SMTP_URL is set, so mail is not sent: the last {entries.length === 1 ? 'mail' : `${entries.length} mails`} this server would have sent are here (newest first) and in its log.</p>
        </div>
      </div>
      {entries.length === 0 ? (
        <p className="muted">No mail yet. Sign up or ask for a password reset, then reload.</p>
      ) : (
        entries.map((entry) => (
          <article className="panel outbox-mail" key={entry.id} aria-labelledby={`mail-${entry.id}`}>
            <h2 id={`mail-${entry.id}`}>{entry.message.subject}</h2>
            <dl className="facts">
              <dt>To</dt>
              <dd>{entry.message.to}</dd>
              <dt>When</dt>
              <dd>{WHEN.format(entry.sentAt)} UTC</dd>
              <dt>Template</dt>
              <dd>
                <code>{entry.message.template}</code>
              </dd>
            </dl>
            <pre className="outbox-text">{linkify(entry.message.text)}</pre>
          </article>
        ))
      )}
    </>
  );
}

/** The text part with its URLs as links, so a developer can follow them. */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) => (i % 2 === 1 ? <a key={i} href={part}>{part}</a> : part));
}
