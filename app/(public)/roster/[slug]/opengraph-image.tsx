import { notFound } from 'next/navigation';
import { compact } from '../../_lib/format';
import { loadRoster } from '../../_lib/load';
import { addressOf, ogImage, OG_CONTENT_TYPE, OG_SIZE } from '../../_lib/og-image';

export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;
export const alt = 'Creator roster preview';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const roster = await loadRoster(slug);
  if (!roster) notFound();
  const reach = roster.creators.reduce((sum, c) => sum + (c.totalFollowers ?? 0), 0);
  return ogImage({
    eyebrow: 'Creator roster',
    title: roster.name,
    figures: [{ label: roster.total === 1 ? 'creator' : 'creators', value: String(roster.total) }, ...(reach > 0 ? [{ label: 'combined followers', value: compact(reach) }] : [])],
    pictureName: roster.name,
    theme: 'light',
    address: await addressOf(`/roster/${roster.slug}`),
  });
}
