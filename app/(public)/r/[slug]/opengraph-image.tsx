import { notFound } from 'next/navigation';
import { formatMoney, REPORTING_CURRENCY } from '../../../_components/numbers';
import { compact } from '../../_lib/format';
import { loadCampaignReport } from '../../_lib/load';
import { addressOf, ogImage, OG_CONTENT_TYPE, OG_SIZE } from '../../_lib/og-image';

export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;
export const alt = 'Campaign report preview';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const report = await loadCampaignReport(slug);
  if (!report) notFound();
  const { summary } = report;
  return ogImage({
    eyebrow: report.ownerName ? `${report.ownerName} · Campaign report` : 'Campaign report',
    title: report.name,
    figures: [
      { label: 'views', value: compact(summary.views) },
      { label: 'engagements', value: compact(summary.engagements) },
      { label: `earned media value (${REPORTING_CURRENCY})`, value: formatMoney(summary.emv) },
    ],
    pictureName: null,
    theme: 'light',
    address: await addressOf(`/r/${slug}`),
  });
}
