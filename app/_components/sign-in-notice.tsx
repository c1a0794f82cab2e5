import { dismissSignInNoticeAction } from '../_actions/account-email';
import { failedSignInNotice } from '@/server/web/sign-in-limit';

/** After signing in: how many attempts with a wrong password there were since the previous sign-in. */
export async function FailedSignInNotice() {
  const count = await failedSignInNotice();
  if (count === null) return null;
  return (
    <div className="alert alert-warning sign-in-notice" role="status">
      <p>
        <strong>
          {count === 1 ? '1 failed sign-in attempt' : `${count} failed sign-in attempts`} since your last sign-in.
        </strong>{' '}
        If that was not you, <a href="/settings/account#activity">review your sign-in activity</a> and consider changing your password.
      </p>
      <form action={dismissSignInNoticeAction}>
        <button type="submit" className="button button-small">
          Dismiss
        </button>
      </form>
    </div>
  );
}
