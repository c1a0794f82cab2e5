import type { Metadata } from 'next';
import { SiteChrome } from '../../_components/site-chrome';
import { FIELD_ERROR_CODES } from '@/server/domain/errors';
import { PROBLEMS, PROBLEM_TYPE_BASE, problemBody, type AnyProblemSlug } from '@/server/http/problems';

export const metadata: Metadata = {
  title: 'Error types',
  description: 'Every RFC 9457 problem type the creator-api public API answers with, and when.',
};

/**
 * When each problem happens, in one line. `Record<AnyProblemSlug, string>` makes a new entry in PROBLEMS
 * a type error here until it is documented.
 */
const PROBLEM_EXPLANATIONS: Record<AnyProblemSlug, string> = {
  'validation-error':
    'A path, query or body field failed validation (wrong type, missing, out of range, or a property the operation does not accept), or the body is not a JSON object; `errors` lists every field.',
  'malformed-json': 'The request body could not be parsed as JSON.',
  'malformed-request':
    'The HTTP message itself is broken (an invalid `Content-Length` or `Transfer-Encoding`, a bad header line, an unparsable request line); the connection is closed after the response.',
  'invalid-cursor':
    'The `cursor` query parameter is malformed, was altered, or belongs to a different list or filter; pass the `next_cursor` from the previous page of the same list.',
  'authentication-required': 'The request has no `Authorization` header; send `Authorization: Bearer <API_KEY>`.',
  'invalid-api-key':
    'The `Authorization` header does not use the Bearer scheme, or the key is malformed or unknown (keys look like `crk_agency_…` or `crk_creator_…`).',
  'api-key-revoked': 'The key was revoked; create a new one in the API keys settings.',
  'api-key-expired': 'The key is past its expiry date; create a new one.',
  'insufficient-scope': 'The key is valid but lacks the scope this operation needs; `detail` names the scope.',
  'subject-not-allowed': 'The operation is only for the other kind of key: agency-only operations refuse creator keys, and vice versa.',
  'entitlement-inactive':
    'The agency or creator behind the key has no active entitlement (for example a lapsed subscription); access resumes when it is active again.',
  'plan-limit-reached': 'Creating this resource would exceed an allowance of the current plan, such as its pitch-deck allowance.',
  'plan-required': 'The operation uses a feature the current plan does not include (such as sponsorship matches); `detail` says which plans do.',
  'not-found': 'No resource with the id in the path exists among those this key can access.',
  'route-not-found': 'No endpoint exists at this path; check the `/public/v1` prefix and the API reference.',
  'method-not-allowed': 'The path exists but not with this HTTP method (TRACE, TRACK and CONNECT included); the `Allow` header lists the methods it accepts.',
  'request-timeout': 'The request headers or body did not arrive within the server\'s time limit; the connection is closed.',
  conflict: 'The request conflicts with the current state of a resource, such as a duplicate or an action the resource cannot take now.',
  'idempotency-key-in-use':
    'Another request with the same `Idempotency-Key` is still running; wait `Retry-After` seconds (1) and send it again to get its outcome.',
  'precondition-failed':
    'The `If-Match` header names a version (ETag) the resource no longer has: someone changed it since you read it. GET it again, reapply your change and retry with the new ETag.',
  'idempotency-key-reused':
    'The `Idempotency-Key` was already used in the last 24 hours for a request with a different method, path or body. Use a new key for a new request.',
  'preview-expired': 'The roster import preview was not committed within its 30 minutes; validate the rows again for a new preview.',
  'payload-too-large': 'The request body exceeds the size limit (1 MiB by default); the connection is closed after the response.',
  'unsupported-media-type': 'A request body was sent with a `Content-Type` other than `application/json` (or with none).',
  'rate-limited': 'The key used up its requests for the current window; wait `Retry-After` seconds before retrying.',
  'preview-storage-full':
    'The unexpired roster import previews of the agency already hold their cap of stored rows (20 MiB by default; the detail names it). Commit or let previews expire — `Retry-After` says when enough space frees up — then preview again.',
  'invalid-signature':
    'Only on `/api/inngest`, where Inngest calls in to run background jobs: the `X-Inngest-Signature` header is missing, expired or not made with this deployment\'s signing key.',
  'headers-too-large': 'The request line and headers together exceed the server\'s limit (16 KiB); send fewer or shorter headers.',
  'internal-error':
    'Something failed on our side and it is not your fault; idempotent requests can be retried, and quote `request_id` if you contact support.',
  'service-unavailable':
    'A service the API depends on (its database) could not be reached for a moment, so the request did not complete. Wait `Retry-After` seconds and retry — with the same `Idempotency-Key` for a POST, so it runs at most once.',
  'method-not-implemented':
    'The server does not implement this HTTP method on any path (a method outside GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS); the `Allow` header lists what it does implement.',
};

const SLUGS = Object.keys(PROBLEMS) as AnyProblemSlug[];

// Built with the same function the API uses, so the example's type URI and title cannot drift.
const EXAMPLE_BODY = problemBody('validation-error', '2 fields are invalid: body.name, body.socials[1].handle_or_url.', 'req_3f9a1c0e5b7d2a4c6e8f0a1b', [
  { path: 'body.name', message: 'Required.', code: 'required' },
  { path: 'body.socials[1].handle_or_url', message: 'Invalid URL', code: 'invalid_format' },
]);

