'use server';
/**
 * The campaign editor's report panels: participants, tracked posts and the public report switch.
 * The API refuses these fields on PATCH (see UNSUPPORTED_PATCH_FIELDS); here they go through
 * services/campaign-report.ts, which checks ownership like every other campaign operation.
 */
import { revalidatePath } from 'next/cache';
import {
  addCampaignContent,
  addCampaignParticipant,
  campaignContentInputSchema,
  removeCampaignContent,
  removeCampaignParticipant,
  setCampaignPublicReport,
  updateCampaignContentMetrics,
} from '@/server/services/campaign-report';
import { invalid, serviceResult } from '@/server/web/action-result';
import { formText, type FormState } from '@/server/web/form-state';
import { currentAccount } from '@/server/web/session';

const SIGNED_OUT: FormState = { status: 'error', message: 'Your session has ended. Sign in again, then retry.' };

async function owner() {
  const account = await currentAccount();
  return account?.subject ? { db: account.app.services.db, subject: { type: account.subject.type, id: account.subject.id } } : null;
}

function done(campaignId: string, message: string): FormState {
  revalidatePath(`/editor/campaigns/${campaignId}`);
  return { status: 'saved', message };
}

export async function addParticipantAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const creatorId = formText(formData, 'creator_id');
  if (!creatorId) return { status: 'error', message: 'Choose a creator.', fieldErrors: { creator_id: 'Choose a creator.' } };
  const result = await serviceResult(() => addCampaignParticipant(o.db, o.subject, campaignId, creatorId));
  if (!result.ok) return result.state;
  return done(campaignId, result.value.added ? 'Participant added.' : 'Already a participant.');
}

export async function removeParticipantAction(campaignId: string, creatorId: string): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const result = await serviceResult(() => removeCampaignParticipant(o.db, o.subject, campaignId, creatorId));
  if (!result.ok) return result.state;
  return done(campaignId, 'Participant removed, with their posts.');
}

/** `datetime-local` (labelled UTC) → ISO with offset, as the API's dates are. */
function postedAt(raw: string): string | null | undefined {
  if (!raw.trim()) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(raw) ? `${raw}:00Z` : raw;
}

export async function addContentAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const values = Object.fromEntries(['creator_id', 'platform', 'url', 'views', 'impressions', 'engagements', 'posted_at'].map((k) => [k, formText(formData, k)]));
  const parsed = campaignContentInputSchema.safeParse({
    creator_id: values.creator_id,
    platform: values.platform,
    url: values.url,
    views: values.views || 0,
    impressions: values.impressions || 0,
    engagements: values.engagements || 0,
    posted_at: postedAt(values.posted_at ?? ''),
  });
  if (!parsed.success) return invalid(parsed.error.issues, values);
  const result = await serviceResult(() => addCampaignContent(o.db, o.subject, campaignId, parsed.data), values);
  if (!result.ok) return result.state;
  return done(campaignId, 'Post added.');
}

const metricsSchema = campaignContentInputSchema.pick({ views: true, impressions: true, engagements: true });

export async function updateContentAction(campaignId: string, contentId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const values = Object.fromEntries(['views', 'impressions', 'engagements'].map((k) => [k, formText(formData, k)]));
  const parsed = metricsSchema.safeParse({ views: values.views || 0, impressions: values.impressions || 0, engagements: values.engagements || 0 });
  if (!parsed.success) return invalid(parsed.error.issues, values);
  const result = await serviceResult(() => updateCampaignContentMetrics(o.db, o.subject, campaignId, contentId, parsed.data), values);
  if (!result.ok) return result.state;
  return done(campaignId, 'Metrics saved.');
}

export async function removeContentAction(campaignId: string, contentId: string): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const result = await serviceResult(() => removeCampaignContent(o.db, o.subject, campaignId, contentId));
  if (!result.ok) return result.state;
  return done(campaignId, 'Post removed.');
}

export async function setPublicReportAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const enabled = formText(formData, 'enabled') === 'true';
  const result = await serviceResult(() => setCampaignPublicReport(o.db, o.subject, campaignId, enabled));
  if (!result.ok) return result.state;
  return done(campaignId, enabled ? 'The report is published: anyone with the link can see it.' : 'The report is no longer public.');
}
