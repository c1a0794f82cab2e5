import { notFound } from 'next/navigation';
import { loadLinkInBio } from '../../_lib/load';
import { addressOf, ogImage, OG_CONTENT_TYPE, OG_SIZE } from '../../_lib/og-image';

export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;
export const alt = 'Link-in-bio page preview';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadLinkInBio(slug);
  if (!page) notFound();
  const links = page.blocks.filter((b) => b.type === 'link').length;
  return ogImage({
    eyebrow: `@${page.username}`,
    title: page.creator.displayName,
    subtitle: page.bio,
    figures: links > 0 ? [{ label: links === 1 ? 'link' : 'links', value: String(links) }, ...(page.socialLinks.length > 0 ? [{ label: 'socials', value: String(page.socialLinks.length) }] : [])] : [],
    pictureUrl: page.creator.avatarUrl,
    pictureName: page.creator.displayName,
    theme: page.design.theme,
    accentColor: page.design.accentColor,
    backgroundColor: page.design.backgroundColor,
    address: await addressOf(`/l/${page.slug}`),
  });
}
