'use server';
/**
 * The campaign editor's report panels: participants, tracked posts and the public report switch,
 * through the gateway as the internal campaignReports.* operations (the public API's PATCH refuses
 * these fields: UNSUPPORTED_PATCH_FIELDS).
 */
import { revalidatePath } from 'next/cache';
import { formText, type FormState } from '@/server/web/form-state';
import { callOperation, type OperationOutcome } from '@/server/web/operation-call';
import { instantFromDateTimeLocal, submittedTimeZone } from '@/server/web/viewer-time';

function done(campaignId: string, outcome: OperationOutcome<unknown>, message: string): FormState {
  if (!outcome.ok) return outcome.state;
  revalidatePath(`/editor/campaigns/${campaignId}`);
  return { status: 'saved', message };
}

/** A form's number field: empty is 0; anything else is sent as typed, and the schema says what is wrong with it. */
function metric(raw: string | undefined): number | string {
  const text = (raw ?? '').trim();
  if (text === '') return 0;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/** `datetime-local` in the zone the form named → ISO with offset, as the API's dates are. */
function postedAt(raw: string, zone: string): string | null {
  if (!raw.trim()) return null;
  return instantFromDateTimeLocal(zone, raw);
}

export async function addParticipantAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const creatorId = formText(formData, 'creator_id');
  if (!creatorId) return { status: 'error', message: 'Choose a creator.', fieldErrors: { creator_id: 'Choose a creator.' } };
  const outcome = await callOperation<{ added: boolean }>('campaignReports.addParticipant', { campaign_id: campaignId, creator_id: creatorId });
  return done(campaignId, outcome, outcome.ok && !outcome.data.added ? 'Already a participant.' : 'Participant added.');
}

export async function removeParticipantAction(campaignId: string, creatorId: string): Promise<FormState> {
  const outcome = await callOperation('campaignReports.removeParticipant', { campaign_id: campaignId, creator_id: creatorId });
  return done(campaignId, outcome, 'Participant removed, with their posts.');
}

export async function addContentAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const values = Object.fromEntries(['creator_id', 'platform', 'url', 'views', 'impressions', 'engagements', 'posted_at'].map((k) => [k, formText(formData, k)]));
  const outcome = await callOperation(
    'campaignReports.addContent',
    {
      campaign_id: campaignId,
      creator_id: values.creator_id,
      platform: values.platform,
      url: values.url,
      views: metric(values.views),
      impressions: metric(values.impressions),
      engagements: metric(values.engagements),
      posted_at: postedAt(values.posted_at ?? '', submittedTimeZone(formData)),
    },
    values,
  );
  return done(campaignId, outcome, 'Post added.');
}

export async function updateContentAction(campaignId: string, contentId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const values = Object.fromEntries(['views', 'impressions', 'engagements'].map((k) => [k, formText(formData, k)]));
  const outcome = await callOperation(
    'campaignReports.updateContent',
    { campaign_id: campaignId, content_id: contentId, views: metric(values.views), impressions: metric(values.impressions), engagements: metric(values.engagements) },
    values,
  );
  return done(campaignId, outcome, 'Metrics saved.');
}

export async function removeContentAction(campaignId: string, contentId: string): Promise<FormState> {
  const outcome = await callOperation('campaignReports.removeContent', { campaign_id: campaignId, content_id: contentId });
  return done(campaignId, outcome, 'Post removed.');
}

export async function setPublicReportAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const enabled = formText(formData, 'enabled') === 'true';
  const outcome = await callOperation('campaignReports.setPublicReport', { campaign_id: campaignId, enabled });
  return done(campaignId, outcome, enabled ? 'The report is published: anyone with the link can see it.' : 'The report is no longer public.');
}
