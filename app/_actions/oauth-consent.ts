'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ApiError } from '@/server/domain/errors';
import { getApp } from '@/server/app-singleton';
import { clientAddress } from '@/server/lib/client-address';
import { decideConsent } from '@/server/web/oauth-server';
import { formText, type FormState } from '@/server/web/form-state';

/**
 * The consent screen's answer: allow (with the account and scopes picked) or deny. Either way the
 * browser goes back to the app's redirect URI — with a code, or with `error=access_denied`.
 */
export async function oauthConsentAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const requestHeaders = await headers();
  const app = await getApp();
  const address = clientAddress(requestHeaders);
  let target: string;
  try {
    target = await decideConsent(
      app,
      new Headers(requestHeaders),
      {
        oauthQuery: formText(formData, 'oauth_query'),
        accept: formText(formData, 'decision') === 'allow',
        subject: formText(formData, 'subject'),
        scopes: formData.getAll('scopes').filter((s): s is string => typeof s === 'string'),
      },
      { address: address === 'unknown' ? null : address, userAgent: requestHeaders.get('user-agent') },
    );
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: error.detail };
    return { status: 'error', message: 'This request could not be completed; it may have expired. Start connecting again from the app.' };
  }
  redirect(target);
}
