/**
 * One layout for every mail the service sends: a plain-text part (what a terminal, a log line and
 * the dev outbox show) and a simple HTML part built from the same pieces, with every value escaped.
 * Templates (templates.ts) and future senders (team invitations, webhook notices) describe a mail
 * as a heading, paragraphs and at most one action; they never write HTML themselves.
 */
export interface MailMessage {
  /** Names the template in logs and the dev outbox, e.g. `verify-email`. */
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  template: string;
  to: string;
  subject: string;
  heading: string;
  /** Plain sentences; each becomes a paragraph. */
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a bare URL on its own line in text. */
  action?: { label: string; url: string };
  /** Small print after the action: why this mail came, what happens if it is ignored. */
  footnotes?: string[];
}

const PRODUCT = 'creator-api';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function composeMail(content: MailContent): MailMessage {
  const { action, footnotes = [] } = content;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...footnotes.flatMap((p) => [p, '']),
    `— ${PRODUCT}`,
    '',
  ].join('\n');

  const paragraph = (p: string, style = 'margin:0 0 16px') => `<p style="${style}">${escapeHtml(p)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f7f9;color:#111827;font:16px/1.5 -apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:32px">',
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => paragraph(p)),
    ...(action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>`,
          paragraph(`Or open this address: ${action.url}`, 'margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all'),
        ]
      : []),
    ...footnotes.map((p) => paragraph(p, 'margin:0 0 12px;font-size:13px;color:#4b5563')),
    `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">— ${PRODUCT}</p>`,
    '</div></body></html>',
  ].join('\n');

  return { template: content.template, to: content.to, subject: content.subject, text, html };
}
