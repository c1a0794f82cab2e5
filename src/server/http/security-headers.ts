/**
 * Security headers on every API response (the pages get theirs from next.config.mjs). API answers are
 * JSON, never a document to render: nothing may load from them, frame them or sniff them as HTML.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
