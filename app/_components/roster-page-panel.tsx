'use client';

import { IDLE, type FormState } from '@/server/web/form-state';
import { FormMessage, SubmitRow } from './fields';
import { useActionForm } from './use-action-form';

/**
 * The public roster page's switch: off for a new agency, because the page shows every creator's
 * name, picture and socials to anyone with the link.
 */
export function RosterPagePanel({
  published,
  url,
  action,
}: {
  published: boolean;
  url: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  return (
    <section className="panel" aria-labelledby="roster-page-heading">
      <h2 id="roster-page-heading">Public roster page</h2>
      <FormMessage state={state} />
      <p>
        {published ? (
          <>
            <span className="badge badge-active">Published</span> Anyone with the link sees every creator on your roster, with their
            picture and socials: <a href={url}>{url}</a>
          </>
        ) : (
          <>
            <span className="badge">Not public</span> Publish a page that shows every creator on your roster, with their picture and
            socials, to anyone with its link.
          </>
        )}
      </p>
      <form action={formAction} onSubmit={onSubmit}>
        <input type="hidden" name="published" value={published ? 'false' : 'true'} />
        <SubmitRow label={published ? 'Unpublish roster page' : 'Publish roster page'} busyLabel="Saving…" pending={pending} primary={!published} />
      </form>
    </section>
  );
}
