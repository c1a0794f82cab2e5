'use client';

import { IDLE, type FormState } from '@/server/web/form-state';
import { Timestamp } from './dates';
import { FormMessage, SubmitRow, TextField } from './fields';
import { useActionForm } from './use-action-form';

type FormAction = (previous: FormState, formData: FormData) => Promise<FormState>;

export interface ReportParticipant {
  creatorId: string;
  displayName: string;
}
export interface ReportPost {
  id: string;
  creatorId: string;
  platform: string;
  url: string;
  views: number;
  impressions: number;
  engagements: number;
  postedAt: string | null;
}

const PLATFORM_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X (Twitter)',
  facebook: 'Facebook',
  twitch: 'Twitch',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  snapchat: 'Snapchat',
};
const number = new Intl.NumberFormat('en');

/** Publish / unpublish the report at /r/{slug}. */
export function PublicReportPanel({ enabled, shareUrl, action }: { enabled: boolean; shareUrl: string; action: FormAction }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  return (
    <section className="panel" aria-labelledby="report-heading">
      <h2 id="report-heading">Public report</h2>
      <FormMessage state={state} />
      <p>
        {enabled ? (
          <>
            <span className="badge badge-active">Published</span> Anyone with the link can see the report: <a href={shareUrl}>{shareUrl}</a>
          </>
        ) : (
          <>
            <span className="badge">Not public</span> Publish the report to share its numbers and earned media value with a link.
          </>
        )}
      </p>
      <form action={formAction} onSubmit={onSubmit}>
        <input type="hidden" name="enabled" value={enabled ? 'false' : 'true'} />
        <SubmitRow label={enabled ? 'Unpublish report' : 'Publish report'} busyLabel="Saving…" pending={pending} primary={!enabled} />
      </form>
    </section>
  );
}

function RemoveButton({ label, action }: { label: string; action: () => Promise<FormState> }) {
  const { state, formAction, pending, onSubmit } = useActionForm(async () => action(), IDLE);
  return (
    <form action={formAction} onSubmit={onSubmit} className="inline-form">
      <button type="submit" className="button button-small button-danger" disabled={pending} aria-label={label}>
        {pending ? 'Removing…' : 'Remove'}
      </button>
      {state.status === 'error' && <span role="alert">{state.message}</span>}
    </form>
  );
}

