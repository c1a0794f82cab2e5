import type { Metadata } from 'next';
import { getCampaignReportContents } from '@/server/services/campaign-report';
import { getOwnedCampaign } from '@/server/services/campaigns';
import { campaignEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { formTimeZone, zoneLabel } from '@/server/web/viewer-time';
import { addContentAction, addParticipantAction, removeContentAction, removeParticipantAction, setPublicReportAction, updateContentAction } from '../../../../_actions/campaign-report';
import { saveCampaignAction } from '../../../../_actions/editor';
import { ParticipantsPanel, PostsPanel, PublicReportPanel } from '../../../../_components/campaign-report-panels';
import { CreatedNotice } from '../../../../_components/created-notice';
import { EditorForm } from '../../../../_components/editor-form';
import { EditorShell } from '../../../../_components/editor-shell';
import { ownedOr404 } from '../../../../_components/owned';
import { formatMoney, formatNumber, REPORTING_CURRENCY } from '../../../../_components/numbers';

export const metadata: Metadata = { title: 'Edit campaign' };

export default async function CampaignEditorPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const { created } = await searchParams;
  const { app, subject } = await requireSubject(`/editor/campaigns/${id}`);
  const db = app.services.db;
  const owner = { type: subject.type, id: subject.id };
  const campaign = await ownedOr404(() => getOwnedCampaign(db, owner, id));
  const contents = await getCampaignReportContents(db, owner, id);
  // Who can take part: the agency's roster (by name), or the creator who owns the campaign.
  const candidates =
    subject.type === 'agency'
      ? (
          await db.rosterMembership.findMany({ where: { agencyId: subject.id }, select: { creator: { select: { id: true, displayName: true } } }, orderBy: { id: 'asc' }, take: 500 })
        ).map((m) => ({ id: m.creator.id, name: m.creator.displayName }))
      : [{ id: subject.id, name: subject.name }];
  const { summary } = campaign;
  const shareUrl = `${app.services.config.publicBaseUrl}/r/${campaign.publicReportSlug}`;
  const zone = await formTimeZone();
  const timeZone = { id: zone, label: zoneLabel(zone) };
  return (
    <EditorShell
      kind="Campaign"
      title={campaign.name}
      id={campaign.id}
      publicUrl={campaign.publicReportEnabled ? shareUrl : null}
      createdAt={campaign.createdAt}
      updatedAt={campaign.updatedAt}
      notice={created !== undefined ? <CreatedNotice what="Campaign" next="Add participants and their posts below, then publish the report." /> : null}
      facts={[
        { label: 'Status', value: campaign.status[0]?.toUpperCase() + campaign.status.slice(1) },
        { label: 'Creators', value: formatNumber(summary.creators) },
        { label: 'Content', value: `${formatNumber(summary.content)} posts, ${formatNumber(summary.views)} views` },
        { label: 'Engagements', value: formatNumber(summary.engagements) },
        { label: `EMV (${REPORTING_CURRENCY})`, value: formatMoney(summary.emv) },
      ]}
      after={
        <>
          <PublicReportPanel enabled={campaign.publicReportEnabled} shareUrl={shareUrl} action={setPublicReportAction.bind(null, campaign.id)} />
          <ParticipantsPanel
            participants={contents.participants}
            candidates={candidates}
            addAction={addParticipantAction.bind(null, campaign.id)}
            removeAction={removeParticipantAction.bind(null, campaign.id)}
          />
          <PostsPanel
            posts={contents.content.map((c) => ({ ...c, postedAt: c.postedAt?.toISOString() ?? null }))}
            timeZone={timeZone}
            participants={contents.participants}
            addAction={addContentAction.bind(null, campaign.id)}
            updateAction={updateContentAction.bind(null, campaign.id)}
            removeAction={removeContentAction.bind(null, campaign.id)}
          />
        </>
      }
    >
      <EditorForm fields={campaignEditor.fields} initial={campaignEditor.values(campaign, zone)} action={saveCampaignAction.bind(null, campaign.id)} labelledBy="edit-heading" timeZone={timeZone} />
    </EditorShell>
  );
}
