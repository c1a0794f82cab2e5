import type { Metadata } from 'next';
import { getOwnedCampaign } from '@/server/services/campaigns';
import { campaignEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { saveCampaignAction } from '../../../../_actions/editor';
import { EditorForm } from '../../../../_components/editor-form';
import { EditorShell } from '../../../../_components/editor-shell';
import { ownedOr404 } from '../../../../_components/owned';

export const metadata: Metadata = { title: 'Edit campaign' };

const number = new Intl.NumberFormat('en');

export default async function CampaignEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { app, subject } = await requireSubject(`/editor/campaigns/${id}`);
  const campaign = await ownedOr404(() => getOwnedCampaign(app.services.db, { type: subject.type, id: subject.id }, id));
  const { summary } = campaign;
  return (
    <EditorShell
      kind="Campaign"
      title={campaign.name}
      id={campaign.id}
      publicUrl={campaign.publicReportEnabled ? `${app.services.config.publicBaseUrl}/r/${campaign.publicReportSlug}` : null}
      createdAt={campaign.createdAt}
      updatedAt={campaign.updatedAt}
      facts={[
        { label: 'Status', value: campaign.status[0]?.toUpperCase() + campaign.status.slice(1) },
        { label: 'Creators', value: number.format(summary.creators) },
        { label: 'Content', value: `${number.format(summary.content)} posts, ${number.format(summary.views)} views` },
        { label: 'Engagements', value: number.format(summary.engagements) },
        { label: 'EMV', value: number.format(summary.emv) },
      ]}
    >
      <EditorForm fields={campaignEditor.fields} initial={campaignEditor.values(campaign)} action={saveCampaignAction.bind(null, campaign.id)} />
    </EditorShell>
  );
}
