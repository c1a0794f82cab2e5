/**
 * The settings UI's door to the gateway. A server action translates its form into an operation's
 * input, calls it here, and turns the answer back into form state: the session cookie is
 * authenticated by the gateway (a session principal with its role's permissions), and the
 * operation's whole policy — entitlement, scopes, plan, rate limits per agency or creator,
 * validation — applies exactly as it does over REST and MCP. No action guards anything itself.
 */
import { headers } from 'next/headers';
import type { App } from '../app';
import { getApp } from '../app-singleton';
import type { Owner } from '../domain/owner';
import { ownerOf, type SessionPrincipal } from '../domain/principal';
import { newRequestId } from '../http/request-id';
import { clientAddress } from '../lib/client-address';
import type { Problem } from '../trpc/gateway';
import type { FormState } from './form-state';
import { humanFieldMessage, humanText } from './human-copy';
import { timeZoneFromCookieHeader } from './viewer-time';

export const SIGNED_OUT: FormState = { status: 'error', message: 'Your session has ended. Sign in again, then retry.' };

export type OperationOutcome<T> = { ok: true; data: T; status: number } | { ok: false; state: FormState; problem?: Problem };

/** `body.socials[1].handle_or_url` → `socials.1.handle_or_url`: the form input's name. */
export function formFieldOf(path: string): string {
  return path.replace(/^(?:body|query|path)\.?/, '').replace(/\[(\d+)\]/g, '.$1');
}

/**
 * A gateway Problem as the form shows it: the problem's detail, and each field's message under the
 * input's name; instants in them in `zone`, the viewer's.
 */
export function problemState(problem: Problem, values?: Record<string, string>, zone = 'UTC'): FormState {
  const fieldErrors: Record<string, string> = {};
  for (const error of problem.errors ?? []) {
    const field = formFieldOf(error.path) || 'form';
    // In words at this edge (human-copy.ts): the API's answer keeps its exact wording.
    fieldErrors[field] ??= humanFieldMessage(field, error.message, error.code, zone);
  }
  const hasFields = Object.keys(fieldErrors).length > 0;
  return {
    status: 'error',
    message: problem.slug === 'validation-error' && hasFields ? 'Check the highlighted fields.' : humanText(problem.detail, zone),
    ...(hasFields ? { fieldErrors } : {}),
    ...(values ? { values } : {}),
  };
}

export interface UiCaller {
  app: App;
  principal: SessionPrincipal;
  /** The agency or creator the signed-in person acts for. */
  owner: Owner;
  /** Calls one operation through the gateway as this person. */
  call<T = unknown>(operation: string, input: unknown, values?: Record<string, string>): Promise<OperationOutcome<T>>;
}

/** The signed-in person as a caller of operations, or null when signed out (or with no account yet). */
export async function uiCaller(): Promise<UiCaller | null> {
  const app = await getApp();
  const requestHeaders = await headers();
  const principal = await app.gateway.authenticateSession(new Headers(requestHeaders));
  if (!principal) return null;
  const client = { address: clientAddress(requestHeaders), userAgent: requestHeaders.get('user-agent') };
  const zone = timeZoneFromCookieHeader(requestHeaders.get('cookie')) ?? 'UTC';
  return {
    app,
    principal,
    owner: ownerOf(principal),
    async call<T>(operation: string, input: unknown, values?: Record<string, string>): Promise<OperationOutcome<T>> {
      const result = await app.gateway.call(operation, input, principal, { door: 'ui', requestId: newRequestId(), client });
      if (!result.ok) return { ok: false, state: problemState(result.problem, values, zone), problem: result.problem };
      return { ok: true, data: (result.body as { data: T } | undefined)?.data as T, status: result.status };
    },
  };
}

/** One operation as the signed-in person; a signed-out visitor gets the "sign in again" state. */
export async function callOperation<T = unknown>(operation: string, input: unknown, values?: Record<string, string>): Promise<OperationOutcome<T>> {
  const caller = await uiCaller();
  if (!caller) return { ok: false, state: values ? { ...SIGNED_OUT, values } : SIGNED_OUT };
  return caller.call<T>(operation, input, values);
}