/** Renders `code spans` in the explanations without pulling in a Markdown parser. */
function withCode(text: string) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

export default function ErrorsPage() {
  return (
    <SiteChrome current="/docs/errors">
      <div className="prose">
        <h1>Error types</h1>
        <p className="lead">
          Every error is an RFC&nbsp;9457 problem: status 4xx or 5xx, <code>Content-Type: application/problem+json</code>,
          and a <code>type</code> URI you can compare against. The URIs are stable across deployments, so match on{' '}
          <code>type</code>, not on <code>title</code> or <code>detail</code>.
        </p>

        <h2 id="body">The problem body</h2>
        <ul>
          <li>
            <code>type</code>: one of the URIs below (<code>{PROBLEM_TYPE_BASE}</code> + slug).
          </li>
          <li>
            <code>title</code>: a short, fixed summary of the type.
          </li>
          <li>
            <code>status</code>: the HTTP status, repeated.
          </li>
          <li>
            <code>detail</code>: what went wrong with this request, written for the developer reading the log.
          </li>
          <li>
            <code>request_id</code>: the same value as the <code>X-Request-Id</code> header.
          </li>
          <li>
            <code>errors</code> (optional): one <code>{'{ path, message, code }'}</code> per bad field, with paths like{' '}
            <code>body.socials[1].handle_or_url</code>, <code>query.limit</code> or <code>path.creator_id</code>. The{' '}
            <code>message</code> states the rule (&ldquo;must be https&rdquo;, &ldquo;must be an integer&rdquo;); the{' '}
            <code>code</code> is for programs and always one of the <a href="#field-codes">codes below</a>.
          </li>
        </ul>
        {/* Focusable: on a phone the example scrolls sideways, and keyboard users must be able to scroll it too. */}
        <pre tabIndex={0}>
          <code>{`HTTP/1.1 400 Bad Request\nContent-Type: application/problem+json\nX-Request-Id: ${EXAMPLE_BODY.request_id}\n\n${JSON.stringify(EXAMPLE_BODY, null, 2)}`}</code>
        </pre>

        <h2 id="field-codes">Field error codes</h2>
        <p>
          <code>errors[].code</code> comes from this closed list; a new code is added here before any response uses it.
        </p>
        <dl className="field-codes">
          {Object.entries(FIELD_ERROR_CODES).map(([code, meaning]) => (
            <div key={code}>
              <dt>
                <code>{code}</code>
              </dt>
              <dd>{withCode(meaning)}</dd>
            </div>
          ))}
        </dl>

        <h2 id="headers">Headers</h2>
        <ul>
          <li>
            <code>X-Request-Id</code> is on every response, success or error. Send your own (8 to 128 characters of letters,
            digits, <code>. _ : -</code>) to correlate with your logs and it is echoed back; otherwise one is generated.
          </li>
          <li>
            <code>401</code> responses carry <code>WWW-Authenticate: Bearer realm=&quot;creator-api&quot;</code>, with{' '}
            <code>error=&quot;invalid_token&quot;</code> when a key was sent but refused.
          </li>
          <li>
            <code>405</code> responses carry <code>Allow</code>, listing the methods the path accepts.
          </li>
          <li>
            A response replayed for a repeated <code>Idempotency-Key</code> carries <code>Idempotent-Replayed: true</code>;{' '}
            <code>409 idempotency-key-in-use</code> carries <code>Retry-After: 1</code>.
          </li>
          <li>
            <code>429</code> responses carry <code>Retry-After</code> (seconds). Authenticated responses also carry{' '}
            <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds until
            the window resets), so you can slow down before you hit the limit. The window is the agency&apos;s or
            creator&apos;s, shared by all its keys: a second key does not add quota.
          </li>
          <li>
            <code>503 service-unavailable</code> carries <code>Retry-After</code> (seconds): the database was unreachable
            for a moment; retry then. Reads the service holds in memory (GET /me, share pages) keep answering
            during such an outage.
          </li>
        </ul>

        <h2 id="types">Types</h2>
        <ul className="toc">
          {SLUGS.map((slug) => (
            <li key={slug}>
              <a href={`#${slug}`}>{slug}</a> ({PROBLEMS[slug].status})
            </li>
          ))}
        </ul>

        {SLUGS.map((slug) => {
          const { status, title } = PROBLEMS[slug];
          return (
            <section key={slug} id={slug} className="problem" aria-labelledby={`${slug}-heading`}>
              <h3 id={`${slug}-heading`}>
                <a href={`#${slug}`}>{slug}</a>
              </h3>
              <dl>
                <dt>Type</dt>
                <dd>
                  <code>{`${PROBLEM_TYPE_BASE}${slug}`}</code>
                </dd>
                <dt>Status</dt>
                <dd>{status}</dd>
                <dt>Title</dt>
                <dd>{title}</dd>
              </dl>
              <p>{withCode(PROBLEM_EXPLANATIONS[slug])}</p>
            </section>
          );
        })}
      </div>
    </SiteChrome>
  );
}
