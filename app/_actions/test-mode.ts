'use server';
/**
 * The settings UI's "Test mode" switch (issue 31): a cookie the server validates on every request
 * (src/server/services/test-mode.ts — only the exact value `test` turns it on). While it is on, the
 * signed-in person's pages and operations act on the sandbox twin of their agency or creator, made
 * here the first time test mode is opened.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { ensureTwin, TEST_MODE_COOKIE } from '@/server/services/test-mode';
import { sessionCookiesSecure } from '@/server/web/auth';
import { formText } from '@/server/web/form-state';
import { requireAccount, safeReturnPath } from '@/server/web/session';

export async function setTestModeAction(formData: FormData): Promise<void> {
  const returnTo = safeReturnPath(formText(formData, 'return_to'), '/settings');
  const account = await requireAccount(returnTo);
  const on = formText(formData, 'mode') === 'test';
  const jar = await cookies();
  if (on && account.subject) {
    // The live subject (this request's cookie may already say test): the twin is made once, race-free.
    const live = account.mode === 'test' ? null : { type: account.subject.type, id: account.subject.id };
    if (live) await ensureTwin(account.app.services.db, live);
    jar.set(TEST_MODE_COOKIE, 'test', { httpOnly: true, sameSite: 'lax', secure: sessionCookiesSecure(account.app.services.config.publicBaseUrl), path: '/' });
  } else {
    jar.delete(TEST_MODE_COOKIE);
  }
  redirect(returnTo);
}
