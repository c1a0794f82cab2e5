import type { Metadata } from 'next';
import { campaignCreateDefaults, campaignEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { formTimeZone, zoneLabel } from '@/server/web/viewer-time';
import { createCampaignAction } from '../../../../_actions/create';
import { EditorForm } from '../../../../_components/editor-form';
import { NewItemPage } from '../../../../_components/new-page';

export const metadata: Metadata = { title: 'New campaign' };

export default async function NewCampaignPage() {
  await requireSubject('/editor/campaigns/new');
  const zone = await formTimeZone();
  return (
    <NewItemPage kind="Campaigns" title="New campaign" intro="Name it now; participants, posts and the public report come next, on the campaign’s page.">
      <EditorForm fields={campaignEditor.fields} initial={campaignCreateDefaults} action={createCampaignAction} submitLabel="Create campaign" timeZone={{ id: zone, label: zoneLabel(zone) }} />
    </NewItemPage>
  );
}
