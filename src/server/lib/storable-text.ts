/**
 * The one rule for text we store: PostgreSQL `text`/`jsonb` cannot hold NUL (U+0000), and a lone
 * UTF-16 surrogate (from a JSON escape such as "\ud800") is not encodable as UTF-8. Such text is
 * refused with a 400 naming where it is — never stripped or replaced behind the caller's back.
 * Applied to every operation's input by the gateway (src/server/trpc/input-rules.ts), and by services
 * to text that arrives inside a file (CSV cells) or from a fetched page (link-in-bio imports).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableTextProblem(text: string): { message: string; code: 'nul_character' | 'invalid_unicode' } | null {
  if (text.includes('\u0000')) return { message: 'Contains a NUL character (U+0000), which cannot be stored; remove it.', code: 'nul_character' };
  if (LONE_SURROGATE.test(text)) return { message: 'Contains an unpaired UTF-16 surrogate, which is not valid Unicode text.', code: 'invalid_unicode' };
  return null;
}
