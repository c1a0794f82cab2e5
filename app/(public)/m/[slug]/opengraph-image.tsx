import { notFound } from 'next/navigation';
import { compact, percent } from '../../_lib/format';
import { loadMediaKit } from '../../_lib/load';
import { addressOf, ogImage, OG_CONTENT_TYPE, OG_SIZE } from '../../_lib/og-image';

export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;
export const alt = 'Media kit preview';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const kit = await loadMediaKit(slug);
  if (!kit) notFound();
  const { creator } = kit;
  const rates = creator.socials.filter((s) => s.engagementRate !== null);
  const figures = [
    ...(creator.totalFollowers !== null ? [{ label: 'followers', value: compact(creator.totalFollowers) }] : []),
    ...(creator.socials.length > 0 ? [{ label: creator.socials.length === 1 ? 'platform' : 'platforms', value: String(creator.socials.length) }] : []),
    ...(rates.length > 0 ? [{ label: 'engagement', value: percent(rates.reduce((sum, s) => sum + (s.engagementRate ?? 0), 0) / rates.length) }] : []),
  ];
  return ogImage({
    eyebrow: 'Media kit',
    title: creator.displayName,
    subtitle: kit.headline,
    figures,
    pictureUrl: kit.pictureUrl,
    pictureName: creator.displayName,
    theme: kit.design.theme,
    accentColor: kit.design.accentColor,
    backgroundColor: kit.design.backgroundColor,
    address: await addressOf(`/m/${slug}`),
  });
}
