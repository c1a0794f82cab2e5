import { notFound } from 'next/navigation';
import { compact } from '../../_lib/format';
import { loadDeck } from '../../_lib/load';
import { addressOf, ogImage, OG_CONTENT_TYPE, OG_SIZE } from '../../_lib/og-image';

export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;
export const alt = 'Pitch deck preview';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const deck = await loadDeck(slug);
  if (!deck) notFound();
  const design = { theme: deck.design.theme, accentColor: deck.design.accentColor, backgroundColor: deck.design.backgroundColor };
  const address = await addressOf(`/d/${deck.slug}`);
  // Behind a password the preview shows the title and the agency, nothing of the content.
  if (deck.passwordHash) return ogImage({ eyebrow: deck.agencyName, title: deck.title, subtitle: 'Password-protected pitch deck', pictureName: null, address, ...design });
  const reach = deck.creators.reduce((sum, c) => sum + (c.totalFollowers ?? 0), 0);
  return ogImage({
    eyebrow: `${deck.agencyName} · Pitch deck`,
    title: deck.title,
    subtitle: deck.location,
    figures: [{ label: deck.creators.length === 1 ? 'creator' : 'creators', value: String(deck.creators.length) }, ...(reach > 0 ? [{ label: 'combined followers', value: compact(reach) }] : [])],
    pictureUrl: deck.pictureUrl,
    pictureName: deck.pictureUrl ? deck.title : null,
    address,
    ...design,
  });
}
