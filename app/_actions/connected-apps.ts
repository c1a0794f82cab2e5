'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { ApiError } from '@/server/domain/errors';
import { clientAddress } from '@/server/lib/client-address';
import { revokeConnectedApp } from '@/server/services/oauth-apps';
import { formText, type FormState } from '@/server/web/form-state';
import { currentAccount } from '@/server/web/session';

const PAGE = '/settings/connected-apps';

/** Removes a connected app: its consent and every token it holds, at once, on every instance. */
export async function revokeConnectedAppAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const account = await currentAccount();
  if (!account) return { status: 'error', message: 'Your session has ended; sign in again.' };
  const requestHeaders = await headers();
  const address = clientAddress(requestHeaders);
  try {
    await revokeConnectedApp(
      account.app.services.db,
      { type: 'user', id: account.user.id, client: { address: address === 'unknown' ? null : address, userAgent: requestHeaders.get('user-agent') }, requestId: null },
      account.user.id,
      formText(formData, 'app_id'),
    );
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: error.detail };
    throw error;
  }
  revalidatePath(PAGE);
  return { status: 'saved', message: 'Removed. Its next request gets 401.' };
}