export function ParticipantsPanel({
  participants,
  candidates,
  addAction,
  removeAction,
}: {
  participants: ReportParticipant[];
  /** Creators that can be added: the agency's roster, or the creator itself. */
  candidates: { id: string; name: string }[];
  addAction: FormAction;
  removeAction: (creatorId: string) => Promise<FormState>;
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(addAction, IDLE);
  const taken = new Set(participants.map((p) => p.creatorId));
  const open = candidates.filter((c) => !taken.has(c.id));
  return (
    <section className="panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading">Participants</h2>
      {participants.length === 0 ? (
        <p className="muted">No participants yet. Add the creators who post for this campaign.</p>
      ) : (
        <ul className="resource-list">
          {participants.map((p) => (
            <li key={p.creatorId}>
              <span>{p.displayName}</span>
              <RemoveButton label={`Remove ${p.displayName}`} action={() => removeAction(p.creatorId)} />
            </li>
          ))}
        </ul>
      )}
      {candidates.length === 0 ? (
        <p className="muted">
          Your roster is empty. <a href="/editor/roster">Add creators to your roster</a> first.
        </p>
      ) : open.length === 0 ? null : (
        <form action={formAction} onSubmit={onSubmit} className="form form-inline" aria-label="Add a participant">
          <FormMessage state={state} />
          <div className="field">
            <label htmlFor="participant-creator">Creator</label>
            <select id="participant-creator" name="creator_id" defaultValue={open[0]?.id}>
              {open.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <SubmitRow label="Add participant" busyLabel="Adding…" pending={pending} />
        </form>
      )}
    </section>
  );
}

function PostMetricsForm({ post, action }: { post: ReportPost; action: FormAction }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  const id = `post-${post.id}`;
  return (
    <form action={formAction} onSubmit={onSubmit} className="metrics-form" aria-label={`Metrics of ${post.url}`} noValidate>
      <FormMessage state={state} />
      <TextField idPrefix={id} name="views" label="Views" type="number" min={0} step={1} state={state} initial={String(post.views)} />
      <TextField idPrefix={id} name="impressions" label="Impressions" type="number" min={0} step={1} state={state} initial={String(post.impressions)} />
      <TextField idPrefix={id} name="engagements" label="Engagements" type="number" min={0} step={1} state={state} initial={String(post.engagements)} />
      <SubmitRow label="Save metrics" busyLabel="Saving…" pending={pending} />
    </form>
  );
}

export function PostsPanel({
  posts,
  participants,
  addAction,
  updateAction,
  removeAction,
  timeZone,
}: {
  posts: ReportPost[];
  participants: ReportParticipant[];
  addAction: FormAction;
  updateAction: (contentId: string, previous: FormState, formData: FormData) => Promise<FormState>;
  removeAction: (contentId: string) => Promise<FormState>;
  /** The zone "Posted" is typed in (the viewer's, viewer-time.ts), sent back with the form. */
  timeZone: { id: string; label: string };
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(addAction, IDLE);
  const names = new Map(participants.map((p) => [p.creatorId, p.displayName]));
  return (
    <section className="panel" aria-labelledby="posts-heading">
      <h2 id="posts-heading">Posts</h2>
      <p className="field-hint">
        The numbers you enter here make the report’s totals and earned media value (views × CPM ÷ 1,000 per platform, in your reporting currency). Participants,
        posts and the public report are managed on this page only: the API reads them but does not change them.
      </p>
      {posts.length === 0 ? (
        <p className="muted">No posts yet. Add each post’s URL and its numbers.</p>
      ) : (
        <ul className="post-list">
          {posts.map((post) => (
            <li key={post.id} className="post-item">
              <div className="post-head">
                <span className="badge">{PLATFORM_LABELS[post.platform] ?? post.platform}</span>
                <strong>{names.get(post.creatorId) ?? 'Creator'}</strong>
                <a href={post.url} className="post-url" rel="noreferrer noopener" target="_blank">
                  {post.url}
                </a>
                <span className="muted">{number.format(post.views)} views</span>
                {post.postedAt && (
                  <span className="muted">
                    posted <Timestamp iso={post.postedAt} />
                  </span>
                )}
                <RemoveButton label={`Remove post ${post.url}`} action={() => removeAction(post.id)} />
              </div>
              <PostMetricsForm post={post} action={(previous, formData) => updateAction(post.id, previous, formData)} />
            </li>
          ))}
        </ul>
      )}
      {participants.length === 0 ? (
        <p className="muted">Add a participant first: every post belongs to one.</p>
      ) : (
        // A new key per added post: the inputs start empty for the next one.
        <form key={`add-post-${posts.length}`} action={formAction} onSubmit={onSubmit} className="form" aria-labelledby="new-post-heading" noValidate>
          <h3 id="new-post-heading">Add a post</h3>
          <input type="hidden" name="time_zone" value={timeZone.id} />
          <FormMessage state={state} />
          <div className="editor-grid">
            <div className="field">
              <label htmlFor="post-creator">Creator</label>
              <select id="post-creator" name="creator_id" defaultValue={state.values?.creator_id ?? participants[0]?.creatorId}>
                {participants.map((p) => (
                  <option key={p.creatorId} value={p.creatorId}>
                    {p.displayName}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="post-platform">Platform</label>
              <select id="post-platform" name="platform" defaultValue={state.values?.platform ?? 'instagram'} aria-invalid={state.fieldErrors?.platform ? true : undefined}>
                {Object.entries(PLATFORM_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <TextField idPrefix="post" name="url" label="Post URL" type="url" state={state} initial="" spellCheck={false} />
            <TextField idPrefix="post" name="posted_at" label={`Posted (${timeZone.label}, optional)`} type="datetime-local" state={state} initial="" />
            <TextField idPrefix="post" name="views" label="Views" type="number" min={0} step={1} state={state} initial="0" />
            <TextField idPrefix="post" name="impressions" label="Impressions" type="number" min={0} step={1} state={state} initial="0" />
            <TextField idPrefix="post" name="engagements" label="Engagements" type="number" min={0} step={1} state={state} initial="0" />
          </div>
          <SubmitRow label="Add post" busyLabel="Adding…" pending={pending} primary />
        </form>
      )}
    </section>
  );
}
